"""How a :class:`multicompare.Report` reads: the plain-language summary and the renderers
(plain text, Markdown, LaTeX, CSV). ``Report`` holds the numbers and decisions; this module
only formats them, so a new section of the report is one function here.
"""

from __future__ import annotations

import csv as _csv
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from multicompare import _tables
from multicompare.adjust import NOT_FWER_CONTROLLING
from multicompare._names import POSTHOC_NAMES, RANK_NAMES, TEST_NAMES, fmt_alpha, fmt_p, procedure_name

if TYPE_CHECKING:
    from multicompare.report import OmnibusTest, Report

__all__ = ["SECOND_ALPHA", "csv", "distribution", "latex", "markdown", "summary", "text"]

SECOND_ALPHA = 0.10  # the papers also mark rejections at this level


def distribution(t: OmnibusTest) -> str:
    """``chi2(3)``, ``F(3, 27)``: the reference distribution of an omnibus test."""
    return f"{t.distribution}({', '.join(str(d) for d in t.df)})"


# --- the summary ----------------------------------------------------------------------------


def summary(report: Report) -> str:
    """What was found, in plain language."""
    r = report
    k, n = len(r.algorithms), r.n_datasets
    better = "higher" if r.higher_is_better else "lower"
    lines = [f"{k} algorithms compared on {n} data sets ({better} scores are better; "
             f"rank 1 is the best). Significance level alpha = {fmt_alpha(r.alpha)}."]
    ranks = np.round(np.array(r.test_ranks), 9)
    best = [a for a, v in zip(r.algorithms, ranks) if v == ranks.min()]
    tied = f" (tied: {len(best)} algorithms)" if len(best) > 1 else ""
    lines.append(f"Best average rank ({RANK_NAMES[r.test]}): {', '.join(best)}{tied}.")
    for t in r.omnibus:
        verdict = ("the algorithms do not all perform alike" if t.pvalue <= r.alpha
                   else "no evidence that the algorithms differ")
        lines.append(f"{TEST_NAMES[t.name]} test: {distribution(t)} = {t.statistic:.4g}, "
                     f"p = {fmt_p(t.pvalue)}: {verdict}.")
    name = procedure_name(r.procedure)
    rejected = r.rejected()
    if r.comparison == "control":
        scope = f"each algorithm against the control {r.control}"
    else:
        scope = ("the only pair of algorithms" if len(r.hypotheses) == 1
                 else f"all {len(r.hypotheses)} pairs of algorithms")
    if r.test in ("wilcoxon", "sign"):
        scope = f"{POSTHOC_NAMES[r.test]} of {scope}"
    lines.append(f"Post-hoc ({name}'s procedure on {scope}): {len(rejected)} of "
                 f"{len(r.hypotheses)} hypotheses rejected at alpha = {fmt_alpha(r.alpha)}.")
    position = dict(zip(r.algorithms, r.test_ranks))
    j = r.procedures.index(r.procedure)
    for h in rejected:
        winner, loser = sorted((h.first, h.second), key=lambda a: position[a])
        lines.append(f"  - {winner} is significantly better than {loser} "
                     f"(APV = {fmt_p(h.apvs[j])}).")
    if not rejected:
        lines.append("  No significant differences were found.")
    elif len(rejected) < len(r.hypotheses):
        rest = [h.label for h in sorted(r.hypotheses, key=lambda h: h.pvalue) if h not in rejected]
        lines.append(f"  No significant difference: {', '.join(rest)}.")
    paper = r.paper_options()
    if paper:
        lines.append(f"Options (the papers' forms): {', '.join(paper)}.")
    if r.procedure in NOT_FWER_CONTROLLING:
        lines.append(f"Warning: {NOT_FWER_CONTROLLING[r.procedure]}; Holm and Hommel hold alpha.")
    lines.extend(r.notes)
    return "\n".join(_tables.visible(line) for line in lines)  # a name cannot break a line


# --- tables ---------------------------------------------------------------------------------


def _tables_of(r: Report, dialect: _tables.Dialect, *, per_level: bool) -> list[_tables.Table]:
    """Ranks, omnibus tests and hypotheses. ``per_level``: one hypothesis table per level of
    ``Report.levels`` with rejections in bold (the papers' style); else one table with
    rejections at alpha strong and at 0.10 only weak."""
    omnibus_level = r.alpha if per_level else None
    frame = r.rank_frame
    ranks = _tables.Table(
        title="Average ranks",
        header=("Algorithm", *(TEST_NAMES[c] for c in frame.columns)),
        rows=tuple((_tables.Cell(a), *(_tables.Cell(f"{v:.4f}") for v in row))
                   for a, row in zip(r.algorithms, frame.to_numpy())),
        align="l" + "r" * frame.shape[1],
    )
    omnibus = _tables.Table(
        title="Omnibus tests",
        header=("Test", "Statistic", "Distribution", "p-value"),
        rows=tuple((_tables.Cell(TEST_NAMES[t.name]), _tables.Cell(f"{t.statistic:.4f}"),
                    _tables.Cell(distribution(t)), _p_cell(r, t.pvalue, omnibus_level))
                   for t in r.omnibus),
        align="lrlr",
        note=_legend(r, dialect, omnibus_level) if per_level else "",
    )
    levels: tuple[float | None, ...] = r.levels() if per_level else (None,)
    return [ranks, omnibus, *(_hypothesis_table(r, dialect, level) for level in levels)]


