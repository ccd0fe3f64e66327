"""The input layer's cost (issue 23 item 3, issue 25 item 4), as ratios measured in one run.

1. ``friedman(DataFrame, method="asymptotic")`` against ``scipy.stats.friedmanchisquare`` on
   the same table's columns (and ``friedman`` on the ndarray), interleaved, median of repeats,
   at 30 x 5 and 200 x 30: the goal is at most 1x scipy.
2. A long Parquet table of 10 million scores (1,000 algorithms x 100 data sets x 100 runs)
   combined by ``read_scores(path, aggregate="mean")`` (column batches, group-wise), against
   ``pandas.read_parquet`` + ``groupby().mean()``: time and peak memory, each in a fresh
   process (peak resident memory above that of the process after its imports).

3. Wide tables (a row per data set, 2 algorithms) as CSV and Parquet files, read by
   ``as_scores`` and by the command line: peak memory per byte of input, in fresh processes,
   at two sizes (memory that grows with the input, bounded per byte).

Run: ``python benches/bench_input.py [--rows-scale S]`` (S < 1 shrinks part 2's runs for a
quick look); writes ``benches/RESULTS-input.md``; ``--part wide`` reruns part 3 only and
replaces its section.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import scipy
import scipy.stats

import multicomp as mc
from multicomp.data.scores import as_scores

HERE = Path(__file__).parent


def _median_seconds(function: object, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def dataframe_input(repeats: int = 200) -> list[str]:
    """Part 1: friedman on a DataFrame against scipy's friedmanchisquare."""
    lines = [
        "| N x k | scipy friedmanchisquare (ms) | friedman(ndarray) / scipy | "
        "friedman(DataFrame) / scipy | as_scores(ndarray) / scipy | as_scores(DataFrame) / scipy |",
        "|---|---|---|---|---|---|",
    ]
    rng = np.random.default_rng(0)
    for n, k in ((30, 5), (200, 30)):
        values = rng.random((n, k)).round(3)
        frame = pd.DataFrame(
            values, index=[f"d{i}" for i in range(n)], columns=[f"a{j}" for j in range(k)]
        )
        columns = [values[:, j] for j in range(k)]
        runs = {
            "scipy": lambda: scipy.stats.friedmanchisquare(*columns),
            "array": lambda: mc.friedman(values, method="asymptotic"),
            "frame": lambda: mc.friedman(frame, method="asymptotic"),
            "read array": lambda: as_scores(values),
            "read frame": lambda: as_scores(frame),
        }
        assert np.isclose(
            mc.friedman(frame, method="asymptotic").statistic, runs["scipy"]().statistic
        )
        seconds: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(10):  # interleaved rounds, so that load hits every contender alike
            for name, run in runs.items():
                seconds[name].append(_median_seconds(run, repeats // 10))
        median = {name: statistics.median(times) for name, times in seconds.items()}
        ratios = " | ".join(
            f"{median[name] / median['scipy']:.2f}"
            for name in ("array", "frame", "read array", "read frame")
        )
        lines.append(f"| {n} x {k} | {median['scipy'] * 1e3:.3f} | {ratios} |")
    return lines


def write_long_table(path: Path, n: int, k: int, runs: int) -> None:
    """A long Parquet table (dataset, algorithm, run, accuracy), one row group per data set."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(1)
    algorithms = pa.array([f"algorithm_{j:04d}" for j in range(k)]).dictionary_encode()
    schema = pa.schema(
        [
            ("dataset", pa.dictionary(pa.int32(), pa.string())),
            ("algorithm", pa.dictionary(pa.int32(), pa.string())),
            ("run", pa.int32()),
            ("accuracy", pa.float64()),
        ]
    )
    with pq.ParquetWriter(path, schema) as writer:
        for i in range(n):
            size = k * runs
            dataset = pa.DictionaryArray.from_arrays(
                pa.array(np.zeros(size, dtype=np.int32)), pa.array([f"dataset_{i:03d}"])
            )
            algorithm = pa.DictionaryArray.from_arrays(
                pa.array(np.repeat(np.arange(k, dtype=np.int32), runs)), algorithms.dictionary
            )
            run = pa.array(np.tile(np.arange(runs, dtype=np.int32), k))
            accuracy = pa.array(rng.uniform(0.5, 0.95, size).round(4))
            writer.write_table(
                pa.Table.from_arrays([dataset, algorithm, run, accuracy], schema=schema)
            )


CHILD = """
import resource, sys, time
import numpy as np
import pandas as pd
import pyarrow, pyarrow.parquet
import multicomp as mc
baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
if sys.argv[2] == "multicomp":
    table = mc.read_scores(sys.argv[1], aggregate="mean")
else:
    frame = pd.read_parquet(sys.argv[1])
    table = frame.groupby(["dataset", "algorithm"], observed=True)["accuracy"].mean().unstack()
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, (peak - baseline) / 1024, peak / 1024, table.shape[0], table.shape[1],
      float(np.nanmean(table.to_numpy())))
"""


def _child(path: Path, who: str) -> list[float]:
    """seconds, peak MiB above the imports, peak MiB, N, k, mean of the table."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), who], capture_output=True, text=True, check=True
    ).stdout.split()
    return [float(v) for v in out]


