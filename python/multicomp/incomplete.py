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
* :func:`posthoc_incomplete`: their post-hoc comparisons, all pairs or with a control, with
  the adjusted p-values (APVs) of :mod:`multicomp.procedures`.

References: Skillings, J. H. & Mack, G. A. (1981), On the use of a Friedman-type statistic in
balanced and unbalanced block designs, Technometrics 23(2):171-177. Durbin, J. (1951),
Incomplete blocks in ranking experiments, Brit. J. Statist. Psych. 4:85-90. Conover, W. J.
(1999), Practical Nonparametric Statistics, 3rd ed., Wiley: the Durbin test and its multiple
comparisons (worked example of seven ice creams, p. 391). The null error rates quoted in the
docstrings come from benches/incomplete_calibration.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, cast

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._ranking import statistic_ratio
from multicomp._tables import NotebookView
from multicomp._validation import check_alpha, check_bool, check_choice
from multicomp._vocabulary import INCOMPLETE_TESTS, IncompleteTest
from multicomp.data.decorators import IncompleteOptions, takes_scores
from multicomp.data.scores import Scores, index_of
from multicomp.posthoc import PosthocAllPairsResult, PosthocControlResult, family
from multicomp.procedures import base as procedures_registry

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "DurbinResult",
    "IncompleteTest",
    "SkillingsMackResult",
    "durbin",
    "posthoc_incomplete",
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


class _Blocks(NamedTuple):
    """Within-data-set ranks (1 = best, NaN where missing) of the data sets with >= 2 scores."""

    ranks: np.ndarray
    observed: np.ndarray
    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    dropped: tuple[str, ...]
    n_missing: int


def _blocks(scores: Scores) -> _Blocks:
    values = scores.oriented()
    observed = ~np.isnan(values)
    keep = observed.sum(axis=1) >= 2
    dropped = tuple(d for d, k in zip(scores.datasets, keep) if not k)
    if keep.sum() < 2:
        raise ValueError(f"need at least 2 data sets with 2 or more scores, got {int(keep.sum())}")
    values, observed = values[keep], observed[keep]
    unscored = [a for a, seen in zip(scores.algorithms, observed.any(axis=0)) if not seen]
    if unscored:
        raise ValueError(
            f"algorithm(s) {unscored} have no score on any data set with 2 or more scores"
        )
    ranks = stats.rankdata(-values, axis=1, nan_policy="omit")
    datasets = tuple(d for d, k in zip(scores.datasets, keep) if k)
    return _Blocks(
        np.asarray(ranks, dtype=np.float64),
        observed,
        scores.algorithms,
        datasets,
        dropped,
        int((~observed).sum()),
    )


class _SkillingsMack(NamedTuple):
    sums: np.ndarray  # A_j
    covariance: np.ndarray  # their null covariance
    statistic: float


def _skillings_mack(blocks: _Blocks, tie_correction: bool) -> _SkillingsMack:
    """A_j = sum_i sqrt(12/(k_i+1)) (r_ij - (k_i+1)/2) over the data sets i that score j, and
    SM = A' Sigma^- A (Skillings & Mack 1981, eqs. 2.1-2.3).

    Sigma is the permutation covariance of A given each data set's ranks: a data set with k_i
    scores whose ranks have population variance s_i^2 adds w_i s_i^2 to Var(A_j) and
    -w_i s_i^2/(k_i-1) to Cov(A_j, A_l) for the pairs it scores (w_i = 12/(k_i+1)). Without ties
    s_i^2 = (k_i^2-1)/12, which gives Skillings and Mack's Sigma (Var = sum (k_i - 1),
    Cov = -lambda_jl); ``tie_correction=False`` uses that form whatever the ties (as R's
    Skillings.Mack and PMCMRplus do).
    """
    obs = blocks.observed.astype(np.float64)
    k_i = obs.sum(axis=1)
    centred = np.where(blocks.observed, blocks.ranks - ((k_i + 1) / 2)[:, None], 0.0)
    weight = 12.0 / (k_i + 1)
    sums = (np.sqrt(weight)[:, None] * centred).sum(axis=0)
    spread = (centred**2).sum(axis=1) / k_i if tie_correction else (k_i**2 - 1) / 12.0
    pair = weight * spread / (k_i - 1)  # the magnitude of each data set's covariances
    covariance = -(obs * pair[:, None]).T @ obs
    np.fill_diagonal(covariance, ((pair * (k_i - 1))[:, None] * obs).sum(axis=0))
    design = -obs.T @ obs  # Sigma without ties, up to the diagonal: its rank shows connectedness
    np.fill_diagonal(design, 0.0)
    np.fill_diagonal(design, -design.sum(axis=1))
    k = obs.shape[1]
    if np.linalg.matrix_rank(design) < k - 1:
        raise ValueError(
            "the algorithms fall into groups that never meet on a data set: no test "
            "can compare them; every algorithm needs a chain of shared data sets"
        )
    statistic = float(sums @ np.linalg.pinv(covariance, hermitian=True) @ sums)
    return _SkillingsMack(sums, covariance, max(statistic, 0.0))


