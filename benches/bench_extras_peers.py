"""What a report adds when asked, against the peers: ``python benches/bench_extras_peers.py``.

In one run, on the same tables (N = 30 data sets, k = 5, 10, 20 algorithms, normal scores
with a growing lead, seed 0), side by side and interleaved round by round (the load of the
shared machine falls on all alike; ratios of medians):

* the effect sizes of the best algorithm against each other: ``multicomp.effect_sizes``
  (``d_form="pooled"``, autorank's form: the three measures, their magnitude labels and their
  bootstrap intervals) against autorank 1.3.0's own functions (``_cohen_d``, ``_cliffs_delta``,
  ``_akinshin_gamma``, ``_effect_level``: the values and labels, no intervals), and their
  agreement;
* the multi-comparison matrix: ``multicomp.comparison_matrix`` against the multi-comp-matrix
  package 0.0.4 (``MCM.get_analysis``, Ismail-Fawaz et al.'s code), and the agreement of its
  cells (order, mean difference, wins/ties/losses, Wilcoxon p-value).

The peers are optional (``pip install autorank multi-comp-matrix``); an absent one is skipped.
Writes a Markdown report (default ``benches/RESULTS-extras-peers.md``). Not collected by
pytest; nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import os
import platform
import time
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import numpy as np
import pandas as pd

import multicomp as mc
from multicomp.pairs.effect_size import effect_sizes
from multicomp.ranking.multi_comparison import comparison_matrix

HERE = Path(__file__).resolve().parent
N = 30
KS = (5, 10, 20)
ROUNDS = 7
MEASURES = ("cohen_d", "cliff_delta", "akinshin_gamma")


def table(k: int) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(N, k)) + np.linspace(0, 1, k)
    return pd.DataFrame(x, columns=[f"m{j:02d}" for j in range(k)])


def peer_version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def median_time(functions: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The median wall-clock time of each function over ROUNDS interleaved rounds."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for function in functions.values():
        function()  # warm-up: imports and caches
    for _ in range(ROUNDS):
        for name, function in functions.items():
            start = time.perf_counter()
            function()
            times[name].append(time.perf_counter() - start)
    return {name: float(np.median(t)) for name, t in times.items()}


def autorank_effects(df: pd.DataFrame, best: str) -> pd.DataFrame:
    """autorank's effect sizes and labels of ``best`` against each other (its own functions)."""
    from autorank import _util as u

    functions = {
        "cohen_d": u._cohen_d,
        "cliff_delta": u._cliffs_delta,
        "akinshin_gamma": u._akinshin_gamma,
    }
    rows = {}
    for other in df.columns.drop(best):
        row = {}
        for measure, function in functions.items():
            value = function(df[best], df[other])
            row[measure] = value
            row[f"{measure}_magnitude"] = u._effect_level(value, measure)
        rows[other] = row
    return pd.DataFrame.from_dict(rows, orient="index")


def effects_row(k: int) -> str:
    df = table(k)
    best = str(df.mean().idxmax())
    ours = effect_sizes(df, control=best, d_form="pooled").table.set_index("second")
    peer = autorank_effects(df, best)
    gap = max(float(np.max(np.abs(ours.loc[peer.index, m] - peer[m]))) for m in MEASURES)
    labels = sum(
        int((ours.loc[peer.index, f"{m}_magnitude"] == peer[f"{m}_magnitude"]).sum())
        for m in MEASURES
    )
    times = median_time(
        {
            "ours": lambda: effect_sizes(df, control=best, d_form="pooled"),
            "peer": lambda: autorank_effects(df, best),
        }
    )
    return (
        f"| {k} | {k - 1} | {times['ours'] * 1e3:.1f} ms | {times['peer'] * 1e3:.1f} ms | "
        f"{times['peer'] / times['ours']:.2f} | {gap:.1e} | {labels} of {3 * (k - 1)} |"
    )


def mcm_analysis(df: pd.DataFrame) -> dict:
    from multi_comp_matrix import MCM

    with contextlib.redirect_stderr(io.StringIO()):  # its progress bar
        return MCM.get_analysis(df, save_as_json=False)


