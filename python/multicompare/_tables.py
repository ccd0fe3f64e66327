"""One small table renderer for plain text, Markdown and LaTeX (no tabulate/jinja2).

A ``Table`` holds already-formatted cells; a ``Dialect`` says how to escape text, mark
emphasis and frame rows. ``render`` is the only layout code, shared by all dialects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Cell", "Dialect", "LATEX", "MARKDOWN", "TEXT", "Table", "render", "visible"]

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
    """A formatted cell; ``strong``/``weak`` mark rejections at alpha and at the 0.10 level."""

    text: str
    strong: bool = False
    weak: bool = False


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    align: str  # one of "l"/"r" per column
    note: str = ""


@dataclass(frozen=True)
class Dialect:
    escape: Callable[[str], str]
    strong: str  # format with one "{}"
    weak: str
    strong_name: str  # how a legend calls the two marks
    weak_name: str
    title: Callable[[str], list[str]]
    begin: Callable[[str], list[str]]  # the column alignments -> opening lines
    row: Callable[[Sequence[str]], str]  # cells (already padded) -> line
    rule: Callable[[Sequence[int], str], str | None]  # widths, aligns -> header rule
    end: list[str]
    note: Callable[[str], list[str]]
    close: tuple[str, ...] = ()  # after the note
    pad: bool = True


def render(table: Table, dialect: Dialect) -> str:
    """The table as text in ``dialect``; columns padded to a common width when ``pad``."""

    def cell(c: Cell) -> str:
        text = dialect.escape(c.text)
        if c.strong:
            return dialect.strong.format(text)
        if c.weak:
            return dialect.weak.format(text)
        return text

    header = [dialect.escape(h) for h in table.header]
    body = [[cell(c) for c in row] for row in table.rows]
    widths = [max(len(line[j]) for line in [header, *body]) for j in range(len(header))]

    def fit(cells: Sequence[str]) -> list[str]:
        if not dialect.pad:
            return list(cells)
        return [c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(cells, widths, table.align)]

    lines = [*dialect.title(table.title), *dialect.begin(table.align), dialect.row(fit(header))]
    rule = dialect.rule(widths, table.align)
    if rule is not None:
        lines.append(rule)
    lines += [dialect.row(fit(line)) for line in body]
    lines += dialect.end
    if table.note:
        lines += dialect.note(table.note)
    lines += dialect.close
    return "\n".join(lines)


_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}",
                  # OT1 fonts print < > | as other glyphs in text mode
                  "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
                  # after a row's \\ a leading [ or * would be read as its argument
                  "[": "{[}", "]": "{]}", "*": "{*}"}


def latex_escape(text: str) -> str:
    """``text`` as LaTeX text: every special character escaped, control characters shown
    as escapes (:func:`visible`), and ``[``, ``]``, ``*`` braced so that a cell never becomes
    the optional argument of the previous row's ``\\\\``."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in visible(text))


# CommonMark's backslash-escapable characters that can start markup inline: emphasis, code,
# links and images, raw HTML and entities, table pipes, strikethrough.
_MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>&|!~#")


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
    title=lambda t: [t, "-" * len(t)],
    begin=lambda align: [],
    row=lambda cells: "  ".join(cells).rstrip(),
    rule=lambda widths, align: "  ".join("-" * w for w in widths),
    end=[],
    note=lambda n: [n],
)

MARKDOWN = Dialect(
    escape=markdown_escape,
    strong="**{}**",
    weak="*{}*",
    strong_name="bold",
    weak_name="italic",
    title=lambda t: [f"### {markdown_escape(t)}", ""],
    begin=lambda align: [],
    row=lambda cells: "| " + " | ".join(cells) + " |",
    rule=lambda widths, align: "| " + " | ".join(
        "-" * max(w - 1, 2) + ":" if a == "r" else "-" * max(w, 3) for w, a in zip(widths, align)) + " |",
    end=[],
    note=lambda n: ["", markdown_escape(n)],
)

LATEX = Dialect(
    escape=latex_escape,
    strong=r"\textbf{{{}}}",
    weak=r"\textit{{{}}}",
    strong_name="bold",
    weak_name="italic",
    title=lambda t: [r"\begin{table}[htbp]", r"\centering", rf"\caption{{{latex_escape(t)}}}"],
    begin=lambda align: [rf"\begin{{tabular}}{{{align}}}", r"\hline"],
    row=lambda cells: " & ".join(cells) + r" \\",
    rule=lambda widths, align: r"\hline",
    end=[r"\hline", r"\end{tabular}"],
    note=lambda n: [rf"\par\smallskip{{\footnotesize {latex_escape(n)}}}"],
    close=(r"\end{table}",),
)
