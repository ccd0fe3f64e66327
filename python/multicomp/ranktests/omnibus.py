"""Omnibus tests of k algorithms over N data sets: Friedman, Iman-Davenport, Friedman Aligned
Ranks and Quade.

References: D06 = Demsar (2006), JMLR 7:1-30; G10 = Garcia, Fernandez, Luengo & Herrera (2010),
Inf. Sci. 180:2044-2064; Conover (1999), Practical Nonparametric Statistics, 3rd ed., Sec. 5.8.

Every test takes ``tie_correction=True`` by default: the tie-aware form, which equals the
papers' closed form when there are no ties. ``tie_correction=False`` gives the closed forms
printed in the papers and reproduces their tables.

P-values (``method=``, every test): ``"asymptotic"`` (the chi-square and F distributions of the
papers), ``"exact"`` (the permutation distribution of the statistic when the algorithms'
scores are permuted within each data set, enumerated), ``"permutation"`` (that distribution by
Monte Carlo, ``n_resamples`` random permutations, p = (b + 1)/(n_resamples + 1)) or ``"auto"``
(default): asymptotic for N > 16 data sets (``multicomp.ranktests.permutation.AUTO_MAX_N``), else
exact where the enumeration fits, else Monte Carlo, and the asymptotic form where the Monte
Carlo work would exceed ``multicomp._internal.work.PERMUTATION_WORK_LIMIT`` (many algorithms). Measured at alpha = 0.05 under the null
(benches/RESULTS-asymptotic-sizes.md: exact for Friedman's chi-square and Iman-Davenport's F
at k = 3 and 4, otherwise multicomp.simulate with 40,000 tables per cell, SE at most 0.0013),
the asymptotic Iman-Davenport test rejects 0.075 and 0.068 at N = 3 and 4 (k = 4), 0.064 at
N = 4 (k = 5), above 0.055 up to N = 11 and at most 0.055 from N = 12 at k = 4, 5 and 10; at
k = 3 it rejects 0.17 and 0.19 at N = 2 and 3, and from N = 4 as Friedman's chi-square, which
(a discrete statistic) rejects 0.069 at N = 4, 0.058 at N = 12 and 0.0575 at N = 16; Quade's
F 0.059 and 0.060 at N = 4 and 5 (k = 3); from N = 17 to 20 all are at most 0.054. Exact
permutation p-values hold alpha at every N. Monte Carlo ones hold it with fresh resamples
(``random_state=None``); with the default fixed seed 0 every table of one shape meets the same
resamples, so a shape's type I error is one draw around alpha: Friedman's test rejects 0.044
to 0.055 over the 83 Monte Carlo shapes of k = 5 to 10, N = 3 to 16
(benches/RESULTS-permutation-seed.md). ``method="asymptotic"``
reproduces the papers' p-values (D06's example has N = 14). The result records ``method``
(the one used) and ``n_resamples`` (Monte Carlo only). See :mod:`multicomp.ranktests.permutation`
for why one permutation engine serves all four tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, NamedTuple

import numpy as np
import pandas as pd

from multicomp import ranktests
from multicomp._internal import ranks as _ranking
from multicomp._internal.tables import NotebookView
from multicomp._internal.validation import check_bool
from multicomp._internal.vocabulary import PValueMethod, PValueSource
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores, algorithm_series, dataset_series, scores_frame
from multicomp.ranktests import aligned
from multicomp.ranktests import quade as quade_module
from multicomp.ranktests.permutation import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    PValue,
    PValueOptions,
    RandomState,
    check_options,
    omnibus_pvalue,
    omnibus_pvalues,
    pvalue_label,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "AlignedRanksResult",
    "FriedmanResult",
    "ImanDavenportResult",
    "QuadeResult",
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
]


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


@takes_scores(ScoreOptions)
def friedman(
    data: Scores,
    *,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> FriedmanResult:
    """Friedman's test that all k algorithms perform alike over N data sets.

    chi2_F = 12N/(k(k+1)) [sum_j R_j^2 - k(k+1)^2/4] (G10 eq. 3, D06 eq. 2), R_j the average
    ranks (1 = best, average ranks for ties), ~ chi-square(k - 1).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        2-D array (rows = data sets, columns = algorithms), wide or long DataFrame, or CSV path
        (see :func:`multicomp.read_scores`).
    tie_correction : bool
        True (default): divided by 1 - sum(t^3 - t)/(N k (k^2-1)) (t = sizes of tie groups), as
        scipy.stats.friedmanchisquare and R compute it; False: the papers' form.
    method : {'auto', 'asymptotic', 'exact', 'permutation'}
        How the p-value is computed (module docstring): the chi-square approximation, the
        exact permutation distribution (ValueError when it needs more than
        ``multicomp.ranktests.permutation.EXACT_LIMIT`` cells), Monte Carlo permutations, or
        ``"auto"`` (default): asymptotic for N > 16, else exact where it fits, else Monte
        Carlo, or asymptotic where its work would exceed
        ``multicomp._internal.work.PERMUTATION_WORK_LIMIT`` (``method`` of the result says which).
    random_state : int, numpy.random.Generator or None
        Seed of the Monte Carlo permutations. Default 0: the same call gives the same p-value;
        None: fresh randomness.
    n_resamples : int
        Number of Monte Carlo permutations (default 9,999: Monte Carlo standard error 0.0022
        at p = 0.05).

    Returns
    -------
    FriedmanResult
        ``statistic``, ``pvalue``, ``df``, the average ``ranks``, and ``method``/``n_resamples``
        of the p-value.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.friedman(scores)  # N = 14: a permutation p-value (method='auto')
    >>> print(round(res.statistic, 3), res.df, res.pvalue, res.method)
    10.952 3 0.0089 permutation
    >>> print(round(mc.friedman(scores, method="asymptotic").pvalue, 4))
    0.012
    """
    return friedman_of(data, *_checked(tie_correction, method, random_state, n_resamples))


def _checked(
    tie_correction: bool, method: PValueMethod, random_state: RandomState, n_resamples: int
) -> tuple[bool, PValueOptions]:
    """The checked ``tie_correction`` and p-value options that every omnibus test takes."""
    method, n_resamples = check_options(method, random_state, n_resamples)
    return check_bool(tie_correction, "tie_correction"), PValueOptions(
        method, random_state, n_resamples
    )


def friedman_of(scores: Scores, tie_correction: bool, options: PValueOptions) -> FriedmanResult:
    """:func:`friedman` of checked scores and options (no checks: callers have made them)."""
    ranks, chi2, p = ranked("friedman", scores, tie_correction, options)
    n, k = ranks.shape
    return FriedmanResult(
        statistic=chi2,
        pvalue=p.pvalue,
        df=k - 1,
        ranks=average_ranks(scores, ranks),
        n_datasets=n,
        n_algorithms=k,
        tie_correction=tie_correction,
        rank_matrix=scores_frame(scores, ranks),
        omitted=scores.omitted,
        method=p.method,
        n_resamples=p.n_resamples,
    )


@takes_scores(ScoreOptions)
def iman_davenport(
    data: Scores,
    *,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> ImanDavenportResult:
    """Iman and Davenport's F version of Friedman's test (G10 eq. 4, D06 Sec. 3.2.2).

    F_F = (N-1) chi2_F / (N(k-1) - chi2_F) ~ F(k-1, (k-1)(N-1)), from the Friedman statistic
    of :func:`friedman` with the same ``tie_correction``. F_F is infinite (p = 0) when every
    data set ranks the algorithms identically.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`friedman`.
    tie_correction
        As for :func:`friedman`.
    method, random_state, n_resamples
        As for :func:`friedman`. F_F increases with chi2_F, so their exact and permutation
        p-values are equal.

    Returns
    -------
    ImanDavenportResult
        ``statistic`` F_F, ``pvalue``, ``df_num``, ``df_den`` and the chi2_F it derives from.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.iman_davenport(scores, method="asymptotic")
    >>> print(round(res.statistic, 3), res.df_num, res.df_den, round(res.pvalue, 4))
    4.586 3 39 0.0076
    """
    return iman_davenport_of(
        friedman(
            data,
            tie_correction=tie_correction,
            method=method,
            random_state=random_state,
            n_resamples=n_resamples,
        )
    )


def iman_davenport_of(result: FriedmanResult) -> ImanDavenportResult:
    """The Iman-Davenport test derived from Friedman's ``result``: F_F from its chi2_F, and
    its p-value (the same permutation p-value, or the F distribution's): Friedman's statistic
    is computed once."""
    n, k = result.n_datasets, result.n_algorithms
    row = derived_rows("friedman", result.statistic, _pvalue(result), n, k)[0]
    return ImanDavenportResult(
        statistic=row.statistic,
        pvalue=row.pvalue,
        df_num=row.df[0],
        df_den=row.df[1],
        ranks=result.ranks,
        n_datasets=n,
        n_algorithms=k,
        tie_correction=result.tie_correction,
        friedman_statistic=result.statistic,
        rank_matrix=result.rank_matrix,
        omitted=result.omitted,
        method=result.method,
        n_resamples=result.n_resamples,
    )


@takes_scores(ScoreOptions)
def friedman_aligned_ranks(
    data: Scores,
    *,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> AlignedRanksResult:
    """Friedman Aligned Ranks test (Hodges & Lehmann 1962; G10 Sec. 4.1, eq. 7).

    Aligned observations x_ij - mean_j x_ij are ranked jointly over all kN values (1 = best,
    average ranks for ties decided at the data precision).
    T = (k-1)[sum_j R^_j^2 - (kN^2/4)(kN+1)^2] / ([kN(kN+1)(2kN+1)/6] - (1/k) sum_i R^_i^2)
    ~ chi-square(k-1).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`friedman`.
    tie_correction : bool
        True (default): the sum of the squared aligned ranks replaces kN(kN+1)(2kN+1)/6 (they
        agree without ties); False: the paper's form.
    method, random_state, n_resamples
        As for :func:`friedman` (the data sets' scores permuted, aligned ranks recomputed).

    Returns
    -------
    AlignedRanksResult
        ``statistic`` T, ``pvalue``, ``df``, the average aligned ``ranks`` and G10 Table 7.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.friedman_aligned_ranks(scores, method="asymptotic")
    >>> print(round(res.statistic, 3), res.df, round(res.pvalue, 4))
    11.648 3 0.0087
    """
    scores = data
    tie_correction, options = _checked(tie_correction, method, random_state, n_resamples)
    ranks, statistic, p = ranked("aligned", scores, tie_correction, options)
    n, k = ranks.shape
    parts = aligned.statistic(ranks, tie_correction)
    aligned_x = _ranking.aligned_observations(scores.oriented())
    # Report the aligned observations on the scale of the scores (not negated).
    shown = aligned_x if scores.higher_is_better else -aligned_x + 0.0
    return AlignedRanksResult(
        statistic=statistic,
        pvalue=p.pvalue,
        df=k - 1,
        ranks=algorithm_series(scores, parts.algorithm_totals / n, "average_aligned_rank"),
        n_datasets=n,
        n_algorithms=k,
        tie_correction=tie_correction,
        rank_totals=algorithm_series(scores, parts.algorithm_totals, "rank_total"),
        dataset_rank_totals=dataset_series(scores, parts.dataset_totals, "rank_total"),
        aligned_observations=scores_frame(scores, shown),
        aligned_ranks=scores_frame(scores, ranks),
        omitted=scores.omitted,
        method=p.method,
        n_resamples=p.n_resamples,
    )


@takes_scores(ScoreOptions)
def quade(
    data: Scores,
    *,
    tie_correction: bool = True,
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> QuadeResult:
    """Quade's test (Quade 1979; G10 Sec. 4.2, eqs. 11-19).

    Data sets are ranked by their sample range (Q_i, 1 = smallest, ranges compared at the data
    precision); r_ij are the Friedman ranks (1 = best); S_ij = Q_i(r_ij - (k+1)/2),
    B = (1/N) sum_j S_j^2 (eq. 15) and T3 = (N-1)B/(A2-B) ~ F(k-1, (k-1)(N-1)) (eq. 16).
    T3 is infinite (p = 0) when A2 = B.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`friedman`.
    tie_correction : bool
        True (default): A2 is Conover's sum of squared S_ij; False: N(N+1)(2N+1)k(k+1)(k-1)/72
        (eq. 14). They agree without ties.
    method, random_state, n_resamples
        As for :func:`friedman` (the data sets' scores permuted, aligned ranks recomputed).

    Returns
    -------
    QuadeResult
        ``statistic`` T3, ``pvalue``, ``df_num``, ``df_den``; ``ranks`` holds
        T_j = W_j/(N(N+1)/2) with W_ij = Q_i r_ij (eqs. 17-18).

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.
    Conover (1999), Practical Nonparametric Statistics, 3rd ed.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.quade(scores, method="asymptotic")
    >>> print(round(res.statistic, 3), res.df_num, res.df_den, round(res.pvalue, 4))
    4.628 3 39 0.0073
    """
    scores = data
    tie_correction, options = _checked(tie_correction, method, random_state, n_resamples)
    w, statistic, p = ranked("quade", scores, tie_correction, options)
    oriented = scores.oriented()
    q = _ranking.range_ranks(oriented)
    parts = quade_module.parts(_ranking.friedman_ranks(oriented), q, tie_correction)
    n, k = w.shape
    return QuadeResult(
        statistic=statistic,
        pvalue=p.pvalue,
        df_num=k - 1,
        df_den=(k - 1) * (n - 1),
        ranks=algorithm_series(scores, parts.T_j, "T"),
        n_datasets=n,
        n_algorithms=k,
        tie_correction=tie_correction,
        A2=float(parts.A2),
        B=float(parts.B),
        ranges=dataset_series(scores, _ranking.sample_ranges(oriented), "range"),
        dataset_ranks=dataset_series(scores, q, "Q"),
        S=scores_frame(scores, parts.S),
        W=scores_frame(scores, w),
        S_j=algorithm_series(scores, parts.S_j, "S"),
        W_j=algorithm_series(scores, parts.W_j, "W"),
        omitted=scores.omitted,
        method=p.method,
        n_resamples=p.n_resamples,
    )


class OmnibusRow(NamedTuple):
    """One omnibus test of a comparison: what a report shows of it."""

    name: str
    statistic: float
    pvalue: float
    distribution: str
    df: tuple[int, ...]
    method: PValueSource
    n_resamples: int | None = None
    tie_corrected: bool = False  # the tie correction changed the statistic (ties in the data)


def ranked(
    test: str,
    scores: Scores,
    tie_correction: bool,
    options: PValueOptions,
) -> tuple[np.ndarray, float, PValue]:
    """The registered rank ``test`` of checked ``scores``: its within-data-set table W, its
    statistic (the registry's vectorised one, as the permutation engine and
    :func:`multicomp.simulate` use it) and its p-value by ``options``."""
    return ranked_together((test,), scores, tie_correction, options)[0]


def ranked_together(
    tests: Sequence[str],
    scores: Scores,
    tie_correction: bool,
    options: PValueOptions,
    pairs: float | None = None,
) -> list[tuple[np.ndarray, float, PValue]]:
    """:func:`ranked` of several registered rank ``tests`` of the same scores, whose Monte
    Carlo p-values (of the tests with the Rust kernel) come from one permutation draw
    (:func:`multicomp.ranktests.permutation.omnibus_pvalues`); ``pairs``: the smallest
    threshold of a post-hoc on the first test's table, whose permutations are then drawn with
    them."""
    oriented = scores.oriented()
    entries = [ranktests.get(test) for test in tests]
    tables = [entry.table(oriented) for entry in entries]
    n, k = tables[0].shape
    statistics = [float(e.statistic(t, tie_correction)) for e, t in zip(entries, tables)]
    asymptotic = [float(e.pvalue(np.asarray(s), n, k)) for e, s in zip(entries, statistics)]
    kernel = [i for i, entry in enumerate(entries) if entry.kernel]
    shared = omnibus_pvalues(
        [tables[i] for i in kernel],
        [asymptotic[i] for i in kernel],
        *options,
        pairs=pairs if kernel[:1] == [0] else None,
    )
    pvalues = dict(zip(kernel, shared))
    for i, entry in enumerate(entries):
        if i not in pvalues:  # the numpy engine, with the test's own statistic
            resampled = _statistic_of(entry, tie_correction)
            pvalues[i] = omnibus_pvalue(tables[i], asymptotic[i], *options, statistic=resampled)
    return [(tables[i], statistics[i], pvalues[i]) for i in range(len(tests))]


def _statistic_of(
    entry: ranktests.RankTest, tie_correction: bool
) -> Callable[[np.ndarray], np.ndarray]:
    """``entry``'s statistic of permuted tables, for the numpy engine."""
    return lambda tables: entry.statistic(tables, tie_correction)


def derived_rows(test: str, statistic: float, p: PValue, n: int, k: int) -> list[OmnibusRow]:
    """The omnibus tests derived from ``test``'s ``statistic`` (Iman-Davenport from
    Friedman's chi2_F); each increases with it, so it shares a permutation p-value ``p``."""
    rows = []
    for derived in ranktests.get(test).derived:
        value = float(derived.statistic(np.asarray(statistic), n, k))
        df = derived.df(n, k)
        asymptotic = float(ranktests.base.SURVIVAL[derived.distribution](np.asarray(value), df))
        pvalue = asymptotic if p.method == "asymptotic" else p.pvalue
        rows.append(
            OmnibusRow(
                derived.name, value, pvalue, derived.distribution, df, p.method, p.n_resamples
            )
        )
    return rows


def rank_omnibus(
    scores: Scores,
    test: str,
    tie_correction: bool,
    options: PValueOptions,
    threshold: float | None = None,
) -> tuple[tuple[OmnibusRow, ...], pd.Series]:
    """The omnibus tests of a comparison by ``test`` on checked ``scores``: Friedman's and
    those derived from it, then ``test``'s own (when it is another registered rank test) and
    those derived from it, each statistic computed once; and the average Friedman ranks.
    ``threshold``: the smallest threshold of the post-hoc by ``test`` that follows, whose
    permutations are drawn with its omnibus test's (one draw for both)."""
    pairs = _pairs(test, options, threshold)
    own = test != "friedman" and test in ranktests.names()  # Friedman's is always shown
    tests = (test, "friedman") if own else ("friedman",)
    *other, (friedman_ranks, statistic, p) = ranked_together(
        tests, scores, tie_correction, options, pairs
    )
    rows = _rows("friedman", friedman_ranks, statistic, p, tie_correction)
    for table, statistic, p in other:
        rows += _rows(test, table, statistic, p, tie_correction)
    return tuple(rows), average_ranks(scores, friedman_ranks)


def _pairs(test: str, options: PValueOptions, threshold: float | None) -> float | None:
    """``threshold`` when the post-hoc by ``test`` permutes its table (a rank test whose z
    tests are not referred to Student's t under ``method="auto"``), else None."""
    if test not in ranktests.names():
        return None
    t_tests = ranktests.get(test).posthoc_df is not None and options.method == "auto"
    return None if t_tests else threshold


def _rows(
    test: str, table: np.ndarray, statistic: float, p: PValue, tie_correction: bool
) -> list[OmnibusRow]:
    """The rows of ``test`` and of the tests derived from it, each saying whether the tie
    correction changed the statistic (its textbook form, computed from the same table W,
    differs: the data hold ties), which reports state."""
    n, k = table.shape
    entry = ranktests.get(test)
    textbook = float(entry.statistic(table, False)) if tie_correction else statistic
    corrected = not np.isclose(textbook, statistic, rtol=1e-12, atol=0.0, equal_nan=True)
    row = OmnibusRow(
        test, statistic, p.pvalue, entry.distribution, entry.df(n, k), p.method, p.n_resamples
    )
    return [
        r._replace(tie_corrected=corrected) for r in (row, *derived_rows(test, statistic, p, n, k))
    ]


def _pvalue(result: FriedmanResult) -> PValue:
    return PValue(result.pvalue, result.method, result.n_resamples)


def average_ranks(scores: Scores, ranks: np.ndarray | None = None) -> pd.Series:
    """The average Friedman rank of each algorithm (:attr:`FriedmanResult.ranks`), from the
    within-row ``ranks`` if given (else computed): what the post-hocs need, without the test."""
    if ranks is None:
        ranks = _ranking.friedman_ranks(scores.oriented())
    return algorithm_series(scores, ranks.mean(axis=0), "average_rank")
