"""Family-wise error and power of Conover's t-test post-hocs (test='conover', 'quade_conover')
against the z-test post-hocs of the same ranks (test='friedman', 'quade'), issue 21.9.

Uses multicomp.simulate (normal noise, method='asymptotic': Conover's post-hocs use Student's t
at every N, the z tests the normal; the same tables for every test of a scenario). Run:
    nice python benches/sim_conover.py > benches/RESULTS-conover.md
"""

from __future__ import annotations

import platform
import time

import multicomp as mc

SCENARIOS = {
    "complete null, k = 5, N = 20": ((0, 0, 0, 0, 0), 20),
    "partial null, k = 5, N = 20": ((0, 0, 0, 1, 1), 20),
    "partial null, k = 6, N = 30: A = B, the rest far better": ((0, 0, 1.5, 1.5, 1.5, 1.5), 30),
    "partial null, k = 10, N = 20: A = B, the rest far better": ((0, 0, *[3.0] * 8), 20),
}
TESTS = ("friedman", "conover", "quade", "quade_conover")
PROCEDURES = ("holm", "bonferroni")
REPS = 4000
SEED = 2126


def main() -> None:
    print("# Conover's post-hocs (test='conover'|'quade_conover') vs the z tests\n")
    print(
        f"multicomp.simulate, {REPS} replications per scenario (random_state={SEED}), "
        "alpha = 0.05, normal noise, method='asymptotic', the comparisons with the control "
        "(the first algorithm) and all pairs; `fwer` is the rate of replications with at least "
        "one true null hypothesis rejected, with its Monte Carlo SE. "
        f"Machine: {platform.machine()}, Python {platform.python_version()}, shared (2 cores).\n"
    )
    for label, (effects, n) in SCENARIOS.items():
        start = time.perf_counter()
        frame = mc.simulate(
            list(effects),
            n,
            n_replications=REPS,
            comparisons=["control", "all_pairs"],
            tests=list(TESTS),
            procedures=list(PROCEDURES),
            method="asymptotic",
            random_state=SEED,
        ).to_frame()
        columns = ["true_nulls", "fwer", "fwer_se", "power_avg", "rejections"]
        frame = frame.drop(index="omnibus", level="comparison", errors="ignore")[columns]
        print(f"## {label}: effects {effects}\n")
        print("```")
        print(frame.to_string(float_format=lambda v: f"{v:.4f}"))
        print("```\n")
        print(f"({time.perf_counter() - start:.0f} s)\n")


if __name__ == "__main__":
    main()
