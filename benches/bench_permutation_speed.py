"""Speed of the default permutation p-values: ``python benches/bench_permutation_speed.py``.

In one run, interleaved round by round (the load of the shared machine falls on every
contender alike), ratios of medians:

* ``multicomp.friedman(df)`` with its defaults (Monte Carlo permutation p-value, 9,999
  resamples, at N <= 16 where the enumeration does not fit) against the asymptotic
  ``scipy.stats.friedmanchisquare`` of the same table, at 10 x 5 and 16 x 10 (issue 23 goal 2:
  at most 3x), and at 30 x 5 and 200 x 30 (asymptotic by default there; goal: at most 1x);
* the Monte Carlo loop alone, 9,999 resamples of the Friedman ranks with the post-hoc's pairs:
  the Rust core against the numpy engine (the loop before it moved to Rust).

Writes its section of ``benches/RESULTS-permutation.md`` (between the markers below; the rest
of the file, written by ``benches/permutation.py``, stays). Not collected by pytest; nothing
here asserts timings.
"""

from __future__ import annotations

import datetime
import os
import platform
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import scipy
from scipy import stats

import multicomp as mc
from multicomp import ranktests
from multicomp.ranktests import exact
from multicomp.ranktests import permutation as engine

OUT = Path(__file__).resolve().parent / "RESULTS-permutation.md"
BEGIN, END = "<!-- bench_permutation_speed: begin -->", "<!-- bench_permutation_speed: end -->"
SHAPES = [(10, 5), (16, 10), (30, 5), (200, 30)]
ROUNDS, CALLS = 15, 3


def _frame(n: int, k: int) -> pd.DataFrame:
    rng = np.random.default_rng(n * 1000 + k)
    return pd.DataFrame(rng.standard_normal((n, k)), columns=[f"alg{j}" for j in range(k)])


def _loops(n: int, k: int) -> dict[str, Callable[[], object]]:
    """The Monte Carlo loop alone on the Friedman ranks: Rust draw, numpy draw."""
    table = ranktests.get("friedman").table(_frame(n, k).to_numpy())
    w = engine.units(table)
    gaps = engine._all_gaps(w)
    rows = exact.canonical(w)

    def rust() -> object:
        return engine._core.permutation_draw(
            rows[None], w.sum(axis=0)[None], gaps, n_resamples=engine.DEFAULT_RESAMPLES, seed=1
        )

    def numpy() -> object:
        return engine._numpy_draw(
            table.astype(np.float64),
            lambda t: ranktests.get("friedman").statistic(t, True),
            gaps / 4.0,
            engine.DEFAULT_RESAMPLES,
            1,
        )

    return {"Rust loop": rust, "numpy loop": numpy}


def measure(functions: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Median seconds per call of each function, interleaved round by round."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for function in functions.values():
        function()  # warm-up: imports and caches
    for _ in range(ROUNDS):
        for name, function in functions.items():
            start = time.perf_counter()
            for _ in range(CALLS):
                function()
            times[name].append((time.perf_counter() - start) / CALLS)
    return {name: float(np.median(t)) for name, t in times.items()}


def _rows() -> list[str]:
    rows = []
    for n, k in SHAPES:
        df = _frame(n, k)
        x = df.to_numpy()
        ours = mc.friedman(df)
        assert np.isclose(ours.statistic, stats.friedmanchisquare(*x.T).statistic)
        median = measure(
            {
                "friedman": lambda df=df: mc.friedman(df),
                "scipy": lambda x=x: stats.friedmanchisquare(*x.T),
            }
        )
        how = engine.pvalue_label(ours.method, ours.n_resamples)
        rows.append(
            f"| {n} x {k} | {how} | {median['friedman'] * 1e3:.2f} ms | "
            f"{median['scipy'] * 1e3:.2f} ms | {median['friedman'] / median['scipy']:.2f} |"
        )
    return rows


def _loop_rows() -> list[str]:
    rows = []
    for n, k in SHAPES[:2]:
        median = measure(_loops(n, k))
        rows.append(
            f"| {n} x {k} | {median['Rust loop'] * 1e3:.2f} ms | "
            f"{median['numpy loop'] * 1e3:.2f} ms | {median['numpy loop'] / median['Rust loop']:.1f} |"
        )
    return rows


def main() -> None:
    warnings.simplefilter("ignore", mc.ShapeWarning)
    threads = os.environ.get("RAYON_NUM_THREADS", "all")
    section = [
        BEGIN,
        "## Speed of the default p-value (benches/bench_permutation_speed.py)",
        "",
        (
            f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} logical CPUs "
            f"(shared with other work; load average {os.getloadavg()[0]:.1f}), Rust threads: "
            f"{threads}, Python {platform.python_version()}, numpy {np.__version__}, scipy "
            f"{scipy.__version__}, pandas {pd.__version__}, multicomp {mc.__version__}. Normal "
            f"scores, a DataFrame; {ROUNDS} rounds of {CALLS} calls per contender, interleaved; "
            "medians of per-call wall-clock times."
        ),
        "",
        "| N x k | multicomp.friedman(df) p-value | friedman(df) | "
        "scipy friedmanchisquare (asymptotic) | ratio |",
        "|---|---|---|---|---|",
        *_rows(),
        "",
        "Goal (issue 23): at most 3 at 10 x 5 and 16 x 10 (the default there permutes), at most 1 "
        "at 30 x 5 and 200 x 30 (asymptotic there). The ratio includes reading the DataFrame.",
        "",
        "The Monte Carlo loop alone (9,999 resamples of the Friedman ranks, with the k(k-1)/2 "
        "pairs of the post-hoc counted):",
        "",
        "| N x k | Rust core | numpy engine | numpy / Rust |",
        "|---|---|---|---|",
        *_loop_rows(),
        END,
    ]
    text = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + "\n".join(section) + text[text.index(END) + len(END) :]
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(section) + "\n"
    OUT.write_text(text, encoding="utf-8")
    print("\n".join(section))


if __name__ == "__main__":
    main()
