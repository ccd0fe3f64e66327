"""Speed and mixing of the Bayesian hierarchical test: multicomp's Gibbs sampler (Rust) against
baycomp's HierarchicalTest (PyStan's NUTS) in the same run, when baycomp and PyStan are
installed (benches/RESULTS-hierarchical.md).

10 data sets x 10 folds (the first case of benches/baycomp_hierarchical_reference.py), rope
0.01, baycomp's default number of draws: 4 chains x 50,000 after 1000 warm-up iterations each.
For each: wall time (multicomp: the best and the median of five calls; baycomp: one call after
the model is compiled) and the effective sample sizes of delta0, std0 and nu and of theta_x
(the per-draw probability that the next data set favours x), computed by the same function
(multicomp._internal.mcmc) from each sampler's chains.

    python benches/bench_hierarchical.py            # multicomp only
    python benches/bench_hierarchical.py --baycomp  # also baycomp (needs pystan, baycomp)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import multicomp as mc
from baycomp_hierarchical_reference import CASES, fold_scores  # beside this script
from multicomp._internal import mcmc

ROPE = 0.01


def ess_row(name: str, seconds: str, chains: dict[str, np.ndarray]) -> str:
    values = [mcmc.split_rhat_ess(chains[p]) for p in ("delta0", "std0", "nu", "theta_x")]
    cells = " | ".join(f"{ess:,.0f} ({rhat:.4f})" for rhat, ess in values)
    return f"| {name} | {seconds} | {cells} |"


def ours(x: np.ndarray, y: np.ndarray) -> str:
    times = []
    for seed in range(5):
        start = time.perf_counter()
        res = mc.bayesian_hierarchical_test(x, y, rope=ROPE, random_state=seed)
        times.append(time.perf_counter() - start)
    chains = {"delta0": res.delta0, "std0": res.std0, "nu": res.nu}
    chains["theta_x"] = res.samples[:, 0].reshape(res.delta0.shape)
    shown = f"{min(times):.2f} (median {np.median(times):.2f})"
    probs = f"{res.p_x_better:.4f} / {res.p_equivalent:.4f} / {res.p_y_better:.4f}"
    return ess_row(f"multicomp (P = {probs})", shown, chains)


def baycomp(x: np.ndarray, y: np.ndarray) -> str:
    import stan
    from baycomp import HierarchicalTest

    fits = []
    real = stan.model.Model.sample

    def sample(self: object, **kwargs: object) -> object:
        fit = real(self, **kwargs)
        fits.append(fit)
        return fit

    stan.model.Model.sample = sample
    os.chdir(tempfile.mkdtemp())  # baycomp's cache, last-sample.pickle, goes there
    HierarchicalTest.sample(x[:, :5], y[:, :5], ROPE, nsamples=100)  # compile once
    Path("last-sample.pickle").unlink(missing_ok=True)
    start = time.perf_counter()
    samples = HierarchicalTest.sample(x, y, ROPE, nsamples=50_000, chains=4)
    seconds = time.perf_counter() - start
    fit = fits[-1]

    def by_chain(values: np.ndarray) -> np.ndarray:  # pystan interleaves the chains
        return values.reshape(-1, fit.num_chains).T

    chains = {p: by_chain(fit[p][0]) for p in ("delta0", "std0", "nu")}
    chains["theta_x"] = by_chain(samples[:, 0])  # baycomp's left: x better
    winners = np.bincount(np.argmax(samples, axis=1), minlength=3) / samples.shape[0]
    probs = " / ".join(f"{p:.4f}" for p in winners)
    return ess_row(f"baycomp + Stan (P = {probs})", f"{seconds:.1f}", chains)


def main() -> None:
    x, y = fold_scores(CASES[0], seed=100)
    print("| sampler | seconds | ESS (R-hat) delta0 | std0 | nu | theta_x |")
    print("|---|---|---|---|---|---|")
    print(ours(x, y), flush=True)
    if "--baycomp" in sys.argv:
        print(baycomp(x, y))


if __name__ == "__main__":
    main()
