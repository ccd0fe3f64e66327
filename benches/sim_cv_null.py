"""Null calibration of the cross-validation tests for two algorithms on one data set.

Two learners with equal expected accuracy, in two designs (each replication draws a fresh
sample of n = 300 and runs every test at alpha = 0.05):

* "symmetric": deterministic learners on a symmetric population. Class y = 0, 1 equally likely;
  features 0-2 and 3-5 are independent copies of N(mu_y, I) with mu_0 = 0, mu_1 = 0.75 (1, 1, 1).
  A is the nearest-centroid classifier on features 0-2, B on features 3-5: equal expected
  accuracy by symmetry, and the fold differences are correlated through the shared data, the
  situation the corrections are made for.
* "random subspace": one randomised learner, the nearest centroid on 3 of the 10 features of
  make_classification drawn afresh at every fit, run with two independent random streams (the
  two are identical in distribution); here most of the variance of a fold difference is the
  learners' own independent randomness.

Run:  nice python benches/sim_cv_null.py [replications] > benches/RESULTS-cv-null.md
"""

from __future__ import annotations

import platform
import sys
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.model_selection import KFold

import multicomp as mc

ALPHA = 0.05
N = 300


def centroid(
    X: np.ndarray, y: np.ndarray, train: np.ndarray, test: np.ndarray, features: np.ndarray
) -> float:
    """Accuracy of the nearest-centroid classifier on ``features``, fitted on ``train``."""
    A, B = X[np.ix_(train, features)], X[np.ix_(test, features)]
    centres = np.array([A[y[train] == c].mean(axis=0) for c in (0, 1)])
    predicted = np.argmin(((B[:, None, :] - centres[None]) ** 2).sum(axis=2), axis=1)
    return float(np.mean(predicted == y[test]))


def random_subspace(
    X: np.ndarray,
    y: np.ndarray,
    train: np.ndarray,
    test: np.ndarray,
    streams: tuple[np.random.Generator, ...],
) -> tuple[float, float]:
    first, second = (
        centroid(X, y, train, test, s.choice(X.shape[1], 3, replace=False)) for s in streams
    )
    return first, second


def symmetric(
    X: np.ndarray,
    y: np.ndarray,
    train: np.ndarray,
    test: np.ndarray,
    streams: tuple[np.random.Generator, ...],
) -> tuple[float, float]:
    return centroid(X, y, train, test, np.arange(3)), centroid(X, y, train, test, np.arange(3, 6))


def sample(
    design: str, rng: np.random.Generator, pool: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    if design == "symmetric":
        y = rng.integers(0, 2, N)
        return rng.normal(size=(N, 6)) + 0.75 * y[:, None], y
    rows = rng.choice(len(pool[1]), N, replace=False)
    return pool[0][rows], pool[1][rows]


def replication(
    design: str, rng: np.random.Generator, pool: tuple[np.ndarray, np.ndarray]
) -> dict[str, bool]:
    X, y = sample(design, rng, pool)
    seeds = tuple(np.random.default_rng(int(rng.integers(2**63))) for _ in range(2))
    scores = symmetric if design == "symmetric" else random_subspace
    five = np.empty((2, 5, 2))
    for i in range(5):
        order = rng.permutation(N)
        halves = (order[: N // 2], order[N // 2 :])
        for j in range(2):
            five[:, i, j] = scores(X, y, halves[1 - j], halves[j], seeds)
    folds = []
    for _ in range(10):
        for train, test in KFold(10, shuffle=True, random_state=int(rng.integers(2**31))).split(X):
            folds.append(scores(X, y, train, test, seeds))
    f = np.array(folds).T  # (2, 100): repetition r is columns 10r..10r+9
    first = f[:, :10]
    return {
        "5x2cv paired t (Dietterich 1998)": mc.paired_t_test_5x2cv(five[0], five[1]).pvalue
        <= ALPHA,
        "5x2cv combined F (Alpaydin 1999)": mc.combined_f_test_5x2cv(five[0], five[1]).pvalue
        <= ALPHA,
        "naive paired t, 10-fold": mc.paired_t_test(first[0], first[1]).pvalue <= ALPHA,
        "corrected resampled t, 10-fold": mc.corrected_resampled_t_test(
            first[0], first[1], rho=0.1
        ).pvalue
        <= ALPHA,
        "naive paired t, 10x10-fold": mc.paired_t_test(f[0], f[1]).pvalue <= ALPHA,
        "corrected resampled t, 10x10-fold": mc.corrected_resampled_t_test(
            f[0], f[1], rho=0.1
        ).pvalue
        <= ALPHA,
        "Bayesian correlated t, 10x10-fold, max(P) >= 0.975": max(
            (b := mc.bayesian_correlated_t_test(f[0], f[1], rho=0.1, n_draws=1)).p_x_better,
            b.p_y_better,
        )
        >= 1 - ALPHA / 2,
    }


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    pool = make_classification(
        n_samples=20_000, n_features=10, n_informative=5, flip_y=0.1, random_state=0
    )
    print("# Null calibration of the cross-validation tests\n")
    print(__doc__.split("\n\n", 1)[1].split("Run:")[0])
    for design in ("symmetric", "random subspace"):
        run(design, reps, pool)


def run(design: str, reps: int, pool: tuple[np.ndarray, np.ndarray]) -> None:
    rng = np.random.default_rng(20261123)
    start = time.perf_counter()
    counts: dict[str, int] = {}
    for _ in range(reps):
        for name, rejected in replication(design, rng, pool).items():
            counts[name] = counts.get(name, 0) + int(rejected)
    elapsed = time.perf_counter() - start
    print(f"## {design}\n")
    print(
        f"{reps} replications, alpha = {ALPHA}, n = {N}; {platform.machine()}, Python "
        f"{platform.python_version()}, {elapsed:.0f} s on a shared 2-core machine.\n"
    )
    print("| test | type I error | Monte Carlo SE |\n|---|---:|---:|")
    for name, count in counts.items():
        rate = count / reps
        print(f"| {name} | {rate:.3f} | {np.sqrt(rate * (1 - rate) / reps):.3f} |")
    print()


if __name__ == "__main__":
    main()
