"""Contrast estimation based on medians (Doksum 1967; G10 Sec. 3.3).

Reference: G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064,
Sec. 3.3, eqs. (5)-(6), Tables 5 and 6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from multicomp._internal import tables as _tables
from multicomp._internal.ranks import difference
from multicomp.data.decorators import TableOptions, takes_scores
from multicomp.data.scores import Scores

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ContrastResult", "contrast_estimation"]


@dataclass(frozen=True)
class ContrastResult(_tables.NotebookView):
    """Median-based contrast estimates (G10 Sec. 3.3).

    Attributes
    ----------
    estimates : pandas.DataFrame
        k x k table, entry (u, v) the estimate m_u - m_v of M_u - M_v (row minus column,
        G10 Table 6).
    m : pandas.Series
        m_u = (1/k) sum_j Z_uj (G10 eq. 5).
    medians : pandas.DataFrame
        Z_uv, the median over the data sets of x_iu - x_iv (Z_uu = 0, Z_vu = -Z_uv).
    differences : pandas.DataFrame
        The differences x_iu - x_iv the medians are taken of.
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.

    References
    ----------
    Doksum (1967), Robust procedures for some linear models with one observation per cell,
    Ann. Math. Statist. 38:878-883.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.contrast_estimation(scores)
    >>> print(res)
    Contrast estimation (N = 14, k = 4): estimates of M_row - M_column
                 C4.5   C4.5+m  C4.5+cf  C4.5+m+cf
    C4.5            0 -0.01025 -0.00375    -0.0145
    C4.5+m    0.01025        0   0.0065   -0.00425
    C4.5+cf   0.00375  -0.0065        0   -0.01075
    C4.5+m+cf  0.0145  0.00425  0.01075          0
    """

    estimates: pd.DataFrame
    m: pd.Series
    medians: pd.DataFrame = field(repr=False)
    differences: pd.DataFrame = field(repr=False)
    omitted: tuple[str, ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """The k x k table of estimates (row minus column)."""
        return self.estimates

    def __str__(self) -> str:
        omitted = f"\nomitted (incomplete): {', '.join(self.omitted)}" if self.omitted else ""
        return (
            f"Contrast estimation (N = {len(self.differences)}, k = {len(self.m)}): "
            "estimates of M_row - M_column\n"
            f"{self.estimates.to_string(float_format='{:.4g}'.format)}{omitted}"
        )


@takes_scores(TableOptions)
def contrast_estimation(
    data: Scores,
    **reading: Unpack[TableOptions],
) -> ContrastResult:
    """Contrast estimation based on medians (G10 Sec. 3.3, eqs. 5-6; Doksum 1967).

    For every pair u < v, D_i(uv) = x_iu - x_iv (at data precision) and Z_uv = median_i D_i(uv)
    (mean of the two middle values for even N). m_u = (1/k) sum_j Z_uj, and the estimate of
    M_u - M_v is m_u - m_v.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman` (the orientation does not matter).

    Returns
    -------
    ContrastResult
        ``estimates`` in the units of the scores (positive = row larger); ``differences``
        holds the D_i(uv) (G10 Table 5, columns ``'u - v'``).

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.contrast_estimation(scores)
    >>> res.estimates.round(4)
                 C4.5  C4.5+m  C4.5+cf  C4.5+m+cf
    C4.5       0.0000 -0.0102  -0.0037    -0.0145
    C4.5+m     0.0102  0.0000   0.0065    -0.0042
    C4.5+cf    0.0037 -0.0065   0.0000    -0.0107
    C4.5+m+cf  0.0145  0.0042   0.0107     0.0000
    """
    scores = data
    x = scores.values
    k = scores.n_algorithms
    names = list(scores.algorithms)
    z = np.zeros((k, k))
    columns = {}
    for u in range(k):
        for v in range(u + 1, k):
            d = difference(x[:, u], x[:, v])
            columns[f"{names[u]} - {names[v]}"] = d
            z[u, v] = float(np.median(d))
            z[v, u] = -z[u, v]
    m = z.mean(axis=1)
    estimates = m[:, None] - m[None, :]
    return ContrastResult(
        estimates=pd.DataFrame(estimates, index=names, columns=names),
        m=pd.Series(m, index=names, name="m"),
        medians=pd.DataFrame(z, index=names, columns=names),
        differences=pd.DataFrame(columns, index=list(scores.datasets)),
        omitted=scores.omitted,
    )
