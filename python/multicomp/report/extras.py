"""What :func:`multicomp.compare` adds to a report only when asked (``extras=``, the command
line's ``--effect-sizes``, ``--matrix`` and ``--bayesian-ranking``): the effect sizes of the
pairs (:func:`multicomp.pairs.effect_size.effect_sizes`), the multi-comparison matrix
(:func:`multicomp.ranking.multi_comparison.comparison_matrix`) and the Bayesian Plackett-Luce ranking
(:func:`multicomp.ranking.plackett_luce.bayesian_ranking`, seeded by the report's ``random_state``,
:data:`RANKING_DRAWS` draws); their tables for every renderer, and the summary's sentences on
how large the best algorithm's lead is and which algorithm is most probably the best. (The compact letters of the
report's decisions are in every all-pairs report: :mod:`multicomp.report.large`.)

The default report shows none of them (no clutter); each is computed once here, stored in the
report's plain fields (:mod:`multicomp.report.model`) and read back from JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from multicomp import ranktests
from multicomp._internal import tables as _tables
from multicomp._internal.names import fmt_p
from multicomp._internal.validation import check_choices
from multicomp._internal.vocabulary import REPORT_EXTRAS, EffectMeasure, ReportExtra
from multicomp.data.decorators import ScoresInput
from multicomp.data.scores import Scores
from multicomp.pairs.effect_size import COVERAGE, THRESHOLDS, effect_sizes
from multicomp.ranking.multi_comparison import comparison_matrix
from multicomp.ranking.plackett_luce import bayesian_ranking
from multicomp.report import hierarchical_extra, large
from multicomp.report.extra_data import EffectSize, MatrixCell, PairEffects, RankingWeight
from multicomp.report.model import ReportData

__all__ = [
    "MEASURE_NAMES",
    "RANKING_DRAWS",
    "MATRIX_LIMIT",
    "check_extras",
    "check_extras_size",
    "compute",
    "csv_frames",
    "latex_tables",
    "lead_lines",
    "ranking_lines",
    "ranking_view",
    "tables",
]

#: How the reports name each effect size.
MEASURE_NAMES = {
    "cohen_d": "Cohen's d",
    "cliff_delta": "Cliff's delta",
    "akinshin_gamma": "Akinshin's gamma",
}
#: The summary's effect size: the paired standardised mean difference d_z.
LEAD: EffectMeasure = "cohen_d"
#: The posterior draws of the report's Bayesian ranking, in 4 chains of 1,000 after 500
#: burn-in sweeps each: the Monte Carlo error of a probability is about 0.008 or less (times
#: the chains' small inefficiency), and k = 50 algorithms on N = 100 data sets take about
#: 0.22 s of CPU (measured on this project's 2-core machine;
#: :func:`multicomp.ranking.plackett_luce.bayesian_ranking`'s default 10,000 draws are for a study of
#: the ranking itself).
RANKING_DRAWS = 4_000
#: The most algorithms whose multi-comparison matrix a report holds: k(k-1)/2 = 499,500
#: cells, one object each in the report (beyond, the report and its JSON take gigabytes;
#: :func:`multicomp.ranking.multi_comparison.comparison_matrix` gives the matrix as tables).
MATRIX_LIMIT = 1000


def check_extras_size(extras: Sequence[str], k: int) -> None:
    """ValueError, before any work, for a matrix of more than :data:`MATRIX_LIMIT`
    algorithms in a report."""
    if "matrix" in extras and k > MATRIX_LIMIT:
        raise ValueError(
            f"extras=['matrix'] holds one cell per pair in the report: {k:,} algorithms make "
            f"{k * (k - 1) // 2:,}, beyond the limit of {MATRIX_LIMIT:,} algorithms "
            f"({MATRIX_LIMIT * (MATRIX_LIMIT - 1) // 2:,} cells); "
            "multicomp.comparison_matrix(scores) gives the matrix as k x k tables"
        )


def check_extras(extras: object, test: str) -> tuple[ReportExtra, ...]:
    """``extras`` as a tuple of :data:`multicomp._internal.vocabulary.REPORT_EXTRAS`, in that order,
    or a ValueError for one that does not apply (the extras need complete scores, not an
    incomplete-block test)."""
    asked = set(check_choices("extras", extras, REPORT_EXTRAS))  # type: ignore[arg-type]
    chosen = tuple(e for e in REPORT_EXTRAS if e in asked)
    if ranktests.kind_of(test) == "incomplete" and chosen:
        raise ValueError(
            f"extras={list(chosen)!r}: effect sizes, the matrix and the Bayesian ranking "
            "need complete scores; "
            f"test={test!r} keeps the missing ones (nan_policy='omit' drops them instead)"
        )
    return chosen


def compute(
    scores: Scores,
    extras: tuple[ReportExtra, ...],
    control: str | None,
    alpha: float,
    best: str,
    seed: int | None,
    folds: tuple[ScoresInput, float, int | None],
) -> dict[str, Any]:
    """The report's fields of the ``extras`` asked: effect sizes of the report's pairs (with
    its control, each against it; beyond :data:`multicomp.report.large.SUMMARY_LIMIT`
    algorithms, those of the ``best``-ranked against each other, so that the work grows like
    k, not k^2), the matrix, the Bayesian ranking (its draws seeded by ``seed``, the
    report's) and the hierarchical tests of the pairs (``folds``: the input as given, the
    rope and the runs; :mod:`multicomp.report.hierarchical_extra`)."""
    fields: dict[str, Any] = {"extras": extras}
    if "bayesian_hierarchical" in extras:
        fields.update(hierarchical_extra.compute(folds[0], control, folds[1], folds[2], seed))
    if "effect_sizes" in extras:
        large_k = len(scores.algorithms) > large.SUMMARY_LIMIT
        fields["effect_sizes"] = _effects(scores, best if large_k else control, alpha)
    if "matrix" in extras:
        fields["matrix"] = _matrix(scores, alpha)
    if "bayesian_ranking" in extras:
        fields["bayesian_ranking"] = _ranking(scores, alpha, RANKING_DRAWS, seed)
        fields["ranking_draws"] = RANKING_DRAWS
    return fields


def _ranking(
    scores: Scores, alpha: float, n_draws: int, seed: int | None
) -> tuple[RankingWeight, ...]:
    """The report's Bayesian ranking: :func:`multicomp.ranking.plackett_luce.bayesian_ranking` of
    ``n_draws`` draws seeded by ``seed``, credible level 1 - ``alpha``, best mean first."""
    frame = bayesian_ranking(
        scores, n_draws=n_draws, credible_level=1 - alpha, random_state=seed
    ).to_frame(sort=True)
    return tuple(
        RankingWeight(
            str(name),
            float(row["mean"]),
            float(row["lower"]),
            float(row["upper"]),
            float(row["p_best"]),
        )
        for name, row in frame.iterrows()
    )


@dataclass(frozen=True)
class RankingView:
    """A report's Bayesian ranking as :func:`multicomp.plotting.ranking.plot_ranking` draws
    it (the attributes of its ``Ranking`` protocol)."""

    algorithms: tuple[str, ...]
    n_datasets: int
    mean: np.ndarray
    interval: np.ndarray
    p_best: np.ndarray
    credible_level: float


def ranking_view(r: ReportData) -> RankingView:
    """The Bayesian ranking of ``r`` (which holds one) for its plot."""
    weights = r.bayesian_ranking
    return RankingView(
        tuple(w.algorithm for w in weights),
        r.n_datasets,
        np.array([w.mean for w in weights]),
        np.array([(w.lower, w.upper) for w in weights]).reshape(-1, 2),
        np.array([w.p_best for w in weights]),
        1 - r.alpha,
    )


def _effects(scores: Scores, control: str | None, alpha: float) -> tuple[PairEffects, ...]:
    table = effect_sizes(scores, control=control, alpha=alpha).table
    return tuple(
        PairEffects(
            str(row["first"]),
            str(row["second"]),
            float(row["mean_difference"]),
            tuple(
                EffectSize(
                    m,
                    float(row[m]),
                    _bound(row[f"{m}_low"]),
                    _bound(row[f"{m}_high"]),
                    str(row[f"{m}_magnitude"]),
                )
                for m in MEASURE_NAMES
            ),
        )
        for row in table.to_dict("records")
    )


def _bound(value: float) -> float | None:
    """A bound of an interval, None where it is undefined (NaN)."""
    return None if np.isnan(value) else float(value)


def _matrix(scores: Scores, alpha: float) -> tuple[MatrixCell, ...]:
    frame = comparison_matrix(scores, alpha=alpha).to_frame()
    return tuple(
        MatrixCell(
            str(row["first"]),
            str(row["second"]),
            float(row["mean_difference"]),
            int(row["wins"]),
            int(row["ties"]),
            int(row["losses"]),
            float(row["pvalue"]),
            float(row["adjusted"]),
        )
        for row in frame.to_dict("records")
    )


# --- the summary ---------------------------------------------------------------------------


def lead_lines(r: ReportData, order: Sequence[int]) -> list[str]:
    """How large the lead of the best algorithm is (or, with a control, the control's
    differences), as Cohen's d_z with its interval and magnitude label, over the next best
    and the last (``order``: positions best first). Nothing unless effect sizes were asked."""
    if not r.effect_sizes:
        return []
    names = [r.algorithms[i] for i in order]
    anchor = r.control if r.control is not None else names[0]
    others = [a for a in names if a != anchor]
    chosen = dict.fromkeys([others[0], others[-1]])  # the next best and the last, once each
    low, mid, high = THRESHOLDS[LEAD]
    who = f"the control {anchor}" if r.control is not None else f"{anchor} (best average rank)"
    level = f"{1 - r.alpha:.0%}"
    lines = [
        f"How large the differences of {who} are: Cohen's d_z of the paired differences over "
        f"the data sets with its {level} interval (positive: {anchor} is better; negligible "
        f"below {low}, small below {mid}, medium below {high}, else large; Cohen 1988):"
    ]
    for other in chosen:
        pair = _pair(r, anchor, other)
        place = "the next best" if other == others[0] else "the last"
        e = pair.effect(LEAD)
        lines.append(f"  - against {other} ({place}): d = {e}")
    return lines


def ranking_lines(r: ReportData) -> list[str]:
    """The most probable best algorithm of the Bayesian ranking, with its probability of
    being the best. Nothing unless the ranking was asked."""
    if not r.bayesian_ranking:
        return []
    top = max(r.bayesian_ranking, key=lambda w: w.p_best)  # the first of equals: best mean
    return [
        f"Bayesian Plackett-Luce ranking: the most probable best algorithm is {top.algorithm}, "
        f"with posterior probability {top.p_best:.2f} of having the largest weight (the "
        f"probability of ranking first on a new data set; {r.ranking_draws:,} posterior "
        "draws, uniform prior)."
    ]


def _pair(r: ReportData, a: str, b: str) -> PairEffects:
    """The effects of a against b (signs flipped when the report holds b vs a)."""
    for p in r.effect_sizes:
        if (p.first, p.second) == (a, b):
            return p
        if (p.first, p.second) == (b, a):
            flipped = tuple(
                EffectSize(e.measure, -e.value, _negated(e.high), _negated(e.low), e.magnitude)
                for e in p.effects
            )
            return PairEffects(a, b, -p.mean_difference, flipped)
    raise KeyError(f"no effect sizes of {a} vs {b}")  # every pair of the report is there


def _negated(value: float | None) -> float | None:
    return None if value is None else -value


# --- tables --------------------------------------------------------------------------------


def _shown(r: ReportData, rows: Sequence[Any]) -> tuple[list[Any], str]:
    """The rows a table shows, and a note on the rest: all of them, or in a summarised report
    (:func:`multicomp.report.large.summarised`) those of the first algorithm (the best, or
    the best mean score in the matrix), at most :data:`multicomp.report.large.NAMED`."""
    if not large.summarised(r):
        return list(rows), ""
    first = [row for row in rows if row.first == rows[0].first][: large.NAMED]
    return first, (
        f" {len(rows) - len(first)} more pairs not shown: every pair in Report.to_csv() and "
        "Report.to_json()."
    )


def _effect_rows(r: ReportData) -> tuple[tuple[_tables.Cell, ...], ...]:
    cell = _tables.Cell
    return tuple(
        (
            cell(p.label),
            cell(f"{p.mean_difference:.4g}"),
            *(cell(str(e)) for e in p.effects),
        )
        for p in _shown(r, r.effect_sizes)[0]
    )


def _matrix_rows(r: ReportData) -> tuple[tuple[_tables.Cell, ...], ...]:
    cell = _tables.Cell
    return tuple(
        (
            cell(c.label),
            cell(f"{c.mean_difference:.4g}"),
            cell(f"{c.wins}/{c.ties}/{c.losses}"),
            cell(fmt_p(c.pvalue)),
            cell(fmt_p(c.adjusted), strong=c.adjusted <= r.alpha),
        )
        for c in _shown(r, r.matrix)[0]
    )


def _ranking_rows(r: ReportData) -> tuple[tuple[_tables.Cell, ...], ...]:
    """The Bayesian ranking, best mean first; summarised, the top and the bottom."""
    weights = r.bayesian_ranking

    def row(place: int, j: int) -> tuple[_tables.Cell, ...]:
        w = weights[j]
        return (
            _tables.Cell(w.algorithm),
            _tables.Cell(f"{w.mean:.3f}"),
            _tables.Cell(f"[{w.lower:.3f}, {w.upper:.3f}]"),
            _tables.Cell(f"{w.p_best:.3f}"),
        )

    return large.rows(r, range(len(weights)), row)


def _ranking_table(r: ReportData, **where: str) -> _tables.Table:
    """The table of the Bayesian ranking, its title and note or caption and label ``where``."""
    header = ("Algorithm", "Weight", f"{1 - r.alpha:.0%} interval", "P(best)")
    return _tables.Table(header=header, rows=_ranking_rows(r), align="lrrr", **where)


def _ranking_title(r: ReportData) -> str:
    return (
        f"Bayesian Plackett-Luce ranking (posterior mean weight, {1 - r.alpha:.0%} credible "
        "interval, probability of being the best; best first)"
    )


def _ranking_note(r: ReportData) -> str:
    rest = len(r.algorithms) - large.TOP - large.BOTTOM
    return (
        "Weight: the probability that the algorithm ranks first on a new data set (Plackett-"
        "Luce model, uniform Dirichlet prior, ties integrated; Calvo et al. 2018), from "
        f"{r.ranking_draws:,} posterior draws in 4 chains with seed {r.random_state}: "
        f"multicomp.bayesian_ranking(scores, n_draws={r.ranking_draws}, "
        f"credible_level={1 - r.alpha:g}, random_state={r.random_state}) gives these figures."
        + (
            f" {rest} more algorithms not shown: every one in Report.to_csv() and Report.to_json()."
            if large.summarised(r)
            else ""
        )
    )


def _effect_title(r: ReportData) -> str:
    return (
        f"Effect sizes of the pairs (value [{1 - r.alpha:.0%} interval], magnitude; positive: "
        "the first algorithm is better)"
    )


EFFECT_NOTE = (
    "Cohen's d: d_z = mean/SD of the paired differences (noncentral t interval; thresholds "
    "0.2, 0.5, 0.8, Cohen 1988); Cliff's delta (thresholds 0.147, 0.33, 0.474, Romano et "
    "al. 2006; BCa interval) and Akinshin's gamma (robust d; percentile interval): bootstrap "
    "intervals over the data sets. " + COVERAGE
)
MATRIX_NOTE = (
    "Ismail-Fawaz et al. (2023): each pair on its own, algorithms by mean score, so adding or "
    "removing an algorithm changes no other cell but the adjusted p-value. W/T/L: data sets "
    "the first wins, ties, loses; p: two-sided Wilcoxon signed-rank test of the pair "
    "(zero_method='pratt'), exact without ties or zero differences up to N = 50, else the "
    "tie-corrected normal approximation; adjusted: Holm over the k(k-1)/2 pairs."
)


def tables(r: ReportData) -> list[_tables.Table]:
    """The tables of the extras asked, for text, Markdown and HTML."""
    found = []
    if r.effect_sizes:
        found.append(
            _tables.Table(
                title=_effect_title(r),
                header=("Pair", "Mean difference", *MEASURE_NAMES.values()),
                rows=_effect_rows(r),
                align="lr" + "l" * len(MEASURE_NAMES),
                note=EFFECT_NOTE + _shown(r, r.effect_sizes)[1],
            )
        )
    if r.matrix:
        found.append(
            _tables.Table(
                title="Multi-comparison matrix (best mean score first)",
                header=("Pair", "Mean difference", "W/T/L", "p", "Holm"),
                rows=_matrix_rows(r),
                align="lrrrr",
                note=MATRIX_NOTE + _shown(r, r.matrix)[1],
            )
        )
    if r.bayesian_ranking:
        found.append(_ranking_table(r, title=_ranking_title(r), note=_ranking_note(r)))
    return found + hierarchical_extra.tables(r)


def latex_tables(r: ReportData, label: str) -> list[_tables.Table]:
    """The tables of the extras asked, for a paper (captions in LaTeX)."""
    esc = _tables.latex_escape
    found = []
    if r.effect_sizes:
        found.append(
            _tables.Table(
                title="",
                caption=f"{esc(_effect_title(r))}. {esc(EFFECT_NOTE + _shown(r, r.effect_sizes)[1])}",
                label=f"tab:{label}-effects",
                header=("Pair", "Mean difference", *MEASURE_NAMES.values()),
                rows=_effect_rows(r),
                align="lr" + "l" * len(MEASURE_NAMES),
            )
        )
    if r.matrix:
        found.append(
            _tables.Table(
                title="",
                caption="Multi-comparison matrix, best mean score first. "
                f"{esc(MATRIX_NOTE + _shown(r, r.matrix)[1])} "
                f"Bold: rejected at $\\alpha = {r.alpha:g}$.",
                label=f"tab:{label}-matrix",
                header=("Pair", "Mean difference", "W/T/L", _tables.Cell("$p$", raw=True), "Holm"),
                rows=_matrix_rows(r),
                align="lrrrr",
            )
        )
    if r.bayesian_ranking:
        caption = f"{esc(_ranking_title(r))}. {esc(_ranking_note(r))}"
        found.append(_ranking_table(r, title="", caption=caption, label=f"tab:{label}-ranking"))
    return found + hierarchical_extra.latex_tables(r, label)


def csv_frames(r: ReportData) -> list[tuple[str, pd.DataFrame]]:
    """The extras asked as tables of the tidy CSV."""
    frames = []
    if r.effect_sizes:
        frames.append(("effect_sizes", pd.concat([p.to_frame() for p in r.effect_sizes])))
    if r.matrix:
        frames.append(("matrix", pd.concat([c.to_frame() for c in r.matrix])))
    if r.bayesian_ranking:
        frames.append(("bayesian_ranking", pd.concat([w.to_frame() for w in r.bayesian_ranking])))
    return frames + hierarchical_extra.csv_frames(r)
