"""The model of a simulation: the scenario (true locations, noise, data-set scales, rounding),
the procedures to run and their options, checked before any work (:func:`specify`), and the
tables it draws (:func:`draw`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, cast

import numpy as np
from numpy.typing import ArrayLike

from multicomp import ranktests
from multicomp._internal.validation import (
    check_alpha,
    check_bool,
    check_choice,
    check_choices,
    check_count,
)
from multicomp._internal.vocabulary import COMPARISONS, NOISES, ROMS, Comparison, Noise, SEForm
from multicomp.posthoc import PosthocOptions
from multicomp.procedures import base as registry
from multicomp.ranktests.exact import (
    EXACT_LIMIT,
    EXACT_WORK_LIMIT,
    PAIR_WORK_LIMIT,
    omnibus_log_work,
    pair_work,
)
from multicomp.ranktests.permutation import check_options, pair_resamples, resolve, units

__all__ = [
    "COSTS",
    "MAX_CELLS_PER_CHUNK",
    "Costs",
    "MAX_REPLICATIONS",
    "CustomProcedure",
    "NoiseFunction",
    "Spec",
    "draw",
    "hypotheses",
    "is_pairwise",
    "posthoc_resamples",
    "seconds",
    "work",
    "seed_sequence",
    "specify",
]


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


# --- the scenario ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
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
    tie_correction: bool
    # the post-hocs' SE forms, Rom, monotone and p-values (multicomp.ranktests.permutation)
    posthoc: PosthocOptions = field(default_factory=PosthocOptions)

    @property
    def k(self) -> int:
        return len(self.effects)


def draw(spec: Spec, rng: np.random.Generator, reps: int) -> np.ndarray:
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


def seed_sequence(random_state: int | None) -> np.random.SeedSequence:
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


class Costs(NamedTuple):
    """Seconds per unit of each route of a simulation, measured on the reference machine
    (benches/simulate_calibration.py; benches/RESULTS-simulate-calibration.md): CPU
    seconds of the process (all its threads), so that the wall time of a run is at most its
    estimate, and about half of it where the Rust draw's two threads dominate."""

    permuted: float  # one score of one table permuted once in a Monte Carlo draw (Rust)
    draw: float  # the fixed cost of one permutation p-value of one table (a draw, a lookup)
    score: float  # one score of one table through a rank test's vectorised statistics
    hypothesis: float  # one hypothesis of one table through the post-hocs' adjustments
    exact: float  # one cell of an exact omnibus enumeration (omnibus_log_work's count)
    pair_test: float  # one pairwise test (Wilcoxon's, the sign test) of one pair of one table


#: The measured costs (benches/RESULTS-simulate-calibration.md).
COSTS = Costs(
    permuted=4.2e-10, draw=1.2e-4, score=1.2e-7, hypothesis=1.5e-6, exact=1.5e-9, pair_test=2.2e-3
)


