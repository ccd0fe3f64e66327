"""The costs of :func:`multicomp.simulate`'s routes, which its work estimate prices.

``nice python benches/simulate_calibration.py`` writes benches/RESULTS-simulate-calibration.md:
the seconds per unit of each route (:class:`multicomp.simulation.model.Costs`), then for a
few shapes the estimate (:func:`multicomp.simulation.model.seconds`) against the measured
time. CPU time of this process (all its threads), so that a loaded machine (other jobs)
changes little: the wall time of a run is at most that, and about half of it where the Rust
draw's two threads dominate. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import multicomp as mc
from multicomp import ranktests
from multicomp._internal.vocabulary import COMPARISONS, Z_TESTS
from multicomp.posthoc import PosthocOptions
from multicomp.ranktests import exact
from multicomp.ranktests.permutation import omnibus_pvalue, units
from multicomp.simulation import model

OUT = Path(__file__).resolve().parent / "RESULTS-simulate-calibration.md"
THREADS = max(1, len(os.sched_getaffinity(0)))
#: Shapes of the check (k, N, options): each route, and the study of the issue.
SHAPES: list[tuple[int, int, dict[str, object]]] = [
    (5, 10, {}),  # auto, N <= 16: Monte Carlo omnibus draws, exact pairs
    (10, 12, {}),  # Monte Carlo draws of the pairs as well
    (3, 12, {}),  # exact omnibus enumerations
    (5, 30, {}),  # asymptotic (N > 16)
    (10, 30, {}),
    (5, 20, {"tests": ["wilcoxon"], "comparisons": ["all_pairs"]}),  # pairwise tests
]


def cpu(function: Callable[[], object], repeats: int = 3) -> float:
    """The smallest CPU time of ``repeats`` calls."""
    best = math.inf
    for _ in range(repeats):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def _draw_costs() -> tuple[float, float]:
    """Seconds per permuted score and per draw: omnibus p-values of a 10 x 8 table at two
    resample counts (CPU time over the rayon threads)."""
    x = np.random.default_rng(1).standard_normal((10, 8))
    table = ranktests.get("friedman").table(x)
    times = {
        r: cpu(lambda r=r: [omnibus_pvalue(table, np.nan, "permutation", 1, r) for _ in range(20)])
        / 20
        for r in (1_000, 50_000)
    }
    permuted = (times[50_000] - times[1_000]) / (49_000 * table.size)
    return permuted, max(times[1_000] - permuted * 1_000 * table.size, 0.0)


def _exact_cost() -> float:
    """Seconds per cell of an exact omnibus enumeration (cache cleared), k = 3, N = 12."""
    rng = np.random.default_rng(2)
    tables = [
        units(ranktests.get("friedman").table(rng.standard_normal((12, 3)))) for _ in range(5)
    ]
    cells = sum(math.exp(exact.omnibus_log_work(w)[1]) for w in tables)

    def run() -> None:
        exact._omnibus_distribution.cache_clear()
        for w in tables:
            exact.exact_omnibus(w)

    return cpu(run) / cells


def _simulated(k: int, n: int, reps: int, **options: object) -> float:
    return cpu(
        lambda: mc.simulate(
            k, n, n_replications=reps, progress=False, random_state=1, max_work=1e18, **options
        ),
        repeats=1,
    )


def spec_of(k: int, n: int, **options: object) -> model.Spec:
    """The checked spec of ``simulate(k, n, **options)`` (comparisons and tests only)."""
    chosen = {"comparisons": COMPARISONS, "tests": Z_TESTS, **options}
    return model.specify(
        k, n, chosen["comparisons"], chosen["tests"], None, 0, 0.05, "normal", 0.0, None, None,
        PosthocOptions(), True,
    )[0]  # fmt: skip


def measure() -> model.Costs:
    permuted, draw = _draw_costs()
    score = _simulated(3, 200, 2_000, comparisons=["omnibus"]) / (2_000 * 600 * 3)
    m = 45 + 9 + 1  # all pairs, control and omnibus of k = 10
    hypothesis = (_simulated(10, 30, 1_000) / (1_000 * 3) - score * 300) / m
    pair_test = _simulated(5, 20, 20, tests=["wilcoxon"], comparisons=["all_pairs"]) / (20 * 10)
    return model.Costs(permuted, draw, score, hypothesis, _exact_cost(), pair_test)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    out = parser.parse_args().out
    costs = measure()
    lines = [
        "# simulate's work estimate: the measured costs of its routes",
        "",
        f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
        f"{platform.processor() or platform.machine()}, {THREADS} cores, load average "
        f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}, CPU time of the "
        "process, all threads. Reproduce: `nice python "
        "benches/simulate_calibration.py`.",
        "",
        "| cost | measured | in the package (`COSTS`) |",
        "|---|---|---|",
    ]
    lines += [
        f"| {name} | {getattr(costs, name):.3g} s | {getattr(model.COSTS, name):.3g} s |"
        for name in model.Costs._fields
    ]
    lines += [
        "",
        "`draw` and `exact` of the package are fitted to simulate's own runs (k = 5, N = 10 and "
        "k = 3, N = 12 below): under `method='auto'` each table's p-values first try the exact "
        "enumerations (a cost per draw beyond the Rust call), and exact distributions repeat "
        "between tables, which the engine caches (half the cost per cell).",
    ]
    lines += ["", "| k | N | options | replications | estimate (s) | measured (s) | ratio |"]
    lines += ["|---|---|---|---|---|---|---|"]
    for k, n, options in SHAPES:
        reps = 100 if n <= 16 else 1_000
        if "tests" in options:
            reps = 20
        spec = spec_of(k, n, **options)
        estimate = model.seconds(spec, reps)
        measured = _simulated(k, n, reps, **options)
        lines.append(
            f"| {k} | {n} | {options or ''} | {reps:,} | {estimate:.3g} | {measured:.3g} | "
            f"{estimate / measured:.2f} |"
        )
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
