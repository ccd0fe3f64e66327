"""Null calibration of the incomplete-block tests (multicomp.ranktests.incomplete).

Rejection rates at alpha = 0.05 under the null (independent standard normal scores):
Skillings-Mack and its post-hoc z with N = 20, k = 5 and 20% of the scores missing at
random; Durbin's T1, Conover's T2 and Conover's post-hoc t in the Fano-plane BIBD (t = 7,
k = 3) repeated twice (b = 14). Run: python benches/incomplete_calibration.py [replications]
(4000 took 2.4 minutes on the shared 2-core machine).
"""

from __future__ import annotations

import sys
import warnings

import numpy as np

import multicomp as mc

FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]


def main(reps: int) -> None:
    warnings.simplefilter("ignore", mc.ShapeWarning)
    rng = np.random.default_rng(2026)
    rates: dict[str, list[float]] = {
        name: []
        for name in (
            "Skillings-Mack chi2",
            "Skillings-Mack post-hoc z (per pair)",
            "Durbin T1 chi2",
            "Durbin T2 F",
            "Durbin post-hoc t (per pair)",
        )
    }
    missing = np.ones((14, 7), dtype=bool)
    for i, block in enumerate(FANO * 2):
        missing[i, list(block)] = False
    for _ in range(reps):
        x = rng.standard_normal((20, 5))
        x[rng.random(x.shape) < 0.2] = np.nan
        rates["Skillings-Mack chi2"].append(mc.skillings_mack(x).pvalue <= 0.05)
        rates["Skillings-Mack post-hoc z (per pair)"].extend(
            mc.posthoc_incomplete(x, procedures=["holm"]).pvalue <= 0.05
        )
        y = rng.standard_normal((14, 7))
        y[missing] = np.nan
        durbin = mc.durbin(y)
        rates["Durbin T1 chi2"].append(durbin.pvalue <= 0.05)
        rates["Durbin T2 F"].append(durbin.f_pvalue <= 0.05)
        rates["Durbin post-hoc t (per pair)"].extend(
            mc.posthoc_incomplete(y, test="durbin", procedures=["holm"]).pvalue <= 0.05
        )
    for name, hits in rates.items():
        rate = float(np.mean(hits))
        print(
            f"{name}: {rate:.4f} (Monte Carlo SE {np.sqrt(0.05 * 0.95 / reps):.4f}, {reps} tables)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4000)
