"""Timing of the native module from Python: ``python benches/rust_core_timing.py [k_max]``.

Prints a Markdown table: one family of Bergmann-Hommel APVs per k (best and median of
several calls, p-values of Friedman post-hoc tests and uniform ones), a batch of 10,000
families at k = 8, the peak RSS of the process so far, and whether two Python threads
run concurrently (the GIL is released during the computation).
"""

from __future__ import annotations

import resource
import sys
import threading
import time
from collections.abc import Callable

import numpy as np
from scipy import stats

from multicomp import _core


def friedman_pvalues(rng: np.random.Generator, k: int, n: int = 30) -> np.ndarray:
    """Two-sided p-values of the Friedman post-hoc z of k algorithms on n data sets,
    whose true merits are spread out (G08 Sec. 2.2 statistic)."""
    merit = np.arange(k) * 0.25
    scores = merit + rng.normal(size=(n, k))
    ranks = stats.rankdata(-scores, axis=1).mean(axis=0)
    se = np.sqrt(k * (k + 1) / (6 * n))
    i, j = np.triu_indices(k, 1)
    return 2 * stats.norm.sf(np.abs(ranks[i] - ranks[j]) / se)


def timed(fn: Callable[[], object], reps: int) -> tuple[float, float]:
    """(best, median) wall time in seconds of reps calls."""
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), float(np.median(times))


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(k_max: int = _core.MAX_K) -> None:
    rng = np.random.default_rng(2008)
    print("| k | p-values | best (ms) | median (ms) | peak RSS so far (MiB) |")
    print("|---|---|---|---|---|")
    for k in range(4, k_max + 1):
        reps = 3 if k >= 17 else 7 if k >= 15 else 21
        for kind in ("friedman", "uniform"):
            p = (
                friedman_pvalues(rng, k)
                if kind == "friedman"
                else rng.uniform(size=k * (k - 1) // 2)
            )
            best, median = timed(lambda: _core.bergmann_hommel_apv(p, k), reps)
            print(
                f"| {k} | {kind} | {best * 1e3:.3f} | {median * 1e3:.3f} | {peak_rss_mib():.0f} |"
            )
    batch = np.vstack([friedman_pvalues(rng, 8) for _ in range(10_000)])
    for name, fn in (
        ("bergmann_hommel_apv", lambda: _core.bergmann_hommel_apv(batch, 8)),
        ("shaffer_apv", lambda: _core.shaffer_apv(batch, 8)),
    ):
        best, median = timed(fn, 5)
        print(
            f"| 8 | 10,000 families, {name} | {best * 1e3:.1f} | {median * 1e3:.1f} | {peak_rss_mib():.0f} |"
        )
    # Two Python threads, 50 calls each at k = 12 (one thread per call inside): with the
    # GIL released they overlap, so on two idle cores they take about as long as one.
    p = friedman_pvalues(rng, 12)

    def work() -> None:
        for _ in range(50):
            _core.bergmann_hommel_apv(p, 12)

    one, _ = timed(work, 3)
    threads = [threading.Thread(target=work) for _ in range(2)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    both = time.perf_counter() - start
    print(
        f"\nGIL: 50 calls at k = 12 take {one * 1e3:.1f} ms in one thread; 2 x 50 calls in two "
        f"threads take {both * 1e3:.1f} ms (2x would mean no overlap)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else _core.MAX_K)
