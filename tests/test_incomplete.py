"""Incomplete blocks (issue 10, item 3): the Skillings-Mack and Durbin tests and their
post-hocs, against published figures, peers and their complete-data special cases, with a
small null calibration."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy import stats

import multicomp as mc
from multicomp import ranktests
from multicomp._internal.validation import one_of

#: Hollander & Wolfe (1999), from Brady (1969): the example of PMCMRplus' skillingsMackTest.
BRADY = np.array(
    [
        [3, 5, 15],
        [1, 3, 18],
        [5, 4, 21],
        [2, np.nan, 6],
        [0, 2, 17],
        [0, 2, 10],
        [0, 3, 8],
        [0, 2, 13],
    ],
    dtype=float,
)

#: Conover (1999, p. 391): seven judges each rank three of seven ice creams (1 = preferred).
ICE_CREAM = pd.DataFrame(
    {
        "dataset": [str(j) for j in np.repeat(np.arange(1, 8), 3)],
        "algorithm": [
            f"v{v}" for v in [1, 2, 4, 2, 3, 5, 3, 4, 6, 4, 5, 7, 1, 5, 6, 2, 6, 7, 1, 3, 7]
        ],
        "score": [2, 3, 1, 3, 1, 2, 2, 1, 3, 1, 2, 3, 3, 1, 2, 3, 1, 2, 3, 1, 2],
    }
)

#: The Fano plane: a BIBD with t = 7 algorithms, b = 7 data sets of k = 3, lambda = 1.
FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]


def bibd(blocks: list[tuple[int, ...]], t: int, rng: np.random.Generator) -> np.ndarray:
    x = np.full((len(blocks), t), np.nan)
    for i, block in enumerate(blocks):
        x[i, list(block)] = rng.standard_normal(len(block))
    return x


def test_skillings_mack_reproduces_pmcmrplus() -> None:
    # PMCMRplus::skillingsMackTest(x) on its help-page example (Brady 1969 via Hollander &
    # Wolfe 1999): statistic 13.28095, p-value 0.001306405 (the figures tlsfuzzer's tests
    # check against R as well).
    result = mc.skillings_mack(BRADY, tie_correction=False)
    assert result.statistic == pytest.approx(13.28095, abs=5e-6)
    assert result.pvalue == pytest.approx(0.001306405, abs=5e-10)
    assert result.df == 2 and result.n_missing == 1
    # no ties within a data set: the tie correction changes nothing
    assert mc.skillings_mack(BRADY).statistic == pytest.approx(result.statistic, rel=1e-12)


def test_skillings_mack_with_many_missing_values_matches_r() -> None:
    # Five treatments, eight blocks, eleven missing cells: 12.53551 on 4 df, p = 0.01378318
    # (R, Skillings.Mack / PMCMRplus, as recorded in tlsfuzzer's tests).
    blocks = [1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]
    groups = [1, 2, 3, 5, 1, 2, 1, 2, 3, 4, 1, 3, 1, 2, 3, 1, 2, 3, 1, 2, 4, 1, 2, 3]
    values = [3, 5, 15, 4, 1, 3, 5, 4, 21, 5, 2, 6, 0, 2, 17, 0, 2, 10, 0, 3, 5, 0, 2, 13]
    long = pd.DataFrame(
        {"dataset": map(str, blocks), "algorithm": map(str, groups), "score": values}
    )
    result = mc.skillings_mack(long, tie_correction=False)
    assert result.statistic == pytest.approx(12.53551, abs=5e-6)
    assert result.pvalue == pytest.approx(0.01378318, abs=5e-9)
    assert result.df == 4


def test_durbin_reproduces_conovers_ice_cream_example() -> None:
    # Conover (1999), p. 391: T1 = 12.00 (chi-square, 6 df), T2 = 8.00 (F with 6 and 8 df).
    result = mc.durbin(ICE_CREAM, higher_is_better=False)
    assert result.statistic == pytest.approx(12.0, rel=1e-12)
    assert result.f_statistic == pytest.approx(8.0, rel=1e-12)
    assert (result.df, result.df_den) == (6, 8)
    assert result.f_pvalue == pytest.approx(stats.f.sf(8.0, 6, 8), rel=1e-12)
    assert result.pvalue == pytest.approx(stats.chi2.sf(12.0, 6), rel=1e-12)
    assert (result.block_size, result.replications, result.concurrences) == (3, 3, 1)
    assert result.rank_sums.to_dict() == {
        "v1": 8,
        "v2": 9,
        "v4": 3,
        "v3": 4,
        "v5": 5,
        "v6": 6,
        "v7": 7,
    }
    # Skillings-Mack on a BIBD is Durbin's T1
    assert mc.skillings_mack(ICE_CREAM).statistic == pytest.approx(12.0, rel=1e-12)


@pytest.mark.filterwarnings("ignore:The inplace keyword")  # scikit-posthocs under pandas 3.1
def test_durbin_posthoc_matches_scikit_posthocs() -> None:
    ours = mc.posthoc_incomplete(ICE_CREAM, test="durbin")
    theirs = sp.posthoc_durbin(
        ICE_CREAM,
        y_col="score",
        group_col="algorithm",
        block_col="dataset",
        block_id_col="dataset",
        melted=True,
    )
    for (a, b), p in zip(ours.pairs, ours.pvalue):
        assert p == pytest.approx(theirs.loc[a, b], rel=1e-9)
    holm = sp.posthoc_durbin(
        ICE_CREAM,
        y_col="score",
        group_col="algorithm",
        block_col="dataset",
        block_id_col="dataset",
        melted=True,
        p_adjust="holm",
    )
    for (a, b), apv in zip(ours.pairs, ours.adjusted["holm"]):
        assert apv == pytest.approx(holm.loc[a, b], rel=1e-9)


@settings(max_examples=30)
@given(
    hnp.arrays(
        np.int8, st.tuples(st.integers(3, 12), st.integers(2, 6)), elements=st.integers(0, 4)
    )
)
def test_complete_data_are_friedmans_case(table: np.ndarray) -> None:
    scores = table.astype(float)
    friedman = mc.friedman(scores)
    sm = mc.skillings_mack(scores)
    assert sm.statistic == pytest.approx(friedman.statistic, rel=1e-9, abs=1e-9)
    assert mc.durbin(scores).statistic == pytest.approx(friedman.statistic, rel=1e-9, abs=1e-9)
    assert mc.skillings_mack(scores, tie_correction=False).statistic == pytest.approx(
        mc.friedman(scores, tie_correction=False).statistic, rel=1e-9, abs=1e-9
    )
    np.testing.assert_allclose(sm.ranks, friedman.ranks, rtol=1e-12)
    # ... and the post-hoc z of the Friedman ranks (Demsar 2006)
    if all(len(set(row)) == len(row) for row in scores):  # no ties: the classical SE
        ours = mc.posthoc_incomplete(scores, procedures=["holm"])
        np.testing.assert_allclose(
            ours.z, mc.posthoc_all_pairs(scores, procedures=["holm"]).z, rtol=1e-9
        )


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1), st.permutations(range(7)))
def test_invariances(seed: int, order: list[int]) -> None:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((12, 7))
    x[rng.random(x.shape) < 0.3] = np.nan
    try:
        reference = mc.skillings_mack(x)
    except ValueError as exc:  # a rare draw may leave algorithms unconnected
        assert "never meet" in str(exc) or "no score" in str(exc)
        return
    shuffled = mc.skillings_mack(x[rng.permutation(12)][:, order])
    assert shuffled.statistic == pytest.approx(reference.statistic, rel=1e-9)
    transformed = mc.skillings_mack(np.exp(x) * 3 + 1)  # monotone: same ranks
    assert transformed.statistic == pytest.approx(reference.statistic, rel=1e-12)
    assert mc.skillings_mack(-x, higher_is_better=False).statistic == pytest.approx(
        reference.statistic, rel=1e-12
    )


def test_masked_arrays_long_data_and_results() -> None:
    masked = np.ma.masked_invalid(BRADY)
    assert mc.skillings_mack(masked).statistic == mc.skillings_mack(BRADY).statistic
    with_empty = np.vstack([BRADY, [[1.0, np.nan, np.nan]]])
    result = mc.skillings_mack(pd.DataFrame(with_empty, columns=["R", "A", "B"]))
    assert result.dropped == ("8",) and result.n_datasets == 8
    assert "dropped (fewer than 2 scores): 8" in str(result)
    assert "Skillings-Mack test (N = 8, k = 3, 1 missing" in str(result)


def test_posthoc_control_and_errors() -> None:
    result = mc.posthoc_incomplete(BRADY, control="A3")
    assert isinstance(result, mc.results.PosthocControlResult) and result.algorithms == ("A1", "A2")
    assert "SE = " not in str(result)
    assert (result.adjusted["holm"] >= result.pvalue - 1e-15).all()
    assert result.z["A1"] > 0  # A3 (the largest scores) is better than A1
    with pytest.raises(
        ValueError, match=re.escape(one_of("test", "x", ranktests.names("incomplete")))
    ):
        mc.posthoc_incomplete(BRADY, test="x")
    with pytest.raises(ValueError, match=r"not a balanced incomplete block design.*skillings_mack"):
        mc.durbin(BRADY)
    with pytest.raises(ValueError, match="never meet"):
        mc.skillings_mack(
            np.array(
                [
                    [1, 2, np.nan, np.nan],
                    [2, 1, np.nan, np.nan],
                    [np.nan, np.nan, 1, 2],
                    [np.nan, np.nan, 3, 1],
                ]
            )
        )
    with pytest.raises(ValueError, match="no score"):
        mc.skillings_mack(np.array([[1, 2, np.nan], [2, 1, np.nan], [3, 1, np.nan]]))
    with pytest.raises(ValueError, match="at least 2 data sets with 2 or more scores"):
        mc.skillings_mack(np.array([[1, 2, 3], [2, np.nan, np.nan], [np.nan, np.nan, 1]]))
    with pytest.raises(TypeError, match="tie_correction must be True or False"):
        mc.skillings_mack(BRADY, tie_correction="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="infinite"):
        mc.skillings_mack(np.where(np.isnan(BRADY), np.inf, BRADY))


def test_null_calibration() -> None:
    """Under the null (exchangeable scores, cells missing at random) each test rejects about
    alpha. 200 replications: bounds of 4 Monte Carlo standard errors. The figures from
    4000 replications are in the docstring of multicomp.ranktests.incomplete."""
    rng = np.random.default_rng(10)
    reps, alpha = 200, 0.05
    sm, durbin_t1, per_pair = [], [], []
    for _ in range(reps):
        x = rng.standard_normal((20, 5))
        x[rng.random(x.shape) < 0.2] = np.nan
        sm.append(mc.skillings_mack(x).pvalue <= alpha)
        per_pair.extend(mc.posthoc_incomplete(x, procedures=["holm"]).pvalue <= alpha)
        durbin_t1.append(mc.durbin(bibd(FANO * 2, 7, rng)).pvalue <= alpha)
    bound = 4 * np.sqrt(alpha * (1 - alpha) / reps)
    assert abs(np.mean(sm) - alpha) < bound
    assert np.mean(durbin_t1) <= alpha + bound  # conservative: 0.029 in 4000 replications
    assert abs(np.mean(per_pair) - alpha) < bound


def test_using_every_score_beats_omitting_data_sets() -> None:
    rng = np.random.default_rng(11)
    x = rng.standard_normal((30, 4)) + np.array([0.0, 0.0, 0.0, 1.5])
    x[rng.random(x.shape) < 0.25] = np.nan  # 26 missing scores in 22 data sets
    sm = mc.skillings_mack(x).pvalue
    assert sm < 0.05 < mc.friedman(x, nan_policy="omit").pvalue  # 0.017 against 0.100
    result = mc.posthoc_incomplete(x, control=3)
    assert (result.z > 0).all() and result.reject["holm"].any()


# --- compare(test=...) and the command line: missing scores end to end ----------------------


def _same_hypotheses(
    report: mc.Report, result: mc.results.PosthocControlResult | mc.results.PosthocAllPairsResult
) -> None:
    assert [h.pvalue for h in report.hypotheses] == list(result.pvalue)
    assert [h.z for h in report.hypotheses] == list(result.z)
    assert report.procedures == tuple(result.adjusted.columns)
    assert [h.apvs for h in report.hypotheses] == [
        tuple(row) for row in result.adjusted.itertuples(index=False)
    ]


def _title(figure: Any) -> str:
    (title,) = [
        t.get_text() for t in figure.findobj() if getattr(t, "get_gid", str)() == "cd-title"
    ]
    return str(title)


def test_compare_with_skillings_mack_uses_every_score() -> None:
    with pytest.raises(ValueError, match=r"nan_policy='omit'.*test='skillings_mack'"):
        mc.compare(BRADY)  # the error names both ways forward
    report = mc.compare(BRADY, test="Skillings-Mack", tie_correction=False)
    (omnibus,) = report.omnibus
    assert (omnibus.name, omnibus.distribution, omnibus.df) == ("skillings_mack", "chi2", (2,))
    assert omnibus.statistic == pytest.approx(13.28095, abs=5e-6)  # PMCMRplus, as above
    assert report.test == "skillings_mack" and report.n_datasets == 8
    assert report.values[3][1] is None and np.isnan(report.scores.iloc[3, 1])
    assert list(report.rank_frame.columns) == ["skillings_mack"]
    sm = mc.skillings_mack(BRADY, tie_correction=False)
    assert report.ranks == report.test_ranks == tuple(sm.ranks)
    _same_hypotheses(report, mc.posthoc_incomplete(BRADY, tie_correction=False))
    assert report.procedure == "bergmann_hommel"
    text = str(report)
    assert "Skillings-Mack test: chi2(2) = 13.28, p = 0.0013" in text
    assert "1 of 24 scores are missing" in text and "Skillings-Mack rank" in text
    assert mc.Report.from_json(report.to_json()) == report  # None survives the round trip
    for output in (report.to_markdown(), report.to_latex(), report.to_csv(), report.to_html()):
        assert "skillings" in output.lower()
    assert "\\chi^2_{2} = 13.28" in report.to_latex()
    assert 'src="data:image/svg+xml;base64,' in report.to_html()


def test_compare_with_durbin_and_a_control() -> None:
    report = mc.compare(ICE_CREAM, test="durbin", control="v4", higher_is_better=False)
    t1, t2 = report.omnibus
    assert (t1.name, t1.statistic, t1.df) == ("durbin", pytest.approx(12.0), (6,))  # Conover
    assert (t2.name, t2.statistic, t2.df) == ("durbin_f", pytest.approx(8.0), (6, 8))
    ours = mc.posthoc_incomplete(ICE_CREAM, "v4", test="durbin", higher_is_better=False)
    _same_hypotheses(report, ours)
    assert report.procedure == "holm" and report.control == "v4"
    assert {h.second for h in report.hypotheses} == {"v1", "v2", "v3", "v5", "v6", "v7"}
    text = report.to_text()
    assert "Durbin (Conover's F) test: F(6, 8) = 8" in text and "Conover's t" in text
    assert mc.Report.from_json(report.to_json()) == report
    figure = report.plot()  # the report's decisions: Holm vs the control
    assert "Holm vs control v4 (Durbin ranks)" in _title(figure)
    with pytest.raises(ValueError, match="draws its own decisions"):
        report.plot(procedure="bonferroni_dunn")
    with pytest.raises(ValueError, match="not a balanced incomplete block design"):
        mc.compare(BRADY, test="durbin")


def test_compare_incomplete_leaves_out_uninformative_data_sets_and_refuses_odd_options() -> None:
    with_empty = pd.DataFrame(np.vstack([BRADY, [[1.0, np.nan, np.nan]]]), columns=["R", "A", "B"])
    report = mc.compare(with_empty, test="skillings_mack")
    assert report.omitted == ("8",) and report.n_datasets == 8
    assert "1 data set(s) with fewer than 2 scores left out" in report.summary
    figure = report.plot(procedure="nemenyi")  # a procedure of the report: its own decisions
    assert "Nemenyi (Skillings-Mack ranks)" in _title(figure)
    for option, match in [
        ({"nan_policy": "omit"}, "nan_policy='omit' does not apply.*uses every score"),
        ({"family": "parametric"}, "family='parametric' does not apply"),
        ({"rom": "garcia2010", "control": "A"}, "rom='garcia2010' does not apply"),
        ({"monotone": True}, "monotone=True does not apply"),
        ({"procedure": "li", "control": "A"}, None),  # Li is a procedure of the control
        ({"procedure": "rom"}, "procedure must be one of"),  # Rom is not one for all pairs
    ]:
        if match is None:
            assert mc.compare(with_empty, test="skillings_mack", **option).procedure == "li"
            continue
        with pytest.raises(ValueError, match=match):
            mc.compare(with_empty, test="skillings_mack", **option)


def test_skillings_mack_beyond_the_general_bergmann_hommel_limit() -> None:
    from multicomp import _core

    rng = np.random.default_rng(12)
    x = rng.standard_normal((12, _core.MAX_K + 1))
    x[rng.random(x.shape) < 0.1] = np.nan
    result = mc.posthoc_incomplete(x)
    assert "bergmann_hommel" in result.skipped and "shaffer" in result.adjusted.columns
    with pytest.raises(
        ValueError, match=r"bergmann_hommel after skillings_mack does not apply: k = "
    ):
        mc.posthoc_incomplete(x, procedures=["bergmann_hommel"])
    assert mc.compare(x, test="skillings_mack").procedure == "shaffer"


def test_command_line_runs_the_incomplete_block_tests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from multicomp.cli import main

    path = tmp_path / "missing.csv"
    pd.DataFrame(BRADY, columns=["R", "A", "B"]).to_csv(path)
    assert main([str(path)]) == 2
    assert "--test skillings_mack" in capsys.readouterr().err
    assert main([str(path), "--test", "skillings_mack", "--format", "json"]) == 0
    report = mc.Report.from_json(capsys.readouterr().out)
    assert report == mc.compare(pd.read_csv(path, index_col=0), test="skillings_mack")
    plot = tmp_path / "cd.png"
    assert main([str(path), "--test", "skillings_mack", "--control", "B", "--plot", str(plot)]) == 0
    assert "Skillings-Mack test: chi2(2)" in capsys.readouterr().out and plot.stat().st_size
    assert main([str(path), "--test", "skillings_mack", "--nan-policy", "omit"]) == 2
    assert "does not apply" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(path), "--test", "durbin", "--bayesian", "signed_rank"])


def test_compare_on_complete_data_is_the_friedman_analysis() -> None:
    data = mc.load_example("demsar2006")
    # the asymptotic p-values (Skillings-Mack has no permutation form here)
    sm, friedman = mc.compare(data, test="skillings_mack"), mc.compare(data, method="asymptotic")
    assert sm.omnibus[0].statistic == pytest.approx(friedman.omnibus[0].statistic, rel=1e-12)
    assert sm.ranks == pytest.approx(friedman.ranks, rel=1e-12)
    # D06's post-hoc SE ignores ties, as Skillings and Mack's covariance without the correction
    sm = mc.compare(data, test="skillings_mack", tie_correction=False)
    tied = mc.compare(data, test="skillings_mack").hypotheses
    assert any(abs(a.z) > abs(b.z) + 1e-3 for a, b in zip(tied, sm.hypotheses))  # ties: larger
    assert sm.procedures == friedman.procedures and sm.procedure == friedman.procedure
    for ours, theirs in zip(sm.hypotheses, friedman.hypotheses):  # D06's post-hoc z
        assert (ours.first, ours.second) == (theirs.first, theirs.second)
        assert ours.z == pytest.approx(theirs.z, rel=1e-9)
        assert ours.apvs == pytest.approx(theirs.apvs, rel=1e-9)
    assert "0 of 56 scores are missing" in sm.summary


def test_beyond_roms_limit_it_is_skipped_as_after_complete_data() -> None:
    """One rule for every post-hoc (multicomp.procedures.plan): with 103 algorithms exact Rom
    (at most 100 comparisons) is left out with its reason, not an error."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((12, 103))
    x[rng.random(x.shape) < 0.05] = np.nan
    result = mc.posthoc_incomplete(x, "A1")
    assert "rom" in result.skipped and "rom" not in result.procedures
    assert "hochberg" in result.skipped["rom"] and "holm" in result.procedures
    complete = mc.posthoc_control(np.nan_to_num(x), "A1")
    assert result.skipped == complete.skipped
    report = mc.compare(x, test="skillings_mack", control="A1")
    assert report.procedure == "holm" and "rom left out" in report.to_text()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tie_correction=st.booleans())
