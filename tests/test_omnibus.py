"""Omnibus tests against expected.json (paper forms), scipy (tie-aware forms) and invariances."""

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats

import multicomp as mc
from multicomp._internal import ranks as _ranks
from multicomp.data.scores import as_scores
from multicomp.ranktests import aligned, quade
from reference_cases import REFERENCE, assert_matches, case, read_csv

Getter = Callable[[dict[str, Any]], Any]


def _rank_sums(r: dict[str, Any]) -> pd.Series:
    return r["friedman"].rank_matrix.sum()


FRIEDMAN: dict[str, Getter] = {
    "ranks": lambda r: r["friedman"].rank_matrix,
    "rank_sums": _rank_sums,
    "average_ranks": lambda r: r["friedman"].ranks,
    "chi2_F": lambda r: r["friedman"].statistic,
    "p_chi2_F": lambda r: r["friedman"].pvalue,
    "F_F": lambda r: r["iman"].statistic,
    "p_F_F": lambda r: r["iman"].pvalue,
    "df_F": lambda r: [r["iman"].df_num, r["iman"].df_den],
    "F_critical_0.05": lambda r: stats.f.isf(0.05, r["iman"].df_num, r["iman"].df_den),
    "chi2_critical_0.05": lambda r: stats.chi2.isf(0.05, r["friedman"].df),
}

ALIGNED: dict[str, Getter] = {
    "aligned_observations": lambda r: r["aligned"].aligned_observations,
    "aligned_ranks": lambda r: r["aligned"].aligned_ranks,
    "rank_totals": lambda r: r["aligned"].rank_totals,
    "average_aligned_ranks": lambda r: r["aligned"].ranks,
    "sum_Rj_squared": lambda r: float((r["aligned"].rank_totals ** 2).sum()),
    "sum_Ri_squared": lambda r: float((r["aligned"].dataset_rank_totals ** 2).sum()),
    "T": lambda r: r["aligned"].statistic,
    "p_T": lambda r: r["aligned"].pvalue,
}

QUADE: dict[str, Getter] = {
    "sample_ranges": lambda r: r["quade"].ranges,
    "Q": lambda r: r["quade"].dataset_ranks,
    "S_j": lambda r: r["quade"].S_j,
    "W_j": lambda r: r["quade"].W_j,
    "T_j": lambda r: r["quade"].ranks,
    "A2": lambda r: r["quade"].A2,
    "B": lambda r: r["quade"].B,
    "T3": lambda r: r["quade"].statistic,
    "p_T3": lambda r: r["quade"].pvalue,
    "df": lambda r: [r["quade"].df_num, r["quade"].df_den],
}

OMNIBUS_CASES = {
    "demsar2006_friedman_from_auc": FRIEDMAN,
    "demsar2006_friedman_from_printed_ranks": FRIEDMAN,
    "garcia2010_friedman": FRIEDMAN,
    "garcia2008_friedman_all_pairwise": FRIEDMAN,
    "garcia2010_friedman_aligned_ranks": ALIGNED,
    "garcia2010_quade": QUADE,
}


def _paper_results(case_id: str) -> dict[str, Any]:
    c = case(case_id)
    path = REFERENCE / c["input"]
    options = {
        "higher_is_better": c["parameters"].get("higher_is_better", True),
        "tie_correction": False,
        "method": "asymptotic",  # the papers' chi-square and F p-values
    }
    return {
        "friedman": mc.friedman(path, **options),
        "iman": mc.iman_davenport(path, **options),
        "aligned": mc.friedman_aligned_ranks(path, **options),
        "quade": mc.quade(path, **options),
    }


@pytest.mark.parametrize("case_id", sorted(OMNIBUS_CASES))
def test_paper_forms_reproduce_expected_json(case_id: str) -> None:
    getters = OMNIBUS_CASES[case_id]
    expected = case(case_id)["expected"]
    results = _paper_results(case_id)
    checked = [key for key in expected if key in getters]
    assert len(checked) >= 5
    for key in checked:
        assert_matches(getters[key](results), expected[key], path=f"{case_id}.{key}")


def test_aligned_pvalue_from_printed_ranks_and_quade_pvalue_from_printed_q() -> None:
    c = case("garcia2010_friedman_aligned_ranks_from_printed_ranks")
    parts = aligned.statistic(read_csv(c["input"]).to_numpy(), tie_correction=False)
    assert_matches(stats.chi2.sf(parts.statistic, c["inputs"]["k"] - 1), c["expected"]["p_T"])
    c = case("garcia2010_quade_with_printed_Q")
    data = read_csv(c["input"])
    q = np.array([c["inputs"]["Q"][name] for name in data.index])
    parts = quade.parts(_ranks.friedman_ranks(data.to_numpy()), q, tie_correction=False)
    n, k = data.shape
    assert_matches(stats.f.sf(parts.statistic, k - 1, (k - 1) * (n - 1)), c["expected"]["p_T3"])


