"""The Friedman Aligned Ranks test (Hodges & Lehmann 1962; G10 Sec. 4.1), as a registered
rank test.

W = the aligned ranks: the aligned observations x_ij - mean_i (each score minus its data set's
mean) ranked jointly over all kN of them (1 = best, average ranks for ties decided at the data
precision). A permutation of a data set's scores moves its aligned observations with them (the
mean does not change), so W permutes within data sets as the permutation engine needs.
T = (k-1)[sum_j R^_j^2 - (kN^2/4)(kN+1)^2] / ([kN(kN+1)(2kN+1)/6] - (1/k) sum_i R^_i^2)
(G10 eq. 7) ~ chi-square(k - 1).

Post-hoc SE of a difference of average aligned ranks: by default (``se="calibrated"``)
the permutation SE given each data set's aligned ranks, sqrt(2k/(k-1) sum_i s_i^2)/N (s_i^2 the
population variance of the k aligned ranks of data set i); ``se="garcia2010"``
sqrt(k(kN+1)/6), with which G10 Table 10 was computed (its eq. 21 misprints it as
sqrt(k(N+1)/6)), about sqrt((k-1)/k) too small (tests/test_posthoc_calibration.py).

References: G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064;
Hodges & Lehmann (1962), Ann. Math. Statist. 33:482-497.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from multicomp._internal.ranks import aligned_ranks, permutation_se, statistic_ratio
from multicomp.ranktests.base import RankTest, register

if TYPE_CHECKING:
    import numpy as np

__all__ = ["AlignedStatistic", "statistic"]


class AlignedStatistic(NamedTuple):
    statistic: np.ndarray  # T of each table
    algorithm_totals: np.ndarray  # R^_j, rank total of each algorithm (..., k)
    dataset_totals: np.ndarray  # R^_i, rank total of each data set (..., N)


def statistic(ranks: np.ndarray, tie_correction: bool = True) -> AlignedStatistic:
    """The Friedman Aligned Ranks statistic of aligned ranks (..., N, k), G10 eq. (7).

    With ``tie_correction`` the term kN(kN+1)(2kN+1)/6 (the sum of squared ranks 1..kN) is
    replaced by the sum of the squared aligned ranks, which equals it without ties. If the
    denominator vanishes the statistic is infinite.
    """
    import numpy as np

    ranks = np.asarray(ranks, dtype=np.float64)
    n, k = ranks.shape[-2:]
    kn = k * n
    by_algorithm = ranks.sum(axis=-2)
    by_dataset = ranks.sum(axis=-1)
    squares = (
        np.sum(ranks**2, axis=(-2, -1)) if tie_correction else kn * (kn + 1) * (2 * kn + 1) / 6.0
    )
    numerator = (k - 1) * (np.sum(by_algorithm**2, axis=-1) - k * n * n / 4.0 * (kn + 1) ** 2)
    denominator = squares - np.sum(by_dataset**2, axis=-1) / k
    return AlignedStatistic(statistic_ratio(numerator, denominator), by_algorithm, by_dataset)


def _calibrated(table: np.ndarray | None, k: int, n: int) -> np.ndarray:
    if table is None:
        raise ValueError(
            "the calibrated aligned-ranks SE needs each data set's aligned ranks: pass data, "
            "or se='garcia2010' (SE = sqrt(k(kN+1)/6), as G10 Table 10) with ranks="
        )
    return permutation_se(table)


def _garcia2010(table: np.ndarray | None, k: int, n: int) -> np.ndarray:
    import numpy as np

    return np.asarray(np.sqrt(k * (k * n + 1) / 6.0))


ALIGNED = register(
    RankTest(
        name="aligned",
        display="Friedman Aligned Ranks",
        ranks_name="aligned ranks",
        rank_label="average_aligned_rank",
        table=aligned_ranks,
        statistic=lambda table, tie_correction: statistic(table, tie_correction).statistic,
        distribution="chi2",
        df=lambda n, k: (k - 1,),
        total=float,
        unit=lambda n: 2.0 * n,  # rank sums are multiples of 1/2
        top=lambda k, n: float(k * n),  # aligned ranks run from 1 to kN
        se={"calibrated": _calibrated, "garcia2010": _garcia2010},
        kernel=True,  # S-monotone statistic of quarter-unit ranks
    )
)
