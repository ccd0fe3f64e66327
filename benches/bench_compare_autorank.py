"""``compare()`` against autorank: ``python benches/bench_compare_autorank.py [--out PATH]``.

In one run, interleaved round by round (the load of the shared machine falls on both alike):
``multicomp.compare(df)`` with its defaults (permutation p-values where they are the default,
N <= 16) against ``autorank.autorank(df, force_mode="nonparametric")`` (Friedman and Nemenyi,
with its effect sizes) on the same DataFrame of normal scores, at 10 x 5, 16 x 10, 30 x 5,
200 x 30 and 50 x 100 (data sets x algorithms). The ratio is that of the medians; issue 23's
goal: at most 0.5 at the first four sizes and at most 1 at 50 x 100. autorank is an optional
peer (``pip install autorank``): without it the bench says so and stops. Writes
``benches/RESULTS-compare.md``. Not collected by pytest; nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import os
import platform
import time
import warnings
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pandas as pd

import multicomp as mc

HERE = Path(__file__).resolve().parent
SHAPES = [(10, 5), (16, 10), (30, 5), (200, 30), (50, 100)]
ROUNDS = 7


def _frame(n: int, k: int) -> pd.DataFrame:
    rng = np.random.default_rng(n * 1000 + k)
    return pd.DataFrame(rng.standard_normal((n, k)), columns=[f"alg{j}" for j in range(k)])


def measure(functions: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Median seconds per call, interleaved; autorank's printing silenced."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    with contextlib.redirect_stdout(io.StringIO()):
        for function in functions.values():
            function()  # warm-up: imports and caches
        for _ in range(ROUNDS):
            for name, function in functions.items():
                start = time.perf_counter()
                function()
                times[name].append(time.perf_counter() - start)
    return {name: float(np.median(t)) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-compare.md")
    args = parser.parse_args()
    try:
        from autorank import autorank
    except ImportError:
        print("autorank is not installed (pip install autorank): nothing to compare with")
        return
    warnings.simplefilter("ignore")  # ShapeWarning at small N; autorank's own warnings
    rows = []
    for n, k in SHAPES:
        df = _frame(n, k)
        report = mc.compare(df)
        median = measure(
            {
                "compare": lambda df=df: mc.compare(df),
                "autorank": lambda df=df: autorank(df, force_mode="nonparametric", verbose=False),
            }
        )
        how = f"omnibus {report.omnibus[0].method}, post-hoc {report.pvalue_method}"
        rows.append(
            f"| {n} x {k} | {how} | {median['compare'] * 1e3:.1f} ms | "
            f"{median['autorank'] * 1e3:.1f} ms | {median['compare'] / median['autorank']:.2f} |"
        )
    lines = [
        "# compare() against autorank",
        "",
        (
            f"`python benches/bench_compare_autorank.py`, {datetime.date.today()}, "
            f"{platform.machine()}, {os.cpu_count()} logical CPUs (shared with other work; load "
            f"average {os.getloadavg()[0]:.1f}), Python {platform.python_version()}, numpy "
            f"{np.__version__}, pandas {pd.__version__}, autorank {version('autorank')}, "
            f"multicomp {mc.__version__}."
        ),
        "",
        (
            f"Normal scores in a DataFrame (seeded by the shape); {ROUNDS} rounds, the two "
            "interleaved; medians of wall-clock times. `mc.compare(df)` with its defaults (all "
            "pairs; at N <= 16 exact or Monte Carlo permutation p-values, 9,999 resamples or "
            "more where the procedures' thresholds need them) against "
            '`autorank(df, force_mode="nonparametric", verbose=False)`.'
        ),
        "",
        "| N x k | multicomp's p-values | compare | autorank | ratio |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "Goal (issue 23): at most 0.5 at 10 x 5, 16 x 10, 30 x 5 and 200 x 30; at most 1 at "
        "50 x 100.",
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
