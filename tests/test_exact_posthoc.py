"""Exact post-hoc p-values of the Friedman ranks (``method="exact"``): the distribution of a
difference of two rank sums by convolution, against the closed form of Eisinga, Heskes, Pelzer
& Te Grotenhuis (2017; R's PMCMRplus ``frdAllPairsExactTest``, ``frdManyOneExactTest``) in
exact rationals, against the enumeration of all (k!)^N arrangements (with ties too), its
properties, its tiny tails and its limit."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc
from multicomp.ranktests import exact
from multicomp.ranktests.exact import PAIR_WORK_LIMIT, exact_pair_tail, pair_work
from peer_examples import SACHS


def eisinga_pvalue(d: int, k: int, n: int) -> Fraction:
    """P(|D| >= d) for the difference D of two Friedman rank sums over n blocks of k ranks
    without ties: Eisinga et al. (2017, eqs. 7-8), as PMCMRplus' ``pexactfrsd`` writes it
    (R/pexactfrsd.R, lines 99-113), in exact rationals instead of 2048-bit floats."""
    if d == 0:
        return Fraction(1)
    total = Fraction(0)
    for h in range(n + 1):
        inner = sum(
            (-1) ** s * math.comb(2 * h, h + s) * math.comb(k * s - d + h, k * s - d - h)
            for s in range(h + 1)
            if k * s - d - h >= 0
        )
        total += Fraction(math.comb(n, h) * inner, k**h * (1 - k) ** n)
    return 2 * total


def _no_ties(n: int, k: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(n, k)) + np.linspace(0.0, 1.5, k)
    return pd.DataFrame(values, columns=[f"A{j}" for j in range(k)])


def _rank_sum_gaps(
    result: mc.results.PosthocAllPairsResult | mc.results.PosthocControlResult,
) -> np.ndarray:
    return np.rint(np.abs(result.difference.to_numpy()) * result.n_datasets).astype(int)


@pytest.mark.parametrize(
    ("n", "k", "seed"), [(4, 3, 1), (6, 6, 2), (10, 5, 3), (16, 8, 4), (30, 4, 5)]
)
def test_all_pairs_and_control_equal_eisinga_closed_form(n: int, k: int, seed: int) -> None:
    data = _no_ties(n, k, seed)
    for result in (
        mc.posthoc_all_pairs(data, method="exact", procedures=["holm"]),
        mc.posthoc_control(data, "A0", method="exact", procedures=["holm"]),
    ):
        assert result.method == "exact"
        expected = [float(eisinga_pvalue(int(d), k, n)) for d in _rank_sum_gaps(result)]
        np.testing.assert_allclose(result.pvalue, expected, rtol=1e-13, atol=0)


def test_sachs_equals_pmcmrplus_exact_tests() -> None:
    """frdAllPairsExactTest(y, p.adjust = "bonferroni") and frdManyOneExactTest (control A) of
    PMCMRplus' example: Eisinga's p-values times 15, resp. 5, capped at 1."""
    pairs = mc.posthoc_all_pairs(SACHS, method="exact", procedures=["bonferroni"])
    expected = [min(1.0, 15 * float(eisinga_pvalue(int(d), 6, 6))) for d in _rank_sum_gaps(pairs)]
    np.testing.assert_allclose(pairs.adjusted["bonferroni"], expected, rtol=1e-13)
    control = mc.posthoc_control(SACHS, "A", method="exact", procedures=["bonferroni"])
    expected = [min(1.0, 5 * float(eisinga_pvalue(int(d), 6, 6))) for d in _rank_sum_gaps(control)]
    np.testing.assert_allclose(control.adjusted["bonferroni"], expected, rtol=1e-13)
    # A vs F: rank sums 8 and 33, d = 25 of at most 30
    assert control.pvalue["F"] == pytest.approx(float(eisinga_pvalue(25, 6, 6)), rel=1e-14)


def _enumerated_tail(w: np.ndarray) -> dict[int, Fraction]:
    """P(|D| >= d) for every d, D = column 0 minus column 1 totals, over all (k!)^N
    arrangements of the rows of ``w`` (each equally likely), in exact rationals."""
    k = w.shape[1]
    per_row = [[row[p[0]] - row[p[1]] for p in itertools.permutations(range(k))] for row in w]
    counts: dict[int, int] = {}
    for combination in itertools.product(*per_row):
        gap = abs(sum(combination))
        counts[gap] = counts.get(gap, 0) + 1
    total = sum(counts.values())
    return {d: Fraction(sum(c for g, c in counts.items() if g >= d), total) for d in counts}


@pytest.mark.parametrize(
    "rows",
    [
        [[1, 2, 3]] * 4,  # no ties, k = 3, N = 4: 6^4 arrangements
        [[1, 2, 3, 4]] * 3,  # k = 4, N = 3: 24^3
        [[1, 2, 3, 4], [1.5, 1.5, 3, 4], [2, 2, 2, 4]],  # midranks
        [[1, 2, 3], [2, 2, 2], [1, 2.5, 2.5], [1.5, 1.5, 3]],
    ],
)
def test_convolution_equals_enumeration(rows: list[list[float]]) -> None:
    w = np.rint(np.array(rows) * 4).astype(np.int64)
    tail = exact_pair_tail(w)
    assert tail is not None
    for d, probability in _enumerated_tail(w).items():
        assert tail[d] == pytest.approx(float(probability), rel=1e-14)
    assert tail.size - 1 == max(_enumerated_tail(w))  # no mass beyond the largest gap


@given(
    st.integers(1, 3).flatmap(
        lambda n: st.integers(2, 4).flatmap(
            lambda k: st.lists(
                st.lists(st.integers(0, 2), min_size=k, max_size=k), min_size=n, max_size=n
            )
        )
    )
)
def test_convolution_equals_enumeration_of_random_tables(scores: list[list[int]]) -> None:
    """Friedman midranks (ties) of random small tables: the convolution is the enumeration;
    tail[0] = 1, the tail does not increase, and the probabilities it implies sum to 1."""
    w = np.rint(stats.rankdata(np.array(scores), axis=1) * 4).astype(np.int64)
    tail = exact_pair_tail(w)
    assert tail is not None
    assert tail[0] == 1.0 and np.all(np.diff(tail) <= 0.0)
    mass = -np.diff(np.append(tail, 0.0))
    assert mass.sum() == pytest.approx(1.0, rel=1e-14)
    for d, probability in _enumerated_tail(w).items():
        assert tail[d] == pytest.approx(float(probability), rel=1e-13)


@given(st.integers(2, 12), st.integers(1, 40))
def test_tail_is_eisinga_for_any_size(k: int, n: int) -> None:
    """Every d of the support, and the order of the data sets and algorithms changes
    nothing; P(|D| = n(k-1)) = 2 (k(k-1))^-n (each row at its extreme, either sign)."""
    w = np.tile(np.arange(1, k + 1), (n, 1)) * 4
    tail = exact_pair_tail(w)
    assert tail is not None and tail.size == 4 * n * (k - 1) + 1
    rng = np.random.default_rng(k * 100 + n)
    shuffled = exact_pair_tail(rng.permuted(w, axis=1)[rng.permutation(n)])
    np.testing.assert_array_equal(tail, shuffled)
    for d in {1, n * (k - 1) // 2, n * (k - 1)}:
        assert tail[4 * d] == pytest.approx(float(eisinga_pvalue(d, k, n)), rel=1e-12)
    assert tail[-1] == pytest.approx(2.0 / (k * (k - 1)) ** n, rel=1e-12)


def test_tiny_tails_keep_their_relative_accuracy() -> None:
    """k = 10, N = 100 (Eisinga et al.'s scale): the far tail, 1e-195 at the largest
    difference, to 1e-12 relative (the closed form's alternating sum needs 2048 bits)."""
    k, n = 10, 100
    tail = exact_pair_tail(np.tile(np.arange(1, k + 1), (n, 1)))
    assert tail is not None
    for d in (300, 600, 880, 900):
        assert tail[d] == pytest.approx(float(eisinga_pvalue(d, k, n)), rel=1e-12)
    assert 1e-196 < tail[900] < 1e-194


def test_limit_is_checked_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """N = k = 100 fits (Eisinga et al.'s largest example); beyond PAIR_WORK_LIMIT
    method="exact" is a ValueError naming the limit, before any convolution runs."""
    fits = np.tile(np.arange(1, 101), (100, 1))
    assert pair_work(fits) <= PAIR_WORK_LIMIT < pair_work(np.tile(np.arange(1, 111), (100, 1)))

    def refused(*args: object) -> None:
        raise AssertionError("the convolutions ran")

    monkeypatch.setattr(exact, "_pair_tail", refused)
    with pytest.raises(ValueError, match=r"multiply-adds .* beyond the limit of 200,000,000"):
        mc.posthoc_all_pairs(_no_ties(100, 110, 6), method="exact", procedures=["holm"])


def test_auto_uses_the_exact_distribution_where_it_fits() -> None:
    """method="auto" (N <= 16) is exact for k = 40 algorithms too."""
    result = mc.posthoc_all_pairs(_no_ties(12, 40, 7), procedures=["holm"])
    assert result.method == "exact" and result.n_resamples is None
