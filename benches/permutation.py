"""Permutation p-values of the rank tests: speed against a peer and type I error of method="auto".

``nice python benches/permutation.py [--quick] [--replications R]`` writes
benches/RESULTS-permutation.md:

1. Speed, one run on this machine: a Monte Carlo permutation p-value of Friedman's test
   (N = 10 data sets, k = 10 algorithms, 10,000 resamples) by ``multicomp.friedman`` against
   ``scipy.stats.permutation_test(permutation_type="samples")`` with scipy's
   ``friedmanchisquare`` (the same null: the algorithms' scores permuted within data sets),
   and the all-pairs post-hoc's permutation p-values.
2. Rejection rates under the complete null at alpha = 0.05 (``multicomp.simulate``, normal
   scores; with ``decimals=0`` ties) of the asymptotic forms and of ``method="auto"``, where
   the asymptotic forms exceed alpha (N = 5) and around the switch (N = 10, 16).

Not collected by pytest; no timed assertions anywhere.
"""

from __future__ import annotations

import argparse
import datetime
import time
import warnings
from pathlib import Path

import numpy as np
from scipy import stats

import multicomp as mc

OUT = Path(__file__).resolve().parent / "RESULTS-permutation.md"

#: A benchmark runs long on purpose: past simulate's default work limit (about 90 s).
BENCH_WORK = 1e15


def _timed(function: object) -> float:
    start = time.perf_counter()
    function()  # type: ignore[operator]
    return time.perf_counter() - start


def speed() -> list[str]:
    x = np.random.default_rng(0).standard_normal((10, 10))
    ours = _timed(lambda: mc.friedman(x, method="permutation", n_resamples=10_000))
    pairs = _timed(lambda: mc.posthoc_all_pairs(x, method="permutation", n_resamples=10_000))

    def chi2(*samples: np.ndarray) -> float:
        return float(stats.friedmanchisquare(*samples).statistic)

    peer = _timed(
        lambda: stats.permutation_test(
            list(x.T),
            chi2,
            permutation_type="samples",
            n_resamples=10_000,
            alternative="greater",
            random_state=0,
        )
    )
    return [
        "| computation (N = 10, k = 10, 10,000 resamples) | seconds | ratio to multicomp |",
        "|---|---|---|",
        f"| multicomp.friedman(method='permutation') | {ours:.3f} | 1 |",
        f"| multicomp.posthoc_all_pairs(method='permutation') (45 pairs) | {pairs:.3f} | "
        f"{pairs / ours:.1f} |",
        f"| scipy.stats.permutation_test(friedmanchisquare, permutation_type='samples') | "
        f"{peer:.3f} | {peer / ours:.0f} |",
    ]


