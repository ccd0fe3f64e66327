"""posthoc_control against expected.json (D06 Sec. 3.2.2, G10 Tables 9-11) and its options."""

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import multicomp as mc
from multicomp import procedures
from multicomp._internal import ranks as _ranks
from multicomp._internal.vocabulary import CONTROL_PROCEDURES
from multicomp.posthoc import PosthocControlResult
from multicomp.ranktests import quade
from reference_cases import REFERENCE, assert_matches, case, read_csv

Getter = Callable[[PosthocControlResult], Any]


def _rejected(result: PosthocControlResult) -> dict[str, list[str]]:
    frame = result.to_frame(sort=True, reject=True)
    return {
        name.capitalize(): [a for a in frame.index if frame.loc[a, f"reject_{name}"]]
        for name in ("bonferroni", "holm", "hochberg", "hommel")
    }


GETTERS: dict[str, Getter] = {
    "SE": lambda r: r.se,
    "average_aligned_ranks": lambda r: r.ranks,
    "posthoc_order": lambda r: list(r.to_frame(sort=True).index),
    "control_comparison_order": lambda r: list(r.to_frame(sort=True).index),
    "rank_differences_to_control": lambda r: r.difference.abs(),
    "posthoc_z": lambda r: r.z.abs(),
    "z": lambda r: r.z.abs(),
    "posthoc_p": lambda r: r.pvalue,
    "p": lambda r: r.pvalue,
    "rejected_alpha_0.05": _rejected,
    "CD_nemenyi_0.05": lambda r: mc.critical_difference(len(r.ranks), r.n_datasets, 0.05),
    "CD_nemenyi_0.10": lambda r: mc.critical_difference(len(r.ranks), r.n_datasets, 0.10),
    "CD_bonferroni_dunn_0.05": lambda r: mc.critical_difference(
        len(r.ranks), r.n_datasets, 0.05, "bonferroni_dunn"
    ),
    # Bonferroni-Dunn by the CD (D06 Sec. 3.2.2): |R_j - R_control| >= CD, in p order.
    "rejected_bonferroni_dunn_CD_0.05": lambda r: [
        a
        for a in r.to_frame(sort=True).index
        if abs(r.difference[a])
        >= mc.critical_difference(len(r.ranks), r.n_datasets, 0.05, "bonferroni_dunn")
    ],
    # Holm's step-down compares the i-th smallest p with alpha/(m - i + 1) (D06 Sec. 3.2.2).
    "alpha_over_i_holm": lambda r: {
        a: r.alpha / (len(r.pvalue) - i) for i, a in enumerate(r.to_frame(sort=True).index)
    },
    **{f"apv_{m}": (lambda r, m=m: r.adjusted[m]) for m in CONTROL_PROCEDURES},
}
# Entries of these cases that belong to other modules (omnibus statistics) are tested there.
NOT_HERE = (
    "ranks",
    "rank_sums",
    "average_ranks",
    "chi2_F",
    "F_F",
    "df_F",
    "p_chi2_F",
    "p_F_F",
    "F_critical_0.05",
    "aligned_",
    "rank_totals",
    "sum_R",
    "T",
    "p_T",
    "sample_ranges",
    "Q",
    "S_",
    "W_",
    "A2",
    "B",
    "df",
)


def _check_all(result: PosthocControlResult, case_id: str) -> None:
    expected = case(case_id)["expected"]
    for key, entry in expected.items():
        if key in GETTERS:
            assert_matches(GETTERS[key](result), entry, path=f"{case_id}.{key}")
        else:
            assert key.startswith(NOT_HERE), f"{case_id}: expected entry {key!r} is not checked"


#: The procedures of G10's Tables 9-11 (Finner and Li: only when named).
G10_PROCEDURES = ["bonferroni", "holm", "hochberg", "hommel", "holland", "rom", "finner", "li"]


def _from_data(case_id: str, test: str, **options: Any) -> PosthocControlResult:
    c = case(case_id)
    return mc.posthoc_control(
        REFERENCE / c["input"],
        c["parameters"]["control"],
        test=test,
        alpha=c["parameters"]["alpha"],
        higher_is_better=c["parameters"]["higher_is_better"],
        procedures=G10_PROCEDURES,  # Finner and Li are computed only when named
        **{"method": "asymptotic", **options},  # the papers' normal p-values
    )


