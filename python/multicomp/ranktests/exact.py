"""Exact permutation distributions of the rank tests: the omnibus statistic's by dynamic
programming over the data sets' distinct rows, a pair's difference of rank sums by convolution;
cached, and refused beyond the enumeration limits."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

__all__ = [
    "EXACT_LIMIT",
    "EXACT_WORK_LIMIT",
    "canonical",
    "exact_omnibus",
    "exact_pair_tail",
    "omnibus_log_work",
    "pair_cells",
    "row_order",
]


#: The largest enumeration of an exact p-value, in array cells (states x arrangements x k for
#: the omnibus tests, support x row width for a pair): about 8 bytes each, 16 MB at most.
EXACT_LIMIT = 2_000_000


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
    column totals under within-row permutations, or None beyond EXACT_LIMIT."""
    rows = canonical(w)
    return _pair_tail(rows.tobytes(), rows.shape)


@functools.lru_cache(maxsize=256)
def _pair_tail(table: bytes, shape: tuple[int, int]) -> np.ndarray | None:
    """:func:`exact_pair_tail` of the canonical table (bytes of int64, ``shape``): the N rows'
    distributions of w_ia - w_ib (a != b drawn at random) convolved."""
    w = np.frombuffer(table, dtype=np.int64).reshape(shape)
    k = shape[1]
    if pair_cells(w) > EXACT_LIMIT:
        return None
    first, second = (np.array(side) for side in zip(*itertools.permutations(range(k), 2)))
    pmf = np.ones(1)
    low = 0
    for row in w:
        d = row[first] - row[second]  # every ordered pair of distinct cells, equally likely
        row_low = int(d.min())
        pmf = np.convolve(pmf, np.bincount(d - row_low) / d.size)
        low += row_low
    by_gap = np.bincount(np.abs(np.arange(pmf.size) + low), weights=pmf)
    return _frozen(np.minimum(np.cumsum(by_gap[::-1])[::-1], 1.0))


def pair_cells(w: np.ndarray) -> int:
    """The cells of the convolutions of :func:`exact_pair_tail` of ``w`` (in units)."""
    spans = w.max(axis=1) - w.min(axis=1)
    support = np.cumsum(2 * spans + 1)
    return int(np.sum(support * (2 * spans + 1)))


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array`` made read-only (the caches hand the same array to every caller)."""
    array.setflags(write=False)
    return array