def test_the_registered_statistics_are_vectorised_over_tables(
    seed: int, tie_correction: bool
) -> None:
    """One code path (issue 19.1): the registry's statistic of a stack of tables, with their
    own patterns of missing scores, equals the public function of each table."""
    from multicomp import ranktests
    from multicomp.data.scores import as_scores
    from multicomp.ranktests.blocks import blocks

    rng = np.random.default_rng(seed)
    # Skillings-Mack: any pattern (each cell missing with probability 0.2, rounded: ties)
    tables = np.round(rng.standard_normal((4, 10, 4)), 1)
    tables[rng.random(tables.shape) < 0.2] = np.nan
    tables[:, :, :2] = np.round(rng.standard_normal((4, 10, 2)), 1)  # two scores, linked
    # Durbin: all 3-subsets of 4 algorithms, twice (b = 8, k = 3, r = 6, lambda = 4)
    bibd = np.round(rng.standard_normal((4, 8, 4)), 1)
    for i in range(8):
        bibd[:, i, i % 4] = np.nan
    for name, stack, function in (
        ("skillings_mack", tables, mc.skillings_mack),
        ("durbin", bibd, mc.durbin),
    ):
        ranked = [blocks(as_scores(table, keep_missing=True)) for table in stack]
        statistic = ranktests.get_incomplete(name).statistic(
            np.stack([b.ranks for b in ranked]),
            np.stack([b.observed for b in ranked]),
            tie_correction,
        )
        expected = [function(t, tie_correction=tie_correction).statistic for t in stack]
        np.testing.assert_allclose(statistic, expected, rtol=1e-10, atol=1e-12)