@pytest.mark.parametrize(
    "case_id",
    [
        "demsar2006_friedman_from_auc",
        "demsar2006_friedman_from_printed_ranks",
        "garcia2010_friedman",
    ],
)
def test_friedman_posthoc_reproduces_expected_json(case_id: str) -> None:
    _check_all(_from_data(case_id, "friedman", rom="garcia2010"), case_id)


def test_aligned_posthoc_with_the_papers_se_reproduces_expected_json() -> None:
    case_id = "garcia2010_friedman_aligned_ranks"
    _check_all(_from_data(case_id, "aligned", rom="garcia2010", se="garcia2010"), case_id)


def test_aligned_posthoc_from_the_printed_aligned_ranks_reproduces_table_10() -> None:
    case_id = "garcia2010_friedman_aligned_ranks_from_printed_ranks"
    c = case(case_id)
    printed = read_csv(c["input"])
    printed.columns = list(c["expected"]["rank_totals"]["value"])  # Table 7 spells IS-CHC - 1NN
    result = mc.posthoc_control(
        ranks=printed.mean(),
        n_datasets=c["inputs"]["n"],
        control="PDFC",
        test="aligned",
        se="garcia2010",
        rom="garcia2010",
        procedures=G10_PROCEDURES,
    )
    _check_all(result, case_id)


def test_quade_posthoc_reproduces_expected_json() -> None:
    """G10 Table 11 was computed with eq. (22): se="garcia2010" reproduces it."""
    case_id = "garcia2010_quade"
    _check_all(_from_data(case_id, "quade", rom="garcia2010", se="garcia2010"), case_id)


def test_quade_posthoc_from_the_printed_q_reproduces_table_11() -> None:
    case_id = "garcia2010_quade_with_printed_Q"
    c = case(case_id)
    data = read_csv(c["input"])
    q = np.array([c["inputs"]["Q"][name] for name in data.index])
    t = quade.parts(_ranks.friedman_ranks(data.to_numpy()), q).T_j
    result = mc.posthoc_control(
        ranks=dict(zip(data.columns, t)),
        n_datasets=len(data),
        control="PDFC",
        test="quade",
        rom="garcia2010",
        se="garcia2010",
        procedures=G10_PROCEDURES,
    )
    _check_all(result, case_id)


def test_rom_exact_is_the_default_and_differs_from_the_papers_coefficients() -> None:
    data = mc.load_example("garcia2010")
    every = {"procedures": CONTROL_PROCEDURES}
    exact = mc.posthoc_control(data, "PDFC", test="aligned", se="garcia2010", **every)
    paper = mc.posthoc_control(
        data, "PDFC", test="aligned", se="garcia2010", rom="garcia2010", **every
    )
    assert exact.options["rom"] == "exact"
    p = exact.pvalue.to_numpy()
    np.testing.assert_array_equal(exact.adjusted["rom"], mc.adjust_control(p, "rom"))
    np.testing.assert_array_equal(
        paper.adjusted["rom"], mc.adjust_control(p, "rom", rom="garcia2010")
    )
    # Here the two agree to 1e-6 (tiny or largest p); at moderate p they do not:
    moderate = [0.015, 0.03, 0.06]
    assert (
        mc.adjust_control(moderate, "rom")[0]
        < 0.99 * mc.adjust_control(moderate, "rom", rom="garcia2010")[0]
    )
    for method in procedures.defaults("control"):
        if method != "rom":
            pd.testing.assert_series_equal(exact.adjusted[method], paper.adjusted[method])


