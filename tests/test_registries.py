"""Proof of shape (issue 19.10): a procedure, a rank test, a pairwise test and a test of
incomplete blocks defined here, registered here, work through adjust_*, the post-hocs, compare,
the command line's choices, every renderer, cd_diagram and simulate, with no other module
edited. The registries are the one place."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import redirect_stdout

import numpy as np
import pytest
from matplotlib.text import Text
from scipy import special, stats

import multicomp as mc
from multicomp import procedures, ranktests
from multicomp._internal import ranks as _ranks
from multicomp.cli import main
from multicomp.procedures import base as procedure_registry
from multicomp.ranktests import base as test_registry

# --- a new procedure: Sidak's single-step adjustment, 1 - (1 - p)^m -------------------------


def _sidak(p: np.ndarray, context: procedures.Context) -> np.ndarray:
    with np.errstate(divide="ignore"):  # p = 1: log1p(-1) = -inf, and the APV is 1
        return np.asarray(-np.expm1(p.shape[-1] * np.log1p(-p)))


SIDAK = {
    family: procedures.Procedure("sidak", "Sidak", family, _sidak)
    for family in ("control", "all_pairs")
}

# --- a new rank test: van der Waerden's normal scores in blocks (Conover 1999, Sec. 5.8) ------


def _normal_scores(scores: np.ndarray) -> np.ndarray:
    """A_ij = Phi^-1(r_ij / (k + 1)) of the within-block ranks, larger = better; as ranks,
    lower = better, so the table holds -A_ij (column totals: lower is better)."""
    k = scores.shape[-1]
    return np.asarray(-special.ndtri(_ranks.friedman_ranks(-scores) / (k + 1)))


def _normal_scores_statistic(table: np.ndarray, tie_correction: bool) -> np.ndarray:
    """T = (k - 1) sum_j A_j^2 / sum_ij A_ij^2 ~ chi-square(k - 1), A_j the column totals
    (the scores of a block sum to 0)."""
    k = table.shape[-1]
    totals = table.sum(axis=-2)
    return np.asarray((k - 1) * np.sum(totals**2, axis=-1) / np.sum(table**2, axis=(-2, -1)))


NORMAL_SCORES = ranktests.RankTest(
    name="normal_scores",
    display="van der Waerden normal scores",
    ranks_name="normal scores",
    rank_label="average_normal_score",
    table=_normal_scores,
    statistic=_normal_scores_statistic,
    distribution="chi2",
    df=lambda n, k: (k - 1,),
    total=float,
    unit=lambda n: 1e9,  # not rank multiples: rounded far below any difference that matters
    top=lambda k, n: float(special.ndtri(k / (k + 1))),
    se={"calibrated": lambda table, k, n: _ranks.permutation_se(table)},
)


# --- a new pairwise test: the paired t test of each pair's scores -----------------------------

PAIRED_T = ranktests.PairwiseTest(
    name="paired_t",
    display="paired t tests",
    run=stats.ttest_rel,
    direction=lambda result: result.statistic,
)


# --- a new test of incomplete blocks: Skillings-Mack without the tie correction -------------

_SM = ranktests.get_incomplete("skillings_mack")
SM_UNTIED = ranktests.IncompleteTest(
    name="sm_untied",
    display="Skillings-Mack (untied)",
    ranks_name="untied Skillings-Mack ranks",
    statistic=lambda ranks, observed, tie_correction: _SM.statistic(ranks, observed, False),
    df=_SM.df,
    posthoc=lambda blocks, tie_correction, first, second: _SM.posthoc(blocks, False, first, second),
    check=_SM.check,
)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """Register the four for one test, and leave the registries as they were."""
    saved_procedures = {f: dict(d) for f, d in procedure_registry._REGISTRY.items()}
    saved_tests = {kind: dict(d) for kind, d in test_registry._REGISTRY.items()}
    for entry in SIDAK.values():
        procedures.register(entry)
    ranktests.register(NORMAL_SCORES)
    ranktests.register(PAIRED_T)
    ranktests.register(SM_UNTIED)
    yield
    procedure_registry._REGISTRY.clear()
    procedure_registry._REGISTRY.update(saved_procedures)
    test_registry._REGISTRY.clear()
    test_registry._REGISTRY.update(saved_tests)


def _data(n: int = 20, k: int = 4, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, k)) + np.linspace(0.0, 1.5, k)


def test_adjust_takes_the_new_procedure() -> None:
    p = np.array([0.01, 0.02, 0.04])
    expected = 1 - (1 - p) ** 3
    np.testing.assert_allclose(mc.adjust_control(p, "Sidak"), expected, rtol=1e-14)
    np.testing.assert_allclose(mc.adjust_all_pairs(p, "sidak"), expected, rtol=1e-14)
    with pytest.raises(ValueError, match="'li', 'sidak'; got 'nope'"):
        mc.adjust_control(p, "nope")


def test_the_new_test_computes_its_statistic_and_post_hoc() -> None:
    x = _data()
    report = mc.compare(x, test="normal_scores", method="asymptotic")
    row = next(t for t in report.omnibus if t.name == "normal_scores")
    a = -special.ndtri(stats.rankdata(x, axis=1) / 5.0)  # by hand
    t = 3 * np.sum(a.sum(axis=0) ** 2) / np.sum(a**2)
    assert row.statistic == pytest.approx(t, rel=1e-12)
    assert row.pvalue == pytest.approx(stats.chi2.sf(t, 3), rel=1e-12)
    pairs = mc.posthoc_all_pairs(x, test="normal_scores", method="asymptotic")
    se = np.sqrt(2 * 4 / 3 * a.var(axis=1).sum()) / 20
    d = a.mean(axis=0)
    first, second = np.triu_indices(4, 1)
    np.testing.assert_allclose(pairs.z, (d[second] - d[first]) / se, rtol=1e-6)
    assert "sidak" in pairs.procedures and "sidak" in report.procedures
    np.testing.assert_allclose(pairs.adjusted["sidak"], 1 - (1 - pairs.pvalue) ** 6, rtol=1e-9)
    control = mc.posthoc_control(x, 0, test="normal_scores", method="asymptotic")
    assert "sidak" in control.procedures
    # permutation p-values need multiples of 1/4: the engine says so, and "auto" at N = 20
    # is asymptotic
    assert mc.posthoc_all_pairs(x, test="normal_scores").method == "asymptotic"


def test_every_renderer_and_the_diagram_name_them() -> None:
    x = _data()
    report = mc.compare(x, test="normal_scores", control="A1", procedure="sidak")
    for text in (report.to_text(), report.to_markdown(), report.to_latex(), report.to_html()):
        assert "Sidak" in text and "normal scores" in text
    assert "sidak" in report.to_csv()
    assert mc.Report.from_json(report.to_json()) == report
    for figure in (report.plot(), mc.cd_diagram(x, test="normal_scores", procedure="sidak")):
        texts = " ".join(t.get_text() for t in figure.findobj(Text))
        assert "Sidak" in texts and "normal scores" in texts


def test_the_command_line_offers_them(tmp_path) -> None:
    path = tmp_path / "scores.csv"
    np.savetxt(path, _data(), delimiter=",", header="a,b,c,d", comments="")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            [str(path), "--test", "normal_scores", "--procedure", "Sidak", "--format", "markdown"]
        )
    assert status == 0 and "normal scores" in out.getvalue()


def test_simulate_runs_them() -> None:
    result = mc.simulate(
        4,
        20,
        tests=["friedman", "normal_scores"],
        n_replications=400,
        method="asymptotic",
        random_state=1,
    ).to_frame()
    assert ("omnibus", "normal_scores", "normal_scores") in result.index
    assert ("control", "normal_scores", "sidak") in result.index
    assert ("all_pairs", "friedman", "sidak") in result.index
    null = result.loc[("omnibus", "normal_scores", "normal_scores")]
    assert 0.02 <= null["fwer"] <= 0.09  # the complete null at alpha = 0.05, 400 tables


def test_the_new_pairwise_test_runs_through_the_post_hocs_compare_and_simulate() -> None:
    x = _data(n=12)
    pairs = mc.posthoc_all_pairs(x, test="paired_t")
    first, second = np.triu_indices(4, 1)
    expected = [stats.ttest_rel(x[:, a], x[:, b]).pvalue for a, b in zip(first, second)]
    np.testing.assert_allclose(pairs.pvalue, expected, rtol=1e-12)
    # z is positive when the first algorithm of a pair is the better (here: the later ones)
    assert np.all(pairs.z < 0)
    assert {"bonferroni", "holm"} <= set(pairs.procedures) and "shaffer" in pairs.skipped
    report = mc.compare(x, test="paired_t", control="A4")
    assert "paired t tests" in report.to_text() and report.procedure == "holm"
    with pytest.raises(ValueError, match="'sign', 'paired_t'"):
        mc.posthoc_all_pairs(x, test="t")
    result = mc.simulate(4, 12, tests=["paired_t"], n_replications=50, random_state=2)
    assert ("all_pairs", "paired_t", "holm") in result.to_frame().index
    assert ("omnibus", "paired_t", "paired_t") not in result.to_frame().index


def test_the_new_incomplete_block_test_runs_through_compare_the_reports_and_the_cli(
    tmp_path,
) -> None:
    x = _data(n=12)
    x[[1, 4, 7], [0, 2, 3]] = np.nan  # missing scores
    report = mc.compare(x, test="sm_untied", control="A1")
    expected = mc.skillings_mack(x, tie_correction=False)
    row = report.omnibus[0]
    assert (row.name, row.df) == ("sm_untied", (3,))
    assert row.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert row.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    direct = mc.posthoc_incomplete(x, "A1", tie_correction=False)
    np.testing.assert_allclose([h.pvalue for h in report.hypotheses], direct.pvalue, rtol=1e-12)
    for text in (report.to_text(), report.to_markdown(), report.to_html()):
        assert "Skillings-Mack (untied)" in text
    assert mc.Report.from_json(report.to_json()) == report
    path = tmp_path / "scores.csv"
    np.savetxt(path, x, delimiter=",", header="a,b,c,d", comments="")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main([str(path), "--test", "sm_untied", "--format", "markdown"])
    assert status == 0 and "Skillings-Mack (untied)" in out.getvalue()
