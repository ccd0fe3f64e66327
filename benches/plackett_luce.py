"""The Bayesian Plackett-Luce ranking: speed, agreement with an independent sampler, and a
long simulation-based calibration.

    python benches/plackett_luce.py > benches/RESULTS-plackett-luce.md
    python benches/plackett_luce.py --quick   # smaller runs, to try the script

1. Speed: k = 50 algorithms, N = 100 data sets, 10,000 draws (4 chains, 500 burn-in sweeps
   each): wall and CPU time of the whole ``bayesian_ranking`` call and of the sampler alone.
2. Against an independent sampler: a random-walk Metropolis sampler of the log-weights
   written here in numpy (Gamma(prior, 1) weights, the Plackett-Luce likelihood evaluated
   directly, no latent variables), on simulated rankings: posterior means, P(best) and
   P(w_a > w_b) side by side with their Monte Carlo standard errors, and the effective draws
   per second of each sampler (the ratio to read: the machine is shared).
3. Simulation-based calibration (Talts et al. 2018): weights drawn from the prior, rankings
   from the model (and ties at random), the rank of each true weight among L independent
   posterior draws (L chains of one draw) must be uniform on 0..L: chi-square and
   Kolmogorov-Smirnov p-values per algorithm.
"""

from __future__ import annotations

import os
import platform
import resource
import sys
import time
import warnings

import numpy as np
from scipy import stats

import multicomp as mc
from multicomp._core import plackett_luce_gibbs


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def simulate(rng: np.random.Generator, weights: np.ndarray, n: int, p_tie: float) -> np.ndarray:
    """Scores of n data sets ranked by the Plackett-Luce model (exponential race); each
    adjacent pair of positions then tied with probability p_tie, whatever the order."""
    times = rng.exponential(size=(n, weights.size)) / weights
    order = np.argsort(times, axis=1)
    breaks = rng.random((n, weights.size - 1)) >= p_tie
    level = np.cumsum(np.concatenate((np.zeros((n, 1)), breaks), axis=1), axis=1)
    scores = np.empty((n, weights.size))
    np.put_along_axis(scores, order, -level, axis=1)
    return scores


def speed(repeats: int) -> None:
    print("## 1. Speed: k = 50, N = 100, 10,000 draws\n")
    rng = np.random.default_rng(0)
    scores = rng.normal(size=(100, 50)) + np.linspace(0.0, 2.0, 50)
    order = np.argsort(-scores, axis=1)
    tied = np.zeros(order.shape, dtype=bool)
    print(
        f"{repeats} runs each, alternating; 4 chains of 2,500 draws after 500 burn-in sweeps "
        f"(12,000 sweeps of N k = 5,000 latent variables); load average "
        f"{os.getloadavg()[0]:.1f} at the start on this shared 2-core machine.\n"
    )
    runs: dict[str, list[tuple[float, float]]] = {"bayesian_ranking": [], "sampler alone": []}
    for _ in range(repeats):
        for name, call in (
            ("bayesian_ranking", lambda: mc.bayesian_ranking(scores)),
            (
                "sampler alone",
                lambda: plackett_luce_gibbs(
                    order, tied, n_draws=10_000, n_chains=4, n_burn=500, prior=1.0, seed=1
                ),
            ),
        ):
            wall, cpu = time.perf_counter(), cpu_seconds()
            call()
            runs[name].append((time.perf_counter() - wall, cpu_seconds() - cpu))
    print("| call | wall, median | wall, best | CPU, median | CPU per latent variable |")
    print("|---|---:|---:|---:|---:|")
    for name, times in runs.items():
        wall = np.array([t[0] for t in times])
        cpu = np.array([t[1] for t in times])
        print(
            f"| {name} | {np.median(wall):.3f} s | {wall.min():.3f} s | {np.median(cpu):.3f} s "
            f"| {np.median(cpu) / 6e7 * 1e9:.1f} ns |"
        )
    print(f"\nLoad average at the end: {os.getloadavg()[0]:.1f}.\n")


