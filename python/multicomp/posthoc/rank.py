"""Post-hoc z tests after the Friedman family: comparisons with a control and all pairs.

Each pair of algorithms (a, b) is compared by z = (R_b - R_a) / SE on the ranks of the chosen
``test`` (positive when a ranks better), with a two-sided normal p-value, then adjusted:
D06 = Demsar (2006) Sec. 3.2.2; G08 = Garcia & Herrera (2008) Sec. 2; G10 = Garcia et al.
(2010) Sec. 5 (eqs. 20-22).

Standard errors (N data sets, k algorithms):

* ``"friedman"``: SE = sqrt(k(k+1)/(6N)) on the average Friedman ranks (D06, G10 eq. 20).
* ``"quade"``: on Quade's T_j = sum_i Q_i r_ij / (N(N+1)/2). By default
  (``se="calibrated"``) the permutation SE given each data set's ranks,
  SE^2 = 2k/(k-1) * sum_i Q_i^2 v_i / (N(N+1)/2)^2 (v_i the population variance of the k
  ranks of data set i), which without ties is k(k+1)(2N+1)/(9N(N+1)); from published ranks
  (``ranks=``) that no-ties form is used (ties only make the SE smaller, so it is then
  conservative). Derivation: under the null the ranks of a data set are a random permutation
  of its values, independent of its range rank Q_i (the range does not change when the
  scores of a data set are permuted), so Var(r_ij - r_il) = 2k v_i/(k-1) = k(k+1)/6 without
  ties, and the data sets are independent. ``se="garcia2010"`` uses G10 eq. (22),
  sqrt(k(k+1)(2N+1)(k-1)/(18N(N+1))), with which G10 Table 11 was computed: sqrt((k-1)/2)
  times the null SE, equal to it only at k = 3, so too small at k = 2 (rejects 0.17 under the
  null at N = 30) and too large for k > 3 (0.007 at k = 5), see
  tests/test_posthoc_calibration.py.
* ``"aligned"``: on the average aligned ranks. By default (``se="calibrated"``) the
  permutation standard error of a difference of average aligned ranks given each data set's
  aligned ranks, SE^2 = 2k/(k-1) * sum_i s_i^2 / N^2 (s_i^2 the population variance of the k
  aligned ranks of data set i); under the null its rejection rate matches alpha.
  ``se="garcia2010"`` uses sqrt(k(kN+1)/6), with which G10 Table 10 was computed (its
  eq. 21 misprints it as sqrt(k(N+1)/6)); it is about sqrt((k-1)/k) too small, so it rejects
  too often (see tests/test_posthoc_calibration.py).

* ``"conover"``, ``"quade_conover"``: Conover's t tests after Friedman and after Quade
  (:mod:`multicomp.ranktests.conover`): the Friedman or Quade ranks over the SE from the rank
  analysis of variance, with Student's t on (N-1)(k-1) df (``z`` is then that t). After
  Friedman the SE shrinks when the algorithms differ: under a partial null with spread effects
  (one pair equal, the others far apart) the family-wise error is 0.49 with Holm, Shaffer or
  Bergmann-Hommel and 0.26 with Nemenyi's studentized range (k = 10, N = 20; 0.50 and 0.36 at
  k = 20), tending to 2 Phi(-z_(1-alpha/2)/sqrt(k-1)) as N grows
  (``benches/RESULTS-conover.md``). So ``test="conover"`` computes only the procedures named
  (``procedures=``, ``compare(procedure=)``, ``--procedure``), for reproducing PMCMRplus and
  scikit-posthocs, and every result and report prints the measured figures. Quade's weights
  keep the SE large there (at most 0.026 measured); ``"quade_conover"`` computes the defaults.
  Single-step forms after these t tests: ``"nemenyi"`` is P(Q_{k,inf} >= sqrt(2) Phi^{-1}(1 -
  p/2)), the studentized range at the normal deviate of the t test's p-value, which is the
  closest to alpha under the complete null (0.028-0.053 for N = 3 to 30, k = 3 to 20, except
  0.062 at N = 4, k = 4); the peers' ``"single_step"`` is P(Q_{k,inf} >= sqrt(2) |t|), which ignores t's degrees of freedom and
  is liberal (0.19 at N = 3, k = 3; 0.096 at N = 5, k = 5; 0.073 at N = 10, k = 5).

P-values of the rank tests (``method=``): ``"asymptotic"`` is the normal p = 2 Phi(-|z|) of
the papers; ``"exact"`` and ``"permutation"`` use the permutation distribution of the
difference of two rank totals when the scores of each data set are permuted (under the
complete null every pair has the same one: exact by convolving the data sets'
distributions, or Monte Carlo pooled over the pairs with (b + 1)/(n_resamples + 1));
``"auto"`` (default) uses them up to N = 16 data sets, as the omnibus tests do
(:mod:`multicomp.ranktests.omnibus`, :mod:`multicomp.ranktests.permutation`). They are non-increasing in the
rank difference, so every adjustment applies unchanged; ``z`` and ``se`` stay the normal ones.
For Friedman ranks without ties the exact p-values are those of Eisinga, Heskes, Pelzer & Te
Grotenhuis (2017, BMC Bioinformatics 18:68; R's PMCMRplus ``frdAllPairsExactTest`` and
``frdManyOneExactTest`` with the same adjustment), to relative accuracy 1e-13 down to about
1e-300; with ties, the exact permutation distribution given each data set's ranks. They fit
up to about 2 N^2 (k-1)^2 <= 2e8 (N = k = 100; :mod:`multicomp.ranktests.exact`); beyond,
``method="exact"`` is a ValueError naming the limit, raised before any work.

The single-step procedure with a control (``procedures=["single_step"]``, computed only when
named) combines the normal deviates of these p-values with the asymptotic correlation 1/2 of
the z statistics (:mod:`multicomp.procedures.equicorrelated`): exact for the normal
p-values, approximate for exact and Monte Carlo ones and after Conover's t tests (whose
t statistics have the same correlation, with (N-1)(k-1) degrees of freedom).

Pairwise tests (``test="wilcoxon"`` or ``"sign"``; Benavoli, Corani & Mangili 2016, JMLR 17:5):
each pair is compared by its own two-sided test on the two algorithms' scores alone
(:func:`multicomp.wilcoxon`, :func:`multicomp.sign_test`, with their defaults), so the
verdict on a pair does not depend on which other algorithms are in the pool, as it does for
the mean-rank post-hocs above. ``ranks`` and ``difference`` are then the average Friedman
ranks (for ordering and CD diagrams, as aeon draws them), ``se`` is NaN and ``z`` is the
normal deviate of the two-sided p-value, sign(R+ - R-) or sign(wins - losses) times
Phi^{-1}(1 - p/2) (for the normal approximation, the test's own |z|). Only adjustments valid
under any dependence among the p-values are offered (each procedure's ``not_after_pairwise``
in :mod:`multicomp.procedures`):

* Bonferroni (``"bonferroni"``, m p) and Holm
  (1979) rest on Bonferroni's inequality alone.
* Shaffer's and Bergmann-Hommel's logical restrictions assume that the pairwise null
  hypotheses are transitive (A = B and B = C imply A = C). That holds for the exchangeability
  null of the rank post-hocs, but not for pairwise location hypotheses ("the differences of
  A and B are symmetric about 0" for every pair does not make the pairs' hypotheses a
  partition of the algorithms), so their reduced multipliers are unjustified here.
* Hochberg, Hommel and Rom (Simes-based) need the p-values to be positively regression
  dependent on a subset (PRDS); Holland and Finner (Sidak-based) need positive orthant
  dependence; Li's procedure needs independence. Signed-rank and sign-test p-values of pairs
  sharing an algorithm are dependent in ways no theorem makes PRDS (they are discrete and
  two-sided), so these are left out rather than used without a guarantee.

Measured with :func:`multicomp.simulate` (benches/RESULTS-pairwise-posthoc.md, 1000
replications, alpha = 0.05): the family-wise error of Holm after Wilcoxon tests is 0.031 under
the complete null (k = 5, N = 20) and at most 0.044 under partial nulls; its power is close to
Holm's on Friedman ranks (0.241 vs 0.218 at k = 4, N = 30), the sign test's clearly lower.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pandas as pd

from multicomp._internal.seeds import DEFAULT_SEED, RandomState
from multicomp._internal.validation import check_bool, check_choice
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    ROMS,
    Alternative,
    PosthocTest,
    PValueMethod,
    Rom,
    SEForm,
)
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.given import RanksLike
from multicomp.data.scores import Scores, index_of
from multicomp.posthoc.family import family
from multicomp.posthoc.results import PosthocAllPairsResult, PosthocControlResult
from multicomp.procedures import base as registry
from multicomp.ranktests.permutation import DEFAULT_RESAMPLES

if TYPE_CHECKING:
    from typing_extensions import Unpack

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import Unpack

from multicomp.posthoc.basis import check_named, is_pairwise, prepare, rank_order, z_tests

__all__ = [
    "CONTROL_REQUIRED",
    "PosthocOptions",
    "one_sided",
    "posthoc_all_pairs",
    "posthoc_control",
]

CONTROL_REQUIRED = (
    "name the control (control=): the algorithm chosen before seeing the results, e.g. the "
    "proposed method. Choosing the best-ranked afterwards makes the 1xN family-wise error "
    "exceed alpha (measured by multicomp.simulate at alpha = 0.05, complete null, N = 20, "
    "Holm on Friedman ranks: 0.11 at k = 5, 0.15 at k = 10; docs/validity.md). Without such a "
    "choice, compare all pairs (posthoc_all_pairs)"
)
"""Why a 1xN post-hoc needs its control named (README: "Which procedure, and why")."""


@takes_scores(ScoreOptions, optional=True)
def posthoc_control(
    data: Scores | None = None,
    control: str | int | None = None,
    *,
    test: PosthocTest = "friedman",
    alpha: float = 0.05,
    alternative: Alternative = "two-sided",
    ranks: RanksLike | None = None,
    n_datasets: int | None = None,
    algorithms: Sequence[str] | None = None,
    procedures: Sequence[str] | None = None,
    rom: Rom = "exact",
    se: SEForm = "calibrated",
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> PosthocControlResult:
    """Compare every algorithm with a ``control`` after ``test``.

    ``control`` (a name, or a position) is required: the algorithm chosen before seeing the
    results, e.g. the proposed method. A control picked afterwards as the best-ranked makes
    the family-wise error exceed alpha (0.11 at k = 5 and 0.15 at k = 10 at alpha = 0.05, N = 20,
    Holm on Friedman ranks, measured by :func:`multicomp.simulate`); with no prior choice,
    compare all pairs (:func:`posthoc_all_pairs`).

    z and two-sided p for each other algorithm (module docstring: SEs), and the APVs of
    Bonferroni(-Dunn), Holm, Hochberg, Hommel, Holland and Rom (G10 Sec. 5.1) via
    :func:`multicomp.adjust_control` (``rom="garcia2010"`` uses G10's coefficients). Computed
    only when named in ``procedures``: Finner and Li, which do not control the family-wise
    error for these correlated z statistics (measured 0.09-0.10 under a partial null; Li up to
    0.080 two-sided and 0.147 one-sided under the complete null; ``result.notes`` gives the
    figure for the case at hand), and Benjamini-Hochberg (``"fdr_bh"``) and
    Benjamini-Yekutieli (``"fdr_by"``), which control the false discovery rate, not the
    family-wise error (for screening many models). After ``test="conover"`` nothing is
    computed by default: name the procedures (module docstring: why).
    With ``test="wilcoxon"`` or ``"sign"`` (pairwise tests, which need ``data``): the p-values
    of those tests and the APVs of Bonferroni and Holm only (module docstring: why).

    Give either ``data`` (any form of :func:`multicomp.data.scores.as_scores`) or published
    average ``ranks`` (lower = better; a Series/dict, or a sequence with ``algorithms=``
    names) with ``n_datasets``. For ``test="aligned"`` from ranks only ``se="garcia2010"`` is
    possible (the calibrated SE needs each data set's aligned ranks). ``se`` chooses the SE
    among the forms the rank test registers (module docstring;
    :func:`multicomp.ranktests.se_forms`): ``"calibrated"`` (default, valid) or, for
    ``test="aligned"`` and ``"quade"``, ``"garcia2010"`` (the paper's, to reproduce G10
    Tables 10 and 11).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike, optional
        Scores, as for :func:`multicomp.friedman`; or give ``ranks`` and ``n_datasets``.
    control : str or int
        The control (a name or a position), chosen before seeing the results (required).
    test : {'friedman', 'aligned', 'quade', 'wilcoxon', 'sign'}
        The ranks compared, or the pairwise tests.
    alpha : float
        Significance level of ``reject``.
    alternative : {'two-sided', 'greater', 'less'}
        The alternative of each comparison: ``'greater'``, the algorithm is better than the
        control (a lower average rank: larger scores, or smaller ones with
        ``higher_is_better=False``); ``'less'``, it is worse (the usual question about a
        proposed method as the control: is it better than each other one?). With
        ``higher_is_better=True`` these are scipy's and PMCMRplus' ``frdManyOneDemsarTest``
        alternatives of the scores. The one-sided p-value is half the two-sided one when z lies
        on the alternative's side of 0, else 1 minus that half (:func:`one_sided`), for every
        ``test`` and ``method``: the null distribution of each statistic is symmetric.
    ranks, n_datasets, algorithms
        Published average ranks (lower = better), their number of data sets, and names for a
        plain sequence of ranks.
    procedures : sequence of str, optional
        Procedures among those of :func:`multicomp.adjust_control` (any case); default: every
        one that applies and controls the family-wise error (above), except those computed
        only when named, e.g. ``"single_step"`` (the single-step many-to-one procedure of
        PMCMRplus' ``frdManyOneNemenyiTest``: the equicorrelated normal tail, two- or
        one-sided as ``alternative``); required after ``test="conover"``.
    rom, se
        The paper's forms (above).
    method : {'auto', 'asymptotic', 'exact', 'permutation'}
        How the p-values of the rank tests are computed: the normal approximation, or the
        permutation distribution of a difference of two rank totals when each data set's ranks
        are permuted (the same for every pair under the complete null; exact by convolution,
        or Monte Carlo pooled over the pairs, (b + 1)/(n_resamples + 1)); ``"auto"``
        (default): asymptotic for N > 16 (as the omnibus tests, :mod:`multicomp.ranktests.omnibus`),
        else exact where it fits, else Monte Carlo with at least 10 m / alpha resamples for m
        hypotheses (so that the smallest p-value, 1/(n_resamples + 1), lies below alpha/m), or
        asymptotic where that work would exceed ``multicomp._internal.work.PERMUTATION_WORK_LIMIT``
        (``method`` and ``n_resamples`` of the result say which). The p-values stay
        non-increasing in the rank difference, so every adjustment applies. Not with
        ``ranks=`` or the pairwise tests (``"auto"`` is then asymptotic, resp. their own
        p-values).
    random_state, n_resamples
        As for :func:`multicomp.friedman` (default seed 0: reproducible).

    Returns
    -------
    PosthocControlResult
        z, p and the APVs of every 1 x N procedure.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.posthoc_control(scores, control="C4.5+m+cf", method="asymptotic")
    >>> res.adjusted[["holm", "hommel"]].round(4)
               holm  hommel
    C4.5     0.0385  0.0385
    C4.5+m   0.8836  0.8836
    C4.5+cf  0.0808  0.0808
    >>> print(round(res.se, 5))  # sqrt(k(k+1)/(6N)), Demšar (2006) Sec. 3.2.2
    0.48795
    """
    rom = check_choice("rom", rom, ROMS)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    test, alpha, se, pvalues, basis = prepare(
        (data, ranks, n_datasets, algorithms),
        test,
        alpha,
        se,
        (method, random_state, n_resamples),
    )
    if control is None:
        raise ValueError(CONTROL_REQUIRED)
    check_named(test, procedures)
    names = list(basis.ranks.index)
    c = index_of(names, control)
    others = np.array([j for j in range(len(names)) if j != c])
    labels = [names[j] for j in others]
    shared = z_tests(basis, np.full(len(others), c), others, labels, test, alpha, se, pvalues)
    context = registry.Context(len(names), rom=rom, alternative=alternative)
    planned = registry.plan("control", procedures, len(labels), context, pairwise=is_pairwise(test))
    if rom != "exact" and "rom" not in planned[0]:
        raise ValueError(f"rom={rom!r} has no effect after test={test!r} (no Rom procedure)")
    shared["options"] = {"rom": rom, **shared["options"]}
    if alternative != "two-sided":
        shared["pvalue"] = one_sided(shared["z"], shared["pvalue"], alternative)
        shared["options"]["alternative"] = alternative
    return cast(PosthocControlResult, family("control", shared, planned, context, control=names[c]))


def one_sided(z: pd.Series, pvalue: pd.Series, alternative: str) -> pd.Series:
    """One-sided p-values of comparisons with a control from their two-sided ``pvalue`` and
    ``z`` (positive when the control ranks better): half of p when z lies on the side of 0
    that ``alternative`` expects (``'greater'``: the algorithm better, z < 0; ``'less'``:
    worse, z > 0), else 1 minus that half.

    Exact wherever the two-sided p is P(|T| >= |t|) of a statistic T whose null distribution
    is symmetric about 0, which holds for every post-hoc here: the normal and Student's t z
    tests, the permutation distribution of a difference of two rank totals (exchanging the two
    algorithms' ranks in every data set maps D to -D), and the signed-rank and sign tests. Then
    P(T >= t) = P(|T| >= t)/2 for t > 0; on the other side P(T >= t) = 1 - P(T > |t|) >= 1 - p/2
    (equal for continuous T; for discrete T the atom at |t| is left out, which only concerns
    p-values above 1/2). A Monte Carlo p-value (b + 1)/(n + 1) halved is (b + 1)/(2n + 2).
    """
    expected = -1.0 if alternative == "greater" else 1.0
    on_side = np.sign(z.to_numpy()) == expected
    p = pvalue.to_numpy()
    return pd.Series(
        np.where(on_side, p / 2.0, 1.0 - p / 2.0), index=pvalue.index, name=pvalue.name
    )


@takes_scores(ScoreOptions, optional=True)
def posthoc_all_pairs(
    data: Scores | None = None,
    *,
    test: PosthocTest = "friedman",
    alpha: float = 0.05,
    ranks: RanksLike | None = None,
    n_datasets: int | None = None,
    algorithms: Sequence[str] | None = None,
    procedures: Sequence[str] | None = None,
    monotone: bool = False,
    se: SEForm = "calibrated",
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    **reading: Unpack[ScoreOptions],
) -> PosthocAllPairsResult:
    """Compare all k(k-1)/2 pairs of algorithms after ``test`` (G08 Sec. 2.2, G10 Sec. 5).

    z and two-sided p per pair (module docstring: SEs) and the APVs of ``procedures`` among
    Nemenyi, Bonferroni, Holm, Shaffer static and Bergmann-Hommel via
    :func:`multicomp.adjust_all_pairs`; computed only when named: Miller's (its error and power
    are near 0 at k >= 20: kept for reproducing the peers), the peers' ``"single_step"``,
    Hommel's, and Benjamini-Hochberg (``"fdr_bh"``) and Benjamini-Yekutieli (``"fdr_by"``),
    which control the false discovery rate, not the family-wise error (``result.notes``).
    After ``test="conover"`` nothing is computed by default: name the procedures.
    Bergmann-Hommel is exact, in polynomial time thanks to the rank order of the p-values
    (docs/robinson.md; k = 50 in 25 to 70 ms). ``procedures=None`` takes all procedures, except
    Bergmann-Hommel when k exceeds 100 (docs/robinson.md): it is then left
    out and named in ``result.skipped``; asking for it explicitly with such a k raises
    ValueError.
    ``monotone=True`` forces APVs to be non-decreasing in p (the KEEL/scmamp convention that G08
    Table 5 printed for Bergmann-Hommel). Input as for :func:`posthoc_control`.
    With ``test="wilcoxon"`` or ``"sign"`` the procedures are Nemenyi (Bonferroni) and Holm; the
    others are named in ``result.skipped``, and asking for them is a ValueError (module
    docstring: why).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike, optional
        Scores, as for :func:`multicomp.friedman`; or give ``ranks`` and ``n_datasets``.
    test : {'friedman', 'aligned', 'quade', 'wilcoxon', 'sign'}
        The ranks compared, or the pairwise tests.
    alpha : float
        Significance level of ``reject``.
    ranks, n_datasets, algorithms
        As for :func:`posthoc_control`.
    procedures : sequence of str, optional
        Procedures among 'nemenyi', 'bonferroni', 'holm', 'shaffer', 'bergmann_hommel' (the
        default), 'miller', 'single_step', 'hommel', 'fdr_bh', 'fdr_by' (any case).
        'nemenyi': the studentized range (Demsar 2006; agrees with the critical difference);
        'bonferroni': m p (what Garcia & Herrera 2008 call Nemenyi's procedure);
        'single_step': PMCMRplus' and scikit-posthocs' single-step (equal to 'nemenyi' after
        the z tests, liberal after Conover's t tests; module docstring). Required after
        ``test="conover"``.
    monotone : bool
        Non-decreasing APVs (above).
    se, method, random_state, n_resamples
        As for :func:`posthoc_control`.

    Returns
    -------
    PosthocAllPairsResult
        z, p and the APVs of each pair; ``matrix(procedure)`` as a k x k table.

    References
    ----------
    G08 = Garcia & Herrera (2008), JMLR 9:2677-2694.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("garcia2008")  # G08 Table 5: 5 classifiers, 30 data sets
    >>> res = mc.posthoc_all_pairs(scores, method="asymptotic")
    >>> res.adjusted[["nemenyi", "holm", "bergmann_hommel"]].round(4).head(4)
                        nemenyi    holm  bergmann_hommel
    C4.5 vs 1-NN         0.0390  0.0339           0.0291
    C4.5 vs NaiveBayes   0.9992  1.0000           1.0000
    C4.5 vs Kernel       0.0000  0.0000           0.0000
    C4.5 vs CN2          0.0928  0.0511           0.0383
    """
    monotone = check_bool(monotone, "monotone")
    test, alpha, se, pvalues, basis = prepare(
        (data, ranks, n_datasets, algorithms),
        test,
        alpha,
        se,
        (method, random_state, n_resamples),
    )
    check_named(test, procedures)
    names = list(basis.ranks.index)
    k = len(names)
    context = registry.Context(
        k, monotone=monotone, order=rank_order(basis.ranks, test), df=basis.df
    )
    planned = registry.plan(  # before any work: a requested procedure that does not apply
        "all_pairs", procedures, k * (k - 1) // 2, context, pairwise=is_pairwise(test)
    )
    first, second = np.triu_indices(k, 1)  # the pairs in itertools.combinations order
    pairs = tuple(itertools.combinations(names, 2))
    labels = list(map(" vs ".join, pairs))  # in C: 0.14 s for 499,500 pairs, not 0.43 s
    shared = z_tests(basis, first, second, labels, test, alpha, se, pvalues)
    shared["options"] = {"monotone": bool(monotone), **shared["options"]}
    return cast(PosthocAllPairsResult, family("all_pairs", shared, planned, context, pairs=pairs))


# --- shared machinery -------------------------------------------------------------------------


@dataclass(frozen=True)
class PosthocOptions:
    """The options that change the p-values of a rank post-hoc, held together once: the SE
    form (``se``), Rom's coefficients (``rom``, with a control),
    monotone APVs (``monotone``, all pairs), how the p-values are computed (``method``,
    ``random_state``, ``n_resamples``) and their alternative (``alternative``, with a
    control). :func:`multicomp.compare`, :meth:`multicomp.Report.plot`
    and :func:`multicomp.cd_diagram` run their post-hoc through :meth:`run`; a report stores
    them (its fields of the same names), so a diagram drawn from it shows its p-values."""

    se: SEForm = "calibrated"
    rom: Rom = "exact"
    monotone: bool = False
    method: PValueMethod = "auto"
    random_state: RandomState = DEFAULT_SEED
    n_resamples: int = DEFAULT_RESAMPLES
    alternative: Alternative = "two-sided"

    def run(
        self,
        comparison: str,
        data: Scores | None,
        *,
        control: str | int | None = None,
        procedures: Sequence[str] | None = None,
        **given: Any,
    ) -> PosthocControlResult | PosthocAllPairsResult:
        """:func:`posthoc_control` (``comparison="control"``) or :func:`posthoc_all_pairs` of
        ``data`` with these options; ``given``: ``test``, ``alpha``, ``ranks``,
        ``n_datasets``."""
        shared = {
            "se": self.se,
            "method": self.method,
            "random_state": self.random_state,
            "n_resamples": self.n_resamples,
            **given,
        }
        if comparison == "control":
            return posthoc_control(
                data,
                control,
                procedures=procedures,
                rom=self.rom,
                alternative=self.alternative,
                **shared,
            )
        if self.alternative != "two-sided":
            raise ValueError(
                f"alternative={self.alternative!r} applies to comparisons with a control: "
                "give control= (all pairs are two-sided)"
            )
        return posthoc_all_pairs(data, procedures=procedures, monotone=self.monotone, **shared)
