"""Two algorithms on one data set, from the scores of their cross-validation folds.

The folds of a cross-validation share training data, so their score differences d_j = x_j - y_j
are correlated and the plain paired t-test on them rejects far too often (Dietterich 1998;
Nadeau & Bengio 2003). These tests account for it:

* :func:`corrected_resampled_t_test` (Nadeau & Bengio 2003): the paired t statistic of the n
  fold differences with the variance s^2/n replaced by (1/n + rho/(1 - rho)) s^2, where
  rho = n_test/n_total (rho/(1 - rho) = n_test/n_train), t(n - 1). For r repetitions of K-fold
  cross-validation, n = rK and rho = 1/K (Bouckaert & Frank 2004).
* :func:`bayesian_correlated_t_test` (Corani & Benavoli 2015): its Bayesian counterpart; with
  the same correlation rho and a non-informative prior, the posterior of the mean difference
  is Student t(n - 1) with location mean(d) and scale sqrt((1/n + rho/(1 - rho)) s^2), which
  gives P(x better), P(equivalent) (within ``rope``) and P(y better) in closed form. As the
  same t distribution underlies both, P(y better) with rope = 0 equals the one-sided p-value
  of the corrected resampled t-test for ``alternative="greater"``.
* :func:`paired_t_test_5x2cv` (Dietterich 1998): five replications of 2-fold cross-validation;
  with p_ij the difference on fold j of replication i and s_i^2 = sum_j (p_ij - pbar_i)^2,
  t = p_11 / sqrt(sum_i s_i^2 / 5) ~ t(5).
* :func:`combined_f_test_5x2cv` (Alpaydin 1999): f = sum_ij p_ij^2 / (2 sum_i s_i^2) ~ F(10, 5),
  which does not depend on the arbitrary choice of p_11.

Measured null rejection rates at alpha = 0.05 (benches/sim_cv_null.py, 1000 replications,
two deterministic learners of equal expected accuracy, n = 300): plain paired t on 10 x 10-fold
folds 0.55; corrected resampled t and the Bayesian test (deciding at 0.975) 0.023; 5x2cv t and
F 0.027. Valid, and conservative; more so when the learners' own randomness dominates the
fold differences.

Scores are oriented as in :mod:`multicomp.pairs.two_sample` (d = x - y; ``'greater'``: x scores
higher); for errors pass ``higher_is_better=False`` to the Bayesian test, or swap x and y.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.validation import (
    check_bool,
    check_choice,
    check_count,
    check_fraction,
    check_nonnegative,
)
from multicomp._internal.vocabulary import ALTERNATIVES, Alternative, NanPolicy
from multicomp.data.given import paired_differences
from multicomp.pairs.bayesian import BAYESIAN_ATTRIBUTES, MAX_SAMPLES, BayesianResult, pair_names

__all__ = [
    "CorrelatedTTestResult",
    "CrossValidationTestResult",
    "bayesian_correlated_t_test",
    "combined_f_test_5x2cv",
    "corrected_resampled_t_test",
    "paired_t_test_5x2cv",
]

_SHAPE_5X2 = (5, 2)


@dataclass(frozen=True)
class CrossValidationTestResult(_tables.NotebookView):
    """A frequentist test of two algorithms from cross-validation scores.

    Attributes
    ----------
    statistic : float
        t, or F for the combined 5x2cv F-test.
    pvalue : float
        Its p-value for ``alternative``.
    df : tuple of float
        Degrees of freedom: one value for t, (10, 5) for F.
    mean_difference : float
        The mean of x - y over the folds.
    test : str
        The name of the function that ran the test.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'`` (x tends to exceed y).
    omitted : tuple of str
        The folds where x or y was missing, dropped by ``nan_policy='omit'`` (labels, or
        positions for arrays; the 5x2cv tests need all ten folds).

    References
    ----------
    Nadeau & Bengio (2003), Inference for the generalization error, Mach. Learn. 52:239-281.
    Dietterich (1998), Approximate statistical tests for comparing supervised classification
    learning algorithms, Neural Comput. 10:1895-1923.
    Alpaydin (1999), Combined 5 x 2 cv F test for comparing supervised classification learning
    algorithms, Neural Comput. 11:1885-1892.

    Examples
    --------
    >>> import multicomp as mc
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.80, 0.85, 0.81, 0.82]  # accuracy per fold
    >>> y = [0.78, 0.77, 0.80, 0.79, 0.80, 0.79, 0.78, 0.81, 0.80, 0.79]
    >>> res = mc.corrected_resampled_t_test(x, y, rho=1 / 9)
    >>> print(res)
    corrected_resampled_t_test: t(9) = 5.0990, p = 0.000646 (two-sided); mean difference x - y = 0.026
    >>> res.to_frame()
                                statistic df    pvalue  mean_difference
    test
    corrected_resampled_t_test    5.09902  9  0.000646            0.026
    """

    statistic: float
    pvalue: float
    df: tuple[float, ...]
    mean_difference: float
    test: str
    alternative: str = "two-sided"
    omitted: tuple[str, ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """One row: statistic, df, pvalue, mean_difference."""
        return pd.DataFrame(
            {
                "statistic": [self.statistic],
                "df": [", ".join(f"{d:g}" for d in self.df)],
                "pvalue": [self.pvalue],
                "mean_difference": [self.mean_difference],
            },
            index=pd.Index([self.test], name="test"),
        )

    def __str__(self) -> str:
        name = "t" if len(self.df) == 1 else "F"
        df = ", ".join(f"{d:g}" for d in self.df)
        return (
            f"{self.test}: {name}({df}) = {self.statistic:.4f}, p = {self.pvalue:.4g} "
            f"({self.alternative}); mean difference x - y = {self.mean_difference:.4g}"
            + (f"; omitted (missing): {', '.join(self.omitted)}" if self.omitted else "")
        )


@dataclass(frozen=True, kw_only=True)
class CorrelatedTTestResult(BayesianResult):
    __doc__ = f"""Posterior of the Bayesian correlated t-test of two algorithms on one data set.

    The mean difference (x better when positive) is Student t(``df``) with location ``mean``
    and scale ``scale``; ``samples`` are draws of it (for plots and further summaries; the
    probabilities are exact).

    Attributes
    ----------
{BAYESIAN_ATTRIBUTES}
    mean : float
        Location of the posterior of the mean difference.
    scale : float
        Its scale (0: a point mass at ``mean``).
    df : float
        Its degrees of freedom, n - 1 for n folds.
    posterior : scipy.stats distribution or None
        The posterior as a frozen ``scipy.stats.t`` (None when the scale is 0).

    References
    ----------
    Corani & Benavoli (2015), A Bayesian approach for comparing cross-validated algorithms on
    multiple data sets, Mach. Learn. 100:285-304.

    Examples
    --------
    >>> import multicomp as mc
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.80, 0.85, 0.81, 0.82]  # accuracy per fold
    >>> y = [0.78, 0.77, 0.80, 0.79, 0.80, 0.79, 0.78, 0.81, 0.80, 0.79]
    >>> res = mc.bayesian_correlated_t_test(x, y, rho=1 / 9, rope=0.01)
    >>> print(round(res.p_x_better, 4), round(res.p_equivalent, 4), round(res.p_y_better, 4))
    0.994 0.006 0.0
    """

    mean: float
    scale: float
    df: float

    @property
    def posterior(self) -> Any:
        """The posterior as a frozen ``scipy.stats.t`` (None when the scale is 0: a point mass
        at ``mean``)."""
        return stats.t(self.df, loc=self.mean, scale=self.scale) if self.scale > 0 else None


@strict
def bayesian_correlated_t_test(
    x: object,
    y: object,
    *,
    rho: float,
    rope: float = 0.0,
    higher_is_better: bool = True,
    names: tuple[str, str] | None = None,
    n_draws: int = 50_000,
    random_state: int | np.random.Generator | None = None,
    nan_policy: NanPolicy = "raise",
) -> CorrelatedTTestResult:
    """Bayesian correlated t-test of two algorithms on one data set (Corani & Benavoli 2015).

    Parameters
    ----------
    x, y : scores of the two algorithms on the same n cross-validation folds (all repetitions).
    rho : the correlation of the fold differences, n_test/n_total: 1/K for (repeated) K-fold
        cross-validation (Nadeau & Bengio 2003).
    rope : half-width of the region of practical equivalence, in score units; 0 for none.
    higher_is_better : False when lower scores are better.
    names : labels of x and y (default: the Series' names, else "x" and "y").
    n_draws, random_state : size and random_state of the posterior ``samples`` (the probabilities are exact).
    nan_policy : {'raise', 'omit'}
        A fold where x or y is missing: 'raise' (default) refuses it; 'omit' drops the pair
        and lists it in the result's ``omitted`` (rho stays that of the splits).

    Returns
    -------
    CorrelatedTTestResult
        P(x better), P(equivalent), P(y better) from the Student posterior t(n - 1) with
        location mean(d) and scale sqrt((1/n + rho/(1 - rho)) s^2), d = x - y oriented; with a
        zero variance, the point mass at mean(d) (as baycomp).

    References
    ----------
    Corani & Benavoli (2015), "A Bayesian approach for comparing cross-validated algorithms
    on multiple data sets", Machine Learning 100:285-304. Benavoli et al. (2017), JMLR 18(77),
    Sec. 3. Nadeau & Bengio (2003), Machine Learning 52:239-281.

    Examples
    --------
    >>> import multicomp as mc
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.80, 0.85, 0.81, 0.82]  # accuracy per fold
    >>> y = [0.78, 0.77, 0.80, 0.79, 0.80, 0.79, 0.78, 0.81, 0.80, 0.79]
    >>> res = mc.bayesian_correlated_t_test(x, y, rho=1 / 9, rope=0.01)
    >>> print(res)
    Bayesian correlated t-test of x vs y (rope = 0.01, rho = 0.111111)
    x better     0.9940
    equivalent   0.0060
    y better     0.0000
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    rope = check_nonnegative(rope, "rope")
    n_draws = check_count(n_draws, "n_draws", 1, MAX_SAMPLES)
    labels = pair_names(x, y, names)
    d, scale, omitted = _folds(x, y, rho, nan_policy)
    if not higher_is_better:
        d = -d
    mean, df = float(d.mean()), float(d.size - 1)
    if scale > 0:
        p_x = float(stats.t.sf(rope, df, loc=mean, scale=scale))
        p_y = float(stats.t.cdf(-rope, df, loc=mean, scale=scale))
    else:
        p_x, p_y = float(mean > rope), float(mean < -rope)
        if rope == 0 and mean == 0:
            p_x = p_y = 0.5
    samples = mean + scale * np.random.default_rng(random_state).standard_t(df, n_draws)
    samples.setflags(write=False)
    return CorrelatedTTestResult(
        test="correlated_t",
        p_x_better=p_x,
        p_equivalent=max(0.0, 1.0 - p_x - p_y) if rope > 0 else 0.0,
        p_y_better=p_y,
        rope=rope,
        names=labels,
        samples=samples,
        options={"rho": float(rho)},
        omitted=omitted,
        mean=mean,
        scale=scale,
        df=df,
    )


