"""How often check_conditions rejects the parametric conditions, on data that meet them and on
data that do not.

Each replication draws a table of N data sets x k algorithms x r folds,
score = mu_d + noise, with mu_d ~ N(0, 1) per data set and independent noise of variance 1
(equal across algorithms: homoscedasticity and sphericity hold), from one of:

* "normal": N(0, 1), every condition holds;
* "skewed": standardised exponential;
* "heavy-tailed": Student t with 2 degrees of freedom;
* "bimodal": equal mixture of N(-2, 0.5^2) and N(2, 0.5^2).

It reports the fraction of replications whose verdict rejects some condition (the default
rule: Holm's procedure over the checks of each condition and over the conditions) and, for
comparison, the former rule (a condition fails when any of its checks has an unadjusted
p-value at most alpha), at alpha = 0.05 with the default checks (Shapiro-Wilk,
Brown-Forsythe, Mauchly).

Run:  nice python benches/sim_conditions.py [replications] > benches/RESULTS-conditions.md
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable

import numpy as np

import multicomp as mc

ALPHA = 0.05
SHAPES = [(20, 5, 10), (10, 3, 25)]

Noise = Callable[[np.random.Generator, tuple[int, ...]], np.ndarray]
NOISE: dict[str, Noise] = {
    "normal": lambda rng, size: rng.normal(size=size),
    "skewed": lambda rng, size: rng.exponential(size=size) - 1.0,
    "heavy-tailed": lambda rng, size: rng.standard_t(2, size=size),
    "bimodal": lambda rng, size: rng.choice([-2.0, 2.0], size=size) + 0.5 * rng.normal(size=size),
}


def draw(rng: np.random.Generator, noise: str, n: int, k: int, r: int) -> np.ndarray:
    """Runs of an N x k x r design: data set effects plus noise of the named shape."""
    return rng.normal(size=(n, 1, 1)) + NOISE[noise](rng, (n, k, r))


def table(runs: np.ndarray) -> mc.ConditionsResult:
    """check_conditions on the runs as a long table (one row per fold)."""
    import pandas as pd

    n, k, r = runs.shape
    d, a, f = np.meshgrid(np.arange(n), np.arange(k), np.arange(r), indexing="ij")
    frame = pd.DataFrame(
        {
            "dataset": d.ravel(),
            "algorithm": a.ravel(),
            "fold": f.ravel(),
            "score": runs.ravel(),
        }
    )
    return mc.check_conditions(frame, alpha=ALPHA)


def rates(noise: str, shape: tuple[int, int, int], reps: int, seed: int) -> tuple[float, float]:
    """Fractions of replications rejected by the default rule and by the unadjusted one."""
    rng = np.random.default_rng(seed)
    holm = unadjusted = 0
    for _ in range(reps):
        result = table(draw(rng, noise, *shape))
        holm += result.rejected
        unadjusted += bool((result.decisions()["below_alpha"] > 0).any())
    return holm / reps, unadjusted / reps


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    start = time.time()
    print("# Decisions of check_conditions on data that meet the conditions and on data that")
    print("do not\n")
    print((__doc__ or "").split("\n\nRun:")[0].split("\n", 2)[2])
    print("\n| N x k x folds | noise | rejected (Holm, default) | rejected (unadjusted) |")
    print("|---|---|---:|---:|")
    for shape in SHAPES:
        for i, noise in enumerate(NOISE):
            holm, unadjusted = rates(noise, shape, reps, seed=100 * i + shape[0])
            label = " x ".join(map(str, shape))
            print(f"| {label} | {noise} | {holm:.3f} | {unadjusted:.3f} |")
    se = np.sqrt(ALPHA * (1 - ALPHA) / reps)
    print(
        f"\n{reps} replications per row (Monte Carlo SE {se:.3f} at a rate of {ALPHA}); "
        f"{platform.machine()}, Python {platform.python_version()}, "
        f"{time.time() - start:.0f} s on a shared 2-core machine."
    )


if __name__ == "__main__":
    main()
