"""Calibration of the Bayesian hierarchical test by simulation from the model (prior
predictive): coverage of the credible intervals of delta0 and how often "probably better" is
right (benches/RESULTS-hierarchical.md, docs/hierarchical_calibration.png).

Each replication draws the population's parameters from proper versions of the model's prior
(in units of the fold noise): delta0 ~ U(-1, 1), std0 ~ U(0, 1), alpha ~ U(1, 2), beta ~
U(0.01, 0.1), nu - 1 ~ Gamma(alpha, rate beta); then q data sets with delta_i ~ t(nu, delta0,
std0), sigma_i ~ U(0.5, 1.5), and n = 10 folds each, correlated with rho = 1/10. The test then
fits the model with baycomp's data-dependent bounds, which are far wider than these (1000
times the spread of the data): the simulation checks the posterior when the prior the user
meets is flat over the plausible range, so exact coverage is expected only approximately.

Reported: the coverage of the central 50 %, 80 %, 90 % and 95 % intervals of delta0, and among
the replications where the test decides (P >= 0.95) that x is better, the equivalence or y
better, the fraction in which that region is truly the most probable one for the next data
set under the true (delta0, std0, nu) (the event whose probability the test reports).

    python benches/hierarchical_calibration.py [replications] [--figure]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

import multicomp as mc

LEVELS = (0.5, 0.8, 0.9, 0.95)
ROPE = 0.1
RHO_FOLDS = 10
FIGURE = Path(__file__).resolve().parents[1] / "docs" / "hierarchical_calibration.png"


def replicate(rng: np.random.Generator, q: int) -> tuple[float, np.ndarray, np.ndarray]:
    """(true delta0, the true regions' probabilities, the fold differences q x n)."""
    delta0, std0 = rng.uniform(-1, 1), rng.uniform(0, 1)
    nu = 1 + rng.gamma(rng.uniform(1, 2), 1 / rng.uniform(0.01, 0.1))
    delta = delta0 + std0 * rng.standard_t(nu, q)
    sigma = rng.uniform(0.5, 1.5, q)
    n, rho = RHO_FOLDS, 1 / RHO_FOLDS
    shared = rng.normal(size=(q, 1))
    noise = np.sqrt(rho) * shared + np.sqrt(1 - rho) * rng.normal(size=(q, n))
    d = delta[:, None] + sigma[:, None] * noise
    above = stats.t.sf((ROPE - delta0) / std0, nu)
    below = stats.t.cdf((-ROPE - delta0) / std0, nu)
    return delta0, np.array([above, 1 - above - below, below]), d


def run(replications: int, q: int, seed: int) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    covered = np.zeros(len(LEVELS))
    decided = np.zeros(3)
    right = np.zeros(3)
    for r in range(replications):
        delta0, truth, d = replicate(rng, q)
        res = mc.bayesian_hierarchical_test(
            d, np.zeros_like(d), rope=ROPE, n_draws=20_000, random_state=r
        )
        draws = res.delta0.ravel()
        for i, level in enumerate(LEVELS):
            lo, hi = np.quantile(draws, [(1 - level) / 2, (1 + level) / 2])
            covered[i] += lo <= delta0 <= hi
        probs = np.array([res.p_x_better, res.p_equivalent, res.p_y_better])
        if probs.max() >= 0.95:
            k = int(np.argmax(probs))
            decided[k] += 1
            right[k] += int(np.argmax(truth)) == k
    return {
        "q": q,
        "coverage": covered / replications,
        "decided": decided,
        "right": right,
    }


def figure(rows: list[dict[str, object]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4.5, 4))
    ax.plot([0.4, 1], [0.4, 1], color="grey", lw=1, ls="--")
    for row in rows:
        ax.plot(LEVELS, row["coverage"], marker="o", label=f"q = {row['q']} data sets")
    ax.set_xlabel("nominal level of the credible interval of delta0")
    ax.set_ylabel("coverage")
    ax.legend()
    fig.tight_layout()
    fig.savefig(FIGURE, dpi=110)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    replications = int(args[0]) if args else 200
    rows = []
    for i, q in enumerate((5, 10, 20)):
        start = time.perf_counter()
        row = run(replications, q, seed=i)
        rows.append(row)
        coverage = ", ".join(f"{c:.3f}" for c in row["coverage"])  # type: ignore[attr-defined]
        decided, right = row["decided"], row["right"]
        verdicts = ", ".join(
            f"{name} {int(r)}/{int(n)}"
            for name, n, r in zip(("x better", "equivalent", "y better"), decided, right)  # type: ignore[call-overload]
        )
        print(
            f"| {q} | {replications} | {coverage} | {verdicts} | "
            f"{time.perf_counter() - start:.0f} s |",
            flush=True,
        )
    if "--figure" in sys.argv:
        figure(rows)


if __name__ == "__main__":
    main()