def _hypothesis_table(r: Report, dialect: _tables.Dialect, level: float | None) -> _tables.Table:
    what = (f"Comparisons with the control {r.control}" if r.comparison == "control"
            else "All pairwise comparisons")
    at = "" if level is None else f", alpha = {fmt_alpha(level)}"
    return _tables.Table(
        title=f"{what} ({POSTHOC_NAMES[r.test]}): unadjusted and adjusted p-values{at}",
        header=("i", "Hypothesis", "z", "p", *(procedure_name(m) for m in r.procedures)),
        rows=tuple(
            (_tables.Cell(str(i)), _tables.Cell(h.label), _tables.Cell(f"{h.z:.4f}"),
             _tables.Cell(fmt_p(h.pvalue)), *(_p_cell(r, a, level) for a in h.apvs))
            for i, h in enumerate(sorted(r.hypotheses, key=lambda h: h.pvalue), start=1)),
        align="rlrr" + "r" * len(r.procedures),
        note=" ".join([_legend(r, dialect, level), *(f"{w}." for w in r.warnings)]),
    )


def _p_cell(r: Report, p: float, level: float | None) -> _tables.Cell:
    """Strong if rejected at ``level``; without a level, strong at alpha, weak at 0.10 only."""
    if level is not None:
        return _tables.Cell(fmt_p(p), strong=p <= level)
    return _tables.Cell(fmt_p(p), strong=p <= r.alpha,
                        weak=r.alpha < SECOND_ALPHA and p <= SECOND_ALPHA)


def _legend(r: Report, dialect: _tables.Dialect, level: float | None) -> str:
    text = f"{dialect.strong_name}: rejected at alpha = {fmt_alpha(r.alpha if level is None else level)}"
    if level is None and r.alpha < SECOND_ALPHA:
        text += f"; {dialect.weak_name}: rejected at alpha = {fmt_alpha(SECOND_ALPHA)} only"
    return text[0].upper() + text[1:] + "."


def _render(r: Report, dialect: _tables.Dialect, closing: list[str], *, per_level: bool = False) -> str:
    tables = _tables_of(r, dialect, per_level=per_level)
    return "\n\n".join([*(_tables.render(t, dialect) for t in tables), *closing])


# --- the formats ----------------------------------------------------------------------------


def text(r: Report) -> str:
    """A plain-text report: tables (``*``: rejected at alpha, ``+``: at 0.10 only) and summary."""
    return _render(r, _tables.TEXT, ["Summary\n-------\n" + r.summary])


def markdown(r: Report) -> str:
    """Markdown tables (rejected APVs in bold, at 0.10 only in italics) and the summary."""
    return _render(r, _tables.MARKDOWN, ["### Summary\n\n" + _markdown_summary(r.summary)])


def latex(r: Report) -> str:
    """LaTeX tables in the papers' style."""
    return _render(r, _tables.LATEX, [], per_level=True) + "\n"


# A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula, with a leading apostrophe
    (OWASP's rule; the JSON report keeps the names exactly). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def csv(r: Report) -> str:
    """Every table in one tidy CSV with columns ``table,row,column,value``; names that a
    spreadsheet would run as formulas start with an apostrophe."""
    parts = []
    for name, frame in (("ranks", r.rank_frame), ("omnibus", r.omnibus_frame),
                        ("posthoc", r.to_frame())):
        long = frame.astype(object).stack(future_stack=True).reset_index()
        long.columns = ["row", "column", "value"]
        long.insert(0, "table", name)
        parts.append(long.map(_inert))
    # Every text cell quoted: a carriage return inside a name cannot split a record.
    return pd.concat(parts, ignore_index=True).to_csv(index=False, quoting=_csv.QUOTE_NONNUMERIC)


def _markdown_summary(summary: str) -> str:
    """The summary as Markdown: one paragraph per sentence line, the rejections as a list."""
    blocks: list[str] = []
    for line in summary.splitlines():
        item = line.startswith("  - ")
        body = _tables.MARKDOWN.escape(line[4:] if item else line.strip())
        if item and blocks and blocks[-1].startswith("- "):
            blocks[-1] += "\n- " + body
        else:
            blocks.append("- " + body if item else body)
    return "\n\n".join(blocks)
