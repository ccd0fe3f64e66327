"""How a :class:`multicomp.Report` reads: the plain-language summary and the renderers
(plain text, Markdown, HTML; LaTeX in :mod:`multicomp.report.latex`, CSV in :mod:`multicomp.report.tidy`). The report's data (:mod:`multicomp.report.model`)
holds the numbers and :mod:`multicomp.report.decisions` what they decide; this module only
formats them, so a new section of the report is one function here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from multicomp import ranktests
from multicomp._internal import tables as _tables
from multicomp._internal.names import fmt_alpha, fmt_p
from multicomp._internal.vocabulary import PValueSource
from multicomp.procedures import base as registry
from multicomp.procedures.base import display_name
from multicomp.ranking.letters import LetterDisplay
from multicomp.ranktests.permutation import pvalue_label
from multicomp.report import extras, hierarchical_extra, large
from multicomp.report.decisions import of_report
from multicomp.report.model import (
    Hypothesis,
    ReportData,
    at_floor,
    distribution,
    p_equals,
    pvalue_note,
    rounded_ranks,
    short_float,
    statistic_note,
)
from multicomp.report.names import (
    POSTHOC_NAMES,
    RANK_NAMES,
    TEST_NAMES,
    WHY_DEFAULT,
    default_procedure,
)

__all__ = [
    "SECOND_ALPHA",
    "family_lines",
    "fwer_warnings",
    "html",
    "markdown",
    "summary",
    "text",
]

SECOND_ALPHA = 0.10  # the text and Markdown tables also mark rejections at this level
# The procedures of the LaTeX 1 x N table: the classic baseline, the report's default and the
# more powerful ones that also hold alpha (the registry's headline procedures; Finner and Li
# do not hold it: registry.not_fwer_controlling); the report's own procedure is added, with
# its warning if it has one.

APV_EXPLAINED = (
    "APV: adjusted p-value, the p-value of a comparison corrected for the number "
    "of comparisons made; a difference is significant when its APV <= alpha."
)


def permutation_note(n_datasets: int, omnibus: str, posthoc: str) -> str:
    """The report's note on permutation p-values (compare(method=))."""
    return (
        f"Note: p-values by permutation of the scores within data sets (omnibus: {omnibus}, "
        f"post-hoc: {posthoc}; N = {n_datasets}): with few data sets the chi-square, F and "
        "normal approximations exceed alpha (method='auto', multicomp.ranktests.omnibus); "
        "method='asymptotic' gives the papers' p-values."
    )


def best_first(r: ReportData) -> list[int]:
    """Algorithm positions from the best rank (of the post-hoc's ranks) to the worst."""
    return [int(i) for i in np.argsort(rounded_ranks(r.test_ranks), kind="stable")]


def fwer_warnings(r: ReportData, shown: Sequence[str] | None = None) -> tuple[str, ...]:
    """Why the report's post-hoc (Conover's t tests) or procedures ``shown`` (default: all of
    the report's) do not control the family-wise error (Finner, Li, the false discovery rate
    procedures: :func:`multicomp.procedures.fwer_warnings`, for the report's k and
    alternative), with measured rates."""
    test = ranktests.posthoc_warning(r.test)
    procedures = r.procedures if shown is None else shown
    family = registry.fwer_warnings(r.comparison, procedures, len(r.algorithms), r.alternative)
    return (test, *family) if test else family


# --- the summary ----------------------------------------------------------------------------


def summary(report: ReportData) -> str:
    """What was found, in plain language, for a reader who is not a statistician: the ranking
    with mean scores, the omnibus verdicts, the significant differences, the groups that do not
    differ, which procedure decided and why, and what an APV is. Computed once and kept
    beside the report's fields (a frozen report's never change), as the text, Markdown and
    HTML reports of ``Report.save`` each show it."""
    memo = vars(report)
    if "_summary" not in memo:
        memo["_summary"] = _summary(report)
    return str(memo["_summary"])


