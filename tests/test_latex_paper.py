"""LaTeX that goes into a paper as is (issue 10, item 6): booktabs, math mode, labels, a
ranks table, a 1 x N table of the procedures that matter, all pairs as a matrix; compiled by
a real pdflatex and rendered by pdftoppm (skipped only where they are not installed)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from latex import needs_latex
from multicomp import Report, compare, load_example

NAMES = [
    "RandomForest",
    "GradientBoosting",
    "LogisticRegression",
    "SVC-rbf",
    "KNeighbors",
    "DecisionTree",
    "GaussianNB",
    "AdaBoost",
    "ExtraTrees",
    "MLP",
    "LDA",
    "QDA",
]


def twelve() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    return pd.DataFrame(
        rng.normal(size=(40, 12)) * 0.05 + np.linspace(0.9, 0.7, 12),
        columns=NAMES,
        index=[f"ds{i}" for i in range(40)],
    )


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    return {
        "k12": compare(twelve()),
        "k12c": compare(twelve(), control="DecisionTree"),
        "g10": compare(load_example("garcia2010"), control="PDFC", test="aligned"),
        "d06": compare(load_example("demsar2006")),
        "sm": compare(with_missing(), test="skillings_mack", control="DecisionTree"),
        "sm-pairs": compare(with_missing(), test="skillings_mack"),
    }


def with_missing() -> pd.DataFrame:
    """twelve() with 5% of its scores missing (algorithms that failed or timed out)."""
    data = twelve()
    return data.mask(np.random.default_rng(4).random(data.shape) < 0.05)


def test_tables_for_a_paper(reports: dict[str, Report]) -> None:
    pairs, control = reports["k12"].to_latex("k12"), reports["k12c"].to_latex("k12c")
    for text in (pairs, control):
        assert text.count(r"\begin{table}") == 2 and r"\hline" not in text
        assert all(rule in text for rule in (r"\toprule", r"\midrule", r"\bottomrule"))
        assert r"$\chi^2_{11} = " in text and r"$F_{11,429} = " in text  # math, not chi2(11)
        assert "chi2(" not in text and "alpha" not in text.replace(r"\alpha", "")
        assert r"\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}" in text
    assert r"\label{tab:k12-ranks}" in pairs and r"\label{tab:k12-pairs}" in pairs
    assert r"\label{tab:k12c-control}" in control
    incomplete = reports["sm"].to_latex("sm")
    assert r"Skillings-Mack: $\chi^2_{11} = " in incomplete and "Skillings-Mack rank" in incomplete
    # The ranks table lists the algorithms best first, with their mean scores.
    report = reports["k12"]
    rows = re.findall(r"^ *(\d+) & (\S+) +& +([\d.]+) ", pairs, flags=re.MULTILINE)
    assert [name for _, name, _ in rows] == NAMES
    assert [float(m) for _, _, m in rows] == pytest.approx(
        list(report.scores.mean()[NAMES]), abs=1e-4
    )
    # All pairs: a lower-triangular matrix with k - 1 rows, one bold cell per rejected pair.
    matrix = pairs.split(r"\label{tab:k12-pairs}")[1]
    body = matrix.split(r"\midrule")[1].split(r"\bottomrule")[0].strip().splitlines()
    assert len(body) == 11 and all(line.count("&") == 11 for line in body)
    assert matrix.count(r"\textbf{") == len(report.rejected())
    # 1 x N: the procedures that matter, real minus signs for negative z.
    header = control.split(r"\label{tab:k12c-control}")[1].split(r"\midrule")[0]
    for name in ("Bonferroni-Dunn", "Holm", "Hochberg", "Hommel"):
        assert name in header
    # Finner and Li do not hold alpha: left out unless the report uses one (then with a warning).
    assert "Finner" not in header and "Li" not in header and "Rom" not in header
    li = compare(twelve(), control="DecisionTree", procedure="li").to_latex()
    assert re.search(r"& +Li +\\\\", li) and "does not control the family-wise error" in li
    assert "$-$" in control and not re.search(r"& -\d", control)
    with pytest.raises(ValueError, match="label must be"):
        report.to_latex("bad label}")


@needs_latex
def test_compiles_fits_an_article_column_and_renders(
    reports: dict[str, Report], tmp_path: Path
) -> None:
    body = "\n".join(r.to_latex(key) for key, r in reports.items())
    refs = r"Tables~\ref{tab:k12-ranks}, \ref{tab:k12-pairs}, \ref{tab:k12c-control}, \ref{tab:g10-control}."
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{booktabs,graphicx}\n\\begin{document}\n"
        + refs
        + "\n"
        + body
        + "\n\\end{document}\n",
        encoding="utf-8",
    )
    for _ in range(2):  # twice, for the references
        run = subprocess.run(
            [
                "pdflatex",
                "-interaction=nonstopmode",
                "-halt-on-error",
                "-no-shell-escape",
                "paper.tex",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stdout[-3000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    assert "Overfull \\hbox" not in log  # every table fits the column (scaled down if need be)
    assert "undefined" not in log.lower()  # every \ref found its \label
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    subprocess.run(["pdftoppm", "-r", "60", "-png", "paper.pdf", "page"], cwd=tmp_path, check=True)
    from matplotlib.image import imread

    pages = sorted(tmp_path.glob("page*.png"))
    assert pages
    for page in pages:
        image = imread(page)
        ink = (image[..., :3].mean(axis=2) < 0.5).mean()
        assert 0.005 < ink < 0.3, (page.name, ink)  # text on the page, not blank, not a black box
