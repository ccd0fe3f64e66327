"""Two algorithms over N data sets: Wilcoxon signed-ranks test, sign test, paired t-test.

Reference: D06 = Demsar (2006), JMLR 7:1-30, Sec. 3.1. The convention is scipy's
(scipy.stats.wilcoxon(x, y), ttest_rel(x, y)): all three tests work on the differences
d_i = x_i - y_i, decided at the precision of the data (0.768 - 0.763 and 0.936 - 0.931 are the
same difference); ``r_plus`` and the sign test's ``wins`` count where x is larger, and
``alternative='greater'`` means that x tends to exceed y. So ``wilcoxon(mine, baseline,
alternative='greater')`` tests that ``mine`` scores higher. D06 Table 2 lists "C4.5+m minus
C4.5": it is ``wilcoxon(x=C4.5+m, y=C4.5)`` (R+ = 93 sums the ranks where C4.5+m is better).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.validation import check_alpha, check_bool, check_choice, check_count
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    EXACT_METHODS,
    ONE_OR_TWO_SIDED,
    TIES,
    WILCOXON_METHODS,
    ZERO_METHODS,
    Alternative,
    ExactMethod,
    NanPolicy,
    OneOrTwoSided,
    Ties,
    WilcoxonMethod,
    ZeroMethod,
)
from multicomp.data.scores import paired_differences

__all__ = [
    "PairedTTestResult",
    "SignTestResult",
    "WilcoxonResult",
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
    "wilcoxon",
    "wilcoxon_critical_value",
]

#: Largest N for which the exact null distribution is used when there are no ties or zeros.
EXACT_MAX_N = 50
#: Largest N of :func:`wilcoxon_critical_value`'s exact distribution: the lower half of the
#: n(n+1)/2 + 1 counts takes n passes, 0.05 s at N = 500 and 0.45 s at N = 1000 (7 s at 2000).
CRITICAL_EXACT_MAX_N = 1000


_OMITTED = """    omitted : tuple of str
        The data sets where x or y was missing, dropped by ``nan_policy='omit'`` (index labels,
        or positions for arrays)."""
_D06 = """    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30."""
"""Docstring parts every paired result shares: the omitted data sets, the reference."""


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
{_OMITTED}

    References
    ----------
    Wilcoxon (1945), Individual comparisons by ranking methods, Biometrics Bull. 1:80-83.
{_D06}

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


@dataclass(frozen=True)
class SignTestResult(_tables.NotebookView):
    __doc__ = f"""Sign test of x against y (D06 Sec. 3.1.4).

    Attributes
    ----------
    statistic : int
        The wins of x over y after the tie handling, compared with Binomial(``n``, 1/2).
    pvalue : float
        Its p-value for ``alternative``.
    wins, losses, ties : int
        The raw counts of x > y, x < y, x = y.
    n : int
        The data sets the binomial test uses.
    method : str
        ``'exact'`` (binomial) or ``'normal'`` (D06's approximation).
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'`` (x tends to exceed y).
    z : float or None
        The normal approximation's z (None for the exact test).
{_OMITTED}

    References
    ----------
{_D06}

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.sign_test(x, y)
    >>> res.to_frame().round(4)
               statistic  pvalue  wins  losses  ties   n
    test
    sign test         11  0.0225    11       2     1  13
    """

    statistic: int
    pvalue: float
    wins: int
    losses: int
    ties: int
    n: int
    method: str
    alternative: str
    z: float | None = None
    omitted: tuple[str, ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """One row: statistic (wins), pvalue, wins, losses, ties, n."""
        return pd.DataFrame(
            {
                "statistic": [self.statistic],
                "pvalue": [self.pvalue],
                "wins": [self.wins],
                "losses": [self.losses],
                "ties": [self.ties],
                "n": [self.n],
            },
            index=pd.Index(["sign test"], name="test"),
        )

    def __str__(self) -> str:
        z = "" if self.z is None else f", z = {self.z:.4f}"
        return (
            f"Sign test ({self.method}, {self.alternative}): {self.statistic} wins of x "
            f"out of n = {self.n}{z}, p = {self.pvalue:.4g}\n"
            f"  x > y: {self.wins}, x < y: {self.losses}, ties: {self.ties}"
        )


@dataclass(frozen=True)
class PairedTTestResult(_tables.NotebookView):
    __doc__ = f"""Paired t-test on d = x - y (D06 Sec. 3.1.2), as scipy's ttest_rel(x, y).

    Attributes
    ----------
    statistic : float
        t = mean(d) / (sd(d) / sqrt(N)) ~ t(``df``).
    pvalue : float
        Its p-value for ``alternative``.
    df : int
        N - 1.
    mean_difference : float
        The mean of d.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'`` (x tends to exceed y).
    confidence_interval : tuple of float
        The 95% confidence interval of the mean difference.
{_OMITTED}

    References
    ----------
{_D06}

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.paired_t_test(x, y)
    >>> print(round(res.mean_difference, 5), [round(v, 5) for v in res.confidence_interval])
    0.02229 [0.00477, 0.0398]
    """

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    alternative: str
    confidence_interval: tuple[float, float] = field(repr=False, default=(np.nan, np.nan))
    omitted: tuple[str, ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """One row: statistic (t), df, pvalue, mean_difference and the 95% confidence interval."""
        low, high = self.confidence_interval
        return pd.DataFrame(
            {
                "statistic": [self.statistic],
                "df": [self.df],
                "pvalue": [self.pvalue],
                "mean_difference": [self.mean_difference],
                "ci_low": [low],
                "ci_high": [high],
            },
            index=pd.Index(["paired t-test"], name="test"),
        )

    def __str__(self) -> str:
        low, high = self.confidence_interval
        return (
            f"Paired t-test ({self.alternative}): t({self.df}) = {self.statistic:.4f}, "
            f"p = {self.pvalue:.4g}\n"
            f"  mean difference x - y = {self.mean_difference:.4g}, "
            f"95% confidence interval [{low:.4g}, {high:.4g}]"
        )


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
    return _normal_pvalue(z, alternative)


def wilcoxon_critical_value(
    n: int,
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
    n : int
        Number of non-zero differences.
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
    n = check_count(n, "n")
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


def sign_test(
    x: object,
    y: object,
    *,
    alternative: Alternative = "two-sided",
    method: ExactMethod = "exact",
    ties: Ties = "split",
    nan_policy: NanPolicy = "raise",
) -> SignTestResult:
    """Sign test: wins of x over y (d = x - y > 0) against Binomial(n, 1/2) (D06 Sec. 3.1.4).

    Parameters
    ----------
    x, y : array_like or pandas.Series
        The scores of the two algorithms on the same N data sets (two Series are paired by
        their index, anything else by position).
    alternative : {'two-sided', 'less', 'greater'}
        'greater': x tends to exceed y.
    method : {'exact', 'normal'}
        'exact' uses scipy.stats.binomtest; 'normal' D06's approximation
        z = (w - n/2) / (sqrt(n)/2).
    ties : {'split', 'drop'}
        'split' (D06): ties are split evenly between wins and losses, one dropped if their
        number is odd; 'drop' ignores them.
    nan_policy : {'raise', 'omit'}
        A data set where x or y is missing (NaN, None, pandas' NA): 'raise' (the default)
        refuses it; 'omit' drops the pair and lists it in the result's ``omitted`` (index
        labels, or positions for arrays).

    Returns
    -------
    SignTestResult
        ``wins``, ``losses``, ``ties``, ``n`` and the ``pvalue``.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.sign_test(x, y)
    >>> print(res.wins, res.losses, res.ties, round(res.pvalue, 5))
    11 2 1 0.02246
    """
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    method = check_choice("method", method, EXACT_METHODS)
    ties = check_choice("ties", ties, TIES)
    differences, omitted = paired_differences(x, y, nan_policy)
    d = differences.to_numpy()
    wins, losses, n_ties = int((d > 0).sum()), int((d < 0).sum()), int((d == 0).sum())
    half = n_ties // 2 if ties == "split" else 0
    w, n = wins + half, wins + losses + 2 * half
    if n == 0:
        raise ValueError("all differences are tied: the sign test needs a win or a loss")
    z = None
    if method == "exact":
        pvalue = float(stats.binomtest(w, n, 0.5, alternative=alternative).pvalue)
    else:
        z, pvalue = _normal_pvalue((w - n / 2) / (np.sqrt(n) / 2), alternative)
    return SignTestResult(
        statistic=w,
        pvalue=pvalue,
        wins=wins,
        losses=losses,
        ties=n_ties,
        n=n,
        method=method,
        alternative=alternative,
        z=z,
        omitted=omitted,
    )


def sign_test_critical_wins(
    n: int,
    alpha: float = 0.05,
    *,
    alternative: OneOrTwoSided = "two-sided",
    method: ExactMethod = "exact",
    z: float | None = None,
) -> float | None:
    """Number of wins out of n needed for significance (D06 Table 3 and Sec. 3.1.4).

    Exact: the smallest w >= n/2 with 2 P(X >= w) <= alpha ('two-sided') or P(X >= w) <= alpha
    ('greater'), X ~ Binomial(n, 1/2). D06's printed Table 3 holds the one-tailed values
    (``alternative='greater'``) except at N = 23 and 24, although its caption says two-tailed.

    Parameters
    ----------
    n : int
        Number of data sets.
    alpha : float
        Significance level.
    alternative : {'two-sided', 'greater'}
        'greater' is the one-sided test of :func:`sign_test` that x wins more often.
    method : {'exact', 'normal'}
        'normal': D06's threshold n/2 + z sqrt(n)/2.
    z : float, optional
        The normal quantile of ``method='normal'``; default z_{1-alpha/2} (z_{1-alpha}
        one-sided). D06 uses the rounded z = 1.96.

    Returns
    -------
    float or None
        The critical number of wins; None if no w qualifies.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> mc.sign_test_critical_wins(14)  # wins of 14 needed: exact two-sided, alpha = 0.05
    12
    >>> round(mc.sign_test_critical_wins(14, method="normal"), 3)  # N/2 + 1.96 sqrt(N)/2
    10.667
    """
    n = check_count(n, "n")
    alpha = check_alpha(alpha)
    alternative = check_choice("alternative", alternative, ONE_OR_TWO_SIDED)
    method = check_choice("method", method, EXACT_METHODS)
    level = alpha / 2 if alternative == "two-sided" else alpha
    if method == "normal":
        quantile = float(stats.norm.isf(level)) if z is None else float(z)
        return n / 2 + quantile * float(np.sqrt(n)) / 2

    def significant(w: int) -> bool:
        return bool(stats.binom.sf(w - 1, n, 0.5) <= level)

    # The smallest w >= ceil(n/2) with P(X >= w) <= level: from scipy's quantile, then a step
    # either way for its rounding (no array over 0..n: n may be 10^9).
    half = -(-n // 2)
    w = max(half, int(stats.binom.isf(level, n, 0.5)) + 1)
    while w > half and significant(w - 1):
        w -= 1
    while w <= n and not significant(w):
        w += 1
    return w if w <= n else None


def paired_t_test(
    x: object, y: object, *, alternative: Alternative = "two-sided", nan_policy: NanPolicy = "raise"
) -> PairedTTestResult:
    """Paired t-test of d = x - y: scipy.stats.ttest_rel(x, y) (D06 Sec. 3.1.2, for contrast).

    Parameters
    ----------
    x, y : array_like or pandas.Series
        The scores of the two algorithms on the same N data sets (two Series are paired by
        their index, anything else by position).
    alternative : {'two-sided', 'less', 'greater'}
        'greater': x tends to exceed y.
    nan_policy : {'raise', 'omit'}
        A data set where x or y is missing (NaN, None, pandas' NA): 'raise' (the default)
        refuses it; 'omit' drops the pair and lists it in the result's ``omitted`` (index
        labels, or positions for arrays).

    Returns
    -------
    PairedTTestResult
        ``statistic`` t, ``pvalue``, ``df`` and the confidence interval of the mean difference.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30 (Sec. 3.1.2 explains why the t-test is not advised across data sets).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> x, y = scores["C4.5+m+cf"], scores["C4.5"]
    >>> res = mc.paired_t_test(x, y)
    >>> print(round(res.statistic, 4), res.df, round(res.pvalue, 5))
    2.7486 13 0.01658
    """
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    d, omitted = paired_differences(x, y, nan_policy)
    scores = d.to_numpy()
    if np.all(scores == scores[0]):
        raise ValueError(
            f"all differences x - y are equal ({scores[0]:g}): the paired t-test "
            "needs differences that vary (t divides by their standard deviation)"
        )
    res = stats.ttest_1samp(scores, 0.0, alternative=alternative)
    ci = res.confidence_interval(0.95)
    return PairedTTestResult(
        statistic=float(res.statistic),
        pvalue=float(res.pvalue),
        df=int(res.df),
        mean_difference=float(scores.mean()),
        alternative=alternative,
        confidence_interval=(float(ci.low), float(ci.high)),
        omitted=omitted,
    )


def _normal_pvalue(z: float, alternative: str) -> tuple[float, float]:
    """(z, p) for a standard normal statistic; alternative 'greater' = large z."""
    p = {
        "two-sided": min(1.0, 2 * stats.norm.sf(abs(z))),
        "greater": stats.norm.sf(z),
        "less": stats.norm.cdf(z),
    }[alternative]
    return float(z), float(p)
