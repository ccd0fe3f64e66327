"""Reference values of baycomp's hierarchical test (Stan), for tests/peers.

Runs baycomp's ``HierarchicalTest`` (PyStan 3) on seven sets of cross-validation fold scores
made here with fixed seeds, and writes tests/peers/baycomp_hierarchical.json: the scores,
baycomp's three probabilities with their Monte Carlo standard errors (batch means of the
winners over the posterior draws, 50 batches per chain), the diagnostics of the Stan run
behind them (divergent transitions, draws at the maximum tree depth, split R-hat and effective
sample sizes of delta0, std0 and nu), the sampling time, the load of the machine and the
versions. It also records multicomp's probabilities at the test's settings (50,000 draws,
random_state=1) with their batch-means errors, and the spread of its probabilities over five
other seeds. CI does not install Stan: tests/test_hierarchical.py compares multicomp against
the file.

Run it in a virtual environment with ``pip install pystan baycomp`` and multicomp (g++ compiles
the model at the first call, about a minute), on all cases or some; those run replace their
entries in the file, the others stay, and so do the notes written into an entry::

    python benches/baycomp_hierarchical_reference.py
    python benches/baycomp_hierarchical_reference.py far_off_12x10 no_rope_10x10

The Stan program is baycomp's own (``baycomp/hierarchical-t-test.stan``, the centred
parameterisation); the fit is taken from ``stan.model.Model.sample`` as baycomp calls it.
baycomp caches the last posterior in ``last-sample.pickle`` in the working directory, keyed by
the data but not by the rope or the number of draws; the script runs in a temporary directory
and deletes the cache before each case.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "peers" / "baycomp_hierarchical.json"
DRAWS, CHAINS = 50_000, 4  # per chain: baycomp's default number of draws, 4 chains
TEST_DRAWS = 50_000  # multicomp's draws in tests/test_hierarchical.py (random_state=1)
DESCRIPTION = (
    f"baycomp: HierarchicalTest.sample(x, y, rope, runs=runs, nsamples={DRAWS}, "
    f"chains={CHAINS}); left = P(x better), right = P(y better) (baycomp's difference is "
    "y - x): the fraction of posterior draws in which each region is the most probable for "
    "the next data set; mc_se: batch means, 50 batches per chain; stan: the diagnostics of "
    "the run (divergent transitions, draws at the maximum tree depth 10, split R-hat and "
    "effective sample size). multicomp: bayesian_hierarchical_test at the test's settings. "
    "stan_noncentred (benches/hierarchical_noncentred_stan.py): the same posterior sampled by "
    "Stan in the non-centred parameterisation. quadrature (benches/hierarchical_quadrature.py "
    "--refine, printed to 4 decimals): a deterministic quadrature of the posterior, the row "
    "with the finer grid of delta; error_bound: the largest difference between its three "
    "grids. baycomp_other_runs: other runs of baycomp on the same scores, transcribed from "
    "the printed output of this script or of bench_hierarchical.py."
)

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


def batch_se(winners: np.ndarray, batches: int = 50) -> list[float]:
    """Batch-means standard errors of the frequencies of winners 0, 1, 2, from an array
    (chains, draws per chain) of winners."""
    parts = [part for chain in winners for part in np.array_split(chain, batches)]
    means = np.array([np.bincount(part, minlength=3) / part.size for part in parts])
    return [float(se) for se in means.std(axis=0, ddof=1) / np.sqrt(len(means))]


def frequencies(winners: np.ndarray) -> list[float]:
    return [float(p) for p in np.bincount(winners.ravel(), minlength=3) / winners.size]


def stan_diagnostics(fit: object, draws: dict[str, np.ndarray]) -> dict:
    """Divergences, draws at the maximum tree depth (10), and split R-hat and ESS of the
    ``draws`` (name: the fit's flat draws) of a PyStan fit."""
    from multicomp._internal.mcmc import split_rhat_ess

    found = {
        "divergent": int(fit["divergent__"].sum()),  # type: ignore[index]
        "max_treedepth": int((fit["treedepth__"] >= 10).sum()),  # type: ignore[index]
    }
    for name, values in draws.items():
        rhat, ess = split_rhat_ess(by_chain(values))
        found[name] = {"rhat": round(rhat, 4), "ess": round(ess)}
    return found


def by_chain(values: np.ndarray) -> np.ndarray:
    """(chains, draws per chain) from PyStan's flat draws, which interleave the chains."""
    return np.asarray(values).reshape(-1, CHAINS).T


def stan_entry(samples: np.ndarray, fit: object, draws: dict, seconds: float) -> dict:
    """The record of a Stan run: probabilities from ``samples`` (draws x (theta_x,
    theta_rope, theta_y)), their batch-means errors, the diagnostics, time and load."""
    winners = by_chain(np.argmax(samples, axis=1))
    return {
        "left_rope_right": frequencies(winners),
        "mc_se": batch_se(winners),
        "n_draws": int(winners.size),
        "stan": stan_diagnostics(fit, draws),
        "seconds": round(seconds, 1),
        "load_average": [round(v, 2) for v in os.getloadavg()],
        "recorded": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def baycomp_case(x: np.ndarray, y: np.ndarray, rope: float, runs: int) -> dict:
    """baycomp's probabilities and the record of its Stan run (theta_x: each draw's
    probability that the next data set favours x)."""
    import stan
    from baycomp import HierarchicalTest

    fits = []
    real = stan.model.Model.sample

    def sample(self: object, **kwargs: object) -> object:
        fit = real(self, **kwargs)
        fits.append(fit)
        return fit

    stan.model.Model.sample = sample
    Path("last-sample.pickle").unlink(missing_ok=True)
    start = time.perf_counter()
    samples = HierarchicalTest.sample(x, y, rope, runs=runs, nsamples=DRAWS, chains=CHAINS)
    seconds = time.perf_counter() - start
    stan.model.Model.sample = real
    fit = fits[-1]
    draws = {name: fit[name][0] for name in ("delta0", "std0", "nu")}
    return stan_entry(samples, fit, {**draws, "theta_x": samples[:, 0]}, seconds)


def multicomp_case(x: np.ndarray, y: np.ndarray, rope: float, runs: int) -> dict:
    """multicomp at the test's settings: probabilities, batch-means errors, seed spread."""
    import multicomp as mc

    def winners(seed: int) -> np.ndarray:
        res = mc.bayesian_hierarchical_test(
            x, y, rope=rope, runs=runs, n_draws=TEST_DRAWS, random_state=seed
        )
        return np.argmax(res.samples, axis=1).reshape(res.delta0.shape)

    first = winners(1)
    others = np.array([frequencies(winners(seed)) for seed in range(2, 7)])
    return {
        "left_rope_right": frequencies(first),
        "mc_se": batch_se(first),
        "n_draws": TEST_DRAWS,
        "random_state": 1,
        "sd_over_seeds_2_to_6": [float(v) for v in others.std(axis=0, ddof=1)],
        "version": version("multicomp"),
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=OUT.parent
        ).stdout.strip(),
    }


def run_case(i: int) -> dict:
    case = CASES[i]
    x, y = fold_scores(case, seed=100 + i)
    rope, runs = case[7], case[3]
    found = {"runs": runs, "rope": rope, "x": x.tolist(), "y": y.tolist()}
    found["baycomp"] = baycomp_case(x, y, rope, runs)
    found["multicomp"] = multicomp_case(x, y, rope, runs)
    print(case[0], found["baycomp"], flush=True)
    return found


def versions() -> dict:
    names = ("baycomp", "pystan", "httpstan", "numpy", "scipy")
    return {"python": platform.python_version(), **{name: version(name) for name in names}}


def merge(case_id: str, found: dict) -> None:
    """Write ``found`` into the case ``case_id`` of the file: its keys replace the case's,
    the others (notes, other peers' runs) stay."""
    meta = json.loads(OUT.read_text()) if OUT.exists() else {"cases": []}
    old = {case["id"]: case for case in meta["cases"]}
    old[case_id] = {"id": case_id, **old.get(case_id, {}), **found}
    order = [case[0] for case in CASES]
    meta["cases"] = sorted(old.values(), key=lambda case: order.index(case["id"]))
    meta["script"] = "benches/baycomp_hierarchical_reference.py"
    meta["description"] = DESCRIPTION
    meta["versions"] = versions()
    meta["machine"] = f"{platform.machine()}, {os.cpu_count()} cores (shared)"
    OUT.write_text(json.dumps(meta, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ids = [case[0] for case in CASES]
    parser.add_argument("cases", nargs="*", help=f"some of {', '.join(ids)} (default: all)")
    wanted = parser.parse_args().cases or ids
    if unknown := set(wanted) - set(ids):
        parser.error(f"unknown cases {sorted(unknown)}")
    from baycomp import HierarchicalTest

    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        x, y = fold_scores(CASES[0], seed=100)
        HierarchicalTest.sample(x[:, :5], y[:, :5], 0.01, nsamples=100)  # compile once
        for name in wanted:
            merge(name, run_case(ids.index(name)))
    print("wrote", OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
