"""The upper tail of the largest of m equicorrelated standard normal variables, for many
thresholds at once: the single-step (Dunnett-type) adjusted p-values of m comparisons with a
control (:mod:`multicomp.procedures.control`).

The z statistics of m = k - 1 comparisons with a control on the average ranks of k algorithms
share the control's rank: under the null hypothesis their correlation is 1/2 (with exchangeable
ranks, Var(R_j) = v and Cov(R_j, R_l) = -v/(k-1), so Cov(R_c - R_j, R_c - R_l) = vk/(k-1),
half of Var(R_c - R_j)). Equicorrelated normal variables with correlation rho >= 0 are
Z_j = sqrt(rho) W + sqrt(1 - rho) E_j with W, E_1, ..., E_m independent standard normal, so
conditioning on W = z (Dunnett 1955, Sec. 3; Hochberg & Tamhane 1987, Ch. 3, eq. 2.2)

    P(max_j |Z_j| >= c) = int phi(z) [1 - A(z)^m] dz,
    A(z) = Phi((c + sqrt(rho) z)/sqrt(1 - rho)) - Phi((-c + sqrt(rho) z)/sqrt(1 - rho)),

    P(max_j Z_j >= t) = int phi(z) [1 - Phi((t - sqrt(rho) z)/sqrt(1 - rho))^m] dz.

The brackets are computed as ``-expm1(m log1p(-b))`` with b = 1 - A(z) a sum of two normal
tails, and as ``-expm1(m log_ndtr(.))``: every term is positive, so a small tail keeps its
relative accuracy (``1 - pmvnorm`` loses it below 1e-16). The integrand of a threshold c peaks
near z = sqrt(rho) c (and -sqrt(rho) c, two-sided; the integrand is then even, and the rule
covers z >= 0), with a width of order 1: each threshold gets its own composite Gauss-Legendre
rule of fixed size over [min(0, s) - 12, max(0, s) + 12], s = sqrt(rho) c, in panels of at most
1/4. The cost does not grow with m (it is an exponent). tests/test_single_step.py checks the rule
against scipy's adaptive quadrature of the same integral, scipy's ``multivariate_normal.cdf``
and simulation.

References
----------
Dunnett (1955), A multiple comparison procedure for comparing several treatments with a
control, J. Am. Stat. Assoc. 50:1096-1121.
Hochberg & Tamhane (1987), Multiple Comparison Procedures, Wiley.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__ = ["RHO", "max_normal_sf"]

#: The correlation of the z statistics of two comparisons with the same control on average
#: ranks (module docstring).
RHO = 0.5
_HALF_WIDTH = 12.0  # beyond, phi(z) times the bracket is negligible against the peak
_LARGEST = 40.0  # |threshold| beyond which the tail is below 1e-300 for any m up to 1e8
_PANELS = 4 * int(2 * _HALF_WIDTH + math.sqrt(RHO) * _LARGEST + 1)  # panels of <= 1/4
_CHUNK = 256  # thresholds per block (memory: 256 x 4,000 nodes)


@functools.cache
def _unit_rule() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The nodes and weights of a composite rule on [0, 1]: ``_PANELS`` panels of 12
    Gauss-Legendre nodes (computed on first use: importing the registries loads no numpy)."""
    import numpy as np

    nodes, weights = np.polynomial.legendre.leggauss(12)
    unit_nodes = ((np.arange(_PANELS)[:, None] + (nodes[None, :] + 1.0) / 2.0) / _PANELS).ravel()
    return unit_nodes, np.tile(weights / (2.0 * _PANELS), _PANELS)


def max_normal_sf(
    threshold: NDArray[np.float64], m: int, *, two_sided: bool, rho: float = RHO
) -> NDArray[np.float64]:
    """P(max_j |Z_j| >= c) (``two_sided``) or P(max_j Z_j >= t) of m standard normal
    variables with common correlation ``rho``, for an array of thresholds.

    Parameters
    ----------
    threshold : ndarray of float
        c >= 0 (two-sided) or any t; NaN is not allowed.
    m : int
        The number of variables, at least 1.
    two_sided : bool
        Whether the largest absolute value (True) or the largest value is meant.
    rho : float
        The common correlation, in [0, 1).

    Returns
    -------
    ndarray of float
        The tail probabilities in the shape of ``threshold``: 1 at c = 0 (two-sided) or
        t = -inf, 0 at infinity; relative accuracy about 1e-12 where they exceed 1e-300.

    Examples
    --------
    >>> import numpy as np
    >>> from multicomp.procedures.equicorrelated import max_normal_sf
    >>> # Dunnett's (1955) 5% points for 4 comparisons and infinite df: 2.44 and 2.16
    >>> print(np.round(max_normal_sf(np.array([2.4418]), 4, two_sided=True), 4))
    [0.05]
    >>> print(np.round(max_normal_sf(np.array([2.1603]), 4, two_sided=False), 4))
    [0.05]
    >>> print(np.round(max_normal_sf(np.array([1.959964]), 1, two_sided=True), 6))
    [0.05]
    """
    import numpy as np

    values = np.asarray(threshold, dtype=np.float64)
    distinct, where = np.unique(values, return_inverse=True)
    out = np.empty(distinct.size)
    for start in range(0, distinct.size, _CHUNK):
        block = distinct[start : start + _CHUNK]
        out[start : start + _CHUNK] = _integrate(block, m, two_sided, rho)
    return np.asarray(out[where.reshape(values.shape)], dtype=np.float64)


def _integrate(
    threshold: NDArray[np.float64], m: int, two_sided: bool, rho: float
) -> NDArray[np.float64]:
    """The tails of a block of distinct thresholds by their own rules (module docstring)."""
    import numpy as np
    from scipy import special

    unit_nodes, unit_weights = _unit_rule()
    finite = np.clip(threshold, -_LARGEST, _LARGEST)
    shift = math.sqrt(rho) * finite
    low = np.zeros_like(shift) if two_sided else np.minimum(shift, 0.0) - _HALF_WIDTH
    high = np.maximum(shift, 0.0) + _HALF_WIDTH
    width = (high - low)[:, None]
    z = low[:, None] + width * unit_nodes[None, :]
    scale = math.sqrt(1.0 - rho)
    centre = math.sqrt(rho) * z
    c = finite[:, None]
    with np.errstate(divide="ignore"):
        if two_sided:  # 1 - A = Phi(-(c + s z)/r) + Phi((-c + s z)/r)
            outside = special.ndtr(-(c + centre) / scale) + special.ndtr((centre - c) / scale)
            log_inside = np.log1p(-np.minimum(outside, 1.0))
        else:
            log_inside = special.log_ndtr((c - centre) / scale)
        bracket = -np.expm1(m * log_inside)
    density = np.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    tail = (width * unit_weights[None, :] * density * bracket).sum(axis=1)
    if two_sided:
        tail *= 2.0  # the integrand is even in z
    tail = np.where(threshold >= _LARGEST, 0.0, tail)
    return np.asarray(np.clip(tail, 0.0, 1.0), dtype=np.float64)
