"""The conditions of the parametric tests (check_conditions): normality of each algorithm's runs
and of the paired differences, equal variances, sphericity."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.validation import check_alpha, check_choice
from multicomp._internal.vocabulary import (
    NORMALITY_TESTS,
    VARIANCE_TESTS,
    NormalityTest,
    VarianceTest,
)
from multicomp.data.decorators import ScoresInput, TableOptions, takes_scores
from multicomp.data.runs import Aggregate, combine_runs
from multicomp.data.scores import Scores
from multicomp.parametric.anova import exponent, mauchly
from multicomp.procedures.adjust import adjust_control

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ConditionsResult", "check_conditions"]


#: Fewest observations each normality test accepts (D'Agostino-Pearson's kurtosis test is
#: valid from 20 on; scipy warns below).
MIN_NORMALITY_N = {"shapiro": 3, "dagostino": 20, "lilliefors": 4}


#: Below this many data sets the checks of normality and sphericity have little power
#: (Demsar 2006, Sec. 3.1.2 and 3.2.1: the central limit theorem needs about 30).
FEW_DATASETS = 30


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
    both times the same power of two (:func:`exponent`: the checks do not depend on the
    scale of the scores).

    The input layer combines repeated results through ``aggregate``; here a recording
    ``aggregate`` keeps each cell's runs (:meth:`ScoresInput.runs`).
    """
    cells, runs = source.runs()
    if runs is None:  # one result per cell: nothing was combined
        runs = [[np.array([v]) for v in row] for row in cells.values]
        values = np.asarray(cells.values, dtype=float)
    else:
        combine: Aggregate = source.options.get("aggregate") or "mean"
        values = np.array([[combine_runs(r, combine) for r in row] for row in runs])
    e = exponent(values, *(r for row in runs for r in row))  # the checks are scale-free
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
        p-value of Mauchly's test of sphericity of the per-data-set scores (1 at k = 2), from
        W's exact null distribution under normality: valid at every N >= k.
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
        mauchly(scores.values)[1],
        alpha,
        normality,
        variance,
        scores.n_datasets,
    )
