"""The arithmetic behind :func:`multicomp.pairs.effect_size.effect_sizes`: scale-free scores,
Cliff's delta and its bootstrap in O(N log N) and O(N) per pair, the resamples of the data
sets in blocks of bounded memory, and the BCa and percentile intervals.

Cliff's delta of a pair (a, b) is (1/N^2) sum_ij sign(x_ia - x_jb). With column b sorted, the
scores of b below x_ia are the first ``lo_i`` and those above it all from ``hi_i`` on
(``searchsorted``), so the sum is sum_i (lo_i + hi_i - N). A resample that draws data set i
``c_i`` times weights term (i, j) by c_i c_j: with C the cumulative counts of b's data sets in
sorted order, sum_i c_i (C[lo_i] + C[hi_i] - N), O(N) per resample and pair where the matrix
of signs takes O(N^2); the native core (``multicomp._core.cliff_draws``) sums it.

References: Efron & Tibshirani (1993), An Introduction to the Bootstrap, Chapman & Hall
(percentile intervals, Sec. 13.3; BCa, Sec. 14.3, eq. 14.9-14.15).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

import numpy as np
from scipy import special

from multicomp import _core

__all__ = [
    "BLOCK_CELLS",
    "bca",
    "Dominance",
    "cliff_draws",
    "medians_and_mads",
    "pair_blocks",
    "percentile",
    "resamples",
    "scale_free",
    "unscale",
    "work",
]

#: Most cells (resamples x data sets x pairs, or resamples x data sets x algorithms) one step
#: of the bootstrap holds: 2^22 floats, 32 MB, a few milliseconds of work between the checks
#: for Ctrl-C.
BLOCK_CELLS = 2**22


def scale_free(x: np.ndarray) -> tuple[np.ndarray, int]:
    """``x`` and 0 when its largest finite magnitude lies in [1e-100, 1e100], where sums of
    squares of N scores neither overflow nor underflow; else ``x`` over 10^e and e, the
    power of ten of that magnitude (every effect size is a ratio of scores: unchanged)."""
    finite = np.abs(x[np.isfinite(x)])
    top = float(finite.max()) if finite.size else 0.0
    if top == 0.0 or 1e-100 <= top <= 1e100:
        return x, 0
    exponent = int(np.floor(np.log10(top)))
    return unscale(x, -exponent), exponent


def unscale(values: np.ndarray, exponent: int) -> np.ndarray:
    """``values`` times 10^exponent, in two steps that keep each power of ten a normal float
    (exponents -646 to 616)."""
    if exponent == 0:
        return values
    half = exponent // 2
    return (values * 10.0**half) * 10.0 ** (exponent - half)


def work(n: int, k: int, n_pairs: int, n_resamples: int, d_form: str) -> float:
    """The steps of one call (about 2 ns each): the bootstrap of Cliff's delta (resamples x
    data sets per pair), of the medians of each algorithm, the sorting of each pair's draws
    for its interval, and the 120 noncentral t evaluations of each paired d's interval (about
    1 microsecond each)."""
    per_pair = n_resamples * (n + 3 * np.log2(n_resamples))
    if d_form == "paired":
        per_pair += 120 * 500
    return float(n_pairs * per_pair + 4 * n_resamples * n * k)


def resamples(
    rng: np.random.Generator, n: int, n_resamples: int, width: int
) -> Iterator[np.ndarray]:
    """The counts of each data set in each bootstrap resample, drawn in chunks of rows with
    about :data:`BLOCK_CELLS` / ``width`` cells (``width``: cells per count of a step), from a copy
    of ``rng`` (every call gives the same resamples)."""
    source = copy.deepcopy(rng)
    chunk = max(1, BLOCK_CELLS // max(1, n * width))
    for start in range(0, n_resamples, chunk):
        yield source.multinomial(n, np.full(n, 1 / n), size=min(chunk, n_resamples - start))


def pair_blocks(n_pairs: int, n: int, n_resamples: int) -> Iterator[slice]:
    """Consecutive blocks of pairs whose draws (resamples x pairs) hold at most a quarter of
    :data:`BLOCK_CELLS` cells (at least one pair): the intervals of a block keep a few arrays
    of that size at once."""
    size = max(1, BLOCK_CELLS // (4 * max(n_resamples, n)))
    for start in range(0, n_pairs, size):
        yield slice(start, min(start + size, n_pairs))


class Dominance:
    """Where each score of the first algorithm of each pair falls among the sorted scores of
    the second: the arrays behind Cliff's delta, its jackknife and its bootstrap.

    ``x``: N x k scores, compared as floats (snapped to the data's precision first), and the
    pairs (first[p], second[p]) of its columns; O(N log N) per pair.
    """

    def __init__(self, x: np.ndarray, first: np.ndarray, second: np.ndarray) -> None:
        n = x.shape[0]
        self.n = n
        self.order = np.argsort(x, axis=0, kind="stable")
        ordered = np.take_along_axis(x, self.order, axis=0)
        self.lo = np.empty((first.size, n), dtype=np.intp)
        self.hi = np.empty_like(self.lo)
        back_lo, back_hi = np.empty_like(self.lo), np.empty_like(self.lo)
        for p, (a, b) in enumerate(zip(first, second)):
            self.lo[p] = np.searchsorted(ordered[:, b], x[:, a], side="left")
            self.hi[p] = np.searchsorted(ordered[:, b], x[:, a], side="right")
            back_lo[p] = np.searchsorted(ordered[:, a], x[:, b], side="left")
            back_hi[p] = np.searchsorted(ordered[:, a], x[:, b], side="right")
        self.second = second
        # row i: sum_j sign(x_ia - x_jb); column i: sum_j sign(x_ja - x_ib)
        self.rows = self.lo + self.hi - n
        self.columns = n - back_lo - back_hi
        self.own = np.sign(x[:, first] - x[:, second]).T

    def values(self) -> np.ndarray:
        """Cliff's delta of each pair."""
        values: np.ndarray = self.rows.sum(axis=1) / self.n**2
        return values

    def jackknife(self) -> np.ndarray:
        """Delta without data set i (N x pairs): the N^2 sum less row i and column i, plus
        their shared term."""
        total = self.rows.sum(axis=1)
        left: np.ndarray = total[:, None] - self.rows - self.columns + self.own
        jackknife: np.ndarray = (left / max(self.n - 1, 1) ** 2).T
        return jackknife


def cliff_draws(dominance: Dominance, counts: np.ndarray) -> np.ndarray:
    """Cliff's delta of the pairs of ``dominance`` in each resample (rows of ``counts``):
    resamples x pairs, exact (integer sums), from the native core: O(N) per pair and
    resample, over blocks of resamples in contiguous lanes, with the GIL released and Ctrl-C
    honoured."""
    return _core.cliff_draws(
        dominance.order.T, dominance.second, dominance.lo, dominance.hi, counts
    )


def percentile(draws: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The percentile interval of each column of ``draws`` (resamples x pairs); NaN where a
    resample is not finite (a column with no spread)."""
    finite = np.isfinite(draws)
    low, high = np.quantile(np.where(finite, draws, 0.0), (alpha / 2, 1 - alpha / 2), axis=0)
    bad = ~np.all(finite, axis=0)
    return np.where(bad, np.nan, low), np.where(bad, np.nan, high)


def bca(
    draws: np.ndarray, estimate: np.ndarray, jackknife: np.ndarray, alpha: float
) -> tuple[np.ndarray, np.ndarray]:
    """The bias-corrected and accelerated interval of each column of ``draws`` (resamples x
    pairs) around ``estimate`` (Efron & Tibshirani 1993, eq. 14.9-14.15): the bias correction
    z0 from the share of draws below the estimate (ties count half), the acceleration from
    the jackknife values (N x pairs); the percentile interval where they are undefined.
    Where 1 - a z reaches 0 (a large acceleration), the level takes its limit, 0 or 1."""
    b = draws.shape[0]
    below = (draws < estimate).sum(axis=0) + 0.5 * (draws == estimate).sum(axis=0)
    z0 = special.ndtri(np.clip(below / b, 0.5 / b, 1 - 0.5 / b))
    u = jackknife.mean(axis=0) - jackknife
    spread = (u**2).sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.where(spread > 0, (u**3).sum(axis=0) / (6 * spread**1.5), 0.0)
    ordered = np.sort(draws, axis=0)
    column = np.arange(draws.shape[1])
    bounds = []
    for q in (alpha / 2, 1 - alpha / 2):
        z = z0 + special.ndtri(q)
        shrink = 1 - a * z  # at or below 0 past the limit z / shrink -> +-inf: level 1 or 0
        with np.errstate(divide="ignore", invalid="ignore"):
            level = np.where(shrink > 0, special.ndtr(z0 + z / shrink), (z > 0) * 1.0)
        position = np.clip(level, 0, 1) * (b - 1)
        index = np.minimum(np.floor(position).astype(np.intp), b - 2)
        weight = position - index
        bounds.append(ordered[index, column] * (1 - weight) + ordered[index + 1, column] * weight)
    return bounds[0], bounds[1]


def medians_and_mads(ordered: np.ndarray, order: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The median and the (unscaled) median absolute deviation of every algorithm in every
    resample: 2 x resamples x k, equal to ``numpy.median``'s, in O(N) per resample and
    algorithm. ``ordered``: the k x N sorted scores of each algorithm, ``order`` (N x k) their
    data sets.

    Each resample's sample, sorted, is ``ordered`` with every score repeated as often as its
    data set was drawn; its deviations from the median rise on both sides of the middle, two
    sorted runs merged up to their middle order statistics, by the native core
    (``multicomp._core.medians_and_mads``, the GIL released and Ctrl-C honoured)."""
    found: np.ndarray = _core.medians_and_mads(ordered, order.T, counts).transpose(1, 0, 2)
    return found