@pytest.mark.parametrize("name", ["demsar2006", "garcia2008", "garcia2010"])
def test_default_friedman_is_scipys_tie_corrected_statistic(name: str) -> None:
    data = mc.load_example(name)
    expected = stats.friedmanchisquare(*data.to_numpy().T)
    result = mc.friedman(data, method="asymptotic")
    assert result.tie_correction and result.method == "asymptotic"
    assert result.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert result.pvalue == pytest.approx(expected.pvalue, rel=1e-9)
    n, k = data.shape
    iman = mc.iman_davenport(data, method="asymptotic")
    f = (n - 1) * expected.statistic / (n * (k - 1) - expected.statistic)
    assert iman.statistic == pytest.approx(f, rel=1e-12)
    assert iman.friedman_statistic == result.statistic
    assert iman.pvalue == pytest.approx(stats.f.sf(f, k - 1, (k - 1) * (n - 1)), rel=1e-9)


def test_default_aligned_and_quade_use_the_observed_squares() -> None:
    data = mc.load_example("garcia2010")
    aligned = mc.friedman_aligned_ranks(data)
    ranks = aligned.aligned_ranks.to_numpy()
    n, k = ranks.shape
    numerator = (k - 1) * ((ranks.sum(axis=0) ** 2).sum() - k * n * n / 4 * (k * n + 1) ** 2)
    denominator = (ranks**2).sum() - (ranks.sum(axis=1) ** 2).sum() / k
    assert aligned.statistic == pytest.approx(numerator / denominator, rel=1e-12)
    quade = mc.quade(data)
    assert pytest.approx((quade.S.to_numpy() ** 2).sum(), rel=1e-12) == quade.A2
    assert quade.statistic == pytest.approx((n - 1) * quade.B / (quade.A2 - quade.B), rel=1e-12)


def _distinct(n: int, k: int, seed: int) -> np.ndarray:
    """Continuous scores: no ties in values, aligned observations or ranges."""
    return np.random.default_rng(seed).random((n, k))


@pytest.mark.parametrize(
    "test", [mc.friedman, mc.iman_davenport, mc.friedman_aligned_ranks, mc.quade]
)
def test_without_ties_both_forms_agree(test: Callable[..., Any]) -> None:
    x = _distinct(12, 5, seed=1)
    exact, paper = test(x), test(x, tie_correction=False)
    assert exact.statistic == pytest.approx(paper.statistic, rel=1e-12)
    assert exact.pvalue == pytest.approx(paper.pvalue, rel=1e-9)


ALL_TESTS = [mc.friedman, mc.iman_davenport, mc.friedman_aligned_ranks, mc.quade]

scores_tables = arrays(
    np.float64,
    st.tuples(st.integers(3, 10), st.integers(2, 6)),
    elements=st.integers(0, 6).map(lambda v: v / 8),
)


@settings(max_examples=40)
@given(scores_tables, st.data())
def test_invariant_to_dataset_order_and_algorithm_labels(
    x: np.ndarray, draw: st.DataObject
) -> None:
    rows = draw.draw(st.permutations(range(x.shape[0])))
    cols = draw.draw(st.permutations(range(x.shape[1])))
    for test in ALL_TESTS:
        for tie_correction in (True, False):
            a = test(x, tie_correction=tie_correction)
            b = test(x[np.ix_(rows, cols)], tie_correction=tie_correction)
            assert b.statistic == pytest.approx(a.statistic, rel=1e-9, abs=1e-9)
            assert b.pvalue == pytest.approx(a.pvalue, rel=1e-9, abs=1e-12)
            assert np.allclose(b.ranks.to_numpy(), a.ranks.to_numpy()[cols])


@settings(max_examples=40)
@given(scores_tables)
def test_lower_is_better_equals_negated_scores(x: np.ndarray) -> None:
    for test in ALL_TESTS:
        a, b = test(x, higher_is_better=False), test(-x)
        assert a.statistic == pytest.approx(b.statistic, rel=1e-12, abs=1e-12)
        assert np.array_equal(a.ranks.to_numpy(), b.ranks.to_numpy())


def test_identical_rankings_give_infinite_f_and_fully_tied_data_no_evidence() -> None:
    x = np.tile([0.9, 0.8, 0.7], (6, 1)) + np.arange(6)[:, None] / 100
    assert mc.iman_davenport(x).statistic == np.inf
    assert mc.iman_davenport(x, method="asymptotic").pvalue == 0.0
    assert mc.quade(x, method="asymptotic").pvalue == 0.0
    # exactly: the observed arrangement is the most extreme of 3!^5 equally likely ones
    for test in ALL_TESTS:
        assert test(x).method == "exact"
        assert test(x).pvalue == pytest.approx(6.0**-5, rel=1e-12)
    flat = np.ones((5, 3))
    for test in ALL_TESTS:
        result = test(flat)
        assert result.statistic == 0.0 and result.pvalue == 1.0


