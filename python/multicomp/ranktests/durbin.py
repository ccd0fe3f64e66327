"""Durbin's test, a registered rank test of incomplete blocks: a balanced incomplete block
design (BIBD: every data set scores the same number k of algorithms, every algorithm is scored
on the same number r of data sets, every pair of algorithms meets on the same number lambda of
data sets), b data sets and t algorithms.

With A the sum of the squared ranks (b k(k+1)(2k+1)/6 without ``tie_correction``),
C = b k (k+1)^2/4 and R_j the rank sums: Durbin's T1 = (t-1)(sum_j R_j^2 - r C)/(A - C)
~ chi-square(t - 1), and Conover's T2 = (T1/(t-1)) / ((b(k-1) - T1)/(bk - b - t + 1))
~ F(t - 1, bk - b - t + 1). The post-hoc is Conover's t = (R_l - R_j) /
sqrt((A - C) 2r (1 - T1/(b(k-1))) / (bk - b - t + 1)) with bk - b - t + 1 degrees of freedom,
as scikit-posthocs' ``posthoc_durbin`` and PMCMRplus' ``durbinAllPairsTest`` compute it.

References: Durbin, J. (1951), Incomplete blocks in ranking experiments, Brit. J. Statist.
Psych. 4:85-90. Conover, W. J. (1999), Practical Nonparametric Statistics, 3rd ed., Wiley: the
Durbin test and its multiple comparisons (worked example of seven ice creams, p. 391).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from multicomp._internal.ranks import statistic_ratio
from multicomp.ranktests.base import BlockDerived, Blocks, IncompleteTest, PairTests, register
from multicomp.ranktests.blocks import ratio

if TYPE_CHECKING:
    import numpy as np

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__ = ["Design", "Parts", "design", "parts"]


class Design(NamedTuple):
    block_size: int  # k
    replications: int  # r
    concurrences: int  # lambda
    df_den: int  # bk - b - t + 1


def design(observed: np.ndarray) -> Design:
    """The BIBD of the scored cells ``observed`` (b, t), or ValueError naming what is not
    balanced (or too few data sets for Conover's F)."""
    import numpy as np

    b, t = observed.shape
    sizes, per_algorithm = np.unique(observed.sum(axis=1)), np.unique(observed.sum(axis=0))
    meetings = (observed.astype(np.int64).T @ observed)[np.triu_indices(t, 1)]
    if sizes.size > 1 or per_algorithm.size > 1 or np.unique(meetings).size > 1:
        what = (
            "data sets score different numbers of algorithms"
            if sizes.size > 1
            else "algorithms are scored on different numbers of data sets"
            if per_algorithm.size > 1
            else "pairs of algorithms meet on different numbers of data sets"
        )
        raise ValueError(
            f"not a balanced incomplete block design: {what}; use skillings_mack, "
            "which allows any pattern of missing scores"
        )
    k, r, lam = int(sizes[0]), int(per_algorithm[0]), int(meetings[0])
    df_den = b * k - b - t + 1
    if df_den < 1:
        raise ValueError(f"too few data sets for Durbin's F: bk - b - t + 1 = {df_den}")
    return Design(k, r, lam, df_den)


class Parts(NamedTuple):
    t1: np.ndarray  # Durbin's chi-square (...)
    t2: np.ndarray  # Conover's F (...)
    rank_sums: np.ndarray  # R_j (..., t)
    residual: np.ndarray  # A - C (...)


def parts(ranks: np.ndarray, observed: np.ndarray, tie_correction: bool) -> Parts:
    """T1, T2, the rank sums and A - C of each table, vectorised over the leading axes of
    ``ranks`` and ``observed`` (..., b, t) (each a BIBD: :func:`design`)."""
    import numpy as np

    b, t = observed.shape[-2:]
    k = observed.sum(axis=-1)[..., 0]
    r = observed.sum(axis=-2)[..., 0]
    rank_sums = np.nansum(ranks, axis=-2)
    squares = (
        np.nansum(ranks**2, axis=(-2, -1))
        if tie_correction
        else b * k * (k + 1) * (2 * k + 1) / 6.0
    )
    c = b * k * (k + 1) ** 2 / 4.0
    t1 = statistic_ratio((t - 1) * (np.sum(rank_sums**2, axis=-1) - r * c), squares - c)
    t2 = statistic_ratio(t1 / (t - 1) * (b * k - b - t + 1), b * (k - 1) - t1)
    return Parts(t1, t2, rank_sums, np.asarray(squares - c))


def _check(blocks: Blocks) -> None:
    """ValueError unless the scored cells form a BIBD (:func:`design`)."""
    design(blocks.observed)


def _f(t1: float, blocks: Blocks) -> float:
    """Conover's T2 from Durbin's T1: (T1/(t-1)) / ((b(k-1) - T1)/(bk - b - t + 1))."""
    b, t = blocks.observed.shape
    d = design(blocks.observed)
    return float(statistic_ratio(t1 / (t - 1) * d.df_den, b * (d.block_size - 1) - t1))


def _posthoc(
    blocks: Blocks, tie_correction: bool, first: np.ndarray, second: np.ndarray
) -> PairTests:
    """Conover's t of each pair, with bk - b - t + 1 degrees of freedom."""
    import numpy as np
    from scipy import stats

    d = design(blocks.observed)
    du = parts(blocks.ranks, blocks.observed, tie_correction)
    b = blocks.ranks.shape[0]
    spread = du.residual * 2 * d.replications / d.df_den * (1 - du.t1 / (b * (d.block_size - 1)))
    z = ratio(
        du.rank_sums[second] - du.rank_sums[first],
        np.full(first.size, np.sqrt(max(float(spread), 0.0))),
    )
    pvalue = np.minimum(2.0 * stats.t.sf(np.abs(z), d.df_den), 1.0)
    return PairTests(du.rank_sums / d.replications, z, pvalue)


def _statistic(ranks: np.ndarray, observed: np.ndarray, tie_correction: bool) -> np.ndarray:
    return parts(ranks, observed, tie_correction).t1


DURBIN = register(
    IncompleteTest(
        name="durbin",
        display="Durbin",
        ranks_name="Durbin ranks",
        statistic=_statistic,
        df=lambda blocks: (blocks.ranks.shape[1] - 1,),
        posthoc=_posthoc,
        check=_check,
        derived=(
            BlockDerived(
                "durbin_f",
                "Durbin (Conover's F)",
                _f,
                "F",
                lambda blocks: (blocks.ranks.shape[1] - 1, design(blocks.observed).df_den),
            ),
        ),
        t_statistic="Conover's t statistic",
        posthoc_df=lambda blocks: design(blocks.observed).df_den,
    )
)
