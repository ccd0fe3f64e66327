"""Time the Bayesian signed-rank and sign tests (50,000 posterior samples) against baycomp.

Both on the same inputs in one run; ratios are what to read (the machine is shared).
    python benches/bench_bayesian.py > benches/RESULTS-bayesian.md
"""

from __future__ import annotations

import os
import platform
import time
import warnings

import baycomp
import numpy as np

import multicomp as mc


def best_of(func, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    warnings.simplefilter("ignore")
    print("# Bayesian tests over N data sets: multicomp vs baycomp (50,000 samples, rope 0.01)\n")
    print(
        f"{platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"baycomp {getattr(baycomp, '__version__', '1.0.x')}; best of 3 (baycomp: 1) on a shared "
        f"2-core machine (load average {os.getloadavg()[0]:.1f} at the start).\n"
    )
    print("| test | N | multicomp | baycomp | ratio |\n|---|---:|---:|---:|---:|")
    rng = np.random.default_rng(0)
    for n in (10, 30, 100):
        x = rng.uniform(0.7, 0.9, n)
        y = x + rng.normal(0.005, 0.02, n)
        for name, ours, theirs in (
            ("signed-rank", mc.bayesian_signed_rank_test, baycomp.SignedRankTest),
            ("sign", mc.bayesian_sign_test, baycomp.SignTest),
        ):
            t_ours = best_of(lambda f=ours, a=x, b=y: f(a, b, rope=0.01, random_state=1))
            t_theirs = best_of(
                lambda f=theirs, a=x, b=y: f.probs(a, b, 0.01, random_state=1), repeat=1
            )
            print(
                f"| {name} | {n} | {t_ours * 1e3:.0f} ms | {t_theirs * 1e3:.0f} ms | "
                f"{t_theirs / t_ours:.1f}x |"
            )


if __name__ == "__main__":
    main()
