"""Large suites: ``python benches/bench_large.py [--out PATH] [--sizes 100 300 1000 3000]``.

Issue 25 item 1: ``multicomp.compare`` on 100 data sets x k algorithms (normal scores with a
linear trend, seed 0) against the floor, what numpy and scipy take to rank the table, form the
k(k-1)/2 z statistics and their normal p-values and sort them (what Holm alone needs), for
k = 100, 300, 1000, 3000; ``method="asymptotic"`` and the default ``method="auto"``, each timed
in the same process as its floor (interleaved, best of ``--rounds``), so the load of the shared
machine falls on both alike. Peak memory: each (k, method) runs in a fresh process, which
reports its peak resident set (``ru_maxrss``) before and after ``compare``. Also the size and
time of ``str(report)`` and ``report.to_html()`` (issue 25 item 2). The growth exponent is the
least-squares slope of log time on log m (m = k(k-1)/2 pairs) over the sizes from 300 up.
Writes a Markdown report (default ``benches/RESULTS-large.md``). Not collected by pytest;
nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import scipy
from scipy import special, stats

HERE = Path(__file__).resolve().parent
N_DATASETS = 100


def table(k: int) -> pd.DataFrame:
    """100 data sets x k algorithms: normal scores plus a linear trend over the algorithms."""
    rng = np.random.default_rng(0)
    values = rng.normal(size=(N_DATASETS, k)) + np.linspace(0.0, 3.0, k)
    return pd.DataFrame(values, columns=[f"algorithm{j:04d}" for j in range(k)])


def floor(x: np.ndarray) -> np.ndarray:
    """What Holm alone needs: ranks, the all-pairs z, their normal p-values, sorted."""
    n, k = x.shape
    ranks = stats.rankdata(-x, axis=1).mean(axis=0)
    first, second = np.triu_indices(k, 1)
    z = (ranks[second] - ranks[first]) / np.sqrt(k * (k + 1) / (6.0 * n))
    p = 2.0 * special.ndtr(-np.abs(z))
    return np.argsort(p, kind="stable")


def best(function: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def child(k: int, method: str, rounds: int) -> dict[str, float]:
    """One (k, method) in this process: times of the floor and compare (interleaved), peak
    memory around compare, and the sizes and times of str() and to_html()."""
    import multicomp as mc

    data = table(k)
    x = data.to_numpy()
    mc.compare(data.iloc[:, :20], method=method)  # imports and caches warm
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    report = mc.compare(data, method=method)
    first = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    floors, compares = [], [first]
    for _ in range(rounds):
        floors.append(best(lambda: floor(x), 1))
        if len(compares) < rounds:
            compares.append(best(lambda: mc.compare(data, method=method), 1))
    start = time.perf_counter()
    text = str(report)
    text_time = time.perf_counter() - start
    start = time.perf_counter()
    page = report.to_html()
    html_time = time.perf_counter() - start
    return {
        "floor": min(floors),
        "compare": min(compares),
        "rss_before": before / 1024,
        "rss_peak": peak / 1024,
        "procedure": report.procedure,
        "pvalue_method": report.pvalue_method,
        "str_bytes": len(text.encode()),
        "str_time": text_time,
        "html_bytes": len(page.encode()),
        "html_time": html_time,
    }


def timed(function: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    out = function()
    return time.perf_counter() - start, out


def both(function: Callable[[], object]) -> tuple[float, float, object]:
    """Wall and CPU seconds (all threads of the process) of one call, and its result."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = function()
    return time.perf_counter() - wall, time.process_time() - cpu, out


