"""FWER and power of the pairwise Wilcoxon / sign post-hocs against the mean-rank post-hocs.

Uses multicomp.simulate (normal noise, data sets of different scales). Run:
    nice python benches/sim_pairwise_posthoc.py > benches/RESULTS-pairwise-posthoc.md
"""

from __future__ import annotations

import platform
import time

import multicomp as mc

SCENARIOS = {
    "complete null, k = 5, N = 20": ((0, 0, 0, 0, 0), 20),
    "partial null, k = 5, N = 20 (two tied pairs + a spread)": ((0, 0, 0.5, 0.5, 1.0), 20),
    "partial null, k = 6, N = 30 (A = B, the rest far better)": ((0, 0, 1.5, 1.5, 1.5, 1.5), 30),
    "all different, k = 4, N = 30": ((0, 0.3, 0.6, 0.9), 30),
}
TESTS = ("friedman", "aligned", "wilcoxon", "sign")
REPS = 1000

#: A benchmark runs long on purpose: past simulate's default work limit (about 90 s).
BENCH_WORK = 1e15


def main() -> None:
    print("# Pairwise post-hocs (test='wilcoxon'|'sign') vs mean-rank post-hocs\n")
    print(
        f"multicomp.simulate, {REPS} replications per scenario, alpha = 0.05, normal noise, "
        f"scale_spread = 0.5 (data sets of different scales), all-pairs comparisons. "
        f"Machine: {platform.machine()}, Python {platform.python_version()}, shared (2 cores).\n"
    )
    for title, (effects, n) in SCENARIOS.items():
        start = time.perf_counter()
        result = mc.simulate(
            effects,
            n,
            n_replications=REPS,
            comparisons=("all_pairs",),
            tests=TESTS,
            scale_spread=0.5,
            random_state=20261123,
            max_work=BENCH_WORK,
        )
        frame = result.to_frame()[
            ["true_nulls", "fwer", "fwer_se", "power_avg", "power_avg_se", "rejections"]
        ]
        print(f"## {title}: effects {effects}\n")
        print("```\n" + frame.to_string(float_format="{:.4f}".format) + "\n```")
        print(f"\n({time.perf_counter() - start:.0f} s; entropy {result.entropy})\n")


if __name__ == "__main__":
    main()