@strict
def corrected_resampled_t_test(
    x: object,
    y: object,
    *,
    rho: float,
    alternative: Alternative = "two-sided",
    nan_policy: NanPolicy = "raise",
) -> CrossValidationTestResult:
    """Corrected resampled t-test of x against y on one data set (Nadeau & Bengio 2003).

    t = mean(d) / sqrt((1/n + rho/(1 - rho)) s^2) on the n fold differences d = x - y, with
    s^2 their sample variance and rho = n_test/n_total (1/K for repeated K-fold), t(n - 1).
    ``alternative='greater'``: x scores higher. All differences equal: t = +-inf (p = 0, with
    a RuntimeWarning: folds that differ by exactly the same amount are rarely per-fold
    results), or 0 (p = 1) if they are all 0.

    Parameters
    ----------
    x, y : array_like
        The two algorithms' scores on one data set: one score per fold or split, paired by position.
    rho : float
        n_test / n_total of each split (1/K for K-fold cross-validation).
    alternative : {'two-sided', 'less', 'greater'}
        'greater': x tends to exceed y.
    nan_policy : {'raise', 'omit'}
        As for :func:`bayesian_correlated_t_test`.

    Returns
    -------
    CrossValidationTestResult
        ``statistic``, ``pvalue``, ``df`` and the mean difference.

    References
    ----------
    Nadeau & Bengio (2003), "Inference for the generalization error", Machine Learning
    52:239-281, Sec. 6.1. Bouckaert & Frank (2004), "Evaluating the replicability of
    significance tests for comparing learning algorithms", PAKDD, LNCS 3056:3-12.

    Examples
    --------
    >>> import multicomp as mc
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.80, 0.85, 0.81, 0.82]  # accuracy per fold
    >>> y = [0.78, 0.77, 0.80, 0.79, 0.80, 0.79, 0.78, 0.81, 0.80, 0.79]
    >>> res = mc.corrected_resampled_t_test(x, y, rho=1 / 9)  # 10-fold: test/train = 1/9
    >>> print(round(res.statistic, 3), round(res.pvalue, 5))
    5.099 0.00065
    """
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    d, se, omitted = _folds(x, y, rho, nan_policy)
    mean = float(d.mean())
    t = _ratio(mean, se)
    return CrossValidationTestResult(
        statistic=t,
        pvalue=_t_pvalue(t, d.size - 1, alternative),
        df=(float(d.size - 1),),
        mean_difference=mean,
        test="corrected_resampled_t_test",
        alternative=alternative,
        omitted=omitted,
    )


