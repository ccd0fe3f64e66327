"""Single-step forms after Conover's t tests: ``nice python benches/sim_conover_single_step.py``.

Family-wise error at alpha = 0.05 of three single-step (studentized range) forms after
Conover's t tests of Friedman ranks (``posthoc_all_pairs(test="conover")``, t on
(N - 1)(k - 1) df): (a) the studentized range on (N - 1)(k - 1) df of sqrt(2) |t| (Tukey's form
for the rank analysis of variance); (b) the studentized range with infinite df of sqrt(2) |t|
(PMCMRplus and scikit-posthocs' "single-step": ``procedures=["single_step"]``); (c) the
studentized range with infinite df of sqrt(2) Phi^{-1}(1 - p/2), p the t test's two-sided
p-value (``procedures=["nemenyi"]``). A table is counted when the largest statistic among the
true null pairs reaches the 0.95 quantile of its range distribution, which is the same as an APV
<= 0.05 for some true null. Scores: effect + noise N(0, 1) (a data-set effect changes no rank).
Seed 3401, one generator; 20,000 tables per complete null, 4,000 per partial null. Prints the
Markdown table of benches/RESULTS-conover.md's single-step section. Not collected by pytest.
"""

from __future__ import annotations

import numpy as np
from scipy import special, stats

ALPHA = 0.05
RNG = np.random.default_rng(3401)
COMPLETE = [
    (3, 3),
    (4, 4),
    (5, 3),
    (5, 5),
    (6, 6),
    (8, 4),
    (10, 5),
    (10, 10),
    (20, 5),
    (20, 10),
    (30, 20),
]
PARTIAL = [(20, [0, 0, *range(4, 33, 4)]), (10, [0, 0, 4, 8, 12]), (30, [0, 0, 2, 2, 2])]


def _conover_t(x: np.ndarray) -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """|t| of every pair of each table (reps, N, k), as ranktests/conover.py computes it."""
    r = stats.rankdata(x, axis=-1)
    _, n, k = r.shape
    s2 = (np.sum(r**2, axis=(1, 2)) - n * k * (k + 1) ** 2 / 4) / (k - 1)
    totals = r.sum(axis=1)
    spread = np.sum((totals - n * (k + 1) / 2) ** 2, axis=-1)
    df = (n - 1) * (k - 1)
    se = np.sqrt(np.maximum(2 * (n * (k - 1) * s2 - spread) / df, 0))
    first, second = np.triu_indices(k, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.abs(totals[:, second] - totals[:, first]) / se[:, None]
    return np.nan_to_num(t, nan=0.0, posinf=1e9), df, first, second


def _row(n: int, effects: list[float], tables: int) -> str:
    mu = np.asarray(effects, dtype=float)
    k = len(mu)
    t, df, first, second = _conover_t(mu + RNG.normal(size=(tables, n, k)))
    t = t[:, mu[first] == mu[second]]
    q_df = stats.studentized_range.ppf(1 - ALPHA, k, df)
    q_inf = stats.studentized_range.ppf(1 - ALPHA, k, np.inf)
    deviate = -special.ndtri(special.stdtr(df, -t))  # Phi^{-1}(1 - p/2), p = 2 P(T > |t|)
    rates = [
        np.mean((np.sqrt(2) * t).max(axis=1) >= q_df),
        np.mean((np.sqrt(2) * t).max(axis=1) >= q_inf),
        np.mean((np.sqrt(2) * deviate).max(axis=1) >= q_inf),
    ]
    cells = " | ".join(f"{v:.4f} ({np.sqrt(v * (1 - v) / tables):.4f})" for v in rates)
    return f"| {n} | {k} | {', '.join(f'{e:g}' for e in mu)} | {tables} | {cells} |"


def main() -> None:
    print(
        "| N | k | effects | tables | (a) range, (N-1)(k-1) df | (b) `single_step` (peers) "
        "| (c) `nemenyi` |"
    )
    print("|---|---|---|---|---|---|---|")
    for n, k in COMPLETE:
        print(_row(n, [0.0] * k, 20_000), flush=True)
    for n, effects in PARTIAL:
        print(_row(n, effects, 4_000), flush=True)


if __name__ == "__main__":
    main()