def test_input_forms_agree_and_are_not_modified(tmp_path: Any) -> None:
    wide = mc.load_example("garcia2010")
    long = wide.rename_axis("ds").reset_index().melt(id_vars="ds", var_name="alg", value_name="acc")
    before_wide, before_long = wide.copy(), long.copy()
    array = wide.to_numpy().copy()
    path = tmp_path / "scores.csv"
    wide.to_csv(path)
    for test in ALL_TESTS:
        reference = test(wide)
        for other in (test(long, dataset="ds", algorithm="alg", score="acc"), test(path)):
            assert other.statistic == reference.statistic
            pd.testing.assert_series_equal(other.ranks, reference.ranks)
        assert test(array).statistic == reference.statistic
    pd.testing.assert_frame_equal(wide, before_wide)
    pd.testing.assert_frame_equal(long, before_long)
    assert np.array_equal(array, wide.to_numpy())


def test_results_label_with_their_own_index_objects() -> None:
    """The results reuse the labels' pandas Index of the input and of one Scores, as views:
    renaming the index of one result renames no other, nor the input's."""
    frame = mc.load_example("demsar2006").rename_axis(index="data set", columns="algorithm")
    scores = mc.Scores(frame.to_numpy(), tuple(frame.columns), tuple(frame.index))
    array = frame.to_numpy()
    for data in (frame, scores, array):
        first = mc.friedman(data, method="asymptotic")
        first.ranks.index.name = "renamed"
        first.rank_matrix.index.name = "renamed"
        second = mc.friedman(data, method="asymptotic")
        assert first.rank_matrix.columns.name is None and second.ranks.index.name is None
        assert second.rank_matrix.index.name is None
        names = as_scores(data)
        pd.testing.assert_index_equal(second.ranks.index, pd.Index(list(names.algorithms)))
        pd.testing.assert_index_equal(second.rank_matrix.index, pd.Index(list(names.datasets)))
    assert frame.columns.name == "algorithm" and frame.index.name == "data set"


def test_results_are_frozen() -> None:
    result = mc.friedman(mc.load_example("demsar2006"))
    with pytest.raises(AttributeError):
        result.statistic = 0.0  # type: ignore[misc]
    assert result.df == 3 and result.n_datasets == 14 and result.n_algorithms == 4


@pytest.mark.parametrize(
    ("test", "title"),
    [
        (mc.friedman, "Friedman test"),
        (mc.iman_davenport, "F(3, 39)"),
        (mc.friedman_aligned_ranks, "Aligned Ranks"),
        (mc.quade, "Quade"),
    ],
)
def test_str_names_the_test_and_lists_the_ranks(test: Callable[..., Any], title: str) -> None:
    text = str(test(mc.load_example("demsar2006")))
    assert title in text and "C4.5+m+cf" in text and "p = " in text


@settings(max_examples=40)
@given(scores_tables)
def test_tie_correction_from_squared_ranks_equals_scipys_tie_groups(x: np.ndarray) -> None:
    """Issue 8.10: the tie correction comes from sum_j r_ij^2 (one reduction), not from counting
    the tie groups of each data set; it must agree with scipy's counting of the groups."""
    if x.shape[1] >= 3 and np.ptp(x, axis=1).any():  # scipy needs k >= 3 and a row untied
        expected = stats.friedmanchisquare(*x.T).statistic
        assert mc.friedman(x).statistic == pytest.approx(expected, rel=1e-12, abs=1e-12)
    ranks = _ranks.friedman_ranks(x)
    groups = sum(
        float(np.sum(c**3 - c)) for c in (np.unique(row, return_counts=True)[1] for row in ranks)
    )
    k = x.shape[1]
    assert groups == 2.0 * len(x) * k * (k + 1) * (2 * k + 1) - 12.0 * float(np.sum(ranks**2))


def test_numeric_arrays_take_the_fast_input_path_with_the_same_checks() -> None:
    ints = np.array([[3, 1, 2], [1, 2, 3], [2, 3, 1]])
    assert mc.friedman(ints).statistic == mc.friedman(ints.astype(float)).statistic
    masked = np.ma.masked_array(ints.astype(float), mask=[[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    with pytest.raises(ValueError, match="missing"):
        mc.friedman(masked)
    with pytest.raises(ValueError, match="finite"):
        mc.friedman(np.array([[1.0, np.inf], [1.0, 2.0]]))
    with pytest.raises(ValueError, match="at least 2 algorithms"):
        mc.friedman(np.ones((3, 1)))
    assert ints.flags.writeable and masked.mask[1, 1]  # nothing the user passes is modified
