"""Native core (Rust): exhaustive sets, Shaffer and Bergmann-Hommel for all pairwise comparisons,
the step-wise adjustments (Bonferroni, Holm, Hochberg, Hommel) of families of p-values, the
Monte Carlo loop of the rank tests' permutation p-values (permutation_draw), the bootstraps
of the effect sizes (cliff_draws, medians_and_mads), the Gibbs sampler of the Bayesian
Plackett-Luce model (plackett_luce_gibbs), the sampler of the Bayesian hierarchical
model of two classifiers on many data sets (hierarchical_sample), and the rows of the
report's tidy CSV, numbers as Python's repr writes them (csv_rows).

Hypotheses are the pairs (i, j), i < j, of k algorithms in ``itertools.combinations`` order;
m = k(k-1)/2. Invalid arguments raise ValueError. Long calls run with the GIL released and
stop within a fraction of a second on Ctrl-C (KeyboardInterrupt).
"""

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MAX_K",
    "MAX_K_ENUMERATE",
    "MAX_K_ROBINSON",
    "MAX_K_SHAFFER",
    "__version__",
    "adjust_pvalues",
    "bergmann_hommel_accepted",
    "bergmann_hommel_apv",
    "bergmann_hommel_apv_robinson",
    "cliff_draws",
    "csv_rows",
    "exhaustive_sets",
    "hierarchical_sample",
    "is_robinson",
    "medians_and_mads",
    "permutation_draw",
    "plackett_luce_gibbs",
    "plackett_luce_pairs",
    "shaffer_apv",
    "shaffer_counts",
    "shaffer_multipliers",
]

__version__: str
"""The package version: the workspace version of Cargo.toml, the one place it is set."""
MAX_K: int
"""Largest k for Bergmann-Hommel (20): the exact computation grows like 3^k."""
MAX_K_ENUMERATE: int
"""Largest k whose exhaustive sets are listed (11: 678,569 sets, 55-bit masks)."""
MAX_K_ROBINSON: int
"""Largest k for Bergmann-Hommel on Robinson families (100): time grows like k^5 at worst."""
MAX_K_SHAFFER: int
"""Largest k for Shaffer's S(k) (2000: about 0.3 s and 1.9 million values)."""

def shaffer_counts(k: int) -> list[int]: ...
def shaffer_multipliers(k: int) -> list[int]: ...
def exhaustive_sets(k: int) -> list[int]: ...
def shaffer_apv(pvalues: ArrayLike, k: int) -> NDArray[np.float64]: ...
def bergmann_hommel_apv(
    pvalues: ArrayLike, k: int, algorithm: str = "auto"
) -> NDArray[np.float64]: ...
def bergmann_hommel_accepted(pvalues: ArrayLike, k: int, alpha: float) -> NDArray[np.bool_]: ...
def bergmann_hommel_apv_robinson(
    pvalues: ArrayLike, k: int, order: ArrayLike
) -> NDArray[np.float64]: ...
def is_robinson(pvalues: ArrayLike, k: int, order: ArrayLike) -> bool: ...
def adjust_pvalues(pvalues: ArrayLike, procedure: str) -> NDArray[np.float64]: ...
def permutation_draw(
    tables: ArrayLike, totals: ArrayLike, gaps: ArrayLike, *, n_resamples: int, seed: int
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]: ...
def cliff_draws(
    order: ArrayLike, second: ArrayLike, lo: ArrayLike, hi: ArrayLike, counts: ArrayLike
) -> NDArray[np.float64]: ...
def medians_and_mads(
    ordered: ArrayLike, order: ArrayLike, counts: ArrayLike
) -> NDArray[np.float64]: ...
def hierarchical_sample(
    means: ArrayLike,
    sum_squares: ArrayLike,
    *,
    n: int,
    rho: float,
    delta0_bound: float,
    std0_high: float,
    sigma_high: float,
    alpha: tuple[float, float],
    beta: tuple[float, float],
    draws: int,
    n_chains: int,
    n_warmup: int,
    seed: int,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]: ...
def plackett_luce_gibbs(
    order: ArrayLike,
    tied: ArrayLike,
    *,
    n_draws: int,
    n_chains: int,
    n_burn: int,
    prior: float,
    seed: int,
) -> NDArray[np.float64]: ...
def plackett_luce_pairs(
    samples: ArrayLike,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]: ...
def csv_rows(
    table: str,
    heads: list[str],
    tails: list[str],
    first: NDArray[np.int64],
    second: NDArray[np.int64],
    columns: list[str],
    numbers: list[NDArray[np.float64]],
    flags: list[NDArray[np.bool_]],
    rows: NDArray[np.int64],
) -> bytes: ...