def sizes(replications: int) -> list[str]:
    lines = [
        "| N | k | ties | method | friedman | iman_davenport | aligned | quade | control holm "
        "(friedman) | all pairs nemenyi (friedman) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, k, decimals in [(5, 3, None), (5, 5, None), (5, 5, 0), (10, 5, None), (16, 4, None)]:
        for method in ("asymptotic", "auto"):
            reps = replications if method == "asymptotic" else max(replications // 5, 200)
            frame = mc.simulate(
                k,
                n,
                n_replications=reps,
                procedures=["holm", "nemenyi"],
                decimals=decimals,
                method=method,
                n_resamples=9_999,  # the package's default
                random_state=11,
                progress=False,
                max_work=BENCH_WORK,
            ).to_frame()
            fwer = frame["fwer"]
            se = frame["fwer_se"]

            def cell(row: tuple[str, str, str]) -> str:
                return f"{fwer[row]:.3f} ({se[row]:.3f})"

            lines.append(
                f"| {n} | {k} | {'yes' if decimals is not None else 'no'} | {method} ({reps}) | "
                + " | ".join(
                    cell(row)
                    for row in [
                        ("omnibus", "friedman", "friedman"),
                        ("omnibus", "friedman", "iman_davenport"),
                        ("omnibus", "aligned", "aligned"),
                        ("omnibus", "quade", "quade"),
                        ("control", "friedman", "holm"),
                        ("all_pairs", "friedman", "nemenyi"),
                    ]
                )
                + " |"
            )
    return lines


def seeds(replications: int) -> list[str]:
    """The default seed against fresh seeds per table: Quade, N = 10, k = 5, complete null."""
    rng = np.random.default_rng(123)
    rejected = {"fixed seed 0 (default)": 0, "fresh seed per table": 0, "asymptotic": 0}
    for _ in range(replications):
        x = rng.standard_normal((10, 5))
        rejected["fixed seed 0 (default)"] += mc.quade(x, method="permutation").pvalue <= 0.05
        rejected["fresh seed per table"] += (
            mc.quade(x, method="permutation", random_state=rng).pvalue <= 0.05
        )
        rejected["asymptotic"] += mc.quade(x, method="asymptotic").pvalue <= 0.05
    se = np.sqrt(0.05 * 0.95 / replications)
    return [
        f"Quade's test, N = 10, k = 5, complete null, {replications} tables (seed 123), "
        f"9,999 resamples; Monte Carlo SE {se:.4f}:",
        "",
        *(f"- {name}: {count / replications:.4f}" for name, count in rejected.items()),
    ]


def partial(replications: int) -> list[str]:
    """Family-wise error and power under a partial null: effects (0, 0, 0, 1, 1), N = 10."""
    lines = [
        "| comparison | test | procedure | asymptotic FWER | auto FWER | asymptotic rejections "
        "| auto rejections |",
        "|---|---|---|---|---|---|---|",
    ]
    frames = {
        method: mc.simulate(
            [0, 0, 0, 1, 1],
            10,
            n_replications=replications,
            comparisons=["control", "all_pairs"],
            procedures=["holm", "bergmann_hommel"],
            method=method,
            random_state=4,
            progress=False,
            max_work=BENCH_WORK,
        ).to_frame()
        for method in ("asymptotic", "auto")
    }
    for row in frames["auto"].index:
        a, b = frames["asymptotic"].loc[row], frames["auto"].loc[row]
        lines.append(
            f"| {' | '.join(row)} | {a['fwer']:.3f} ({a['fwer_se']:.3f}) | "
            f"{b['fwer']:.3f} ({b['fwer_se']:.3f}) | {a['rejections']:.3f} | "
            f"{b['rejections']:.3f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="500 replications (a smoke run)")
    parser.add_argument(
        "--replications",
        type=int,
        default=10_000,
        help="tables per asymptotic cell (auto: a fifth, the seed comparison a half, the "
        "partial null a tenth)",
    )
    args = parser.parse_args()
    warnings.simplefilter("ignore", mc.ShapeWarning)
    replications = 500 if args.quick else args.replications
    text = [
        "# Permutation p-values of the rank tests",
        "",
        f"Generated by `benches/permutation.py` on {datetime.date.today()} (shared machine: 2 "
        "cores, several other jobs running; one run each, so the ratios are rough).",
        "",
        "## Speed",
        "",
        *speed(),
        "",
        "## Type I error under the complete null (alpha = 0.05)",
        "",
        "Rejection rate with its Monte Carlo standard error; `multicomp.simulate`, normal "
        "scores (ties: rounded to integers), seed 11; the number of replications in parentheses "
        "after the method (fewer for `auto`, which computes a permutation p-value per table with "
        "the default 9,999 resamples and seed, as a user's call does: tables of one shape "
        "without ties share one Monte Carlo null distribution, so a rate may differ from its "
        "expectation over seeds by that draw's error, about 0.002 at 0.05; "
        "`benches/permutation_seed.py` measures it per shape). `auto` at N = 16 uses "
        "permutation p-values: it switches to the asymptotic ones from N = 17 "
        "(N > AUTO_MAX_N = 16).",
        "",
        *sizes(replications),
        "",
        "A rate a few SEs above 0.05 in one cell is sampling noise shared by the three tests "
        "(they see the same tables); with fresh tables:",
        "",
        *seeds(max(replications // 2, 200)),
        "",
        "## Partial null: effects (0, 0, 0, 1, 1), N = 10, k = 5",
        "",
        "Family-wise error of the true nulls and the average number of rejected hypotheses "
        "(G08's power), seed 4, with the asymptotic p-values and with `auto` (permutation).",
        "",
        *partial(max(replications // 10, 100)),
        "",
    ]
    OUT.write_text("\n".join(text) + _kept_section(), encoding="utf-8")
    print("\n".join(text))


def _kept_section() -> str:
    """The section that benches/bench_permutation_speed.py writes into the same file (between
    its markers), kept as it is."""
    old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
    begin, end = "<!-- bench_permutation_speed: begin -->", "<!-- bench_permutation_speed: end -->"
    if begin not in old or end not in old:
        return ""
    return "\n" + old[old.index(begin) : old.index(end) + len(end)] + "\n"


if __name__ == "__main__":
    main()
