"""Bergmann-Hommel on arbitrary p-values (the subset DP, the general route) at k = 20.

``nice python benches/bench_bh_general.py [--reference DIR] [--out FILE] [--seeds 20,0,1]``
times one family of each kind of p-values (per seed, 20 by default) at k = 20 through ``multicomp._core.bergmann_hommel_apv`` (wall time
of the call and CPU time of the process, both threads), and with ``--reference`` the same
families, in the same run, through an older build of the package (DIR holds its ``multicomp``
package with its compiled core, e.g. a checkout of the previous release built in place; it
runs in a subprocess), checking that both give the same bits and writing the ratio of their
CPU times. Kinds: *uniform*; *friedman*, Friedman post-hoc p-values of N = 30 data sets with
true ranks 0.25 apart (*friedman_n100*: N = 100); *spread*, log-uniform on [1e-12, 1]
(*spread_1e-3*: on [1e-3, 1]); *near_ties*, all within 1e-6
relative of 1e-3; *stars*, near ties with the smallest on the pairs of algorithm 0, then 1,
...; *two_cliques*, near ties with the pairs inside two halves above those across.
Writes benches/RESULTS-bh-general.md by default. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

K = 20
KINDS = (
    "uniform",
    "friedman",
    "friedman_n100",
    "spread",
    "spread_1e-3",
    "near_ties",
    "stars",
    "two_cliques",
)
OUT = Path(__file__).resolve().parent / "RESULTS-bh-general.md"


def family(kind: str, k: int = K, seed: int = 20) -> np.ndarray:
    """The p-values of one family of ``kind`` (see the module's text)."""
    rng = np.random.default_rng(seed)
    first, second = np.triu_indices(k, 1)
    m = first.size
    if kind == "uniform":
        return rng.uniform(size=m)
    if kind.startswith("spread"):
        decades = 3.0 if kind == "spread_1e-3" else 12.0
        return np.asarray(10.0 ** (-decades * rng.uniform(size=m)))
    if kind.startswith("friedman"):
        ranks = np.arange(k) * 0.25 + 0.3 * rng.standard_normal(k)
        se = np.sqrt(k * (k + 1) / (6 * (100 if kind == "friedman_n100" else 30)))
        return np.asarray(2 * stats.norm.sf(np.abs(ranks[first] - ranks[second]) / se))
    near = 1e-3 * (1.0 + 1e-6 * rng.uniform(size=m))
    if kind == "near_ties":
        return near
    if kind == "stars":  # the pairs of algorithm 0 smallest, then those of 1, ...
        return np.sort(near)[np.argsort(np.argsort(first * k + second))]
    inside = (first < k // 2) == (second < k // 2)  # two_cliques: pairs within a half above
    return np.where(inside, near * 2, near)


def _rows(seeds: list[int]) -> list[tuple[str, int]]:
    """The (kind, seed) of each row."""
    return [(kind, seed) for seed in seeds for kind in KINDS]


def timed(seeds: list[int]) -> dict[str, dict[str, object]]:
    """Wall and CPU seconds and the APVs of one call per kind and seed, with this
    interpreter's ``multicomp`` (best of two calls)."""
    from multicomp import _core

    out: dict[str, dict[str, object]] = {}
    for kind, seed in _rows(seeds):
        p = family(kind, seed=seed)
        best = (np.inf, np.inf)
        for _ in range(2):
            wall, cpu = time.perf_counter(), time.process_time()
            apv = _core.bergmann_hommel_apv(p, K, "subset_dp")
            best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
        out[f"{kind} {seed}"] = {"wall": best[0], "cpu": best[1], "apv": apv.tolist()}
    return out


def _reference(directory: Path, seeds: list[int]) -> dict[str, dict[str, object]]:
    """:func:`timed` in a subprocess that imports ``multicomp`` from ``directory``."""
    code = "import json, sys; sys.path.insert(0, sys.argv[1]); import bench_bh_general as b; "
    code += "print(json.dumps(b.timed(json.loads(sys.argv[2]))))"
    env = {**os.environ, "PYTHONPATH": str(directory)}
    here = str(Path(__file__).resolve().parent)
    result = subprocess.run(
        [sys.executable, "-c", code, here, json.dumps(seeds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(result.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, help="an older build's python source dir")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--seeds", default="20", help="comma-separated seeds of the families")
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    old = _reference(args.reference, seeds) if args.reference else None
    new = timed(seeds)
    lines = [
        "# Bergmann-Hommel on arbitrary p-values at k = 20 (the subset DP)",
        "",
        f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (shared machine: wall "
        f"times grow with the load, CPU times much less), Python {platform.python_version()}. "
        "One family per kind, best of two calls; CPU time of the process (both rayon "
        "threads). Reproduce: `nice python benches/bench_bh_general.py --reference DIR`.",
        "",
        "| kind | seed | wall (s) | CPU (s) | reference CPU (s) | ratio | same bits |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind, seed in _rows(seeds):
        now = new[f"{kind} {seed}"]
        ref = old[f"{kind} {seed}"] if old else None
        cpu = float(now["cpu"])
        ref_cpu = "-" if ref is None else f"{float(ref['cpu']):.3g}"
        ratio = "-" if ref is None else f"{float(ref['cpu']) / max(cpu, 1e-6):,.1f}"
        same = "-" if ref is None else str(ref["apv"] == now["apv"])
        lines.append(
            f"| {kind} | {seed} | {float(now['wall']):.3g} | {cpu:.3g} | {ref_cpu} | {ratio} "
            f"| {same} |"
        )
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
