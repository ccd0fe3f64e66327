"""Ties are decided per data set (issue 8 item 2): results do not change under a shift of all
scores, a positive rescaling of one data set (for the tests built on within-row ranks and
signs) or of all of them, and scores of extreme magnitude give the right answer or a clear
error, never NaN."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from multicomp._internal import ranks as _ranks

# Decimal scores (three decimals, as published tables) with ties within and across data sets.
tables = arrays(
    np.float64,
    st.tuples(st.integers(3, 7), st.integers(3, 5)),
    elements=st.integers(0, 40).map(lambda v: v / 40),
)


def _within_row(x: np.ndarray) -> dict[str, Any]:
    """Everything that depends on the scores only through within-row ranks and signs."""
    return {
        "friedman": mc.friedman(x).pvalue,
        "iman_davenport": mc.iman_davenport(x).pvalue,
        "posthoc": tuple(mc.posthoc_all_pairs(x, procedures=["holm"]).pvalue),
        "multiple_sign": tuple(mc.multiple_sign_test(x, control=0).to_frame()["ties"]),
        "sign": mc.sign_test(x[:, 0], x[:, 1]).pvalue,
    }


def _everything(x: np.ndarray) -> dict[str, Any]:
    """Also the tests that compare values across data sets (aligned ranks, Quade, Wilcoxon)."""
    out = _within_row(x)
    for test in ("aligned", "quade"):
        out[test] = (mc.friedman_aligned_ranks(x) if test == "aligned" else mc.quade(x)).pvalue
        out[f"posthoc_{test}"] = tuple(
            mc.posthoc_all_pairs(x, test=test, procedures=["holm"]).pvalue
        )
    out["aligned_ranks"] = tuple(mc.friedman_aligned_ranks(x).aligned_ranks.to_numpy().ravel())
    out["quade_Q"] = tuple(mc.quade(x).dataset_ranks)
    out["wilcoxon"] = mc.wilcoxon(x[:, 0], x[:, 1]).pvalue
    return out


def _assert_same(a: dict[str, Any], b: dict[str, Any]) -> None:
    for key, expected in a.items():
        np.testing.assert_allclose(
            np.asarray(b[key], dtype=float),
            np.asarray(expected, dtype=float),
            rtol=1e-12,
            atol=0,
            err_msg=key,
        )


@settings(max_examples=15)
@given(tables, st.sampled_from([70.0, -1000.0, 0.3, 12345.678]))
def test_a_shift_of_all_scores_changes_nothing(x: np.ndarray, shift: float) -> None:
    _assert_same(_everything(x), _everything(x + shift))


@settings(max_examples=15)
@given(tables, st.data(), st.sampled_from([1e-12, 1e-3, 7.3, 1e9, 1e15]))
def test_rescaling_one_data_set_changes_no_within_row_test(
    x: np.ndarray, draw: st.DataObject, factor: float
) -> None:
    row = draw.draw(st.integers(0, x.shape[0] - 1))
    scaled = x.copy()
    scaled[row] *= factor
    _assert_same(_within_row(x), _within_row(scaled))


@settings(max_examples=10)
@given(tables, st.sampled_from([1e-305, 1e-200, 1e-9, 1e9, 1e200, 1e306]))
def test_rescaling_all_scores_changes_nothing_down_to_1e_minus_300_and_up_to_1e306(
    x: np.ndarray, factor: float
) -> None:
    _assert_same(_everything(x), _everything(x * factor))


def test_the_issues_sign_test_and_aligned_ranks_examples() -> None:
    """Issue 8.2: one data set in other units (1e12) made the others' differences ties."""
    x = [2e-12, 3e-12, 4e-12, 5e-12, 6e-12, 7e-12, 8e-12, 9e-12, 1e12]
    y = [1e-12, 1.5e-12, 2e-12, 2.5e-12, 3e-12, 3.5e-12, 4e-12, 4.5e-12, 0.9e12]
    result = mc.sign_test(x, y)
    assert (result.wins, result.losses, result.ties) == (9, 0, 0)
    assert result.pvalue == pytest.approx(2 * 0.5**9)
    # A data set whose scores differ at 1e-9 next to data sets near 70: the old whole-table
    # precision tied its aligned observations.
    rng = np.random.default_rng(8)
    x = np.round(rng.uniform(0, 1, (8, 4)), 3)
    x[0] = [1e-9, 3e-9, 2e-9, 4e-9]
    _assert_same(_everything(x), _everything(x + 70.0))
    assert len(set(mc.friedman_aligned_ranks(x + 70).aligned_observations.iloc[0])) == 4


@pytest.mark.parametrize(
    "function", [mc.friedman, mc.iman_davenport, mc.friedman_aligned_ranks, mc.quade]
)
def test_extreme_magnitudes_give_the_right_answer_or_a_clear_error(
    function: Callable[..., Any],
) -> None:
    base = np.array([[1.7, 1.6, 1.5], [1.1, 1.3, 1.2], [1.0, 1.5, 1.4], [1.2, 1.1, 1.6]])
    expected = function(base).pvalue
    for factor in (1e-300, 1e300, 1e308):
        assert function(base * factor).pvalue == pytest.approx(expected, rel=1e-12), factor
    # Subnormal scores (1e-320) keep about 12 bits, so they are not exactly base * 1e-320;
    # they give the answer of the same scores scaled exactly (by a power of two).
    tiny = base * 1e-320
    assert function(tiny).pvalue == pytest.approx(function(np.ldexp(tiny, 1000)).pvalue, rel=1e-12)
    # Differences and aligned observations beyond the largest float: a clear error, not NaN.
    wide = np.array([[1.7e308, -1.7e308, 1.7e308], [1.0, 2.0, 3.0], [2.0, 1.0, 3.0]])
    if function in (mc.friedman, mc.iman_davenport):
        assert np.isfinite(function(wide).pvalue)  # within-row ranks only
    else:
        with pytest.raises(ValueError, match="overflow float64"):
            function(wide)


def test_at_data_precision_is_canonical_across_scales() -> None:
    """The same decimal snapped at different scales is the same float (ties across data sets
    of different magnitudes survive), and no scale gives NaN."""
    noisy = 0.002 - 0.001, 0.009 - 0.008  # 0.001 twice, apart in their last bits
    assert noisy[0] != noisy[1]
    snapped = _ranks.at_data_precision(np.array(noisy), np.array([0.002, 0.009]))
    assert snapped[0] == snapped[1] == 0.001
    for scale in (1e-320, 1e-300, 1e-30, 1.0, 1e30, 1e300):
        value = _ranks.at_data_precision(np.array([0.5 * scale]), scale)
        assert np.isfinite(value).all() and value[0] == pytest.approx(0.5 * scale, rel=1e-9)


@pytest.mark.parametrize("test", ["friedman", "aligned", "quade"])
def test_masked_cells_are_missing_exactly_as_nan(test: str) -> None:
    x = np.round(np.random.default_rng(3).uniform(size=(6, 4)), 2)
    nan = x.copy()
    nan[2, 1] = np.nan
    masked = np.ma.masked_invalid(nan)
    masked.data[2, 1] = 1e300  # what lies under the mask is never read
    with pytest.raises(ValueError):
        mc.posthoc_all_pairs(masked, test=test)
    a = mc.posthoc_all_pairs(masked, test=test, nan_policy="omit").to_frame()
    b = mc.posthoc_all_pairs(nan, test=test, nan_policy="omit").to_frame()
    assert a.equals(b)