def _summary(r: ReportData) -> str:
    """:func:`summary`, computed."""
    k, n = len(r.algorithms), r.n_datasets
    better = "higher" if r.higher_is_better else "lower"
    lines = [
        f"{k} algorithms compared on {n} data sets ({_first_names(r.datasets)}; {better} "
        f"scores are better; rank 1 is the best). Significance level alpha = "
        f"{fmt_alpha(r.alpha)}.",
        *_ranking_lines(r),
        *_omnibus_lines(r),
        *_posthoc_lines(r),
        *extras.lead_lines(r, best_first(r)),
        *extras.ranking_lines(r),
        *hierarchical_extra.summary_lines(r),
    ]
    lines.extend(family_lines(r))
    paper = r.paper_options()
    if paper:
        lines.append(f"Options (the papers' forms): {', '.join(paper)}.")
    lines.extend(f"Warning: {warning}." for warning in fwer_warnings(r, ())[:1])  # the test's
    own = registry.fwer_warnings(r.comparison, [r.procedure], len(r.algorithms), r.alternative)
    lines.extend(f"Warning: {warning}; Holm and Hommel hold alpha." for warning in own)
    lines.extend(r.notes)
    return "\n".join(_tables.visible(line) for line in lines)  # a name cannot break a line


def _first_names(names: tuple[str, ...], shown: int = 3) -> str:
    """The first names of the data sets, so that the summary's first line shows what was read
    as the data sets (a table read the wrong way round names its algorithms here)."""
    cut = [name if len(name) <= 24 else name[:21] + "..." for name in names[:shown]]
    return ", ".join(cut) + (", ..." if len(names) > shown else "")


def _ranking_lines(r: ReportData) -> list[str]:
    """The best average rank, then every algorithm best first with its mean score."""
    ranks = rounded_ranks(r.test_ranks)
    best = [a for a, v in zip(r.algorithms, ranks) if v == ranks.min()]
    tied = f" (tied: {len(best)} algorithms)" if len(best) > 1 else ""
    lines = [f"Best average rank ({RANK_NAMES[r.test]}): {', '.join(best)}{tied}."]
    means = r.mean_scores
    letters = large.letters(r)
    shown = (
        f"the {large.TOP} best and the {large.BOTTOM} worst of {len(r.algorithms)}, "
        if large.summarised(r)
        else ""
    )
    lines.append(
        f"Ranking, best first ({shown}average {RANK_NAMES[r.test]} over the data sets, "
        "each algorithm's mean score" + (" and compact letters" if letters else "") + "):"
    )
    width = max(len(a) for a in r.algorithms)

    def line(place: int, j: int) -> tuple[_tables.Cell, ...]:
        a = r.algorithms[j]
        mark = f"  letters {letters[a]}" if letters else ""
        text = (
            f"{a.ljust(width)}  rank {r.test_ranks[j]:.2f}  (mean score {means.iloc[j]:.4g}){mark}"
        )
        return (_tables.Cell(f"{place}."), _tables.Cell(text))

    lines += [f"  {place.text} {text.text}" for place, text in large.rows(r, best_first(r), line)]
    return lines


def _omnibus_lines(r: ReportData) -> list[str]:
    """Each omnibus test with its verdict."""
    lines = []
    for t in r.omnibus:
        verdict = (
            "the algorithms do not all perform alike"
            if t.pvalue <= r.alpha
            else "no evidence that the algorithms differ"
        )
        lines.append(
            f"{TEST_NAMES[t.name]} test: {distribution(t)} = {t.statistic:.4g}"
            f"{statistic_note(t)}, {p_equals(t.pvalue, t.method, t.n_resamples)}"
            f"{pvalue_note(t.method, t.n_resamples)}: {verdict}."
        )
    return lines


def _posthoc_lines(r: ReportData) -> list[str]:
    """The post-hoc's verdicts: how many hypotheses its procedure rejects, which, the groups
    that do not differ (:mod:`multicomp.report.decisions`), and why that procedure."""
    name = display_name(r.procedure, r.comparison)
    rejected = int(np.count_nonzero(r.rejected_mask()))  # listed below only when few
    if r.comparison == "control":
        scope = f"each algorithm against the control {r.control}"
    else:
        scope = (
            "the only pair of algorithms"
            if len(r.hypotheses) == 1
            else f"all {len(r.hypotheses)} pairs of algorithms"
        )
    if ranktests.kind_of(r.test) == "pairwise":
        scope = f"{POSTHOC_NAMES[r.test]} of {scope}"
    lines = [
        f"Post-hoc ({name}'s procedure on {scope}): {rejected} of "
        f"{len(r.hypotheses)} hypotheses rejected at alpha = {fmt_alpha(r.alpha)}; "
        f"unadjusted p-values: {r.posthoc_pvalues}.",
        APV_EXPLAINED,
    ]
    if large.summarised(r):
        lines += large.verdict_lines(r, best_first(r))
    else:
        lines += _pair_lines(r, r.rejected())
    k = len(r.algorithms)
    if r.procedure == default_procedure(k, r.control, r.test) and r.procedure in WHY_DEFAULT:
        lines.append(f"Why {name}: {WHY_DEFAULT[r.procedure]}.")
    if any(t.pvalue <= r.alpha for t in r.omnibus) and not rejected:
        lines.append(
            "The omnibus test finds that the algorithms do not all perform alike, yet no "
            "single comparison is significant: the evidence is spread over several "
            "differences, none strong enough alone once corrected for the "
            f"{len(r.hypotheses)} comparisons (the omnibus test and the post-hoc answer "
            "different questions). More data sets, or fewer comparisons (one control), "
            "give the post-hoc more power."
        )
    return lines


