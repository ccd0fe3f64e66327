"""Exact and Monte Carlo permutation p-values of the rank tests, permuting within data sets.

Under the null hypothesis of the Friedman family the k algorithms are exchangeable within each
data set: every arrangement of a data set's scores over the algorithms is equally likely,
independently of the other data sets. Each test is a function of a table of within-row scores
W (N data sets x k algorithms) whose rows permute with the scores:

* Friedman and Iman-Davenport: W = the Friedman ranks r_ij;
* Friedman Aligned Ranks: W = the aligned ranks. The aligned observation x_ij - mean_i moves
  with x_ij (the mean of a data set does not change), so the aligned ranks of a data set
  permute together with its scores;
* Quade: W_ij = Q_i r_ij, Q_i the rank of the range of data set i, which a permutation of its
  scores does not change (G10 eq. 17).

The four omnibus statistics are increasing functions of S = sum_j C_j^2, C_j = sum_i W_ij the
column totals, with every other term invariant under these permutations: the tie correction of
chi2_F depends on each row's multiset of ranks; F_F = (N-1) chi2_F / (N(k-1) - chi2_F)
increases with chi2_F (so Iman-Davenport's permutation p-value equals Friedman's); the aligned
statistic's denominator holds the data-set totals and the sum of squared ranks; Quade's
sum_j S_j^2 = S - (k+1)^2/4 k (sum_i Q_i)^2 and A2 is a sum over cells. So the permutation
p-value of each test is P(S* >= S), S* the statistic of the table with each row permuted.

The post-hoc z tests compare two column totals, D_jl = C_l - C_j. Under the complete null the
columns are exchangeable, so every pair has the same permutation distribution of D: the sum
over data sets of independent differences w_ia - w_ib of two distinct cells of row i drawn at
random. Its two-sided tail P(|D*| >= |d|) is the p-value of a pair; it decreases with |d|, so
equal differences get equal p-values and the adjustments (Holm, Shaffer, Bergmann-Hommel) apply
as to the normal p-values.

Exact p-values enumerate these distributions: the omnibus one over the sorted column totals
row by row (sorting is allowed because the arrangements of a row are invariant under relabelling
the algorithms, so only the multiset of totals matters; P(S* >= S) is then summed over the
multisets), the pair one by convolving the N rows' distributions of w_ia - w_ib (without
ties, the exact p-values of Eisinga et al. 2017). They stop before they exceed
:data:`~multicomp.ranktests.exact.EXACT_LIMIT` cells, resp.
:data:`~multicomp.ranktests.exact.PAIR_WORK_LIMIT` multiply-adds. Monte Carlo p-values draw ``n_resamples``
permutations of every row and report (b + 1)/(n + 1), b the number at least as extreme
(Phipson & Smyth 2010), never 0; for the post-hoc, b is averaged over the k(k-1)/2 pairs of
each resample (they share one null distribution), which makes the estimate more precise.

The Monte Carlo loop runs in the Rust core (``multicomp._core.permutation_draw``, GIL released,
Ctrl-C honoured) for the tests whose statistic increases with S (the built-in ones:
``RankTest.kernel``); one draw counts S* >= S and every pair's |D*| >= |d|, so the omnibus
test and its post-hoc share it. Several tests of the same scores are drawn together, each row
permuted once for all their tables: :func:`multicomp.compare` with ``test="aligned"`` draws
once for Friedman's row, the aligned ranks' test and its post-hoc. A table's counts are those
of its own draw, because every built-in table orders a row's cells as the scores do and the
canonical order of the data sets (:func:`~multicomp.ranktests.exact.canonical`) puts their pattern of ties first, which
is the same in every built-in table. Its random stream is xoshiro256++ seeded from
``random_state``, cut into blocks of 1,024 resamples each with its own jump of the stream,
so p-values do not depend on the number of threads. A test registered without the kernel is
resampled here, with numpy, and its own vectorised statistic computed on the permuted tables.

``method="auto"`` picks what it can finish and resolve: asymptotic above :data:`AUTO_MAX_N`
data sets; else exact where the enumeration fits; else Monte Carlo, with at least
``RESOLUTION / threshold`` resamples for a post-hoc whose smallest threshold is alpha/m (the
first step of Holm or Bonferroni over its m hypotheses), so that its floor 1/(n + 1) lies a
factor :data:`RESOLUTION` below it; and the asymptotic form when that work exceeds
:data:`multicomp._internal.work.PERMUTATION_WORK_LIMIT` (each result's ``method`` and ``n_resamples``
say which was used).

References: G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064;
Phipson & Smyth (2010), Stat. Appl. Genet. Mol. Biol. 9(1):39.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

import numpy as np

from multicomp import _core
from multicomp._internal.seeds import (
    RandomState,
    check_random_state,
    generator,
)
from multicomp._internal.validation import check_choice, check_count
from multicomp._internal.vocabulary import PVALUE_METHODS, PValueMethod, PValueSource
from multicomp._internal.work import PERMUTATION_WORK_LIMIT
from multicomp.ranktests.exact import (
    EXACT_LIMIT,
    EXACT_WORK_LIMIT,
    PAIR_WORK_LIMIT,
    canonical,
    exact_omnibus,
    exact_pair_tail,
    pair_work,
    row_order,
)


class PValueOptions(NamedTuple):
    """The options of a rank test's p-value, checked (:func:`check_options`), in the order
    :func:`omnibus_pvalue` and :func:`pair_pvalues` take them."""

    method: str
    random_state: RandomState
    n_resamples: int


#: Resamples of a Monte Carlo p-value by default: its standard error at p = 0.05 is 0.0022.
DEFAULT_RESAMPLES = 9_999
MAX_RESAMPLES = 10_000_000
#: ``method="auto"`` uses the asymptotic distributions for more data sets than this, and exact
#: or Monte Carlo permutation p-values up to it: the largest N at which an asymptotic form was
#: measured above 1.1 alpha (Bradley's 1978 stringent criterion, 0.055 at alpha = 0.05).
#: Measured at alpha = 0.05 under the complete null, scores without ties
#: (benches/asymptotic_sizes.py, benches/RESULTS-asymptotic-sizes.md: exact for Friedman's
#: chi-square and Iman-Davenport's F at k = 3 and 4, 40,000 simulated tables per cell for
#: k = 5 and 10 and for aligned ranks and Quade): Iman-Davenport rejects 0.075 and 0.068 at
#: N = 3 and 4 (k = 4) and above 0.055 up to N = 11; Quade 0.059 and 0.060 at N = 4 and 5,
#: k = 3; Friedman's chi-square (discrete at k = 3) 0.069 at N = 4, 0.058 at N = 12 and
#: 0.0575 at N = 16. From N = 17 to 20 every rate is at most 0.054.
AUTO_MAX_N = 16
#: ``method="auto"`` draws enough resamples that the floor of a Monte Carlo p-value,
#: 1/(n_resamples + 1), is this factor below the smallest threshold of the procedures that
#: read it (alpha/m for m hypotheses).
RESOLUTION = 10
#: Monte Carlo chunk of the numpy engine: at most this many cells (resamples x N x k) at a
#: time, about 16 MB each for the permuted table and its index.
_CHUNK_CELLS = 2_000_000
Statistic = Callable[[np.ndarray], np.ndarray]
"""Permuted tables (..., N, k) -> the statistic of each (the numpy engine's tests)."""
#: Integer units per unit of W: Friedman and aligned ranks are multiples of 1/2, Quade's
#: Q_i r_ij of 1/4.
_UNITS = 4


class PValue(NamedTuple):
    """A p-value and how it was computed: ``method`` ("asymptotic", "exact" or "permutation")
    and ``n_resamples`` (Monte Carlo only, else None)."""

    pvalue: float
    method: PValueSource
    n_resamples: int | None = None


def pvalue_label(method: PValueSource, n_resamples: int | None) -> str:
    """How a p-value was computed, for reports: "asymptotic", "exact permutation" or "Monte
    Carlo permutation, 9,999 resamples" (without the count when ``n_resamples`` is None)."""
    if method == "permutation":
        resamples = "" if n_resamples is None else f", {n_resamples:,} resamples"
        return f"Monte Carlo permutation{resamples}"
    return "exact permutation" if method == "exact" else method


def check_options(
    method: object, random_state: object, n_resamples: object
) -> tuple[PValueMethod, int]:
    """Check the three p-value options before any work: ``method`` as spelled in
    :data:`PVALUE_METHODS`, ``random_state`` a seed, Generator or None, and ``n_resamples`` as
    an int (ValueError/TypeError otherwise)."""
    check_random_state(random_state)
    return (
        check_choice("method", method, PVALUE_METHODS),
        check_count(n_resamples, "n_resamples", 1, MAX_RESAMPLES),
    )


def units(table: np.ndarray) -> np.ndarray:
    """W (Friedman, aligned or Quade ranks, multiples of 1/4) as exact int64 counts of 1/4."""
    if not _integral(table):
        raise ValueError("permutation p-values need ranks that are multiples of 1/4")
    return np.round(np.asarray(table, dtype=np.float64) * _UNITS).astype(np.int64)


def resolve(method: str, n_datasets: int) -> str:
    """``method``, or for ``"auto"`` with ``n_datasets`` data sets (:data:`AUTO_MAX_N`)
    ``"asymptotic"`` (large N) or ``"auto"`` (exact where it fits, else Monte Carlo)."""
    if method == "auto" and n_datasets > AUTO_MAX_N:
        return "asymptotic"
    return method


def omnibus_pvalue(
    table: np.ndarray,
    asymptotic: float,
    method: str,
    random_state: RandomState,
    n_resamples: int,
    *,
    statistic: Statistic | None = None,
    pairs: float | None = None,
) -> PValue:
    """The p-value of an omnibus test of the within-row scores ``table`` (N x k, W of the module
    docstring) by ``method``: the ``asymptotic`` one given, P(S* >= S) enumerated (``"exact"``;
    ValueError when it does not fit in :data:`~multicomp.ranktests.exact.EXACT_LIMIT`), or by Monte Carlo. ``"auto"``:
    :func:`resolve`, exact falling back to Monte Carlo, and to the asymptotic p-value when
    the Monte Carlo work exceeds :data:`multicomp._internal.work.PERMUTATION_WORK_LIMIT`.

    ``statistic``: for a test without the Rust kernel, its statistic of permuted tables (the
    numpy engine; no exact form). ``pairs``: as for :func:`omnibus_pvalues`."""
    if statistic is None:
        return omnibus_pvalues(
            [table], [asymptotic], method, random_state, n_resamples, pairs=pairs
        )[0]
    method = resolve(method, table.shape[0])
    if method == "asymptotic":
        return PValue(float(asymptotic), "asymptotic")
    if method == "exact":
        raise ValueError(_too_big(table.shape))
    n, k = table.shape
    if method == "auto" and _work(n, k, n_resamples, False) > PERMUTATION_WORK_LIMIT:
        return PValue(float(asymptotic), "asymptotic")
    values = np.asarray(table, np.float64)
    draw = _numpy_draw(values, statistic, np.zeros(0), n_resamples, _seed(random_state))
    return _omnibus_of(draw.at_least, n_resamples)


def omnibus_pvalues(
    tables: Sequence[np.ndarray],
    asymptotic: Sequence[float],
    method: str,
    random_state: RandomState,
    n_resamples: int,
    *,
    pairs: float | None = None,
) -> list[PValue]:
    """:func:`omnibus_pvalue` of several tests with the Rust kernel on the same scores (their
    within-row ``tables`` and ``asymptotic`` p-values): those that are not exact share one
    Monte Carlo draw, and each gets the p-value its own draw would give.

    ``pairs``: the smallest threshold of the post-hoc that will follow on the first table
    (:func:`pair_pvalues`): the draw then counts its pairs too, with the resamples it needs,
    so that one draw serves the omnibus tests and the post-hoc."""
    if not tables:
        return []
    n, k = tables[0].shape
    method = resolve(method, n)
    if method == "asymptotic":
        return [PValue(float(p), "asymptotic") for p in asymptotic]
    w = [units(table) for table in tables]
    found = {}
    if method != "permutation":
        exact = [exact_omnibus(table) for table in w]
        found = {i: PValue(p, "exact") for i, p in enumerate(exact) if p is not None}
    if method == "exact" and len(found) < len(tables):
        raise ValueError(_too_big(tables[0].shape))
    drawn = [i for i in range(len(tables)) if i not in found]
    if pairs is not None and not _pairs_exact(w[0], method):
        members = sorted({0, *drawn})
        with_pairs = pair_resamples(method, n_resamples, pairs, (n, k), len(members))
        if with_pairs is not None:
            draws = _drawn([w[i] for i in members], _all_gaps(w[0]), with_pairs, random_state)
            found |= {i: _omnibus_of(d.at_least, with_pairs) for i, d in zip(members, draws)}
            return [found[i] for i in range(len(tables))]
    if (
        drawn
        and method == "auto"
        and _work(n, k, n_resamples, False, len(drawn)) > PERMUTATION_WORK_LIMIT
    ):
        found |= {i: PValue(float(asymptotic[i]), "asymptotic") for i in drawn}
    elif drawn:
        draws = _drawn([w[i] for i in drawn], None, n_resamples, random_state)
        found |= {i: _omnibus_of(d.at_least, n_resamples) for i, d in zip(drawn, draws)}
    return [found[i] for i in range(len(tables))]


def pair_pvalues(
    table: np.ndarray,
    difference: np.ndarray,
    method: str,
    random_state: RandomState,
    n_resamples: int,
    *,
    asymptotic: np.ndarray | None = None,
    threshold: float | None = None,
) -> tuple[np.ndarray, PValueSource, int | None]:
    """Two-sided permutation p-values P(|D*| >= |d|) of column-total differences ``difference``
    (in units of W, any shape) of the within-row scores ``table`` (N x k). ``method`` is
    ``"exact"`` (ValueError when it does not fit), ``"permutation"`` or ``"auto"`` (exact, else
    Monte Carlo; the caller applies :func:`resolve` first). With ``"auto"`` and the smallest
    ``threshold`` of the procedures that read them (alpha/m), at least ``RESOLUTION /
    threshold`` resamples; and the ``asymptotic`` p-values given when that work exceeds
    :data:`multicomp._internal.work.PERMUTATION_WORK_LIMIT`. Returns (p-values, the method used,
    n_resamples or None)."""
    integral = _integral(table)
    if method != "permutation" and integral:
        w = units(table)
        tail = exact_pair_tail(w)
        if tail is not None:
            return _at(tail, _gaps(difference)), "exact", None
    if method == "exact":
        raise ValueError(_pair_too_big(table, integral))
    n, k = table.shape
    if asymptotic is not None and pair_resamples(method, n_resamples, threshold, (n, k)) is None:
        return np.asarray(asymptotic, dtype=np.float64), "asymptotic", None
    n_resamples = _resamples(method, n_resamples, threshold)
    if integral:
        gaps = _gaps(difference)
        observed = np.unique(gaps)
        draw = _drawn([units(table)], observed, n_resamples, random_state)[0]
        found = draw.pairs_at_least[np.searchsorted(draw.gaps, observed)]
        at_least = found[np.searchsorted(observed, gaps)]
    else:
        gaps = np.abs(np.asarray(difference, dtype=np.float64))
        observed, where = np.unique(gaps, return_inverse=True)
        draw = _numpy_draw(
            np.asarray(table, np.float64), None, observed, n_resamples, _seed(random_state)
        )
        at_least = draw.pairs_at_least[where.reshape(gaps.shape)]
    # resamples with |D*| >= |d|, per pair (the pairs share one null distribution)
    pooled = at_least / (k * (k - 1) / 2)
    return (pooled + 1.0) / (n_resamples + 1.0), "permutation", n_resamples


class Draw(NamedTuple):
    """The counts of ``n_resamples`` Monte Carlo resamples of a table: those whose statistic
    reaches the observed one, and for each of the sorted ``gaps`` the (resample, pair) couples
    with a difference of column totals at least as large."""

    at_least: int
    gaps: np.ndarray
    pairs_at_least: np.ndarray


#: The draws of the current :func:`shared_draws` block (None outside one): a context
#: variable, so each thread (and asyncio task) has its own, and nothing outlives the block.
_SHARED: ContextVar[dict[tuple[object, ...], Draw] | None] = ContextVar(
    "multicomp_shared_draws", default=None
)


@contextmanager
def shared_draws() -> Iterator[None]:
    """Within the block, a draw serves every later call of the same table, resamples and
    seed (:func:`multicomp.compare`'s post-hoc after its omnibus test draws nothing); the
    draws are dropped when it ends. Calls outside a block, in other threads or in other
    processes draw their own: the engine keeps no state between calls."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def _drawn(
    w: Sequence[np.ndarray],
    gaps: np.ndarray | None,
    n_resamples: int,
    random_state: RandomState,
) -> list[Draw]:
    """The draws of the tables ``w`` (within-row scores of the same N x k scores in the units
    of :func:`units`; the first one's ``gaps``, in the same units, counted when given) by the
    Rust core: one draw for all of them, which gives each table the counts of its own draw
    (:func:`_together`). Within a :func:`shared_draws` block a draw is kept for the next
    call with the same table, resamples and seed, which then draws nothing."""
    seed = _seed(random_state)
    wanted = np.zeros(0, np.int64) if gaps is None else np.asarray(gaps, np.int64)
    asked = [wanted, *[wanted[:0]] * (len(w) - 1)]  # the pairs of the first table only
    rows = [canonical(table) for table in w]
    keys = [
        (r.tobytes(), r.shape, np.sort(t.sum(axis=0)).tobytes(), n_resamples, seed)
        for r, t in zip(rows, w)
    ]
    shared = _SHARED.get()
    kept = {} if shared is None else shared
    draws: dict[int, Draw] = {}
    for i, key in enumerate(keys):
        earlier = kept.get(key)
        if earlier is not None and np.isin(asked[i], earlier.gaps).all():
            draws[i] = earlier
    for group, arranged in _together(w, rows, [i for i in range(len(w)) if i not in draws]):
        totals = np.stack([w[i].sum(axis=0) for i in group])
        at_least, counts = _core.permutation_draw(
            arranged, totals, asked[group[0]], n_resamples=n_resamples, seed=seed
        )
        pairs = [counts.astype(np.float64), *[np.zeros(0)] * (len(group) - 1)]
        for i, count, found in zip(group, at_least, pairs):
            draws[i] = kept[keys[i]] = Draw(int(count), asked[i], found)
    return [draws[i] for i in range(len(w))]


def _together(
    w: Sequence[np.ndarray], rows: list[np.ndarray], missing: list[int]
) -> list[tuple[list[int], np.ndarray]]:
    """The ``missing`` tables in groups that one draw serves, each group with its tables
    stacked in the order of its first: with the first missing table, every table that the
    first one's arrangement (the order of its canonical form, :func:`canonical`: each row's
    cells in the order of its values, the rows in its order) puts in its own canonical form
    ``rows``, so that its counts are those of its own draw (the built-in tests' tables all
    are, being increasing functions of the scores within a row); each other table alone."""
    if not missing:
        return []
    first, rest = missing[0], missing[1:]
    if not rest:
        return [([first], rows[first][None])]
    leader = w[first]
    columns = np.argsort(leader, axis=1, kind="stable")
    order = row_order(np.take_along_axis(leader, columns, axis=1))
    arranged = {i: np.take_along_axis(w[i], columns, axis=1)[order] for i in rest}
    joint = [i for i in rest if np.array_equal(arranged[i], rows[i])]
    groups = [([first, *joint], np.stack([rows[first], *[rows[i] for i in joint]]))]
    return groups + [([i], rows[i][None]) for i in rest if i not in joint]


def _numpy_draw(
    table: np.ndarray,
    statistic: Statistic | None,
    gaps: np.ndarray,
    n_resamples: int,
    seed: int,
) -> Draw:
    """:class:`Draw` by numpy (any table, any vectorised ``statistic``; None: no omnibus
    count): the statistic and the differences compared with a relative margin that counts
    near-equal values as reached (the conservative side)."""
    n, k = table.shape
    rows = canonical(table)
    scale = 1e-9 * max(1.0, float(np.abs(rows).max()) * n)
    observed = float(statistic(table[None])[0]) if statistic is not None else np.inf
    margin = 1e-12 * max(1.0, abs(observed)) if statistic is not None else 0.0
    first, second = np.triu_indices(k, 1)
    at_least = 0
    pairs = np.zeros(gaps.size)
    rng = np.random.default_rng(seed)
    width = len(first) if gaps.size else 0
    chunk = max(1, _CHUNK_CELLS // max(n * k, width))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        permuted = rng.permuted(np.broadcast_to(rows, (size, n, k)), axis=-1)
        if statistic is not None:
            at_least += int(np.count_nonzero(statistic(permuted) >= observed - margin))
        if gaps.size:
            totals = permuted.sum(axis=1)
            found = np.sort(np.abs(totals[:, second] - totals[:, first]), axis=None)
            pairs += found.size - np.searchsorted(found, gaps - scale, side="left")
    return Draw(at_least, gaps, pairs)


def _pairs_exact(w: np.ndarray, method: str) -> bool:
    """Whether :func:`pair_pvalues` by ``method`` will enumerate rather than draw, for the
    table ``w`` in units (:func:`units`)."""
    return method != "permutation" and exact_pair_tail(w) is not None


def _omnibus_of(at_least: int, n_resamples: int) -> PValue:
    return PValue((at_least + 1) / (n_resamples + 1), "permutation", n_resamples)


def _seed(random_state: RandomState) -> int:
    """A 64-bit seed of the Monte Carlo stream: from an int seed through numpy's SeedSequence
    (any size of int), drawn from a Generator (which advances it) or from fresh entropy."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return int(generator(random_state).integers(2**64, dtype=np.uint64))
    return _seed_of(int(random_state))


@functools.lru_cache(maxsize=64)
def _seed_of(seed: int) -> int:
    """The 64-bit stream seed of an int seed (cached: the same seed recurs call after call)."""
    return int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])


