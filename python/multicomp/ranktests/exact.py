"""Exact permutation distributions of the rank tests: the omnibus statistic's by dynamic
programming over the data sets' distinct rows, a pair's difference of rank sums by convolution;
cached, and refused beyond the enumeration limits.

A pair's distribution is that of D = sum_i (w_ia - w_ib) over the N data sets, a != b two
cells of row i drawn at random: the N-fold convolution of the rows' distributions of
w_ia - w_ib, integers after division by their greatest common divisor. Without ties (each
row a permutation of the ranks 1..k) every row has the same distribution, P(r_a - r_b = j)
= (k - |j|)/(k(k - 1)) for 0 < |j| < k, and the tail P(|D| >= d) is the exact p-value of
Eisinga, Heskes, Pelzer & Te Grotenhuis (2017, BMC Bioinformatics 18:68, eqs. 7-8), which R's
PMCMRplus computes from their closed form with 2048-bit floats (``pexactfrsd``,
R/pexactfrsd.R, lines 93-123; ``frdAllPairsExactTest`` and ``frdManyOneExactTest``). The
convolution of non-negative probabilities adds no cancellation, so every tail keeps its
relative accuracy in float64 down to about 1e-300 (the closed form's alternating sum needs the
2048 bits); with ties it is the exact permutation distribution given each data set's ranks.
tests/test_exact_posthoc.py checks it against their closed form (exact rationals) and against
the enumeration of all (k!)^N arrangements."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

__all__ = [
    "EXACT_LIMIT",
    "EXACT_WORK_LIMIT",
    "PAIR_WORK_LIMIT",
    "canonical",
    "exact_omnibus",
    "exact_pair_tail",
    "omnibus_log_work",
    "pair_work",
    "row_order",
]


#: The largest enumeration of an exact p-value, in array cells (states x arrangements x k for
#: the omnibus tests, support x row width for a pair): about 8 bytes each, 16 MB at most.
EXACT_LIMIT = 2_000_000


#: The most work of an exact post-hoc p-value, in multiply-adds of its N convolutions (sum over
#: the data sets of the support so far times the row's width, after dividing by the common
#: divisor), judged before it starts: about 0.2 s. Without ties it is about 2 N^2 (k - 1)^2:
#: N = k = 100 fits (Eisinga et al.'s largest example), N = 100 and k = 110 do not.
PAIR_WORK_LIMIT = 200_000_000


#: The most work of an exact omnibus p-value, in cells over all its steps (one per data set),
#: judged before it starts: 25 steps of :data:`EXACT_LIMIT`, a few seconds (at N <= 16 every
#: enumeration whose steps fit fits this too). Issue 22: N = 60,000 and k = 2 fitted each step
#: and ran for hours.
EXACT_WORK_LIMIT = 50_000_000


def _sum_of_squares(totals: np.ndarray) -> np.ndarray:
    """sum_j C_j^2 along the last axis, exactly (int64: totals of 1/4 units fit easily)."""
    return np.asarray(np.einsum("...j,...j->...", totals, totals))


@functools.cache
def _arrangements(k: int) -> np.ndarray:
    """All k! orders of k positions, (k!, k)."""
    return np.array(list(itertools.permutations(range(k))), dtype=np.intp)


def canonical(w: np.ndarray) -> np.ndarray:
    """The table with each row sorted and the rows in order (:func:`row_order`): the
    permutation distributions depend on nothing else, so Monte Carlo p-values do not depend on
    the order of the data sets or of the algorithms, and exact distributions are cached by it."""
    rows = np.sort(w, axis=1)
    ordered: np.ndarray = rows[row_order(rows)]
    return ordered


def row_order(rows: np.ndarray) -> np.ndarray:
    """The order of the sorted ``rows``: lexicographic in their pattern of ties (the
    within-row ranks, which are the Friedman ranks of the scores for every built-in test),
    then in their values. Every built-in test's table then puts the data sets in the same
    order, up to rows that are equal in it, so that tables drawn together (:func:`_drawn`)
    each get the counts of their own draw."""
    n, k = rows.shape
    starts = np.ones((n, k), dtype=bool)
    starts[:, 1:] = rows[:, 1:] != rows[:, :-1]
    if starts.all():  # no ties: one pattern
        return np.lexsort(rows.T[::-1])
    position = np.broadcast_to(np.arange(k), (n, k))
    ends = np.ones((n, k), dtype=bool)
    ends[:, :-1] = starts[:, 1:]
    first = np.maximum.accumulate(np.where(starts, position, 0), axis=1)
    last = np.minimum.accumulate(np.where(ends, position, k - 1)[:, ::-1], axis=1)[:, ::-1]
    # first + last: twice the midrank (minus 2) of each cell within its row
    return np.lexsort(np.concatenate([first + last, rows], axis=1).T[::-1])


def exact_omnibus(w: np.ndarray) -> float | None:
    """P(S* >= S) by enumeration, or None beyond EXACT_LIMIT."""
    if not _enumerable(w):
        return None
    rows = canonical(w)
    distribution = _omnibus_distribution(rows.tobytes(), rows.shape)
    if distribution is None:
        return None
    values, tail = distribution
    at = np.searchsorted(values, _sum_of_squares(w.sum(axis=0)))
    return float(tail[at]) if at < values.size else 0.0


def _enumerable(w: np.ndarray) -> bool:
    """Whether the enumeration of :func:`_omnibus_distribution` is expected to fit in
    EXACT_LIMIT cells at each step and EXACT_WORK_LIMIT over its N - 1 steps, judged before any
    work (:func:`omnibus_log_work`)."""
    log_step, log_work = omnibus_log_work(w)
    return bool(log_step <= math.log(EXACT_LIMIT) and log_work <= math.log(EXACT_WORK_LIMIT))


def omnibus_log_work(w: np.ndarray) -> tuple[float, float]:
    """The logarithms of the cells of the largest step and of all N - 1 steps of the
    enumeration of :func:`_omnibus_distribution` of ``w`` (in units), bounds judged before any
    work: the number of states (distinct sorted column totals) is at most the number of
    arrangements of rows 2..N, and about (R + 1)^(k-1)/(k-1)! when the totals move on a
    lattice of R + 1 steps."""
    n, k = w.shape
    if n < 2:
        return -math.inf, -math.inf
    shifted = w - w.min(axis=1, keepdims=True)
    step = int(np.gcd.reduce(shifted.ravel())) or 1
    lattice = int(shifted.max(axis=1).sum()) // step + 1
    log_arrangements = math.lgamma(k + 1)  # in logarithms: k! and its powers overflow floats
    log_states = min((n - 2) * log_arrangements, (k - 1) * math.log(lattice) - math.lgamma(k))
    log_step = log_states + log_arrangements + math.log(k)
    return log_step, log_step + math.log(n - 1)


@functools.lru_cache(maxsize=256)
def _omnibus_distribution(
    table: bytes, shape: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray] | None:
    """The exact null distribution of S for the canonical table (bytes of int64, ``shape``):
    the sorted distinct values of S and P(S* >= value), enumerated over the sorted column
    totals row by row; None if a step needs more than EXACT_LIMIT cells."""
    w = np.frombuffer(table, dtype=np.int64).reshape(shape)
    k = shape[1]
    if math.factorial(k) * k > EXACT_LIMIT:
        return None
    orders = _arrangements(k)
    states = w[:1].copy()
    probability: np.ndarray = np.ones(1)
    low, high = int(w[0].min()), int(w[0].max())
    for row in w[1:]:
        arranged, counts = np.unique(row[orders], axis=0, return_counts=True)
        if states.shape[0] * arranged.shape[0] * k > EXACT_LIMIT:
            return None
        totals = np.sort((states[:, None, :] + arranged[None, :, :]).reshape(-1, k), axis=1)
        low, high = low + int(row.min()), high + int(row.max())
        states, inverse = _distinct_rows(totals, low, high)
        weights = probability[:, None] * (counts / counts.sum())[None, :]
        probability = np.bincount(inverse, weights=weights.ravel())
    values, inverse = np.unique(_sum_of_squares(states), return_inverse=True)
    mass = np.bincount(inverse.ravel(), weights=probability)
    return _frozen(values), _frozen(np.minimum(np.cumsum(mass[::-1])[::-1], 1.0))


def _distinct_rows(rows: np.ndarray, low: int, high: int) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(rows, axis=0, return_inverse=True) for integer rows with entries in
    [low, high]: through one int64 key per row when (high - low + 1)^k fits (much faster)."""
    radix = high - low + 1
    k = rows.shape[1]
    if radix**k >= 2**62:
        distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
        return distinct, inverse.ravel()
    keys = (rows - low) @ (radix ** np.arange(k, dtype=np.int64))
    first, inverse = np.unique(keys, return_index=True, return_inverse=True)[1:]
    return rows[first], inverse.ravel()


