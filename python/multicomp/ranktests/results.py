"""The results of the omnibus tests of complete tables: Friedman's chi-square, Iman-Davenport's F,
the Friedman aligned ranks test and Quade's test (each readable, with its table of ranks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import pandas as pd

from multicomp._internal.tables import NotebookView
from multicomp._internal.vocabulary import PValueSource
from multicomp.ranktests.permutation import (
    pvalue_label,
)

__all__ = ["AlignedRanksResult", "FriedmanResult", "ImanDavenportResult", "QuadeResult"]


class _Printable(NotebookView):
    """A readable ``str()`` (the test, statistic, degrees of freedom, p and the ranks), the
    test as a one-row table (``to_frame()``) and the notebook view of both."""

    _title: ClassVar[str]
    _symbol: ClassVar[str]
    #: The fields holding the degrees of freedom, in the order the distribution takes them.
    _df_fields: ClassVar[tuple[str, ...]] = ("df",)
    # fields of every omnibus result (each subclass is a dataclass that declares them)
    statistic: float
    pvalue: float
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    tie_correction: bool
    omitted: tuple[str, ...]

    def __str__(self) -> str:
        dof = ", ".join(str(getattr(self, name)) for name in self._df_fields)
        ranks = self.ranks
        lines = [
            f"{self._title} (N = {self.n_datasets}, k = {self.n_algorithms}, "
            f"tie_correction={self.tie_correction})",
            f"  {self._symbol}({dof}) = {self.statistic:.6g}, p = {self.pvalue:.6g} "
            f"({pvalue_label(self.method, self.n_resamples)})",
            f"  {ranks.name}:",
            *(f"    {name}: {value:.6g}" for name, value in ranks.items()),
        ]
        if self.omitted:
            lines.append(f"  omitted (incomplete): {', '.join(self.omitted)}")
        return "\n".join(lines)

    method: PValueSource
    n_resamples: int | None

    def to_frame(self) -> pd.DataFrame:
        """The test as one row, indexed by its name: ``statistic``, the degrees of freedom,
        ``pvalue``, how it was computed (``method``, ``n_resamples``), N and k. Rows of
        several tests concatenate (``pd.concat``)."""
        row = {
            "statistic": self.statistic,
            **{name: getattr(self, name) for name in self._df_fields},
            "pvalue": self.pvalue,
            "method": self.method,
            "n_resamples": self.n_resamples,
            "n_datasets": self.n_datasets,
            "n_algorithms": self.n_algorithms,
        }
        return pd.DataFrame([row], index=[self._title])


_OMNIBUS_ATTRIBUTES = """    n_datasets, n_algorithms : int
        N data sets and k algorithms the test used.
    tie_correction : bool
        Whether the statistic is corrected for ties.
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.
    method : str
        How ``pvalue`` was computed: ``"asymptotic"``, ``"exact"`` (permutation distribution
        enumerated) or ``"permutation"`` (Monte Carlo).
    n_resamples : int or None
        The number of Monte Carlo permutations (None unless ``method`` is ``"permutation"``)."""
"""The Attributes entries that every omnibus result shares (their docstrings' shared part)."""


@dataclass(frozen=True)
class FriedmanResult(_Printable):
    __doc__ = f"""Friedman test: ``statistic`` chi2_F ~ chi-square(``df`` = k - 1) (D06 Sec. 3.2.2).

    Attributes
    ----------
    statistic : float
        Friedman's chi2_F.
    pvalue : float
        Its p-value from the chi-square distribution.
    df : int
        Degrees of freedom, k - 1.
    ranks : pandas.Series
        Average Friedman rank of each algorithm (1 = best).
{_OMNIBUS_ATTRIBUTES}
    rank_matrix : pandas.DataFrame
        The ranks within each data set (data sets x algorithms).

    References
    ----------
    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.friedman(scores)
    >>> res.ranks  # average ranks, 1 = best
    C4.5         3.142857
    C4.5+m       2.000000
    C4.5+cf      2.928571
    C4.5+m+cf    1.928571
    Name: average_rank, dtype: float64
    >>> print(res.n_datasets, res.n_algorithms, res.n_resamples)
    14 4 9999
    """

    _title: ClassVar[str] = "Friedman test"
    _symbol: ClassVar[str] = "chi2"

    statistic: float
    pvalue: float
    df: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    tie_correction: bool
    rank_matrix: pd.DataFrame = field(repr=False)
    omitted: tuple[str, ...] = ()
    method: PValueSource = "asymptotic"
    n_resamples: int | None = None


@dataclass(frozen=True)
class ImanDavenportResult(_Printable):
    __doc__ = f"""Iman-Davenport test: ``statistic`` F_F ~ F(k - 1, (k - 1)(N - 1)) (D06 Sec. 3.2.2).

    Attributes
    ----------
    statistic : float
        F_F = (N - 1) chi2_F / (N (k - 1) - chi2_F) (D06 Sec. 3.2.2).
    pvalue : float
        Its p-value from the F distribution.
    df_num, df_den : int
        Degrees of freedom, k - 1 and (k - 1)(N - 1).
    ranks : pandas.Series
        Average Friedman rank of each algorithm (1 = best), as in :class:`FriedmanResult`.
{_OMNIBUS_ATTRIBUTES}
    friedman_statistic : float
        The chi2_F that F_F derives from.
    rank_matrix : pandas.DataFrame
        The ranks within each data set (data sets x algorithms).

    References
    ----------
    Iman & Davenport (1980), Approximations of the critical region of the Friedman statistic,
    Comm. Statist. A 9:571-595.
    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.iman_davenport(scores, method="asymptotic")
    >>> res.to_frame()[["statistic", "pvalue"]].round(4)
                         statistic  pvalue
    Iman-Davenport test     4.5859  0.0076
    """

    _title: ClassVar[str] = "Iman-Davenport test"
    _symbol: ClassVar[str] = "F"
    _df_fields: ClassVar[tuple[str, ...]] = ("df_num", "df_den")

    statistic: float
    pvalue: float
    df_num: int
    df_den: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    tie_correction: bool
    friedman_statistic: float
    rank_matrix: pd.DataFrame = field(repr=False)
    omitted: tuple[str, ...] = ()
    method: PValueSource = "asymptotic"
    n_resamples: int | None = None


@dataclass(frozen=True)
class AlignedRanksResult(_Printable):
    __doc__ = f"""Friedman Aligned Ranks test: ``statistic`` T ~ chi-square(``df`` = k - 1) (G10 Sec. 3.1).

    Attributes
    ----------
    statistic : float
        The aligned ranks statistic T.
    pvalue : float
        Its p-value from the chi-square distribution.
    df : int
        Degrees of freedom, k - 1.
    ranks : pandas.Series
        Average aligned rank of each algorithm (1 = best of all kN aligned observations).
{_OMNIBUS_ATTRIBUTES}
    rank_totals : pandas.Series
        The algorithms' sums of aligned ranks, R^_j.
    dataset_rank_totals : pandas.Series
        The data sets' sums of aligned ranks, R^_i.
    aligned_observations : pandas.DataFrame
        Each score minus its data set's mean (N x k).
    aligned_ranks : pandas.DataFrame
        The ranks of the aligned observations among all kN of them (G10 Table 7).

    References
    ----------
    Hodges & Lehmann (1962), Rank methods for combination of independent experiments in
    analysis of variance, Ann. Math. Statist. 33:482-497.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.friedman_aligned_ranks(scores, method="asymptotic")
    >>> res.ranks.round(3)
    C4.5         38.250
    C4.5+m       22.964
    C4.5+cf      34.786
    C4.5+m+cf    18.000
    Name: average_aligned_rank, dtype: float64
    """

    _title: ClassVar[str] = "Friedman Aligned Ranks test"
    _symbol: ClassVar[str] = "chi2"

    statistic: float
    pvalue: float
    df: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    tie_correction: bool
    rank_totals: pd.Series = field(repr=False)
    dataset_rank_totals: pd.Series = field(repr=False)
    aligned_observations: pd.DataFrame = field(repr=False)
    aligned_ranks: pd.DataFrame = field(repr=False)
    omitted: tuple[str, ...] = ()
    method: PValueSource = "asymptotic"
    n_resamples: int | None = None


@dataclass(frozen=True)
class QuadeResult(_Printable):
    __doc__ = f"""Quade test: ``statistic`` T3 ~ F(k - 1, (k - 1)(N - 1)) (G10 Sec. 3.2).

    Attributes
    ----------
    statistic : float
        Quade's T3 = (N - 1) B / (A2 - B).
    pvalue : float
        Its p-value from the F distribution.
    df_num, df_den : int
        Degrees of freedom, k - 1 and (k - 1)(N - 1).
    ranks : pandas.Series
        Quade's T_j = W_j / (N(N+1)/2), the weighted average rank of each algorithm (1 = best),
        which the Quade post-hoc compares.
{_OMNIBUS_ATTRIBUTES}
    A2 : float
        The sum of the squared S_ij.
    B : float
        sum_j S_j^2 / N.
    ranges : pandas.Series
        The range of the scores of each data set.
    dataset_ranks : pandas.Series
        Q_i, the ranks of the ranges (1 = smallest).
    S : pandas.DataFrame
        S_ij = Q_i (r_ij - (k + 1)/2) (N x k).
    W : pandas.DataFrame
        W_ij = Q_i r_ij (N x k).
    S_j, W_j : pandas.Series
        The column sums of ``S`` and ``W``.

    References
    ----------
    Quade (1979), Using weighted rankings in the analysis of complete blocks with additive
    block effects, JASA 74:680-683.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.quade(scores, method="asymptotic")
    >>> res.to_frame()[["statistic", "pvalue"]].round(4)
                statistic  pvalue
    Quade test     4.6279  0.0073
    """

    _title: ClassVar[str] = "Quade test"
    _symbol: ClassVar[str] = "F"
    _df_fields: ClassVar[tuple[str, ...]] = ("df_num", "df_den")

    statistic: float
    pvalue: float
    df_num: int
    df_den: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    tie_correction: bool
    A2: float
    B: float
    ranges: pd.Series = field(repr=False)
    dataset_ranks: pd.Series = field(repr=False)
    S: pd.DataFrame = field(repr=False)
    W: pd.DataFrame = field(repr=False)
    S_j: pd.Series = field(repr=False)
    W_j: pd.Series = field(repr=False)
    omitted: tuple[str, ...] = ()
    method: PValueSource = "asymptotic"
    n_resamples: int | None = None
