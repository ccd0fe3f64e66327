"""Friedman's test and Iman and Davenport's F form of it, as a registered rank test.

W = the Friedman ranks r_ij (1 = best within each data set, average ranks for ties);
chi2_F = 12N/(k(k+1)) [sum_j R_j^2 - k(k+1)^2/4] (D06 eq. 2, G10 eq. 3) ~ chi-square(k - 1);
F_F = (N-1) chi2_F / (N(k-1) - chi2_F) ~ F(k - 1, (k - 1)(N - 1)) (Iman & Davenport 1980),
derived from chi2_F. The post-hoc SE of a difference of average ranks is sqrt(k(k+1)/(6N))
(D06 Sec. 3.2.2, G10 eq. 20).

References: D06 = Demsar (2006), JMLR 7:1-30; G10 = Garcia, Fernandez, Luengo & Herrera (2010),
Inf. Sci. 180:2044-2064; Iman & Davenport (1980), Comm. Statist. A 9:571-595.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from multicomp._internal.ranks import friedman_ranks, statistic_ratio
from multicomp.ranktests.base import Derived, RankTest, register

if TYPE_CHECKING:
    import numpy as np

__all__ = ["chi2", "iman_davenport_f"]


def chi2(ranks: np.ndarray, tie_correction: bool = True) -> np.ndarray:
    """Friedman's statistic of within-row ranks (..., N, k), one per table.

    With ``tie_correction`` it is divided by 1 - sum(t^3 - t)/(N k (k^2 - 1)) (t = sizes of
    tie groups within rows), as scipy.stats.friedmanchisquare and R's friedman.test do. Rows
    that are entirely tied carry no information; if all are, the statistic is 0.
    """
    import numpy as np

    ranks = np.asarray(ranks, dtype=np.float64)
    n, k = ranks.shape[-2:]
    # Sums of squares of multiples of 1/2 are exact in any order: einsum, without a temporary.
    rank_sums = ranks.sum(axis=-2)  # exact (multiples of 1/2), unlike the averages
    squares = np.einsum("...j,...j->...", rank_sums, rank_sums)
    value = 12.0 / (n * k * (k + 1)) * squares - 3.0 * n * (k + 1)
    if tie_correction:
        # sum over tie groups of t^3 - t, from the squared average ranks of each row, which fall
        # short of k(k+1)(2k+1)/6 by sum(t^3 - t)/12 (exact: ranks are multiples of 1/2)
        ties = 2.0 * n * k * (k + 1) * (2 * k + 1) - 12.0 * np.einsum(
            "...ij,...ij->...", ranks, ranks
        )
        denominator = 1.0 - ties / (n * k * (k * k - 1))
        positive = denominator > 0
        value = np.where(positive, value / np.where(positive, denominator, 1.0), 0.0)
    return np.asarray(np.maximum(value, 0.0))


def iman_davenport_f(chi2_f: np.ndarray, n: int, k: int) -> np.ndarray:
    """F_F = (N-1) chi2_F / (N(k-1) - chi2_F), infinite when every data set ranks the
    algorithms identically."""
    import numpy as np

    return statistic_ratio((n - 1) * np.asarray(chi2_f), n * (k - 1) - np.asarray(chi2_f))


def _se(table: np.ndarray | None, k: int, n: int) -> np.ndarray:
    import numpy as np

    return np.asarray(np.sqrt(k * (k + 1) / (6.0 * n)))


FRIEDMAN = register(
    RankTest(
        name="friedman",
        display="Friedman",
        ranks_name="Friedman ranks",
        rank_label="average_rank",
        table=friedman_ranks,
        statistic=chi2,
        distribution="chi2",
        df=lambda n, k: (k - 1,),
        total=float,
        unit=lambda n: 2.0 * n,  # rank sums are multiples of 1/2
        top=lambda k, n: float(k),
        se={"calibrated": _se},
        kernel=True,  # S-monotone statistic of quarter-unit ranks
        derived=(
            Derived(
                "iman_davenport",
                "Iman-Davenport",
                iman_davenport_f,
                "F",
                lambda n, k: (k - 1, (k - 1) * (n - 1)),
            ),
        ),
    )
)