def _average_ranks(blocks: _Blocks) -> pd.Series:
    """Mean within-data-set rank of each algorithm, rescaled from 1..k_i to 1..k."""
    k = blocks.ranks.shape[1]
    k_i = blocks.observed.sum(axis=1)[:, None]
    rescaled = 1.0 + (blocks.ranks - 1.0) * (k - 1) / (k_i - 1)
    mean = np.nanmean(rescaled, axis=0)
    return pd.Series(mean, index=list(blocks.algorithms), name="average_rank")


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
    """
    blocks = _blocks(data)
    sm = _skillings_mack(blocks, check_bool(tie_correction, "tie_correction"))
    k = len(blocks.algorithms)
    names = list(blocks.algorithms)
    return SkillingsMackResult(
        statistic=sm.statistic,
        pvalue=float(stats.chi2.sf(sm.statistic, k - 1)),
        df=k - 1,
        ranks=_average_ranks(blocks),
        n_datasets=len(blocks.datasets),
        n_algorithms=k,
        n_missing=blocks.n_missing,
        tie_correction=bool(tie_correction),
        adjusted_sums=pd.Series(sm.sums, index=names, name="A"),
        covariance=pd.DataFrame(sm.covariance, index=names, columns=names),
        dropped=blocks.dropped,
    )


class _Durbin(NamedTuple):
    t1: float
    t2: float
    df_den: int
    rank_sums: np.ndarray
    block_size: int
    replications: int
    concurrences: int
    residual: float  # A - C


def _durbin(blocks: _Blocks, tie_correction: bool) -> _Durbin:
    """Durbin's T1 and Conover's T2 (Conover 1999, the Durbin test): with A the sum of the
    squared ranks (b k(k+1)(2k+1)/6 without ``tie_correction``), C = b k (k+1)^2/4 and R_j the
    rank sums, T1 = (t-1)(sum_j R_j^2 - r C)/(A - C) and
    T2 = (T1/(t-1)) / ((b(k-1) - T1)/(bk - b - t + 1))."""
    obs = blocks.observed
    b, t = obs.shape
    sizes, per_algorithm = np.unique(obs.sum(axis=1)), np.unique(obs.sum(axis=0))
    meetings = (obs.astype(np.int64).T @ obs)[np.triu_indices(t, 1)]
    if sizes.size > 1 or per_algorithm.size > 1 or np.unique(meetings).size > 1:
        what = (
            "data sets score different numbers of algorithms"
            if sizes.size > 1
            else "algorithms are scored on different numbers of data sets"
            if per_algorithm.size > 1
            else "pairs of algorithms meet on different numbers of data sets"
        )
        raise ValueError(
            f"not a balanced incomplete block design: {what}; use skillings_mack, "
            "which allows any pattern of missing scores"
        )
    k, r, lam = int(sizes[0]), int(per_algorithm[0]), int(meetings[0])
    df_den = b * k - b - t + 1
    if df_den < 1:
        raise ValueError(f"too few data sets for Durbin's F: bk - b - t + 1 = {df_den}")
    rank_sums = np.nansum(blocks.ranks, axis=0)
    squares = (
        float(np.nansum(blocks.ranks**2)) if tie_correction else b * k * (k + 1) * (2 * k + 1) / 6.0
    )
    c = b * k * (k + 1) ** 2 / 4.0
    t1 = float(statistic_ratio((t - 1) * (float(np.sum(rank_sums**2)) - r * c), squares - c))
    t2 = float(statistic_ratio(t1 / (t - 1) * df_den, b * (k - 1) - t1))
    return _Durbin(t1, t2, df_den, rank_sums, k, r, lam, squares - c)


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
    rejected 0.059 and T1 0.029 of 4000 simulated tables at alpha = 0.05 (Monte Carlo standard
    error 0.004; Conover's post-hoc t per pair 0.030). So T1, which also PMCMRplus'
    ``durbinTest`` reports, is the default. On complete data T1 is Friedman's statistic.

    Raises
    ------
    ValueError
        If the missing scores do not form a BIBD (use :func:`skillings_mack`).
    """
    blocks = _blocks(data)
    d = _durbin(blocks, check_bool(tie_correction, "tie_correction"))
    t = len(blocks.algorithms)
    names = list(blocks.algorithms)
    return DurbinResult(
        statistic=d.t1,
        pvalue=float(stats.chi2.sf(d.t1, t - 1)),
        df=t - 1,
        f_statistic=d.t2,
        f_pvalue=float(stats.f.sf(d.t2, t - 1, d.df_den)),
        df_den=d.df_den,
        ranks=pd.Series(d.rank_sums / d.replications, index=names, name="average_rank"),
        n_datasets=len(blocks.datasets),
        n_algorithms=t,
        n_missing=blocks.n_missing,
        tie_correction=bool(tie_correction),
        block_size=d.block_size,
        replications=d.replications,
        concurrences=d.concurrences,
        rank_sums=pd.Series(d.rank_sums, index=names, name="rank_sum"),
        dropped=blocks.dropped,
    )


