"""Step-wise adjustments in the Rust core against vectorised NumPy (issue 23 items 6 and 7):
``python benches/bench_adjust.py``.

Prints Markdown tables for benches/RESULTS-adjust.md:

* batches of families (Bonferroni, Holm, Hochberg, Hommel over a 2-D array, one family per
  row): ``multicomp.adjust_control`` against the vectorised NumPy versions of
  tests/plain_adjust.py (argsort, the step-wise formula, scatter back; Hommel by G10 Fig. 2,
  vectorised over the families), interleaved in one run, ratio of medians;
* one Hommel family of m = 10^4 .. 10^6: wall and CPU time (medians of 3) and the peak memory above the
  input, measured in a fresh process (Linux: the peak RSS, reset before the calls, minus the
  RSS before them).
"""

from __future__ import annotations

import importlib.util
import json
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
import json, sys, time
import numpy as np
import multicomp as mc
m = int(sys.argv[1])
p = np.random.default_rng(1).random(m) ** 2
mc.adjust_control(p[:10], "hommel")  # load everything first
def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # resets the peak (VmHWM) to the current RSS
before = status("VmRSS")
wall, cpu = [], []
for _ in range(3):
    start, start_cpu = time.perf_counter(), time.process_time()
    mc.adjust_control(p, "hommel")
    wall.append(time.perf_counter() - start)
    cpu.append(time.process_time() - start_cpu)
peak = status("VmHWM")
print(json.dumps({"seconds": sorted(wall)[1], "cpu": sorted(cpu)[1],
                  "above_input_mib": (peak - before) / 1024}))
"""


def one_family() -> None:
    print("| m | Hommel, one family: wall (s) | CPU (s) | peak above the input (MiB) |")
    print("|---|---|---|---|")
    for m in (10_000, 100_000, 1_000_000):
        run = subprocess.run(
            [sys.executable, "-c", _ONE_FAMILY, str(m)], capture_output=True, text=True, check=True
        )
        got = json.loads(run.stdout)
        print(f"| {m:,} | {got['seconds']:.3f} | {got['cpu']:.3f} | {got['above_input_mib']:.1f} |")


if __name__ == "__main__":
    batches()
    print()
    one_family()
