"""Notebooks and HTML (issue 10, item 8): a short repr, _repr_html_ for the report and the
post-hoc results, Report.to_html() and `--format html` as one self-contained, escaped page,
checked in a real browser (headless Chromium; skipped only where it is not installed)."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from multicompare import (
    Report,
    compare,
    load_example,
    posthoc_all_pairs,
    posthoc_control,
)
from multicompare.cli import main

HOSTILE = ["<script>alert(1)</script>", "a & b", '"quoted" name', "new\nline", "C4.5"]


@pytest.fixture(scope="module")
def report() -> Report:
    return compare(load_example("garcia2008"))


@pytest.fixture(scope="module")
def hostile() -> Report:
    rng = np.random.default_rng(2)
    data = pd.DataFrame(rng.normal(size=(12, len(HOSTILE))) + np.arange(len(HOSTILE)), columns=HOSTILE,
                        index=[f"<b>d{i}</b>" for i in range(12)])
    return compare(data)


def test_repr_is_short(report: Report) -> None:
    text = repr(report)
    assert len(text) < 200 and "\n" not in text
    assert text == ("<Report: 5 algorithms x 30 data sets, all pairs, test='friedman', "
                    "procedure='bergmann_hommel', alpha=0.05: 8 of 10 hypotheses rejected>")
    assert "control='PDFC'" in repr(compare(load_example("garcia2010"), control="PDFC"))


def svg_of(html: str) -> str:
    (uri,) = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return base64.b64decode(uri).decode("utf-8")


def test_notebook_html_has_tables_and_the_cd_diagram(report: Report) -> None:
    fragment = report._repr_html_()
    assert "<html" not in fragment and fragment.count("<table>") == 3
    svg = svg_of(fragment)
    assert svg.lstrip().startswith("<?xml") and "cd-group-0" in svg
    assert "C4.5 is significantly better than Kernel" in fragment
    assert fragment.count('class="reject"') == int((report.to_frame()[
        [f"apv_{m}" for m in report.procedures]].to_numpy() <= 0.05).sum()) + 2  # + 2 omnibus p


def test_page_is_self_contained_and_escaped(hostile: Report) -> None:
    page = hostile.to_html()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)  # nothing fetched
    assert "<script" not in page.lower() and "&lt;script&gt;" in page
    assert '"quoted" name' not in page and "a &amp; b" in page
    assert "new\nline" not in page and "new\\x0aline" in page
    assert "<script" not in svg_of(page).lower()


def test_cli_format_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--example", "garcia2010", "--control", "PDFC", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and "Comparisons with the control PDFC" in page


def test_posthoc_results_in_a_notebook() -> None:
    data = load_example("garcia2010")
    control = posthoc_control(data, "PDFC")
    frame = control.to_frame(sort=True)
    # What a reader wants: the test and the adjusted p-values, not 19 columns.
    assert list(frame.columns) == ["difference", "z", "pvalue", *(f"apv_{m}" for m in control.methods)]
    assert frame["pvalue"].is_monotonic_increasing
    decisions = control.to_frame(reject=True)
    assert [c for c in decisions.columns if c.startswith("reject_")] == [f"reject_{m}" for m in control.methods]
    for result in (control, posthoc_all_pairs(data)):
        fragment = result._repr_html_()
        assert "<table" in fragment and "apv_holm" in fragment


def ink(path: Path) -> tuple[np.ndarray, float]:
    from matplotlib.image import imread

    image = imread(path)[..., :3]
    return image, float((image.mean(axis=2) < 0.5).mean())


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_the_page_in_a_real_browser(hostile: Report, report: Report, tmp_path: Path) -> None:
    for name, page in (("report", report.to_html()), ("hostile", hostile.to_html())):
        path = tmp_path / f"{name}.html"
        path.write_text(page, encoding="utf-8")
        shot = tmp_path / f"{name}.png"
        subprocess.run(["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                        f"--screenshot={shot}", "--window-size=1000,1800", path.as_uri()],
                       capture_output=True, timeout=120, check=True)
        image, dark = ink(shot)
        assert image.shape[:2] == (1800, 1000)
        assert 0.005 < dark < 0.3  # text and the diagram, not a blank or black page
        green = np.abs(image - np.array([0xC6, 0xEF, 0xCE]) / 255).max(axis=2) < 0.02
        assert green.mean() > 0.002  # the rejected cells are highlighted
        # The diagram is drawn: long dark horizontal runs (axis, group bars) above the tables.
        rows = (image.mean(axis=2) < 0.3).sum(axis=1)
        assert (rows > 150).any()
