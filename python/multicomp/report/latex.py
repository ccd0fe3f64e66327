"""The report in LaTeX (Report.to_latex): booktabs tables of the ranks, the omnibus tests and the
post-hoc p-values, labelled for cross-references, with the notes a paper needs."""

from __future__ import annotations

import dataclasses
import re

import numpy as np

from multicomp._internal import tables as _tables
from multicomp._internal.names import fmt_alpha
from multicomp.procedures import base as registry
from multicomp.procedures.base import display_name
from multicomp.report import extras, large
from multicomp.report.model import (
    OmnibusTest,
    ReportData,
    at_floor,
    pvalue_note,
    short_float,
    statistic_note,
)
from multicomp.report.names import (
    POSTHOC_NAMES,
    TEST_NAMES,
)
from multicomp.report.render import best_first, by_p, fwer_warnings

__all__ = ["latex"]


_LABEL = re.compile(r"[A-Za-z0-9:._-]+")


def latex(r: ReportData, label: str = "mc") -> str:
    """Tables for a paper (booktabs; ``\\usepackage{booktabs,graphicx}``): the ranks (best
    first, with the omnibus tests in the caption), then the comparisons with the control (the
    procedures that matter) or all pairs as a lower-triangular matrix of the report's APVs.
    Rejections at alpha in bold; a table wider than the column is scaled down to fit it."""
    if not isinstance(label, str) or not _LABEL.fullmatch(label):
        raise ValueError(f"label must be letters, digits or any of ':._-'; got {label!r}")
    if large.summarised(r):
        best = large.best_table(
            r,
            best_first(r),
            "",
            lambda p: _tables.Cell(_tex_p(p), strong=p <= r.alpha, raw=True),
            lambda v: _tables.Cell(_tex_number(v), raw=True),
        )
        caption = _tables.latex_escape(f"{best.title}. {best.note.strip()}")
        posthoc = dataclasses.replace(
            best,
            title="",
            caption=f"{caption} Bold: rejected at {_tex_alpha(r)}. {_tex_posthoc_notes(r)}",
            note="",
            label=f"tab:{label}-best",
        )
    else:
        posthoc = _latex_control(r, label) if r.comparison == "control" else _latex_pairs(r, label)
    tables = [_latex_ranks(r, label), posthoc, *extras.latex_tables(r, label)]
    header = "% multicomp report; needs \\usepackage{booktabs,graphicx} in the preamble"
    return "\n\n".join([header, *(_tables.render(t, _tables.LATEX) for t in tables)]) + "\n"


def _tex_number(value: float, digits: int = 2) -> str:
    """A number for LaTeX text: a real minus sign, infinity as the symbol."""
    if not np.isfinite(value):
        return "$\\infty$" if value > 0 else ("$-\\infty$" if value < 0 else "NaN")
    body = f"{abs(value):.{digits}f}"
    return f"$-${body}" if value < 0 and float(body) != 0 else body


def _tex_p(p: float, short: bool = False) -> str:
    """A p-value with three decimals, below 0.001 as ``<0.001``; ``short`` drops the leading
    zero (``.038``, ``<.001``, ``1``) for the narrow columns of the pairs matrix."""
    if short:
        return "$<$.001" if p < 0.001 else ("1" if p >= 0.9995 else f"{p:.3f}"[1:])
    return "$<$0.001" if p < 0.001 else f"{p:.3f}"


def _tex_alpha(r: ReportData) -> str:
    return f"$\\alpha = {fmt_alpha(r.alpha)}$"


def _tex_omnibus(t: OmnibusTest) -> str:
    """``Friedman: $\\chi^2_{3} = 10.95$ (tie-corrected), $p = 0.010$ (Monte Carlo
    permutation, 9,999 resamples)``: the statistic, whether the tie correction changed it, the
    p-value (``p \\le 10^{-4}`` at a Monte Carlo floor) and how it was computed."""
    symbol = "\\chi^2" if t.distribution == "chi2" else "F"
    df = ",".join(str(d) for d in t.df)
    statistic = _tex_number(t.statistic).replace("$", "")
    floor = at_floor(t.pvalue, t.method, t.n_resamples)
    if floor is not None:
        p = f"p \\le {_tex_power(floor)}"
    else:
        p = "p < 0.001" if t.pvalue < 0.001 else f"p = {t.pvalue:.3f}"
    return (
        f"{TEST_NAMES[t.name]}: ${symbol}_{{{df}}} = {statistic}${statistic_note(t)}, ${p}$"
        f"{pvalue_note(t.method, t.n_resamples)}"
    )


def _tex_power(value: float) -> str:
    """1e-4 as ``10^{-4}``, 2.5e-4 as ``2.5 \\times 10^{-4}`` (math mode)."""
    mantissa, exponent = short_float(value).split("e")
    power = f"10^{{{int(exponent)}}}"
    return power if mantissa == "1" else f"{mantissa} \\times {power}"


