"""One small table renderer for plain text, Markdown and LaTeX (no tabulate/jinja2).

A ``Table`` holds already-formatted cells; a ``Dialect`` says how to escape text, mark
emphasis and frame rows. ``render`` is the only layout code, shared by all dialects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Cell", "Dialect", "LATEX", "MARKDOWN", "TEXT", "Table", "render"]


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


def _latex_escape(text: str) -> str:
    special = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
               "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}",
               # OT1 fonts print < > | as other glyphs in text mode
               "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
    return "".join(special.get(ch, ch) for ch in text)


def _markdown_escape(text: str) -> str:
    return "".join("\\" + ch if ch in "|*_\\`" else ch for ch in text)


TEXT = Dialect(
    escape=str,
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
    escape=_markdown_escape,
    strong="**{}**",
    weak="*{}*",
    strong_name="bold",
    weak_name="italic",
    title=lambda t: [f"### {_markdown_escape(t)}", ""],
    begin=lambda align: [],
    row=lambda cells: "| " + " | ".join(cells) + " |",
    rule=lambda widths, align: "| " + " | ".join(
        "-" * max(w - 1, 2) + ":" if a == "r" else "-" * max(w, 3) for w, a in zip(widths, align)) + " |",
    end=[],
    note=lambda n: ["", _markdown_escape(n)],
)

LATEX = Dialect(
    escape=_latex_escape,
    strong=r"\textbf{{{}}}",
    weak=r"\textit{{{}}}",
    strong_name="bold",
    weak_name="italic",
    title=lambda t: [r"\begin{table}[htbp]", r"\centering", rf"\caption{{{_latex_escape(t)}}}"],
    begin=lambda align: [rf"\begin{{tabular}}{{{align}}}", r"\hline"],
    row=lambda cells: " & ".join(cells) + r" \\",
    rule=lambda widths, align: r"\hline",
    end=[r"\hline", r"\end{tabular}"],
    note=lambda n: [rf"\par\smallskip{{\footnotesize {_latex_escape(n)}}}"],
    close=(r"\end{table}",),
)
