"""Type I error of the asymptotic rank tests and of the McNemar tests: exact where it can be.

``nice python benches/asymptotic_sizes.py [--tables M]`` writes
benches/RESULTS-asymptotic-sizes.md, the figures behind ``method="auto"``'s switch
(``AUTO_MAX_N``) and the holdout module's validity paragraph:

1. Exact type I error at alpha = 0.05 of Friedman's chi-square and Iman-Davenport's F with
   their asymptotic p-values, k = 3 and 4, N = 2..30 (k = 4: to 20), scores without ties:
   under the null every row of ranks is one of the k! orderings with probability 1/k!,
   independently, so the distribution of the column totals is the N-fold convolution of the
   rows' (a (k-1)-dimensional array, the last total being fixed by the others), and the type I
   error is the probability of the totals whose p-value is at most alpha.
2. The same tests with aligned ranks and Quade's, k = 3, 4, 5, 10 and N = 4..20, by
   simulation (``multicomp.simulate``, ``method="asymptotic"``, complete null, normal scores
   without ties, M tables per cell; Monte Carlo SE sqrt(p(1 - p)/M)).
3. Exact type I error of the two-sided McNemar tests (``multicomp.mcnemar``: mid-p, exact,
   asymptotic with and without Edwards' correction) at alpha = 0.05 for n = 1..100 discordant
   pairs: the Binomial(n, 1/2) probability of the counts n01 whose p-value is below alpha, the
   p-values computed by ``mc.mcnemar`` on labels with those counts.

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import time
import warnings
from pathlib import Path

import numpy as np
from scipy import stats

import multicomp as mc

OUT = Path(__file__).resolve().parent / "RESULTS-asymptotic-sizes.md"
ALPHA = 0.05
SEED = 2027


def totals_distribution(n: int, k: int) -> np.ndarray:
    """P(C_1 - n, ..., C_{k-1} - n) for N = n rows of ranks without ties, C_j column totals."""
    shifts = [tuple(p[:-1]) for p in itertools.permutations(range(k))]  # rank - 1, first k-1
    dist = np.ones((1,) * (k - 1))
    for rows in range(1, n + 1):
        new = np.zeros(((k - 1) * rows + 1,) * (k - 1))
        for shift in shifts:
            new[tuple(slice(s, s + dist.shape[0]) for s in shift)] += dist
        dist = new / len(shifts)
    return dist


def exact_sizes(n: int, k: int) -> tuple[float, float]:
    """Exact type I error of the asymptotic Friedman chi-square and Iman-Davenport F."""
    dist = totals_distribution(n, k)
    grid = np.indices(dist.shape) + n  # C_1..C_{k-1}
    last = n * k * (k + 1) // 2 - grid.sum(axis=0)
    squares = (grid**2).sum(axis=0) + last**2
    chi2 = 12.0 / (n * k * (k + 1)) * squares - 3.0 * n * (k + 1)
    valid = (last >= n) & (last <= k * n) & (dist > 0)
    chi2, prob = chi2[valid], dist[valid]
    p_chi2 = stats.chi2.sf(chi2, k - 1)
    with np.errstate(divide="ignore"):
        f = (n - 1) * chi2 / (n * (k - 1) - chi2)
    p_f = np.where(chi2 >= n * (k - 1) - 1e-9, 0.0, stats.f.sf(f, k - 1, (k - 1) * (n - 1)))
    return float(prob[p_chi2 <= ALPHA].sum()), float(prob[p_f <= ALPHA].sum())


def exact_table() -> list[str]:
    lines = ["| k | N | Friedman chi2 | Iman-Davenport F |", "|---|---|---|---|"]
    for k, largest in ((3, 30), (4, 20)):
        for n in range(2, largest + 1):
            chi2, f = exact_sizes(n, k)
            lines.append(f"| {k} | {n} | {chi2:.4f} | {f:.4f} |")
    return lines


def simulated_table(tables: int) -> tuple[list[str], float]:
    names = [
        ("friedman", "friedman"),
        ("friedman", "iman_davenport"),
        ("aligned", "aligned"),
        ("quade", "quade"),
    ]
    lines = [
        "| k | N | friedman | iman_davenport | aligned | quade |",
        "|---|---|---|---|---|---|",
    ]
    largest_se = 0.0
    for k in (3, 4, 5, 10):
        for n in range(4, 21):
            frame = mc.simulate(
                k,
                n,
                n_replications=tables,
                comparisons=["omnibus"],
                method="asymptotic",
                random_state=SEED + 100 * k + n,
                progress=False,
            ).to_frame()
            cells = [frame.loc[("omnibus", *name)] for name in names]
            largest_se = max([largest_se, *(cell["fwer_se"] for cell in cells)])
            lines.append(
                f"| {k} | {n} | " + " | ".join(f"{cell['fwer']:.4f}" for cell in cells) + " |"
            )
    return lines, largest_se


def mcnemar_pvalue(n01: int, n10: int, test: str, correction: bool) -> float:
    """The two-sided p-value of mc.mcnemar on labels with these discordant counts."""
    first_wrong = np.arange(n01 + n10) < n01
    return mc.mcnemar(
        np.ones(n01 + n10, dtype=int),
        np.where(first_wrong, 0, 1),
        np.where(first_wrong, 1, 0),
        test=test,
        correction=correction,
    ).pvalue


def mcnemar_table() -> list[str]:
    tests = {
        "midp": ("midp", False),
        "exact": ("exact", False),
        "asymptotic": ("asymptotic", False),
        "asymptotic, correction=True": ("asymptotic", True),
    }
    sizes: dict[str, list[float]] = {name: [] for name in tests}
    for n in range(1, 101):
        weights = stats.binom.pmf(np.arange(n + 1), n, 0.5)
        for name, (test, correction) in tests.items():
            rejected = [mcnemar_pvalue(b, n - b, test, correction) < ALPHA for b in range(n + 1)]
            sizes[name].append(float(weights[rejected].sum()))
    lines = [
        "| test | n with type I error > alpha (of 100) | largest (at n) | n = 16 | n = 50 | "
        "n = 100 |",
        "|---|---|---|---|---|---|",
    ]
    for name, values in sizes.items():
        top = int(np.argmax(values))
        lines.append(
            f"| {name} | {sum(v > ALPHA for v in values)} | {values[top]:.4f} ({top + 1}) | "
            f"{values[15]:.4f} | {values[49]:.4f} | {values[99]:.4f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40_000, help="tables per simulated cell")
    tables = parser.parse_args().tables
    warnings.simplefilter("ignore", mc.ShapeWarning)
    start = time.monotonic()
    exact = exact_table()
    simulated, largest_se = simulated_table(tables)
    holdout = mcnemar_table()
    text = [
        "# Type I error of the asymptotic rank tests and of the McNemar tests",
        "",
        f"Generated by `benches/asymptotic_sizes.py` on {datetime.date.today()} (multicomp "
        f"{mc.__version__}), in {time.monotonic() - start:.0f} s. Alpha = {ALPHA}.",
        "",
        "## Friedman and Iman-Davenport with asymptotic p-values, exact",
        "",
        "Scores without ties under the complete null; the exact distribution of the column "
        "totals of the ranks (no Monte Carlo error). `method='asymptotic'`; `method='auto'` "
        "(the default) uses exact or permutation p-values for N <= 16.",
        "",
        *exact,
        "",
        "## The four omnibus tests with asymptotic p-values, simulated",
        "",
        f"`multicomp.simulate(k, N, method='asymptotic', comparisons=['omnibus'])`, normal "
        f"scores, {tables:,} tables per cell (seed {SEED} + 100 k + N); Monte Carlo SE at most "
        f"{largest_se:.4f}.",
        "",
        *simulated,
        "",
        "## McNemar tests (two-sided), exact",
        "",
        "n = n01 + n10 discordant pairs, n = 1..100; the type I error is the Binomial(n, 1/2) "
        "probability of the counts whose `mc.mcnemar` p-value is below alpha.",
        "",
        *holdout,
        "",
    ]
    OUT.write_text("\n".join(text), encoding="utf-8")
    print("\n".join(text))


if __name__ == "__main__":
    main()
