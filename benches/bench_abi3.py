"""Stable ABI (abi3) against the version-specific build: ``python benches/bench_abi3.py``.

Builds the native module twice from the same sources (``cargo build --release -p
multicomp-python``, with its default feature ``abi3`` and with ``--no-default-features``),
puts each beside a copy of ``python/multicomp`` in a temporary directory and times the
same calls in fresh interpreters, alternating the two builds round after round so that the
load of the (shared) machine falls on both alike. Reports best and median per call and the
ratio abi3 / version-specific, and checks that both builds return the same bits. Writes a
Markdown report (default ``benches/RESULTS-abi3.md``). ``--so-abi3``/``--so-specific`` take
existing builds instead. Not collected by pytest; nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ("specific", "abi3")
CASES = {
    "bh_k4": "`adjust_all_pairs(p, 'bergmann_hommel')`, one family, k = 4 (call overhead)",
    "bh_k8": "same, k = 8",
    "bh_k12": "same, k = 12",
    "bh_k16": "same, k = 16",
    "bh_batch": "same, 10,000 families at k = 8 in one call",
    "shaffer_k10": "`_core.shaffer_apv(p, 10)`, one family",
    "sets_k9": "`_core.exhaustive_sets(9)`: a list of 21,146 Python ints",
    "compare": "`compare(load_example('garcia2008'))`: a whole report (Bergmann-Hommel, k = 5)",
}


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def timed(fn: Callable[[], object], budget: float) -> list[float]:
    """Wall times of at least 5 calls, until ``budget`` seconds are spent (at most 2000)."""
    times: list[float] = []
    while len(times) < 2000 and (len(times) < 5 or sum(times) < budget):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def worker(budget: float) -> None:
    """Time every case with the multicomp found on sys.path; print JSON to stdout."""
    import multicomp as mc
    from multicomp import _core

    rng = np.random.default_rng(2008)
    family = {k: rng.uniform(size=k * (k - 1) // 2) for k in (4, 8, 12, 16)}
    batch = rng.uniform(size=(10_000, 28))
    data = mc.load_example("garcia2008")
    calls: dict[str, Callable[[], object]] = {
        "bh_k4": lambda: mc.adjust_all_pairs(family[4], "bergmann_hommel"),
        "bh_k8": lambda: mc.adjust_all_pairs(family[8], "bergmann_hommel"),
        "bh_k12": lambda: mc.adjust_all_pairs(family[12], "bergmann_hommel"),
        "bh_k16": lambda: mc.adjust_all_pairs(family[16], "bergmann_hommel"),
        "bh_batch": lambda: mc.adjust_all_pairs(batch, "bergmann_hommel", n_algorithms=8),
        "shaffer_k10": lambda: _core.shaffer_apv(rng.uniform(size=45), 10),
        "sets_k9": lambda: _core.exhaustive_sets(9),
        "compare": lambda: mc.compare(data),
    }
    digest = hashlib.sha256()
    for name in ("bh_k4", "bh_k8", "bh_k12", "bh_k16", "bh_batch", "sets_k9"):
        digest.update(np.asarray(calls[name]()).tobytes())  # also warms the per-k caches
    times = {name: timed(fn, budget) for name, fn in calls.items()}
    print(json.dumps({"digest": digest.hexdigest(), "so": _core.__file__, "times": times}))


def build(abi3: bool) -> Path:
    """Build the native module (release profile) and return a copy of the shared library."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    cmd = ["cargo", "build", "--release", "--locked", "-q", "-p", "multicomp-python"]
    subprocess.run(cmd + ([] if abi3 else ["--no-default-features"]), cwd=ROOT, check=True)
    name = {"darwin": "lib_core.dylib", "win32": "_core.dll"}.get(sys.platform, "lib_core.so")
    so = target / "release" / name
    copy = Path(tempfile.mkdtemp(prefix="bench-abi3-")) / so.name
    shutil.copy2(so, copy)
    return copy


