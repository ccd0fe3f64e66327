"""The Skillings-Mack test, a registered rank test of incomplete blocks: Friedman's test when
some scores are missing, with any pattern of missing scores (Skillings & Mack 1981).

Within each data set i the k_i scored algorithms are ranked (1 = best, ties averaged);
A_j = sum_i sqrt(12/(k_i+1)) (r_ij - (k_i+1)/2) over the data sets that score j, and
SM = A' Sigma^- A ~ chi-square(k - 1), Sigma the null covariance of A (eqs. 2.1-2.3). The
post-hoc z of a pair is (A_l - A_j)/sqrt(Var(A_l - A_j)) (on complete data the Friedman
post-hoc z of Demsar 2006).

References: Skillings, J. H. & Mack, G. A. (1981), On the use of a Friedman-type statistic in
balanced and unbalanced block designs, Technometrics 23(2):171-177.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from multicomp.ranktests.base import Blocks, IncompleteTest, PairTests, register
from multicomp.ranktests.blocks import ratio

if TYPE_CHECKING:
    import numpy as np

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__ = ["average_ranks", "check_connected", "parts"]


class Parts(NamedTuple):
    sums: np.ndarray  # A_j (..., k)
    covariance: np.ndarray  # their null covariance (..., k, k)
    statistic: np.ndarray  # SM (...)


def parts(ranks: np.ndarray, observed: np.ndarray, tie_correction: bool) -> Parts:
    """A_j, Sigma and SM = A' Sigma^- A of each table (vectorised over the leading axes of
    ``ranks`` and ``observed``, (..., N, k)).

    Sigma is the permutation covariance of A given each data set's ranks: a data set with k_i
    scores whose ranks have population variance s_i^2 adds w_i s_i^2 to Var(A_j) and
    -w_i s_i^2/(k_i-1) to Cov(A_j, A_l) for the pairs it scores (w_i = 12/(k_i+1)). Without ties
    s_i^2 = (k_i^2-1)/12, which gives Skillings and Mack's Sigma (Var = sum (k_i - 1),
    Cov = -lambda_jl); ``tie_correction=False`` uses that form whatever the ties (as R's
    Skillings.Mack and PMCMRplus do).
    """
    import numpy as np

    obs = observed.astype(np.float64)
    k_i = obs.sum(axis=-1)
    centred = np.where(observed, ranks - ((k_i + 1) / 2)[..., None], 0.0)
    weight = 12.0 / (k_i + 1)
    sums = (np.sqrt(weight)[..., None] * centred).sum(axis=-2)
    spread = (centred**2).sum(axis=-1) / k_i if tie_correction else (k_i**2 - 1) / 12.0
    pair = weight * spread / (k_i - 1)  # the magnitude of each data set's covariances
    covariance = -np.swapaxes(obs * pair[..., None], -1, -2) @ obs
    diagonal = np.arange(obs.shape[-1])
    covariance[..., diagonal, diagonal] = ((pair * (k_i - 1))[..., None] * obs).sum(axis=-2)
    inverse = np.linalg.pinv(covariance, hermitian=True)
    statistic = (sums[..., None, :] @ inverse @ sums[..., :, None])[..., 0, 0]
    return Parts(sums, covariance, np.maximum(statistic, 0.0))


def check_connected(observed: np.ndarray) -> None:
    """ValueError unless every algorithm is linked to every other by a chain of shared data
    sets (the rank of Sigma without ties, up to its diagonal, shows connectedness)."""
    import numpy as np

    obs = observed.astype(np.float64)
    design = -obs.T @ obs
    np.fill_diagonal(design, 0.0)
    np.fill_diagonal(design, -design.sum(axis=1))
    if np.linalg.matrix_rank(design) < obs.shape[1] - 1:
        raise ValueError(
            "the algorithms fall into groups that never meet on a data set: no test "
            "can compare them; every algorithm needs a chain of shared data sets"
        )


def checked_parts(blocks: Blocks, tie_correction: bool) -> Parts:
    """:func:`parts` of one design, after :func:`check_connected`."""
    check_connected(blocks.observed)
    return parts(blocks.ranks, blocks.observed, tie_correction)


def average_ranks(blocks: Blocks) -> np.ndarray:
    """Mean within-data-set rank of each algorithm, rescaled from 1..k_i to 1..k."""
    import numpy as np

    k = blocks.ranks.shape[1]
    k_i = blocks.observed.sum(axis=1)[:, None]
    rescaled = 1.0 + (blocks.ranks - 1.0) * (k - 1) / (k_i - 1)
    return np.asarray(np.nanmean(rescaled, axis=0))


def _posthoc(
    blocks: Blocks, tie_correction: bool, first: np.ndarray, second: np.ndarray
) -> PairTests:
    """z = (A_second - A_first)/sqrt(Var(A_second - A_first)), two-sided normal p."""
    import numpy as np
    from scipy import stats

    sm = checked_parts(blocks, tie_correction)
    cov = sm.covariance
    var = cov[first, first] + cov[second, second] - 2.0 * cov[first, second]
    z = ratio(sm.sums[second] - sm.sums[first], np.sqrt(np.maximum(var, 0.0)))
    pvalue = np.minimum(2.0 * stats.norm.sf(np.abs(z)), 1.0)
    return PairTests(average_ranks(blocks), z, pvalue)


def _statistic(ranks: np.ndarray, observed: np.ndarray, tie_correction: bool) -> np.ndarray:
    return parts(ranks, observed, tie_correction).statistic


SKILLINGS_MACK = register(
    IncompleteTest(
        name="skillings_mack",
        display="Skillings-Mack",
        ranks_name="Skillings-Mack ranks",
        statistic=_statistic,
        df=lambda blocks: (blocks.ranks.shape[1] - 1,),
        posthoc=_posthoc,
        check=lambda blocks: check_connected(blocks.observed),
    )
)
