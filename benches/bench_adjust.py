"""Step-wise adjustments in the Rust core against vectorised NumPy (issue 23 items 6 and 7):
``python benches/bench_adjust.py``.

Prints Markdown tables for benches/RESULTS-adjust.md:

* batches of families (Bonferroni, Holm, Hochberg, Hommel over a 2-D array, one family per
  row): ``multicomp.adjust_control`` against the vectorised NumPy versions of
  tests/plain_adjust.py (argsort, the step-wise formula, scatter back; Hommel by G10 Fig. 2,
  vectorised over the families), interleaved in one run, ratio of medians;
* one Hommel family of m = 10^4 .. 10^6, each m in a fresh process: the peak memory above the
  input (Linux: the peak RSS, reset before the calls, minus the RSS before them) over the first
  call and over five, then wall and CPU time (medians of 7) interleaved with NumPy's stable
  argsort of the same p-values (the floor of any sort-based adjustment), the vectorised NumPy
  Holm and, at m = 10^4, the vectorised NumPy Hommel (G10 Fig. 2, O(m^2)); the load average
  beside them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import multicomp as mc

HERE = Path(__file__).resolve().parent


def _plain():
    """tests/plain_adjust.py, loaded from its file (tests/ stays off sys.path)."""
    spec = importlib.util.spec_from_file_location(
        "plain_adjust", HERE.parent / "tests" / "plain_adjust.py"
    )
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _median_pair(first, second, reps: int) -> tuple[float, float]:
    """Median wall times of two calls run alternately (interleaved)."""
    a, b = [], []
    for _ in range(reps):
        for fn, out in ((first, a), (second, b)):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return float(np.median(a)), float(np.median(b))


def batches() -> None:
    plain = _plain()
    rng = np.random.default_rng(0)
    print("| families x m | procedure | multicomp (ms) | NumPy (ms) | ratio |")
    print("|---|---|---|---|---|")
    for n, m in [(10_000, 7), (10_000, 28), (1_000, 190)]:
        p = rng.random((n, m)) ** 2
        for procedure in ("bonferroni", "holm", "hochberg", "hommel"):
            native, numpy_ = _median_pair(
                lambda: mc.adjust_control(p, procedure),
                lambda: np.maximum(plain.adjust(p, procedure), p),
                reps=15,
            )
            print(
                f"| {n:,} x {m} | {procedure} | {native * 1e3:.2f} | {numpy_ * 1e3:.2f} | "
                f"{native / numpy_:.2f} |"
            )


_ONE_FAMILY = """
import importlib.util, json, os, sys, time
import numpy as np
import multicomp as mc
m, plain_path = int(sys.argv[1]), sys.argv[2]
spec = importlib.util.spec_from_file_location("plain_adjust", plain_path)
plain = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plain)
p = np.random.default_rng(1).random(m) ** 2
mc.adjust_control(p[:10], "hommel")  # load everything first
def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
def reset_peak():
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # resets the peak (VmHWM) to the current RSS
    return status("VmRSS")
before = reset_peak()
mc.adjust_control(p, "hommel")
first = (status("VmHWM") - before) / 1024
for _ in range(4):
    mc.adjust_control(p, "hommel")
repeated = (status("VmHWM") - before) / 1024
def timed(call):
    start, start_cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - start, time.process_time() - start_cpu
calls = {
    "hommel": lambda: mc.adjust_control(p, "hommel"),
    "argsort": lambda: np.argsort(p, kind="stable"),
    "holm_numpy": lambda: np.maximum(plain.adjust(p, "holm"), p),
}
if m <= 10_000:
    calls["hommel_numpy"] = lambda: np.maximum(plain.adjust(p, "hommel"), p)
times = {name: [] for name in calls}
for _ in range(7):
    for name, call in calls.items():
        times[name].append(timed(call))
got = {name: [float(np.median([t[i] for t in ts])) for i in (0, 1)] for name, ts in times.items()}
print(json.dumps({"times": got, "first_mib": first, "repeated_mib": repeated,
                  "load": os.getloadavg()[0]}))
"""


def one_family() -> None:
    plain = str(HERE.parent / "tests" / "plain_adjust.py")
    print(
        "| m | Hommel: wall (s) | CPU (s) | / NumPy stable argsort (wall, CPU) | "
        "/ NumPy Holm (wall, CPU) | / NumPy Hommel O(m^2) (wall) | "
        "peak above the input, first call / 5 calls (MiB) | load (1 min) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for m in (10_000, 100_000, 1_000_000):
        run = subprocess.run(
            [sys.executable, "-c", _ONE_FAMILY, str(m), plain],
            capture_output=True,
            text=True,
            check=True,
        )
        got = json.loads(run.stdout)
        t = got["times"]
        (wall, cpu), (sort_wall, sort_cpu), (holm_wall, holm_cpu) = (
            t["hommel"],
            t["argsort"],
            t["holm_numpy"],
        )
        quadratic = f"{wall / t['hommel_numpy'][0]:.4f}" if "hommel_numpy" in t else "-"
        print(
            f"| {m:,} | {wall:.3f} | {cpu:.3f} | {wall / sort_wall:.2f}, {cpu / sort_cpu:.2f} | "
            f"{wall / holm_wall:.2f}, {cpu / holm_cpu:.2f} | {quadratic} | "
            f"{got['first_mib']:.1f} / {got['repeated_mib']:.1f} | {got['load']:.1f} |"
        )


if __name__ == "__main__":
    print(f"conditions: {os.cpu_count()} cores, load average {os.getloadavg()}")
    batches()
    print()
    one_family()
    print(f"\nconditions after: load average {os.getloadavg()}")
