"""Speed of the effect sizes: ``python benches/bench_effect_sizes.py``.

In one run, on the same tables (normal scores with a data-set effect, a lead growing over
the algorithms, seed 0), interleaved round by round (the load of the shared machine falls on
all alike; medians of the rounds, wall clock and CPU of this process):

* ``multicomp.effect_sizes`` over all pairs: the three measures, labels and intervals
  (2,000 resamples), its bootstraps' sums in the Rust core;
* the same call with the numpy bootstraps it had before (:func:`numpy_cliff_draws` and
  :func:`numpy_medians_and_mads`, kept here as the reference), and the largest difference of
  the two tables (0: the same values, bit for bit);
* the bootstrap of Cliff's delta as it was first (one resamples x N by N x N matrix product
  per pair, the naive reference; it was 45 of 50 s of a profile), on the same resamples, and
  the largest difference of its draws from the sorted O(N)-per-resample bootstrap's (0: the
  same draws);
* autorank 1.3.0's own functions (``_cohen_d``, ``_cliffs_delta``, ``_akinshin_gamma``,
  ``_effect_level``) on every pair: values and labels, no intervals (absent: skipped);
* ``compare`` and ``compare(extras=["effect_sizes"])``.

Writes benches/RESULTS-effect-sizes.md. Not collected by pytest; nothing here asserts.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from itertools import combinations
from pathlib import Path
from unittest import mock

import numpy as np
import pandas as pd

import multicomp as mc
from multicomp.pairs import effect_size
from multicomp.pairs.effect_bootstrap import BLOCK_CELLS, Dominance, cliff_draws, resamples
from multicomp.pairs.effect_size import effect_sizes

HERE = Path(__file__).resolve().parent
SHAPES = ((30, 10), (100, 20), (200, 30))
ROUNDS = 3
B = 2000


def table(n: int, k: int) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 1)) + 0.5 * rng.normal(size=(n, k)) + np.linspace(0, 1, k)
    return pd.DataFrame(x, columns=[f"m{j:02d}" for j in range(k)])


def old_delta_draws(x: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The bootstrap of delta before: c' S c / N^2 per resample, S the N x N signs."""
    n = x.shape[0]
    pairs = list(combinations(range(x.shape[1]), 2))
    draws = np.empty((counts.shape[0], len(pairs)))
    for p, (a, b) in enumerate(pairs):
        s = np.sign(x[:, a, None] - x[None, :, b])
        draws[:, p] = ((counts @ s) * counts).sum(axis=1) / n**2
    return draws