def _pair_lines(r: ReportData, rejected: Sequence[Hypothesis]) -> list[str]:
    """Each rejected pair, winner first, and the groups that do not differ."""
    lines = []
    position = dict(zip(r.algorithms, r.test_ranks))
    j = r.procedures.index(r.procedure)
    for h in rejected:
        winner, loser = sorted((h.first, h.second), key=lambda a: position[a])
        lines.append(
            f"  - {winner} is significantly better than {loser} (APV = {fmt_p(h.apvs[j])})."
        )
    if not rejected:
        lines.append("  No significant differences were found.")
    alike = of_report(r).groups
    if rejected and alike:
        if r.comparison == "control":
            others = [a for a in alike[0] if a != r.control]
            lines.append(
                f"Not significantly different from the control {r.control}: {', '.join(others)}."
            )
        else:
            lines.append("Groups of algorithms with no significant difference among them:")
            lines.extend(f"  - {', '.join(g)}" for g in alike)
    return lines


def family_lines(r: ReportData) -> list[str]:
    """The parametric side: whether its conditions hold, the family the papers recommend and
    why, and, when the parametric family was used, its verdicts."""
    if not r.conditions:
        return []
    lines = [
        f"Parametric conditions: {r.conditions}",
        f"Family used: {r.family} ({r.family_reason})",
    ]
    if r.parametric:
        lines.append(
            "Parametric analysis (repeated-measures ANOVA and its post-hoc on the mean scores):"
        )
        lines.extend(f"  - {line}" for line in r.parametric)
    return lines


# --- tables for text and Markdown ---------------------------------------------------------


def _rank_table(r: ReportData) -> _tables.Table:
    """Average ranks, best first, with the mean score."""
    frame = r.rank_frame
    means = r.mean_scores
    letters = large.letters(r)
    return _tables.Table(
        title="Average ranks (best first"
        + (f"; the {large.TOP} best and the {large.BOTTOM} worst)" if large.summarised(r) else ")"),
        header=(
            "#",
            "Algorithm",
            "Mean score",
            *(f"{TEST_NAMES[c]} rank" for c in frame.columns),
            *(("Letters",) if letters else ()),
        ),
        rows=large.rows(
            r,
            best_first(r),
            lambda place, j: (
                _tables.Cell(str(place)),
                _tables.Cell(r.algorithms[j]),
                _tables.Cell(f"{means.iloc[j]:.4g}"),
                *(_tables.Cell(f"{v:.4f}") for v in frame.iloc[j]),
                *((_tables.Cell(letters[r.algorithms[j]]),) if letters else ()),
            ),
        ),
        align="rlr" + "r" * frame.shape[1] + ("l" if letters else ""),
        note="Letters: algorithms that share a letter do not differ significantly "
        f"({display_name(r.procedure, r.comparison)}'s procedure, compact letter display)."
        if letters
        else "",
    )


def _omnibus_table(r: ReportData) -> _tables.Table:
    """The omnibus tests with how each p-value was computed; a statistic the tie correction
    changed is marked and the note says so."""
    corrected = any(t.tie_corrected for t in r.omnibus)
    return _tables.Table(
        title="Omnibus tests",
        header=("Test", "Statistic", "Distribution", "p-value", "p-value by"),
        rows=tuple(
            (
                _tables.Cell(TEST_NAMES[t.name]),
                _tables.Cell(f"{t.statistic:.4f}{' (t)' if t.tie_corrected else ''}"),
                _tables.Cell(distribution(t)),
                _p_cell(r, t.pvalue, t.method, t.n_resamples),
                _tables.Cell(pvalue_label(t.method, t.n_resamples)),
            )
            for t in r.omnibus
        ),
        align="lrlrl",
        note=TIE_NOTE if corrected else "",
    )


#: The omnibus table's note on a tie-corrected statistic.
TIE_NOTE = (
    "(t): tie-corrected statistic (the data hold ties; tie_correction=False gives the "
    "textbook form)."
)