def seconds(spec: Spec, reps: int) -> float:
    """The estimated run time of ``reps`` replications of ``spec`` on the reference machine
    (:data:`COSTS`): per table and rank test its vectorised statistics, then each permutation
    p-value the package's functions would compute, by the route they would take on a table of
    this shape (exact enumeration where it fits, judged on a table of normal scores of this
    shape, else a Monte Carlo draw of its resamples); per pair a pairwise test."""
    cells = spec.n_datasets * spec.k
    per_table = COSTS.score * cells * len(spec.custom)
    for test in dict.fromkeys(test for _, test, _ in spec.rows):
        comparisons = {comparison for comparison, name, _ in spec.rows if name == test}
        if is_pairwise(test):
            per_table += COSTS.pair_test * (spec.k * (spec.k - 1) // 2)
        else:
            m = sum(hypotheses(comparison, spec.k) for comparison in comparisons)
            per_table += COSTS.score * cells + COSTS.hypothesis * m
            per_table += _permutations(spec, test, comparisons)
    return float(reps) * per_table


def work(spec: Spec, reps: int) -> float:
    """:func:`seconds` in permuted scores (one score of one table permuted once in a Monte
    Carlo draw, :attr:`Costs.permuted`), the unit of ``max_work``."""
    return seconds(spec, reps) / COSTS.permuted


def _permutations(spec: Spec, test: str, comparisons: set[str]) -> float:
    """Seconds of the permutation p-values of one table of the rank ``test``: its omnibus
    p-value (when ``"omnibus"`` is simulated) and its post-hocs' pair p-values."""
    options = spec.posthoc
    if resolve(options.method, spec.n_datasets) == "asymptotic":
        return 0.0
    n, k = spec.n_datasets, spec.k
    x = np.random.default_rng(0).standard_normal((n, k))
    w = units(ranktests.get(test).table(x if spec.decimals is None else np.round(x, spec.decimals)))
    exact = options.method != "permutation"
    cost = 0.0
    if "omnibus" in comparisons:
        log_step, log_work = omnibus_log_work(w)
        if exact and log_step <= math.log(EXACT_LIMIT) and log_work <= math.log(EXACT_WORK_LIMIT):
            cost += COSTS.draw + COSTS.exact * math.exp(log_work)
        else:
            cost += COSTS.draw + COSTS.permuted * options.n_resamples * n * k
    t_tests = ranktests.get(test).posthoc_df is not None and options.method == "auto"
    posthocs = comparisons - {"omnibus"}
    if t_tests or not posthocs:
        return cost
    if exact and pair_work(w) <= PAIR_WORK_LIMIT:
        return cost + COSTS.draw
    drawn = set(posthoc_resamples(spec, posthocs).values()) - {None}
    width = n * k + k * (k - 1) / 2
    return cost + sum(COSTS.draw + COSTS.permuted * count * width for count in drawn if count)


def hypotheses(comparison: str, k: int) -> int:
    """m, the number of hypotheses of ``comparison`` among ``k`` algorithms."""
    return {"omnibus": 1, "control": k - 1, "all_pairs": k * (k - 1) // 2}[comparison]


def posthoc_resamples(spec: Spec, comparisons: Iterable[str]) -> dict[str, int | None]:
    """The resamples of the pair p-values of each post-hoc of ``comparisons`` (``"control"``,
    ``"all_pairs"``) of ``spec``: under ``method="auto"`` a post-hoc of m hypotheses draws
    enough to resolve alpha/m (None: it takes the asymptotic p-values instead), as the
    post-hoc functions do (:func:`multicomp.ranktests.permutation.pair_resamples`)."""
    options, shape = spec.posthoc, (spec.n_datasets, spec.k)
    return {
        comparison: pair_resamples(
            options.method,
            options.n_resamples,
            spec.alpha / hypotheses(comparison, spec.k),
            shape,
        )
        for comparison in sorted(comparisons)
    }


def is_pairwise(test: str) -> bool:
    """Whether ``test`` is a registered pairwise test (post-hocs only, one table at a time)."""
    return ranktests.kind_of(test) == "pairwise"


def specify(
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
    options: PosthocOptions,
    tie_correction: bool,
) -> tuple[Spec, list[tuple[str, str, str]], list[int]]:
    """Check every argument before any work; the spec, the row labels and each row's m.
    ``options``: the post-hoc options as given (checked here)."""
    method, n_resamples = check_options(options.method, None, options.n_resamples)
    mu = _effects(effects)
    k = len(mu)
    n = check_count(n_datasets, "n_datasets", 2, 10**7)
    alpha = check_alpha(alpha)
    chosen_comparisons = check_choices("comparisons", comparisons, COMPARISONS)
    chosen_tests = check_choices("tests", tests, ranktests.posthoc_tests())
    options = replace(
        options,
        se=cast(  # a form of one of the tests at least (the others: their default)
            SEForm,
            check_choice(
                "se", options.se, tuple(f for t in chosen_tests for f in ranktests.se_forms(t))
            ),
        ),
        rom=check_choice("rom", options.rom, ROMS),
        monotone=check_bool(options.monotone, "monotone"),
        method=method,
        n_resamples=n_resamples,
    )
    tie_correction = check_bool(tie_correction, "tie_correction")
    scenario = _scenario(noise, scale_spread, decimals, control, k)
    rows = _rows(chosen_comparisons, chosen_tests, procedures, registry.Context(k, rom=options.rom))
    extra = _custom(custom, scenario["control"])
    index = rows + [(comparison, "custom", name) for comparison, name, _ in extra]
    if not index:
        raise ValueError("no procedure to simulate: check comparisons, tests and procedures")
    spec = Spec(
        effects=mu,
        n_datasets=n,
        **scenario,
        alpha=alpha,
        rows=tuple(rows),
        custom=extra,
        tie_correction=bool(tie_correction),
        posthoc=options,
    )
    return spec, index, [hypotheses(comparison, k) for comparison, _, _ in index]


def _scenario(
    noise: str | NoiseFunction,
    scale_spread: float,
    decimals: int | None,
    control: int | str,
    k: int,
) -> dict[str, Any]:
    """The checked noise, scale spread, rounding and control (None: the best-ranked) of a
    scenario of ``k`` algorithms, as :class:`Spec` holds them."""
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
    return {
        "noise": noise,
        "scale_spread": float(scale_spread),
        "decimals": None if decimals is None else int(decimals),
        "control": c,
    }


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
            if is_pairwise(test) and comparison != "omnibus":
                valid = registry.after_pairwise(comparison)
                names = tuple(m for m in names if m in valid)
            rows += [(comparison, test, name) for name in names]
    return rows


def _omnibus(test: str) -> tuple[str, ...]:
    """The omnibus tests of ``test`` (the row names of the result): a registered rank test
    and those derived from it; none for the pairwise tests."""
    if is_pairwise(test):
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
