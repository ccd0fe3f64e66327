"""The repeated-measures ANOVA (rm_anova) with Mauchly's test of sphericity and the
Greenhouse-Geisser epsilon, and the scale-free arithmetic the other parametric modules share."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import special, stats

from multicomp._internal import tables as _tables
from multicomp._internal.seeds import DEFAULT_SEED
from multicomp.data.decorators import TableOptions, takes_scores
from multicomp.data.scores import Scores

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["RMAnovaResult", "rm_anova"]


def exponent(*arrays: np.ndarray) -> int:
    """The binary exponent e of the largest finite magnitude in ``arrays`` (0 when none): the
    arrays times 2^-e lie within (-1, 1), exactly as given up to the power of two, so that
    sums of squares, determinants and tests neither overflow nor underflow at any scale."""
    largest = max(
        (float(np.max(np.abs(a[np.isfinite(a)]), initial=0.0)) for a in arrays), default=0.0
    )
    return int(np.frexp(largest)[1]) if largest > 0 else 0


def _contrasts(k: int) -> np.ndarray:
    """k x (k - 1) orthonormal contrasts (columns orthogonal to the constant vector)."""
    q, _ = np.linalg.qr(np.column_stack([np.ones(k), np.eye(k)[:, : k - 1]]))
    return q[:, 1:]


#: Draws of the seeded null reference of Mauchly's W: the p-value's Monte Carlo standard
#: error is below 0.001 near 0.05 at every shape measured (benches/RESULTS-conditions.md).
MAUCHLY_DRAWS = 50_000


def _beta_factor(n: int, p: int, i: int) -> tuple[float, float]:
    """The parameters of the i-th beta factor of W's null law: ((N - 1 - i)/2, i(p + 2)/(2p))."""
    return (n - 1 - i) / 2, i * (p + 2) / (2 * p)


@functools.lru_cache(maxsize=8)
def _mauchly_reference(n: int, p: int) -> np.ndarray:
    """MAUCHLY_DRAWS seeded draws of the product of W's first p - 2 beta factors, sorted (one
    1 when p = 2: nothing to draw); memory O(MAUCHLY_DRAWS) at any k, kept for 8 shapes."""
    rng = np.random.default_rng(DEFAULT_SEED)
    product = np.ones(MAUCHLY_DRAWS if p > 2 else 1)
    for i in range(1, p - 1):
        product *= rng.beta(*_beta_factor(n, p, i), size=product.size)
    product.sort()
    product.setflags(write=False)
    return product


def _mauchly_pvalue(w: float, n: int, p: int) -> float:
    """P(W <= w) under sphericity: the mean over the reference draws R of the last factor's
    beta distribution function at w / R, which is 1 where R <= w (conditional Monte Carlo;
    exact, w^((N - 2)/2), at k = 3)."""
    rest = _mauchly_reference(n, p)
    below = int(np.searchsorted(rest, w, side="right"))
    tail = special.betainc(*_beta_factor(n, p, p - 1), w / rest[below:])
    return float((below + np.sum(tail)) / rest.size)


def w_and_epsilon(values: np.ndarray) -> tuple[float, float]:
    """Mauchly's W and the Greenhouse-Geisser epsilon of an N x k table (see :func:`mauchly`;
    W = 1 and epsilon = 1 where the differences do not vary)."""
    k = values.shape[1]
    p = k - 1
    m = _contrasts(k).T @ np.cov(values, rowvar=False).reshape(k, k) @ _contrasts(k)
    trace = float(np.trace(m))
    if trace <= 0:  # no variation of the differences: sphericity holds trivially
        return 1.0, 1.0
    m = m / (trace / p)  # W and epsilon are scale-free: det and traces of M / mean eigenvalue
    epsilon = float(min(1.0, p / float(np.sum(m * m))))
    return (1.0 if p == 1 else float(np.linalg.det(m))), epsilon