def package_with(so: Path, name: str, where: Path) -> Path:
    """A copy of python/multicomp with ``so`` as its native module; returns its sys.path entry."""
    root = where / name
    shutil.copytree(
        ROOT / "python" / "multicomp",
        root / "multicomp",
        ignore=shutil.ignore_patterns("_core*.so", "_core*.pyd", "__pycache__"),
    )
    shutil.copy2(so, root / "multicomp" / ("_core.pyd" if sys.platform == "win32" else "_core.so"))
    return root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="fresh interpreters per build")
    parser.add_argument("--budget", type=float, default=0.4, help="seconds per case and round")
    parser.add_argument("--so-abi3", type=Path, help="an existing abi3 build (skips building)")
    parser.add_argument("--so-specific", type=Path, help="an existing version-specific build")
    parser.add_argument("--out", type=Path, default=ROOT / "benches" / "RESULTS-abi3.md")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.budget)
        return

    sos = {
        "abi3": args.so_abi3 or build(abi3=True),
        "specific": args.so_specific or build(abi3=False),
    }
    times: dict[str, dict[str, list[float]]] = {b: {c: [] for c in CASES} for b in BUILDS}
    medians: dict[str, dict[str, list[float]]] = {b: {c: [] for c in CASES} for b in BUILDS}
    digests: dict[str, set[str]] = {b: set() for b in BUILDS}
    load: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = {b: package_with(sos[b], b, Path(tmp)) for b in BUILDS}
        for r in range(args.rounds):
            for b in BUILDS if r % 2 == 0 else BUILDS[::-1]:
                env = {**os.environ, "PYTHONPATH": str(paths[b])}
                out = subprocess.run(
                    [sys.executable, __file__, "--worker", "--budget", str(args.budget)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                )
                result = json.loads(out.stdout)
                assert result["so"].startswith(str(paths[b])), result["so"]
                digests[b].add(result["digest"])
                for case, ts in result["times"].items():
                    times[b][case] += ts
                    medians[b][case].append(float(np.median(ts)))
            load.append(os.getloadavg()[0])
            print(f"round {r + 1}/{args.rounds} done (load {load[-1]:.1f})", file=sys.stderr)
    same = digests["abi3"] == digests["specific"] and len(digests["abi3"]) == 1

    lines = [
        "# Stable ABI (abi3-py310) against the version-specific build",
        "",
        (
            f"`python benches/bench_abi3.py`, {datetime.date.today()}, {platform.machine()}, "
            f"{os.cpu_count()} logical CPUs shared with other jobs (1-minute load average "
            f"{min(load):.1f} to {max(load):.1f} during the run), Python {platform.python_version()}, "
            f'numpy {np.__version__}, release profile (`lto = "fat"`, `codegen-units = 1`).'
        ),
        "",
        (
            "Both builds come from the same sources; only PyO3's `abi3-py310` feature differs. "
            f"{args.rounds} fresh interpreters per build, alternating, each timing every case for at "
            f"least {args.budget} s after a warm-up call. *best*: the fastest call over all rounds; "
            "*median*: the median over rounds of each round's median. Ratio = abi3 / version-specific "
            "(above 1: abi3 slower)."
        ),
        "",
        "| call | specific best | abi3 best | ratio | specific median | abi3 median | ratio |",
        "|---|---|---|---|---|---|---|",
    ]
    for case, what in CASES.items():
        best = {b: min(times[b][case]) for b in BUILDS}
        med = {b: float(np.median(medians[b][case])) for b in BUILDS}
        lines.append(
            f"| {what} | {fmt(best['specific'])} | {fmt(best['abi3'])} | "
            f"{best['abi3'] / best['specific']:.2f} | {fmt(med['specific'])} | "
            f"{fmt(med['abi3'])} | {med['abi3'] / med['specific']:.2f} |"
        )
    lines += ["", f"Same results, bit for bit, from both builds: {'yes' if same else 'NO'}."]
    text = "\n".join(lines) + "\n"
    print(text)
    args.out.write_text(text, encoding="utf-8")
    print(f"written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
