"""Omnibus tests of k algorithms over N data sets: Friedman, Iman-Davenport, Friedman Aligned
Ranks and Quade: the public functions of the registry's entries
(:mod:`~multicomp.ranktests.friedman`, :mod:`~multicomp.ranktests.aligned`,
:mod:`~multicomp.ranktests.quade`); their results are in :mod:`multicomp.ranktests.results`.

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

from typing import TYPE_CHECKING

from multicomp._internal import ranks as _ranks
from multicomp._internal.seeds import DEFAULT_SEED, RandomState
from multicomp._internal.validation import check_bool
from multicomp._internal.vocabulary import PValueMethod
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores, algorithm_series, dataset_series, scores_frame
from multicomp.ranktests import aligned
from multicomp.ranktests import quade as quade_module
from multicomp.ranktests.permutation import (
    DEFAULT_RESAMPLES,
    PValueOptions,
    check_options,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

from multicomp.ranktests.results import (
    AlignedRanksResult,
    FriedmanResult,
    ImanDavenportResult,
    QuadeResult,
)
from multicomp.ranktests.rows import average_ranks, derived_rows, friedman_pvalue, ranked

__all__ = ["friedman", "friedman_aligned_ranks", "iman_davenport", "quade"]


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
        ``multicomp.ranktests.exact.EXACT_LIMIT`` cells), Monte Carlo permutations, or
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
    row = derived_rows("friedman", result.statistic, friedman_pvalue(result), n, k)[0]
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
    aligned_x = _ranks.aligned_observations(scores.oriented())
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
    q = _ranks.range_ranks(oriented)
    parts = quade_module.parts(_ranks.friedman_ranks(oriented), q, tie_correction)
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
        ranges=dataset_series(scores, _ranks.sample_ranges(oriented), "range"),
        dataset_ranks=dataset_series(scores, q, "Q"),
        S=scores_frame(scores, parts.S),
        W=scores_frame(scores, w),
        S_j=algorithm_series(scores, parts.S_j, "S"),
        W_j=algorithm_series(scores, parts.W_j, "W"),
        omitted=scores.omitted,
        method=p.method,
        n_resamples=p.n_resamples,
    )