def resident() -> float:
    """The resident set of this process now, in MB (Linux: /proc/self/statm)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_during(function: Callable[[], object]) -> tuple[float, float]:
    """The resident set before ``function()`` and its peak during the call (sampled every
    5 ms on another thread), in MB."""
    before, peak, done = resident(), [0.0], threading.Event()

    def sample() -> None:
        while not done.wait(0.005):
            peak[0] = max(peak[0], resident())

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        function()
    finally:
        done.set()
        sampler.join()
    return before, max(peak[0], resident())


def html_cpu(data: pd.DataFrame, rounds: int) -> dict[str, float]:
    """CPU seconds (``time.process_time``: the machine is shared) of compare and of to_html on
    the report it returns (fresh each round: a report keeps its letter display once
    computed), best of ``rounds``, warm; and the load average of the last minute."""
    import multicomp as mc

    mc.compare(data.iloc[:, :20]).to_html()  # imports and caches warm
    compares, pages = [], []
    for _ in range(rounds):
        start = time.process_time()
        report = mc.compare(data)
        compares.append(time.process_time() - start)
        start = time.process_time()
        report.to_html()
        pages.append(time.process_time() - start)
    return {"compare_cpu": min(compares), "html_cpu": min(pages), "load": os.getloadavg()[0]}


def child_outputs(k: int, rounds: int) -> dict[str, float]:
    """Issue 31.1 in this process: compare (warm, best of ``rounds``) beside the floor;
    the peak resident set of the figures alone and of ``save`` above what the process held
    before each (the input, the report, the imports);
    ``rounds`` pairs of the figures' own cost (drawing and encoding the CD diagram or letter
    display, PNG and SVG) then ``save``, each on a fresh copy of the report, their medians;
    then each output once on a fresh copy. Wall and CPU seconds (``process_time``: every
    thread) of each, so that the ratios can be read on a shared machine."""
    import tempfile

    import multicomp as mc

    data = table(k)
    x = data.to_numpy()
    mc.compare(data.iloc[:, :20])
    out: dict[str, float] = {"load_start": os.getloadavg()[0]}
    compares, floors, compare_cpus = [], [], []
    for _ in range(rounds):
        floors.append(timed(lambda: floor(x))[0])
        seconds, cpu, report = both(lambda: mc.compare(data))
        compares.append(seconds)
        compare_cpus.append(cpu)
    out.update(html_cpu(data, rounds))  # its compare_cpu replaced by the loop's
    out.update(floor=min(floors), compare=min(compares), compare_cpu=min(compare_cpus))
    # memory first, each on a fresh copy (nothing computed before: the letters, the order)
    out["rss_before_figures"], out["rss_figures"] = peak_during(
        lambda: draw(dataclasses.replace(report))
    )
    with tempfile.TemporaryDirectory() as where:
        fresh = dataclasses.replace(report)
        out["rss_before_save"], out["rss_save"] = peak_during(lambda: fresh.save(where))
        out["parquet"] = os.path.exists(os.path.join(where, "report-pairs.parquet"))
    runs: list[tuple[float, float, float, float]] = []
    for _ in range(rounds):  # the figures alone, then save: each pair under the same load
        figures, figures_cpu, _ = both(lambda: draw(dataclasses.replace(report)))
        with tempfile.TemporaryDirectory() as where:
            saved, saved_cpu, _ = both(lambda: dataclasses.replace(report).save(where))
            runs.append((figures, figures_cpu, saved, saved_cpu))
    out["runs"] = runs  # type: ignore[assignment]
    for j, name in enumerate(("figures", "figures_cpu", "save", "save_cpu")):
        out[name] = float(np.median([run[j] for run in runs]))
    for name in ("to_text", "to_markdown", "to_latex", "to_html", "to_csv", "to_json"):
        fresh = dataclasses.replace(report)  # what save computed once is not kept here
        out[name], out[f"{name}_cpu"], text = both(getattr(fresh, name))
        out[f"{name}_bytes"] = len(text.encode())  # type: ignore[attr-defined]
    document = mc.Report.to_json(report)
    out["from_json"], out["from_json_cpu"], _ = both(lambda: mc.Report.from_json(document))
    out["input_mb"] = data.memory_usage(deep=True).sum() / 1e6
    out["load_end"] = os.getloadavg()[0]
    return out


def draw(report: Any) -> None:
    """The figures ``save`` writes, drawn and encoded alone as it does: ``plot()``, its box
    found once, PNG and SVG."""
    from multicomp.report import files

    figure = files.framed(report.plot())
    for fmt in ("png", "svg"):
        files.figure_bytes(figure, fmt)


def conditions() -> str:
    """The date, machine and versions of a run, for the line beside its figures."""
    versions = ", ".join(
        f"{name} {version(name)}"
        for name in ("numpy", "pandas", "pyarrow", "matplotlib", "multicomp")
    )
    return (
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
        f"{platform.machine()}, {os.cpu_count()} logical CPUs, Python "
        f"{platform.python_version()}, {versions}"
    )


def outputs_section(k: int, r: dict[str, float], rounds: int) -> list[str]:
    """The table of :func:`child_outputs`: each step's wall and CPU seconds, and the ratios
    the issue asks for."""
    budget = 2 * r["compare"] + r["figures"]
    budget_cpu = 2 * r["compare_cpu"] + r["figures_cpu"]
    rows = [
        (
            "compare",
            r["compare"],
            r["compare_cpu"],
            f"{r['compare'] / r['floor']:.1f}x the floor ({r['floor'] * 1e3:.0f} ms)",
        ),
        (
            "figures' own cost",
            r["figures"],
            r["figures_cpu"],
            "plot(), its box, PNG and SVG (median)",
        ),
    ]
    for name in ("to_text", "to_markdown", "to_latex", "to_html", "to_csv", "to_json"):
        rows.append((f"{name}()", r[name], r[f"{name}_cpu"], f"{r[f'{name}_bytes'] / 1e6:.2f} MB"))
    rows.append(("from_json()", r["from_json"], r["from_json_cpu"], "to_json's document"))
    rows.append(
        (
            "to_html(), fresh report",
            r["html_cpu"],
            r["html_cpu"],
            f"CPU {r['html_cpu'] / r['compare_cpu']:.2f}x compare's (best of {rounds})",
        )
    )
    ratios = [save / (2 * r["compare"] + figures) for figures, _, save, _ in r["runs"]]
    excess = float(np.median([save - figures for figures, _, save, _ in r["runs"]]))
    rows.append(
        (
            "save(dir)",
            r["save"],
            r["save_cpu"],
            f"{r['save'] / budget:.2f}x the budget 2 x compare + figures ({budget:.2f} s), "
            f"medians of {len(ratios)} pairs (each pair's ratio: "
            f"{', '.join(f'{x:.2f}x' for x in ratios)}); save minus the figures, median of the "
            f"pairs: {excess:.2f} s (allowed: 2 x compare, {2 * r['compare']:.2f} s); "
            f"CPU {r['save_cpu'] / budget_cpu:.2f}x "
            f"({budget_cpu:.2f} s); peak resident set {r['rss_save']:.0f} MB, "
            f"{r['rss_save'] - r['rss_before_save']:.0f} MB above the "
            f"{r['rss_before_save']:.0f} MB held before (the figures alone "
            f"{r['rss_figures'] - r['rss_before_figures']:.0f} MB above; input table "
            f"{r['input_mb']:.1f} MB); Parquet written: {bool(r['parquet'])}",
        )
    )
    return [
        f"## Outputs at {N_DATASETS} x {k} (issue 31.1, 31.2)",
        "",
        f"`python benches/bench_large.py --outputs {k}`, {conditions()}; load average "
        f"{r['load_start']:.1f} at the start, {r['load_end']:.1f} at the end. One fresh "
        f"process; compare and the floor best of {rounds}, interleaved; the figures alone and "
        f"save {rounds} times, one after the other, medians; each other output timed once "
        "after them, each on a fresh copy of the report (beyond 50 algorithms to_html writes the letter display as a table, "
        "nothing drawn). Wall and CPU seconds (CPU: every thread of the process); peak "
        "memory: the process's resident set sampled every 5 ms during the call.",
        "",
        "| step | wall | CPU | notes |",
        "|---|---|---|---|",
        *(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {note} |" for name, wall, cpu, note in rows),
        "",
    ]


def exponent(sizes: list[int], seconds: list[float]) -> float:
    """Slope of log time on log m over the sizes from 300 up."""
    kept = [(k * (k - 1) / 2, t) for k, t in zip(sizes, seconds) if k >= 300]
    m, t = np.log(np.array(kept)).T
    return float(np.polyfit(m, t, 1)[0])


def run(sizes: list[int], rounds: int) -> dict[str, dict[int, dict[str, float]]]:
    results: dict[str, dict[int, dict[str, float]]] = {}
    for method in ("asymptotic", "auto"):
        results[method] = {}
        for k in sizes:
            out = subprocess.run(
                [sys.executable, __file__, "--child", str(k), method, "--rounds", str(rounds)],
                check=True,
                capture_output=True,
                text=True,
            )
            results[method][k] = json.loads(out.stdout.splitlines()[-1])
            print(method, k, results[method][k], file=sys.stderr)
    return results


def report(results: dict[str, dict[int, dict[str, float]]], rounds: int) -> str:
    cpus = os.cpu_count()
    versions = ", ".join(
        f"{name} {version(name)}" for name in ("numpy", "scipy", "pandas", "multicomp")
    )
    lines = [
        "# Large suites: compare on 100 data sets x k algorithms (issue 25)",
        "",
        f"`python benches/bench_large.py`, {datetime.date.today()}, {platform.machine()}, "
        f"{cpus} logical CPUs (shared with other work), Python {platform.python_version()}, "
        f"{versions} (scipy {scipy.__version__}).",
        "",
        "Scores: normal plus a linear trend over the algorithms, 100 x k, seed 0. The floor: "
        "numpy and scipy rank the table, form the k(k-1)/2 z statistics, their normal "
        "p-values, and sort them (what Holm alone needs). Each (k, method) runs in a fresh "
        f"process; times are the best of {rounds} calls, the floor's and compare's "
        "interleaved; memory is the peak resident set of that process (before compare: "
        "Python, the imports and the table).",
        "",
    ]
    for method, by_k in results.items():
        sizes = sorted(by_k)
        lines += [
            f'## method="{method}"',
            "",
            "| k | pairs | floor | compare | ratio | peak RSS (before) | procedure | p-values "
            "| str() | to_html() |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for k in sizes:
            r = by_k[k]
            lines.append(
                f"| {k} | {k * (k - 1) // 2:,} | {r['floor'] * 1e3:.1f} ms | "
                f"{r['compare'] * 1e3:.0f} ms | {r['compare'] / r['floor']:.1f}x | "
                f"{r['rss_peak']:.0f} MB ({r['rss_before']:.0f}) | {r['procedure']} | "
                f"{r['pvalue_method']} | {r['str_bytes'] / 1e3:.1f} KB, {r['str_time']:.2f} s "
                f"| {r['html_bytes'] / 1e6:.2f} MB, {r['html_time']:.2f} s |"
            )
        if len([k for k in sizes if k >= 300]) >= 2:
            slope = exponent(sizes, [by_k[k]["compare"] for k in sizes])
            floor_slope = exponent(sizes, [by_k[k]["floor"] for k in sizes])
            lines += [
                "",
                f"Growth: compare's time grows like m^{slope:.2f} (the floor's like "
                f"m^{floor_slope:.2f}), m = k(k-1)/2 pairs, fitted from k = 300 up.",
            ]
        lines.append("")
    lines += NOTES
    return "\n".join(lines)


NOTES = [
    "## Notes",
    "",
    "- k = 100: the report's procedure is the exact Bergmann-Hommel (the Robinson route, about "
    "k^4 steps), which the floor (Holm's work) does not include; beyond k = 100 Shaffer's, "
    "beyond k = 2000 (`MAX_K_SHAFFER`) Holm's.",
    '- `method="auto"` with N = 100 data sets resolves to the asymptotic p-values '
    '(`AUTO_MAX_N` = 16): the same work as `"asymptotic"`, so its rows differ by the '
    'machine\'s load only. With N <= 16 data sets `"auto"` uses permutation p-values '
    "within a work bound (issue 22.2), measured in docs/user_guide/performance.md.",
    "- What is left above the floor at k = 1000: five procedures (Nemenyi, Bonferroni, "
    "Holm, Shaffer, Miller), each ordering the 499,500 p-values again, and the post-hoc "
    "result's pair labels (one Python string per pair, built in C). At k = 3000 those "
    "labels and the name pairs (4.5 million of each) are most of the peak memory.",
    "- str() and to_html() summarise beyond 30 algorithms (multicomp.report.large); beyond "
    "50 the page holds the compact letter display as an HTML table (every name, best "
    "first, with its letters), nothing drawn.",
    "",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-large.md")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000, 3000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", nargs=2, metavar=("K", "METHOD"))
    parser.add_argument("--outputs", type=int, metavar="K", help="only the outputs at K")
    parser.add_argument("--outputs-child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.outputs_child:
        print(json.dumps(child_outputs(args.outputs_child, args.rounds)))
        return
    if args.outputs:
        command = [sys.executable, __file__, "--outputs-child", str(args.outputs)]
        done = subprocess.run(
            [*command, "--rounds", str(args.rounds)], check=True, capture_output=True, text=True
        )
        section = outputs_section(
            args.outputs, json.loads(done.stdout.splitlines()[-1]), args.rounds
        )
        print("\n".join(section))
        return
    if args.child:
        print(json.dumps(child(int(args.child[0]), args.child[1], args.rounds)))
        return
    text = report(run(args.sizes, args.rounds), args.rounds)
    args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