def _latex_ranks(r: ReportData, label: str) -> _tables.Table:
    frame = r.rank_frame
    better = "higher" if r.higher_is_better else "lower"
    caption = (
        f"Average ranks over {r.n_datasets} data sets (rank 1 is the best; {better} scores "
        f"are better), best first. {'; '.join(_tex_omnibus(t) for t in r.omnibus)}."
    )
    means = r.mean_scores
    cell = _tables.Cell
    letters = large.letters(r)
    if letters:
        caption += (
            " Letters: algorithms that share a letter do not differ significantly "
            f"({display_name(r.procedure, r.comparison)}'s procedure, {_tex_alpha(r)})."
        )
    return _tables.Table(
        title="",
        caption=caption,
        label=f"tab:{label}-ranks",
        header=(
            "",
            "Algorithm",
            "Mean score",
            *(f"{TEST_NAMES[c]} rank" for c in frame.columns),
            *(("Letters",) if letters else ()),
        ),
        rows=large.rows(
            r,
            best_first(r),
            lambda place, j: (
                cell(str(place)),
                cell(r.algorithms[j]),
                cell(_tex_number(means.iloc[j], 4), raw=True),
                *(cell(_tex_number(v), raw=True) for v in frame.iloc[j]),
                *((cell(letters[r.algorithms[j]]),) if letters else ()),
            ),
        ),
        align="rlr" + "r" * frame.shape[1] + ("l" if letters else ""),
    )


def _latex_control(r: ReportData, label: str) -> _tables.Table:
    shown = [m for m in r.procedures if registry.get("control", m).headline or m == r.procedure]
    columns = [r.procedures.index(m) for m in shown]
    caption = (
        f"Comparisons with the control {_tables.latex_escape(str(r.control))} "
        f"({POSTHOC_NAMES[r.test]}): $z$, unadjusted $p$ and adjusted $p$-values (APVs) "
        f"of each procedure; bold: rejected at {_tex_alpha(r)}. The summary uses "
        f"{display_name(r.procedure, r.comparison)}'s procedure. {_tex_posthoc_notes(r)}"
        + "".join(
            f" {_tables.latex_escape(w)}."
            for w in registry.fwer_warnings("control", shown, len(r.algorithms), r.alternative)
        )
    )
    cell = _tables.Cell
    return _tables.Table(
        title="",
        caption=caption,
        label=f"tab:{label}-control",
        header=(
            "Algorithm",
            cell("$z$", raw=True),
            cell("$p$", raw=True),
            *(display_name(m, r.comparison) for m in shown),
        ),
        rows=tuple(
            (
                cell(h.second),
                cell(_tex_number(h.z), raw=True),
                cell(_tex_pvalue(r, h.pvalue), raw=True),
                *(cell(_tex_p(h.apvs[c]), strong=h.apvs[c] <= r.alpha, raw=True) for c in columns),
            )
            for h in by_p(r)
        ),
        align="lrr" + "r" * len(shown),
    )


def _tex_pvalue(r: ReportData, p: float) -> str:
    """An unadjusted post-hoc p-value: ``$\\le 10^{-4}$`` at a Monte Carlo floor."""
    floor = at_floor(p, r.pvalue_method, r.pvalue_resamples)
    return _tex_p(p) if floor is None else f"$\\le {_tex_power(floor)}$"


def _tex_posthoc_notes(r: ReportData) -> str:
    """How the unadjusted p-values were computed, why the test's post-hocs do not control the
    family-wise error (Conover's t tests), and each procedure left out with why (e.g.
    Bergmann-Hommel beyond its exact limit, Shaffer's used instead)."""
    notes = [f"Unadjusted $p$-values: {r.posthoc_pvalues}."]
    notes += [f"{_tables.latex_escape(w)}." for w in fwer_warnings(r, ())]
    notes += [
        f"{display_name(m, r.comparison)} left out: {_tables.latex_escape(why)}."
        for m, why in r.left_out
    ]
    return " ".join(notes)


def _latex_pairs(r: ReportData, label: str) -> _tables.Table:
    """The APVs of the report's procedure as a lower-triangular matrix, algorithms best first."""
    order = best_first(r)
    j = r.procedures.index(r.procedure)
    apv = {frozenset((h.first, h.second)): h.apvs[j] for h in r.hypotheses}
    names = [r.algorithms[i] for i in order]
    cell = _tables.Cell

    def entry(a: str, b: str) -> _tables.Cell:
        value = apv[frozenset((a, b))]
        return cell(_tex_p(value, short=True), strong=value <= r.alpha, raw=True)

    caption = (
        f"Adjusted $p$-values of all pairs ({display_name(r.procedure, r.comparison)}'s procedure, "
        f"{POSTHOC_NAMES[r.test]}); algorithms best first, column ($j$) is the algorithm of "
        f"row ($j$); bold: the pair differs significantly at {_tex_alpha(r)} "
        f"({len(r.rejected())} of {len(r.hypotheses)} pairs). {_tex_posthoc_notes(r)}"
    )
    return _tables.Table(
        title="",
        caption=caption,
        label=f"tab:{label}-pairs",
        header=("Algorithm", *(f"({c})" for c in range(1, len(names)))),
        rows=tuple(
            (
                cell(f"({i + 1}) {a}"),
                *(entry(a, names[c]) if c < i else cell("") for c in range(len(names) - 1)),
            )
            for i, a in enumerate(names)
            if i > 0
        ),
        align="l" + "r" * (len(names) - 1),
    )
