"""Rankings: Friedman ranks, aligned ranks, Quade's ranges and weights, data-precision ties."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from multicomp._internal import ranks as _ranks
from multicomp.ranktests import aligned, friedman, quade
from reference_cases import assert_matches, case, read_csv


def test_at_data_precision_restores_ties_broken_by_float_noise() -> None:
    a, b = 0.514 - 0.5, 0.563 - 0.549
    assert a != b
    snapped = _ranks.at_data_precision(np.array([a, b]), 0.563)
    assert snapped[0] == snapped[1]
    assert abs(snapped[0] - 0.014) < 1e-12


def test_at_data_precision_keeps_real_differences_and_zero_scale() -> None:
    x = np.array([0.1234567, 0.1234568, -0.0])
    snapped = _ranks.at_data_precision(x, 1.0)
    assert snapped[0] < snapped[1]
    assert not np.signbit(snapped[2])
    zeros = np.zeros(3)
    assert np.array_equal(_ranks.at_data_precision(zeros, zeros), zeros)


def test_friedman_ranks_rank_one_is_the_largest_with_average_ties() -> None:
    ranks = _ranks.friedman_ranks(np.array([[0.9, 0.5, 0.9, 0.1]]))
    assert ranks.tolist() == [[1.5, 3.0, 1.5, 4.0]]


@given(
    arrays(
        np.float64,
        st.lists(st.integers(1, 7), min_size=1, max_size=4).map(tuple),
        elements=st.one_of(
            st.integers(-3, 3).map(float),  # many ties, and -0.0 against 0.0 below
            st.sampled_from([-0.0, np.inf, -np.inf, 1e308, -1e-320]),
            st.floats(allow_nan=False, width=64),
        ),
    )
)
def test_friedman_ranks_equal_scipy_rankdata_bit_for_bit(x: np.ndarray) -> None:
    from scipy.stats import rankdata

    expected = rankdata(-x, axis=-1)
    ranks = _ranks.friedman_ranks(x)
    assert ranks.dtype == np.float64 and ranks.shape == x.shape
    assert ranks.tobytes() == expected.tobytes()


def test_friedman_ranks_of_rows_with_nan_are_scipys() -> None:
    from scipy.stats import rankdata

    x = np.array([[0.5, np.nan, 0.2], [0.1, 0.1, 0.3]])
    assert np.array_equal(_ranks.friedman_ranks(x), rankdata(-x, axis=-1), equal_nan=True)


def test_aligned_ranks_of_garcia2010_table3_at_data_precision() -> None:
    c = case("garcia2010_friedman_aligned_ranks")
    x = read_csv(c["input"]).to_numpy()
    aligned = _ranks.aligned_observations(x)
    table = c["expected"]["aligned_observations"]["value"]
    assert_matches(
        aligned.tolist(),
        {"value": table["data"], "tolerance": c["expected"]["aligned_observations"]["tolerance"]},
    )
    assert_matches(
        _ranks.aligned_ranks(x).tolist(),
        {"value": c["expected"]["aligned_ranks"]["value"]["data"], "tolerance": {"abs": 0}},
    )


def test_aligned_statistic_from_the_printed_aligned_ranks() -> None:
    c = case("garcia2010_friedman_aligned_ranks_from_printed_ranks")
    expected = c["expected"]
    printed = read_csv(c["input"])
    printed.columns = list(expected["rank_totals"]["value"])  # spelled as in Table 7
    parts = aligned.statistic(printed.to_numpy(), tie_correction=False)
    assert_matches(dict(zip(printed.columns, parts.algorithm_totals)), expected["rank_totals"])
    assert_matches(float(np.sum(parts.algorithm_totals**2)), expected["sum_Rj_squared"])
    assert_matches(float(np.sum(parts.dataset_totals**2)), expected["sum_Ri_squared"])
    assert_matches(parts.statistic, expected["T"])
    n = c["inputs"]["n"]
    assert printed.shape == (n, c["inputs"]["k"])
    assert_matches(
        dict(zip(printed.columns, parts.algorithm_totals / n)), expected["average_aligned_ranks"]
    )


def test_quade_parts_with_the_printed_dataset_ranks() -> None:
    c = case("garcia2010_quade_with_printed_Q")
    data = read_csv(c["input"])
    q = np.array([c["inputs"]["Q"][name] for name in data.index])
    parts = quade.parts(_ranks.friedman_ranks(data.to_numpy()), q, tie_correction=False)
    expected = c["expected"]
    for key in ("S_ij", "W_ij"):
        table = getattr(parts, key[0])
        assert_matches(
            {i: dict(zip(data.columns, row)) for i, row in zip(data.index, table)}, expected[key]
        )
    for key in ("S_j", "T_j"):
        assert_matches(dict(zip(data.columns, getattr(parts, key))), expected[key])
    assert_matches(parts.A2, expected["A2"])
    assert_matches(parts.B, expected["B"])
    assert_matches(parts.statistic, expected["T3"])
    # G10's printed T3 = 21.967 comes from centring the ranks at 2 instead of (k+1)/2 = 2.5:
    # S_ij = Q_i(r_ij - 2), i.e. ranks shifted by 1/2 (W and T_j are not used by T3).
    shifted = quade.parts(_ranks.friedman_ranks(data.to_numpy()) + 0.5, q, tie_correction=False)
    assert_matches(shifted.statistic, expected["T3_with_centre_2_reproduces_paper"])


def test_quade_ranges_tie_at_data_precision() -> None:
    c = case("garcia2010_quade")
    data = read_csv(c["input"])
    assert_matches(
        dict(zip(data.index, _ranks.sample_ranges(data.to_numpy()))),
        c["expected"]["sample_ranges"],
    )
    assert_matches(dict(zip(data.index, _ranks.range_ranks(data.to_numpy()))), c["expected"]["Q"])


@given(
    arrays(
        np.float64,
        st.tuples(st.integers(2, 8), st.integers(2, 6)),
        elements=st.integers(0, 5).map(float),
    )
)
def test_tie_corrections_equal_the_closed_forms_without_ties_and_stay_finite(x: np.ndarray) -> None:
    ranks = _ranks.friedman_ranks(x)
    for tie_correction in (True, False):
        assert np.isfinite(friedman.chi2(ranks, tie_correction=tie_correction))
    no_ties = x + np.arange(x.size).reshape(x.shape) * 1e-3  # distinct values
    ranks = _ranks.friedman_ranks(no_ties)
    assert friedman.chi2(ranks, tie_correction=True) == pytest.approx(
        friedman.chi2(ranks, tie_correction=False), rel=1e-12, abs=1e-12
    )
    by_aligned = _ranks.aligned_ranks(no_ties)
    if len(np.unique(by_aligned)) == by_aligned.size:
        a = aligned.statistic(by_aligned, tie_correction=True).statistic
        b = aligned.statistic(by_aligned, tie_correction=False).statistic
        assert a == pytest.approx(b, rel=1e-12, abs=1e-12)
    q = np.arange(1.0, x.shape[0] + 1)
    a, b = (quade.parts(ranks, q, tie_correction=t).statistic for t in (True, False))
    assert a == pytest.approx(b, rel=1e-12, abs=1e-12)
