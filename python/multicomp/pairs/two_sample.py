"""Two algorithms over N data sets: the sign test and the paired t-test (the Wilcoxon
signed-ranks test is in :mod:`multicomp.pairs.wilcoxon`), and what the three share.

Reference: D06 = Demsar (2006), JMLR 7:1-30, Sec. 3.1. The convention is scipy's
(scipy.stats.wilcoxon(x, y), ttest_rel(x, y)): all three tests work on the differences
d_i = x_i - y_i, decided at the precision of the data (0.768 - 0.763 and 0.936 - 0.931 are the
same difference); ``r_plus`` and the sign test's ``wins`` count where x is larger, and
``alternative='greater'`` means that x tends to exceed y. So ``wilcoxon(mine, baseline,
alternative='greater')`` tests that ``mine`` scores higher. D06 Table 2 lists "C4.5+m minus
C4.5": it is ``wilcoxon(x=C4.5+m, y=C4.5)`` (R+ = 93 sums the ranks where C4.5+m is better).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_choice, check_count
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    EXACT_METHODS,
    ONE_OR_TWO_SIDED,
    TIES,
    Alternative,
    ExactMethod,
    NanPolicy,
    OneOrTwoSided,
    Ties,
)
from multicomp.data.given import paired_differences

__all__ = [
    "PairedTTestResult",
    "SignTestResult",
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
]


OMITTED_DOC = """    omitted : tuple of str
        The data sets where x or y was missing, dropped by ``nan_policy='omit'`` (index labels,
        or positions for arrays)."""
D06_DOC = """    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30."""
"""Docstring parts every paired result shares: the omitted data sets, the reference."""


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
{OMITTED_DOC}

    References
    ----------
{D06_DOC}

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
{OMITTED_DOC}

    References
    ----------
{D06_DOC}

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


@strict
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
        z, pvalue = normal_pvalue((w - n / 2) / (np.sqrt(n) / 2), alternative)
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


@strict
def sign_test_critical_wins(
    n_datasets: int,
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
    n_datasets : int
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
    n = check_count(n_datasets, "n_datasets")
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


@strict
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


def normal_pvalue(z: float, alternative: str) -> tuple[float, float]:
    """(z, p) for a standard normal statistic; alternative 'greater' = large z."""
    p = {
        "two-sided": min(1.0, 2 * stats.norm.sf(abs(z))),
        "greater": stats.norm.sf(z),
        "less": stats.norm.cdf(z),
    }[alternative]
    return float(z), float(p)
