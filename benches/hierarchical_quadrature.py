"""The hierarchical model's probabilities by deterministic quadrature, without sampling.

An independent check of ``multicomp.bayesian_hierarchical_test`` (and of baycomp + Stan) on
the cases of ``benches/baycomp_hierarchical_reference.py``: the same posterior (baycomp's
``hierarchical-t-test.stan``, its data prepared as in ``multiple.py`` 393-423), integrated on
grids instead of sampled.

Two integrals are done in closed form. Data set i's likelihood, with d_i its n scaled fold
differences, M the equicorrelation matrix of the folds (rho) and sigma_i uniform on
(0, S), integrated over sigma_i::

    Q_i(delta) = SS_i / (1 - rho) + n (mean_i - delta)^2 / (1 + (n - 1) rho)
    L_i(delta) ~ Q_i(delta)^(-(n - 1) / 2) * Gamma_upper((n - 1) / 2, Q_i(delta) / (2 S^2))

(SS_i the sum of squares about the mean; Gamma_upper the regularised upper incomplete gamma
function). The prior of nu - 1, a Gamma(alpha, beta) with alpha ~ U(1, 2) and beta ~
U(0.01, 0.1), is integrated over alpha and beta by Gauss-Legendre quadrature. What is left,
the posterior of (delta0, std0, nu) proportional to p(nu) prod_i C_i(delta0, std0, nu) with
C_i the convolution of L_i with the Student-t density of delta_i, is evaluated on a grid:
delta on a uniform grid (the convolution by FFT, the t kernel as the masses of the grid's
cells, exact as std0 goes to 0), std0 and nu - 1 on graded grids. Each grid point's
probabilities of the next data set's delta above, within and below the rope decide its winner
as in baycomp (``multiple.py`` 24-38); P(x better) etc. are the posterior masses of the
winners. ``--refine`` repeats the computation with the grids of std0 and nu, then the grid of
delta, twice as fine, so the differences show the quadrature's error.

Usage: ``python benches/hierarchical_quadrature.py [case ...] [--refine] [--draws N]``
(default: every case; ``--draws`` also runs multicomp's sampler with N draws, 4 chains,
seeds 0-3, beside it). Not collected by pytest; a small case of the same integral is in
tests/test_hierarchical.py.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from scipy import signal, special, stats

from baycomp_hierarchical_reference import CASES, fold_scores  # beside this script

UPPER_SIGMA = 1000.0


def nu_prior(m: np.ndarray, nodes: int = 48) -> np.ndarray:
    """Density of nu - 1 = m: Gamma(alpha, rate beta) averaged over alpha ~ U(1, 2),
    beta ~ U(0.01, 0.1) by Gauss-Legendre quadrature in both."""
    u, w = np.polynomial.legendre.leggauss(nodes)
    alpha = 1.5 + 0.5 * u
    beta = 0.055 + 0.045 * u
    a, b = np.meshgrid(alpha, beta, indexing="ij")
    weight = np.outer(w, w) / 4.0
    log = (
        a[..., None] * np.log(b[..., None])
        + (a[..., None] - 1) * np.log(m)
        - b[..., None] * m
        - special.gammaln(a[..., None])
    )
    return (weight[..., None] * np.exp(log)).sum(axis=(0, 1))


def log_likelihoods(d: np.ndarray, rho: float, grid: np.ndarray, high: float) -> np.ndarray:
    """log L_i(delta) on the grid, each row shifted to a maximum of 0 (q, grid)."""
    n = d.shape[1]
    means = d.mean(axis=1, keepdims=True)
    ss = ((d - means) ** 2).sum(axis=1, keepdims=True)
    q = ss / (1 - rho) + n * (means - grid) ** 2 / (1 + (n - 1) * rho)
    a = (n - 1) / 2
    log = -a * np.log(q) + np.log(special.gammaincc(a, q / (2 * high**2)))
    return log - log.max(axis=1, keepdims=True)


def prepared(x: np.ndarray, y: np.ndarray, rope: float, runs: int) -> dict:
    """The scaled differences x - y and the prior bounds, as multiple.py 393-423 sets them
    (oriented as multicomp: positive when x is better)."""
    d = x - y
    scale = np.std(d, axis=1).mean()
    d = d / scale
    within = np.std(d, axis=1).mean()
    among = np.std(d.mean(axis=1)) if d.shape[0] > 1 else within
    return {
        "d": d,
        "rope": rope / scale,
        "rho": runs / d.shape[1],
        "delta0_bound": float(np.abs(d).max()),
        "std0_high": UPPER_SIGMA * among,
        "sigma_high": UPPER_SIGMA * within,
    }


def probabilities(data: dict, fine: int = 1, fine_delta: int = 1) -> dict:
    """P(x better), P(equivalent), P(y better) and the posterior means of the three thetas,
    by quadrature on grids of std0 and nu refined by the factor ``fine`` and of delta by
    ``fine_delta``."""
    d, rope, bound = data["d"], data["rope"], data["delta0_bound"]
    h = 0.01 / fine_delta
    spread = np.abs(d.mean(axis=1)).max() + 6 * np.std(d, axis=1).max()
    half = max(bound, spread) + 2.0
    grid = np.arange(-half, half + h / 2, h)
    lik = np.exp(log_likelihoods(d, data["rho"], grid, data["sigma_high"]))
    inside = np.abs(grid) <= bound
    # std0: finely spaced near 0 (the funnel), graded up to well past the data's spread
    top = min(data["std0_high"], 20.0 * max(1.0, np.ptp(d.mean(axis=1))))
    std0 = top * np.linspace(0.0, 1.0, 160 * fine + 1) ** 2
    std0_w = np.gradient(std0)
    m = np.geomspace(1e-4, 4000.0, 90 * fine)
    m_w = np.gradient(m) * nu_prior(m)
    nu = 1.0 + m
    log_post = np.zeros((std0.size, nu.size, int(inside.sum())))
    cells = np.arange(-(grid.size - 1), grid.size) * h
    for a, s in enumerate(std0):
        for b, df in enumerate(nu):
            if s == 0:
                kernel = (np.abs(cells) < h / 2).astype(float)
            else:
                kernel = np.diff(stats.t.cdf(np.append(cells - h / 2, cells[-1] + h / 2) / s, df))
            conv = signal.fftconvolve(lik, kernel[None, ::-1], mode="same", axes=1)
            log_post[a, b] = np.log(np.clip(conv[:, inside], 1e-300, None)).sum(axis=0)
    log_post += np.log(std0_w)[:, None, None] + np.log(m_w)[None, :, None]
    post = np.exp(log_post - log_post.max())
    post /= post.sum()
    return _winners(post, grid[inside], std0, nu, rope)


def _winners(
    post: np.ndarray, delta0: np.ndarray, std0: np.ndarray, nu: np.ndarray, rope: float
) -> dict:
    """Posterior masses of the winning regions, over the grid points that carry mass."""
    keep = post > 1e-14 * post.max()
    a, b, c = np.nonzero(keep)
    weight = post[keep]
    s = np.maximum(std0[a], 1e-12)
    above = stats.t.sf((rope - delta0[c]) / s, nu[b])
    below = stats.t.cdf((-rope - delta0[c]) / s, nu[b])
    thetas = np.column_stack((above, 1.0 - above - below, below))
    winner = np.argmax(thetas, axis=1)
    return {
        "winners": np.bincount(winner, weights=weight, minlength=3) / weight.sum(),
        "theta_means": (thetas * weight[:, None]).sum(axis=0) / weight.sum(),
        "mass_kept": float(weight.sum()),
        "std0_mean": float((s * weight).sum() / weight.sum()),
        "nu_median": _weighted_median(nu[b], weight),
    }


def _weighted_median(values: np.ndarray, weight: np.ndarray) -> float:
    order = np.argsort(values)
    cumulative = np.cumsum(weight[order])
    return float(values[order][np.searchsorted(cumulative, 0.5 * cumulative[-1])])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--refine", action="store_true")
    parser.add_argument("--draws", type=int, default=0)
    args = parser.parse_args()
    for i, case in enumerate(CASES):
        if args.cases and case[0] not in args.cases:
            continue
        x, y = fold_scores(case, seed=100 + i)
        data = prepared(x, y, case[7], case[3])
        for fine in ((1, 1), (2, 1), (1, 2)) if args.refine else ((1, 1),):
            start = time.perf_counter()
            res = probabilities(data, *fine)
            print(
                f"{case[0]} quadrature {fine}: P = {np.round(res['winners'], 4)} "
                f"theta means {np.round(res['theta_means'], 4)} nu median {res['nu_median']:.2f} "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
        if args.draws:
            import multicomp as mc

            for seed in range(4):
                r = mc.bayesian_hierarchical_test(
                    x, y, rope=case[7], runs=case[3], n_draws=args.draws, random_state=seed
                )
                print(
                    f"{case[0]} multicomp seed {seed}: "
                    f"{np.round([r.p_x_better, r.p_equivalent, r.p_y_better], 4)} "
                    f"theta means {np.round(r.samples.mean(axis=0), 4)} "
                    f"nu median {np.median(r.nu):.2f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
