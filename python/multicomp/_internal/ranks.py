"""Rankings behind the Friedman family: Friedman ranks, aligned ranks, Quade's weighted ranks.

All functions take plain float arrays oriented so that larger = better (``Scores.oriented()``)
and return arrays; the public modules wrap them in labelled results. References:
G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

Ties are decided at the precision of the data: derived quantities (aligned observations,
sample ranges, differences) are snapped by :func:`at_data_precision` before ranking, so that
floating-point noise (0.795 - 0.752 != 0.745 - 0.702 in float64) does not break real ties.
The precision is that of the scores each value derives from (its data set, or the two scores
of a difference), never of the whole table: a data set measured in other units does not
change how ties are decided in another, and a shift of all scores changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike


# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

#: Significant digits, relative to the magnitude of the scores a derived value comes from, at
#: which derived values are compared: float64 noise of a difference or a mean of k scores is a
#: few units in 1e-16 of that magnitude, two orders of magnitude below 1e-12 * magnitude.
DATA_DIGITS = 12

#: Powers of ten that float64 holds exactly (10^0 .. 10^22).
_EXACT_POWERS = tuple(float(10**i) for i in range(23))


def at_data_precision(
    x: np.ndarray, scale: float | np.ndarray, digits: int = DATA_DIGITS
) -> np.ndarray:
    """Round derived values ``x`` to ``digits`` significant digits relative to ``scale``.

    ``scale`` (broadcast against ``x``, element by element) is the magnitude of the scores each
    value derives from. A value is rounded to the decimal place 10^(floor(log10 scale) - digits),
    onto the nearest float of a decimal number, so values that agree at that precision become
    exactly equal, whatever their scale: ties that exist in decimal data survive floating-point
    arithmetic. Values with a zero or non-finite scale are returned as they are. Returns a new
    array; never NaN for finite input (scales from 1e-320 to 1e308 included).
    """
    import numpy as np

    x = np.array(x, dtype=np.float64)
    scale = np.broadcast_to(np.abs(np.asarray(scale, dtype=np.float64)), x.shape)
    usable = (scale > 0) & np.isfinite(scale) & np.isfinite(x)
    places = np.zeros(x.shape, dtype=np.int64)
    places[usable] = digits - np.floor(np.log10(scale[usable])).astype(np.int64)
    # Multiply (or divide) by an exact power of ten, round to an integer, undo: the result is
    # the float nearest to the decimal, the same for every scale that keeps that decimal.
    exact_powers = np.array(_EXACT_POWERS)
    up = usable & (places >= 0) & (places <= 22)
    power = exact_powers[places[up]]
    x[up] = np.round(x[up] * power) / power
    down = usable & (places < 0) & (places >= -22)
    power = exact_powers[-places[down]]
    x[down] = np.round(x[down] / power) * power
    for i in zip(*np.nonzero(usable & (np.abs(places) > 22))):  # beyond the exact powers: rare
        x[i] = round(float(x[i]), int(places[i]))  # Python rounds correctly at any place
    return x + 0.0  # + 0.0 turns -0.0 into 0.0


def difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a - b element by element, at the precision of its two scores (max(|a|, |b|)).

    Raises ValueError when a difference overflows float64 (scores near +-1.8e308).
    """
    import numpy as np

    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        d = a - b
    _check_finite(d, "differences of scores")
    return at_data_precision(d, np.maximum(np.abs(a), np.abs(b)))


def _check_finite(values: np.ndarray, what: str) -> None:
    import numpy as np

    if not np.all(np.isfinite(values)):
        raise ValueError(
            f"{what} overflow float64 (scores near the largest float, 1.8e308): "
            "rescale the scores (e.g. divide them by a power of ten)"
        )


def friedman_ranks(x: np.ndarray) -> np.ndarray:
    """Ranks within each row (data set) of (..., n, k) scores, 1 = largest, average ranks for
    ties (G10 Sec. 3.1): ``scipy.stats.rankdata(-x, axis=-1)``, bit for bit (ranks are
    multiples of 1/2, exact in float64), by :func:`_row_midranks` (scipy's own route for
    tables with NaN, whose rows it makes NaN)."""
    import numpy as np

    x = np.asarray(x, dtype=np.float64)
    if x.size == 0 or np.isnan(x).any():
        from scipy.stats import rankdata

        return np.asarray(rankdata(-x, axis=-1), dtype=np.float64)
    return _row_midranks(-x)


