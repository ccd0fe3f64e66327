"""The data classes of the report's extras (compare(extras=...)): the effect sizes of a pair, the
cells of the multi-comparison matrix, the weights of the Bayesian ranking, the Bayesian
hierarchical test of a pair. Like model, they
import nothing of the report package."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from multicomp._internal.keywords import strict
from multicomp._internal.names import fmt_p
from multicomp._internal.tables import NotebookView

__all__ = ["EffectSize", "HierarchicalPair", "MatrixCell", "PairEffects", "RankingWeight"]


@dataclass(frozen=True)
class EffectSize(NotebookView):
    """One effect size of a pair in a :class:`Report` (``compare(extras=("effect_sizes",))``,
    :func:`multicomp.pairs.effect_size.effect_sizes`).

    Attributes
    ----------
    measure : {'cohen_d', 'cliff_delta', 'akinshin_gamma'}
        Cohen's d_z of the paired differences, Cliff's delta or Akinshin's gamma.
    value : float
        The effect (positive: the pair's first algorithm is better).
    low, high : float or None
        Its confidence interval at level 1 - alpha (None where undefined: a bootstrap
        resample without spread; None, unlike NaN, compares equal after a JSON round trip).
    magnitude : str
        'negligible', 'small', 'medium' or 'large' (Cohen 1988; Romano et al. 2006 for delta).

    Examples
    --------
    >>> import multicomp as mc
    >>> report = mc.compare(mc.load_example("demsar2006"), extras=["effect_sizes"])
    >>> effect = report.effect_sizes[0].effects[0]
    >>> effect.measure, str(effect)
    ('cohen_d', '-0.76 [-1.35, -0.15], medium')
    """

    measure: str
    value: float
    low: float | None
    high: float | None
    magnitude: str

    def __str__(self) -> str:
        low, high = ("n/a" if v is None else f"{v:.2f}" for v in (self.low, self.high))
        return f"{self.value:.2f} [{low}, {high}], {self.magnitude}"

    def to_frame(self) -> pd.DataFrame:
        """The effect as one row, indexed by its measure."""
        row = {name: getattr(self, name) for name in ("value", "low", "high", "magnitude")}
        return pd.DataFrame([row], index=[self.measure])


@dataclass(frozen=True)
class PairEffects(NotebookView):
    """The effect sizes of one pair of a :class:`Report`.

    Attributes
    ----------
    first, second : str
        The two algorithms (positive effects: ``first`` is better).
    mean_difference : float
        The mean of first minus second over the data sets, in score units (oriented: positive
        when ``first`` is better).
    effects : tuple of EffectSize
        Cohen's d, Cliff's delta and Akinshin's gamma.
    label : str
        "first vs second".

    Examples
    --------
    >>> import multicomp as mc
    >>> report = mc.compare(mc.load_example("demsar2006"), extras=["effect_sizes"])
    >>> pair = report.effect_sizes[0]
    >>> pair.label, pair.effect("cliff_delta").magnitude
    ('C4.5 vs C4.5+m', 'negligible')
    """

    first: str
    second: str
    mean_difference: float
    effects: tuple[EffectSize, ...]

    @property
    def label(self) -> str:
        return f"{self.first} vs {self.second}"

    @strict
    def effect(self, measure: str) -> EffectSize:
        """The effect of ``measure``."""
        return next(e for e in self.effects if e.measure == measure)

    def __str__(self) -> str:
        return f"{self.label}: " + "; ".join(f"{e.measure} {e}" for e in self.effects)

    def to_frame(self) -> pd.DataFrame:
        """The pair as one row: ``mean_difference``, then each measure's value, ``_low``,
        ``_high`` and ``_magnitude`` (as :func:`multicomp.pairs.effect_size.effect_sizes`)."""
        row: dict[str, object] = {"mean_difference": self.mean_difference}
        for e in self.effects:
            row.update(
                {
                    e.measure: e.value,
                    f"{e.measure}_low": e.low,
                    f"{e.measure}_high": e.high,
                    f"{e.measure}_magnitude": e.magnitude,
                }
            )
        return pd.DataFrame([row], index=[self.label])


@dataclass(frozen=True)
class MatrixCell(NotebookView):
    """One pair of the multi-comparison matrix of a :class:`Report`
    (``compare(extras=("matrix",))``, :func:`multicomp.ranking.multi_comparison.comparison_matrix`).

    Attributes
    ----------
    first, second : str
        The two algorithms, ``first`` with the better mean score.
    mean_difference : float
        Mean score of first minus second (score units).
    wins, ties, losses : int
        Data sets on which ``first`` is better than, equal to, worse than ``second``.
    pvalue : float
        The pair's own two-sided Wilcoxon signed-rank p-value.
    adjusted : float
        That p-value adjusted (Holm) for the k(k-1)/2 pairs.
    label : str
        "first vs second".

    Examples
    --------
    >>> import multicomp as mc
    >>> report = mc.compare(mc.load_example("demsar2006"), extras=["matrix"])
    >>> cell = report.matrix[2]
    >>> cell.label, (cell.wins, cell.ties, cell.losses), round(cell.pvalue, 4)
    ('C4.5+m+cf vs C4.5', (11, 1, 2), 0.0143)
    """

    first: str
    second: str
    mean_difference: float
    wins: int
    ties: int
    losses: int
    pvalue: float
    adjusted: float

    @property
    def label(self) -> str:
        return f"{self.first} vs {self.second}"

    def __str__(self) -> str:
        return (
            f"{self.label}: mean difference {self.mean_difference:.4g}, "
            f"{self.wins}/{self.ties}/{self.losses}, p = {fmt_p(self.pvalue)}, "
            f"adjusted {fmt_p(self.adjusted)}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The cell as one row (the columns of ``ComparisonMatrix.to_frame()``)."""
        names = ("mean_difference", "wins", "ties", "losses", "pvalue", "adjusted")
        return pd.DataFrame([{n: getattr(self, n) for n in names}], index=[self.label])


@dataclass(frozen=True)
class RankingWeight(NotebookView):
    """One algorithm of the Bayesian Plackett-Luce ranking of a :class:`Report`
    (``compare(extras=("bayesian_ranking",))``, :func:`multicomp.ranking.plackett_luce.bayesian_ranking`).

    Attributes
    ----------
    algorithm : str
        The algorithm.
    mean : float
        Posterior mean of its normalised Plackett-Luce weight: the probability that it ranks
        first on a new data set.
    lower, upper : float
        The equal-tailed credible interval of the weight at level 1 - alpha.
    p_best : float
        Posterior probability that its weight is the largest.

    Examples
    --------
    >>> import multicomp as mc
    >>> report = mc.compare(mc.load_example("demsar2006"), extras=["bayesian_ranking"])
    >>> best = report.bayesian_ranking[0]
    >>> best.algorithm, round(best.p_best, 1)
    ('C4.5+m+cf', 0.5)
    """

    algorithm: str
    mean: float
    lower: float
    upper: float
    p_best: float

    def __str__(self) -> str:
        return (
            f"{self.algorithm}: weight {self.mean:.3f} [{self.lower:.3f}, {self.upper:.3f}], "
            f"P(best) {self.p_best:.3f}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The algorithm as one row (the columns of ``BayesianRankingResult.to_frame()`` but
        ``rhat``)."""
        names = ("mean", "lower", "upper", "p_best")
        row = {n: getattr(self, n) for n in names}
        return pd.DataFrame([row], index=pd.Index([self.algorithm], name="algorithm"))


@dataclass(frozen=True)
class HierarchicalPair(NotebookView):
    """The Bayesian hierarchical test of a pair in a :class:`Report`
    (``compare(extras=("bayesian_hierarchical",))`` of fold scores,
    :func:`multicomp.compare_bayesian` with ``test="hierarchical"``).

    Attributes
    ----------
    first, second : str
        The pair (the control first, with a control).
    p_first_better, p_equivalent, p_second_better : float
        Posterior probabilities that the next data set's mean difference lies above the
        rope, within it, or below it, being the largest of the three (Corani et al. 2017).
    rhat, ess : float
        The largest split R-hat and the smallest effective sample size of the chains of
        delta0, std0 and nu.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> import multicomp as mc
    >>> rng = np.random.default_rng(0)
    >>> folds = rng.uniform(0.7, 0.9, (8, 1, 1)) + rng.normal(0, 0.02, (8, 3, 5))
    >>> folds[:, 0] += 0.03  # A1 better
    >>> report = mc.compare(folds, aggregate="mean", extras=["bayesian_hierarchical"],
    ...                     rope=0.01)
    >>> pair = report.bayesian_hierarchical[0]
    >>> pair.label, round(pair.p_first_better, 2)
    ('A1 vs A2', 1.0)
    """

    first: str
    second: str
    p_first_better: float
    p_equivalent: float
    p_second_better: float
    rhat: float
    ess: float

    @property
    def label(self) -> str:
        return f"{self.first} vs {self.second}"

    def __str__(self) -> str:
        return (
            f"{self.label}: P(first better) {self.p_first_better:.4f}, P(equivalent) "
            f"{self.p_equivalent:.4f}, P(second better) {self.p_second_better:.4f}, "
            f"R-hat {self.rhat:.3f}, ESS {self.ess:.0f}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The pair as one row (the columns of ``BayesianComparison.to_frame()`` but
        ``first``, ``second`` and ``decision``)."""
        names = ("p_first_better", "p_equivalent", "p_second_better", "rhat", "ess")
        row = {n: getattr(self, n) for n in names}
        return pd.DataFrame([row], index=pd.Index([self.label], name="pair"))