@takes_scores(IncompleteOptions, keep_missing=True)
def posthoc_incomplete(
    data: Scores,
    control: str | int | None = None,
    *,
    test: IncompleteTest = "skillings_mack",
    alpha: float = 0.05,
    procedures: Sequence[str] | None = None,
    tie_correction: bool = True,
    **reading: Unpack[IncompleteOptions],
) -> PosthocControlResult | PosthocAllPairsResult:
    """Post-hoc comparisons after :func:`skillings_mack` or :func:`durbin`.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores with missing cells, as for :func:`skillings_mack`.
    control : str or int, optional
        Compare every algorithm with this one (1 x N); by default all pairs (N x N).
    test : {'skillings_mack', 'durbin'}
        ``'skillings_mack'`` (any design): z = (A_l - A_j)/sqrt(Var(A_l - A_j)) from the
        adjusted rank sums and their covariance (on complete data the Friedman post-hoc z of
        Demsar 2006). ``'durbin'`` (a BIBD): Conover's t = (R_l - R_j) /
        sqrt((A - C) 2r (1 - T1/(b(k-1))) / (bk - b - t + 1)) with bk - b - t + 1 degrees of
        freedom (the ``z`` column then holds t), as scikit-posthocs' ``posthoc_durbin`` and
        PMCMRplus' ``durbinAllPairsTest`` compute it.
    alpha : float
        Significance level of ``reject``.
    procedures : sequence of str, optional
        All pairs: any registered all-pairs procedure (default: all, but
        Bergmann-Hommel only where k allows, as :func:`multicomp.posthoc_all_pairs`). With a
        control, every registered 1 x N procedure is computed (those beyond their size limit, such
        as exact Rom beyond 100 comparisons, are left out and named in ``result.skipped``).
    tie_correction
        As for :func:`skillings_mack`.

    Returns
    -------
    PosthocControlResult or PosthocAllPairsResult
        As :func:`multicomp.posthoc_control` / :func:`multicomp.posthoc_all_pairs`;
        ``ranks`` are the average ranks of the test, ``se`` is NaN (it differs between pairs).
    """
    alpha = check_alpha(alpha)
    chosen_test = check_choice("test", test, INCOMPLETE_TESTS)
    blocks = _blocks(data)
    names = list(blocks.algorithms)
    k = len(names)
    comparison = "all_pairs" if control is None else "control"
    if procedures is not None and control is not None:
        raise ValueError(
            "procedures= applies to all pairs; with a control every procedure is computed"
        )
    # no rank order: unequal SEs break the Robinson property of the p-values (before any work:
    # a requested procedure that does not apply)
    context = procedures_registry.Context(k)
    size = k * (k - 1) // 2 if control is None else k - 1
    planned = procedures_registry.plan(
        comparison, procedures, size, context, where=f" after {chosen_test}"
    )
    if control is None:
        first, second = (
            np.array(side, dtype=int) for side in zip(*itertools.combinations(range(k), 2))
        )
    else:
        c = index_of(names, control)
        second = np.array([j for j in range(k) if j != c])
        first = np.full(second.size, c)
    if chosen_test == "skillings_mack":
        sm = _skillings_mack(blocks, check_bool(tie_correction, "tie_correction"))
        ranks = _average_ranks(blocks)
        cov = sm.covariance
        var = cov[first, first] + cov[second, second] - 2.0 * cov[first, second]
        z = _ratio(sm.sums[second] - sm.sums[first], np.sqrt(np.maximum(var, 0.0)))
        pvalue = np.minimum(2.0 * stats.norm.sf(np.abs(z)), 1.0)
    else:
        d = _durbin(blocks, check_bool(tie_correction, "tie_correction"))
        b = len(blocks.datasets)
        ranks = pd.Series(d.rank_sums / d.replications, index=names, name="average_rank")
        spread = d.residual * 2 * d.replications / d.df_den * (1 - d.t1 / (b * (d.block_size - 1)))
        z = _ratio(
            d.rank_sums[second] - d.rank_sums[first], np.full(first.size, np.sqrt(max(spread, 0.0)))
        )
        pvalue = np.minimum(2.0 * stats.t.sf(np.abs(z), d.df_den), 1.0)
    difference = ranks.to_numpy()[second] - ranks.to_numpy()[first]
    if control is None:
        pairs = tuple((names[a], names[b_]) for a, b_ in zip(first, second))
        labels = [f"{a} vs {b_}" for a, b_ in pairs]
        hypotheses: dict[str, object] = {"pairs": pairs}
    else:
        labels = [names[j] for j in second]
        hypotheses = {"control": names[int(first[0])]}
    series = _series(labels, difference, z, pvalue)
    tested = {
        "test": chosen_test,
        "alpha": alpha,
        "se": float("nan"),
        "n_datasets": len(blocks.datasets),
        "ranks": ranks,
        "difference": series[0],
        "z": series[1],
        "pvalue": series[2],
        "options": {"tie_correction": bool(tie_correction)},
    }
    result = family(comparison, tested, planned, context, **hypotheses)
    return cast(PosthocControlResult | PosthocAllPairsResult, result)


def _series(labels: list[str], *columns: np.ndarray) -> list[pd.Series]:
    return [
        pd.Series(values, index=labels, name=name)
        for name, values in zip(("difference", "z", "pvalue"), columns)
    ]


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator/denominator, 0 where both vanish (all ties) and +-inf for a vanishing SE."""
    out = np.zeros_like(numerator, dtype=np.float64)
    positive = denominator > 0
    out[positive] = numerator[positive] / denominator[positive]
    out[~positive & (numerator != 0)] = np.sign(numerator[~positive & (numerator != 0)]) * np.inf
    return out