def exact_pair_tail(w: np.ndarray) -> np.ndarray | None:
    """tail[x] = P(|D*| >= x), x = 0, 1, ...: the exact distribution of a difference of two
    column totals of the integer table ``w`` under within-row permutations (module docstring),
    or None beyond :data:`PAIR_WORK_LIMIT` (:func:`pair_work`, judged before any work)."""
    if pair_work(w) > PAIR_WORK_LIMIT:
        return None
    rows = canonical(w)
    return _pair_tail(rows.tobytes(), rows.shape)


def _reduced(w: np.ndarray) -> tuple[np.ndarray, int]:
    """The rows of ``w`` minus their minimum, divided by the greatest common divisor of all
    within-row differences (``step``; 1 when every row is constant), and that step."""
    shifted = w - w.min(axis=1, keepdims=True)
    step = int(np.gcd.reduce(shifted.ravel())) or 1
    return shifted // step, step


def pair_work(w: np.ndarray) -> int:
    """The multiply-adds of the N convolutions of :func:`exact_pair_tail` for the integer
    table ``w``: sum over the rows of the support so far times the row's width."""
    spans = _reduced(w)[0].max(axis=1)
    widths = 2 * spans + 1
    return int(np.sum(np.cumsum(widths) * widths))


@functools.lru_cache(maxsize=256)
def _pair_tail(table: bytes, shape: tuple[int, int]) -> np.ndarray:
    """:func:`exact_pair_tail` of the canonical table (bytes of int64, ``shape``): the N rows'
    distributions of w_ia - w_ib (a != b drawn at random) convolved, in units of the common
    divisor of the differences, then read back in the table's units."""
    rows, step = _reduced(np.frombuffer(table, dtype=np.int64).reshape(shape))
    first, second = (np.array(side) for side in zip(*itertools.permutations(range(shape[1]), 2)))
    pmf = np.ones(1)
    low = 0
    cached: tuple[bytes, np.ndarray] = (b"", pmf)
    for row in rows:  # rows are sorted: equal rows follow each other
        if row.tobytes() != cached[0]:
            d = row[first] - row[second]  # every ordered pair of distinct cells, equally likely
            cached = (row.tobytes(), np.bincount(d - d.min()) / d.size)
        pmf = np.convolve(pmf, cached[1])
        low -= (cached[1].size - 1) // 2  # each row's differences are symmetric about 0
    by_gap = np.bincount(np.abs(np.arange(pmf.size) + low), weights=pmf)
    tail = np.minimum(np.cumsum(by_gap[::-1])[::-1], 1.0)
    tail[0] = 1.0  # P(|D| >= 0), whatever the rounding of the sum
    # P(|D| >= x) in the table's units: |D| is a multiple of step
    return _frozen(tail[-(-np.arange(step * (tail.size - 1) + 1) // step)])


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array`` made read-only (the caches hand the same array to every caller)."""
    array.setflags(write=False)
    return array
