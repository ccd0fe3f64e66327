"""All-pairs APV benchmark: ``python benches/bench_all_pairs.py [--full] [--out PATH]``.

In one run: Bergmann-Hommel APVs through ``multicomp.adjust_all_pairs`` (Rust core) against
a naive pure-Python enumeration of the exhaustive sets (k = 5..9; 10 with ``--full``), the Rust
path across k = 4..16 (17 to 20 with ``--full``: they take up to seconds), 10,000
families at k = 8 in one call, and the peak RSS of a fresh process computing one family per k
(``resource.getrusage``). Writes a Markdown report (default ``benches/RESULTS-python.md``).
Not collected by pytest (it lives outside ``tests/``); nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import numpy as np
import scipy
from scipy import stats

import multicomp
from multicomp import adjust_all_pairs

HERE = Path(__file__).resolve().parent


def _load_oracle() -> ModuleType:
    """The plain-Python all-pairs procedures of the tests (tests/plain_all_pairs.py), loaded
    from their file: one naive implementation serves both, and tests/ stays off sys.path."""
    path = HERE.parent / "tests" / "plain_all_pairs.py"
    spec = importlib.util.spec_from_file_location("plain_all_pairs", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


naive = _load_oracle()
# Issue 3 targets for one family of Bergmann-Hommel APVs (seconds) on the 2-core machine.
TARGETS = {9: 1e-3, 10: 2e-3, 12: 20e-3, 14: 0.25, 16: 3.0, 18: 60.0}
TARGET_BATCH = 0.5  # 10,000 families at k = 8
TARGET_RSS_MIB = 1024.0


# --------------------------------------------------------------------------- inputs


def friedman_pvalues(rng: np.random.Generator, k: int, n: int = 30) -> np.ndarray:
    """p-values of the Friedman post-hoc z (G08 Sec. 2.2) for k algorithms of spread-out merit
    on n data sets: the realistic case, with many small and some tied p-values."""
    scores = np.arange(k) * 0.25 + rng.normal(size=(n, k))
    ranks = stats.rankdata(-scores, axis=1).mean(axis=0)
    i, j = np.triu_indices(k, 1)
    return 2 * stats.norm.sf(np.abs(ranks[i] - ranks[j]) / np.sqrt(k * (k + 1) / (6 * n)))


def uniform_pvalues(rng: np.random.Generator, k: int) -> np.ndarray:
    return rng.uniform(size=k * (k - 1) // 2)


# --------------------------------------------------------------------------- timing


def timed(
    fn: Callable[[], object], budget: float = 0.3, max_reps: int = 50
) -> tuple[float, float, int]:
    """(best, median, reps): at least 3 calls (1 if one call exceeds 10 s), until ``budget`` s."""
    times: list[float] = []
    while len(times) < max_reps:
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
        if times[0] > 10.0 or (len(times) >= 3 and sum(times) >= budget):
            break
    return min(times), float(np.median(times)), len(times)


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def peak_rss_mib_of_one_family(k: int) -> float:
    """Peak RSS (MiB) of a fresh interpreter that imports multicomp and computes one family."""
    code = (
        "import resource, numpy as np, multicomp;"
        f"p = np.random.default_rng(0).uniform(size={k * (k - 1) // 2});"
        f"multicomp.adjust_all_pairs(p, 'bergmann_hommel');"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024  # Linux reports KiB


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


# --------------------------------------------------------------------------- report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--full", action="store_true", help="also k = 17..20 (Rust) and k = 10 (naive)"
    )
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-python.md")
    args = parser.parse_args()
    rng = np.random.default_rng(2008)
    lines: list[str] = []

    def emit(line: str = "") -> None:
        print(line, flush=True)
        lines.append(line)

    emit("# All-pairs adjusted p-values: Python benchmark")
    emit()
    emit(
        f"`python benches/bench_all_pairs.py{' --full' if args.full else ''}`, {datetime.date.today()}, "
        f"{cpu_model()}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}, "
        f"numpy {np.__version__}, scipy {scipy.__version__}, multicomp {version('multicomp')}."
    )
    emit()
    emit(
        'Times are wall-clock per call of `multicomp.adjust_all_pairs(p, "bergmann_hommel")` '
        "(Python wrapper included), best and median of repeated calls; the first call of a process "
        "also builds the per-k cache and is not counted. p-values: Friedman post-hoc p-values of k "
        'algorithms of spread-out merit on 30 data sets ("friedman"), and uniform ones. The machine '
        "is shared with other work, so medians can be noisy; best-of is the steadier figure."
    )
    emit()

    # 1. Rust vs naive Python, same run
    emit("## Rust core vs naive pure-Python enumeration (one family, friedman p-values)")
    emit()
    emit(
        "Naive: the Bell(k) - 1 exhaustive sets from a recursive set-partition generator, then "
        'APV_i = max{|I| min_{j in I} p_j : i in I} by plain loops. "cached" reuses the sets across calls.'
    )
    emit()
    emit(
        "| k | sets | naive, sets built per call | naive, sets cached | Rust | ratio (per call) | ratio (cached) |"
    )
    emit("|---|---|---|---|---|---|---|")
    for k in range(5, 11 if args.full else 10):
        p = friedman_pvalues(rng, k)
        plist = p.tolist()
        sets = naive.exhaustive_sets(k)
        ref = naive.bergmann_hommel(plist, sets)
        ours = adjust_all_pairs(p, "bergmann_hommel")
        assert np.array_equal(ours, np.array(ref)), k  # same numbers, bit for bit
        full, _, _ = timed(
            lambda: naive.bergmann_hommel(p.tolist(), naive.exhaustive_sets(k)), budget=1.0
        )
        cached, _, _ = timed(lambda: naive.bergmann_hommel(plist, sets), budget=1.0)
        rust, _, _ = timed(lambda: adjust_all_pairs(p, "bergmann_hommel"))
        emit(
            f"| {k} | {len(sets):,} | {fmt(full)} | {fmt(cached)} | {fmt(rust)} | "
            f"{full / rust:,.0f}x | {cached / rust:,.0f}x |"
        )
    emit()

    # 2. Rust across k
    k_max = 20 if args.full else 16
    emit(f"## Rust core across k (one family){'' if args.full else '; k = 17..20 with --full'}")
    emit()
    emit(
        "| k | m | friedman best | friedman median | uniform best | uniform median | target | peak RSS, fresh process |"
    )
    emit("|---|---|---|---|---|---|---|---|")
    worst_rss = 0.0
    for k in range(4, k_max + 1):
        row = []
        worst = 0.0
        for kind in ("friedman", "uniform"):
            p = friedman_pvalues(rng, k) if kind == "friedman" else uniform_pvalues(rng, k)
            adjust_all_pairs(p, "bergmann_hommel")  # warm the per-k cache
            best, median, _ = timed(
                lambda: adjust_all_pairs(p, "bergmann_hommel"), budget=0.5 if k < 17 else 0.0
            )
            row += [fmt(best), fmt(median)]
            worst = max(worst, median)
        target = TARGETS.get(k)
        verdict = (
            "" if target is None else f"≤ {fmt(target)} {'met' if worst <= target else 'MISSED'}"
        )
        rss = peak_rss_mib_of_one_family(k)
        worst_rss = max(worst_rss, rss)
        emit(f"| {k} | {k * (k - 1) // 2} | {' | '.join(row)} | {verdict} | {rss:.0f} MiB |")
    emit()
    emit(
        f"Peak RSS over all k: {worst_rss:.0f} MiB (target < {TARGET_RSS_MIB:.0f} MiB: "
        f"{'met' if worst_rss < TARGET_RSS_MIB else 'MISSED'}); it includes the interpreter with numpy, "
        "scipy and pandas. The largest supported k is `multicomp._core.MAX_K` = "
        f"{multicomp._core.MAX_K} (the exact subset dynamic program grows like 3^k)."
    )
    emit()

    # 3. Many families in one call
    emit("## 10,000 families at k = 8 in one call (rows of a 2-D array, parallel in Rust)")
    emit()
    batch = np.vstack([friedman_pvalues(rng, 8) for _ in range(10_000)])
    emit("| method | best | median | target |")
    emit("|---|---|---|---|")
    for method in ("bergmann_hommel", "shaffer", "holm", "nemenyi"):
        best, median, _ = timed(lambda: adjust_all_pairs(batch, method, n_algorithms=8), budget=2.0)
        target = (
            f"≤ {TARGET_BATCH} s {'met' if median <= TARGET_BATCH else 'MISSED'}"
            if method == "bergmann_hommel"
            else ""
        )
        emit(f"| {method} | {fmt(best)} | {fmt(median)} | {target} |")
    emit()
    emit(
        f"Peak RSS of this benchmark process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB."
    )

    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.out}")


if __name__ == "__main__":
    main()
