"""Li's procedure one-sided and on tied scores: ``nice python benches/li_one_sided.py``.

Family-wise error at alpha = 0.05 of ``posthoc_control(y, control=0, alternative=a,
method="asymptotic", procedures=["li"])`` (Friedman ranks) under the complete null: scores =
data-set effect N(0, 1) + noise N(0, 1), and the same tables rounded to multiples of 0.5
(ties); 2,000 tables per (N, k), seed 3720 + 100 N + k, the three alternatives on the same
tables. Prints the Markdown rows of benches/RESULTS-li-finner.md's second table (about 40 min
on one core). Not collected by pytest.
"""

from __future__ import annotations

import numpy as np

import multicomp as mc

TABLES, ALPHA = 2000, 0.05
ALTERNATIVES = ("two-sided", "greater", "less")
CELLS = [(n, k) for n in (10, 20, 30) for k in (5, 10, 20)] + [(16, 20)]


def main() -> None:
    print("| N | k | data | tables | " + " | ".join(f"{a} FWER (SE)" for a in ALTERNATIVES) + " |")
    print("|---|---|---|---|---|---|---|")
    for n, k in CELLS:
        rng = np.random.default_rng(3720 + 100 * n + k)
        hits = {(d, a): 0 for d in ("normal", "rounded 0.5") for a in ALTERNATIVES}
        for _ in range(TABLES):
            x = rng.normal(size=(n, 1)) + rng.normal(size=(n, k))
            for data, y in (("normal", x), ("rounded 0.5", np.round(2 * x) / 2)):
                for a in ALTERNATIVES:
                    result = mc.posthoc_control(
                        y, control=0, alternative=a, method="asymptotic", procedures=["li"]
                    )
                    hits[data, a] += bool((result.adjusted["li"].to_numpy() <= ALPHA).any())
        for data in ("normal", "rounded 0.5"):
            rates = [hits[data, a] / TABLES for a in ALTERNATIVES]
            cells = " | ".join(f"{v:.4f} ({np.sqrt(v * (1 - v) / TABLES):.4f})" for v in rates)
            print(f"| {n} | {k} | {data} | {TABLES} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