def test_the_control_must_be_named_and_results_agree_with_ranks_input() -> None:
    """No default control: one picked after seeing the data (the best-ranked) does not hold
    alpha (issue 8.5; tests/test_simulation.py measures it)."""
    data = mc.load_example("garcia2010")
    for test in ("friedman", "quade", "aligned"):
        with pytest.raises(ValueError, match=r"name the control.*posthoc_all_pairs"):
            mc.posthoc_control(data, test=test)
        result = mc.posthoc_control(data, "PDFC", test=test)
        assert result.control == result.ranks.idxmin() == "PDFC"
        assert result.algorithms == ("NNEP", "IS-CHC + 1NN", "FH-GBML")
    with pytest.raises(ValueError, match="name the control"):
        mc.posthoc_control(ranks=mc.quade(data).ranks, n_datasets=len(data))
    # The closed-form SE (G10 eq. 22) is the same from data and from ranks.
    from_data = mc.posthoc_control(data, "PDFC", test="quade", se="garcia2010")
    ranks = mc.quade(data).ranks
    for given_ranks in (ranks, ranks.to_dict(), (ranks.to_numpy(), list(ranks.index))):
        if isinstance(given_ranks, tuple):
            result = mc.posthoc_control(
                ranks=given_ranks[0],
                algorithms=given_ranks[1],
                n_datasets=len(data),
                control="PDFC",
                test="quade",
                se="garcia2010",
            )
        else:
            result = mc.posthoc_control(
                ranks=given_ranks,
                n_datasets=len(data),
                control="PDFC",
                test="quade",
                se="garcia2010",
            )
        pd.testing.assert_frame_equal(result.to_frame(), from_data.to_frame())
    # The calibrated SE: from ranks the no-ties null SE, from data the permutation SE, which
    # the ties of this table make smaller.
    calibrated = mc.posthoc_control(data, "PDFC", test="quade")
    no_ties = mc.posthoc_control(ranks=ranks, n_datasets=len(data), control="PDFC", test="quade")
    k, n = data.shape[1], len(data)
    assert no_ties.se == pytest.approx(
        np.sqrt(k * (k + 1) * (2 * n + 1) / (9 * n * (n + 1))), rel=1e-12
    )
    assert calibrated.se < no_ties.se < from_data.se


def test_calibrated_aligned_se_is_the_default_and_larger_than_the_papers() -> None:
    data = mc.load_example("garcia2010")
    calibrated = mc.posthoc_control(data, "PDFC", test="aligned")
    paper = mc.posthoc_control(data, "PDFC", test="aligned", se="garcia2010")
    assert calibrated.options["se"] == "calibrated"
    ranks = mc.friedman_aligned_ranks(data).aligned_ranks.to_numpy()
    assert calibrated.se == pytest.approx(float(_ranks.permutation_se(ranks)), rel=1e-12)
    assert calibrated.se > paper.se
    assert (calibrated.pvalue > paper.pvalue).all()


def test_aligned_from_ranks_needs_the_papers_se() -> None:
    with pytest.raises(ValueError, match="se='garcia2010'"):
        mc.posthoc_control(
            ranks={"a": 10.0, "b": 20.0, "c": 30.0}, n_datasets=10, control="a", test="aligned"
        )


def test_frame_layout_and_rejections() -> None:
    result = mc.posthoc_control(mc.load_example("garcia2010"), "PDFC", alpha=0.1)
    frame = result.to_frame(reject=True)
    assert list(frame.columns) == (
        ["difference", "z", "pvalue"]
        + [f"apv_{m}" for m in procedures.defaults("control")]
        + [f"reject_{m}" for m in procedures.defaults("control")]
    )
    assert list(frame.index) == list(result.algorithms)
    assert (
        frame[[f"reject_{m}" for m in procedures.defaults("control")]].to_numpy()
        == (result.adjusted.to_numpy() <= 0.1)
    ).all()
    assert list(result.to_frame(sort=True)["pvalue"]) == sorted(frame["pvalue"])


def test_unknown_control_lists_the_algorithms() -> None:
    with pytest.raises(ValueError, match=r"unknown control 'SVM'.*PDFC"):
        mc.posthoc_control(mc.load_example("garcia2010"), "SVM")
    with pytest.raises(ValueError, match="unknown control"):
        mc.posthoc_control(ranks=[1.0, 2.0], n_datasets=5, control="x")


