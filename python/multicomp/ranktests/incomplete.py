"""Tests for incomplete blocks: algorithms without a score on some data sets.

When an algorithm failed or timed out on a data set, ``nan_policy="omit"`` throws away the whole
data set. The tests here use every score instead:

* :func:`skillings_mack`: Skillings & Mack's (1981) generalisation of Friedman's test to any
  pattern of missing scores (SM); it equals Friedman's statistic on complete data and Durbin's
  chi-square on a balanced incomplete block design.
* :func:`durbin`: Durbin's (1951) test for a balanced incomplete block design (BIBD: every data
  set scores the same number of algorithms, every algorithm is scored on the same number of
  data sets, every pair of algorithms meets on the same number of data sets): Durbin's
  chi-square T1 (the default) and Conover's (1999) F form T2.
* their post-hoc comparisons, all pairs or with a control, with the adjusted p-values (APVs)
  of :mod:`multicomp.procedures`, are :func:`multicomp.posthoc_incomplete`
  (:mod:`multicomp.posthoc.incomplete`).

The statistics are computed by the registered tests (:mod:`multicomp.ranktests.skillings_mack`,
:mod:`multicomp.ranktests.durbin`).

References: Skillings, J. H. & Mack, G. A. (1981), On the use of a Friedman-type statistic in
balanced and unbalanced block designs, Technometrics 23(2):171-177. Durbin, J. (1951),
Incomplete blocks in ranking experiments, Brit. J. Statist. Psych. 4:85-90. Conover, W. J.
(1999), Practical Nonparametric Statistics, 3rd ed., Wiley: the Durbin test and its multiple
comparisons (worked example of seven ice creams, p. 391). The null error rates quoted in the
docstrings come from benches/incomplete_calibration.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pandas as pd
from scipy import stats

from multicomp._internal.tables import NotebookView
from multicomp._internal.validation import check_bool
from multicomp._internal.vocabulary import IncompleteTest
from multicomp.data.decorators import IncompleteOptions, takes_scores
from multicomp.data.scores import Scores
from multicomp.ranktests import durbin as durbin_test
from multicomp.ranktests import skillings_mack as sm_test
from multicomp.ranktests.blocks import blocks as incomplete_blocks

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "DurbinResult",
    "IncompleteTest",
    "SkillingsMackResult",
    "durbin",
    "skillings_mack",
]


_COUNTS = """    n_datasets, n_algorithms : int
        Data sets used (with two or more scores) and algorithms.
    n_missing : int
        Missing scores in the data sets used.
    tie_correction : bool
        Whether the covariance (the sum of squared ranks) accounts for ties."""
"""The Attributes entries both incomplete-block results share (their docstrings' shared part)."""


@dataclass(frozen=True)
class SkillingsMackResult(NotebookView):
    __doc__ = f"""Skillings-Mack test: ``statistic`` SM ~ chi-square(``df`` = k - 1).

    Attributes
    ----------
    statistic : float
        SM = A' Sigma^- A.
    pvalue : float
        Its p-value from the chi-square distribution.
    df : int
        Degrees of freedom, k - 1.
    ranks : pandas.Series
        Each algorithm's average rank over the data sets that score it, rescaled to 1..k
        (1 = best; Friedman's average ranks on complete data).
{_COUNTS}
    adjusted_sums : pandas.Series
        A_j, the weighted rank sums the statistic is a quadratic form of.
    covariance : pandas.DataFrame
        Sigma, their null covariance matrix.
    dropped : tuple of str
        Data sets with fewer than two scores, which carry no information.

    References
    ----------
    Skillings & Mack (1981), On the use of a Friedman-type statistic in balanced and unbalanced
    block designs, Technometrics 23(2):171-177.

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> scores = mc.load_example("demsar2006")
    >>> scores.iloc[0, 1] = scores.iloc[3, 2] = scores.iloc[5, 0] = np.nan  # three missing
    >>> res = mc.skillings_mack(scores)
    >>> res.ranks.round(3)
    C4.5         3.308
    C4.5+m       1.865
    C4.5+cf      2.962
    C4.5+m+cf    1.911
    Name: average_rank, dtype: float64
    """

    statistic: float
    pvalue: float
    df: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    n_missing: int
    tie_correction: bool
    adjusted_sums: pd.Series = field(repr=False)
    covariance: pd.DataFrame = field(repr=False)
    dropped: tuple[str, ...] = ()

    def __str__(self) -> str:
        return _describe(self, "Skillings-Mack test", f"chi2({self.df}) = {self.statistic:.6g}")

    def to_frame(self) -> pd.DataFrame:
        """The test as one row: ``statistic``, ``df``, ``pvalue``, N, k and the missing scores."""
        return _row(self, "Skillings-Mack test")


@dataclass(frozen=True)
class DurbinResult(NotebookView):
    __doc__ = f"""Durbin test for a balanced incomplete block design.

    b data sets of k scores each, t algorithms.

    Attributes
    ----------
    statistic : float
        Durbin's T1 ~ chi-square(``df``).
    pvalue : float
        Its p-value.
    df : int
        t - 1.
    f_statistic : float
        Conover's T2 ~ F(t - 1, ``df_den``) (see :func:`durbin` on the error rates of T1, T2).
    f_pvalue : float
        Its p-value.
    df_den : int
        bk - b - t + 1.
    ranks : pandas.Series
        R_j / r, the average within-data-set rank (1 = best).
{_COUNTS}
    block_size : int
        k, the scores per data set.
    replications : int
        r, the data sets per algorithm.
    concurrences : int
        lambda, the data sets per pair of algorithms.
    rank_sums : pandas.Series
        R_j.
    dropped : tuple of str
        Data sets with fewer than two scores, left out first.

    References
    ----------
    Durbin (1951), Incomplete blocks in ranking experiments, Brit. J. Statist. Psych. 4:85-90.
    Conover (1999), Practical Nonparametric Statistics, 3rd ed., Wiley.

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> import pandas as pd
    >>> nan = np.nan  # each data set misses one of 4 algorithms, each pair meets equally often
    >>> blocks = pd.DataFrame([[0.81, 0.78, 0.75, nan], [0.70, 0.66, nan, 0.64], [0.91, nan, 0.88, 0.86], [nan, 0.74, 0.71, 0.73], [0.85, 0.80, 0.79, nan], [0.77, 0.75, nan, 0.70], [0.69, nan, 0.62, 0.65], [nan, 0.83, 0.79, 0.80]], columns=list("ABCD"))
    >>> res = mc.durbin(blocks)
    >>> print(round(res.f_statistic, 3), res.df_den, format(res.f_pvalue, ".1e"))  # Conover's F
    28.294 13 5.7e-06
    >>> print(res.replications, res.concurrences)
    6 4
    """

    statistic: float
    pvalue: float
    df: int
    f_statistic: float
    f_pvalue: float
    df_den: int
    ranks: pd.Series
    n_datasets: int
    n_algorithms: int
    n_missing: int
    tie_correction: bool
    block_size: int
    replications: int
    concurrences: int
    rank_sums: pd.Series = field(repr=False)
    dropped: tuple[str, ...] = ()

    def __str__(self) -> str:
        return _describe(
            self,
            "Durbin test",
            f"chi2({self.df}) = {self.statistic:.6g}",
            f"  F({self.df}, {self.df_den}) = {self.f_statistic:.6g}, p = {self.f_pvalue:.6g}",
        )

    def to_frame(self) -> pd.DataFrame:
        """The test as one row: Durbin's chi-square (``statistic``, ``df``, ``pvalue``), Conover's
        F (``f_statistic``, ``df_den``, ``f_pvalue``), N, k and the missing scores."""
        return _row(
            self,
            "Durbin test",
            f_statistic=self.f_statistic,
            df_den=self.df_den,
            f_pvalue=self.f_pvalue,
        )


def _row(result: SkillingsMackResult | DurbinResult, title: str, **extra: float) -> pd.DataFrame:
    row = {"statistic": result.statistic, "df": result.df, "pvalue": result.pvalue, **extra}
    counts = {
        "n_datasets": result.n_datasets,
        "n_algorithms": result.n_algorithms,
        "n_missing": result.n_missing,
    }
    return pd.DataFrame([{**row, **counts}], index=[title])


def _describe(
    result: SkillingsMackResult | DurbinResult, title: str, statistic: str, *extra: str
) -> str:
    lines = [
        (
            f"{title} (N = {result.n_datasets}, k = {result.n_algorithms}, {result.n_missing} "
            f"missing, tie_correction={result.tie_correction})"
        ),
        f"  {statistic}, p = {result.pvalue:.6g}",
        *extra,
        "  average rank:",
        *(f"    {name}: {value:.6g}" for name, value in result.ranks.items()),
    ]
    if result.dropped:
        lines.append(f"  dropped (fewer than 2 scores): {', '.join(result.dropped)}")
    return "\n".join(lines)


@takes_scores(IncompleteOptions, keep_missing=True)
def skillings_mack(
    data: Scores,
    *,
    tie_correction: bool = True,
    **reading: Unpack[IncompleteOptions],
) -> SkillingsMackResult:
    """Skillings-Mack test: Friedman's test when some scores are missing.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, rows = data sets, columns = algorithms; missing scores are NaN, None, masked
        cells, or pairs absent from long data (any form of :func:`multicomp.friedman`).
        Data sets with fewer than two scores are dropped (and listed).
    tie_correction : bool
        True (default): the covariance of the rank sums given the ties; False: Skillings and
        Mack's covariance without ties, as R's Skillings.Mack and PMCMRplus compute it.

    Returns
    -------
    SkillingsMackResult
        SM ~ chi-square(k - 1) and the average ranks.

    Notes
    -----
    Within each data set i the k_i scored algorithms are ranked (1 = best, ties averaged);
    A_j = sum_i sqrt(12/(k_i+1)) (r_ij - (k_i+1)/2) and SM = A' Sigma^- A with Sigma the null
    covariance of A (Skillings & Mack 1981). On complete data SM is Friedman's statistic (with
    ``tie_correction`` the tie-corrected one), on a balanced incomplete block design Durbin's T1.
    The missing scores must not depend on how well the algorithms would have done (a failure
    that signals a bad algorithm is better scored as its worst). Under the null, with N = 20,
    k = 5 and 20% of the scores missing at random, SM rejected 0.043 and its post-hoc z 0.050
    per pair of 4000 simulated tables at alpha = 0.05 (Monte Carlo standard error 0.003).

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> scores = mc.load_example("demsar2006")
    >>> scores.iloc[0, 1] = scores.iloc[3, 2] = scores.iloc[5, 0] = np.nan  # three missing
    >>> res = mc.skillings_mack(scores)
    >>> print(round(res.statistic, 3), res.df, round(res.pvalue, 4), res.n_missing)
    13.214 3 0.0042 3
    """
    blocks = incomplete_blocks(data)
    sm = sm_test.checked_parts(blocks, check_bool(tie_correction, "tie_correction"))
    k = len(blocks.algorithms)
    names = list(blocks.algorithms)
    return SkillingsMackResult(
        statistic=float(sm.statistic),
        pvalue=float(stats.chi2.sf(sm.statistic, k - 1)),
        df=k - 1,
        ranks=pd.Series(sm_test.average_ranks(blocks), index=names, name="average_rank"),
        n_datasets=len(blocks.datasets),
        n_algorithms=k,
        n_missing=blocks.n_missing,
        tie_correction=bool(tie_correction),
        adjusted_sums=pd.Series(sm.sums, index=names, name="A"),
        covariance=pd.DataFrame(sm.covariance, index=names, columns=names),
        dropped=blocks.dropped,
    )


@takes_scores(IncompleteOptions, keep_missing=True)
def durbin(
    data: Scores,
    *,
    tie_correction: bool = True,
    **reading: Unpack[IncompleteOptions],
) -> DurbinResult:
    """Durbin's test for a balanced incomplete block design (BIBD).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores with missing cells (NaN, None, masked, absent from long data) in a BIBD: every
        data set scores k algorithms, every algorithm has r scores, every pair of algorithms
        meets on lambda data sets (complete data is the case k = t). Data sets with fewer than
        two scores are dropped first.
    tie_correction : bool
        True (default): A is the sum of the squared ranks; False: b k(k+1)(2k+1)/6, the form
        without ties.

    Returns
    -------
    DurbinResult
        Durbin's T1 ~ chi-square(t - 1) as ``statistic``/``pvalue``; Conover's
        T2 ~ F(t - 1, bk - b - t + 1) as ``f_statistic``/``f_pvalue``.

    Notes
    -----
    Conover (1999) recommends T2, but it is liberal in small designs while T1 is conservative:
    under the null, in the Fano-plane design (t = 7, k = 3) repeated twice (b = 14), T2
    rejected 0.056 and T1 0.031 of 10,000 simulated tables at alpha = 0.05 (Monte Carlo
    standard error 0.002; ``benches/borderline.py``; Conover's post-hoc t per pair 0.030 of
    4,000). So T1, which also PMCMRplus' ``durbinTest`` reports, is the default. On complete
    data T1 is Friedman's statistic.

    Raises
    ------
    ValueError
        If the missing scores do not form a BIBD (use :func:`skillings_mack`).

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> import pandas as pd
    >>> nan = np.nan  # each data set misses one of 4 algorithms, each pair meets equally often
    >>> blocks = pd.DataFrame([[0.81, 0.78, 0.75, nan], [0.70, 0.66, nan, 0.64], [0.91, nan, 0.88, 0.86], [nan, 0.74, 0.71, 0.73], [0.85, 0.80, 0.79, nan], [0.77, 0.75, nan, 0.70], [0.69, nan, 0.62, 0.65], [nan, 0.83, 0.79, 0.80]], columns=list("ABCD"))
    >>> res = mc.durbin(blocks)
    >>> print(round(res.statistic, 3), res.df, round(res.pvalue, 4), res.block_size)
    13.875 3 0.0031 3
    """
    blocks = incomplete_blocks(data)
    d = durbin_test.design(blocks.observed)
    du = durbin_test.parts(
        blocks.ranks, blocks.observed, check_bool(tie_correction, "tie_correction")
    )
    t = len(blocks.algorithms)
    names = list(blocks.algorithms)
    t1, t2 = float(du.t1), float(du.t2)
    return DurbinResult(
        statistic=t1,
        pvalue=float(stats.chi2.sf(t1, t - 1)),
        df=t - 1,
        f_statistic=t2,
        f_pvalue=float(stats.f.sf(t2, t - 1, d.df_den)),
        df_den=d.df_den,
        ranks=pd.Series(du.rank_sums / d.replications, index=names, name="average_rank"),
        n_datasets=len(blocks.datasets),
        n_algorithms=t,
        n_missing=blocks.n_missing,
        tie_correction=bool(tie_correction),
        block_size=d.block_size,
        replications=d.replications,
        concurrences=d.concurrences,
        rank_sums=pd.Series(du.rank_sums, index=names, name="rank_sum"),
        dropped=blocks.dropped,
    )