def log_posterior(theta: np.ndarray, order: np.ndarray, prior: float) -> float:
    """log density of theta = log w: Gamma(prior, 1) priors (with the Jacobian w) and the
    Plackett-Luce likelihood of the rankings ``order`` (N x k, best first)."""
    w = np.exp(theta)
    ranked = w[order]
    suffix = np.cumsum(ranked[:, ::-1], axis=1)[:, ::-1]
    loglik = np.sum(np.log(ranked[:, :-1]) - np.log(suffix[:, :-1]))
    return float(prior * theta.sum() - w.sum() + loglik)


def metropolis(
    order: np.ndarray, prior: float, n: int, rng: np.random.Generator
) -> tuple[np.ndarray, float]:
    """Random-walk Metropolis on the log-weights (step tuned in a pilot run to an acceptance
    of about 0.25); returns the normalised weights (n x k) and the acceptance rate."""
    k = order.shape[1]
    theta = np.zeros(k)
    current = log_posterior(theta, order, prior)
    step = 1.0 / np.sqrt(order.shape[0])
    draws = np.empty((n, k))
    accepted = 0
    pilot = n // 5
    for t in range(pilot + n):
        proposal = theta + step * rng.normal(size=k)
        value = log_posterior(proposal, order, prior)
        if np.log(rng.random()) < value - current:
            theta, current = proposal, value
            accepted += t >= pilot
            if t < pilot:
                step *= 1.01
        elif t < pilot:
            step /= 1.0033  # balance: acceptance about 1 / (1 + 3) = 0.25
        if t >= pilot:
            w = np.exp(theta - theta.max())
            draws[t - pilot] = w / w.sum()
    return draws, accepted / n


