"""One small table renderer for plain text, Markdown and LaTeX (no tabulate/jinja2).

A ``Table`` holds already-formatted cells; a ``Dialect`` says how to escape text, mark
emphasis and frame rows. ``render`` is the only layout code, shared by all dialects.
"""

from __future__ import annotations

import html
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

__all__ = [
    "FORMULA_START",
    "HTML",
    "LATEX",
    "MARKDOWN",
    "TEXT",
    "Cell",
    "Dialect",
    "NotebookView",
    "Table",
    "frame_csv",
    "html_escape",
    "inert",
    "inert_frame",
    "render",
    "visible",
]

# C0 and C1 control characters (NUL, tab, newline, ...), DEL, and the Unicode line separators
# and bidirectional overrides that can reorder or split what a reader sees.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    r"""``text`` with every control character shown as an escape (``\x00``, ``\x0a``,
    ``\u202e``), so that no name can split a table row or a line, or reorder what is shown."""

    def show(match: re.Match[str]) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _INVISIBLE.sub(show, text)


@dataclass(frozen=True)
class Cell:
    """A formatted cell; ``strong``/``weak`` mark rejections at alpha and at the 0.10 level;
    ``raw``: already in the dialect's markup (e.g. LaTeX math), not escaped."""

    text: str
    strong: bool = False
    weak: bool = False
    raw: bool = False


@dataclass(frozen=True)
class Table:
    """A titled table. ``caption``/``label``: LaTeX only, a caption already in LaTeX (with
    math) that replaces the escaped title, and a ``\\label``."""

    title: str
    header: tuple[str | Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    align: str  # one of "l"/"r" per column
    note: str = ""
    caption: str = ""
    label: str = ""


def _no_lines(align: str) -> list[str]:
    return []


@dataclass(frozen=True)
class Dialect:
    escape: Callable[[str], str]
    strong: str  # format with one "{}"
    weak: str
    title: Callable[[Table], list[str]]
    row: Callable[[Sequence[str], str], str]  # cells (already padded), aligns -> line
    rule: Callable[[Sequence[int], str], str | None]  # widths, aligns -> header rule
    note: Callable[[str], list[str]]
    strong_name: str = "bold"  # how a legend calls the two marks
    weak_name: str = "italic"
    begin: Callable[[str], list[str]] = _no_lines  # the column alignments -> opening lines
    end: tuple[str, ...] = ()
    close: tuple[str, ...] = ()  # after the note
    pad: bool = True


def render(table: Table, dialect: Dialect) -> str:
    """The table as text in ``dialect``; columns padded to a common width when ``pad``."""

    def cell(c: Cell) -> str:
        text = c.text if c.raw else dialect.escape(c.text)
        if c.strong:
            return dialect.strong.format(text)
        if c.weak:
            return dialect.weak.format(text)
        return text

    header = [cell(h) if isinstance(h, Cell) else dialect.escape(h) for h in table.header]
    body = [[cell(c) for c in row] for row in table.rows]
    widths = [max(len(line[j]) for line in [header, *body]) for j in range(len(header))]

    def fit(cells: Sequence[str]) -> list[str]:
        if not dialect.pad:
            return list(cells)
        return [
            c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(cells, widths, table.align)
        ]

    lines = [
        *dialect.title(table),
        *dialect.begin(table.align),
        dialect.row(fit(header), table.align),
    ]
    rule = dialect.rule(widths, table.align)
    if rule is not None:
        lines.append(rule)
    lines += [dialect.row(fit(line), table.align) for line in body]
    lines += dialect.end
    if table.note:
        lines += dialect.note(table.note)
    lines += dialect.close
    return "\n".join(lines)


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\^{}",
    # OT1 fonts print < > | as other glyphs in text mode
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    # after a row's \\ a leading [ or * would be read as its argument
    "[": "{[}",
    "]": "{]}",
    "*": "{*}",
}


