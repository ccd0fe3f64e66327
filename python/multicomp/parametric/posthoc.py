"""The parametric post-hocs after the repeated-measures ANOVA (posthoc_parametric): Tukey's all
pairs, Dunnett's against a control."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.validation import check_alpha, check_nonnegative
from multicomp._internal.work import check_work, progress
from multicomp.data.decorators import TableOptions, takes_scores
from multicomp.data.scores import Scores, index_of
from multicomp.parametric.anova import anova_of, exponent

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ParametricPosthocResult", "posthoc_parametric"]


#: Most work :func:`posthoc_parametric` starts without ``max_work=``: distribution evaluations,
#: each a studentized range tail (Tukey, one per pair) or a (k - 1)-variate t probability
#: (Dunnett, one per comparison, counted ((k - 1) / 10)^2 times: its cost grows so). One
#: evaluation takes about 0.02-0.04 s, so the limit is about 30-60 s of work (k = 55 for Tukey).
MAX_POSTHOC_WORK = 1_500


@dataclass(frozen=True)
class ParametricPosthocResult(_tables.NotebookView):
    """Tukey's all-pairs or Dunnett's many-to-one comparison on the repeated-measures error
    term (see :func:`posthoc_parametric`).

    Attributes
    ----------
    statistic : pandas.Series
        t = (mean_first - mean_second) / sqrt(2 MS_error / N), per comparison.
    pvalue : pandas.Series
        Unadjusted two-sided p-values of t on (k - 1)(N - 1) degrees of freedom.
    adjusted : pandas.Series
        Tukey's (studentized range) or Dunnett's (multivariate t) adjusted p-values.
    difference : pandas.Series
        mean_first - mean_second in score units.
    procedure : str
        ``"tukey"`` or ``"dunnett"``.
    pairs : tuple of (str, str)
        The compared algorithms, in the order of the series.
    alpha : float
        The significance level of ``reject``.
    df : int
        The error degrees of freedom, (k - 1)(N - 1).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.posthoc_parametric(scores, control="C4.5+m+cf")
    >>> res.to_frame()[["difference", "apv_dunnett", "reject_dunnett"]].round(4)
                          difference  apv_dunnett  reject_dunnett
    hypothesis
    C4.5+m+cf vs C4.5         0.0223       0.0071            True
    C4.5+m+cf vs C4.5+m       0.0068       0.6407           False
    C4.5+m+cf vs C4.5+cf      0.0184       0.0295            True
    """

    statistic: pd.Series
    pvalue: pd.Series
    adjusted: pd.Series
    difference: pd.Series
    procedure: str
    pairs: tuple[tuple[str, str], ...]
    alpha: float
    df: int

    @property
    def reject(self) -> pd.Series:
        """Whether the adjusted p-value is at most alpha."""
        return self.adjusted <= self.alpha

    def to_frame(self) -> pd.DataFrame:
        """One row per comparison: difference, t, p-value, adjusted p-value, decision."""
        return pd.DataFrame(
            {
                "difference": self.difference,
                "statistic": self.statistic,
                "pvalue": self.pvalue,
                f"apv_{self.procedure}": self.adjusted,
                f"reject_{self.procedure}": self.reject,
            }
        )

    def __str__(self) -> str:
        name = {"tukey": "Tukey's HSD", "dunnett": "Dunnett's test"}[self.procedure]
        return (
            f"{name} on the repeated-measures error term ({self.df} degrees of freedom), "
            f"alpha = {self.alpha:g}\n{self.to_frame().to_string()}"
        )


def _posthoc_work(k: int, control: bool) -> float:
    """The work of :func:`posthoc_parametric` in the units of :data:`MAX_POSTHOC_WORK`."""
    if control:
        return (k - 1) * max(1.0, ((k - 1) / 10) ** 2)
    return k * (k - 1) / 2


def _tail_probabilities(
    t: np.ndarray, tail: Callable[[float], float], description: str
) -> np.ndarray:
    """``tail(|t|)`` for each statistic (each distinct value once, 0 at infinity), with a
    progress bar: each value is one evaluation of a distribution's tail by numerical
    integration, the long part of the post-hoc."""
    values, where = np.unique(np.abs(t), return_inverse=True)
    out = np.zeros(values.size)
    with progress(values.size, description) as bar:
        for i, value in enumerate(values):
            if np.isfinite(value):
                out[i] = tail(float(value))
            bar.update(1)
    return np.clip(out[where.ravel()], 0.0, 1.0)


def _tukey_adjusted(t: np.ndarray, k: int, df: int) -> np.ndarray:
    """Tukey's APVs: P(Q >= |t| sqrt 2) for the studentized range Q of k means on ``df``
    degrees of freedom (never below the unadjusted two-sided p-value)."""
    p = np.minimum(1.0, 2 * stats.t.sf(np.abs(t), df))
    tail = _tail_probabilities(
        t,
        lambda v: float(stats.studentized_range.sf(v * np.sqrt(2), k, df)),
        "Tukey's adjusted p-values",
    )
    return np.asarray(np.maximum(p, tail), dtype=float)


def _dunnett_adjusted(t: np.ndarray, df: int, seed: int = 0) -> np.ndarray:
    """Two-sided Dunnett APVs of m statistics with equal correlation 1/2: P(max_j |T_j| >= |t|)
    for T multivariate t with ``df`` degrees of freedom (integrated by scipy's randomised
    quasi-Monte Carlo, Genz & Bretz; a fixed seed makes it reproducible)."""
    m = t.size
    unadjusted = np.asarray(np.minimum(1.0, 2 * stats.t.sf(np.abs(t), df)), dtype=float)
    if m == 1:
        return unadjusted
    shape = np.full((m, m), 0.5) + 0.5 * np.eye(m)
    dist = stats.multivariate_t(shape=shape, df=df)
    tail = _tail_probabilities(
        t,
        lambda v: (
            1.0 - float(dist.cdf(np.full(m, v), lower_limit=np.full(m, -v), random_state=seed))
        ),
        "Dunnett's adjusted p-values",
    )
    adjusted: np.ndarray = np.maximum(tail, unadjusted)
    return adjusted


@takes_scores(TableOptions, shape_warnings=False)
def posthoc_parametric(
    data: Scores,
    control: str | int | None = None,
    *,
    alpha: float = 0.05,
    max_work: float = MAX_POSTHOC_WORK,
    **reading: Unpack[TableOptions],
) -> ParametricPosthocResult:
    """Post-hocs of the repeated-measures ANOVA: Tukey's HSD for all pairs, or Dunnett's test
    against a ``control``.

    scipy's ``tukey_hsd`` and ``dunnett`` compare independent samples, with the pooled
    within-group variance as error term. Over data sets the samples are paired, so the error
    term here is the repeated-measures one, MS_error of :func:`rm_anova` on (k - 1)(N - 1)
    degrees of freedom (the data sets' own effects removed), and t = (mean_a - mean_b) /
    sqrt(2 MS_error / N). Tukey's APV is ``P(Q >= |t| sqrt 2)`` for the studentized range Q of k
    means; Dunnett's is ``P(max |T_j| >= |t|)`` for k - 1 multivariate t statistics with
    correlation 1/2. Both assume sphericity (a pooled error term); where Mauchly's test
    rejects it, prefer the non-parametric post-hocs or pairwise tests.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores in any form :func:`multicomp.friedman` accepts.
    control : str or int, optional
        The algorithm compared with every other (Dunnett); without one, all pairs (Tukey).
    alpha : float
        Level of the decisions.
    max_work : float
        Most work started (default :data:`MAX_POSTHOC_WORK`, about 30-60 s): distribution
        evaluations, one per pair for Tukey (k(k - 1)/2), and k - 1 for Dunnett, each counted
        ((k - 1) / 10)^2 times (at least once). More is refused before it starts, with the
        value to pass; work that lasts over a second shows a progress bar when tqdm is
        installed.

    Returns
    -------
    ParametricPosthocResult
        t statistics, unadjusted and adjusted p-values, mean differences and decisions.

    References
    ----------
    J. W. Tukey, "The problem of multiple comparisons" (1953); C. W. Dunnett, "A multiple
    comparison procedure for comparing several treatments with a control", JASA 50 (1955);
    J. Demsar, JMLR 7 (2006), Sec. 3.2.1 (Tukey's and Dunnett's tests as ANOVA post-hocs).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.posthoc_parametric(scores, control="C4.5+m+cf")  # Dunnett
    >>> res.pvalue.round(4)
    hypothesis
    C4.5+m+cf vs C4.5       0.0025
    C4.5+m+cf vs C4.5+m     0.3319
    C4.5+m+cf vs C4.5+cf    0.0111
    Name: pvalue, dtype: float64
    """
    alpha = check_alpha(alpha)
    scores = data
    names, (n, k) = list(scores.algorithms), scores.values.shape
    check_nonnegative(max_work, "max_work")
    check_work(
        _posthoc_work(k, control is not None),
        max_work,
        f"{'Dunnett' if control is not None else 'Tukey'}'s post-hoc of k = {k} algorithms "
        "needs this many distribution evaluations (about 0.02-0.04 s each)",
    )
    e = exponent(scores.values)  # t is scale-free: computed at unit scale
    values = np.ldexp(scores.values, -e)
    _, mse, _, df = anova_of(values)
    means = values.mean(axis=0)
    if control is None:
        pairs = list(itertools.combinations(range(k), 2))
    else:
        c = index_of(names, control)
        pairs = [(c, j) for j in range(k) if j != c]
    diff = np.array([means[a] - means[b] for a, b in pairs])
    se = np.sqrt(2 * mse / n)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (
            np.where(diff == 0, 0.0, diff / se)
            if se > 0
            else np.where(diff == 0, 0.0, np.sign(diff) * np.inf)
        )
    p = np.minimum(1.0, 2 * stats.t.sf(np.abs(t), df))
    adjusted = _tukey_adjusted(t, k, df) if control is None else _dunnett_adjusted(t, df)
    labels = pd.Index([f"{names[a]} vs {names[b]}" for a, b in pairs], name="hypothesis")
    return ParametricPosthocResult(
        statistic=pd.Series(t, index=labels, name="statistic"),
        pvalue=pd.Series(p, index=labels, name="pvalue"),
        adjusted=pd.Series(np.minimum(1.0, adjusted), index=labels, name="apv"),
        difference=pd.Series(np.ldexp(diff, e), index=labels, name="difference"),
        procedure="tukey" if control is None else "dunnett",
        pairs=tuple((names[a], names[b]) for a, b in pairs),
        alpha=alpha,
        df=df,
    )
