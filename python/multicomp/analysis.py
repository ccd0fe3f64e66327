"""The one-call analysis :func:`compare`, which builds a :class:`multicomp.Report`.

``compare`` runs the workflow of the KEEL program that ships with Garcia & Herrera (2008)
and Garcia et al. (2010): average ranks, the omnibus tests, then the post-hoc comparisons
with a control (G10 Sec. 5.1) or of all pairs (G08 Sec. 2.2), with the adjusted p-values
(APVs) of every procedure and a plain-language summary of what was rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from multicomp import ranktests
from multicomp._internal.seeds import DEFAULT_SEED, RandomState, pinned, seed_of
from multicomp._internal.validation import check_alpha, check_bool, check_choice
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    FAMILIES,
    ROMS,
    Alternative,
    CompareTest,
    Family,
    IncompleteTest,
    PosthocTest,
    PValueMethod,
    ReportExtra,
    Rom,
    SEForm,
)
from multicomp._internal.work import check_pairs
from multicomp.data.decorators import ScoreOptions, ScoresInput, takes_scores
from multicomp.data.scores import Scores, index_of
from multicomp.parametric.side import parametric_side
from multicomp.posthoc import (
    PosthocAllPairsResult,
    PosthocControlResult,
    PosthocOptions,
    posthoc_incomplete,
)
from multicomp.posthoc.basis import check_named
from multicomp.procedures import base as registry
from multicomp.ranktests.blocks import blocks as incomplete_blocks
from multicomp.ranktests.permutation import (
    DEFAULT_RESAMPLES,
    PValueOptions,
    check_options,
    shared_draws,
)
from multicomp.ranktests.rows import rank_omnibus
from multicomp.report.extras import check_extras, check_extras_size
from multicomp.report.extras import compute as compute_extras
from multicomp.report.hierarchical_extra import check_options as check_fold_options
from multicomp.report.hierarchical_extra import check_size as check_fold_work
from multicomp.report.model import Hypotheses, OmnibusTest
from multicomp.report.names import TEST_NAMES, default_procedure
from multicomp.report.render import permutation_note
from multicomp.report.report import Report

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["compare"]


@takes_scores(ScoreOptions, raw=True)
def compare(
    data: ScoresInput,
    *,
    control: str | int | None = None,
    alpha: float = 0.05,
    test: CompareTest = "friedman",
    procedure: str | None = None,
    tie_correction: bool = True,
    rom: Rom = "exact",
    se: SEForm = "calibrated",
    monotone: bool = False,
    family: Family = "nonparametric",
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    extras: Sequence[ReportExtra] = (),
    alternative: Alternative = "two-sided",
    rope: float = 0.0,
    runs: int | None = None,
    **reading: Unpack[ScoreOptions],
) -> Report:
    """Run the recommended analysis in one call and return a :class:`Report`.

    1. Average Friedman ranks; the Friedman and Iman-Davenport tests (D06 Sec. 3.2.2), and
       the Friedman Aligned Ranks or Quade test when ``test`` is ``"aligned"`` or ``"quade"``
       (G10 Sec. 3).
    2. With a ``control`` (the algorithm chosen before seeing the results: a control picked
       afterwards as the best-ranked does not hold alpha): :func:`multicomp.posthoc_control`
       (all 1 x N procedures; ``procedure`` for the summary defaults to Holm, valid under any
       dependence; Finner and Li are shown but flagged, they do not hold alpha here).
       Without: :func:`multicomp.posthoc_all_pairs` (Nemenyi, Holm, Shaffer and
       Bergmann-Hommel where k allows it (up to 100 algorithms); the summary uses
       Bergmann-Hommel, or Shaffer beyond, as G08 recommends).
       ``test="wilcoxon"`` or ``"sign"``: the post-hocs compare each pair by its own
       Wilcoxon signed-rank or sign test (Benavoli, Corani & Mangili 2016) with the
       adjustments valid for them (Bonferroni and Holm; Holm in the summary).
       ``test="skillings_mack"`` or ``"durbin"``: for missing scores (an algorithm that failed
       or timed out on a data set), the incomplete-block tests of
       :mod:`multicomp.ranktests.incomplete` on every score instead of Friedman and Iman-Davenport:
       the Skillings-Mack test (any pattern of missing scores) or Durbin's test (a balanced
       incomplete block design), and their post-hoc (:func:`multicomp.posthoc_incomplete`)
       with the same procedures; ``nan_policy="omit"`` instead drops every incomplete data set.

    3. The parametric side (:mod:`multicomp.parametric`): with ``family="auto"`` or
       ``"parametric"`` the report states whether the conditions of the parametric tests hold
       (:func:`multicomp.check_conditions` on the input as given: folds or runs of long data
       are checked per data set) and which family the papers recommend, with the reason
       (:func:`multicomp.choose_family`). ``family="nonparametric"`` (the default) decides
       with the tests above and does not check the conditions (they would change nothing);
       ``"parametric"`` adds the verdicts of the repeated-measures ANOVA (Greenhouse-Geisser
       corrected) and of Tukey's HSD, or Dunnett's test with a ``control``; ``"auto"`` uses
       the recommended family (autorank's automatic choice, only when asked). The report says
       which family was used and why (``Report.family``, ``Report.family_reason``).

    Options that reproduce the papers' printed numbers (defaults: the exact forms), passed on
    to the functions above: ``tie_correction=False`` (omnibus tests without the tie
    correction), ``rom="garcia2010"`` (G10's Rom coefficients; with a ``control`` only),
    ``se="garcia2010"`` (with ``test="aligned"``: G10 Table 10's SE; with ``test="quade"``:
    G10 eq. 22, Table 11's SE; any form a registered rank test declares with that test),
    ``monotone=True`` (monotone Bergmann-Hommel APVs as G08 Table 5; all pairs only).

    ``data``: anything :func:`multicomp.friedman` accepts (array, wide/long DataFrame,
    CSV path); ``dataset``, ``algorithm``, ``score`` name the columns of long data.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman`.
    control : str or int, optional
        Compare every algorithm with this one (1 x N); by default all pairs (N x N).
    alpha : float
        Significance level of the decisions and the summary.
    test : {'friedman', 'aligned', 'quade', 'wilcoxon', 'sign', 'skillings_mack', 'durbin'}
        The ranks (or pairwise tests) of the post-hoc comparisons; 'skillings_mack' and
        'durbin' also replace the omnibus tests and keep the missing scores (above).
    procedure : str, optional
        The procedure of the summary and the plot (any case; default as above). One computed
        only when named (``"single_step"`` with a control) is the post-hoc's only procedure.
    tie_correction, rom, se, monotone
        The papers' forms (above).
    method, random_state, n_resamples
        The p-values of the rank tests, omnibus and post-hoc (:func:`multicomp.friedman`):
        ``"auto"`` (default) uses exact or Monte Carlo permutation p-values up to N = 16 data
        sets, where the asymptotic forms were measured above alpha; ``"asymptotic"`` gives the
        papers' values. The report labels which was used (``OmnibusTest.method``,
        ``Report.pvalue_method`` and a note). Not for the incomplete-block tests.
    extras : sequence of {'effect_sizes', 'matrix', 'bayesian_ranking', 'bayesian_hierarchical'}
        What the report adds, only when asked (every renderer, the JSON and the CSV; not with
        the incomplete-block tests): ``'effect_sizes'``, Cohen's d_z, Cliff's delta and
        Akinshin's gamma of each pair (or against the control) with intervals and magnitude
        labels (:func:`multicomp.pairs.effect_size.effect_sizes`), and in the summary how large the
        best algorithm's lead is; ``'matrix'``, the multi-comparison matrix of Ismail-Fawaz et
        al. (2023) (:func:`multicomp.ranking.multi_comparison.comparison_matrix`), whose heat map
        :meth:`Report.save` also writes; ``'bayesian_ranking'``, the posterior mean
        Plackett-Luce weight of each algorithm with its 1 - alpha credible interval and its
        probability of being the best, best first (:func:`multicomp.bayesian_ranking` with
        4,000 draws seeded by ``random_state``), and in the summary the most probable best
        algorithm; ``'bayesian_hierarchical'``, when ``data`` holds the folds (a long table
        with a fold column, read for the other tests with ``aggregate=``), the Bayesian
        hierarchical test of each pair (or each against the control) as
        :func:`multicomp.compare_bayesian` with ``test="hierarchical"`` gives it (20,000 draws
        a pair seeded by ``random_state``), with ``rope`` and ``runs``, and in the summary
        the pairs they decide at 1 - alpha. All-pairs reports
        show the compact letters of their
        decisions in any case. Beyond 30 algorithms the effect sizes are those of the
        best-ranked algorithm against each other, and the tables show the first algorithm's
        pairs (the CSV and JSON hold every one).
    alternative : {'two-sided', 'greater', 'less'}
        With a ``control``: one-sided comparisons, ``'less'`` that each algorithm is worse than
        the control, ``'greater'`` better (:func:`multicomp.posthoc_control`). Not for all
        pairs or the incomplete-block tests.
    rope, runs : float, int
        With ``extras=["bayesian_hierarchical"]``: the half-width of the region of practical
        equivalence, in score units (default 0), and the repetitions of the cross-validation
        the folds come from (default 1: one K-fold cross-validation).

    Returns
    -------
    Report
        Ranks, omnibus tests, every procedure's APVs and a plain-language summary.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.
    G08 = Garcia & Herrera (2008), JMLR 9:2677-2694.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> report = mc.compare(scores)  # Friedman ranks, all pairs with Bergmann-Hommel
    >>> report.rank_frame.round(3)
               friedman
    algorithm
    C4.5          3.143
    C4.5+m        2.000
    C4.5+cf       2.929
    C4.5+m+cf     1.929
    >>> report.omnibus_frame[["statistic", "pvalue"]].round(4)
                    statistic  pvalue
    test
    friedman          10.9524  0.0089
    iman_davenport     4.5859  0.0089
    >>> mine = mc.compare(scores, control="C4.5+m+cf", method="asymptotic")  # Holm
    >>> [hypothesis.label for hypothesis in mine.rejected()]
    ['C4.5+m+cf vs C4.5']

    What the report adds when asked, e.g. how large the best algorithm's lead is:

    >>> more = mc.compare(scores, extras=["effect_sizes"])
    >>> print(more.summary.split("How large")[1].splitlines()[1])
      - against C4.5+m (the next best): d = 0.37 [-0.18, 0.90], small
    """
    alpha = check_alpha(alpha)
    family = check_choice("family", family, FAMILIES)
    test = cast(CompareTest, check_choice("test", test, ranktests.compare_tests()))  # or registered
    extras = check_extras(extras, test)
    check_fold_options(extras, rope, runs)
    method, n_resamples = check_options(method, random_state, n_resamples)
    random_state = pinned(random_state)  # one seed for every draw of the comparison
    alternative = _check_sides(alternative, control, test, method)
    incomplete = ranktests.kind_of(test) == "incomplete"
    rom, se = _check_options(control, test, tie_correction, rom, se, monotone)
    if incomplete:
        return _compare_incomplete(
            data,
            cast(IncompleteTest, test),
            control=control,
            alpha=alpha,
            procedure=procedure,
            paper={"rom": rom, "monotone": monotone, "family": family},
            tie_correction=tie_correction,
        )
    scores = data.scores()
    check_pairs(scores.n_algorithms if control is None else 2)  # before any work
    check_extras_size(extras, scores.n_algorithms)
    check_fold_work(extras, scores.n_algorithms, control, scores.n_datasets)
    named = _named(procedure, control, test)
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
    options = PosthocOptions(
        se=se,
        rom=rom,
        monotone=bool(monotone),
        method=method,
        random_state=random_state,
        n_resamples=n_resamples,
        alternative=alternative,
    )
    threshold = _bonferroni(alpha, scores.n_algorithms, control)
    with shared_draws():  # one permutation draw serves the omnibus tests and the post-hoc
        omnibus, ranks = _omnibus(
            scores, cast(PosthocTest, test), tie_correction, options, threshold
        )
        result = _posthoc(scores, control, cast(PosthocTest, test), alpha, options, named)
    side = parametric_side(data, scores, family, control, alpha)
    procedures = tuple(str(m) for m in result.adjusted.columns)
    k = scores.n_algorithms
    asked = default_procedure(k, control, test) if procedure is None else procedure
    procedure = check_choice("procedure", asked, procedures)
    return Report(
        algorithms=scores.algorithms,
        datasets=scores.datasets,
        values=tuple(map(tuple, np.asarray(scores.values, dtype=float).tolist())),
        higher_is_better=scores.higher_is_better,
        alpha=alpha,
        test=test,
        control=control,
        ranks=ranks,
        omnibus=omnibus,
        comparison="control" if control is not None else "all_pairs",
        procedures=procedures,
        procedure=procedure,
        hypotheses=_hypotheses(result, scores.algorithms),
        notes=_notes(scores, result, omnibus[0].method),
        tie_correction=bool(tie_correction),
        **_stored(options),
        **_of_posthoc(result),
        omitted=scores.omitted,
        **side,
        **compute_extras(
            scores,
            extras,
            control,
            alpha,
            best=_best(result),
            seed=random_state,
            folds=(data, rope, runs),
        ),
    )


def _check_sides(alternative: Alternative, control: object, test: str, method: str) -> Alternative:
    """``alternative`` checked (one-sided only with a control after a rank or pairwise test),
    and ``method`` checked against an incomplete-block test (asymptotic p-values only)."""
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    incomplete = ranktests.kind_of(test) == "incomplete"
    if alternative != "two-sided" and (control is None or incomplete):
        raise ValueError(
            f"alternative={alternative!r} applies to the comparisons with a control after a "
            "rank or pairwise test: give control= (all pairs and the incomplete-block tests "
            "are two-sided)"
        )
    if incomplete and method not in ("auto", "asymptotic"):
        raise ValueError(
            f"method={method!r} applies to the rank tests; test={test!r} has asymptotic "
            "p-values only"
        )
    return alternative


def _best(result: PosthocControlResult | PosthocAllPairsResult) -> str:
    """The best-ranked algorithm of a post-hoc (the first in input order among ties at the
    data's precision)."""
    ranks = np.round(result.ranks.to_numpy(dtype=float), 9)
    return str(result.ranks.index[int(np.argmin(ranks))])


def _of_posthoc(result: PosthocControlResult | PosthocAllPairsResult) -> dict[str, Any]:
    """The report's fields that the post-hoc result gives: its ranks, how its p-values were
    computed, and the procedures it left out with why."""
    return {
        "test_ranks": tuple(float(v) for v in result.ranks),
        "pvalue_method": result.method,
        "pvalue_resamples": result.n_resamples,
        "left_out": tuple(result.skipped.items()),
    }


def _stored(options: PosthocOptions) -> dict[str, Any]:
    """The report's fields of the post-hoc options (the same names): what a diagram or a
    report read back from JSON recomputes with; the seed as an integer (or None)."""
    stored = {f.name: getattr(options, f.name) for f in fields(options)}
    return {**stored, "random_state": seed_of(options.random_state)}


def _bonferroni(alpha: float, k: int, control: str | None) -> float:
    """The smallest threshold of the post-hoc's procedures: alpha over its hypotheses."""
    return alpha / (k - 1 if control is not None else k * (k - 1) / 2)


def _omnibus(
    scores: Scores,
    test: PosthocTest,
    tie_correction: bool,
    options: PosthocOptions,
    threshold: float,
) -> tuple[tuple[OmnibusTest, ...], tuple[float, ...]]:
    """The omnibus tests of a complete table (:func:`multicomp.ranktests.rows.rank_omnibus`):
    Friedman's, each statistic once (Iman-Davenport derives from it), then the registered
    rank ``test``'s own; and the average Friedman ranks. Their permutations also serve the
    post-hoc, whose smallest threshold is ``threshold``."""
    pvalues = PValueOptions(options.method, options.random_state, options.n_resamples)
    rows, ranks = rank_omnibus(scores, test, bool(tie_correction), pvalues, threshold)
    omnibus = tuple(OmnibusTest(*cast(Any, row)) for row in rows)
    return omnibus, tuple(float(v) for v in ranks)


def _named(procedure: str | None, control: object, test: str) -> tuple[str, ...] | None:
    """The procedures of a comparison's post-hoc: the defaults (None), or the summary's
    ``procedure`` alone when it is computed only by name (Li, Finner, Miller, the peers'
    single-step, Hommel over all pairs, the false discovery rate procedures) or when the
    post-hocs of ``test`` compute only the procedures named (Conover's t tests, refused
    without ``procedure=``)."""
    check_named(test, procedure, option="procedure='holm'")
    if procedure is None:
        return None
    entry = registry.get("control" if control is not None else "all_pairs", procedure)
    return (entry.name,) if entry.by_name or ranktests.posthoc_warning(test) else None


def _posthoc(
    scores: Scores,
    control: str | None,
    test: PosthocTest,
    alpha: float,
    options: PosthocOptions,
    procedures: tuple[str, ...] | None,
) -> PosthocControlResult | PosthocAllPairsResult:
    """The post-hoc of a complete table (with a control, or of all pairs) with ``options``
    and ``procedures`` (None: the defaults)."""
    comparison = "control" if control is not None else "all_pairs"
    return options.run(
        comparison, scores, control=control, procedures=procedures, test=test, alpha=alpha
    )


def _notes(
    scores: Scores, result: PosthocControlResult | PosthocAllPairsResult, omnibus_method: str
) -> tuple[str, ...]:
    """The report's notes: data sets left out, procedures left out and why, and how the
    p-values were computed when they are not asymptotic."""
    notes = (
        [
            f"Note: nan_policy='omit' left out {len(scores.omitted)} incomplete data set(s): "
            f"{', '.join(scores.omitted)}."
        ]
        if scores.omitted
        else []
    )
    notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
    if result.method != "asymptotic" or omnibus_method != "asymptotic":
        notes.append(permutation_note(scores.n_datasets, omnibus_method, result.method))
    alternative = result.options.get("alternative", "two-sided")
    if isinstance(result, PosthocControlResult) and alternative != "two-sided":
        which = "better" if alternative == "greater" else "worse"
        notes.append(
            f"Note: one-sided comparisons (alternative={alternative!r}): a hypothesis is "
            f"rejected only when the algorithm is {which} than the control {result.control}."
        )
    return tuple(notes)


def _hypotheses(
    result: PosthocControlResult | PosthocAllPairsResult, names: tuple[str, ...]
) -> Hypotheses:
    """The hypotheses of a post-hoc result as columns (control first with a control; all
    pairs in ``itertools.combinations`` order of ``names``), with no loop over pairs."""
    k = len(names)
    if isinstance(result, PosthocControlResult):
        position = {name: i for i, name in enumerate(names)}
        first = np.full(k - 1, position[result.control])
        second = np.array([position[a] for a in result.algorithms], dtype=np.intp)
    else:
        first, second = np.triu_indices(k, 1)
    return Hypotheses(
        names,
        first,
        second,
        result.difference.to_numpy(dtype=float),
        result.z.to_numpy(dtype=float),
        result.pvalue.to_numpy(dtype=float),
        result.adjusted.to_numpy(dtype=float),
    )


def _compare_incomplete(
    data: ScoresInput,
    test: IncompleteTest,
    *,
    control: str | int | None,
    alpha: float,
    procedure: str | None,
    paper: dict[str, Any],
    tie_correction: bool,
) -> Report:
    """:func:`compare` with an incomplete-block test (``test`` "skillings_mack" or "durbin",
    :mod:`multicomp.ranktests.incomplete`): the omnibus test and its post-hoc on every score,
    missing ones included. ``paper``: the options of :func:`compare` that do not apply here and must
    keep their defaults (``rom``, ``monotone``, ``family``, ``nan_policy``)."""
    defaults = {"rom": "exact", "monotone": False, "family": "nonparametric", "nan_policy": "raise"}
    for name, value in {**paper, "nan_policy": data.options.get("nan_policy", "raise")}.items():
        if value != defaults[name]:
            raise ValueError(
                f"{name}={value!r} does not apply to test={test!r}"
                + (
                    ", which uses every score (leave out nan_policy)"
                    if name == "nan_policy"
                    else " (the incomplete-block tests are rank tests with their own post-hoc)"
                )
            )
    scores = data.scores(keep_missing=True)
    entry = ranktests.get_incomplete(test)
    blocks = incomplete_blocks(scores)
    omnibus = _incomplete_omnibus(entry, blocks, bool(tie_correction))
    dropped, n_missing = blocks.dropped, blocks.n_missing
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
    result = posthoc_incomplete(
        scores,
        control,
        test=test,
        alpha=alpha,
        tie_correction=tie_correction,
        procedures=_named(procedure, control, test),
    )
    kept = [i for i, d in enumerate(scores.datasets) if d not in dropped]
    k = scores.n_algorithms
    notes = [
        f"Note: {n_missing} of {len(kept) * k} scores are missing; the {TEST_NAMES[test]} test "
        "uses every score (each algorithm's average rank and mean score are over the "
        "data sets that score it). It assumes that a score is not missing because of how well the algorithm would "
        "have done: a failure that signals a bad algorithm is better scored as its worst."
    ]
    if entry.posthoc_df is not None:
        notes.append(
            f"Note: the z column holds {entry.t_statistic}, with {entry.posthoc_df(blocks)} "
            "degrees of freedom."
        )
    if dropped:
        notes.append(
            f"Note: {len(dropped)} data set(s) with fewer than 2 scores left out (they carry "
            f"no information): {', '.join(dropped)}."
        )
    notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
    procedures = tuple(str(m) for m in result.adjusted.columns)
    chosen = check_choice(
        "procedure",
        default_procedure(k, control, test) if procedure is None else procedure,
        procedures,
    )
    ranks = tuple(float(v) for v in result.ranks)
    return Report(
        algorithms=scores.algorithms,
        datasets=tuple(scores.datasets[i] for i in kept),
        values=tuple(
            tuple(None if np.isnan(v) else float(v) for v in scores.values[i]) for i in kept
        ),
        higher_is_better=scores.higher_is_better,
        alpha=alpha,
        test=test,
        control=control,
        ranks=ranks,
        test_ranks=ranks,
        omnibus=tuple(omnibus),
        comparison="control" if control is not None else "all_pairs",
        procedures=procedures,
        procedure=chosen,
        hypotheses=_hypotheses(result, scores.algorithms),
        notes=tuple(notes),
        tie_correction=bool(tie_correction),
        omitted=dropped,
        left_out=tuple(result.skipped.items()),
    )


def _incomplete_omnibus(entry: Any, blocks: Any, tie_correction: bool) -> tuple[OmnibusTest, ...]:
    """The omnibus tests of an incomplete-block test (``entry`` of the registry) on its
    ``blocks``, each saying whether the tie correction changed its statistic (its textbook
    form, without the correction, differs: the data hold ties)."""
    rows = entry.omnibus(blocks, tie_correction)
    textbook = entry.omnibus(blocks, False) if tie_correction else rows
    return tuple(
        OmnibusTest(
            row.name,
            row.statistic,
            row.pvalue,
            row.distribution,
            row.df,
            tie_corrected=not np.isclose(
                plain.statistic, row.statistic, rtol=1e-12, atol=0.0, equal_nan=True
            ),
        )
        for row, plain in zip(rows, textbook)
    )


def _check_options(
    control: str | int | None,
    test: str,
    tie_correction: bool,
    rom: str,
    se: str,
    monotone: bool,
) -> tuple[Rom, SEForm]:
    """``rom`` and the SE form ``se`` as spelled in their option lists, or an error for
    values outside them and for paper options that would have no effect."""
    check_bool(tie_correction, "tie_correction")
    check_bool(monotone, "monotone")
    chosen = check_choice("rom", rom, ROMS)
    checked = cast(SEForm, ranktests.check_se(test, se))
    if chosen != "exact" and control is None:
        raise ValueError("rom= applies to the comparisons with a control: give control=")
    if monotone and control is not None:
        raise ValueError("monotone= applies to all pairwise comparisons: leave out control=")
    if monotone and ranktests.kind_of(test) == "pairwise":
        raise ValueError(
            f"monotone= changes only Bergmann-Hommel, which test={test!r} does not offer"
        )
    return chosen, checked
