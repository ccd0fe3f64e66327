"""The parametric side: checking the conditions of the parametric tests, the repeated-measures
ANOVA with its post-hocs, and the documented choice between the two families.

The methodology of Demsar (JMLR 2006, Sec. 3) and of the SCI2S guide (Garcia, Fernandez,
Luengo & Herrera, Inf. Sci. 2010, Sec. 2; Garcia & Herrera, JMLR 2008) starts by checking
whether the parametric conditions hold: normality of each algorithm's results on each data set
(over folds or runs), homoscedasticity of the algorithms on each data set, and, for the
comparison over data sets, normality of the paired differences and sphericity. Where they do
not hold, or cannot be checked with the few data sets of a typical study, the papers recommend
the non-parametric tests (Friedman family).

The numerics are scipy's and statsmodels': Shapiro-Wilk (``scipy.stats.shapiro``),
D'Agostino-Pearson (``scipy.stats.normaltest``), Kolmogorov-Smirnov with Lilliefors'
correction (``statsmodels.stats.diagnostic.lilliefors``,
the optional extra ``multicomp[parametric]``), Brown-Forsythe, Levene and Bartlett
(``scipy.stats.levene`` centred at the medians or the means, ``scipy.stats.bartlett``), the studentized range and the multivariate
t distributions (``scipy.stats.studentized_range``, ``scipy.stats.multivariate_t``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.validation import check_alpha, check_choice, check_nonnegative
from multicomp._internal.vocabulary import (
    FAMILIES,
    NORMALITY_TESTS,
    VARIANCE_TESTS,
    ChosenFamily,
    Family,
    NormalityTest,
    VarianceTest,
)
from multicomp._internal.work import check_work, progress
from multicomp.data.decorators import ScoresInput, TableOptions, takes_scores
from multicomp.data.runs import Aggregate, combine_runs
from multicomp.data.scores import Scores, as_scores, index_of
from multicomp.procedures.adjust import adjust_control

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "FAMILIES",
    "NORMALITY_TESTS",
    "VARIANCE_TESTS",
    "ConditionsResult",
    "Family",
    "FamilyChoice",
    "NormalityTest",
    "ParametricPosthocResult",
    "RMAnovaResult",
    "VarianceTest",
    "check_conditions",
    "choose_family",
    "posthoc_parametric",
    "rm_anova",
]


#: Fewest observations each normality test accepts (D'Agostino-Pearson's kurtosis test is
#: valid from 20 on; scipy warns below).
MIN_NORMALITY_N = {"shapiro": 3, "dagostino": 20, "lilliefors": 4}
#: Below this many data sets the checks of normality and sphericity have little power
#: (Demsar 2006, Sec. 3.1.2 and 3.2.1: the central limit theorem needs about 30).
FEW_DATASETS = 30
#: Most work :func:`posthoc_parametric` starts without ``max_work=``: distribution evaluations,
#: each a studentized range tail (Tukey, one per pair) or a (k - 1)-variate t probability
#: (Dunnett, one per comparison, counted ((k - 1) / 10)^2 times: its cost grows so). One
#: evaluation takes about 0.02-0.04 s, so the limit is about 30-60 s of work (k = 55 for Tukey).
MAX_POSTHOC_WORK = 1_500


def _exponent(*arrays: np.ndarray) -> int:
    """The binary exponent e of the largest finite magnitude in ``arrays`` (0 when none): the
    arrays times 2^-e lie within (-1, 1), exactly as given up to the power of two, so that
    sums of squares, determinants and tests neither overflow nor underflow at any scale."""
    largest = max(
        (float(np.max(np.abs(a[np.isfinite(a)]), initial=0.0)) for a in arrays), default=0.0
    )
    return int(np.frexp(largest)[1]) if largest > 0 else 0


def _normality_pvalue(x: np.ndarray, test: str) -> float:
    """p-value of ``test`` for the normality of ``x``; NaN when ``x`` is too short or constant."""
    x = x[~np.isnan(x)]
    if x.size < MIN_NORMALITY_N[test] or np.ptp(x) <= 1e-12 * max(1.0, float(np.max(np.abs(x)))):
        return float("nan")
    if test == "shapiro":
        return float(stats.shapiro(x).pvalue)
    if test == "dagostino":
        return float(stats.normaltest(x).pvalue)
    try:
        from statsmodels.stats.diagnostic import lilliefors
    except ImportError as exc:  # an optional dependency: the core install stays light
        raise ImportError(
            "normality='lilliefors' needs statsmodels: pip install 'multicomp[parametric]'"
        ) from exc
    return float(lilliefors(x, dist="norm", pvalmethod="table")[1])


def _variance_pvalue(groups: list[np.ndarray], test: str) -> float:
    """p-value of Brown & Forsythe's (Levene's statistic centred at the medians, 1974), Levene's
    (centred at the means, 1960) or Bartlett's test of equal variances across ``groups``; NaN
    when a group has fewer than two runs or all are constant."""
    groups = [g[~np.isnan(g)] for g in groups]
    if min(g.size for g in groups) < 2 or all(np.ptp(g) == 0 for g in groups):
        return float("nan")
    if test in ("brown_forsythe", "levene"):
        center = "median" if test == "brown_forsythe" else "mean"
        return float(stats.levene(*groups, center=center).pvalue)
    if any(np.ptp(g) == 0 for g in groups):  # Bartlett's statistic takes log variances
        return 0.0
    return float(stats.bartlett(*groups).pvalue)


def _runs(source: ScoresInput) -> tuple[Scores, list[list[np.ndarray]]]:
    """The per-data-set scores (runs combined by ``aggregate``, default the mean) and, for
    each data set and algorithm, its repeated results (folds, seeds) as the input carries them,
    both times the same power of two (:func:`_exponent`: the checks do not depend on the
    scale of the scores).

    The input layer combines repeated results through ``aggregate``; here a recording
    ``aggregate`` keeps each cell's runs and returns their position, so one parser serves both.
    """
    recorded: list[np.ndarray] = []

    def record(values: np.ndarray) -> float:
        recorded.append(np.asarray(values, dtype=float))
        return float(len(recorded) - 1)

    cells = as_scores(source.data, **{**source.options, "aggregate": record}, shape_warnings=False)
    if not recorded:  # one result per cell: nothing was combined
        runs = [[np.array([v]) for v in row] for row in cells.values]
        values = np.asarray(cells.values, dtype=float)
    else:
        runs = [[recorded[int(v)] for v in row] for row in cells.values]
        combine: Aggregate = source.options.get("aggregate") or "mean"
        values = np.array([[combine_runs(r, combine) for r in row] for row in runs])
    e = _exponent(values, *(r for row in runs for r in row))  # the checks are scale-free
    scaled = np.ldexp(values, -e)
    scaled.setflags(write=False)
    return Scores(
        scaled, cells.algorithms, cells.datasets, cells.higher_is_better, cells.omitted
    ), [[np.ldexp(r, -e) for r in row] for row in runs]


@dataclass(frozen=True)
class ConditionsResult(_tables.NotebookView):
    """Checks of the parametric conditions (see :func:`check_conditions`).

    Each condition is one family of checks (normality: one per data set and algorithm;
    homoscedasticity: one per data set; normality of the differences: one per pair;
    sphericity: one). A condition is rejected when Holm's procedure over its checks rejects one
    of them after Holm's procedure over the conditions (:meth:`decisions`): at ``alpha`` the
    verdict wrongly rejects conditions that all hold with probability at most ``alpha``,
    whatever the number of checks (``benches/RESULTS-conditions.md``).

    Attributes
    ----------
    normality : pandas.DataFrame
        p-values of the normality test of each algorithm's runs on each data set (data sets x
        algorithms; NaN where there are too few runs or they are constant).
    homoscedasticity : pandas.Series
        p-value of the test of equal variances across the algorithms, per data set.
    differences : pandas.Series
        p-value of the normality test of the N paired differences of each pair of algorithms
        (on the per-data-set scores: what the paired t-test and the ANOVA assume).
    sphericity : float
        p-value of Mauchly's test of sphericity of the per-data-set scores (1 at k = 2).
    alpha : float
        Level of the decisions on the conditions.
    normality_test, variance_test : str
        The tests used.
    n_datasets : int
        N, the data sets checked.

    Examples
    --------
    >>> import multicomp as mc
    >>> import itertools
    >>> import numpy as np
    >>> import pandas as pd
    >>> rng = np.random.default_rng(0)
    >>> cells = itertools.product([f"d{i}" for i in range(8)], ["A", "B", "C"], range(10))
    >>> runs = pd.DataFrame(list(cells), columns=["dataset", "algorithm", "fold"])
    >>> runs["score"] = rng.normal(0.8, 0.02, len(runs))  # 8 data sets x 3 algorithms x 10 folds
    >>> res = mc.check_conditions(runs, aggregate="mean")
    >>> res.homoscedasticity.round(3).head(3)  # Brown-Forsythe p-value of each data set
    dataset
    d0    0.961
    d1    0.808
    d2    0.802
    Name: brown_forsythe, dtype: float64
    """

    normality: pd.DataFrame
    homoscedasticity: pd.Series
    differences: pd.Series
    sphericity: float
    alpha: float
    normality_test: str
    variance_test: str
    n_datasets: int

    def decisions(self) -> pd.DataFrame:
        """One row per condition: ``checks`` made (NaN p-values, checks that could not be made,
        left out), ``below_alpha`` (checks with an unadjusted p-value at most alpha),
        ``pvalue`` (the smallest Holm-adjusted p-value of its checks, Holm-adjusted again over
        the checkable conditions; NaN when none could be made) and ``rejected``."""
        families = {
            "normality": self.normality.to_numpy(dtype=float).ravel(),
            "homoscedasticity": self.homoscedasticity.to_numpy(dtype=float),
            "normality of differences": self.differences.to_numpy(dtype=float),
            "sphericity": np.array([self.sphericity]),
        }
        made = {name: p[~np.isnan(p)] for name, p in families.items()}
        smallest = {
            name: float(np.min(adjust_control(p, "holm"))) for name, p in made.items() if p.size
        }
        overall = (
            dict(zip(smallest, adjust_control(list(smallest.values()), "holm"))) if smallest else {}
        )
        frame = pd.DataFrame(
            {
                "checks": [p.size for p in made.values()],
                "below_alpha": [int((p <= self.alpha).sum()) for p in made.values()],
                "pvalue": [float(overall.get(name, np.nan)) for name in made],
            },
            index=pd.Index(list(made), name="condition"),
        )
        frame["rejected"] = frame["pvalue"] <= self.alpha
        return frame

    @property
    def rejected(self) -> bool:
        """Whether some condition is rejected (:meth:`decisions`)."""
        return bool(self.decisions()["rejected"].any())

    @property
    def verdict(self) -> str:
        """One sentence: the rejected conditions, those not rejected and those that could not
        be checked (not checked is not holding)."""
        table = self.decisions()
        parts = []
        for name, row in table.iterrows():
            if row["checks"] == 0:
                parts.append(f"{name}: not checkable (too few results)")
            else:
                parts.append(
                    f"{name}: {'rejected' if row['rejected'] else 'not rejected'} "
                    f"(Holm-adjusted p = {row['pvalue']:.4g}; {row['below_alpha']} of "
                    f"{row['checks']} check(s) at most alpha unadjusted)"
                )
        unchecked = int((table["checks"] == 0).sum())
        if self.rejected:
            head = "The parametric conditions are rejected"
        elif unchecked:
            head = f"No checked parametric condition is rejected ({unchecked} not checkable)"
        else:
            head = "No parametric condition is rejected"
        return (
            f"{head} at alpha = {self.alpha:g}, Holm's procedure over the checks of each "
            "condition and over the conditions: " + "; ".join(parts) + "."
        )

    def to_frame(self) -> pd.DataFrame:
        """The guide's table: per data set, each algorithm's normality p-value and the
        homoscedasticity p-value, with ``*`` where the unadjusted p-value is at most alpha
        (the decisions on the conditions, adjusted for their number: :meth:`decisions`)."""

        def mark(p: float) -> str:
            return "" if np.isnan(p) else f"{p:.4f}{' *' if p <= self.alpha else ''}"

        frame = self.normality.map(mark)
        frame[f"{self.variance_test} (homoscedasticity)"] = self.homoscedasticity.map(mark)
        return frame

    def __str__(self) -> str:
        head = (
            f"Parametric conditions ({self.normality_test} normality, {self.variance_test} "
            f"homoscedasticity, Mauchly sphericity p = {self.sphericity:.4f}); '*': unadjusted "
            f"p-value at most alpha = {self.alpha:g}"
        )
        if self.normality.isna().all().all():
            table = (
                "(one result per data set and algorithm: the per-data-set checks need the "
                "folds or runs, e.g. long data with a 'fold' or 'seed' column)"
            )
        else:
            table = self.to_frame().to_string()
        differences = self.differences.map(
            lambda p: "" if np.isnan(p) else f"{p:.4f}{' *' if p <= self.alpha else ''}"
        )
        return (
            f"{head}\n{table}\nNormality of the paired differences over data sets:\n"
            f"{differences.to_string()}\n{self.verdict}"
        )


@takes_scores(TableOptions, raw=True)
def check_conditions(
    data: ScoresInput,
    *,
    alpha: float = 0.05,
    normality: NormalityTest = "shapiro",
    variance: VarianceTest = "brown_forsythe",
    **reading: Unpack[TableOptions],
) -> ConditionsResult:
    """Check the conditions of the parametric tests, as the SCI2S guide tabulates them.

    On the results as experiments produce them (folds or runs: long data with a ``fold`` or
    ``seed`` column, or repeated rows of a wide table): normality of each algorithm's runs on
    each data set and equal variances of the algorithms on each data set. On the per-data-set
    scores (the runs combined by ``aggregate``, default the mean): normality of the paired
    differences of each pair and Mauchly's sphericity, which the paired t-test and the
    repeated-measures ANOVA over data sets assume.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores in any form :func:`multicomp.friedman` accepts; repeated results per data set
        and algorithm are kept for the per-data-set checks.
    alpha : float
        Level of the decisions: a condition is rejected when Holm's procedure over its checks
        and over the conditions rejects it, so that conditions that all hold are wrongly
        rejected with probability at most alpha (measured: ``benches/RESULTS-conditions.md``).
    normality : {'shapiro', 'dagostino', 'lilliefors'}
        Shapiro-Wilk (3 or more runs), D'Agostino-Pearson (20 or more) or Kolmogorov-Smirnov
        with Lilliefors' correction for estimated mean and variance (4 or more).
    variance : {'brown_forsythe', 'levene', 'bartlett'}
        Brown & Forsythe's test (Levene's statistic centred at the medians; scipy's default
        ``levene``), Levene's (centred at the means: liberal with few runs, measured 0.070 at
        alpha = 0.05 and 0.0018 at 0.001 with 5 algorithms x 10 normal runs) or Bartlett's
        (exact under normality, sensitive to non-normality).

    Returns
    -------
    ConditionsResult
        p-value tables, a ``*``-marked :meth:`~ConditionsResult.to_frame`, the
        :meth:`~ConditionsResult.decisions` on each condition, ``rejected`` and a ``verdict``.

    References
    ----------
    S. Garcia, A. Fernandez, J. Luengo, F. Herrera, "Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining",
    Information Sciences 180 (2010), Sec. 2 and 4. J. Demsar, "Statistical comparisons of
    classifiers over multiple data sets", JMLR 7 (2006), Sec. 3. M. B. Brown, A. B. Forsythe,
    "Robust tests for the equality of variances", JASA 69 (1974). S. Holm, "A simple
    sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979).

    Examples
    --------
    >>> import multicomp as mc
    >>> import itertools
    >>> import numpy as np
    >>> import pandas as pd
    >>> rng = np.random.default_rng(0)
    >>> cells = itertools.product([f"d{i}" for i in range(8)], ["A", "B", "C"], range(10))
    >>> runs = pd.DataFrame(list(cells), columns=["dataset", "algorithm", "fold"])
    >>> runs["score"] = rng.normal(0.8, 0.02, len(runs))  # 8 data sets x 3 algorithms x 10 folds
    >>> res = mc.check_conditions(runs, aggregate="mean")
    >>> res.normality.round(3).head(3)  # Shapiro-Wilk p-value of each cell's folds
                 A      B      C
    dataset
    d0       0.995  0.860  0.662
    d1       0.976  0.123  0.039
    d2       0.747  0.799  0.627
    >>> print(round(res.sphericity, 4))  # Mauchly's test
    0.9563
    """
    alpha = check_alpha(alpha)
    normality = check_choice("normality", normality, NORMALITY_TESTS)
    variance = check_choice("variance", variance, VARIANCE_TESTS)
    scores, runs = _runs(data)
    algorithms, datasets = list(scores.algorithms), list(scores.datasets)
    normal = pd.DataFrame(
        [[_normality_pvalue(r, normality) for r in row] for row in runs],
        index=pd.Index(datasets, name="dataset"),
        columns=algorithms,
    )
    spread = pd.Series(
        [_variance_pvalue(list(row), variance) for row in runs], index=normal.index, name=variance
    )
    pairs = list(itertools.combinations(range(len(algorithms)), 2))
    differences = pd.Series(
        [_normality_pvalue(scores.values[:, a] - scores.values[:, b], normality) for a, b in pairs],
        index=pd.Index([f"{algorithms[a]} - {algorithms[b]}" for a, b in pairs], name="pair"),
        name=normality,
    )
    return ConditionsResult(
        normal,
        spread,
        differences,
        _mauchly(scores.values)[1],
        alpha,
        normality,
        variance,
        scores.n_datasets,
    )


def _contrasts(k: int) -> np.ndarray:
    """k x (k - 1) orthonormal contrasts (columns orthogonal to the constant vector)."""
    q, _ = np.linalg.qr(np.column_stack([np.ones(k), np.eye(k)[:, : k - 1]]))
    return q[:, 1:]


def _mauchly(values: np.ndarray) -> tuple[float, float, float]:
    """Mauchly's W, its p-value and the Greenhouse-Geisser epsilon of an N x k table.

    With M = C' S C (S the covariance of the k columns, C orthonormal contrasts, p = k - 1):
    W = det(M) / (tr(M) / p)^p (Mauchly 1940); -(N - 1) rho log W with rho = 1 - (2p^2 + p + 2)
    / (6p(N - 1)) is chi2 with p(p + 1)/2 - 1 degrees of freedom up to Anderson's second-order
    term (An Introduction to Multivariate Statistical Analysis, 3rd ed., 2003, Sec. 10.7, as
    R's ``mauchly.test``); epsilon = tr(M)^2 / (p tr(M^2)) (Greenhouse & Geisser 1959). Sphericity holds trivially at k = 2 (W = 1, p-value 1).
    """
    n, k = values.shape
    p = k - 1
    m = _contrasts(k).T @ np.cov(values, rowvar=False).reshape(k, k) @ _contrasts(k)
    trace = float(np.trace(m))
    if trace <= 0:  # no variation of the differences: sphericity holds trivially
        return 1.0, 1.0, 1.0
    m = m / (trace / p)  # W and epsilon are scale-free: det and traces of M / mean eigenvalue
    epsilon = float(min(1.0, p / float(np.sum(m * m))))
    if p == 1:
        return 1.0, 1.0, epsilon
    w = float(np.linalg.det(m))
    if w <= 0 or n <= p:  # singular: more contrasts than data sets can estimate
        return max(w, 0.0), float("nan"), epsilon
    # Anderson (2003), Sec. 10.7: rho (n - 1) log W with its second-order term omega_2.
    rho = 1 - (2 * p * p + p + 2) / (6 * p * (n - 1))
    omega2 = (
        (p + 2)
        * (p - 1)
        * (p - 2)
        * (2 * p**3 + 6 * p**2 + 3 * p + 2)
        / (288 * (p * (n - 1) * rho) ** 2)
    )
    statistic, df = -(n - 1) * rho * np.log(w), p * (p + 1) / 2 - 1
    first, second = stats.chi2.sf(statistic, df), stats.chi2.sf(statistic, df + 4)
    return w, float(np.clip(first + omega2 * (second - first), 0.0, 1.0)), epsilon


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
        Mauchly's W and the p-value of its test (NaN when N <= k - 1: not estimable).
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
    Repeated-measures ANOVA: F(3, 39) = 4.4472, p = 0.008818; Greenhouse-Geisser epsilon = 0.7628, corrected p = 0.01676; Mauchly W = 0.4643, p = 0.1104
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


def _anova(values: np.ndarray) -> tuple[float, float, int, int]:
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
    the Greenhouse-Geisser epsilon, which keeps the test valid without it.

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
    sphericity of a normal n-variate distribution", Ann. Math. Statist. 11 (1940).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.rm_anova(scores)
    >>> print(round(res.statistic, 4), res.df_num, res.df_den, round(res.pvalue, 5))
    4.4472 3 39 0.01676
    """
    scores = data
    e = _exponent(scores.values)  # F, epsilon and W are scale-free: computed at unit scale
    values = np.ldexp(scores.values, -e)
    f, mse, df_num, df_den = _anova(values)
    w, sphericity, epsilon = _mauchly(values)
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
    e = _exponent(scores.values)  # t is scale-free: computed at unit scale
    values = np.ldexp(scores.values, -e)
    _, mse, _, df = _anova(values)
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


@dataclass(frozen=True)
class FamilyChoice(_tables.NotebookView):
    """Which family of tests to use, and why (see :func:`choose_family`).

    Attributes
    ----------
    recommended : {'nonparametric', 'parametric'}
        The family the papers recommend for these data.
    reason : str
        Why, in plain words, with the sources.
    conditions : ConditionsResult
        The checks the choice rests on.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> choice = mc.choose_family(mc.check_conditions(scores))
    >>> print(choice.recommended, choice.conditions.n_datasets)
    nonparametric 14
    """

    recommended: ChosenFamily
    reason: str
    conditions: ConditionsResult

    def __str__(self) -> str:
        return f"Recommended: the {self.recommended} tests. {self.reason}"

    def to_frame(self) -> pd.DataFrame:
        """The checks the choice rests on (:meth:`ConditionsResult.to_frame`)."""
        return self.conditions.to_frame()

    def to_text(self) -> str:
        """The checks, then the recommendation (the command line's ``--check-conditions``)."""
        return f"{self.conditions}\n\n{self}"


def choose_family(conditions: ConditionsResult) -> FamilyChoice:
    """The documented choice between the parametric and the non-parametric family.

    The parametric tests (paired t-test, repeated-measures ANOVA with Tukey or Dunnett) are
    recommended only when no checked condition is rejected and there are at least
    ``FEW_DATASETS`` (30) data sets; otherwise the non-parametric ones (Friedman family).
    The reasons: scores of different data sets are not commensurable, so their differences
    need not be normal and outliers weigh on means (Demsar 2006, Sec. 3.1.2 and 3.2.1); with
    few data sets the checks of normality and sphericity have too little power to show that
    the conditions hold; and where the conditions fail, the parametric tests lose their
    validity or their power (Garcia et al. 2010, Sec. 2: normality, independence and
    homoscedasticity all needed), while the non-parametric ones stay valid and are nearly as
    powerful when the conditions do hold.

    Parameters
    ----------
    conditions : ConditionsResult
        The output of :func:`check_conditions`.

    Returns
    -------
    FamilyChoice
        The recommended family and the reason.

    References
    ----------
    J. Demsar, JMLR 7 (2006), Sec. 3; S. Garcia, A. Fernandez, J. Luengo, F. Herrera,
    Information Sciences 180 (2010), Sec. 2.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> choice = mc.choose_family(mc.check_conditions(scores))
    >>> choice.recommended
    'nonparametric'
    """
    table = conditions.decisions()
    failed = list(table.index[table["rejected"]])
    if failed:
        return FamilyChoice(
            "nonparametric",
            f"The parametric conditions are rejected at alpha = {conditions.alpha:g} "
            f"({', '.join(failed)}); "
            "the parametric tests would not be valid (Garcia et al. 2010, Sec. 2), the "
            "Friedman-family tests need none of these conditions.",
            conditions,
        )
    if conditions.n_datasets < FEW_DATASETS:
        return FamilyChoice(
            "nonparametric",
            f"No check rejected the parametric conditions, but with {conditions.n_datasets} data "
            f"sets (fewer than {FEW_DATASETS}) the checks have little power to show that they hold; "
            "scores of different data sets are not commensurable and outliers weigh on means "
            "(Demsar 2006, Sec. 3.2.1): the Friedman-family tests are the safe choice.",
            conditions,
        )
    return FamilyChoice(
        "parametric",
        f"No checked condition is rejected on {conditions.n_datasets} data sets (at least "
        f"{FEW_DATASETS}): "
        "the repeated-measures ANOVA and its post-hocs are valid and use the scores' magnitudes "
        "(Demsar 2006, Sec. 3.2.1); the Friedman-family tests remain valid too.",
        conditions,
    )