@strict
def paired_t_test_5x2cv(
    x: object,
    y: object,
    *,
    alternative: Alternative = "two-sided",
) -> CrossValidationTestResult:
    """Dietterich's (1998) 5x2cv paired t-test.

    ``x`` and ``y`` are 5 x 2 arrays: row i is replication i of 2-fold cross-validation (the
    data split in two halves at random), column j the score on half j (trained on the other).
    With p_ij = x_ij - y_ij and s_i^2 = (p_i1 - pbar_i)^2 + (p_i2 - pbar_i)^2,
    t = p_11 / sqrt(sum_i s_i^2 / 5) ~ t(5) (mlxtend's ``paired_ttest_5x2cv`` from fitted
    models).

    Parameters
    ----------
    x, y : array_like
        The two algorithms' scores on one data set: 5 x 2 arrays: 5 replications of 2-fold cross-validation.
    alternative : {'two-sided', 'less', 'greater'}
        'greater': x tends to exceed y.

    Returns
    -------
    CrossValidationTestResult
        ``statistic``, ``pvalue``, ``df`` and the mean difference.

    References
    ----------
    Dietterich (1998), "Approximate statistical tests for comparing supervised classification
    learning algorithms", Neural Computation 10:1895-1923, Sec. 3.5.

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> x = np.array([[0.82, 0.80], [0.79, 0.83], [0.81, 0.80], [0.84, 0.82], [0.80, 0.81]])
    >>> y = x - [[0.02, 0.01], [0.00, 0.03], [0.02, 0.01], [0.03, 0.02], [0.01, 0.00]]
    >>> res = mc.paired_t_test_5x2cv(x, y)  # 5 replications x 2 folds
    >>> print(round(res.statistic, 3), round(res.pvalue, 4))
    1.754 0.1398
    """
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    p, variance = _five_by_two(x, y)
    t = _ratio(float(p[0, 0]), float(np.sqrt(variance.sum() / 5)))
    return CrossValidationTestResult(
        statistic=t,
        pvalue=_t_pvalue(t, 5, alternative),
        df=(5.0,),
        mean_difference=float(p.mean()),
        test="paired_t_test_5x2cv",
        alternative=alternative,
    )