def batch_se(values: np.ndarray, batches: int = 50) -> np.ndarray:
    usable = values[: len(values) // batches * batches]
    means = usable.reshape(batches, -1, *values.shape[1:]).mean(axis=1)
    return np.asarray(means.std(axis=0, ddof=1) / np.sqrt(batches))


def effective_draws(values: np.ndarray) -> float:
    """Effective sample size of the mean of the first column, by batch means."""
    column = values[:, 0]
    return float(column.var() / batch_se(column) ** 2)


def against_metropolis(n_mh: int) -> None:
    print("## 2. Against an independent Metropolis sampler (numpy)\n")
    rng = np.random.default_rng(7)
    k, n, prior = 5, 20, 1.0
    weights = rng.dirichlet(np.full(k, 2.0))
    scores = simulate(rng, weights, n, 0.0)
    order = np.argsort(-scores, axis=1)
    wall, cpu = time.perf_counter(), cpu_seconds()
    gibbs = mc.bayesian_ranking(scores, prior=prior, n_draws=100_000, random_state=1)
    t_gibbs = (time.perf_counter() - wall, cpu_seconds() - cpu)
    wall, cpu = time.perf_counter(), cpu_seconds()
    mh, acceptance = metropolis(order, prior, n_mh, rng)
    t_mh = (time.perf_counter() - wall, cpu_seconds() - cpu)
    print(
        f"k = {k}, N = {n} rankings simulated with weights {np.round(weights, 3).tolist()}; "
        f"Gibbs: 100,000 draws in 4 chains; Metropolis: {n_mh:,} draws after a pilot of "
        f"{n_mh // 5:,}, acceptance {acceptance:.2f}. Monte Carlo SEs by batch means.\n"
    )
    print("| quantity | Gibbs (SE) | Metropolis (SE) | difference / combined SE |")
    print("|---|---:|---:|---:|")
    worst = 0.0
    rows = []
    for a in range(k):
        rows.append((f"mean weight {gibbs.algorithms[a]}", gibbs.samples[:, a], mh[:, a]))
    for a in range(k):
        best_g = (np.argmax(gibbs.samples, axis=1) == a).astype(float)
        best_m = (np.argmax(mh, axis=1) == a).astype(float)
        rows.append((f"P(best) {gibbs.algorithms[a]}", best_g, best_m))
    for a, b in ((0, 1), (1, 2), (0, 4), (2, 3)):
        rows.append(
            (
                f"P(w_{gibbs.algorithms[a]} > w_{gibbs.algorithms[b]})",
                (gibbs.samples[:, a] > gibbs.samples[:, b]).astype(float),
                (mh[:, a] > mh[:, b]).astype(float),
            )
        )
    for name, g, m in rows:
        se_g, se_m = float(batch_se(g)), float(batch_se(m))
        z = (g.mean() - m.mean()) / np.hypot(se_g, se_m)
        worst = max(worst, abs(z))
        print(f"| {name} | {g.mean():.4f} ({se_g:.4f}) | {m.mean():.4f} ({se_m:.4f}) | {z:+.2f} |")
    ess_g, ess_m = effective_draws(gibbs.samples), effective_draws(mh)
    print(
        f"\nLargest |difference| / SE: {worst:.2f} over {len(rows)} quantities (about 2.7 "
        f"expected as the largest of {len(rows)} standard normals, some correlated).\n"
    )
    print(
        "| sampler | wall | CPU | effective draws (mean weight of A1) | effective draws per CPU second |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, (w, c), ess in (
        ("Gibbs (Rust)", t_gibbs, ess_g),
        ("Metropolis (numpy)", t_mh, ess_m),
    ):
        print(f"| {name} | {w:.2f} s | {c:.2f} s | {ess:,.0f} | {ess / c:,.0f} |")
    print(
        f"\nThe Gibbs sampler gives {ess_g / t_gibbs[1] / (ess_m / t_mh[1]):,.0f} times more "
        "effective draws per CPU second.\n"
    )


def calibration(replications: int, draws: int) -> None:
    print("## 3. Simulation-based calibration\n")
    k, n, prior = 5, 15, 1.0
    print(
        f"k = {k}, N = {n}, Dirichlet({prior:g}) prior, {replications:,} replications, "
        f"L = {draws} independent draws each ({draws} chains of one draw after 100 sweeps); "
        f"ranks 0..{draws} binned in {(draws + 1) // 5} bins of 5 for the chi-square.\n"
    )
    print("| ties | algorithm | chi-square p | KS p | rank counts (bins of 5) |")
    print("|---|---|---:|---:|---|")
    for p_tie, ties in ((0.0, "integrate"), (0.25, "integrate"), (0.25, "random")):
        rng = np.random.default_rng(2026)
        ranks = np.empty((replications, k), dtype=int)
        for r in range(replications):
            weights = rng.dirichlet(np.full(k, prior))
            result = mc.bayesian_ranking(
                simulate(rng, weights, n, p_tie),
                prior=prior,
                n_draws=draws,
                n_chains=draws,
                n_burn=100,
                ties=ties,  # type: ignore[arg-type]
                random_state=rng,
            )
            ranks[r] = (result.samples < weights).sum(axis=0)
        label = f"p_tie = {p_tie:g}, {ties}"
        for a in range(k):
            counts = np.bincount(ranks[:, a] // 5, minlength=(draws + 1) // 5)
            chi2 = stats.chisquare(counts).pvalue
            # KS on the ranks jittered to the continuous uniform on (0, 1)
            u = (ranks[:, a] + rng.random(replications)) / (draws + 1)
            ks = stats.kstest(u, "uniform").pvalue
            print(f"| {label} | A{a + 1} | {chi2:.3f} | {ks:.3f} | {' '.join(map(str, counts))} |")
    print(
        '\nWith ties at random, `ties="integrate"` is the exact posterior of the tied data; '
        '`ties="random"` (scmamp) treats one random completion as observed.\n'
    )


def main() -> None:
    warnings.simplefilter("ignore")
    quick = "--quick" in sys.argv
    print("# Bayesian Plackett-Luce ranking: speed, an independent sampler, calibration\n")
    print(
        f"{platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"multicomp {mc.__version__}; `python benches/plackett_luce.py`.\n"
    )
    speed(3 if quick else 7)
    against_metropolis(20_000 if quick else 400_000)
    calibration(200 if quick else 2_000, 49)


if __name__ == "__main__":
    main()
