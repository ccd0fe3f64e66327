"""The Wilcoxon signed-rank test of two algorithms over data sets (Demsar 2006, Sec. 3.1.3):
exact for few data sets, normal otherwise, with the critical values of its tables. Its
conventions are those of :mod:`multicomp.pairs.two_sample` (d = x - y, at the precision of the
data; ``r_plus`` sums the ranks where x is larger)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_bool, check_choice, check_count
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    EXACT_METHODS,
    WILCOXON_METHODS,
    ZERO_METHODS,
    Alternative,
    ExactMethod,
    NanPolicy,
    WilcoxonMethod,
    ZeroMethod,
)
from multicomp.data.given import paired_differences
from multicomp.pairs.two_sample import D06_DOC, OMITTED_DOC, normal_pvalue

__all__ = ["WilcoxonResult", "wilcoxon", "wilcoxon_critical_value"]


#: Largest N for which the exact null distribution is used when there are no ties or zeros.
EXACT_MAX_N = 50


#: Largest N of :func:`wilcoxon_critical_value`'s exact distribution: the lower half of the
#: n(n+1)/2 + 1 counts takes n passes, 0.05 s at N = 500 and 0.45 s at N = 1000 (7 s at 2000).
CRITICAL_EXACT_MAX_N = 1000


@dataclass(frozen=True)
class WilcoxonResult(_tables.NotebookView):
    __doc__ = f"""Wilcoxon signed-ranks test of x against y (D06 Sec. 3.1.3).

    Attributes
    ----------
    statistic : float
        T = min(R+, R-).
    pvalue : float
        Its p-value for ``alternative``.
    r_plus, r_minus : float
        R+ sums the ranks of d = x - y > 0 (x larger), R- those of d < 0 (with
        ``zero_method='demsar'`` the zeros' ranks split evenly between them).
    n : int
        The ranked differences (after the zero handling).
    method : str
        ``'exact'`` (null distribution of the signed-rank statistic) or ``'approx'`` (normal).
    z : float or None
        The normal approximation's z (None for the exact test).
    zero_method : str
        How zero differences were handled.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'`` (x tends to exceed y).
    tie_correction : bool
        Whether the normal approximation's variance is corrected for ties and zeros.
    correction : bool
        Whether the normal approximation's z carries the continuity correction (1/2 towards
        the mean).
    differences : pandas.Series
        d = x - y per data set.
    ranks : pandas.Series
        The ranks of ``|d|`` (NaN where a difference is not ranked).
{OMITTED_DOC}

    References
    ----------
    Wilcoxon (1945), Individual comparisons by ranking methods, Biometrics Bull. 1:80-83.
{D06_DOC}

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.wilcoxon(x, y)
    >>> print(res.r_plus, res.r_minus, res.n, round(res.z, 4))
    80.0 11.0 13 -2.4118
    """

    statistic: float
    pvalue: float
    r_plus: float
    r_minus: float
    n: int
    method: str
    z: float | None
    zero_method: str
    alternative: str
    tie_correction: bool
    correction: bool
    differences: pd.Series = field(repr=False, compare=False)
    ranks: pd.Series = field(repr=False, compare=False)
    omitted: tuple[str, ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """Differences d = x - y and the ranks of ``|d|`` (NaN where a difference is not ranked)."""
        return pd.DataFrame({"difference": self.differences, "rank": self.ranks})

    def __str__(self) -> str:
        z = "" if self.z is None else f", z = {self.z:.4f}"
        method = (
            "approx, continuity-corrected"
            if self.correction and self.method == "approx"
            else self.method
        )
        return (
            f"Wilcoxon signed-ranks test ({method}, {self.alternative}; "
            f"zero_method={self.zero_method!r}, n = {self.n} ranked differences)\n"
            f"  T = {self.statistic:g}{z}, p = {self.pvalue:.4g}; "
            f"R+ = {self.r_plus:g} (x > y), R- = {self.r_minus:g}"
        )


@strict
def wilcoxon(
    x: object,
    y: object,
    *,
    zero_method: ZeroMethod = "demsar",
    alternative: Alternative = "two-sided",
    method: WilcoxonMethod = "auto",
    tie_correction: bool = True,
    correction: bool = False,
    nan_policy: NanPolicy = "raise",
) -> WilcoxonResult:
    """Wilcoxon signed-ranks test of x against y over N data sets (D06 Sec. 3.1.3).

    ``|d|`` (d = x - y, as scipy.stats.wilcoxon(x, y)) is ranked with average ranks for ties.

    Parameters
    ----------
    x, y : array_like or pandas.Series
        The scores of the two algorithms on the same N data sets (two Series are paired by
        their index, anything else by position).
    zero_method : {'demsar', 'wilcox', 'pratt', 'zsplit'}
        'demsar' (D06): zero differences are ranked too and their ranks split evenly between
        R+ and R-; if their number is odd, one zero is dropped first. The others as
        scipy.stats.wilcoxon (which then computes p).
    alternative : {'two-sided', 'less', 'greater'}
        'greater': x tends to exceed y.
    method : {'auto', 'exact', 'approx'}
        'auto': exact (the null distribution of the signed-rank statistic) when N <= 50 and no
        ties or zeros are ranked, else the normal approximation
        z = (T - N(N+1)/4) / sqrt(N(N+1)(2N+1)/24) (T = R+ for a one-sided alternative).
        'exact' with ties or zeros is an error.
    tie_correction : bool
        True (default): the normal approximation's variance corrected for ties and for the
        fixed zero ranks (sum of the squared non-zero ranks / 4); False: D06's formula
        (``zero_method='demsar'`` only).
    correction : bool
        True: the normal approximation's continuity correction, T moved 1/2 towards its
        mean (R's ``wilcox.test`` default, ``correct=TRUE``, and scipy's ``correction=True``:
        equal p-values); False (default, as scipy and D06): none. The exact test needs none.
    nan_policy : {'raise', 'omit'}
        A data set where x or y is missing (NaN, None, pandas' NA): 'raise' (the default)
        refuses it; 'omit' drops the pair and lists it in the result's ``omitted`` (index
        labels, or positions for arrays).

    Returns
    -------
    WilcoxonResult
        ``statistic`` T = min(R+, R-), ``pvalue``, ``r_plus``, ``r_minus``, ``method``.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.wilcoxon(x, y)
    >>> print(res.statistic, round(res.pvalue, 5), res.method)
    11.0 0.01587 approx
    >>> print(round(mc.wilcoxon(x, y, alternative="greater").pvalue, 5))  # H1: x better
    0.00794
    """
    zero_method = check_choice("zero_method", zero_method, ZERO_METHODS)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    method = check_choice("method", method, WILCOXON_METHODS)
    tie_correction = check_bool(tie_correction, "tie_correction")
    correction = check_bool(correction, "correction")
    d, omitted = paired_differences(x, y, nan_policy)
    values = d.to_numpy()
    kept, ranks, r_plus, r_minus = _signed_ranks(values, zero_method)
    ranked = values[kept]
    nonzero = ranked != 0
    n = int(ranked.size) if zero_method != "pratt" else int(nonzero.sum())
    has_ties_or_zeros = np.unique(np.abs(ranked)).size < ranked.size or not nonzero.all()
    if method == "exact" and has_ties_or_zeros:
        raise ValueError(
            "method='exact' needs differences without ties or zeros; use method='auto' "
            "or 'approx' (normal approximation with tie correction)"
        )
    exact = method == "exact" or (
        method == "auto" and not has_ties_or_zeros and ranked.size <= EXACT_MAX_N
    )
    statistic = min(r_plus, r_minus)
    z = None
    if zero_method != "demsar":
        if not tie_correction:
            raise ValueError(
                "tie_correction=False (D06's formula) applies to zero_method='demsar' only"
            )
        res = stats.wilcoxon(
            values,
            zero_method=zero_method,
            alternative=alternative,
            method="exact" if exact else "asymptotic",
            correction=correction,
        )
        pvalue = float(res.pvalue)
        z = None if exact else float(res.zstatistic)
    elif exact:
        pvalue = float(stats.wilcoxon(ranked, alternative=alternative, method="exact").pvalue)
    else:
        t = statistic if alternative == "two-sided" else r_plus
        # Var(R+) given the ranks (the zero ranks are fixed), or D06's formula
        variance = float(np.sum(ranks[nonzero] ** 2)) / 4.0 if tie_correction else None
        z, pvalue = _demsar_normal(t, ranked.size, variance, alternative, correction)
    shown = pd.Series(np.nan, index=d.index, name="rank")
    shown[kept] = ranks
    if zero_method == "pratt":
        shown[values == 0] = np.nan
    return WilcoxonResult(
        statistic=statistic,
        pvalue=pvalue,
        r_plus=r_plus,
        r_minus=r_minus,
        n=n,
        method="exact" if exact else "approx",
        z=z,
        zero_method=zero_method,
        alternative=alternative,
        tie_correction=tie_correction,
        correction=correction,
        differences=d,
        ranks=shown,
        omitted=omitted,
    )


def _signed_ranks(
    values: np.ndarray, zero_method: str
) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Which differences are ranked (``kept``: 'wilcox' drops the zeros, 'demsar' one zero of
    an odd number), the ranks of their absolute values (average ranks for ties), and R+ and
    R- (the zero ranks split evenly between them for 'demsar' and 'zsplit')."""
    kept = np.ones(values.size, dtype=bool)
    zeros = np.flatnonzero(values == 0)
    if zero_method == "wilcox":
        kept[zeros] = False
    elif zero_method == "demsar" and zeros.size % 2:
        kept[zeros[0]] = False  # an odd number of zeros: one is dropped
    ranked = values[kept]
    nonzero = ranked != 0
    if not nonzero.any() and zero_method in ("wilcox", "pratt"):
        raise ValueError("all differences are zero: the Wilcoxon test needs a non-zero difference")
    ranks = stats.rankdata(np.abs(ranked))
    r_plus = float(ranks[ranked > 0].sum())
    r_minus = float(ranks[ranked < 0].sum())
    if zero_method in ("demsar", "zsplit"):  # zero ranks split evenly
        r_plus += float(ranks[~nonzero].sum()) / 2
        r_minus += float(ranks[~nonzero].sum()) / 2
    return kept, ranks, r_plus, r_minus