@strict
def combined_f_test_5x2cv(x: object, y: object) -> CrossValidationTestResult:
    """Alpaydin's (1999) combined 5x2cv F test.

    Scores as :func:`paired_t_test_5x2cv`; f = sum_ij p_ij^2 / (2 sum_i s_i^2) ~ F(10, 5), the
    upper tail (mlxtend's ``combined_ftest_5x2cv`` from fitted models).

    Parameters
    ----------
    x, y : array_like
        The two algorithms' scores on one data set: 5 x 2 arrays: 5 replications of 2-fold cross-validation.

    Returns
    -------
    CrossValidationTestResult
        ``statistic``, ``pvalue``, ``df`` and the mean difference.

    References
    ----------
    Alpaydin (1999), "Combined 5 x 2 cv F test for comparing supervised classification
    learning algorithms", Neural Computation 11:1885-1892.

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> x = np.array([[0.82, 0.80], [0.79, 0.83], [0.81, 0.80], [0.84, 0.82], [0.80, 0.81]])
    >>> y = x - [[0.02, 0.01], [0.00, 0.03], [0.02, 0.01], [0.03, 0.02], [0.01, 0.00]]
    >>> res = mc.combined_f_test_5x2cv(x, y)
    >>> print(round(res.statistic, 3), res.df, round(res.pvalue, 4))
    2.538 (10.0, 5.0) 0.1578
    """
    p, variance = _five_by_two(x, y)
    f = _ratio(float((p**2).sum()), float(2 * variance.sum()))
    return CrossValidationTestResult(
        statistic=f,
        pvalue=float(stats.f.sf(f, 10, 5)) if np.isfinite(f) else 0.0,
        df=(10.0, 5.0),
        mean_difference=float(p.mean()),
        test="combined_f_test_5x2cv",
        alternative="greater",
    )


