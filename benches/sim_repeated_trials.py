"""Repeated trials (seeds, folds) of each data set: averaged, one kept, or each taken as a block.

Each replication draws N data sets x k algorithms x r trials,

    score[d, a, t] = u[d] + delta[a] + g[d, a] + h[d, t] + e[d, a, t],

with u[d] ~ N(0, 1) the data set's difficulty, delta the algorithms' true effects (all 0 under
the null), g[d, a] ~ N(0, tau^2) how well algorithm a suits data set d (the same in every
trial: what the data sets are sampled for), h[d, t] ~ N(0, 1) the trial's split or seed, shared
by the algorithms, and e[d, a, t] ~ N(0, sigma^2) the trial noise. The question of a comparison
over data sets is whether delta differs, with the data sets as the sample; the r trials of a
data set are not r new data sets, since they share u[d] and g[d, a].

Friedman's test (``multicomp.friedman``, the package's defaults) then runs on:

* "mean": the mean of each data set and algorithm over its trials (``aggregate="mean"``),
  N blocks;
* "one trial": the first trial only, N blocks;
* "trials as blocks": every (data set, trial) as a block of its own, N r blocks (what a long
  table does if its trial column is read as part of the data set's name).

It reports the rate of rejection at alpha = 0.05 under the null (the type I error) and under
the effects delta = (0, 0.2, 0.4, 0.6, 0.8) (the power; in units of the data sets' difficulty
spread). The power of "trials as blocks" is that of a test that does not hold its level
where tau > 0: not a gain.

Run:  nice -n 19 python benches/sim_repeated_trials.py [tables] > benches/RESULTS-repeated-trials.md
"""

from __future__ import annotations

import platform
import sys
import time
import warnings

import numpy as np

import multicomp as mc

ALPHA = 0.05
N, K = 20, 5
#: (tau, sigma, r): the spread of g (data set x algorithm), of the trial noise, the trials.
SETTINGS = [
    (1.0, 1.0, 5),
    (1.0, 1.0, 10),
    (1.0, 0.5, 10),
    (1.0, 2.0, 10),
    (0.5, 1.0, 10),
    (0.0, 1.0, 10),
]
POWER_EFFECTS = np.linspace(0.0, 0.8, K)
STRATEGIES = ("mean", "one trial", "trials as blocks")


def draw(
    rng: np.random.Generator, tau: float, sigma: float, r: int, delta: np.ndarray
) -> np.ndarray:
    """One N x k x r table of trials."""
    return (
        rng.normal(size=(N, 1, 1))
        + delta[None, :, None]
        + tau * rng.normal(size=(N, K, 1))
        + rng.normal(size=(N, 1, r))
        + sigma * rng.normal(size=(N, K, r))
    )


def tables(trials: np.ndarray) -> dict[str, np.ndarray]:
    """The table each strategy gives Friedman's test."""
    return {
        "mean": trials.mean(axis=2),
        "one trial": trials[:, :, 0],
        "trials as blocks": trials.transpose(0, 2, 1).reshape(-1, K),
    }


def rates(
    tau: float, sigma: float, r: int, delta: np.ndarray, reps: int, seed: int
) -> dict[str, float]:
    """Rejection rate of Friedman's test under each strategy (the same tables for all)."""
    rng = np.random.default_rng(seed)
    hits = dict.fromkeys(STRATEGIES, 0)
    for _ in range(reps):
        for name, table in tables(draw(rng, tau, sigma, r, delta)).items():
            hits[name] += mc.friedman(table).pvalue <= ALPHA
    return {name: count / reps for name, count in hits.items()}


def check_mean_is_the_package_s_aggregate(rng: np.random.Generator) -> None:
    """The "mean" table is what aggregate="mean" makes of the trials (a 3-D array)."""
    trials = draw(rng, 1.0, 1.0, 4, np.zeros(K))
    expected = mc.friedman(trials, aggregate="mean").statistic
    assert np.isclose(mc.friedman(tables(trials)["mean"]).statistic, expected)


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    warnings.simplefilter("ignore", mc.ShapeWarning)
    check_mean_is_the_package_s_aggregate(np.random.default_rng(0))
    start = time.time()
    print("# Repeated trials: averaged, one kept, or taken as blocks\n")
    print((__doc__ or "").split("\n\nRun:")[0].split("\n", 2)[2])
    header = " | ".join(f"{s}: {w}" for w in ("error", "power") for s in STRATEGIES)
    print(f"\n| tau | sigma | trials r | {header} |")
    print("|---:|---:|---:|" + "---:|" * 2 * len(STRATEGIES))
    for i, (tau, sigma, r) in enumerate(SETTINGS):
        null = rates(tau, sigma, r, np.zeros(K), reps, 3300 + i)
        power = rates(tau, sigma, r, POWER_EFFECTS, reps, 3400 + i)
        cells = [f"{null[s]:.3f}" for s in STRATEGIES] + [f"{power[s]:.3f}" for s in STRATEGIES]
        print(f"| {tau:g} | {sigma:g} | {r} | " + " | ".join(cells) + " |")
    se = np.sqrt(ALPHA * (1 - ALPHA) / reps)
    print(
        f"\nN = {N} data sets, k = {K} algorithms, alpha = {ALPHA}; power under delta = "
        f"({', '.join(f'{d:g}' for d in POWER_EFFECTS)}); {reps:,} tables per cell (Monte "
        f"Carlo SE {se:.3f} at a rate of {ALPHA}); seeds 3300 + row (null), 3400 + row "
        f"(power); {platform.machine()}, Python {platform.python_version()}, "
        f"{time.time() - start:.0f} s on a shared 2-core machine."
    )


if __name__ == "__main__":
    main()
