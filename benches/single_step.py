"""Family-wise error of the single-step (Dunnett-type) 1xN procedure under the complete null.

``nice python benches/single_step.py [--replications R]`` writes benches/RESULTS-single-step.md
and docs/single_step_fwer.png: the rate at which the single-step APVs (and Holm's and
Bonferroni-Dunn's, for reference) reject at least one of the k - 1 true hypotheses of the
Friedman post-hoc against a control (the first algorithm), at alpha = 0.05, two-sided and
one-sided (``alternative="greater"`` and ``"less"``), for k = 3, 5, 10 algorithms and N = 5 to
100 data sets of normal scores, with the normal p-values (``method="asymptotic"``, the form the
single-step procedure is exact for as N grows). The post-hoc is vectorised over the tables
(Friedman ranks, z = (R_j - R_c)/sqrt(k(k+1)/(6N)), the p-values of
:func:`multicomp.posthoc_control`, checked equal on the first table) and the APVs are those of
:func:`multicomp.adjust_control` on each family. First the equicorrelated normal tail itself is
checked against scipy's multivariate normal and a simulation of 10^6 vectors.

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import datetime
import time
from pathlib import Path

import numpy as np
from scipy import stats

import multicomp as mc
from multicomp.procedures.equicorrelated import max_normal_sf

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benches" / "RESULTS-single-step.md"
FIGURE = ROOT / "docs" / "single_step_fwer.png"
ALPHA = 0.05
SEED = 34
KS = (3, 5, 10)
NS = (5, 10, 20, 50, 100)
ALTERNATIVES = ("two-sided", "greater", "less")
PROCEDURES = ("single_step", "holm", "bonferroni")


def tail_checks() -> list[str]:
    """The tail against scipy's multivariate normal (Genz) and a simulation, m = 2 to 9."""
    rng = np.random.default_rng(SEED)
    lines = [
        "| m | sided | c | this package | scipy multivariate_normal | simulation (10^6) |",
        "|---|---|---|---|---|---|",
    ]
    for m in (2, 4, 9):
        z = np.sqrt(0.5) * rng.standard_normal((1_000_000, 1)) + np.sqrt(0.5) * (
            rng.standard_normal((1_000_000, m))
        )
        mvn = stats.multivariate_normal(np.zeros(m), np.full((m, m), 0.5) + 0.5 * np.eye(m))
        for two_sided in (True, False):
            largest = np.abs(z).max(axis=1) if two_sided else z.max(axis=1)
            for c in (1.5, 2.5, 3.0):
                ours = max_normal_sf(np.array([c]), m, two_sided=two_sided)[0]
                lower = -c * np.ones(m) if two_sided else None
                genz = 1.0 - mvn.cdf(c * np.ones(m), lower_limit=lower)
                simulated = float(np.mean(largest >= c))
                sided = "two" if two_sided else "one"
                lines.append(f"| {m} | {sided} | {c} | {ours:.6f} | {genz:.6f} | {simulated:.6f} |")
    return lines


def _pvalues(x: np.ndarray, alternative: str) -> np.ndarray:
    """The asymptotic p-values of the Friedman post-hoc against algorithm 0 of tables x
    (replications, N, k), as posthoc_control computes them (lower ranks better)."""
    _, n, k = x.shape
    ranks = stats.rankdata(-x, axis=2).mean(axis=1)  # larger scores rank first
    z = (ranks[:, 1:] - ranks[:, :1]) / np.sqrt(k * (k + 1) / (6.0 * n))
    two = 2.0 * stats.norm.sf(np.abs(z))
    if alternative == "two-sided":
        return np.asarray(two)
    expected = -1.0 if alternative == "greater" else 1.0  # greater: the algorithm better
    return np.asarray(np.where(np.sign(z) == expected, two / 2.0, 1.0 - two / 2.0))


