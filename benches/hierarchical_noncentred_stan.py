"""An independent check of the hierarchical sampler: the same posterior sampled by Stan's NUTS
in the non-centred parameterisation (delta_i = delta0 + std0 z_i, z_i ~ t(nu, 0, 1)), which
avoids the funnel of the centred one (baycomp's program) when std0 is small.

Takes the fold scores of one case of tests/peers/baycomp_hierarchical.json (argument:
its id; made again by benches/baycomp_hierarchical_reference.py), prepares the data as baycomp
does (the differences y - x scaled by the mean of the data sets' standard deviations, the same
bounds), samples 4 chains x 50,000 draws after 1000 warm-up iterations, and records the three
probabilities (left = x better) with their batch-means errors and the diagnostics of the run
(divergent transitions, tree depth, R-hat and ESS) as the case's ``stan_noncentred`` in the
file (with multicomp installed in the PyStan environment, whose diagnostics it uses).

    python benches/hierarchical_noncentred_stan.py many_5fold_20x5
"""

from __future__ import annotations

import sys
import time

import numpy as np
import stan
from scipy import stats

PROGRAM = """
data {
  int<lower=1> q; int<lower=2> n; vector[q] m; vector[q] ss; real rho;
  real bound; real std0_high; real sigma_high;
}
parameters {
  real<lower=-bound, upper=bound> delta0;
  real<lower=0, upper=std0_high> std0;
  vector[q] z;
  vector<lower=0, upper=sigma_high>[q] sigma;
  real<lower=0> nu_minus_one;
  real<lower=1, upper=2> alpha;
  real<lower=0.01, upper=0.1> beta;
}
model {
  vector[q] delta = delta0 + std0 * z;
  real c = 1 + (n - 1) * rho;
  nu_minus_one ~ gamma(alpha, beta);
  z ~ student_t(nu_minus_one + 1, 0, 1);
  target += -n * sum(log(sigma))
            - 0.5 * sum((ss / (1 - rho) + n * square(m - delta) / c) ./ square(sigma));
}
"""


def main() -> None:
    from baycomp_hierarchical_reference import CASES, fold_scores, merge, stan_entry

    i = [c[0] for c in CASES].index(sys.argv[1])
    x, y = fold_scores(CASES[i], seed=100 + i)  # the scores of the reference file
    rope, runs = CASES[i][7], CASES[i][3]
    diff = y - x
    scale = np.std(diff, axis=1).mean()
    d, rope = diff / scale, rope / scale
    q, n = d.shape
    means = d.mean(axis=1)
    within = np.std(d, axis=1).mean()
    data = {
        "q": q,
        "n": n,
        "m": means,
        "ss": ((d - means[:, None]) ** 2).sum(axis=1),
        "rho": runs / n,
        "bound": np.abs(d).max(),
        "std0_high": 1000 * (np.std(means) if q > 1 else within),
        "sigma_high": 1000 * within,
    }
    model = stan.build(PROGRAM, data=data, random_seed=1)
    start = time.perf_counter()
    fit = model.sample(num_chains=4, num_samples=50_000, num_warmup=1000)
    seconds = time.perf_counter() - start
    mu, std0, nu = fit["delta0"][0], fit["std0"][0], fit["nu_minus_one"][0] + 1
    left = stats.t.cdf((-rope - mu) / std0, nu)
    right = stats.t.sf((rope - mu) / std0, nu)
    samples = np.column_stack((left, 1 - left - right, right))
    draws = {"delta0": mu, "std0": std0, "nu": nu}
    found = stan_entry(samples, fit, draws, seconds)
    merge(sys.argv[1], {"stan_noncentred": found})
    print(sys.argv[1], "non-centred Stan:", found)


if __name__ == "__main__":
    main()
