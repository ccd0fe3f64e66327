"""Outputs are safe to open: hostile algorithm names in LaTeX (compiled by a real pdflatex),
Markdown, CSV and plain text (issue 9, items 6-8)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from latex import needs_latex
from multicomp import Report, compare
from multicomp._internal.tables import latex_escape, markdown_escape, visible

HOSTILE = [
    "[3cm]B",
    "[x]B",
    "*star",
    "nul\x00byte",
    "new\nline",
    "tab\tcr\r",
    "=SUM(A1:A2)",
    "<script>alert(1)</script>",
    "[link](javascript:alert(1))",
    "a|b",
    "-2+3+cmd|' /C calc'!A0",
    "100% a_b & $x$ #1 {z} ~^",
    # a control against 20 algorithms (all pairs of 20 would be slow)
    "bell\x07",
    "- item",
    "1. first",
    "# head",
    "+1",
    "@SUM(1)",
    "\\input{/etc/passwd}",
    "rtl\u202eevil",
]


@pytest.fixture(scope="module", params=["all pairs", "control"])
def report(request: pytest.FixtureRequest) -> Report:
    names = HOSTILE[:12] if request.param == "all pairs" else HOSTILE
    rng = np.random.default_rng(5)
    data = pd.DataFrame(
        rng.normal(size=(12, len(names))) + np.arange(len(names)),
        columns=names,
        index=[f"d{i}" for i in range(12)],
    )
    return compare(data, control=None if request.param == "all pairs" else "[3cm]B")


def pdflatex(body: str, tmp_path: Path) -> str:
    """Compile ``body`` in an article; return the text of the PDF. Fails on any LaTeX error."""
    tex = tmp_path / "doc.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage{booktabs,graphicx}\n"
        "\\begin{document}\n" + body + "\n\\end{document}\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", tex.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    if shutil.which("pdftotext") is None:
        return ""
    return subprocess.run(
        ["pdftotext", "-layout", "doc.pdf", "-"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@needs_latex
def test_latex_with_hostile_names_compiles_and_prints_them(report: Report, tmp_path: Path) -> None:
    text = pdflatex(report.to_latex(), tmp_path)
    if text:
        flat = " ".join(text.split())
        for name in ("[3cm]B", "[x]B", "*star", "nul\\x00byte", "new\\x0aline"):
            assert name in flat, name  # printed where it belongs, not eaten by the row's \\


def test_latex_escape_protects_brackets_and_controls() -> None:
    assert latex_escape("[3cm]B") == "{[}3cm{]}B"
    assert latex_escape("*x") == "{*}x"
    assert latex_escape("a\x00b\nc") == r"a\textbackslash{}x00b\textbackslash{}x0ac"
    assert latex_escape(r"\input{x}") == r"\textbackslash{}input\{x\}"


def test_control_characters_are_visible_everywhere(report: Report) -> None:
    for text in (report.to_text(), report.to_markdown(), report.to_latex()):
        assert "\x00" not in text and "\x07" not in text and "\u202e" not in text, text
        assert "new\nline" not in text and "tab\t" not in text and "\r" not in text
    assert visible("a\x00b\u202ec") == "a\\x00b\\u202ec"
    assert "new\\x0aline" in report.to_text()


def test_markdown_is_inert(report: Report) -> None:
    text = report.to_markdown()
    assert not re.search(r"(?<!\\)<script", text) and not re.search(r"(?<!\\)\]\(javascript:", text)
    assert r"\<script\>" in text and r"\[link\](javascript:" in text
    assert markdown_escape("<script>") == r"\<script\>"
    assert markdown_escape("[a](javascript:x)") == r"\[a\](javascript:x)"
    assert markdown_escape("- item") == r"\- item" and markdown_escape("1. first") == r"1\. first"
    assert markdown_escape("-0.5") == "-0.5" and markdown_escape("1.5") == "1.5"
    # Every table row keeps its number of cells: no name splits a row or adds a column.
    for block in text.split("\n\n"):
        rows = [line for line in block.splitlines() if line.startswith("| ")]
        if rows:
            counts = {len([c for c in _split_row(row)]) for row in rows}
            assert len(counts) == 1, block


def _split_row(row: str) -> list[str]:
    """Cells of a Markdown table row: split on pipes not escaped by a backslash."""
    cells, cell, escaped = [], "", False
    for ch in row.strip()[1:-1]:
        if ch == "|" and not escaped:
            cells.append(cell)
            cell = ""
        else:
            cell += ch
        escaped = ch == "\\" and not escaped
    return [*cells, cell]


def test_csv_cells_never_start_a_formula_and_json_stays_exact(report: Report) -> None:
    frame = pd.read_csv(io.StringIO(report.to_csv()), dtype=str, keep_default_na=False)
    for column in ("row", "column"):
        for cell in frame[column]:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert {"'=SUM(A1:A2)", "'-2+3+cmd|' /C calc'!A0"} <= set(frame["row"])
    # Numbers stay numbers (negative differences are not prefixed).
    posthoc = frame[frame["table"] == "posthoc"]["value"]
    values = pd.to_numeric(posthoc.replace({"True": "1", "False": "0"}), errors="coerce")
    assert values.notna().all() and (values < 0).any()
    # The JSON report is the lossless format: every name comes back exactly.
    again = Report.from_json(report.to_json())
    assert again == report and "=SUM(A1:A2)" in again.algorithms


def _formula_cells(text: str) -> list[str]:
    """The cells of a CSV that a spreadsheet would run as formulas."""
    frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False, header=None)
    cells = frame.to_numpy().ravel().tolist()
    return [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]


HOSTILE_FOUR = ["=SUM(A1:A2)", "@SUM(1)", "+1", "-2+3+cmd|' /C calc'!A0"]


def test_the_bayesian_ranking_csv_never_starts_a_formula() -> None:
    from multicomp import bayesian_ranking

    rng = np.random.default_rng(3)
    data = pd.DataFrame(rng.normal(size=(10, 4)), columns=HOSTILE_FOUR)
    text = bayesian_ranking(data, n_draws=200).to_csv()
    assert _formula_cells(text) == []
    assert "'=SUM(A1:A2)" in text and "'@SUM(1)" in text


def test_the_bayesian_comparison_csv_never_starts_a_formula() -> None:
    from multicomp import compare_bayesian

    rng = np.random.default_rng(3)
    data = pd.DataFrame(rng.normal(size=(10, 4)), columns=HOSTILE_FOUR)
    text = compare_bayesian(data, test="sign", n_draws=2000).to_csv()
    assert _formula_cells(text) == []
    assert "'=SUM(A1:A2)" in text