def _row_midranks(x: np.ndarray) -> np.ndarray:
    """Ascending average ranks within each row of NaN-free ``x`` (..., k), vectorised over the
    rows: one argsort of the rows, then the tie groups of the whole sorted table at once
    (measured against ``scipy.stats.rankdata``: 1.7-3.8x faster on one table of 30 x 5 to
    200 x 30, whose per-call overhead scipy's dominates; 1.2-2x on batches of 10^4 tables).
    A tie group at sorted positions s..e-1 of its row gets (s + 1 + e) / 2."""
    import numpy as np

    k = x.shape[-1]
    rows = x.reshape(-1, k)
    m = rows.shape[0]
    where = np.argsort(rows, axis=-1)
    where += np.arange(0, m * k, k)[:, None]  # positions in the flattened table
    where = where.ravel()
    ordered = rows.ravel()[where].reshape(m, k)
    new = np.empty((m, k), dtype=bool)  # where a tie group (or a row) starts
    new[:, 0] = True
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=new[:, 1:])
    starts = new.ravel()
    ranks = np.empty(m * k)
    if starts.all():  # no ties: the sorted positions
        ranks[where] = np.tile(np.arange(1.0, k + 1.0), m)
    else:
        first = np.flatnonzero(starts)
        end = np.append(first[1:], m * k)
        twice = first + 1 + end - 2 * k * (first // k)  # 2 x the group's rank, within its row
        ranks[where] = (twice / 2.0)[np.cumsum(starts) - 1]
    return ranks.reshape(x.shape)


def aligned_observations(x: np.ndarray) -> np.ndarray:
    """x_ij minus the mean of data set i over the k algorithms (G10 Sec. 4.1). ``x`` is (..., n, k).

    (k x_ij - sum_j x_ij) / k from :func:`_centred`, which decides the ties. An aligned
    observation that overflows (|x_ij - mean| > 1.8e308) is a ValueError.
    """
    import numpy as np

    centred, divisor = _centred(x)
    with np.errstate(over="ignore"):
        aligned = centred / divisor
    _check_finite(aligned, "aligned observations")
    return aligned


def aligned_ranks(x: np.ndarray) -> np.ndarray:
    """Aligned ranks of (..., n, k) scores: the kn aligned observations of each table ranked
    jointly, 1 = largest, average ties."""
    import numpy as np
    from scipy.stats import rankdata

    centred = _centred(x)[0]  # ranked as k x_ij - sum_j x_ij: exact even for subnormal scores
    flat = centred.reshape(*centred.shape[:-2], -1)
    return np.asarray(rankdata(-flat, axis=-1), dtype=np.float64).reshape(centred.shape)


def _centred(x: np.ndarray) -> tuple[np.ndarray, float]:
    """(c, d): c_ij = k x_ij - sum_j x_ij scaled so that it cannot overflow, and d with
    c / d = x_ij - mean_i.

    c is rounded at the precision of data set i (k max_j |x_ij|, :func:`at_data_precision`):
    for decimal scores it is a short decimal, so equal aligned observations of data sets of
    any magnitudes are equal floats (a mean such as 1.975/3 would be rounded at a different
    decimal place in each data set). Near the largest float the table is first scaled by a
    power of two (exact), which d undoes.
    """
    import numpy as np

    x = np.asarray(x, dtype=np.float64)
    k = x.shape[-1]
    shrink = (
        2.0 ** -np.ceil(np.log2(k)) if np.abs(x).max(initial=0.0) > np.finfo(float).max / k else 1.0
    )
    scaled = x * shrink
    centred = at_data_precision(
        k * scaled - scaled.sum(axis=-1, keepdims=True),
        k * np.abs(scaled).max(axis=-1, keepdims=True),
    )
    return centred, float(k * shrink)


def sample_ranges(x: np.ndarray) -> np.ndarray:
    """Range max_j x_ij - min_j x_ij of each data set (G10 eq. 11), at its own precision
    (:func:`difference`). ``x`` is (..., n, k)."""
    import numpy as np

    x = np.asarray(x, dtype=np.float64)
    return difference(x.max(axis=-1), x.min(axis=-1))


def range_ranks(x: np.ndarray) -> np.ndarray:
    """Quade's data-set ranks Q_i of (..., n, k) scores: ranks of the sample ranges,
    1 = smallest, average ties."""
    import numpy as np
    from scipy.stats import rankdata

    return np.asarray(rankdata(sample_ranges(x), axis=-1), dtype=np.float64)


#: Tolerance per algorithm for published average ranks, which are rounded (two decimals: 0.005).
RANK_TOLERANCE = 0.01


def check_average_ranks(
    ranks: np.ndarray, test: str, n: int, top: float | None = None, bottom: float = 1.0
) -> None:
    """ValueError unless ``ranks`` can be the average ranks of ``test`` of k algorithms over n
    data sets, ranks that run from ``bottom`` (default 1) to ``top`` (default k).

    Friedman and Quade ranks are ranks within each data set: each average lies in [1, k] and
    they sum to k(k+1)/2. Aligned ranks rank all kn observations together (``top`` = kn):
    each average lies in [1, kn] and they sum to k(kn+1)/2. Published ranks are rounded, so
    each may be off by :data:`RANK_TOLERANCE` (and the sum by k times that).
    """
    k = ranks.size
    top = float(k) if top is None else top
    low, high = float(ranks.min()), float(ranks.max())
    if low < bottom - RANK_TOLERANCE or high > top + RANK_TOLERANCE:
        raise ValueError(
            f"average ranks of {k} algorithms ({test}, {n} data sets) lie in "
            f"[{bottom:g}, {top:g}]; got values from {low:g} to {high:g}"
        )
    total, expected = float(ranks.sum()), k * (top + bottom) / 2
    if abs(total - expected) > k * RANK_TOLERANCE:
        raise ValueError(
            f"average ranks of {k} algorithms ({test}, {n} data sets) sum to "
            f"{expected:g}; got {total:g}"
        )


def permutation_se(ranks: np.ndarray, total: float | None = None) -> np.ndarray:
    """Permutation SE of a difference of two column totals divided by ``total``.

    ``ranks`` is (..., n, k): the (weighted) ranks of the k algorithms on each of n data sets;
    under the null each row is a random permutation of its values, independently of the other
    rows. A row with population variance s_i^2 (ddof 0) has Var(r_ij) = s_i^2 and
    Cov(r_ij, r_il) = -s_i^2/(k-1), so Var(r_ij - r_il) = 2k s_i^2/(k-1) and

        SE^2 = 2k/(k-1) * sum_i s_i^2 / total^2.

    Average aligned ranks: rows of aligned ranks, ``total`` = n (the default). Quade's T_j:
    rows W_ij = Q_i r_ij, ``total`` = n(n+1)/2 (= sum_i Q_i); then s_i^2 = Q_i^2 v_i with v_i
    the variance of the within-row ranks, and without ties (v_i = (k^2-1)/12) SE^2 =
    k(k+1)(2n+1)/(9n(n+1)). Ties enter through s_i^2. Leading axes broadcast (the calibration
    simulations use them: tests/test_posthoc_calibration.py).
    """
    import numpy as np

    ranks = np.asarray(ranks, dtype=np.float64)
    n, k = ranks.shape[-2:]
    total = float(n) if total is None else total
    return np.asarray(np.sqrt(2.0 * k / (k - 1) * ranks.var(axis=-1).sum(axis=-1)) / total)


def statistic_ratio(numerator: ArrayLike, denominator: ArrayLike) -> np.ndarray:
    """numerator/denominator for test statistics, elementwise: +inf for a positive numerator
    over <= 0, 0 for 0/0."""
    import numpy as np

    # A statistic is never negative; rounding can make tiny negatives of either part.
    numerator, denominator = np.asarray(numerator, float), np.asarray(denominator, float)
    vanishing = denominator <= 1e-12 * np.maximum(np.abs(numerator), 1.0)
    ratio = numerator / np.where(vanishing, 1.0, denominator)
    return np.where(vanishing, np.where(numerator > 1e-12, np.inf, 0.0), np.maximum(ratio, 0.0))