def _hypothesis_table(r: ReportData, dialect: _tables.Dialect) -> _tables.Table:
    what = (
        f"Comparisons with the control {r.control}"
        if r.comparison == "control"
        else "All pairwise comparisons"
    )
    return _tables.Table(
        title=f"{what} ({POSTHOC_NAMES[r.test]}): unadjusted and adjusted p-values",
        header=(
            "i",
            "Hypothesis",
            "z",
            "p",
            *(display_name(m, r.comparison) for m in r.procedures),
        ),
        rows=tuple(
            (
                _tables.Cell(str(i)),
                _tables.Cell(h.label),
                _tables.Cell(f"{h.z:.4f}"),
                _tables.Cell(_p_text(h.pvalue, r.pvalue_method, r.pvalue_resamples)),
                *(_p_cell(r, a) for a in h.apvs),
            )
            for i, h in enumerate(by_p(r), start=1)
        ),
        align="rlrr" + "r" * len(r.procedures),
        note=" ".join(
            [
                f"p: unadjusted p-value ({r.posthoc_pvalues}).",
                _legend(r, dialect),
                *(f"{w}." for w in fwer_warnings(r)),
            ]
        ),
    )


def by_p(r: ReportData) -> list[Hypothesis]:
    return sorted(r.hypotheses, key=lambda h: h.pvalue)


def _p_text(p: float, method: PValueSource = "asymptotic", n_resamples: int | None = None) -> str:
    """A p-value for a table: ``0.0099``, or ``<= 1e-4`` for a Monte Carlo one at its floor."""
    floor = at_floor(p, method, n_resamples)
    return fmt_p(p) if floor is None else f"<= {short_float(floor)}"


def _p_cell(
    r: ReportData, p: float, method: PValueSource = "asymptotic", n_resamples: int | None = None
) -> _tables.Cell:
    """Strong if rejected at alpha, weak if at 0.10 only."""
    return _tables.Cell(
        _p_text(p, method, n_resamples),
        strong=p <= r.alpha,
        weak=r.alpha < SECOND_ALPHA and p <= SECOND_ALPHA,
    )


def _legend(r: ReportData, dialect: _tables.Dialect) -> str:
    text = f"{dialect.strong_name}: rejected at alpha = {fmt_alpha(r.alpha)}"
    if r.alpha < SECOND_ALPHA:
        text += f"; {dialect.weak_name}: rejected at alpha = {fmt_alpha(SECOND_ALPHA)} only"
    return text[0].upper() + text[1:] + "."


def _details(r: ReportData, dialect: _tables.Dialect) -> list[str]:
    posthoc = (
        large.best_table(r, best_first(r), _legend(r, dialect), lambda p: _p_cell(r, p))
        if large.summarised(r)
        else _hypothesis_table(r, dialect)
    )
    tables = [_rank_table(r), _omnibus_table(r), posthoc, *extras.tables(r)]
    return [_tables.render(t, dialect) for t in tables]


# --- the formats ----------------------------------------------------------------------------


def text(r: ReportData) -> str:
    """The summary first, then the tables (``*``: rejected at alpha, ``+``: at 0.10 only)."""
    return "\n\n".join(
        ["Summary\n-------\n" + summary(r), "Details\n=======", *_details(r, _tables.TEXT)]
    )


def markdown(r: ReportData) -> str:
    """The summary, then Markdown tables (rejected APVs in bold, at 0.10 only in italics)."""
    return "\n\n".join(
        ["### Summary\n\n" + _markdown_summary(summary(r)), *_details(r, _tables.MARKDOWN)]
    )


def _summary_blocks(summary: str) -> list[tuple[str, list[str]]]:
    """The summary's structure: paragraphs (``"p"``, one per sentence line) and lists of its
    indented lines (``"ul"`` for ``  - x``, ``"ol"`` for ``  1. x``), texts unescaped."""
    blocks: list[tuple[str, list[str]]] = []
    for line in summary.splitlines():
        item = re.match(r"  (-|\d+\.) (.*)", line)
        if item is None:
            blocks.append(("p", [line.strip()]))
            continue
        kind = "ul" if item.group(1) == "-" else "ol"
        if blocks and blocks[-1][0] == kind:
            blocks[-1][1].append(item.group(2))
        else:
            blocks.append((kind, [item.group(2)]))
    return blocks