def parquet_memory(scale: float) -> list[str]:
    """Part 2: the 10-million-row table (and one of a quarter of its runs: memory that does
    not grow with the rows), read and combined, in fresh processes."""
    n, k, runs = 100, 1000, max(4, round(100 * scale))
    with tempfile.TemporaryDirectory() as folder:
        path, quarter = Path(folder) / "runs.parquet", Path(folder) / "quarter.parquet"
        write_long_table(path, n, k, runs)
        write_long_table(quarter, n, k, runs // 4)
        size = path.stat().st_size / 2**20
        ours, theirs = _child(path, "multicomp"), _child(path, "pandas")
        small, small_theirs = _child(quarter, "multicomp"), _child(quarter, "pandas")
    assert np.isclose(ours[5], theirs[5]) and np.isclose(small[5], small_theirs[5])
    reader = (
        f"`mc.read_scores(path, aggregate='mean')` (batches of {mc.data.arrow.BATCH_ROWS:,} rows)"
    )
    naive = "`pd.read_parquet(path)` + `groupby(...).mean().unstack()`"
    return [
        f"Table: {n * k * runs:,} rows ({k} algorithms x {n} data sets x {runs} runs), "
        f"columns dataset and algorithm (dictionary-encoded text), run (int32), accuracy "
        f"(float64); Parquet file {size:.0f} MiB, one row group per data set. The same with "
        f"{runs // 4} runs ({n * k * (runs // 4):,} rows) shows what grows with the rows.",
        "",
        "| read and combine (mean) | rows | seconds | peak memory above the imports (MiB) | "
        "peak resident (MiB) |",
        "|---|---|---|---|---|",
        *(
            f"| {who} | {rows:,} | {r[0]:.1f} | {r[1]:.0f} | {r[2]:.0f} |"
            for who, rows, r in (
                (reader, n * k * runs, ours),
                (reader, n * k * (runs // 4), small),
                (naive, n * k * runs, theirs),
                (naive, n * k * (runs // 4), small_theirs),
            )
        ),
        "",
        f"Ratios multicomp / pandas at {n * k * runs:,} rows: time {ours[0] / theirs[0]:.2f}, "
        f"memory above the imports {ours[1] / theirs[1]:.2f}.",
        "",
        "Where multicomp's memory goes: the combined table and its accumulators grow with the "
        "cells (data sets x algorithms), one batch with the batch size (pyarrow decodes a row "
        "group at a time), and the check that no row repeats a run (a `run` column here) marks "
        "each run of each cell in a table of a byte each (12.8 MB at 100 runs; "
        "`frames.SEEN_BYTES` at most, beyond which, when run values are unique to their rows, "
        "an 8-byte key a row); the pages of the memory-mapped file that were read count in the "
        "resident memory too. Above the imports, a quarter of the rows took "
        f"{small[1]:.0f} MiB and all of them {ours[1]:.0f} MiB (pandas: {small_theirs[1]:.0f} "
        f"and {theirs[1]:.0f} MiB; a peak below that of the imports counts 0). The median and "
        "a callable `aggregate` keep 16 bytes a score (its cell and its value).",
    ]


WIDE_CHILD = """
import sys, time, warnings
import numpy as np, pandas as pd, pyarrow, pyarrow.parquet
from multicomp.cli import main
from multicomp.data.scores import as_scores
warnings.simplefilter("ignore")


def status(field):
    with open("/proc/self/status") as lines:
        return next(int(l.split()[1]) for l in lines if l.startswith(field)) / 1024


with open("/proc/self/clear_refs", "w") as refs:  # the peak from here on (Linux)
    refs.write("5")
baseline = status("VmRSS:")
start = time.perf_counter()
if sys.argv[2] == "as_scores":
    as_scores(sys.argv[1])
else:
    sys.stdout = open("/dev/null", "w")
    assert main([sys.argv[1], "--max-size", "1000"]) == 0
    sys.stdout = sys.__stdout__
print(time.perf_counter() - start, status("VmHWM:") - baseline)
"""
WIDE_HEADING = "## Wide tables: memory per byte of input (issue 36 item 5)"


def _wide_child(path: Path, who: str) -> list[float]:
    """seconds and peak resident MiB above the process after its imports, of
    ``as_scores(path)`` or of the command line's whole run (``who``: 'cli')."""
    out = subprocess.run(
        [sys.executable, "-c", WIDE_CHILD, str(path), who],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [float(v) for v in out]


def wide_memory() -> list[str]:
    """Part 3: wide CSV and Parquet files of 250,000 and 1,000,000 data sets."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for n in (250_000, 1_000_000):
            rng = np.random.default_rng(0)
            frame = pd.DataFrame(
                {
                    "dataset": [f"dataset_{i:07d}" for i in range(n)],
                    "a": rng.random(n).round(6),
                    "b": rng.random(n).round(6),
                }
            )
            for suffix in (".csv", ".parquet"):
                path = Path(folder) / f"wide{n}{suffix}"
                if suffix == ".csv":
                    frame.to_csv(path, index=False)
                else:
                    frame.to_parquet(path, index=False)
                mib = path.stat().st_size / 2**20
                seconds, above = _wide_child(path, "as_scores")
                cli_seconds, cli = _wide_child(path, "cli")
                rows.append(
                    f"| {suffix[1:]} | {n:,} | {mib:.1f} | {seconds:.1f} | {above:.0f} | "
                    f"{above / mib:.1f} | {cli_seconds:.1f} | {cli:.0f} | {cli / mib:.1f} |"
                )
    return [
        "Wide files (columns dataset, a, b: a data set per row), each read in a fresh process "
        "by `as_scores(path)` and by the command line `multicomp path --max-size 1000` (its "
        "whole run: read, compare, report), peak resident memory above that of the process "
        "after its imports (Linux's VmHWM, reset after the imports). The command line refuses "
        "a file above `--max-size` "
        "(64 MiB by default) in every format, a Parquet file by its data decoded (its footer's "
        "uncompressed sizes, and 8 bytes a cell at least), before reading it.",
        "",
        "| format | data sets | file (MiB) | as_scores (s) | as_scores peak (MiB) | per MiB "
        "of file | command line (s) | command line peak (MiB) | per MiB of file |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "The peak grows no faster than the input (per MiB of file, the same or less at four "
        "times the size): the data-set names as Python strings (`Scores.datasets`), pandas' "
        "index of them and the scores, which a wide table of many short rows costs whatever "
        "reads it. The command line reads the input twice (once for its warnings, once in "
        "`compare`, which sees the runs of a long table).",
    ]


def _replace_wide_section() -> None:
    """Rerun part 3 and put its section in place of the old one (or at the end)."""
    import pyarrow  # noqa: F401  (Parquet)

    path = HERE / "RESULTS-input.md"
    text = path.read_text(encoding="utf-8")
    kept = text.split(WIDE_HEADING)[0].rstrip("\n")
    section = "\n".join(
        [
            WIDE_HEADING,
            "",
            f"Measured on {time.strftime('%Y-%m-%d')} (load average "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start).",
            "",
            *wide_memory(),
        ]
    )
    print(section)
    path.write_text(f"{kept}\n\n{section}\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows-scale", type=float, default=1.0)
    parser.add_argument("--part", choices=["all", "wide"], default="all")
    args = parser.parse_args()
    warnings.simplefilter("ignore", mc.ShapeWarning)
    if args.part == "wide":
        _replace_wide_section()
        return
    import pyarrow

    header = [
        "# The input layer: DataFrames, Parquet and Arrow",
        "",
        f"Generated by `benches/bench_input.py` on {time.strftime('%Y-%m-%d')}: "
        f"{platform.machine()}, {os.cpu_count()} cores shared with other jobs, Python "
        f"{platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__}, "
        f"scipy {scipy.__version__}, pyarrow {pyarrow.__version__}; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) at the start.",
        "",
        "## friedman on a DataFrame within scipy's time (issue 23 items 2 and 3)",
        "",
        "`friedman(..., method='asymptotic')` on a DataFrame (data sets in the index, one "
        "float column per algorithm) and on the same ndarray, as ratios to "
        "`scipy.stats.friedmanchisquare(*columns)`: interleaved rounds, median of 200 calls "
        "each. Goal: the DataFrame at most 1x scipy. `as_scores` is the input layer alone "
        "(what `friedman` does with its input before the test): the rest of `friedman` "
        "(ranks, the statistic, and a result that carries the rank matrix and the average "
        "ranks as pandas objects, labelled with the input's own pandas Index where it has "
        "one) is the same for both inputs.",
        "",
    ]
    lines = header + dataframe_input()
    lines += [
        "",
        "## Ten million scores in bounded memory (issue 25 item 4)",
        "",
        "Each in a fresh process (peak resident memory from `getrusage`, above the process "
        "after importing numpy, pandas, pyarrow and multicomp).",
        "",
    ]
    lines += parquet_memory(args.rows_scale)
    lines += ["", WIDE_HEADING, "", *wide_memory()]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.rows_scale == 1.0:
        (HERE / "RESULTS-input.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
