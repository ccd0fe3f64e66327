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

A second table looks at sphericity where N is close to k, on tables of N data sets x k
algorithms without folds, score = mu_d + 0.5 noise (normal, compound symmetric: sphericity
holds): the rate of Mauchly's p-value <= alpha, from W's exact null law (the package) and
from the chi-square approximation with Anderson's second-order term that the package used
before (as R's ``mauchly.test``), and the rate at which check_conditions' verdict rejects.

Run:  nice python benches/sim_conditions.py [replications] [near: tables, verdicts]
      > benches/RESULTS-conditions.md
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
#: N x k shapes with N close to k (and two with more data sets), for the sphericity table.
NEAR = [(5, 5), (6, 5), (10, 5), (10, 10), (11, 10), (12, 10), (15, 10), (20, 10)]

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


def chi_square_pvalue(w: float, n: int, k: int) -> float:
    """The former p-value of Mauchly's W: chi-square with Anderson's (2003, Sec. 10.7)
    second-order term, as R's ``mauchly.test``."""
    from scipy import stats

    p = k - 1
    rho = 1 - (2 * p * p + p + 2) / (6 * p * (n - 1))
    omega2 = (p + 2) * (p - 1) * (p - 2) * (2 * p**3 + 6 * p**2 + 3 * p + 2)
    omega2 /= 288 * (p * (n - 1) * rho) ** 2
    statistic, df = -(n - 1) * rho * np.log(w), p * (p + 1) / 2 - 1
    first, second = stats.chi2.sf(statistic, df), stats.chi2.sf(statistic, df + 4)
    return float(np.clip(first + omega2 * (second - first), 0.0, 1.0))


def near_rates(n: int, k: int, tables: int, verdicts: int) -> tuple[float, float, float]:
    """Rates of Mauchly's p <= alpha (exact null, chi-square) on ``tables`` spherical N x k
    tables, and of check_conditions' rejection on the first ``verdicts`` of them."""
    from multicomp.parametric.anova import mauchly

    rng = np.random.default_rng(3703 + 100 * n + k)
    exact = chi2 = rejected = 0
    for i in range(tables):
        x = rng.normal(size=(n, 1)) + 0.5 * rng.normal(size=(n, k))
        w, pvalue, _ = mauchly(x)
        exact += pvalue <= ALPHA
        chi2 += chi_square_pvalue(w, n, k) <= ALPHA
        if i < verdicts:
            rejected += mc.check_conditions(x, alpha=ALPHA).rejected
    return exact / tables, chi2 / tables, rejected / verdicts


def print_near(tables: int, verdicts: int) -> None:
    """The sphericity table at N close to k."""
    print("\n## Sphericity with N close to k (normal, spherical tables without folds)\n")
    print("| N | k | Mauchly p <= 0.05: exact null (package) | former chi-square |", end="")
    print(f" verdict rejects ({verdicts} tables) |")
    print("|---:|---:|---:|---:|---:|")
    for n, k in NEAR:
        exact, chi2, rejected = near_rates(n, k, tables, verdicts)
        print(f"| {n} | {k} | {exact:.4f} | {chi2:.4f} | {rejected:.3f} |")
    print(
        f"\n{tables} tables per row for Mauchly's test (Monte Carlo SE "
        f"{np.sqrt(ALPHA * (1 - ALPHA) / tables):.4f} at a rate of {ALPHA}), the verdict on the "
        f"first {verdicts} (SE {np.sqrt(ALPHA * (1 - ALPHA) / verdicts):.3f}); seed "
        "3703 + 100 N + k. The verdict also checks the normality of the paired differences "
        "(Holm over the pairs and over the conditions), so it can reject less than alpha."
    )


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    tables = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    verdicts = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000
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
    print(f"\n{reps} replications per row (Monte Carlo SE {se:.3f} at a rate of {ALPHA}).")
    print_near(tables, verdicts)
    print(
        f"\n{platform.machine()}, Python {platform.python_version()}, "
        f"{time.time() - start:.0f} s on a shared 2-core machine."
    )


if __name__ == "__main__":
    main()