def _markdown_summary(summary: str) -> str:
    """The summary as Markdown: paragraphs, bulleted and numbered lists."""
    esc = _tables.MARKDOWN.escape
    out = []
    for kind, items in _summary_blocks(summary):
        if kind == "p":
            out.append(esc(items[0]))
        else:
            out.append(
                "\n".join(
                    f"{'-' if kind == 'ul' else f'{i}.'} {esc(x)}"
                    for i, x in enumerate(items, start=1)
                )
            )
    return "\n\n".join(out)


# --- HTML -----------------------------------------------------------------------------------

_CSS = """
.multicomp { font-family: system-ui, sans-serif; color: #1b1b1b; max-width: 60em; }
.multicomp table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
.multicomp thead td { font-weight: 600; border-bottom: 1px solid #555; }
.multicomp tbody tr:last-child td { border-bottom: 1px solid #555; }
.multicomp td { padding: 0.2em 0.7em; text-align: right; white-space: nowrap; }
.multicomp td.l { text-align: left; }
.multicomp td:has(> .reject) { background: #c6efce; }
.multicomp .reject { color: #0b5e1c; }
.multicomp .reject-weak { color: #7a5a00; }
.multicomp .note { font-size: 0.85em; color: #444; }
.multicomp img.cd { max-width: 100%; height: auto; }
"""
_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def html(r: ReportData, figure: Any, *, page: bool, heat_map: Any = None) -> str:
    """The report as HTML: the summary, the critical difference diagram (an SVG image inside
    the page as a data URI, so that no script in it can run), and the tables; rejections at
    alpha highlighted. Every text from the data is escaped. ``page``: a complete,
    self-contained page (no external resource, a Content-Security-Policy that forbids
    scripts); else a fragment for a notebook. ``figure``: the report's diagram (a
    matplotlib Figure), or its compact letter display (a LetterDisplay, written as an HTML
    table: nothing drawn, every name as text); ``heat_map``: the heat map of its
    multi-comparison matrix, or None."""
    esc = _tables.html_escape
    k, n = len(r.algorithms), r.n_datasets
    title = f"Comparison of {k} algorithms on {n} data sets"
    parts = ['<div class="multicomp">', f"<h2>{esc(title)}</h2>"]
    for kind, items in _summary_blocks(summary(r)):
        if kind == "p":
            parts.append(f"<p>{esc(items[0])}</p>")
        else:
            parts.append(f"<{kind}>" + "".join(f"<li>{esc(x)}</li>" for x in items) + f"</{kind}>")
    if isinstance(figure, LetterDisplay):
        parts.append(_letter_table(figure))
    elif image := _svg_data_uri(figure, text=large.summarised(r)):
        parts.append(
            f'<p><img class="cd" alt="{esc("Critical difference diagram")}" src="{image}"></p>'
        )
    if heat_map is not None:
        alt = esc("Heat map of the multi-comparison matrix")
        parts.append(f'<p><img class="cd" alt="{alt}" src="{_svg_data_uri(heat_map)}"></p>')
    parts.extend(_details(r, _tables.HTML))
    parts.append("</div>")
    body = "\n".join(parts)
    if not page:
        return f"<style>{_CSS}</style>\n{body}"
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">\n'
        f"<title>{esc(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n{body}\n"
        "</body>\n</html>\n"
    )


def _letter_table(display: LetterDisplay) -> str:
    """The compact letter display as an HTML table, folded (every algorithm best first: its
    place, name, average rank and letters, as in the text report)."""
    values = display.values
    table = _tables.Table(
        title=f"Compact letter display ({display.source}; {display.matrix.shape[1]} letters)",
        header=("", "Algorithm", (display.value_name or "position").capitalize(), "Letters"),
        rows=tuple(
            (
                _tables.Cell(f"{place}."),
                _tables.Cell(str(name)),
                _tables.Cell(f"{values.iloc[place - 1]:.2f}" if values is not None else ""),
                _tables.Cell(str(letters)),
            )
            for place, (name, letters) in enumerate(display.letters.items(), start=1)
        ),
        align="rlrl",
        note="Algorithms that share a letter do not differ significantly.",
    )
    summary = _tables.html_escape(
        f"Compact letter display of all {len(display.letters)} algorithms, best first"
    )
    return (
        f"<details><summary>{summary}</summary>\n{_tables.render(table, _tables.HTML)}\n</details>"
    )


def _svg_data_uri(figure: Any, text: bool = False) -> str:
    """A diagram as a base64 SVG data URI; ``text``: its words as SVG text, not as glyph
    outlines (a third of the size for the hundreds of names of a summarised report)."""
    import base64
    import io

    import matplotlib

    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "none"} if text else {}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
