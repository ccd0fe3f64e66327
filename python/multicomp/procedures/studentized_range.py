"""The upper tail of the studentized range with infinite degrees of freedom, P(Q_{k,inf} >= q),
for many q at once: Nemenyi's adjusted p-values of k(k-1)/2 pairs (:mod:`multicomp.procedures.all_pairs`).

Q_{k,inf} is the range of k independent standard normal variables. Conditioning on the
largest, at z, the others lie in (z - q, z) when the range is below q, so (Hartley 1942;
Lund & Lund 1983, eq. 1 with infinite degrees of freedom)

    P(Q >= q) = k int phi(z) Phi(z)^(k-1) [1 - (1 - r(z, q))^(k-1)] dz,  r = Phi(z - q) / Phi(z),

and the bracket is computed as ``-expm1((k - 1) log1p(-r))``: every term is positive, so the tail
keeps its relative accuracy far beyond the 1e-16 of ``1 - cdf`` (scipy's
``studentized_range.sf`` integrates the cdf, one adaptive quadrature per value). The integral
is a fixed composite Gauss-Legendre rule over z (panels of 1/4, 12 nodes each, from -12 to
q/2 + 12, where the integrand peaks for large q), vectorised over q, fits Chebyshev series of
``log P`` on unit panels of q (degree 24, once per k and panel, cached); each q is read from
its panel's series, so the cost no longer grows with the number of pairs: k = 1000 (61,000 distinct q
among 499,500 pairs) takes about 0.15 s, where scipy takes 6 s.
tests/test_studentized_range.py checks the rule against the closed form at k = 2 and scipy,
and the series against the rule (relative differences below 1e-11).

References
----------
Hartley (1942), The range in random samples, Biometrika 32:334-348.
Lund & Lund (1983), Algorithm AS 190: Probabilities and upper quantiles for the studentized
range, Applied Statistics 32:204-210.
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

__all__ = ["range_sf"]

_LOW = -12.0  # below, phi(z) Phi(z - q) is negligible against the integrand's peak
_PANEL = 0.25  # width of a Gauss-Legendre panel in z
_Q_PANEL = 1.0  # width of a Chebyshev panel in q
_DEGREE = 24  # Chebyshev degree on each panel of q
_CHUNK = 1 << 21  # integrand values per block (memory bound: 16 MiB per array)
# Beyond, the tail underflows: it is at most the union bound k(k-1)/2 * 2 Phi(-q / sqrt 2),
# below 1e-680 at q = 80 for any k up to 1e8.
_UNDERFLOW = 80.0


def _z_rule(q_max: float) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Nodes and weights of the composite Gauss-Legendre rule over [_LOW, q_max/2 + 12]."""
    import numpy as np

    high = max(q_max / 2.0, 6.0) + 12.0
    starts = np.arange(_LOW, high, _PANEL)
    unit_nodes, unit_weights = np.polynomial.legendre.leggauss(12)
    nodes = (starts[:, None] + _PANEL / 2.0 * (unit_nodes[None, :] + 1.0)).ravel()
    weights = np.tile(unit_weights * _PANEL / 2.0, len(starts))
    return nodes, weights


