"""Quade's test (Quade 1979; G10 Sec. 4.2, eqs. 11-19), as a registered rank test.

Data sets are ranked by their sample range (Q_i, 1 = smallest, ranges compared at the data
precision); r_ij are the Friedman ranks (1 = best). W_ij = Q_i r_ij (eq. 17): a permutation of
a data set's scores permutes its r_ij and leaves its range, so W permutes within data sets.
S_ij = Q_i(r_ij - (k+1)/2) (eq. 12), B = (1/N) sum_j S_j^2 (eq. 15), A2 = sum_ij S_ij^2
(Conover; eq. 14's N(N+1)(2N+1)k(k+1)(k-1)/72 without ``tie_correction``) and
T3 = (N-1)B/(A2-B) ~ F(k-1, (k-1)(N-1)) (eq. 16), infinite when A2 = B.

Post-hoc on Quade's T_j = W_j/(N(N+1)/2): by default (``se="calibrated"``) the
permutation SE given each data set's ranks, sqrt(2k/(k-1) sum_i Q_i^2 v_i)/(N(N+1)/2) (v_i the
population variance of the ranks of data set i), which without ties, and from published ranks,
is sqrt(k(k+1)(2N+1)/(9N(N+1))); ``se="garcia2010"`` G10 eq. (22),
sqrt(k(k+1)(2N+1)(k-1)/(18N(N+1))), sqrt((k-1)/2) times the null SE
(tests/test_posthoc_calibration.py).

References: G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064;
Quade (1979), JASA 74:680-683; Conover (1999), Practical Nonparametric Statistics, 3rd ed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from multicomp._internal.ranks import friedman_ranks, permutation_se, range_ranks, statistic_ratio
from multicomp.ranktests.base import RankTest, register

if TYPE_CHECKING:
    import numpy as np

__all__ = ["QuadeParts", "parts", "table"]


class QuadeParts(NamedTuple):
    S: np.ndarray  # S_ij = Q_i (r_ij - (k+1)/2), eq. (12)
    W: np.ndarray  # W_ij = Q_i r_ij, eq. (17)
    S_j: np.ndarray
    W_j: np.ndarray
    T_j: np.ndarray  # W_j / (n(n+1)/2), eq. (18): Quade's average rank of algorithm j
    A2: np.ndarray
    B: np.ndarray
    statistic: np.ndarray  # T3 = (n-1)B/(A2-B), eq. (16)


def parts(ranks: np.ndarray, dataset_ranks: np.ndarray, tie_correction: bool = True) -> QuadeParts:
    """Quade's statistic from within-row ranks r_ij (..., N, k) and data-set ranks Q_i
    (..., N), G10 eqs. (12)-(18), one per table."""
    import numpy as np

    ranks = np.asarray(ranks, dtype=np.float64)
    q = np.asarray(dataset_ranks, dtype=np.float64)[..., None]
    n, k = ranks.shape[-2:]
    s = q * (ranks - (k + 1) / 2.0)
    w = q * ranks
    s_j = s.sum(axis=-2)
    w_j = w.sum(axis=-2)
    if tie_correction:
        a2 = np.sum(s**2, axis=(-2, -1))
    else:
        a2 = np.asarray(n * (n + 1) * (2 * n + 1) * k * (k + 1) * (k - 1) / 72.0)
    b = np.sum(s_j**2, axis=-1) / n
    t = w_j / (n * (n + 1) / 2.0)
    return QuadeParts(s, w, s_j, w_j, t, a2, b, statistic_ratio((n - 1) * b, a2 - b))


def table(scores: np.ndarray) -> np.ndarray:
    """W_ij = Q_i r_ij of oriented scores (..., N, k)."""
    import numpy as np

    return np.asarray(range_ranks(scores)[..., None] * friedman_ranks(scores))


def _statistic(w: np.ndarray, tie_correction: bool) -> np.ndarray:
    """T3 of tables W (..., N, k): Q_i = sum_j W_ij / (k(k+1)/2) and r_ij = W_ij / Q_i, both
    exact (W holds multiples of 1/4)."""
    k = w.shape[-1]
    q = w.sum(axis=-1) / (k * (k + 1) / 2.0)
    return parts(w / q[..., None], q, tie_correction).statistic


def _calibrated(w: np.ndarray | None, k: int, n: int) -> np.ndarray:
    import numpy as np

    if w is None:  # published ranks: the no-ties form (ties only make the SE smaller)
        return np.asarray(np.sqrt(k * (k + 1) * (2 * n + 1) / (9.0 * n * (n + 1))))
    return permutation_se(w, n * (n + 1) / 2.0)


def _garcia2010(w: np.ndarray | None, k: int, n: int) -> np.ndarray:
    import numpy as np

    return np.asarray(np.sqrt((k - 1) / 2.0 * k * (k + 1) * (2 * n + 1) / (9.0 * n * (n + 1))))


QUADE = register(
    RankTest(
        name="quade",
        display="Quade",
        ranks_name="Quade ranks",
        rank_label="T",
        table=table,
        statistic=_statistic,
        distribution="F",
        df=lambda n, k: (k - 1, (k - 1) * (n - 1)),
        total=lambda n: n * (n + 1) / 2.0,
        unit=lambda n: 2.0 * n * (n + 1),  # W_j are multiples of 1/4
        top=lambda k, n: float(k),
        se={"calibrated": _calibrated, "garcia2010": _garcia2010},
        kernel=True,  # S-monotone statistic of quarter-unit ranks
    )
)