def mauchly(values: np.ndarray) -> tuple[float, float, float]:
    """Mauchly's W, its p-value and the Greenhouse-Geisser epsilon of an N x k table.

    With M = C' S C (S the covariance of the k columns, C orthonormal contrasts, p = k - 1):
    W = det(M) / (tr(M) / p)^p (Mauchly 1940); epsilon = tr(M)^2 / (p tr(M^2)) (Greenhouse &
    Geisser 1959). Sphericity holds trivially at k = 2 (W = 1, p-value 1).

    The p-value is P(W <= w) under normality and sphericity from W's exact null law: its
    moments (Anderson 2003, Sec. 10.7) are those of a product of independent betas,
    W = prod_{i=1}^{p-1} B_i with B_i ~ Beta((N - 1 - i)/2, i(p + 2)/(2p)). At k = 3 this is
    w^((N - 2)/2) exactly; for k > 3 it is the mean, over MAUCHLY_DRAWS seeded draws of the
    other factors, of the last factor's distribution function (deterministic; Monte Carlo
    standard error below 0.001 near 0.05). It is valid at every N >= k, where the chi-square
    approximation with Anderson's correction (R's ``mauchly.test``) rejects up to 27% of
    spherical tables at N = k = 10. N <= k - 1: W is singular, the p-value NaN.

    References
    ----------
    J. W. Mauchly, "Significance test for sphericity of a normal n-variate distribution",
    Ann. Math. Statist. 11 (1940). T. W. Anderson, An Introduction to Multivariate Statistical
    Analysis, 3rd ed., Wiley (2003), Sec. 10.7.
    """
    n, k = values.shape
    w, epsilon = w_and_epsilon(values)
    if k <= 2 or w == 1.0:  # one contrast, or no variation of the differences
        return 1.0, 1.0, epsilon
    if w <= 0 or n < k:  # singular: more contrasts than data sets can estimate
        return max(w, 0.0), float("nan"), epsilon
    return w, _mauchly_pvalue(min(w, 1.0), n, k - 1), epsilon


@dataclass(frozen=True)
class RMAnovaResult(_tables.NotebookView):
    """Repeated-measures ANOVA over data sets (see :func:`rm_anova`).

    Attributes
    ----------
    statistic : float
        F = MS_algorithms / MS_error.
    pvalue : float
        p-value after the Greenhouse-Geisser correction (degrees of freedom times epsilon).
    pvalue_uncorrected : float
        p-value on (k - 1, (k - 1)(N - 1)) degrees of freedom, valid under sphericity.
    df_num, df_den : int
        The uncorrected degrees of freedom.
    epsilon : float
        Greenhouse-Geisser epsilon (1 under sphericity, 1/(k - 1) at worst).
    mauchly_w, sphericity_pvalue : float
        Mauchly's W and the p-value of its test, from W's exact null distribution under
        normality (valid at every N >= k; NaN when N <= k - 1: not estimable).
    mse : float
        The error mean square, the error term of the post-hocs, in squared score units (0 or
        infinity where that square is beyond the floats; the tests are computed at unit
        scale).
    means : pandas.Series
        Mean score of each algorithm.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> print(mc.rm_anova(scores))
    Repeated-measures ANOVA: F(3, 39) = 4.4472, p = 0.008818; Greenhouse-Geisser epsilon = 0.7628, corrected p = 0.01676; Mauchly W = 0.4643, p = 0.1106
    """

    statistic: float
    pvalue: float
    pvalue_uncorrected: float
    df_num: int
    df_den: int
    epsilon: float
    mauchly_w: float
    sphericity_pvalue: float
    mse: float
    means: pd.Series = field(repr=False)

    def to_frame(self) -> pd.DataFrame:
        """One row: F, the degrees of freedom, epsilon and both p-values, Mauchly's test."""
        return pd.DataFrame(
            {
                "statistic": [self.statistic],
                "df_num": [self.df_num],
                "df_den": [self.df_den],
                "pvalue_uncorrected": [self.pvalue_uncorrected],
                "epsilon": [self.epsilon],
                "pvalue": [self.pvalue],
                "mauchly_w": [self.mauchly_w],
                "sphericity_pvalue": [self.sphericity_pvalue],
            },
            index=pd.Index(["rm_anova"], name="test"),
        )

    def __str__(self) -> str:
        return (
            f"Repeated-measures ANOVA: F({self.df_num}, {self.df_den}) = {self.statistic:.4f}, "
            f"p = {self.pvalue_uncorrected:.4g}; Greenhouse-Geisser epsilon = {self.epsilon:.4f}, "
            f"corrected p = {self.pvalue:.4g}; Mauchly W = {self.mauchly_w:.4f}, "
            f"p = {self.sphericity_pvalue:.4g}"
        )