def latex_escape(text: str) -> str:
    """``text`` as LaTeX text: every special character escaped, control characters shown
    as escapes (:func:`visible`), and ``[``, ``]``, ``*`` braced so that a cell never becomes
    the optional argument of the previous row's ``\\\\``."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in visible(text))


# The characters that can start Markdown markup inline: emphasis, code, links and images
# (they need [ ], so ( ) and ! stay plain), raw HTML and autolinks, entities, table pipes,
# strikethrough, headings.
_MARKDOWN_SPECIAL = frozenset("\\`*_[]<>&|~#")


def markdown_escape(text: str) -> str:
    """``text`` as inert Markdown: control characters shown as escapes (:func:`visible`),
    every character that could open markup (emphasis, links, raw HTML such as ``<script>``,
    entities, table pipes) backslash-escaped, and a leading list or heading marker too."""
    text = "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in visible(text))
    return re.sub(r"^(\s*(?:\d+)?)([-+.)])(?=\s|$)", r"\1\\\2", text)


TEXT = Dialect(
    escape=visible,
    strong="{}*",
    weak="{}+",
    strong_name="*",
    weak_name="+",
    title=lambda t: [visible(t.title), "-" * len(visible(t.title))],
    row=lambda cells, align: "  ".join(cells).rstrip(),
    rule=lambda widths, align: "  ".join("-" * w for w in widths),
    note=lambda n: [n],
)

MARKDOWN = Dialect(
    escape=markdown_escape,
    strong="**{}**",
    weak="*{}*",
    title=lambda t: [f"### {markdown_escape(t.title)}", ""],
    row=lambda cells, align: "| " + " | ".join(cells) + " |",
    rule=lambda widths, align: (
        "| "
        + " | ".join(
            "-" * max(w - 1, 2) + ":" if a == "r" else "-" * max(w, 3)
            for w, a in zip(widths, align)
        )
        + " |"
    ),
    note=lambda n: ["", markdown_escape(n)],
)


def _latex_title(table: Table) -> list[str]:
    caption = table.caption or latex_escape(table.title)
    label = [rf"\label{{{table.label}}}"] if table.label else []
    return [r"\begin{table}[htbp]", r"\centering", rf"\caption{{{caption}}}", *label]


LATEX = Dialect(
    escape=latex_escape,
    strong=r"\textbf{{{}}}",
    weak=r"\textit{{{}}}",
    title=_latex_title,
    # booktabs rules; a table wider than the column is scaled down to fit it, never up
    begin=lambda align: [
        r"\small\setlength{\tabcolsep}{4pt}",
        r"\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}{%",
        rf"\begin{{tabular}}{{@{{}}{align}@{{}}}}",
        r"\toprule",
    ],
    row=lambda cells, align: " & ".join(cells) + r" \\",
    rule=lambda widths, align: r"\midrule",
    end=(r"\bottomrule", r"\end{tabular}}"),
    note=lambda n: [rf"\par\smallskip{{\footnotesize {latex_escape(n)}}}"],
    close=(r"\end{table}",),
)


def html_escape(text: str) -> str:
    """``text`` as inert HTML text: ``< > & " '`` as entities, control characters visible."""
    return html.escape(visible(text), quote=True)


def html_pre(text: str) -> str:
    """Multi-line ``text`` as an inert ``<pre>`` block: its lines kept, each escaped."""
    return "<pre>" + "\n".join(map(html_escape, text.split("\n"))) + "</pre>"


def _html_row(cells: Sequence[str], align: str) -> str:
    return "<tr>" + "".join(f'<td class="{a}">{c}</td>' for c, a in zip(cells, align)) + "</tr>"


HTML = Dialect(
    escape=html_escape,
    strong='<strong class="reject">{}</strong>',
    weak='<em class="reject-weak">{}</em>',
    title=lambda t: [f"<h3>{html_escape(t.title)}</h3>"],
    begin=lambda align: ["<table>", "<thead>"],
    row=_html_row,
    rule=lambda widths, align: "</thead><tbody>",
    end=("</tbody></table>",),
    note=lambda n: [f'<p class="note">{html_escape(n)}</p>'],
    pad=False,
)


class NotebookView(ABC):
    """Mixin giving a result dataclass its notebook view, ``_repr_html_``: the result's
    ``str()``, then ``to_frame()`` as an HTML table. Every text from the data (names of
    algorithms and data sets) is escaped, so it stays inert.
    """

    @abstractmethod
    def to_frame(self) -> pd.DataFrame:
        """The result as a table."""

    def _repr_html_(self) -> str:
        """In a notebook: the summary and the table, every name escaped."""
        table = self.to_frame().to_html(float_format="{:.4g}".format, escape=True)
        return f"{html_pre(str(self))}\n{table}"


# --- CSV ------------------------------------------------------------------------------------

#: A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def inert(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula, with a leading apostrophe
    (OWASP's rule; the JSON forms keep the names exactly). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def inert_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with :func:`inert` applied to its labels and its text columns: once per
    label, not once per cell of a long table."""
    result = frame.rename(index=inert, columns=inert)
    text = [
        c
        for c in result.columns
        if result[c].dtype == object or pd.api.types.is_string_dtype(result[c].dtype)
    ]
    if text:
        result[text] = result[text].map(inert)
    return result


def frame_csv(frame: pd.DataFrame) -> str:
    """A result's table as CSV, every name that a spreadsheet would run as a formula made
    inert (:func:`inert`): the one CSV writer of the results' ``to_csv``."""
    return str(inert_frame(frame).to_csv())
