"""Reports of many algorithms (issue 25): beyond :data:`SUMMARY_LIMIT` algorithms the text,
Markdown, HTML and LaTeX reports summarise, and the full pair matrix stays in the CSV and
JSON outputs (and :meth:`multicomp.Report.to_frame`).

A summarised report shows the ranking's top :data:`TOP` and bottom :data:`BOTTOM` with a count
of the rest, the verdicts that matter (the best algorithm against the others, the top group
that does not differ from it), how many groups do not differ and the compact letters
(Piepho 2004) of the algorithms it shows; its table of hypotheses is the best against the
:data:`NAMED` algorithms ranked next. Everything here reads the report's columns and its
decisions (:mod:`multicomp.report.decisions`): nothing loops over the pairs.

References
----------
Piepho (2004), An algorithm for a letter-based representation of all-pairwise comparisons,
J. Comput. Graph. Stat. 13(2):456-466.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import cast

import numpy as np
import pandas as pd

from multicomp._internal import tables as _tables
from multicomp._internal.names import fmt_alpha, fmt_p
from multicomp.procedures.base import display_name
from multicomp.ranking.letters import LetterDisplay, compact_letters
from multicomp.report.decisions import Decisions, of_report
from multicomp.report.model import ReportData, rounded_ranks
from multicomp.report.names import POSTHOC_NAMES

__all__ = [
    "BOTTOM",
    "CD_LIMIT",
    "NAMED",
    "SUMMARY_LIMIT",
    "TOP",
    "best_table",
    "letter_display",
    "letters",
    "rows",
    "summarised",
    "verdict_lines",
]

#: Reports of more algorithms than this summarise (the module docstring says how).
SUMMARY_LIMIT = 30
#: The best and the worst algorithms a summarised ranking shows.
TOP, BOTTOM = 10, 5
#: The largest number of algorithms that :meth:`multicomp.Report.plot` draws as a critical
#: difference diagram by default (one line per name on each side); beyond, the compact letter
#: display (:func:`multicomp.plotting.letters.plot_letters`: names listed in sorted panels,
#: legible at any k).
CD_LIMIT = 50
#: The names a summarised line lists before "and N more", and the rows of its best-against-
#: the-others table.
NAMED = 20

Row = tuple[_tables.Cell, ...]
#: Where a report keeps its own compact letter display once computed.
_MEMO = "_letter_display"


def summarised(r: ReportData) -> bool:
    """Whether the report of ``r`` summarises (more than :data:`SUMMARY_LIMIT` algorithms)."""
    return len(r.algorithms) > SUMMARY_LIMIT


def rows(r: ReportData, order: Sequence[int], row: Callable[[int, int], Row]) -> tuple[Row, ...]:
    """The rows of a ranking: ``row(place, j)`` for each algorithm ``j`` in ``order`` (place 1
    first); summarised, the :data:`TOP` best and :data:`BOTTOM` worst with one row between that
    counts the rest."""
    k = len(order)
    if not summarised(r):
        return tuple(row(place, j) for place, j in enumerate(order, start=1))
    top = [row(place, j) for place, j in enumerate(order[:TOP], start=1)]
    bottom = [row(place, order[place - 1]) for place in range(k - BOTTOM + 1, k + 1)]
    gap = (_tables.Cell("..."), _tables.Cell(f"{k - TOP - BOTTOM} more"))
    return (*top, gap + tuple(_tables.Cell("") for _ in top[0][2:]), *bottom)


def _listed(names: Sequence[str]) -> str:
    """``a, b, c`` or ``a, b, ... (and 12 more)`` beyond :data:`NAMED` names."""
    shown = ", ".join(names[:NAMED])
    return shown if len(names) <= NAMED else f"{shown} (and {len(names) - NAMED} more)"


def _rejected_matrix(r: ReportData, d: Decisions) -> np.ndarray:
    """The k x k matrix of pairs the report's procedure rejects (in the report's order)."""
    if isinstance(d.rejected, np.ndarray):
        return d.rejected
    position = {a: i for i, a in enumerate(r.algorithms)}
    matrix = np.zeros((len(r.algorithms),) * 2, dtype=bool)
    for a, b in d.rejected:
        matrix[position[a], position[b]] = matrix[position[b], position[a]] = True
    return matrix


def letter_display(
    r: ReportData, procedure: str | None = None, alpha: float | None = None
) -> LetterDisplay:
    """The compact letter display (Piepho 2004; 'a' marks the best's group) of the decisions
    of ``procedure`` at ``alpha`` (default: the report's) in an all-pairs report, algorithms
    best first beside their average ranks. The report's own display is computed once and
    kept beside its fields (where ``functools.cached_property`` keeps a value: the fields of
    a frozen report never change), as the text, its HTML page and its plot show it."""
    if procedure in (None, r.procedure) and alpha in (None, r.alpha):
        memo = vars(r)
        if _MEMO not in memo:
            memo[_MEMO] = _letter_display(r, None, None)
        return cast(LetterDisplay, memo[_MEMO])
    return _letter_display(r, procedure, alpha)


def _letter_display(r: ReportData, procedure: str | None, alpha: float | None) -> LetterDisplay:
    """:func:`letter_display`, computed."""
    d = of_report(r, procedure, alpha)
    order = np.argsort(rounded_ranks(r.test_ranks), kind="stable")
    matrix = _rejected_matrix(r, d)[np.ix_(order, order)]
    names = [r.algorithms[i] for i in order]
    display = compact_letters(pd.DataFrame(matrix, index=names, columns=names))
    return dataclasses.replace(
        display,
        values=d.ranks[names],
        value_name="average rank",
        source=f"{display_name(d.procedure, r.comparison)}, alpha = {fmt_alpha(d.alpha)}",
    )


def letters(r: ReportData) -> dict[str, str]:
    """Each algorithm's compact letters under the report's decisions, for an all-pairs
    report; empty with a control."""
    if r.comparison != "all_pairs":
        return {}
    return {str(a): str(x) for a, x in letter_display(r).letters.items()}


def verdict_lines(r: ReportData, order: Sequence[int]) -> list[str]:
    """The summarised post-hoc verdicts: the best against the others, the top group, how many
    groups do not differ (and letters), and where the full pair matrix is."""
    d = of_report(r)
    matrix = _rejected_matrix(r, d)
    best = order[0]
    name = r.algorithms[best]
    if r.comparison == "control":
        apart = [r.algorithms[j] for j in order if matrix[r.algorithms.index(str(r.control)), j]]
        alike = [a for a in d.not_apart if a != r.control]
        lines = [
            f"Significantly different from the control {r.control}: {len(apart)} of "
            f"{len(r.algorithms) - 1}: {_listed(apart) or 'none'}.",
            f"Not significantly different from the control {r.control}: "
            f"{_listed(alike) or 'none'}.",
        ]
    else:
        beaten = [r.algorithms[j] for j in order if matrix[best, j]]
        alike = [r.algorithms[j] for j in order[1:] if not matrix[best, j]]
        groups = d.groups
        top = next((g for g in groups if name in g), (name,))
        lines = [
            f"The best, {name}, is significantly better than {len(beaten)} of the "
            f"{len(r.algorithms) - 1} others; not significantly different from {len(alike)}"
            + (f": {_listed(alike)}." if alike else "."),
            f"Top group (no significant difference among them; the best's): {len(top)} "
            f"algorithm(s): {_listed(list(top))}.",
            f"Groups of algorithms with no significant difference among them: {len(groups)} "
            "(the ranking above shows each algorithm's compact letters: algorithms that "
            "share a letter do not differ).",
        ]
    return [
        *lines,
        f"Every comparison, with its APVs: {len(r.hypotheses):,} hypotheses in "
        "Report.to_csv(), Report.to_json() and Report.to_frame() (more than "
        f"{SUMMARY_LIMIT} algorithms: the text, Markdown, HTML and LaTeX reports summarise).",
    ]


def best_table(
    r: ReportData,
    order: Sequence[int],
    note: str,
    p_cell: Callable[[float], _tables.Cell],
    number: Callable[[float], _tables.Cell] = lambda v: _tables.Cell(f"{v:.4f}"),
) -> _tables.Table:
    """The hypotheses of the best-ranked algorithm (the control, with one) against the
    :data:`NAMED` algorithms ranked next, each written with the best first (z's sign follows),
    with z, p and the report's procedure's APV
    (``p_cell`` formats and marks a p-value, ``number`` a statistic); ``note`` ends with a
    count of the comparisons not shown."""
    h = r.hypotheses
    where = {a: i for i, a in enumerate(r.algorithms)}
    position = np.array([where[a] for a in h.names], dtype=np.intp)
    first, second = position[h.first], position[h.second]
    anchor = r.algorithms.index(str(r.control)) if r.control is not None else order[0]
    rank_of = np.empty(len(order), dtype=np.intp)
    rank_of[np.asarray(order)] = np.arange(len(order))
    mine = np.flatnonzero((first == anchor) | (second == anchor))
    other = np.where(first[mine] == anchor, second[mine], first[mine])
    order_shown = np.argsort(rank_of[other], kind="stable")[:NAMED]
    shown = mine[order_shown]
    j = r.procedures.index(r.procedure)
    who = r.algorithms[anchor]
    rest = len(mine) - len(shown)
    rejected = int((h.apvs[mine, j] <= r.alpha).sum())
    return _tables.Table(
        title=(
            f"{who} against the {len(shown)} algorithms ranked next ({POSTHOC_NAMES[r.test]}; "
            f"{display_name(r.procedure, r.comparison)}'s APVs)"
        ),
        header=("Hypothesis", "z", "p", f"APV ({display_name(r.procedure, r.comparison)})"),
        rows=tuple(
            (
                _tables.Cell(f"{who} vs {r.algorithms[o]}"),
                number(float(h.z[i]) if first[i] == anchor else -float(h.z[i])),
                _tables.Cell(fmt_p(float(h.pvalue[i]))),
                p_cell(float(h.apvs[i, j])),
            )
            for i, o in zip(shown, other[order_shown])
        ),
        align="lrrr",
        note=f"{note} {rest:,} more comparisons of {who} not shown ({rejected:,} of all "
        f"{len(mine):,} rejected); every pair in Report.to_csv() and Report.to_json().",
    )