BOTH_POSTHOCS = [functools.partial(mc.posthoc_control, control="PDFC"), mc.posthoc_all_pairs]


@pytest.mark.parametrize("posthoc", BOTH_POSTHOCS)
def test_aligned_se_with_another_test_is_an_error(posthoc) -> None:
    with pytest.raises(ValueError, match="is a form of test='aligned' or 'quade', not of test="):
        posthoc(mc.load_example("garcia2010"), test="friedman", se="garcia2010")


@pytest.mark.parametrize("posthoc", BOTH_POSTHOCS)
def test_statistic_is_z_under_scipys_name(posthoc) -> None:
    result = posthoc(mc.load_example("garcia2010"))
    pd.testing.assert_series_equal(result.statistic, result.z)
    np.testing.assert_allclose(result.pvalue, 2 * stats.norm.sf(result.z.abs()), rtol=1e-12)


def test_finner_and_li_are_marked_as_not_controlling_the_fwer() -> None:
    """Issue 8.4: the result, its table and its text say so, with the measured rates; they
    are computed only when named (issue 37.2)."""
    data = mc.load_example("garcia2010")
    assert not {"finner", "li", "fdr_bh", "fdr_by"} & set(
        mc.posthoc_control(data, "PDFC").procedures
    )
    result = mc.posthoc_control(data, "PDFC", procedures=["holm", "finner", "li"])
    notes = procedures.not_fwer_controlling()
    assert result.notes == (notes["finner"], procedures.get("control", "li").warning(4))
    assert all("measured FWER" in note for note in result.notes)
    assert result.to_frame().attrs["notes"] == result.notes
    assert str(result).count("Note: ") == 2 and "Finner's procedure does not control" in str(result)
    pairwise = mc.posthoc_control(data, "PDFC", test="sign")
    assert pairwise.notes == () and "Note:" not in str(pairwise)


@pytest.mark.parametrize(
    ("k", "alternative", "figure"),
    [
        (4, "two-sided", "0.074"),
        (5, "less", "0.088"),
        (10, "two-sided", "0.080"),
        (10, "greater", "0.119"),
        (20, "less", "0.147"),
        (30, "greater", "0.147"),
    ],
)
def test_lis_note_gives_the_measured_figure_of_the_case_at_hand(
    k: int, alternative: str, figure: str
) -> None:
    """Issue 37.2: one-sided Li reaches 0.147 at k = 20 (benches/RESULTS-li-finner.md)."""
    x = np.random.default_rng(k).normal(size=(12, k))
    result = mc.posthoc_control(
        x, 0, alternative=alternative, method="asymptotic", procedures=["li"]
    )
    (note,) = result.notes
    assert f"up to {figure} " in note
    assert ("one-sided" if alternative != "two-sided" else "two-sided") in note
    assert ("the largest k measured" in note) == (k > 20)


