"""Monte Carlo estimates of the family-wise type I error and the power of the package's procedures.

:func:`simulate` draws many score tables from a model (N data sets x k algorithms with chosen
true locations, noise, data-set scales and rounding), runs the omnibus tests and the 1xN and
all-pairs post-hocs of the package on every table, and counts rejections of true and of false
null hypotheses. Everything is vectorised over the replications: the ranks and statistics of a
whole chunk of tables at once, the p-value adjustments in one call per chunk (Shaffer and
Bergmann-Hommel in one parallel call into the Rust core, :mod:`multicomp._core`).

The chunks have fixed sizes and independent seeds (``numpy.random.SeedSequence.spawn``), so the
result depends on ``random_state`` only: not on whether the chunks run in turn or spread over a
``concurrent.futures.Executor`` (threads, processes, or a Dask ``distributed`` client's
``client.get_executor()``).

References: D06 = Demsar (2006), JMLR 7:1-30; G08 = Garcia & Herrera (2008), JMLR 9:2677-2694;
G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, TextIO, cast

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy import stats

from multicomp import _tables, ranktests
from multicomp._validation import (
    check_alpha,
    check_bool,
    check_choice,
    check_choices,
    check_count,
)
from multicomp._vocabulary import (
    COMPARISONS,
    NOISES,
    ROMS,
    SE_FORMS,
    Z_TESTS,
    Comparison,
    Noise,
    PosthocTest,
    PValueMethod,
    Rom,
    SEForm,
)
from multicomp.procedures import base as registry
from multicomp.procedures.adjust import adjust_control, all_pairs_apv
from multicomp.ranktests.permutation import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    check_options,
    omnibus_pvalue,
    pair_pvalues,
    resolve,
)

__all__ = ["COMPARISONS", "NOISES", "SimulationResult", "simulate"]


NoiseFunction = Callable[[np.random.Generator, tuple[int, ...]], np.ndarray]
"""``noise(rng, shape) -> array of that shape``: errors of unit scale (a picklable, module-level
function when an executor runs the chunks in other processes)."""
CustomProcedure = Callable[[np.ndarray, float], np.ndarray]
"""``procedure(scores, alpha) -> rejections``: ``scores`` is a (replications, N, k) array with
larger = better; the result a boolean (replications, m) array, one column per hypothesis in the
order of its comparison (``"omnibus"``: m = 1; ``"control"``: the k-1 others in order;
``"all_pairs"``: the k(k-1)/2 pairs in ``itertools.combinations`` order)."""

MAX_CELLS_PER_CHUNK = 20_000_000  # chunk_size * N * k: about 160 MB per float64 table stack
MAX_REPLICATIONS = 100_000_000
_TALLIES = (
    "fwer",
    "any",
    "all",
    "alternatives",
    "power_sum",
    "power_sq",
    "rejected_sum",
    "rejected_sq",
    "true_sum",
)


# --- the scenario ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    """Everything a chunk needs (picklable): the model, the procedures and their options."""

    effects: tuple[float, ...]
    n_datasets: int
    noise: Noise | NoiseFunction
    scale_spread: float
    decimals: int | None
    alpha: float
    control: int | None  # None: the best-ranked of each table
    rows: tuple[tuple[str, str, str], ...]  # (comparison, test, procedure) of the built-ins
    custom: tuple[tuple[str, str, CustomProcedure], ...]  # (comparison, name, function)
    aligned_se: str
    quade_se: str
    rom: str
    monotone: bool
    tie_correction: bool
    method: str = "auto"  # the p-values of the rank tests (multicomp.ranktests.permutation)
    n_resamples: int = DEFAULT_RESAMPLES

    @property
    def k(self) -> int:
        return len(self.effects)


def _draw(spec: _Spec, rng: np.random.Generator, reps: int) -> np.ndarray:
    """Scores x_rij = s_ri (mu_j + e_rij), larger = better: s_ri = exp(scale_spread z_ri)."""
    shape = (reps, spec.n_datasets, spec.k)
    if callable(spec.noise):
        errors = np.asarray(spec.noise(rng, shape), dtype=np.float64)
        if errors.shape != shape:
            raise ValueError(f"noise(rng, {shape}) returned an array of shape {errors.shape}")
    elif spec.noise == "normal":
        errors = rng.standard_normal(shape)
    elif spec.noise == "logistic":
        errors = rng.logistic(size=shape) * (math.sqrt(3.0) / math.pi)
    elif spec.noise == "t3":
        errors = rng.standard_t(3, size=shape) / math.sqrt(3.0)
    elif spec.noise == "uniform":
        errors = rng.uniform(-math.sqrt(3.0), math.sqrt(3.0), size=shape)
    else:
        errors = rng.standard_exponential(size=shape) - 1.0
    x = np.asarray(spec.effects) + errors
    if spec.scale_spread > 0:
        x *= np.exp(spec.scale_spread * rng.standard_normal((reps, spec.n_datasets, 1)))
    if spec.decimals is not None:
        x = np.round(x, spec.decimals)
    return x


# --- the procedures, vectorised over the replications (leading axis) ---------------------------
# Each mirrors the package's one-table function; tests/test_simulation.py checks that they agree.


def _by_method(p: np.ndarray, tables: np.ndarray, spec: _Spec) -> np.ndarray:
    """The omnibus p-values of ``spec.method`` given the asymptotic ones ``p`` and the
    within-row scores ``tables`` (reps, N, k) of each replication: ``p`` itself, or the exact
    or Monte Carlo permutation p-value of each table, as the package's functions compute it
    (same default seed). Only when an omnibus test is simulated (they cost a table each)."""
    if resolve(spec.method, spec.n_datasets) == "asymptotic" or all(
        comparison != "omnibus" for comparison, _, _ in spec.rows
    ):
        return p
    return np.array(
        [
            omnibus_pvalue(table, asymptotic, spec.method, DEFAULT_SEED, spec.n_resamples).pvalue
            for table, asymptotic in zip(tables, p)
        ]
    )


def _pairs_by_method(tables: np.ndarray, spec: _Spec) -> np.ndarray | None:
    """The permutation p-values of every pair (``itertools.combinations`` order) of each
    replication's within-row scores ``tables`` (reps, N, k), as the rank post-hocs compute them
    for ``spec.method``; None where they use the normal approximation (or no post-hoc runs)."""
    if resolve(spec.method, spec.n_datasets) == "asymptotic" or all(
        comparison == "omnibus" for comparison, _, _ in spec.rows
    ):
        return None
    first, second = _pairs(spec.k)
    totals = tables.sum(axis=1)
    return np.array(
        [
            pair_pvalues(table, t[second] - t[first], spec.method, DEFAULT_SEED, spec.n_resamples)[
                0
            ]
            for table, t in zip(tables, totals)
        ]
    )


class _Ranked(NamedTuple):
    """One test of a chunk: omnibus p-values, the post-hoc ranks and SE per replication, and
    for the pairwise tests the p-values of all pairs."""

    omnibus: dict[str, np.ndarray]  # omnibus test -> (reps,) p-values
    ranks: np.ndarray  # (reps, k), lower = better
    se: np.ndarray  # (reps,)
    pair_p: np.ndarray | None = None  # (reps, k(k-1)/2) for the pairwise tests
    df: float | None = None  # Student's t of the post-hoc's z (Conover's), or normal


def _ranked(x: np.ndarray, spec: _Spec, test: str) -> _Ranked:
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
    form = getattr(spec, entry.se_option) if entry.se_option else "calibrated"
    se = np.broadcast_to(entry.se[form](table, k, n), (reps,))
    ranks = table.sum(axis=1) / entry.total(n)
    if entry.posthoc_df is not None:  # Conover's t tests: t at every N under "auto"
        df = entry.posthoc_df(n, k)
        pairs = None if spec.method == "auto" else _pairs_by_method(table, spec)
        return _Ranked(omnibus, ranks, se, pairs, df)
    return _Ranked(omnibus, ranks, se, _pairs_by_method(table, spec))


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
    return _Ranked({}, ranks, np.full(reps, np.nan), p.reshape(reps, len(first)))


def _basis(x: np.ndarray, spec: _Spec, test: str) -> _Ranked:
    """The p-values and ranks of ``test`` for each table: a pairwise or a rank test."""
    return _pairwise(x, test) if _is_pairwise(test) else _ranked(x, spec, test)


def _is_pairwise(test: str) -> bool:
    return ranktests.kind_of(test) == "pairwise"


def _two_sided(basis: _Ranked, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """(reps, m) two-sided p-values of the pairs (first, second) of each replication: the
    pairwise test's, or p = 2 Phi(-|z|) with z = (R_second - R_first)/SE (posthoc's ``_z_tests``)."""
    if basis.pair_p is not None:
        k = basis.ranks.shape[-1]
        low, high = np.minimum(first, second), np.maximum(first, second)
        return np.take_along_axis(
            basis.pair_p, low * k - low * (low + 1) // 2 + high - low - 1, axis=-1
        )
    ranks, se = basis.ranks, basis.se
    difference = np.take_along_axis(ranks, second, axis=-1) - np.take_along_axis(
        ranks, first, axis=-1
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.abs(np.where(difference == 0, 0.0, difference / se[:, None]))
    tail = stats.norm.sf(z) if basis.df is None else stats.t.sf(z, basis.df)
    return np.asarray(np.minimum(2.0 * tail, 1.0))


def _control_index(spec: _Spec, ranks: np.ndarray) -> np.ndarray:
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


def _decide_control(p: np.ndarray, procedure: str, spec: _Spec) -> np.ndarray:
    """The decisions of a 1 x N procedure: its own route where it has one (exact Rom's
    step-up: its APV needs a root per hypothesis), else APV <= alpha."""
    entry = registry.get("control", procedure)
    context = registry.Context(spec.k, rom=spec.rom)
    decided = None if entry.reject is None else entry.reject(p, spec.alpha, context)
    if decided is not None:
        return decided
    return adjust_control(p, procedure, rom=cast(Rom, spec.rom)) <= spec.alpha


# --- truth and tallies -------------------------------------------------------------------------


def _truth(spec: _Spec, comparison: str, control: np.ndarray) -> np.ndarray:
    """(reps, m): which null hypotheses are true (equal true locations)."""
    mu = np.asarray(spec.effects)
    if comparison == "omnibus":
        return np.full((len(control), 1), bool(np.all(mu == mu[0])))
    if comparison == "control":
        return np.asarray(mu[_others(control, spec.k)] == mu[control][:, None])
    first, second = _pairs(spec.k)
    return np.broadcast_to(np.asarray(mu[first] == mu[second]), (len(control), len(first)))


def _tally(reject: np.ndarray, true: np.ndarray) -> np.ndarray:
    """Sums over the replications of a chunk, in the order of ``_TALLIES``."""
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


def _run_chunk(spec: _Spec, seed: np.random.SeedSequence, reps: int) -> np.ndarray:
    """Tallies (one row per procedure of ``spec.rows`` then ``spec.custom``) of ``reps`` tables."""
    x = _draw(spec, np.random.default_rng(seed), reps)
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
            p = _two_sided(basis, np.repeat(control[:, None], k - 1, axis=1), _others(control, k))
            reject = _decide_control(p, procedure, spec)
        else:
            control = np.zeros(reps, dtype=int)
            p = _two_sided(basis, first, second)
            reject = all_pairs_apv(p, procedure, k, spec.monotone) <= spec.alpha
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


# --- the result --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SimulationResult(_tables.NotebookView):
    """Monte Carlo estimates of :func:`simulate`, one row per procedure.

    ``to_frame()`` has the index (``comparison``, ``test``, ``procedure``) and the columns
    ``hypotheses`` (m), ``true_nulls`` (their average number), ``fwer`` (the rate of tables with
    at least one true null hypothesis rejected: the family-wise type I error), ``power_any``
    (at least one false null rejected), ``power_all`` (every false null rejected), ``power_avg``
    (the average fraction of false nulls rejected) and ``rejections`` (the average number of
    rejected hypotheses, G08's measure of power), each with its Monte Carlo standard error
    ``<name>_se``. Powers are over the tables that have a false null (NaN if none has one).

    Attributes
    ----------
    effects : tuple of float
        The true locations mu_j of the algorithms, in units of the noise's standard deviation.
    n_datasets : int
        N, the data sets of each simulated table.
    n_replications : int
        The simulated tables.
    alpha : float
        The significance level of the procedures.
    control : int or str
        The control of the 1 x N comparisons: an index, or ``'best'`` (the best-ranked of each
        table).
    noise : str
        The error distribution (the function's name for a custom one).
    scale_spread : float
        The spread of the data sets' log scales.
    decimals : int or None
        The rounding of the scores (ties), if any.
    entropy : int or sequence of int
        The seed's entropy: ``simulate(..., random_state=entropy)`` repeats the run.
    options : mapping
        The options of the tests and procedures that differ from the package's defaults.
    estimates : pandas.DataFrame
        The estimates described above.
    n_algorithms : int
        k, the number of effects.
    fwer : pandas.Series
        The estimated family-wise type I error of each procedure.

    References
    ----------
    G08 = Garcia & Herrera (2008), An extension on "Statistical comparisons of classifiers over
    multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694.
    """

    effects: tuple[float, ...]
    n_datasets: int
    n_replications: int
    alpha: float
    control: int | str
    noise: str
    scale_spread: float
    decimals: int | None
    entropy: int | Sequence[int]
    options: Mapping[str, str | bool | int] = field(default_factory=dict)
    estimates: pd.DataFrame = field(repr=False)

    @property
    def n_algorithms(self) -> int:
        return len(self.effects)

    @property
    def fwer(self) -> pd.Series:
        """The estimated family-wise type I error of each procedure."""
        return self.estimates["fwer"]

    def to_frame(self) -> pd.DataFrame:
        """The estimates (a copy), one row per procedure."""
        return self.estimates.copy()

    def __str__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        effects = ", ".join(f"{e:g}" for e in self.effects)
        shown = self.estimates[["true_nulls", "fwer", "fwer_se", "power_avg", "power_avg_se"]]
        return (
            f"Simulation: N = {self.n_datasets}, k = {self.n_algorithms}, effects = ({effects}), "
            f"noise = {self.noise}, scale_spread = {self.scale_spread:g}, "
            f"decimals = {self.decimals}, control = {self.control}, alpha = {self.alpha:g}, "
            f"{self.n_replications} replications (entropy {self.entropy}); {options}\n"
            f"{shown.to_string(float_format='{:.4f}'.format)}"
        )


def _estimates(
    index: list[tuple[str, str, str]], ms: list[int], tallies: np.ndarray, reps: int
) -> pd.DataFrame:
    t = dict(zip(_TALLIES, tallies.T))
    alternatives = t["alternatives"]

    def rate(count: np.ndarray, over: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(over > 0, count / np.maximum(over, 1), np.nan)
            return p, np.sqrt(p * (1 - p) / over)

    def mean(
        total: np.ndarray, squares: np.ndarray, over: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(invalid="ignore", divide="ignore"):
            m = np.where(over > 0, total / np.maximum(over, 1), np.nan)
            variance = np.maximum(squares / np.maximum(over, 1) - m**2, 0.0) * over / (over - 1)
            return m, np.sqrt(variance / over)

    columns: dict[str, np.ndarray] = {
        "hypotheses": np.array(ms),
        "true_nulls": t["true_sum"] / reps,
    }
    for name, (value, se) in (
        ("fwer", rate(t["fwer"], np.full_like(alternatives, reps))),
        ("power_any", rate(t["any"], alternatives)),
        ("power_all", rate(t["all"], alternatives)),
        ("power_avg", mean(t["power_sum"], t["power_sq"], alternatives)),
        ("rejections", mean(t["rejected_sum"], t["rejected_sq"], np.full_like(alternatives, reps))),
    ):
        columns[name], columns[f"{name}_se"] = value, se
    return pd.DataFrame(
        columns, index=pd.MultiIndex.from_tuples(index, names=["comparison", "test", "procedure"])
    )


# --- progress ----------------------------------------------------------------------------------


class _Progress:
    """``simulate: 3/10 chunks (30%), 2.1 s`` on ``stream``: rewritten in place on a terminal,
    else one line per tenth of the run."""

    def __init__(self, total: int, enabled: bool, stream: TextIO) -> None:
        self.total, self.enabled, self.stream = total, enabled, stream
        self.done, self.start, self.tty = 0, time.monotonic(), stream.isatty()

    def step(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        line = (
            f"multicomp.simulate: {self.done}/{self.total} chunks "
            f"({100 * self.done // self.total}%), {time.monotonic() - self.start:.1f} s"
        )
        if self.tty:
            self.stream.write("\r" + line + ("\n" if self.done == self.total else ""))
        elif (
            self.done == self.total
            or (10 * self.done) // self.total > (10 * (self.done - 1)) // self.total
        ):
            self.stream.write(line + "\n")
        self.stream.flush()


# --- the public function -----------------------------------------------------------------------


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
    aligned_se: SEForm = "calibrated",
    quade_se: SEForm = "calibrated",
    rom: Rom = "exact",
    monotone: bool = False,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    n_resamples: int = DEFAULT_RESAMPLES,
    random_state: int | np.random.SeedSequence | None = None,
    executor: Executor | None = None,
    chunk_size: int = 1000,
    progress: bool | None = None,
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
    aligned_se, quade_se, rom, monotone, tie_correction
        The options of the same name of the post-hocs and omnibus tests.
    method, n_resamples
        How the rank tests compute their p-values, as the omnibus tests and rank post-hocs
        take them (``method="auto"``, the default: exact or Monte Carlo permutation p-values
        for N <= 16, one table at a time, so slower; each Monte Carlo p-value uses the
        package's default seed, as a call of the package's functions would, so tables whose
        ranks are alike share one Monte Carlo null distribution and a rejection rate carries
        that draw's error, sqrt(alpha(1 - alpha)/n_resamples), besides its own).
    random_state : int or numpy.random.SeedSequence, optional
        The seed; the result's ``entropy`` repeats a run made without one.
    executor : concurrent.futures.Executor, optional
        Spreads the chunks (e.g. a ``ProcessPoolExecutor`` or a Dask client's
        ``client.get_executor()``); the estimates do not depend on it.
    chunk_size : int
        Replications per chunk (memory: chunk_size * N * k values, at most 2e7).
    progress : bool, optional
        Report progress on standard error; default: on a terminal when there are more than 4
        chunks.

    Returns
    -------
    SimulationResult
        The estimates with their Monte Carlo standard errors (``.to_frame()``) and the
        conditions of the run.

    References
    ----------
    Demsar (2006), JMLR 7:1-30; Garcia & Herrera (2008), JMLR 9:2677-2694 (Sec. 5: power as
    the average number of rejected hypotheses); Garcia et al. (2010), Inf. Sci. 180:2044-2064.
    """
    spec, index, ms = _specify(
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
        aligned_se,
        quade_se,
        rom,
        monotone,
        tie_correction,
        method,
        n_resamples,
    )
    reps = check_count(n_replications, "n_replications", 1, MAX_REPLICATIONS)
    size = check_count(
        chunk_size, "chunk_size", 1, MAX_CELLS_PER_CHUNK // (spec.n_datasets * spec.k)
    )
    seed = random_state if isinstance(random_state, np.random.SeedSequence) else _seed(random_state)
    sizes = [size] * (reps // size) + ([reps % size] if reps % size else [])
    seeds = seed.spawn(len(sizes))
    shown = progress if progress is not None else (len(sizes) > 4 and sys.stderr.isatty())
    meter = _Progress(len(sizes), bool(shown), sys.stderr)
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
            "aligned_se": aligned_se,
            "quade_se": quade_se,
            "rom": rom,
            "monotone": bool(monotone),
            "tie_correction": bool(tie_correction),
            "method": spec.method,
            "n_resamples": spec.n_resamples,
        },
        estimates=_estimates(index, ms, tallies, reps),
    )


def _collect(
    spec: _Spec,
    seeds: list[np.random.SeedSequence],
    sizes: list[int],
    executor: Executor | None,
    meter: _Progress,
) -> np.ndarray:
    """The tallies of all chunks, summed in chunk order (so independent of the executor)."""
    results: list[np.ndarray] = []
    if executor is None:
        for seed, reps in zip(seeds, sizes):
            results.append(_run_chunk(spec, seed, reps))
            meter.step()
    else:
        futures = _submitted(executor, spec, seeds, sizes)
        try:
            for _ in as_completed(futures):
                meter.step()
            results = [f.result() for f in futures]
        finally:
            for f in futures:
                f.cancel()
    total = np.zeros_like(results[0])
    for chunk in results:
        total += chunk
    return total


def _submitted(
    executor: Executor, spec: _Spec, seeds: list[np.random.SeedSequence], sizes: list[int]
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
            future = submit(_run_chunk, spec, seed, reps)
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


def _seed(random_state: int | None) -> np.random.SeedSequence:
    if random_state is None:
        return np.random.SeedSequence()
    if (
        isinstance(random_state, bool)
        or not isinstance(random_state, (int, np.integer))
        or random_state < 0
    ):
        raise TypeError(
            f"random_state must be a non-negative integer, a numpy.random.SeedSequence "
            f"or None; got {random_state!r}"
        )
    return np.random.SeedSequence(int(random_state))


def _specify(
    effects: ArrayLike | int,
    n_datasets: int,
    comparisons: Sequence[str],
    tests: Sequence[str],
    procedures: Sequence[str] | None,
    control: int | str,
    alpha: float,
    noise: str | NoiseFunction,
    scale_spread: float,
    decimals: int | None,
    custom: Mapping[str, tuple[Comparison, CustomProcedure]] | None,
    aligned_se: str,
    quade_se: str,
    rom: str,
    monotone: bool,
    tie_correction: bool,
    method: str,
    n_resamples: int,
) -> tuple[_Spec, list[tuple[str, str, str]], list[int]]:
    """Check every argument before any work; the spec, the row labels and each row's m."""
    method, n_resamples = check_options(method, None, n_resamples)
    mu = _effects(effects)
    k = len(mu)
    n = check_count(n_datasets, "n_datasets", 2, 10**7)
    alpha = check_alpha(alpha)
    chosen_comparisons = check_choices("comparisons", comparisons, COMPARISONS)
    chosen_tests = check_choices("tests", tests, ranktests.posthoc_tests())
    aligned_se = check_choice("aligned_se", aligned_se, SE_FORMS)
    quade_se = check_choice("quade_se", quade_se, SE_FORMS)
    rom = check_choice("rom", rom, ROMS)
    monotone = check_bool(monotone, "monotone")
    tie_correction = check_bool(tie_correction, "tie_correction")
    if not callable(noise):
        noise = check_choice("noise", noise, NOISES)
    if (
        isinstance(scale_spread, bool)
        or not isinstance(scale_spread, (int, float, np.floating, np.integer))
        or not 0 <= scale_spread <= 10
    ):
        raise ValueError(f"scale_spread must be a number in [0, 10]; got {scale_spread!r}")
    if decimals is not None and (
        isinstance(decimals, bool) or not isinstance(decimals, (int, np.integer))
    ):
        raise TypeError(f"decimals must be an integer or None; got {decimals!r}")
    if control == "best":
        c = None
    elif (
        isinstance(control, bool)
        or not isinstance(control, (int, np.integer))
        or not 0 <= control < k
    ):
        raise ValueError(
            f"control must be an algorithm's index in 0..{k - 1} or 'best'; got {control!r}"
        )
    else:
        c = int(control)
    rows = _rows(chosen_comparisons, chosen_tests, procedures, registry.Context(k, rom=rom))
    extra = _custom(custom, c)
    m_of = {"omnibus": 1, "control": k - 1, "all_pairs": k * (k - 1) // 2}
    index = rows + [(comparison, "custom", name) for comparison, name, _ in extra]
    if not index:
        raise ValueError("no procedure to simulate: check comparisons, tests and procedures")
    spec = _Spec(
        effects=mu,
        n_datasets=n,
        noise=noise,
        scale_spread=float(scale_spread),
        decimals=None if decimals is None else int(decimals),
        alpha=alpha,
        control=c,
        rows=tuple(rows),
        custom=extra,
        aligned_se=aligned_se,
        quade_se=quade_se,
        rom=rom,
        monotone=bool(monotone),
        tie_correction=bool(tie_correction),
        method=method,
        n_resamples=n_resamples,
    )
    return spec, index, [m_of[comparison] for comparison, _, _ in index]


def _rows(
    comparisons: Sequence[str],
    tests: Sequence[str],
    procedures: Sequence[str] | None,
    context: registry.Context,
) -> list[tuple[str, str, str]]:
    """The (comparison, test, procedure) rows of a simulation: the registered procedures of
    each family that apply (:func:`multicomp.procedures.plan`: by default those beyond their
    size limit are left out; asked for, they are a ValueError), and after pairwise tests those
    valid for their p-values."""
    k = context.k
    known = tuple(dict.fromkeys(registry.names("control") + registry.names("all_pairs")))
    requested = None if procedures is None else check_choices("procedures", procedures, known)
    sizes = {"control": k - 1, "all_pairs": k * (k - 1) // 2}
    chosen = {
        family: registry.plan(
            family,
            None if requested is None else [m for m in requested if m in registry.names(family)],
            size,
            context,
        )[0]
        for family, size in sizes.items()
        if family in comparisons
    }
    rows: list[tuple[str, str, str]] = []
    for comparison in comparisons:
        for test in tests:
            names = _omnibus(test) if comparison == "omnibus" else chosen[comparison]
            if _is_pairwise(test) and comparison != "omnibus":
                valid = registry.after_pairwise(comparison)
                names = tuple(m for m in names if m in valid)
            rows += [(comparison, test, name) for name in names]
    return rows


def _omnibus(test: str) -> tuple[str, ...]:
    """The omnibus tests of ``test`` (the row names of the result): a registered rank test
    and those derived from it; none for the pairwise tests."""
    if _is_pairwise(test):
        return ()
    return (test, *(derived.name for derived in ranktests.get(test).derived))


def _effects(effects: ArrayLike | int) -> tuple[float, ...]:
    if isinstance(effects, (int, np.integer)) and not isinstance(effects, bool):
        mu = np.zeros(int(effects))
    else:
        try:
            mu = np.asarray(effects, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise TypeError(
                f"effects must be numbers (one per algorithm) or an integer k: {exc}"
            ) from exc
    if mu.ndim != 1 or not 2 <= mu.size <= 1000:
        raise ValueError(
            f"effects must give 2 to 1000 algorithms (or be such a k), got shape {mu.shape}"
        )
    if not np.all(np.isfinite(mu)):
        raise ValueError("effects must be finite")
    return tuple(float(v) for v in mu)


def _custom(
    custom: Mapping[str, tuple[Comparison, CustomProcedure]] | None, control: int | None
) -> tuple[tuple[str, str, CustomProcedure], ...]:
    if custom is None:
        return ()
    if not isinstance(custom, Mapping):
        raise TypeError("custom must be a mapping {name: (comparison, function)}")
    out = []
    for name, entry in custom.items():
        if not (isinstance(entry, tuple) and len(entry) == 2 and callable(entry[1])):
            raise TypeError(f"custom[{name!r}] must be a pair (comparison, function)")
        comparison = check_choice(f"the comparison of custom[{name!r}]", entry[0], COMPARISONS)
        if comparison == "control" and control is None:
            raise ValueError(
                f"custom[{name!r}] compares with a control: give control= an index, not 'best'"
            )
        out.append((comparison, str(name), entry[1]))
    return tuple(out)