def matrix_row(k: int) -> str:
    df = table(k)
    ours = comparison_matrix(df)
    analysis = mcm_analysis(df)
    same_order = list(analysis["ordered-comparate-names"]) == list(ours.algorithms)
    agree, cells = 0, 0
    for r in ours.algorithms:
        for c in ours.algorithms:
            if r == c:
                continue
            cell = analysis[f"{r}-vs-{c}"]
            cells += 1
            agree += int(
                (ours.wins.loc[r, c], ours.ties.loc[r, c], ours.losses.loc[r, c])
                == (cell["win"], cell["tie"], cell["loss"])
                and np.isclose(ours.pvalue.loc[r, c], cell["pvalue"], rtol=1e-12, atol=0)
                and np.isclose(ours.statistic.loc[r, c], cell["mean"], rtol=1e-12, atol=0)
            )
    times = median_time({"ours": lambda: comparison_matrix(df), "peer": lambda: mcm_analysis(df)})
    return (
        f"| {k} | {times['ours'] * 1e3:.1f} ms | {times['peer'] * 1e3:.1f} ms | "
        f"{times['peer'] / times['ours']:.1f} | {'yes' if same_order else 'no'} | "
        f"{agree} of {cells} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-extras-peers.md")
    args = parser.parse_args()
    autorank, mcm = peer_version("autorank"), peer_version("multi-comp-matrix")
    lines = [
        "# What a report adds when asked, against the peers",
        "",
        f"`python benches/bench_extras_peers.py`, {datetime.date.today()}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} logical CPUs (shared "
        f"with other work), Python {platform.python_version()}, numpy {np.__version__}, "
        f"pandas {pd.__version__}, multicomp {mc.__version__}, autorank {autorank or 'absent'}, "
        f"multi-comp-matrix {mcm or 'absent'}. Scores: normal, N = {N} data sets, a lead "
        f"growing linearly to 1 SD over the k algorithms, seed 0; median of {ROUNDS} "
        "interleaved rounds (`compare(extras=...)` calls these same functions).",
        "",
    ]
    if autorank:
        lines += [
            "## Effect sizes of the best algorithm against each other: autorank",
            "",
            "multicomp: `effect_sizes(control=best, d_form='pooled')`, the three measures with "
            "labels and 2,000-resample bootstrap intervals; autorank: its `_cohen_d`, "
            "`_cliffs_delta`, `_akinshin_gamma` and `_effect_level` (values and labels, no "
            "intervals). Gap: the largest absolute difference of a value; labels: those equal.",
            "",
            "| k | pairs | multicomp | autorank | autorank / multicomp | gap | labels equal |",
            "|---|---|---|---|---|---|---|",
            *(effects_row(k) for k in KS),
            "",
            "The values and labels agree to rounding. The time of multicomp is that of the "
            "intervals, which autorank does not give: 2,000 bootstrap resamples of the data "
            "sets for Cliff's delta (one matrix product per pair), Akinshin's gamma (medians "
            "of every resample) and the pooled d.",
            "",
        ]
    else:
        lines += ["autorank is absent: the effect-size comparison is skipped.", ""]
    if mcm:
        lines += [
            "## The multi-comparison matrix: the multi-comp-matrix package",
            "",
            "multicomp: `comparison_matrix` (every pair, plus the Holm-adjusted p-values); "
            "multi-comp-matrix: `MCM.get_analysis(save_as_json=False)`. Cells equal: order, "
            "mean difference and Wilcoxon p-value to 1e-12 relative, wins/ties/losses exactly.",
            "",
            "| k | multicomp | multi-comp-matrix | ratio | same order | cells equal |",
            "|---|---|---|---|---|---|",
            *(matrix_row(k) for k in KS),
            "",
            "Every cell agrees. multicomp's time barely grows with k (the Wilcoxon tests of all "
            "pairs in two vectorised calls); the package's grows with the pairs (one test and "
            "one dictionary per ordered pair).",
            "",
        ]
    else:
        lines += ["multi-comp-matrix is absent: the matrix comparison is skipped.", ""]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