def pair_resamples(
    method: str,
    n_resamples: int,
    threshold: float | None,
    shape: tuple[int, int],
    tables: int = 1,
) -> int | None:
    """The resamples of the Monte Carlo draw of the pairs of an N x k table (``shape``) by
    ``method``: ``n_resamples``, raised for ``"auto"`` so that the floor 1/(n + 1) lies a factor
    :data:`RESOLUTION` below ``threshold`` (the smallest of the procedures that read the
    p-values, alpha/m for m hypotheses); None where ``"auto"`` takes the asymptotic p-values
    instead, that draw (with ``tables`` tables permuted together) exceeding
    :data:`multicomp._internal.work.PERMUTATION_WORK_LIMIT`. :func:`pair_pvalues` and
    :func:`omnibus_pvalues` (with ``pairs``) draw this many (unless the pairs' exact
    distribution fits); :func:`multicomp.simulate` counts its work by it."""
    drawn = _resamples(method, n_resamples, threshold)
    n, k = shape
    if method == "auto" and _work(n, k, drawn, True, tables) > PERMUTATION_WORK_LIMIT:
        return None
    return drawn


def _resamples(method: str, n_resamples: int, threshold: float | None) -> int:
    """``n_resamples``, raised for ``"auto"`` to resolve ``threshold`` (:data:`RESOLUTION`)."""
    if method != "auto" or threshold is None or threshold <= 0:
        return n_resamples
    return max(n_resamples, min(MAX_RESAMPLES, math.ceil(RESOLUTION / threshold) - 1))