def _demsar_normal(
    t: float, count: int, variance: float | None, alternative: str, correction: bool
) -> tuple[float, float]:
    """z = (T - N(N+1)/4) / sqrt(Var) and its p-value, with ``variance`` None for D06's
    N(N+1)(2N+1)/24; ``correction`` moves T 1/2 towards its mean (two-sided) or against the
    alternative."""
    if variance is None:
        variance = count * (count + 1) * (2 * count + 1) / 24.0
    centred = t - count * (count + 1) / 4.0
    if correction:
        shift = {"two-sided": np.sign(centred), "greater": 1.0, "less": -1.0}[alternative]
        centred -= 0.5 * shift
    z = centred / np.sqrt(variance) if variance > 0 else 0.0
    return normal_pvalue(z, alternative)


@strict
def wilcoxon_critical_value(
    n_datasets: int,
    alpha: float = 0.05,
    *,
    alternative: Alternative = "two-sided",
    method: ExactMethod = "exact",
) -> int | None:
    """Critical T for N = n untied non-zero differences (D06 Sec. 3.1.3 and its table).

    The largest t with P(T <= t) <= alpha under H0, T = min(R+, R-) two-sided (alpha split
    between the tails), else the one-tailed rank sum (R- for ``'greater'``, R+ for ``'less'``;
    the null distribution is symmetric, so both give the same t); None if even t = 0 exceeds
    alpha. ``method='exact'`` (n <= ``CRITICAL_EXACT_MAX_N`` = 1000): the exact null
    distribution of R+ (the number of subsets of 1..n with each sum, over 2^n; it equals
    scipy.stats.wilcoxon's exact p-values). ``'normal'``: the largest t with
    Phi((t + 1/2 - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24)) <= alpha (continuity-corrected).

    Parameters
    ----------
    n_datasets : int
        Number of data sets with a non-zero difference.
    alpha : float
        Significance level.
    alternative : {'two-sided', 'less', 'greater'}
        Which rank sum (above).
    method : {'exact', 'normal'}
        The null distribution (above).

    Returns
    -------
    int or None
        The critical value; None if even t = 0 exceeds alpha.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> mc.wilcoxon_critical_value(14)  # reject when T <= 21 (N = 14, alpha = 0.05)
    21
    >>> mc.wilcoxon_critical_value(14, alternative="less")
    25
    """
    n = check_count(n_datasets, "n_datasets")
    alpha = check_alpha(alpha)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    method = check_choice("method", method, EXACT_METHODS)
    level = alpha / 2 if alternative == "two-sided" else alpha
    if method == "normal":
        mean, sd = n * (n + 1) / 4, math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
        t = math.floor(mean + sd * float(stats.norm.ppf(level)) - 0.5)
        return t if t >= 0 else None
    if n > CRITICAL_EXACT_MAX_N:
        raise ValueError(
            f"the exact critical value is limited to n <= {CRITICAL_EXACT_MAX_N} "
            f"(its cost grows like n^3), got n = {n}; use method='normal'"
        )
    cdf = _signed_rank_lower_cdf(n)
    below = np.flatnonzero(cdf <= level)
    return int(below[-1]) if below.size else None


def _signed_rank_lower_cdf(n: int) -> np.ndarray:
    """P(R+ <= t) for t = 0..n(n+1)/4 and n untied ranks: the number of subsets of 1..n with
    sum t, over 2^n (one pass per rank r adds the subsets holding r), rescaled every 512 ranks
    so that the counts stay finite."""
    top = n * (n + 1) // 4
    counts = np.zeros(top + 1)
    counts[0] = 1.0
    for r in range(1, min(n, top) + 1):
        np.add(counts[r:], counts[:-r], out=counts[r:])  # NumPy buffers the overlapping input
        if r % 512 == 0:
            counts *= 2.0**-512
    counts *= 2.0 ** -(n - min(n, top) // 512 * 512)
    return np.cumsum(counts)
