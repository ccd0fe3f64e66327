"""Running a simulation: the package's procedures vectorised over the replications of a chunk,
the tallies of their rejections, the chunks in turn or on an executor, and :func:`simulate`."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any, Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from multicomp import ranktests
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_bool, check_count, check_nonnegative
from multicomp._internal.vocabulary import (
    COMPARISONS,
    POSTHOC_COMPARISONS,
    Z_TESTS,
    Comparison,
    Noise,
    PosthocTest,
    PValueMethod,
    Rom,
    SEForm,
)
from multicomp._internal.work import MAX_SIMULATION_WORK, check_work, duration
from multicomp._internal.work import progress as progress_bar
from multicomp.posthoc import PosthocOptions
from multicomp.procedures import base as registry
from multicomp.procedures.adjust import adjust_control, all_pairs_apv
from multicomp.ranktests.permutation import (
    DEFAULT_RESAMPLES,
    omnibus_pvalue,
    pair_pvalues,
    resolve,
)
from multicomp.simulation.model import (
    MAX_CELLS_PER_CHUNK,
    MAX_REPLICATIONS,
    CustomProcedure,
    NoiseFunction,
    Spec,
    draw,
    hypotheses,
    is_pairwise,
    posthoc_resamples,
    seconds,
    seed_sequence,
    specify,
    work,
)
from multicomp.simulation.result import SimulationResult, estimates

__all__ = ["simulate"]


# --- the procedures, vectorised over the replications (leading axis) ---------------------------
# Each mirrors the package's one-table function; tests/test_simulation.py checks that they agree.


def _by_method(p: np.ndarray, tables: np.ndarray, spec: Spec) -> np.ndarray:
    """The omnibus p-values of ``spec.method`` given the asymptotic ones ``p`` and the
    within-row scores ``tables`` (reps, N, k) of each replication: ``p`` itself, or the exact
    or Monte Carlo permutation p-value of each table, as the package's functions compute it
    (same default seed). Only when an omnibus test is simulated (they cost a table each)."""
    options = spec.posthoc
    if resolve(options.method, spec.n_datasets) == "asymptotic" or all(
        comparison != "omnibus" for comparison, _, _ in spec.rows
    ):
        return p
    return np.array(
        [
            omnibus_pvalue(
                table, asymptotic, options.method, options.random_state, options.n_resamples
            ).pvalue
            for table, asymptotic in zip(tables, p)
        ]
    )


def _pairs_by_method(
    tables: np.ndarray, spec: Spec, basis: _Ranked
) -> dict[str, np.ndarray] | None:
    """The permutation p-values of every pair (``itertools.combinations`` order) of each
    replication's within-row scores ``tables`` (reps, N, k), as the rank post-hocs compute them
    for ``spec.method``, per post-hoc comparison: under ``"auto"`` each draws the resamples
    that resolve its alpha/m, or takes the normal p-values of ``basis`` (its ranks and SE)
    where those draws would be too many (:func:`multicomp.simulation.model.posthoc_resamples`).
    A pair's p-value depends only on |d|, the resamples and the seed, so one set per distinct
    count serves every comparison that draws it. None where they use the normal approximation
    (or no post-hoc runs)."""
    options = spec.posthoc
    comparisons = {comparison for comparison, _, _ in spec.rows} - {"omnibus"}
    if resolve(options.method, spec.n_datasets) == "asymptotic" or not comparisons:
        return None
    first, second = (np.broadcast_to(side, (len(tables), len(side))) for side in _pairs(spec.k))
    normal = _two_sided(basis, "all_pairs", first, second)
    totals = tables.sum(axis=1)
    differences = np.take_along_axis(totals, second, -1) - np.take_along_axis(totals, first, -1)
    counts = posthoc_resamples(spec, comparisons)
    by_count: dict[int | None, np.ndarray] = {}
    for comparison, count in counts.items():
        if count not in by_count:  # the post-hoc's smallest threshold: Bonferroni's alpha/m
            threshold = spec.alpha / hypotheses(comparison, spec.k)
            by_count[count] = np.array(
                [
                    pair_pvalues(
                        table,
                        difference,
                        options.method,
                        options.random_state,
                        options.n_resamples,
                        asymptotic=p,
                        threshold=threshold,
                    )[0]
                    for table, difference, p in zip(tables, differences, normal)
                ]
            )
    return {comparison: by_count[count] for comparison, count in counts.items()}


class _Ranked(NamedTuple):
    """One test of a chunk: omnibus p-values, the post-hoc ranks and SE per replication, and
    for the pairwise tests the p-values of all pairs."""

    omnibus: dict[str, np.ndarray]  # omnibus test -> (reps,) p-values
    ranks: np.ndarray  # (reps, k), lower = better
    se: np.ndarray  # (reps,)
    # comparison -> (reps, k(k-1)/2) p-values of all pairs: the pairwise tests', permutation's
    pair_p: dict[str, np.ndarray] | None = None
    df: float | None = None  # Student's t of the post-hoc's z (Conover's), or normal


def _ranked(x: np.ndarray, spec: Spec, test: str) -> _Ranked:
    """A registered rank test of each table of ``x`` (reps, N, k), through the registry's
    vectorised table and statistic (the code the public functions run): its omnibus p-values
    and those of the tests derived from it (one permutation p-value for both), its post-hoc
    ranks and SE (the form of ``spec``)."""
    entry = ranktests.get(test)
    reps, n, k = x.shape
    table = entry.table(x)
    statistic = entry.statistic(table, spec.tie_correction)
    omnibus = {entry.name: entry.pvalue(statistic, n, k)}
    for derived in entry.derived:
        value = derived.statistic(statistic, n, k)
        omnibus[derived.name] = ranktests.base.SURVIVAL[derived.distribution](
            value, derived.df(n, k)
        )
    permuted = _by_method(omnibus[entry.name], table, spec)
    if permuted is not omnibus[entry.name]:  # the derived statistics increase with it
        omnibus = dict.fromkeys(omnibus, permuted)
    form = spec.posthoc.se if spec.posthoc.se in entry.se else ranktests.DEFAULT_SE
    se = np.broadcast_to(entry.se[form](table, k, n), (reps,))
    ranks = table.sum(axis=1) / entry.total(n)
    df = None if entry.posthoc_df is None else entry.posthoc_df(n, k)
    normal = _Ranked(omnibus, ranks, se, None, df)
    if df is not None and spec.posthoc.method == "auto":  # Conover's t tests: t at every N
        return normal
    return normal._replace(pair_p=_pairs_by_method(table, spec, normal))


def _pairwise(x: np.ndarray, test: str) -> _Ranked:
    """A registered pairwise test (posthoc's ``test="wilcoxon"``, ...) of every pair, one table
    at a time (their exact and tie-corrected p-values do not vectorise); the average ranks of
    its rank test (Friedman's) order them."""
    reps, n, k = x.shape
    first, second = _pairs(k)
    entry = ranktests.get_pairwise(test)
    p = np.array([entry.pvalues(table, first, second)[1] for table in x])
    order = ranktests.get(entry.ranks)
    ranks = order.table(x).sum(axis=1) / order.total(n)
    pair_p: dict[str, np.ndarray] = dict.fromkeys(POSTHOC_COMPARISONS, p.reshape(reps, -1))
    return _Ranked({}, ranks, np.full(reps, np.nan), pair_p)


def _basis(x: np.ndarray, spec: Spec, test: str) -> _Ranked:
    """The p-values and ranks of ``test`` for each table: a pairwise or a rank test."""
    return _pairwise(x, test) if is_pairwise(test) else _ranked(x, spec, test)


def _two_sided(
    basis: _Ranked, comparison: str, first: np.ndarray, second: np.ndarray
) -> np.ndarray:
    """(reps, m) two-sided p-values of the pairs (first, second) of each replication in
    ``comparison``: the pairwise test's or permutation's (``basis.pair_p``), or p = 2 Phi(-|z|)
    with z = (R_second - R_first)/SE (posthoc's ``_z_tests``)."""
    if basis.pair_p is not None:
        k = basis.ranks.shape[-1]
        low, high = np.minimum(first, second), np.maximum(first, second)
        return np.take_along_axis(
            basis.pair_p[comparison], low * k - low * (low + 1) // 2 + high - low - 1, axis=-1
        )
    ranks, se = basis.ranks, basis.se
    difference = np.take_along_axis(ranks, second, axis=-1) - np.take_along_axis(
        ranks, first, axis=-1
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.abs(np.where(difference == 0, 0.0, difference / se[:, None]))
    tail = stats.norm.sf(z) if basis.df is None else stats.t.sf(z, basis.df)
    return np.asarray(np.minimum(2.0 * tail, 1.0))


def _control_index(spec: Spec, ranks: np.ndarray) -> np.ndarray:
    """The control of each replication: the given one, or the best ranked (first of ties)."""
    if spec.control is None:
        return np.asarray(np.argmin(ranks, axis=-1))
    return np.full(len(ranks), spec.control)


def _others(control: np.ndarray, k: int) -> np.ndarray:
    """(reps, k-1): the algorithms other than each replication's control, in order."""
    j = np.arange(k - 1)
    return j + (j >= control[:, None])


def _pairs(k: int) -> tuple[np.ndarray, np.ndarray]:
    first, second = zip(*itertools.combinations(range(k), 2))
    return np.array(first), np.array(second)


def _decide_control(p: np.ndarray, procedure: str, spec: Spec) -> np.ndarray:
    """The decisions of a 1 x N procedure: its own route where it has one (exact Rom's
    step-up: its APV needs a root per hypothesis), else APV <= alpha."""
    entry = registry.get("control", procedure)
    context = registry.Context(spec.k, rom=spec.posthoc.rom)
    decided = None if entry.reject is None else entry.reject(p, spec.alpha, context)
    if decided is not None:
        return decided
    return adjust_control(p, procedure, rom=spec.posthoc.rom) <= spec.alpha


# --- truth and tallies -------------------------------------------------------------------------


def _truth(spec: Spec, comparison: str, control: np.ndarray) -> np.ndarray:
    """(reps, m): which null hypotheses are true (equal true locations)."""
    mu = np.asarray(spec.effects)
    if comparison == "omnibus":
        return np.full((len(control), 1), bool(np.all(mu == mu[0])))
    if comparison == "control":
        return np.asarray(mu[_others(control, spec.k)] == mu[control][:, None])
    first, second = _pairs(spec.k)
    return np.broadcast_to(np.asarray(mu[first] == mu[second]), (len(control), len(first)))


def _tally(reject: np.ndarray, true: np.ndarray) -> np.ndarray:
    """Sums over the replications of a chunk, in the order of ``TALLIES``."""
    false = ~true
    n_false = false.sum(axis=1)
    alternative = n_false > 0
    found = (reject & false).sum(axis=1)
    fraction = np.where(alternative, found / np.maximum(n_false, 1), 0.0)
    rejected = reject.sum(axis=1)
    return np.array(
        [
            np.sum((reject & true).any(axis=1)),
            np.sum(found > 0),
            np.sum(alternative & (found == n_false)),
            np.sum(alternative),
            fraction.sum(),
            np.sum(fraction**2),
            rejected.sum(),
            np.sum(rejected.astype(np.float64) ** 2),
            true.sum(),
        ],
        dtype=np.float64,
    )


def run_chunk(spec: Spec, seed: np.random.SeedSequence, reps: int) -> np.ndarray:
    """Tallies (one row per procedure of ``spec.rows`` then ``spec.custom``) of ``reps`` tables."""
    x = draw(spec, np.random.default_rng(seed), reps)
    k = spec.k
    bases = {test: _basis(x, spec, test) for test in dict.fromkeys(t for _, t, _ in spec.rows)}
    first, second = (np.broadcast_to(side, (reps, len(side))) for side in _pairs(k))
    controls: dict[str, np.ndarray] = {}
    out = []
    for comparison, test, procedure in spec.rows:
        basis = bases[test]
        if comparison == "omnibus":
            reject = (basis.omnibus[procedure] <= spec.alpha)[:, None]
            control = np.zeros(reps, dtype=int)
        elif comparison == "control":
            control = controls.setdefault(test, _control_index(spec, basis.ranks))
            p = _two_sided(
                basis, comparison, np.repeat(control[:, None], k - 1, axis=1), _others(control, k)
            )
            reject = _decide_control(p, procedure, spec)
        else:
            control = np.zeros(reps, dtype=int)
            p = _two_sided(basis, comparison, first, second)
            apv = all_pairs_apv(p, procedure, k, spec.posthoc.monotone, df=basis.df)
            reject = apv <= spec.alpha
        out.append(_tally(reject, _truth(spec, comparison, control)))
    for comparison, name, function in spec.custom:
        control = np.full(reps, 0 if spec.control is None else spec.control)
        truth = _truth(spec, comparison, control)
        reject = np.asarray(function(x.copy(), spec.alpha))
        if reject.shape != truth.shape or reject.dtype != np.bool_:
            raise ValueError(
                f"custom procedure {name!r} must return a boolean array of shape "
                f"{truth.shape}, got {reject.dtype} {reject.shape}"
            )
        out.append(_tally(reject, truth))
    return np.array(out)


# --- the public function -----------------------------------------------------------------------


#: The post-hoc options a result shows (its seed and alternative are the package's: simulate
#: runs two-sided comparisons with the package's fixed permutation seed).
_SHOWN = ("se", "rom", "monotone", "method", "n_resamples")


@strict
def simulate(
    effects: ArrayLike | int,
    n_datasets: int,
    *,
    n_replications: int = 1000,
    comparisons: Sequence[Comparison] = COMPARISONS,
    tests: Sequence[PosthocTest] = Z_TESTS,
    procedures: Sequence[str] | None = None,
    control: int | Literal["best"] = 0,
    alpha: float = 0.05,
    noise: Noise | NoiseFunction = "normal",
    scale_spread: float = 0.0,
    decimals: int | None = None,
    custom: Mapping[str, tuple[Comparison, CustomProcedure]] | None = None,
    se: SEForm = "calibrated",
    rom: Rom = "exact",
    monotone: bool = False,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    n_resamples: int = DEFAULT_RESAMPLES,
    random_state: int | np.random.SeedSequence | None = None,
    executor: Executor | None = None,
    chunk_size: int = 1000,
    progress: bool = True,
    max_work: float = MAX_SIMULATION_WORK,
) -> SimulationResult:
    """Estimate the family-wise type I error and the power of the package's procedures.

    Each replication draws a table of scores of k algorithms on ``n_datasets`` data sets,

        x_ij = s_i (mu_j + e_ij),   s_i = exp(scale_spread * z_i),   larger = better,

    with mu = ``effects`` (the true locations, in units of the noise's standard deviation),
    independent errors e_ij of unit variance from ``noise`` and z_i standard normal (data sets of
    different scales, which matters to the aligned-ranks and Quade procedures), rounded to
    ``decimals`` (ties) if given. Algorithms with equal mu are equivalent: their hypotheses are
    true nulls; all equal is the complete null, some equal a partial null.

    Every chosen procedure runs on every table, as the package's functions run it with the same
    options (defaults: the package's defaults):

    * ``"omnibus"``: :func:`multicomp.friedman` and :func:`multicomp.iman_davenport` for
      ``test="friedman"``, :func:`multicomp.friedman_aligned_ranks`,
      :func:`multicomp.quade` (one hypothesis, all mu equal);
    * ``"control"``: :func:`multicomp.posthoc_control` of the k-1 others against ``control``
      (an index; ``"best"``: the best-ranked algorithm of each table, a control chosen after
      seeing the data) with each registered 1 x N procedure (:mod:`multicomp.procedures`);
    * ``"all_pairs"``: :func:`multicomp.posthoc_all_pairs` with each procedure of
      the registered all-pairs procedures (Bergmann-Hommel while k <= 20, whose cost
      grows like 3^k);

    each post-hoc after every test of ``tests``: the rank tests ``"friedman"``, ``"aligned"``,
    ``"quade"``, or the pairwise ``"wilcoxon"`` and ``"sign"`` tests (post-hocs only, with the
    adjustments valid for them (:func:`multicomp.procedures.after_pairwise`); they run
    one table at a time, so they are slower). ``procedures`` keeps only the named adjustments. ``custom`` adds procedures of your own: ``{name: (comparison, function)}``
    with ``function(scores, alpha)`` returning the rejections of a whole chunk (see
    :data:`CustomProcedure`); it sees the scores with larger = better.

    Parameters
    ----------
    effects : array_like or int
        The true location of each algorithm (k values), or k for the complete null (all 0).
    n_datasets : int
        N, the number of data sets of each table (>= 2).
    n_replications : int
        The number of tables (Monte Carlo replications).
    comparisons, tests, procedures
        Which procedures to run (see above).
    control : int or "best"
        The control of the 1xN comparisons.
    alpha : float
        The nominal family-wise level of every procedure.
    noise : str or callable
        ``"normal"``, ``"logistic"``, ``"t3"`` (Student t with 3 degrees of freedom, heavy
        tails), ``"uniform"``, ``"exponential"`` (skewed), all scaled to unit variance, or a
        :data:`NoiseFunction`.
    scale_spread : float
        The standard deviation of the log scale of a data set (0: all alike).
    decimals : int, optional
        Round the scores to this many decimals (ties, as in published tables).
    custom : mapping, optional
        Extra procedures (see above).
    se, rom, monotone, tie_correction
        The options of the same name of the post-hocs and omnibus tests; ``se``, a form of
        one of ``tests`` at least (:func:`multicomp.ranktests.se_forms`), applies to those
        that offer it, the others use their default.
    method, n_resamples
        How the rank tests compute their p-values, as the omnibus tests and rank post-hocs
        take them (``method="auto"``, the default: exact or Monte Carlo permutation p-values
        for N <= 16, one table at a time, so slower; each Monte Carlo p-value uses the
        package's default seed, as a call of the package's functions would, so tables whose
        ranks are alike share one Monte Carlo null distribution and a rejection rate carries
        that draw's error, sqrt(alpha(1 - alpha)/n_resamples), besides its own). Under
        ``"auto"`` each post-hoc draws at least 10 m/alpha - 1 resamples, m its number of
        hypotheses, as :func:`multicomp.posthoc_control` and
        :func:`multicomp.posthoc_all_pairs` do (normal p-values where that draw is past their
        work limit), so its p-values are theirs.
    random_state : int or numpy.random.SeedSequence, optional
        The seed; the result's ``entropy`` repeats a run made without one.
    executor : concurrent.futures.Executor, optional
        Spreads the chunks (e.g. a ``ProcessPoolExecutor`` or a Dask client's
        ``client.get_executor()``); the estimates do not depend on it.
    chunk_size : int
        Replications per chunk (memory: chunk_size * N * k values, at most 2e7).
    progress : bool
        Show a progress bar of the chunks (tqdm's, in a terminal or a notebook, once the run
        has lasted a second; nothing without tqdm installed). Default True.
    max_work : float
        The most work started (default :data:`multicomp._internal.work.MAX_SIMULATION_WORK`,
        2.1e11, about 90 s of CPU): the work is estimated before any table is drawn, from the
        measured cost of each route (Monte Carlo draws of the resamples of each permutation
        p-value, a post-hoc's as raised under ``"auto"``; exact enumerations; the vectorised
        statistics and adjustments; pairwise tests), in permuted scores
        (:func:`multicomp.simulation.model.work`), and a run past the limit is refused with
        its estimated time and the value to pass to run it anyway.

    Returns
    -------
    SimulationResult
        The estimates with their Monte Carlo standard errors (``.to_frame()``) and the
        conditions of the run.

    References
    ----------
    Demsar (2006), JMLR 7:1-30; Garcia & Herrera (2008), JMLR 9:2677-2694 (Sec. 5: power as
    the average number of rejected hypotheses); Garcia et al. (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> res = mc.simulate(
    ...     5,
    ...     20,
    ...     n_replications=2000,
    ...     comparisons=["all_pairs"],
    ...     tests=["friedman"],
    ...     procedures=["nemenyi", "holm", "bergmann_hommel", "miller"],
    ...     random_state=1,
    ... )
    >>> res.to_frame()[["fwer", "fwer_se"]].round(3)  # complete null: 5 equal algorithms
                                          fwer  fwer_se
    comparison test     procedure
    all_pairs  friedman nemenyi          0.044    0.005
                        holm             0.032    0.004
                        bergmann_hommel  0.032    0.004
                        miller           0.016    0.003
    """
    spec, index, ms = specify(
        effects,
        n_datasets,
        comparisons,
        tests,
        procedures,
        control,
        alpha,
        noise,
        scale_spread,
        decimals,
        custom,
        PosthocOptions(
            se=se,
            rom=rom,
            monotone=monotone,
            method=method,
            n_resamples=n_resamples,
        ),
        tie_correction,
    )
    reps = check_count(n_replications, "n_replications", 1, MAX_REPLICATIONS)
    check_work(
        work(spec, reps),
        check_nonnegative(max_work, "max_work"),
        f"simulate: {reps:,} replications of N = {spec.n_datasets} x k = {spec.k} scores need "
        f"about {duration(seconds(spec, reps))} of CPU, this much work in permuted scores "
        "(method='asymptotic' or fewer n_replications or n_resamples need less)",
    )
    size = check_count(
        chunk_size, "chunk_size", 1, MAX_CELLS_PER_CHUNK // (spec.n_datasets * spec.k)
    )
    seed = (
        random_state
        if isinstance(random_state, np.random.SeedSequence)
        else seed_sequence(random_state)
    )
    sizes = [size] * (reps // size) + ([reps % size] if reps % size else [])
    seeds = seed.spawn(len(sizes))
    shown = check_bool(progress, "progress")
    with progress_bar(len(sizes), "multicomp.simulate (chunks)", shown=shown) as meter:
        tallies = _collect(spec, seeds, sizes, executor, meter)
    entropy = seed.entropy
    assert entropy is not None  # a SeedSequence always has one
    return SimulationResult(
        effects=spec.effects,
        n_datasets=spec.n_datasets,
        n_replications=reps,
        alpha=spec.alpha,
        control="best" if spec.control is None else spec.control,
        noise=spec.noise
        if isinstance(spec.noise, str)
        else getattr(spec.noise, "__name__", "custom"),
        scale_spread=spec.scale_spread,
        decimals=spec.decimals,
        entropy=entropy,
        options={
            **{name: getattr(spec.posthoc, name) for name in _SHOWN},
            "tie_correction": spec.tie_correction,
        },
        estimates=estimates(index, ms, tallies, reps),
    )


def _collect(
    spec: Spec,
    seeds: list[np.random.SeedSequence],
    sizes: list[int],
    executor: Executor | None,
    meter: Any,
) -> np.ndarray:
    """The tallies of all chunks, summed in chunk order (so independent of the executor)."""
    results: list[np.ndarray] = []
    if executor is None:
        for seed, reps in zip(seeds, sizes):
            results.append(run_chunk(spec, seed, reps))
            meter.update(1)
    else:
        futures = _submitted(executor, spec, seeds, sizes)
        try:
            for _ in as_completed(futures):
                meter.update(1)
            results = [f.result() for f in futures]
        finally:
            for f in futures:
                f.cancel()
    total = np.zeros_like(results[0])
    for chunk in results:
        total += chunk
    return total


def _submitted(
    executor: Executor, spec: Spec, seeds: list[np.random.SeedSequence], sizes: list[int]
) -> list[Future[np.ndarray]]:
    """The chunks submitted to ``executor``: TypeError unless it has a ``submit`` method that
    returns a ``concurrent.futures.Future``, ValueError if it refuses work (shut down)."""
    submit = getattr(executor, "submit", None)
    if not callable(submit):
        raise TypeError(
            "executor must be a concurrent.futures.Executor (with a submit method), got "
            f"{type(executor).__name__}"
        )
    futures: list[Future[np.ndarray]] = []
    try:
        for seed, reps in zip(seeds, sizes):
            future = submit(run_chunk, spec, seed, reps)
            if not isinstance(future, Future):
                raise TypeError(
                    "executor.submit must return a concurrent.futures.Future, got "
                    f"{type(future).__name__}"
                )
            futures.append(future)
    except RuntimeError as exc:  # e.g. "cannot schedule new futures after shutdown"
        for future in futures:
            future.cancel()
        raise ValueError(f"executor refused the work (is it shut down?): {exc}") from None
    return futures
