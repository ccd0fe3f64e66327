"""Bergmann-Hommel for rank post-hocs from Python: the Robinson route against the subset DP on
the same families. ``python benches/bench_robinson.py [k_max] [dp_k_max]``.

Families: the p-values of ``posthoc_all_pairs`` (Friedman test) for k algorithms of spread-out
merit on 40 data sets, scores rounded to one decimal (tied ranks). Both routes are called
through ``adjust_all_pairs`` (with and without ``order=``) and checked bit for bit equal.
Prints a Markdown table (best of several calls) and the growth exponent in k of the Robinson
route (least squares of log time on log k, k >= 20).
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable

import numpy as np

import multicomp as mc
from multicomp import adjust_all_pairs


def family(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(p-values, rank order) of the Friedman post-hoc of one table of scores."""
    scores = np.round(np.arange(k) * 0.05 + rng.normal(size=(40, k)), 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # k > 40: fewer data sets than algorithms, on purpose
        result = mc.posthoc_all_pairs(scores, procedures=["nemenyi"])
    return result.pvalue.to_numpy(), np.argsort(result.ranks.to_numpy(), kind="stable")


def best_of(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(k_max: int = 100, dp_max: int = 20) -> None:
    rng = np.random.default_rng(15)
    print("| k | Robinson route (ms) | subset DP (ms) | ratio |")
    print("|---|---|---|---|")
    fits = []
    for k in [8, 10, 12, 14, 16, 18, 20, 25, 30, 40, 50, 60, 80, 100]:
        if k > k_max:
            break
        p, order = family(rng, k)

        def robinson(p: np.ndarray = p, order: np.ndarray = order) -> np.ndarray:
            return adjust_all_pairs(p, "bergmann_hommel", order=order)

        def subset_dp(p: np.ndarray = p) -> np.ndarray:
            return adjust_all_pairs(p, "bergmann_hommel")

        t_fast = best_of(robinson, 5 if k <= 50 else 2)
        if k <= dp_max:
            assert np.array_equal(robinson(), subset_dp())  # bit for bit
            t_dp = best_of(subset_dp, 3 if k <= 16 else 1)
            dp, ratio = f"{t_dp * 1e3:.3g}", f"{t_dp / t_fast:,.0f}x"
        else:
            dp, ratio = "", ""
        print(f"| {k} | {t_fast * 1e3:.3g} | {dp} | {ratio} |")
        if k >= 20:
            fits.append((np.log(k), np.log(t_fast)))
    if len(fits) >= 2:
        x, y = np.array(fits).T
        print(f"\ngrowth exponent of the Robinson route, k >= 20: {np.polyfit(x, y, 1)[0]:.2f}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
