"""Validity table and power figure of every procedure: ``nice python benches/validity.py [--quick]``.

With :func:`multicomp.simulate`, in one run (fixed seeds, so the output is reproducible):

* the rejection rate of true null hypotheses (the family-wise type I error) of every omnibus
  test and every 1xN and all-pairs post-hoc with each adjustment, under complete and partial
  nulls, with Monte Carlo standard errors: ``docs/validity.csv`` (every estimate) and
  ``docs/validity.md`` (the table, which the user guide's page on validity includes);
* the average number of hypotheses rejected by Nemenyi, Holm, Shaffer and Bergmann-Hommel
  (all pairs, Friedman ranks) as N grows, G08's measure of power (Garcia & Herrera 2008,
  Sec. 5): ``docs/power_all_pairs.png``.

``--quick`` uses 500 replications (a smoke run, not for the docs); ``--replications``,
``--pairwise-replications`` and ``--power-replications`` set the counts of a run that writes
(the standard errors in the table follow them). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import datetime
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

import multicomp as mc

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ALPHA = 0.05
SEED = 2026
REPLICATIONS = 10_000
PAIRWISE_REPLICATIONS = 1_000  # the pairwise Wilcoxon/sign tests run one table at a time
POWER_REPLICATIONS = 2_000
FLAG_SES = 3.0  # a rate above alpha + 3 Monte Carlo SEs is marked as not holding alpha
RANK_TESTS = ["friedman", "aligned", "quade"]
#: Every registered procedure, those computed only by name (Li, Finner, Miller, ...) included.
EVERY_PROCEDURE = list(
    dict.fromkeys(mc.procedures.names("control") + mc.procedures.names("all_pairs"))
)
#: A benchmark runs long on purpose: past simulate's default work limit (about 90 s).
BENCH_WORK = 1e15


@dataclass(frozen=True)
class Scenario:
    key: str
    label: str
    effects: Any
    n_datasets: int
    options: Mapping[str, Any] = field(default_factory=dict)
    pairwise: bool = False  # also run the pairwise wilcoxon/sign post-hocs


SCENARIOS = [
    Scenario("complete", "complete null, N = 20, k = 5", 5, 20, pairwise=True),
    Scenario("small", "complete null, N = 5, k = 3", 3, 5, pairwise=True),
    Scenario(
        "ties",
        "complete null with ties (scores rounded to integers), N = 20, k = 5",
        5,
        20,
        {"decimals": 0},
        pairwise=True,
    ),
    Scenario(
        "hetero",
        "complete null, heavy tails (t3) and data-set scales (spread 1), N = 10, k = 10",
        10,
        10,
        {"noise": "t3", "scale_spread": 1.0},
    ),
    Scenario(
        "small_asymptotic",
        'as `small`, with the asymptotic p-values (`method="asymptotic"`)',
        3,
        5,
        {"method": "asymptotic"},
    ),
    Scenario(
        "hetero_asymptotic",
        "as `hetero`, with the asymptotic p-values",
        10,
        10,
        {"noise": "t3", "scale_spread": 1.0, "method": "asymptotic"},
    ),
    Scenario(
        "partial5",
        "partial null: effects (0, 0, 0, 1, 1), N = 20, k = 5, 4 true nulls of 10 pairs",
        [0, 0, 0, 1, 1],
        20,
    ),
    Scenario(
        "partial10",
        "partial null: control and 5 others equal, 4 others +0.5, N = 300, k = 10",
        [0] * 6 + [0.5] * 4,
        300,
    ),
    Scenario(
        "best5",
        "control chosen after the data (best-ranked), complete null, N = 20, k = 5",
        5,
        20,
        {"control": "best", "comparisons": ["control"]},
    ),
    Scenario(
        "best10",
        "control chosen after the data (best-ranked), complete null, N = 20, k = 10",
        10,
        20,
        {"control": "best", "comparisons": ["control"]},
    ),
]


def run_scenarios(replications: int, pairwise_replications: int) -> pd.DataFrame:
    frames = []
    for number, s in enumerate(SCENARIOS):
        start = time.monotonic()
        options = {"tests": RANK_TESTS, "procedures": EVERY_PROCEDURE, **s.options}
        result = mc.simulate(
            s.effects,
            s.n_datasets,
            n_replications=replications,
            alpha=ALPHA,
            random_state=SEED + number,
            max_work=BENCH_WORK,
            **options,
        )
        frame = result.to_frame()
        if s.pairwise:
            pairwise = mc.simulate(
                s.effects,
                s.n_datasets,
                n_replications=pairwise_replications,
                alpha=ALPHA,
                random_state=SEED + 100 + number,
                max_work=BENCH_WORK,
                **{**options, "tests": ["wilcoxon", "sign"]},
                chunk_size=100,
            )
            frame = pd.concat([frame, pairwise.to_frame()])
        frames.append(frame.assign(scenario=s.key))
        print(f"{s.key}: {time.monotonic() - start:.0f} s", flush=True)
    return pd.concat(frames).reset_index()


def _cell(row: pd.Series) -> str:
    if not row["true_nulls"] > 0:
        return "—"
    text = f"{row['fwer']:.3f} ({row['fwer_se']:.3f})"
    return f"**{text}**" if row["fwer"] > ALPHA + FLAG_SES * row["fwer_se"] else text


def _row_order(row: tuple[str, str, str], omnibus: list[str]) -> tuple[int, int, int]:
    """Comparisons, tests and procedures in the package's order (not alphabetical); the
    omnibus tests in the order ``simulate`` reports them (``omnibus``)."""
    from multicomp._internal.vocabulary import ALL_PAIRS_PROCEDURES, COMPARISONS, CONTROL_PROCEDURES
    from multicomp._internal.vocabulary import POSTHOC_TESTS as TESTS

    comparison, test, procedure = row
    order = {
        "omnibus": omnibus,
        "control": list(CONTROL_PROCEDURES),
        "all_pairs": list(ALL_PAIRS_PROCEDURES),
    }[comparison]
    return COMPARISONS.index(comparison), TESTS.index(test), order.index(procedure)


def markdown_table(estimates: pd.DataFrame) -> str:
    cells = estimates.assign(cell=estimates.apply(_cell, axis=1))
    wide = cells.pivot_table(
        index=["comparison", "test", "procedure"],
        columns="scenario",
        values="cell",
        aggfunc="first",
        sort=False,
    )
    keys = [s.key for s in SCENARIOS]
    wide = wide.reindex(columns=keys).fillna("")
    omnibus = list(dict.fromkeys(estimates.loc[estimates["comparison"] == "omnibus", "procedure"]))
    rows = sorted(range(len(wide)), key=lambda i: _row_order(wide.index[i], omnibus))
    wide = wide.iloc[rows]
    header = "| comparison | test | procedure | " + " | ".join(keys) + " |"
    lines = [header, "|" + "---|" * (3 + len(keys))]
    for (comparison, test, procedure), row in wide.iterrows():
        lines.append(f"| {comparison} | {test} | {procedure} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def conditions(replications: int, pairwise_replications: int) -> str:
    scenarios = "\n".join(f"- `{s.key}`: {s.label}." for s in SCENARIOS)
    return (
        f"Rejection rate of true null hypotheses (family-wise type I error; for the omnibus "
        f"tests the rate of rejecting the complete null) at alpha = {ALPHA}, with its Monte "
        f"Carlo standard error in parentheses; **bold**: above alpha + {FLAG_SES:g} SE (does "
        f"not hold alpha); —: no true null. `multicomp.simulate` with the package's "
        f"defaults (`method='auto'`: exact or Monte Carlo permutation p-values, 9,999 "
        f"resamples with the default seed, up to N = 16 data sets, as in the `small` and "
        f"`hetero` columns; asymptotic ones beyond), {replications:,} replications per "
        f"scenario ({pairwise_replications:,} for "
        f"the pairwise wilcoxon/sign post-hocs), seeds {SEED} + scenario number, normal "
        f"errors unless stated. Scenarios:\n\n{scenarios}\n"
    )


def power_figure(replications: int, path: Path) -> pd.DataFrame:
    """G08's power comparison: all pairs, Friedman ranks, k = 6 equally spaced effects."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    effects = np.linspace(0.0, 1.0, 6)
    sizes = [5, 10, 15, 20, 30, 40, 50]
    methods = ["bergmann_hommel", "shaffer", "holm", "nemenyi"]
    rows = []
    for n in sizes:
        frame = mc.simulate(
            effects,
            n,
            n_replications=replications,
            comparisons=["all_pairs"],
            tests=["friedman"],
            alpha=ALPHA,
            random_state=SEED + n,
        ).to_frame()
        for method in methods:
            row = frame.loc[("all_pairs", "friedman", method)]
            rows.append(
                {
                    "n_datasets": n,
                    "method": method,
                    "rejections": row["rejections"],
                    "rejections_se": row["rejections_se"],
                    "fwer": row["fwer"],
                }
            )
    power = pd.DataFrame(rows)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    names = {
        "bergmann_hommel": "Bergmann-Hommel",
        "shaffer": "Shaffer",
        "holm": "Holm",
        "nemenyi": "Nemenyi",
    }
    for method, marker in zip(methods, "os^v"):
        part = power[power["method"] == method]
        ax.errorbar(
            part["n_datasets"],
            part["rejections"],
            yerr=2 * part["rejections_se"],
            marker=marker,
            capsize=2,
            label=names[method],
        )
    ax.set_xlabel("N (data sets)")
    ax.set_ylabel("average number of rejected hypotheses (of 15)")
    ax.set_title(
        f"All pairs after Friedman, k = 6, effects 0, 0.2, ..., 1.0 sd\n"
        f"{replications:,} replications per N, alpha = {ALPHA}, seed {SEED} + N",
        fontsize=10,
    )
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return power


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="500 replications, write nothing")
    parser.add_argument("--replications", type=int, default=REPLICATIONS)
    parser.add_argument("--pairwise-replications", type=int, default=PAIRWISE_REPLICATIONS)
    parser.add_argument("--power-replications", type=int, default=POWER_REPLICATIONS)
    args = parser.parse_args()
    replications = 500 if args.quick else args.replications
    pairwise = 100 if args.quick else args.pairwise_replications
    start = time.monotonic()
    estimates = run_scenarios(replications, pairwise)
    table = markdown_table(estimates)
    text = conditions(replications, pairwise) + "\n" + table + "\n"
    if args.quick:
        print(text)
        return
    estimates.to_csv(DOCS / "validity.csv", index=False, float_format="%.6g")
    stamp = f"Generated by `benches/validity.py` on {datetime.date.today()} (multicomp {mc.__version__})."
    (DOCS / "validity.md").write_text(
        f"# Validity of every procedure\n\n{stamp}\n\n{text}", encoding="utf-8"
    )
    power = power_figure(args.power_replications, DOCS / "power_all_pairs.png")
    power.to_csv(DOCS / "power_all_pairs.csv", index=False, float_format="%.6g")
    print(text)
    print(power.pivot(index="n_datasets", columns="method", values="rejections").to_string())
    print(f"total {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
