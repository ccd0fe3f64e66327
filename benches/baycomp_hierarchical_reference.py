"""Reference values of baycomp's hierarchical test (Stan), for tests/reference.

Runs baycomp's ``HierarchicalTest`` (PyStan 3) on seven sets of cross-validation fold scores
made here with fixed seeds, and writes tests/peers/baycomp_hierarchical.json: the scores,
baycomp's three probabilities with their Monte Carlo standard errors (batch means of the
winners over the posterior draws, 50 batches per chain), the sampling time and the versions.
CI does not install Stan: tests/test_hierarchical.py compares multicomp against the file.

Run it in a virtual environment with ``pip install pystan baycomp`` (g++ compiles the model at
the first call, about a minute)::

    python benches/baycomp_hierarchical_reference.py

baycomp caches the last posterior in ``last-sample.pickle`` in the working directory, keyed by
the data but not by the rope or the number of draws; the script runs in a temporary directory
and deletes the cache before each case.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "peers" / "baycomp_hierarchical.json"

#: (id, data sets, folds, runs, mean and spread of the differences y - x, sigma, rope, far-off)
CASES = [
    ("inside_rope_10x10", 10, 10, 1, 0.002, 0.003, 0.02, 0.01, None),
    ("outside_rope_10x10", 10, 10, 1, 0.03, 0.01, 0.02, 0.01, None),
    ("few_datasets_5x10", 5, 10, 1, 0.012, 0.01, 0.03, 0.01, None),
    ("many_5fold_20x5", 20, 5, 1, -0.008, 0.006, 0.015, 0.005, None),
    ("repeated_8x10x10", 8, 10, 10, 0.006, 0.004, 0.02, 0.005, None),
    ("far_off_12x10", 12, 10, 1, 0.004, 0.003, 0.02, 0.01, 0.25),
    ("no_rope_10x10", 10, 10, 1, 0.008, 0.01, 0.02, 0.0, None),
]


def fold_scores(case: tuple, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """x, y (data sets x folds*runs): y - x correlated within each cross-validation run."""
    _, q, folds, runs, mean, spread, sigma, _, far = case
    rng = np.random.default_rng(seed)
    rho = 1 / folds
    delta = rng.normal(mean, spread, q)
    if far is not None:
        delta[0] = far
    shared = rng.normal(size=(q, runs, 1))
    own = rng.normal(size=(q, runs, folds))
    diff = delta[:, None, None] + sigma * (np.sqrt(rho) * shared + np.sqrt(1 - rho) * own)
    x = np.round(rng.uniform(0.7, 0.9, (q, 1)) + rng.normal(0, 0.01, (q, runs * folds)), 6)
    y = np.round(x + diff.reshape(q, runs * folds), 6)
    return x, y


def batch_se(winners: np.ndarray, chains: int, batches: int = 50) -> list[float]:
    """Batch-means standard errors of the frequencies of winners 0, 1, 2."""
    means = []
    for chain in np.split(winners, chains):
        for part in np.array_split(chain, batches):
            means.append(np.bincount(part, minlength=3) / part.size)
    values = np.array(means)
    return list(values.std(axis=0, ddof=1) / np.sqrt(len(values)))


def main() -> None:
    from baycomp import HierarchicalTest

    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        for i, case in enumerate(CASES):
            x, y = fold_scores(case, seed=100 + i)
            rope, runs = case[7], case[3]
            Path("last-sample.pickle").unlink(missing_ok=True)
            start = time.perf_counter()
            samples = HierarchicalTest.sample(x, y, rope, runs=runs, nsamples=50_000, chains=4)
            seconds = time.perf_counter() - start
            winners = np.argmax(samples, axis=1)
            probs = np.bincount(winners, minlength=3) / winners.size
            cases.append(
                {
                    "id": case[0],
                    "runs": runs,
                    "rope": rope,
                    "x": x.tolist(),
                    "y": y.tolist(),
                    "baycomp_left_rope_right": probs.tolist(),
                    "mc_se": batch_se(winners, 4),
                    "n_draws": int(winners.size),
                    "seconds": round(seconds, 1),
                }
            )
            print(case[0], probs, f"{seconds:.1f} s", flush=True)
    meta = {
        "description": "baycomp HierarchicalTest.sample(x, y, rope, runs=runs, nsamples=50000, "
        "chains=4): left = P(x better), right = P(y better) (baycomp's difference is y - x); "
        "the fraction of posterior draws in which each region is the most probable for the "
        "next data set",
        "script": "benches/baycomp_hierarchical_reference.py",
        "versions": {
            "python": platform.python_version(),
            "baycomp": version("baycomp"),
            "pystan": version("pystan"),
            "httpstan": version("httpstan"),
            "numpy": version("numpy"),
        },
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared)",
        "cases": cases,
    }
    OUT.write_text(json.dumps(meta, indent=1) + "\n")
    print("wrote", OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