def _folds(
    x: object, y: object, rho: float, nan_policy: NanPolicy
) -> tuple[np.ndarray, float, tuple[str, ...]]:
    """(fold differences d = x - y, corrected standard error sqrt((1/n + rho/(1 - rho)) s^2),
    exactly 0 when all differences are equal, the folds ``nan_policy`` dropped)."""
    rho = check_fraction(rho, "rho", "(n_test/n_total, e.g. 1/K for K-fold)")
    differences, omitted = paired_differences(x, y, nan_policy)
    d = differences.to_numpy()
    variance = float(d.var(ddof=1)) if np.ptp(d) > 0 else 0.0
    return d, float(np.sqrt((1.0 / d.size + rho / (1.0 - rho)) * variance)), omitted


def _five_by_two(x: object, y: object) -> tuple[np.ndarray, np.ndarray]:
    """(the 5 x 2 differences p, the 5 variances s_i^2)."""
    shapes = [np.shape(np.asarray(v, dtype=object)) for v in (x, y)]
    if any(s != _SHAPE_5X2 for s in shapes):
        raise ValueError(
            f"x and y must be 5 x 2 (5 replications of 2-fold cross-validation), "
            f"got shapes {shapes[0]} and {shapes[1]}"
        )
    p = (
        paired_differences(
            np.asarray(x, dtype=object).ravel(), np.asarray(y, dtype=object).ravel()
        )[0]
        .to_numpy()
        .reshape(_SHAPE_5X2)
    )
    return p, ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)


def _ratio(numerator: float, denominator: float) -> float:
    """numerator/denominator; with a zero denominator +-inf (and a RuntimeWarning: the folds
    differ by the same non-zero amount), or 0 if the numerator is 0 too."""
    if denominator > 0:
        return numerator / denominator
    if numerator == 0:
        return 0.0
    warnings.warn(
        "the fold differences x - y do not vary (their variance is 0) and are not all 0: the "
        "statistic is infinite and p = 0 (or 1), which says only that every fold differs alike; "
        "check that the scores are per-fold results (not one score repeated over the folds)",
        RuntimeWarning,
        stacklevel=3,
    )
    return float(np.sign(numerator) * np.inf)


def _t_pvalue(t: float, df: float, alternative: str) -> float:
    if alternative == "greater":
        return float(stats.t.sf(t, df))
    if alternative == "less":
        return float(stats.t.cdf(t, df))
    return float(min(1.0, 2 * stats.t.sf(abs(t), df)))