def _work(n: int, k: int, n_resamples: int, pairs: bool, tables: int = 1) -> float:
    """Cells a Monte Carlo draw updates: each resample's N x k ``tables``, and the k(k-1)/2
    pairs of one when they are counted."""
    return float(n_resamples) * (tables * n * k + (k * (k - 1) / 2 if pairs else 0))


def _integral(table: np.ndarray) -> bool:
    """Whether ``table`` holds multiples of 1/4 (the built-in tests' ranks)."""
    scaled = np.asarray(table, dtype=np.float64) * _UNITS
    return bool(np.abs(scaled - np.round(scaled)).max(initial=0.0) <= 1e-6)  # NaN: False


def _gaps(difference: np.ndarray) -> np.ndarray:
    """|difference| in units of 1/4, as int64."""
    return np.abs(np.round(np.asarray(difference, dtype=np.float64) * _UNITS)).astype(np.int64)


def _all_gaps(w: np.ndarray) -> np.ndarray:
    """The distinct |C_a - C_b| of the column totals of ``w``, sorted."""
    totals = np.sort(w.sum(axis=0))
    first, second = np.triu_indices(totals.size, 1)
    return np.unique(totals[second] - totals[first])


def _at(tail: np.ndarray, gaps: np.ndarray) -> np.ndarray:
    """tail[x] for each x of ``gaps`` (0 beyond the end of ``tail``)."""
    return np.where(gaps < tail.size, tail[np.minimum(gaps, tail.size - 1)], 0.0)


def _pair_too_big(table: np.ndarray, integral: bool) -> str:
    """Why the exact post-hoc p-values of ``table`` are refused (before any work)."""
    n, k = table.shape
    if not integral:
        return "exact post-hoc p-values need ranks that are multiples of 1/4"
    return (
        f"exact post-hoc p-values of {n} data sets x {k} algorithms need "
        f"{pair_work(units(table)):,} multiply-adds to convolve the data sets' distributions "
        f"of a rank difference, beyond the limit of {PAIR_WORK_LIMIT:,} (about "
        "2 N^2 (k-1)^2 without ties: N = k = 100 fits); use method='permutation' (Monte "
        "Carlo), 'asymptotic' or 'auto'"
    )


def _too_big(shape: tuple[int, ...]) -> str:
    n, k = shape
    return (
        f"the exact permutation distribution of {n} data sets x {k} algorithms needs more than "
        f"{EXACT_LIMIT:,} cells at a step or {EXACT_WORK_LIMIT:,} in all; use "
        "method='permutation' (Monte Carlo), 'asymptotic' or 'auto'"
    )