def _integrate(q: NDArray[np.float64], k: int, q_max: float) -> NDArray[np.float64]:
    """P(Q_{k,inf} >= q) by the rule of :func:`_z_rule` for ``q_max``, for 0 < q <= q_max
    (module docstring)."""
    import numpy as np
    from scipy import special

    z, w = _z_rule(q_max)
    log_cdf = special.log_ndtr(z)
    log_w = math.log(k) - 0.5 * z * z - 0.5 * math.log(2.0 * math.pi) + (k - 1) * log_cdf
    keep = log_w > -745.0  # exp underflows below: those nodes add nothing
    z, w, log_cdf, log_w = z[keep], w[keep], log_cdf[keep], log_w[keep]
    out = np.empty(len(q))
    step = max(1, _CHUNK // len(z))
    for start in range(0, len(q), step):
        block = q[start : start + step, None]
        ratio = np.exp(special.log_ndtr(z[None, :] - block) - log_cdf[None, :])
        with np.errstate(divide="ignore"):  # ratio 1 (q = 0): log1p(-1) = -inf, bracket 1
            bracket = -np.expm1((k - 1) * np.log1p(-np.minimum(ratio, 1.0)))
        out[start : start + step] = (w * np.exp(log_w) * bracket).sum(axis=1)
    return np.minimum(out, 1.0)


@functools.cache
def _chebyshev() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The angles of the Chebyshev points of the first kind and the matrix that turns values
    there into coefficients (computed on first use: importing the registries loads no numpy)."""
    import numpy as np

    theta = np.pi * (np.arange(_DEGREE + 1) + 0.5) / (_DEGREE + 1)
    cosines = np.cos(np.outer(theta, np.arange(_DEGREE + 1))) * (2.0 / (_DEGREE + 1))
    cosines[:, 0] /= 2.0
    return theta, cosines


@functools.lru_cache(maxsize=4096)
def _coefficients(k: int, panel: int) -> NDArray[np.float64]:
    """The Chebyshev coefficients of log P(Q_{k,inf} >= q) on the q panel
    [panel, panel + 1) * ``_Q_PANEL``, fitted at the Chebyshev points of the first kind by
    :func:`_integrate` (a tail that underflows stays at exp(-745), below any float's 0);
    they depend on ``k`` and ``panel`` alone, so each value's tail does not depend on the
    others computed with it."""
    import numpy as np

    theta, cosines = _chebyshev()
    low = panel * _Q_PANEL
    nodes = low + _Q_PANEL / 2.0 * (1.0 + np.cos(theta))
    with np.errstate(divide="ignore"):
        values = np.log(_integrate(nodes, k, low + _Q_PANEL))
    coefficients = np.maximum(values, -745.0) @ cosines
    coefficients.setflags(write=False)
    return np.asarray(coefficients, dtype=np.float64)


def _log_sf(q: NDArray[np.float64], k: int) -> NDArray[np.float64]:
    """log P(Q_{k,inf} >= q) for 0 < q <= ``_UNDERFLOW``: Clenshaw's sum of the Chebyshev
    series of each value's panel (:func:`_coefficients`)."""
    import numpy as np

    panel = np.minimum((q / _Q_PANEL).astype(np.int64), int(_UNDERFLOW / _Q_PANEL) - 1)
    used, which = np.unique(panel, return_inverse=True)
    table = np.stack([_coefficients(k, int(i)) for i in used])[which]
    t = (q - (panel + 0.5) * _Q_PANEL) / (_Q_PANEL / 2.0)
    b1 = np.zeros(len(q))
    b2 = np.zeros(len(q))
    for j in range(_DEGREE, 0, -1):
        b1, b2 = table[:, j] + 2.0 * t * b1 - b2, b1
    return np.asarray(table[:, 0] + t * b1 - b2, dtype=np.float64)


def range_sf(q: NDArray[np.float64], k: int) -> NDArray[np.float64]:
    """P(Q_{k,inf} >= q), the upper tail of the range of k standard normal variables, for an
    array ``q`` (1 for q <= 0, 0 beyond 80 where it underflows).

    Parameters
    ----------
    q : ndarray of float
        The values; NaN is not allowed.
    k : int
        The number of means, at least 2.

    Returns
    -------
    ndarray of float
        The tail probabilities, in the shape of ``q``; relative accuracy about 1e-10 where
        they exceed 1e-300 (tests/test_studentized_range.py), 0 below.

    Examples
    --------
    >>> import numpy as np
    >>> from multicomp.procedures.studentized_range import range_sf
    >>> q = np.array([0.0, 3.314493])  # 3.314493: the 5% point for k = 3 (Demsar's 2.343 sqrt 2)
    >>> print(np.round(range_sf(q, 3), 6))
    [1.   0.05]
    >>> print(np.round(range_sf(np.array([4.474124]), 10), 6))  # and for k = 10 (3.164 sqrt 2)
    [0.05]
    """
    import numpy as np

    values = np.asarray(q, dtype=np.float64)
    distinct, where = np.unique(values, return_inverse=True)
    positive = (distinct > 0.0) & (distinct <= _UNDERFLOW)
    out = np.where(distinct > _UNDERFLOW, 0.0, 1.0)
    if positive.any():
        with np.errstate(under="ignore"):
            out[positive] = np.minimum(np.exp(_log_sf(distinct[positive], k)), 1.0)
    return out[where.reshape(values.shape)]