def fwer_rows(replications: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for k in KS:
        for n in NS:
            rng = np.random.default_rng([SEED, k, n])
            x = rng.standard_normal((replications, n, k))
            for alternative in ALTERNATIVES:
                p = _pvalues(x, alternative)
                check = mc.posthoc_control(
                    x[0], 0, method="asymptotic", alternative=alternative, procedures=["holm"]
                )
                np.testing.assert_allclose(check.pvalue.to_numpy(), p[0], rtol=1e-9)
                for procedure in PROCEDURES:
                    apv = mc.adjust_control(p, procedure, alternative=alternative)
                    fwer = float(np.mean((apv <= ALPHA).any(axis=1)))
                    se = float(np.sqrt(fwer * (1 - fwer) / replications))
                    rows.append(
                        {
                            "k": k,
                            "n": n,
                            "alternative": alternative,
                            "procedure": procedure,
                            "fwer": fwer,
                            "se": se,
                        }
                    )
    return rows


def figure(rows: list[dict[str, object]], replications: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(ALTERNATIVES), figsize=(11, 3.8), sharey=True)
    for ax, alternative in zip(axes, ALTERNATIVES):
        for number, (k, marker) in enumerate(zip(KS, "os^")):
            for procedure, style in (("single_step", "-"), ("holm", ":")):
                part = [r for r in rows if r["k"] == k and r["alternative"] == alternative]
                part = [r for r in part if r["procedure"] == procedure]
                ax.errorbar(
                    [r["n"] for r in part],
                    [r["fwer"] for r in part],
                    yerr=[2 * float(r["se"]) for r in part],  # type: ignore[arg-type]
                    marker=marker,
                    linestyle=style,
                    color=f"C{number}",
                    capsize=2,
                    label=f"{'single-step' if procedure == 'single_step' else 'Holm'}, k = {k}",
                )
        ax.axhline(ALPHA, color="grey", linewidth=0.8)
        ax.set_xscale("log")
        ax.set_xlabel("N (data sets)")
        ax.set_title(f"alternative = {alternative!r}", fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("family-wise error (complete null)")
    axes[-1].legend(fontsize=7)
    fig.suptitle(
        f"1xN Friedman post-hoc, asymptotic p-values, alpha = {ALPHA}, "
        f"{replications:,} tables per point (bars: 2 SE)",
        fontsize=10,
    )
    fig.tight_layout()
    fig.savefig(FIGURE, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replications", type=int, default=10_000)
    replications = parser.parse_args().replications
    start = time.monotonic()
    checks = tail_checks()
    rows = fwer_rows(replications)
    figure(rows, replications)
    header = "| k | N | " + " | ".join(f"{p} ({a})" for a in ALTERNATIVES for p in PROCEDURES)
    table = [header + " |", "|" + "---|" * (2 + len(ALTERNATIVES) * len(PROCEDURES))]
    for k in KS:
        for n in NS:
            cells = [
                f"{r['fwer']:.3f} ({r['se']:.3f})"
                for a in ALTERNATIVES
                for p in PROCEDURES
                for r in rows
                if r["k"] == k and r["n"] == n and r["alternative"] == a and r["procedure"] == p
            ]
            table.append(f"| {k} | {n} | " + " | ".join(cells) + " |")
    text = "\n".join(
        [
            "# The single-step (Dunnett-type) 1xN procedure",
            "",
            f"Generated by `benches/single_step.py` on {datetime.date.today()} "
            f"(multicomp {mc.__version__}, {replications:,} tables per cell, seed {SEED}, "
            f"{time.monotonic() - start:.0f} s).",
            "",
            "The tail P(max_j |Z_j| >= c) (two-sided) or P(max_j Z_j >= c) of m standard normal",
            "variables with correlation 1/2: this package's quadrature, scipy's multivariate",
            "normal (Genz's algorithm, as PMCMRplus' `pmvnorm`) and a simulation:",
            "",
            *checks,
            "",
            "Family-wise error under the complete null at alpha = 0.05 (Monte Carlo SE in",
            "parentheses), Friedman post-hoc against a control with asymptotic p-values:",
            "",
            *table,
            "",
            "![FWER of the single-step procedure](../docs/single_step_fwer.png)",
            "",
        ]
    )
    OUT.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
