"""Coverage of the effect-size intervals over data sets: ``python benches/effect_coverage.py``.

Two algorithms on N = 10 and 30 data sets, x_ia = u_i + mu_a + s_a e_ia: a data-set effect
u_i ~ N(0, 1) shared by both (correlated algorithms), a lead mu_a - mu_b = 0.5, noise scales
s = (1, 0.5) and noise e of three shapes, centred: normal, lognormal (sigma = 1) and
exponential (skewed). The true values (computed once from 4 million draws of the model):

* Cliff's delta: P(x_a > x_b') - P(x_a < x_b') for scores of two *different* data sets
  (independent u), the population value of the two algorithms' distributions of scores over
  data sets, which the N^2 comparisons of the statistic estimate (its N same-data-set terms
  bias it by O(1/N), a bias the BCa interval corrects);
* d_z: E(D) / sd(D) of the differences D = x_a - x_b on one data set.

Each cell: ``REPS`` tables, the 95% interval of each form from the same 2,000 resamples:
Cliff's delta by the percentile interval (the form before) and by BCa (the form now); d_z by
the noncentral t interval (the form kept). Writes benches/RESULTS-effect-coverage.md.
Monte Carlo SE of a coverage near 0.95: sqrt(0.95 * 0.05 / REPS).
"""

from __future__ import annotations

import argparse
import datetime
import platform
from pathlib import Path

import numpy as np

from multicomp.pairs.effect_bootstrap import Dominance, bca, cliff_draws, percentile, resamples
from multicomp.pairs.effect_size import _paired_d

HERE = Path(__file__).resolve().parent
LEAD = 0.5
#: Noise shape and the scales of the two algorithms' noise: in "lognormal, one" only the first
#: algorithm is noisy, so the differences themselves are lognormal (strongly skewed); in
#: "lognormal scores" the scores are exp of the normal model (data sets on scales that differ,
#: the differences heavy-tailed).
SHAPES = {
    "normal": (1.0, 0.5),
    "lognormal": (1.0, 0.5),
    "exponential": (1.0, 0.5),
    "lognormal, one": (1.0, 0.0),
    "lognormal scores": (0.5, 0.5),
}
NS = (10, 30)
ALPHA = 0.05
B = 2000


def noise(rng: np.random.Generator, shape: str, size: tuple[int, ...]) -> np.ndarray:
    """Centred noise of unit scale."""
    if shape == "normal":
        return rng.normal(size=size)
    if shape.startswith("lognormal"):
        return rng.lognormal(0.0, 1.0, size=size) - np.exp(0.5)
    return rng.exponential(size=size) - 1.0


def table(rng: np.random.Generator, shape: str, n: int) -> np.ndarray:
    u = rng.normal(size=(n, 1))
    if shape == "lognormal scores":
        return np.exp(u + np.array([LEAD, 0.0]) + np.array(SHAPES[shape]) * rng.normal(size=(n, 2)))
    return u + np.array([LEAD, 0.0]) + np.array(SHAPES[shape]) * noise(rng, shape, (n, 2))


def truth(shape: str, draws: int = 4_000_000) -> tuple[float, float]:
    """(Cliff's delta across data sets, d_z) of the model, by simulation."""
    rng = np.random.default_rng(12345)
    a = table(rng, shape, draws)[:, 0]
    b = table(rng, shape, draws)[:, 1]  # another data set
    delta = float(np.mean(np.sign(a - b)))
    d = table(rng, shape, draws) @ np.array([1.0, -1.0])
    return delta, float(d.mean() / d.std())


def d_z_bca(
    d: np.ndarray, value: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The BCa interval of d_z over the same kind of resamples (an alternative measured)."""
    n = d.shape[0]
    weights = rng.multinomial(n, np.full(n, 1 / n), size=B) / n
    mean = weights @ d
    sd = np.sqrt(np.maximum(weights @ d**2 - mean**2, 0) * n / (n - 1))
    keep = ~np.eye(n, dtype=bool)
    jack = np.array([d[keep[i]].mean(axis=0) / d[keep[i]].std(axis=0, ddof=1) for i in range(n)])
    return bca(mean / sd, value, jack, ALPHA)


def cell(shape: str, n: int, reps: int, seed: int) -> dict[str, float]:
    delta, d_z = truth(shape)
    rng = np.random.default_rng(seed)
    first, second = np.array([0]), np.array([1])
    hits = {"delta_percentile": 0, "delta_bca": 0, "d_z_noncentral_t": 0, "d_z_bca": 0}
    for r in range(reps):
        x = table(rng, shape, n)
        dominance = Dominance(x, first, second)
        draws = np.concatenate(
            [cliff_draws(dominance, c) for c in resamples(np.random.default_rng(r), n, B, 1)]
        )
        value = dominance.values()
        low, high = percentile(draws, ALPHA)
        hits["delta_percentile"] += int(low[0] <= delta <= high[0])
        low, high = bca(draws, value, dominance.jackknife(), ALPHA)
        hits["delta_bca"] += int(low[0] <= delta <= high[0])
        d = x[:, :1] - x[:, 1:]
        value, low, high = _paired_d(d, ALPHA)
        hits["d_z_noncentral_t"] += int(low[0] <= d_z <= high[0])
        low, high = d_z_bca(d, value, np.random.default_rng(r))
        hits["d_z_bca"] += int(low[0] <= d_z <= high[0])
    return {"delta": delta, "d_z": d_z, **{k: v / reps for k, v in hits.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS-effect-coverage.md")
    args = parser.parse_args()
    se = np.sqrt(0.95 * 0.05 / args.reps)
    rows = []
    for shape in SHAPES:
        for n in NS:
            c = cell(shape, n, args.reps, seed=n)
            rows.append(
                f"| {shape} | {n} | {c['delta']:.3f} | {c['delta_percentile']:.3f} | "
                f"{c['delta_bca']:.3f} | {c['d_z']:.3f} | {c['d_z_noncentral_t']:.3f} | "
                f"{c['d_z_bca']:.3f} |"
            )
            print(rows[-1], flush=True)
    lines = [
        "# Coverage of the effect-size intervals",
        "",
        f"`python benches/effect_coverage.py --reps {args.reps}`, {datetime.date.today()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}. Two algorithms, "
        f"x_ia = u_i + mu_a + s_a e_ia with u_i ~ N(0, 1) (correlated algorithms), lead "
        f"{LEAD}, noise scales (1, 0.5) (lognormal, one: (1, 0); lognormal scores: "
        "exp(u_i + mu_a + 0.5 e_ia), e normal), centred noise of each shape; "
        f"{args.reps:,} tables a cell, 95% intervals from {B:,} resamples of the data sets; "
        f"Monte Carlo SE {se:.4f}. True values from 4 million draws: delta over two different data sets, "
        "d_z = E(D) / sd(D).",
        "",
        "| noise | N | true delta | delta percentile (before) | delta BCa (now) | true d_z "
        "| d_z noncentral t (now) | d_z BCa (not used) |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