# --- one-sided comparisons with a control (issue 21 item 11) -----------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _pmcmr_demsar_many_one(x: np.ndarray, control: int, alternative: str) -> np.ndarray:
    """An independent formula: PMCMRplus' frdManyOneDemsarTest (R, PMCMRplus 1.9, Pohlert):
    ranks ascending by value within each block, z_j = (Rbar_j - Rbar_0)/sqrt(k(k+1)/(6n)),
    'greater' p = P(Z >= z), 'less' p = P(Z <= z), 'two.sided' 2 P(Z >= |z|)."""
    n, k = x.shape
    r = stats.rankdata(x, axis=1).mean(axis=0)
    z = (np.delete(r, control) - r[control]) / np.sqrt(k * (k + 1) / (6.0 * n))
    return {
        "greater": stats.norm.sf(z),
        "less": stats.norm.cdf(z),
        "two-sided": 2 * stats.norm.sf(np.abs(z)),
    }[alternative]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    k=st.integers(3, 7),
    n=st.integers(5, 40),
    control=st.integers(0, 6),
    alternative=st.sampled_from(["greater", "less"]),
)
def test_one_sided_pvalues_are_half_the_two_sided_on_their_side(
    seed: int, k: int, n: int, control: int, alternative: str
) -> None:
    """'greater' (the algorithm better than the control, larger scores) is PMCMRplus'
    'greater' of the scores; p is half the two-sided p on the alternative's side and 1 minus
    it on the other, for the normal z tests and for exact permutation p-values (symmetric
    null distribution)."""
    control = control % k
    x = np.round(np.random.default_rng(seed).normal(size=(n, k)) + np.linspace(0, 0.6, k), 1)
    two = mc.posthoc_control(x, control, method="asymptotic")
    one = mc.posthoc_control(x, control, method="asymptotic", alternative=alternative)
    np.testing.assert_allclose(
        one.pvalue, _pmcmr_demsar_many_one(x, control, alternative), rtol=1e-9
    )
    np.testing.assert_allclose(
        two.pvalue, _pmcmr_demsar_many_one(x, control, "two-sided"), rtol=1e-9
    )
    side = (two.z < 0) if alternative == "greater" else (two.z > 0)
    expected = np.where(side, two.pvalue / 2, 1 - two.pvalue / 2)
    np.testing.assert_allclose(one.pvalue, expected, rtol=1e-12)
    assert one.z.equals(two.z) and one.options["alternative"] == alternative
    # the adjustments take the one-sided p-values (Bonferroni: m p, at most 1)
    np.testing.assert_allclose(
        one.adjusted["bonferroni"], np.minimum((k - 1) * one.pvalue, 1.0), rtol=1e-12
    )
    if n <= 8:  # exact permutation p-values (small N): the same rule
        exact_two = mc.posthoc_control(x, control, method="exact")
        exact_one = mc.posthoc_control(x, control, method="exact", alternative=alternative)
        expected = np.where(side, exact_two.pvalue / 2, 1 - exact_two.pvalue / 2)
        np.testing.assert_allclose(exact_one.pvalue, expected, rtol=1e-12)


def test_one_sided_exact_pvalue_is_the_upper_tail_of_the_permutation_distribution() -> None:
    """By enumeration (N = 3 data sets, k = 3: 6^3 rank permutations): P(D >= d) of the
    difference of the control's and another's rank totals equals the one-sided p."""
    import itertools

    x = np.array([[1.0, 2.0, 3.0], [1.0, 3.0, 2.0], [2.0, 1.0, 3.0]])  # control 2 is best
    result = mc.posthoc_control(x, 2, method="exact", alternative="less")
    ranks = stats.rankdata(-x, axis=1)
    observed = ranks.sum(axis=0)
    perms = list(itertools.permutations(range(3)))
    for j, name in ((0, "A1"), (1, "A2")):
        d = observed[j] - observed[2]
        count = sum(
            sum(ranks[i][list(p)][j] - ranks[i][list(p)][2] for i, p in enumerate(combo)) >= d
            for combo in itertools.product(perms, repeat=3)
        )
        assert result.pvalue[name] == pytest.approx(count / 6**3, rel=1e-12)


def test_alternative_is_checked_and_reaches_compare_and_the_report() -> None:
    x = mc.load_example("demsar2006")
    with pytest.raises(
        ValueError, match="alternative must be one of 'two-sided', 'less', 'greater'; got 'up'"
    ):
        mc.posthoc_control(x, 0, alternative="up")
    with pytest.raises(ValueError, match="give control="):
        mc.compare(x, alternative="less")
    with pytest.raises(ValueError, match="incomplete-block tests are two-sided"):
        mc.compare(x, control=0, test="skillings_mack", alternative="less")
    report = mc.compare(x, control="C4.5+m+cf", alternative="less", method="asymptotic")
    direct = mc.posthoc_control(x, "C4.5+m+cf", alternative="less", method="asymptotic")
    assert [h.pvalue for h in report.hypotheses] == list(direct.pvalue)
    assert report.alternative == "less" and any("one-sided" in n for n in report.notes)
    assert mc.Report.from_json(report.to_json()) == report
    assert "alternative='less'" in report.to_text()
    report.plot(test="aligned")  # recomputed through cd_diagram with the report's options
    with pytest.raises(ValueError, match="two-sided critical difference"):
        report.plot(procedure="bonferroni_dunn")
