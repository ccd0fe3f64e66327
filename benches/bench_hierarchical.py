"""Speed and mixing of the Bayesian hierarchical test: multicomp's Gibbs sampler (Rust) against
baycomp's HierarchicalTest (PyStan's NUTS) in the same run, when baycomp and PyStan are
installed (benches/RESULTS-hierarchical.md).

10 data sets x 10 folds (the first case of benches/baycomp_hierarchical_reference.py), rope
0.01, baycomp's default number of draws: 4 chains x 50,000 after 1000 warm-up iterations each.
For each: wall time (multicomp: the best and the median of five calls, and the CPU time of the
best; baycomp: one call after the model is compiled) and the effective sample sizes of delta0,
std0 and nu and of theta_x (the per-draw probability that the next data set favours x),
computed by the same function (multicomp._internal.mcmc) from each sampler's chains. The load
average and the versions are printed with the table.

    python benches/bench_hierarchical.py            # multicomp only
    python benches/bench_hierarchical.py --baycomp  # also baycomp (needs pystan, baycomp)
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
from importlib.metadata import version

import numpy as np

import multicomp as mc
from baycomp_hierarchical_reference import CASES, baycomp_case, fold_scores  # beside this
from multicomp._internal import mcmc

ROPE = 0.01
QUANTITIES = ("delta0", "std0", "nu", "theta_x")


def row(name: str, seconds: str, found: dict[str, tuple[float, float]]) -> str:
    cells = " | ".join(f"{found[p][1]:,.0f} ({found[p][0]:.4f})" for p in QUANTITIES)
    return f"| {name} | {seconds} | {cells} |"


def ours(x: np.ndarray, y: np.ndarray) -> str:
    times = []
    for seed in range(5):
        start, cpu = time.perf_counter(), time.process_time()
        res = mc.bayesian_hierarchical_test(x, y, rope=ROPE, random_state=seed)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    chains = {"delta0": res.delta0, "std0": res.std0, "nu": res.nu}
    chains["theta_x"] = res.samples[:, 0].reshape(res.delta0.shape)
    found = {p: mcmc.split_rhat_ess(chains[p]) for p in QUANTITIES}
    best = min(times)
    wall = np.median([t[0] for t in times])
    shown = f"{best[0]:.2f} (median {wall:.2f}; CPU {best[1]:.2f})"
    probs = f"{res.p_x_better:.4f} / {res.p_equivalent:.4f} / {res.p_y_better:.4f}"
    return row(f"multicomp (P = {probs})", shown, found)


def baycomp(x: np.ndarray, y: np.ndarray) -> str:
    from baycomp import HierarchicalTest

    os.chdir(tempfile.mkdtemp())  # baycomp's cache, last-sample.pickle, goes there
    HierarchicalTest.sample(x[:, :5], y[:, :5], ROPE, nsamples=100)  # compile once
    entry = baycomp_case(x, y, ROPE, 1)
    found = {p: (entry["stan"][p]["rhat"], entry["stan"][p]["ess"]) for p in QUANTITIES}
    probs = " / ".join(f"{p:.4f}" for p in entry["left_rope_right"])
    return row(f"baycomp + Stan (P = {probs})", f"{entry['seconds']:.1f}", found)


def main() -> None:
    x, y = fold_scores(CASES[0], seed=100)
    print("| sampler | seconds | ESS (R-hat) delta0 | std0 | nu | theta_x |")
    print("|---|---|---|---|---|---|")
    print(ours(x, y), flush=True)
    names = ["multicomp", "numpy"]
    if "--baycomp" in sys.argv:
        print(baycomp(x, y))
        names += ["baycomp", "pystan", "httpstan"]
    found = ", ".join(f"{name} {version(name)}" for name in names)
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"\nPython {platform.python_version()}, {found}; load average {load}")


if __name__ == "__main__":
    main()
