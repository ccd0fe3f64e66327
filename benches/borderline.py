"""Null rejection rates of the cells found just above Bradley's liberal bound (0.055) by
smaller runs, rerun at 10,000 tables: Nemenyi's all-pairs procedure after Friedman and Quade
ranks (complete null, normal errors; N = 8, k = 5, and N = 10, k = 10 with the scores rounded
to integers, i.e. ties), after Skillings-Mack in a balanced incomplete design (k = 4
algorithms, each data set missing one, every triple 4 times: N = 16; and 8 times, N = 32,
with Skillings-Mack's test and the other all-pairs procedures beside), and Durbin's T1
(chi-square) and Conover's T2 (F) in the Fano-plane design (t = 7, blocks of 3) repeated
twice (N = 14).

Each row: the rate at alpha = 0.05 and its Monte Carlo standard error; with the package's
default ``method="auto"`` (permutation p-values for N <= 16 with the default seed, so each
shape carries one draw of its null distribution) and with ``method="asymptotic"`` (the
normal p-values) for the complete designs; the incomplete-design tests have asymptotic
p-values only.

Run:  nice -n 19 python benches/borderline.py [tables] > benches/RESULTS-borderline.md
"""

from __future__ import annotations

import itertools
import platform
import sys
import time
import warnings

import numpy as np

import multicomp as mc

ALPHA = 0.05
SEED = 3705
FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]


def complete(
    k: int, n: int, decimals: int | None, method: str, tables: int, seed: int
) -> dict[str, float]:
    """Nemenyi's family-wise error after Friedman and Quade ranks under the complete null."""
    frame = mc.simulate(
        k,
        n,
        n_replications=tables,
        comparisons=["all_pairs"],
        tests=["friedman", "quade"],
        procedures=["nemenyi"],
        decimals=decimals,
        method=method,
        random_state=seed,
        progress=False,
        max_work=1e15,
    ).to_frame()
    return {
        f"{test} + nemenyi": float(frame.loc[("all_pairs", test, "nemenyi"), "fwer"])
        for test in ("friedman", "quade")
    }


def masked(pattern: list[tuple[int, ...]], k: int, rng: np.random.Generator) -> np.ndarray:
    """Standard normal scores of an incomplete design: data set i has the algorithms of
    ``pattern[i]``, the others missing."""
    x = np.full((len(pattern), k), np.nan)
    for i, block in enumerate(pattern):
        x[i, list(block)] = rng.standard_normal(len(block))
    return x


def skillings_mack(triples: int, tables: int, seed: int) -> dict[str, float]:
    """Skillings-Mack's test and its all-pairs post-hocs in the k = 4 BIBD whose data sets
    each miss one algorithm, every triple ``triples`` times (N = 4 triples)."""
    rng = np.random.default_rng(seed)
    design = list(itertools.combinations(range(4), 3)) * triples
    procedures = ["nemenyi", "bonferroni", "holm", "bergmann_hommel"]
    hits = dict.fromkeys(
        ["skillings_mack (chi2)", *(f"skillings_mack + {p}" for p in procedures)], 0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mc.ShapeWarning)
        for _ in range(tables):
            x = masked(design, 4, rng)
            hits["skillings_mack (chi2)"] += mc.skillings_mack(x).pvalue <= ALPHA
            post = mc.posthoc_incomplete(x, procedures=procedures)
            for p in procedures:
                hits[f"skillings_mack + {p}"] += bool((post.adjusted[p] <= ALPHA).any())
    return {name: count / tables for name, count in hits.items()}


def durbin(tables: int, seed: int) -> dict[str, float]:
    """Durbin's T1 and Conover's T2 in the Fano plane repeated twice (N = 14, t = 7)."""
    rng = np.random.default_rng(seed)
    hits = {"durbin T1 (chi2)": 0, "durbin T2 (F)": 0}
    for _ in range(tables):
        result = mc.durbin(masked(FANO * 2, 7, rng))
        hits["durbin T1 (chi2)"] += result.pvalue <= ALPHA
        hits["durbin T2 (F)"] += result.f_pvalue <= ALPHA
    return {name: count / tables for name, count in hits.items()}


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    start = time.time()
    print("# Borderline cells at 10,000 tables\n")
    print((__doc__ or "").split("\n\nRun:")[0])
    print("\n| design | N | k | procedure | p-values | rate | SE | above 0.055? |")
    print("|---|---:|---:|---|---|---:|---:|---|")
    runs = [
        ("complete null, normal", 8, 5, None),
        ("complete null, rounded to integers (ties)", 10, 10, 0),
        ("complete null, normal", 10, 10, None),
    ]
    for i, (label, n, k, decimals) in enumerate(runs):
        for method in ("auto", "asymptotic"):
            for name, rate in complete(k, n, decimals, method, tables, SEED + i).items():
                _row(label, n, k, name, method, rate, tables)
    for i, triples in enumerate((4, 8)):
        label = f"BIBD, every triple of 4 x {triples}"
        for name, rate in skillings_mack(triples, tables, SEED + 10 + i).items():
            _row(label, 4 * triples, 4, name, "asymptotic", rate, tables)
    for name, rate in durbin(tables, SEED + 20).items():
        _row("Fano plane x 2", 14, 7, name, "asymptotic", rate, tables)
    print(
        f"\n{tables:,} tables per row; seeds {SEED} + row group; {platform.machine()}, "
        f"Python {platform.python_version()}, {time.time() - start:.0f} s on a shared 2-core "
        "machine."
    )


def _row(label: str, n: int, k: int, name: str, method: str, rate: float, tables: int) -> None:
    """One line of the table; above Bradley's 0.055 by more than 2 SE (yes), within 2 SE or
    not at all (no)."""
    se = np.sqrt(rate * (1 - rate) / tables)
    verdict = "no" if rate <= 0.055 else "yes" if rate - 2 * se > 0.055 else "within 2 SE"
    print(f"| {label} | {n} | {k} | {name} | {method} | {rate:.4f} | {se:.4f} | {verdict} |")


if __name__ == "__main__":
    main()