def anova_of(values: np.ndarray) -> tuple[float, float, int, int]:
    """F, MS_error and the degrees of freedom of the two-way layout without replication."""
    n, k = values.shape
    grand = values.mean()
    ss_alg = n * float(np.sum((values.mean(axis=0) - grand) ** 2))
    ss_sub = k * float(np.sum((values.mean(axis=1) - grand) ** 2))
    ss_err = max(float(np.sum((values - grand) ** 2)) - ss_alg - ss_sub, 0.0)
    df_num, df_den = k - 1, (k - 1) * (n - 1)
    mse = ss_err / df_den
    scale = max(float(np.sum((values - grand) ** 2)), np.finfo(float).tiny)
    if ss_alg <= 1e-13 * scale:
        return 0.0, mse, df_num, df_den
    if ss_err <= 1e-13 * scale:
        return float("inf"), mse, df_num, df_den
    return (ss_alg / df_num) / mse, mse, df_num, df_den


@takes_scores(TableOptions, shape_warnings=False)
def rm_anova(
    data: Scores,
    **reading: Unpack[TableOptions],
) -> RMAnovaResult:
    """Repeated-measures ANOVA with the data sets as subjects and the algorithms as the
    within-subject factor, with Mauchly's test and the Greenhouse-Geisser correction.

    F = MS_algorithms / MS_error with MS_error = (SS_total - SS_algorithms - SS_datasets) /
    ((k - 1)(N - 1)), as statsmodels' ``AnovaRM``. Its p-value assumes sphericity (equal
    variances of all pairwise differences); ``pvalue`` multiplies both degrees of freedom by
    the Greenhouse-Geisser epsilon, which keeps the test valid without it. Mauchly's test of
    sphericity takes its p-value from W's exact null distribution (a product of independent
    betas, Anderson 2003, Sec. 10.7; seeded conditional Monte Carlo, exact at k = 3), which
    holds its level at every N >= k where the chi-square approximation does not (0.27 of
    spherical tables rejected at N = k = 10).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores in any form :func:`multicomp.friedman` accepts.

    Returns
    -------
    RMAnovaResult
        ``statistic`` (F), ``pvalue`` (Greenhouse-Geisser corrected), the uncorrected p-value,
        epsilon, Mauchly's test, the error mean square and the algorithms' means.

    References
    ----------
    J. Demsar, JMLR 7 (2006), Sec. 3.2.1. S. W. Greenhouse, S. Geisser, "On methods in the
    analysis of profile data", Psychometrika 24 (1959). J. W. Mauchly, "Significance test for
    sphericity of a normal n-variate distribution", Ann. Math. Statist. 11 (1940). T. W.
    Anderson, An Introduction to Multivariate Statistical Analysis, 3rd ed. (2003), Sec. 10.7.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.rm_anova(scores)
    >>> print(round(res.statistic, 4), res.df_num, res.df_den, round(res.pvalue, 5))
    4.4472 3 39 0.01676
    """
    scores = data
    e = exponent(scores.values)  # F, epsilon and W are scale-free: computed at unit scale
    values = np.ldexp(scores.values, -e)
    f, mse, df_num, df_den = anova_of(values)
    w, sphericity, epsilon = mauchly(values)
    with np.errstate(over="ignore", under="ignore"):  # MS_error in squared score units
        mse = float(np.ldexp(mse, 2 * e))
    return RMAnovaResult(
        statistic=f,
        pvalue=float(stats.f.sf(f, df_num * epsilon, df_den * epsilon)),
        pvalue_uncorrected=float(stats.f.sf(f, df_num, df_den)),
        df_num=df_num,
        df_den=df_den,
        epsilon=epsilon,
        mauchly_w=w,
        sphericity_pvalue=sphericity,
        mse=mse,
        means=pd.Series(
            np.ldexp(values.mean(axis=0), e), index=list(scores.algorithms), name="mean"
        ),
    )
