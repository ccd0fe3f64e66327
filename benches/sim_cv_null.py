"""Null calibration of the cross-validation tests for two algorithms on one data set.

Two learners with equal expected accuracy: the same randomised decision tree
(scikit-learn, max_features="sqrt") with two different random_state values, so the null
hypothesis of equal expected score holds. Each replication draws a fresh training sample of
n = 300 from a fixed population (make_classification) and runs every test at alpha = 0.05.
Run:  nice python benches/sim_cv_null.py [replications] > benches/RESULTS-cv-null.md
"""

from __future__ import annotations

import platform
import sys
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.model_selection import KFold
from sklearn.tree import DecisionTreeClassifier

import multicompare as mc

ALPHA = 0.05
N = 300


def scores(X: np.ndarray, y: np.ndarray, train: np.ndarray, test: np.ndarray,
           seeds: tuple[int, int]) -> tuple[float, float]:
    out = []
    for seed in seeds:
        model = DecisionTreeClassifier(max_features="sqrt", random_state=seed)
        out.append(model.fit(X[train], y[train]).score(X[test], y[test]))
    return out[0], out[1]


def replication(X_all: np.ndarray, y_all: np.ndarray, rng: np.random.Generator) -> dict[str, bool]:
    rows = rng.choice(len(y_all), N, replace=False)
    X, y = X_all[rows], y_all[rows]
    seeds = (int(rng.integers(2**31)), int(rng.integers(2**31)))
    five = np.empty((2, 5, 2))
    for i in range(5):
        order = rng.permutation(N)
        halves = (order[: N // 2], order[N // 2:])
        for j in range(2):
            five[:, i, j] = scores(X, y, halves[1 - j], halves[j], seeds)
    folds = []
    for r in range(10):
        for train, test in KFold(10, shuffle=True, random_state=int(rng.integers(2**31))).split(X):
            folds.append(scores(X, y, train, test, seeds))
    f = np.array(folds).T  # (2, 100): repetition r is columns 10r..10r+9
    first = f[:, :10]
    return {
        "5x2cv paired t (Dietterich 1998)": mc.paired_t_test_5x2cv(five[0], five[1]).pvalue <= ALPHA,
        "5x2cv combined F (Alpaydin 1999)": mc.combined_f_test_5x2cv(five[0], five[1]).pvalue <= ALPHA,
        "naive paired t, 10-fold": mc.paired_t_test(first[0], first[1]).pvalue <= ALPHA,
        "corrected resampled t, 10-fold": mc.corrected_resampled_t_test(first[0], first[1], rho=0.1).pvalue <= ALPHA,
        "naive paired t, 10x10-fold": mc.paired_t_test(f[0], f[1]).pvalue <= ALPHA,
        "corrected resampled t, 10x10-fold": mc.corrected_resampled_t_test(f[0], f[1], rho=0.1).pvalue <= ALPHA,
        "Bayesian correlated t, 10x10-fold, max(P) >= 0.975":
            max((b := mc.bayesian_correlated_t_test(f[0], f[1], rho=0.1, n_samples=1)).p_x_better,
                b.p_y_better) >= 1 - ALPHA / 2,
    }


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    X_all, y_all = make_classification(n_samples=20_000, n_features=10, n_informative=5,
                                       flip_y=0.1, random_state=0)
    rng = np.random.default_rng(20261123)
    start = time.perf_counter()
    counts: dict[str, int] = {}
    for _ in range(reps):
        for name, rejected in replication(X_all, y_all, rng).items():
            counts[name] = counts.get(name, 0) + int(rejected)
    elapsed = time.perf_counter() - start
    print("# Null calibration of the cross-validation tests\n")
    print(f"{reps} replications, alpha = {ALPHA}, n = {N} drawn from make_classification(20000, "
          "10 features, 5 informative, flip_y = 0.1); both learners DecisionTreeClassifier("
          "max_features='sqrt') with different random_state (equal expected accuracy). "
          f"{platform.machine()}, Python {platform.python_version()}, {elapsed:.0f} s on a "
          "shared 2-core machine.\n")
    print("| test | type I error | Monte Carlo SE |\n|---|---:|---:|")
    for name, count in counts.items():
        rate = count / reps
        print(f"| {name} | {rate:.3f} | {np.sqrt(rate * (1 - rate) / reps):.3f} |")


if __name__ == "__main__":
    main()