def numpy_cliff_draws(dominance: Dominance, counts: np.ndarray) -> np.ndarray:
    """The sorted bootstrap of delta in numpy, as the package had it before its sums moved
    to the Rust core: C[lo] + C[hi] gathered for every resample, one batched product."""
    n = dominance.n
    k = dominance.order.shape[1]
    lo, hi = dominance.lo, dominance.hi
    base = dominance.second[:, None] * (n + 1)
    tied = lo != hi
    at_hi = (base + hi).ravel()
    dtype = np.float32 if 2 * n * n < 2**24 else np.float64
    out = np.empty((counts.shape[0], lo.shape[0]))
    step = max(1, BLOCK_CELLS // max(1, lo.size))
    for start in range(0, counts.shape[0], step):
        c = counts[start : start + step].astype(dtype)
        cumulative = np.zeros((c.shape[0], k, n + 1), dtype=dtype)
        np.cumsum(np.take(c, dominance.order.T, axis=1), axis=2, out=cumulative[:, :, 1:])
        cumulative = cumulative.reshape(c.shape[0], -1)
        gathered = 2 * np.take(cumulative, at_hi, axis=1)
        if tied.any():
            where = np.flatnonzero(tied.ravel())
            gathered[:, where] -= np.take(cumulative, at_hi[where], axis=1) - np.take(
                cumulative, (base + lo).ravel()[where], axis=1
            )
        sums = np.matmul(gathered.reshape(c.shape[0], -1, n), c[:, :, None])[..., 0]
        out[start : start + step] = (sums.astype(np.float64) - n * n) / n**2
    return out


def numpy_medians_and_mads(
    ordered: np.ndarray, order: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """The resampled medians and MADs in numpy, as the package had them before: every
    resample's sorted sample spelled out, the MAD by a binary search over two sorted runs."""
    k, n = ordered.shape
    m = counts.shape[0] * k
    drawn = np.repeat(np.tile(np.arange(n), m), np.take(counts, order.T, axis=1).ravel())
    sample = np.take_along_axis(ordered[None], drawn.reshape(-1, k, n), axis=2).reshape(m, n)
    low, high = (n - 1) // 2, n // 2
    median = (sample[:, low] + sample[:, high]) / 2
    deviations = (_deviation(sample, median, low) + _deviation(sample, median, high)) / 2
    return np.stack([median, deviations]).reshape(2, counts.shape[0], k)


def _deviation(sample: np.ndarray, median: np.ndarray, j: int) -> np.ndarray:
    m, n = sample.shape
    mid = (n - 1) // 2
    rows = np.arange(m)

    def left(i: np.ndarray) -> np.ndarray:
        value = median - sample[rows, np.clip(mid - i, 0, n - 1)]
        return np.where(i > mid, np.inf, np.where(i < 0, -np.inf, value))

    def right(t: np.ndarray) -> np.ndarray:
        value = sample[rows, np.clip(mid + 1 + t, 0, n - 1)] - median
        return np.where(mid + 1 + t > n - 1, np.inf, np.where(t < 0, -np.inf, value))

    lo = np.full(m, max(0, j - (n - mid - 1)))
    hi = np.full(m, min(j + 1, mid + 1))
    while np.any(lo < hi):
        i = (lo + hi) // 2
        more = left(i) < right(j - i)
        lo, hi = np.where(more, i + 1, lo), np.where(more, hi, i)
    found: np.ndarray = np.maximum(left(lo - 1), right(j - lo))
    return found


def numpy_effect_sizes(df: pd.DataFrame) -> pd.DataFrame:
    """``effect_sizes(df).table`` with the numpy bootstraps of before."""
    with mock.patch.multiple(
        effect_size, cliff_draws=numpy_cliff_draws, medians_and_mads=numpy_medians_and_mads
    ):
        return effect_sizes(df).table


def new_delta_draws(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    first, second = (np.array(p, dtype=np.intp) for p in zip(*combinations(range(x.shape[1]), 2)))
    dominance = Dominance(x, first, second)
    return np.concatenate([cliff_draws(dominance, c) for c in resamples(rng, len(x), B, 1)])


def autorank_all_pairs(df: pd.DataFrame) -> None:
    from autorank import _util as u

    functions = {
        "cohen_d": u._cohen_d,
        "cliff_delta": u._cliffs_delta,
        "akinshin_gamma": u._akinshin_gamma,
    }
    for a, b in combinations(df.columns, 2):
        for measure, function in functions.items():
            u._effect_level(function(df[a], df[b]), measure)


def timed(functions: dict[str, Callable[[], object]]) -> dict[str, tuple[float, float]]:
    """(median wall, median CPU) seconds of each function over ROUNDS interleaved rounds."""
    wall: dict[str, list[float]] = {name: [] for name in functions}
    cpu: dict[str, list[float]] = {name: [] for name in functions}
    for function in functions.values():
        function()  # warm-up: imports and caches
    for _ in range(ROUNDS):
        for name, function in functions.items():
            w, c = time.perf_counter(), time.process_time()
            function()
            cpu[name].append(time.process_time() - c)
            wall[name].append(time.perf_counter() - w)
    return {name: (float(np.median(wall[name])), float(np.median(cpu[name]))) for name in functions}


def row(n: int, k: int, autorank: bool) -> str:
    df = table(n, k)
    x = df.to_numpy()
    counts = np.random.default_rng(0).multinomial(n, np.full(n, 1 / n), size=B)
    gap = float(
        np.max(np.abs(old_delta_draws(x, counts) - new_delta_draws(x, np.random.default_rng(0))))
    )
    now, before = effect_sizes(df).table, numpy_effect_sizes(df)
    numbers = now.select_dtypes("number").columns
    table_gap = float(np.max(np.abs(now[numbers].to_numpy() - before[numbers].to_numpy())))
    same = bool(now.equals(before))
    functions: dict[str, Callable[[], object]] = {
        "new": lambda: effect_sizes(df),
        "numpy": lambda: numpy_effect_sizes(df),
        "old_delta": lambda: old_delta_draws(x, counts),
        "compare": lambda: mc.compare(df),
        "compare_effects": lambda: mc.compare(df, extras=["effect_sizes"]),
    }
    if autorank:
        functions["autorank"] = lambda: autorank_all_pairs(df)
    t = timed(functions)
    peer = f"{t['autorank'][0]:.3f} s" if autorank else "absent"

    def both(name: str) -> str:
        return f"{t[name][0]:.3f} s ({t[name][1]:.3f} s)"

    return (
        f"| {n} x {k} | {k * (k - 1) // 2} | {both('new')} | {both('numpy')} | "
        f"{t['numpy'][0] / t['new'][0]:.1f} ({t['numpy'][1] / t['new'][1]:.1f}) | "
        f"{table_gap:.0e}{'' if same else ' (tables differ)'} | {both('old_delta')} | "
        f"{gap:.0e} | {peer} | {both('compare')} | {both('compare_effects')} |"
    )


def peer_version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-effect-sizes.md")
    args = parser.parse_args()
    autorank = peer_version("autorank")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows = [row(n, k, autorank is not None) for n, k in SHAPES]
    lines = [
        "# Speed of the effect sizes",
        "",
        f"`python benches/bench_effect_sizes.py`, {datetime.date.today()}, "
        f"{platform.machine()}, {os.cpu_count()} logical CPUs shared with other work (load "
        f"average {load:.1f} at the start), Python {platform.python_version()}, numpy "
        f"{np.__version__} (OPENBLAS_NUM_THREADS="
        f"{os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}), multicomp {mc.__version__}, "
        f"autorank {autorank or 'absent'}. "
        "Scores: x_ij = u_i + 0.5 e_ij + a lead growing to 1 over the algorithms, normal, seed "
        f"0; all pairs; {B:,} resamples; median of {ROUNDS} interleaved rounds, wall clock "
        "(CPU of the process in brackets).",
        "",
        "| N x k | pairs | effect_sizes, all three with intervals | the same with the numpy "
        "bootstraps before | before / now | largest table difference | delta's first "
        "O(N^2) bootstrap (alone) | largest draw difference | autorank, values only | "
        "compare | compare(extras=['effect_sizes']) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "The bootstrap of Cliff's delta was first one matrix product of the resamples' counts "
        "by the N x N signs per pair, O(B N^2); sorted, it is O(B N) per pair, with the same "
        "draws (difference 0); its interval is BCa (benches/RESULTS-effect-coverage.md). The "
        "sums of that bootstrap and the resampled medians and MADs of gamma now run in the "
        "Rust core, over the same resamples: the tables are the same bit for bit (difference "
        "0), so the intervals are unchanged; they run on the process's pool past a few "
        "milliseconds, so the wall clock falls below the CPU time when the second core is "
        "free and rises above it when other work holds it. autorank computes the values "
        "without intervals.",
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
