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

from multicomp import (
    Report,
    compare,
    load_example,
    posthoc_all_pairs,
    posthoc_control,
)
from multicomp.cli import main

HOSTILE = ["<script>alert(1)</script>", "a & b", '"quoted" name', "new\nline", "C4.5"]


@pytest.fixture(scope="module")
def report() -> Report:
    return compare(load_example("garcia2008"))


@pytest.fixture(scope="module")
def hostile() -> Report:
    rng = np.random.default_rng(2)
    data = pd.DataFrame(
        rng.normal(size=(12, len(HOSTILE))) + np.arange(len(HOSTILE)),
        columns=HOSTILE,
        index=[f"<b>d{i}</b>" for i in range(12)],
    )
    return compare(data)


def test_repr_is_short(report: Report) -> None:
    text = repr(report)
    assert len(text) < 200 and "\n" not in text
    assert text == (
        "<Report: 5 algorithms x 30 data sets, all pairs, test='friedman', "
        "procedure='bergmann_hommel', alpha=0.05: 8 of 10 hypotheses rejected>"
    )
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
    assert (
        fragment.count('class="reject"')
        == int(
            (report.to_frame()[[f"apv_{m}" for m in report.procedures]].to_numpy() <= 0.05).sum()
        )
        + 2
    )  # + 2 omnibus p


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
    assert list(frame.columns) == [
        "difference",
        "z",
        "pvalue",
        *(f"apv_{m}" for m in control.procedures),
    ]
    assert frame["pvalue"].is_monotonic_increasing
    decisions = control.to_frame(reject=True)
    assert [c for c in decisions.columns if c.startswith("reject_")] == [
        f"reject_{m}" for m in control.procedures
    ]
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
        subprocess.run(
            [
                "chromium",
                "--headless",
                "--disable-gpu",
                "--no-sandbox",
                "--hide-scrollbars",
                f"--screenshot={shot}",
                "--window-size=1000,1800",
                path.as_uri(),
            ],
            capture_output=True,
            timeout=120,
            check=True,
        )
        image, dark = ink(shot)
        assert image.shape[:2] == (1800, 1000)
        assert 0.005 < dark < 0.3  # text and the diagram, not a blank or black page
        green = np.abs(image - np.array([0xC6, 0xEF, 0xCE]) / 255).max(axis=2) < 0.02
        assert green.mean() > 0.002  # the rejected cells are highlighted
        # The diagram is drawn: long dark horizontal runs (axis, group bars) above the tables.
        rows = (image.mean(axis=2) < 0.3).sum(axis=1)
        assert (rows > 150).any()


SCRIPT = "<script>alert(1)</script>"
# Results that show no name of an algorithm, data set or class (only numbers and options).
NAMELESS = {"CrossValidationTestResult", "SignTestResult", "PairedTTestResult", "RMAnovaResult"}


def _every_result() -> dict[str, object]:
    """One instance of each result class that had no notebook view before issue 10 item 8, built
    from small inputs whose first algorithm, data set and class are named ``SCRIPT``."""
    import multicomp as mc
    from multicomp import simulation
    from multicomp.pairs import bayesian, cross_validation, holdout
    from multicomp.pairs.contrast import contrast_estimation
    from multicomp.pairs.multiple_sign import multiple_sign_test
    from multicomp.pairs.two_sample import paired_t_test, sign_test
    from multicomp.pairs.wilcoxon import wilcoxon

    data = load_example("garcia2010")
    data = data.rename(columns={data.columns[0]: SCRIPT}, index={data.index[0]: SCRIPT})
    x, y = data.iloc[:, 0], data.iloc[:, 1]
    folds = np.random.default_rng(0).normal(0.8, 0.02, size=(10, 2))
    conditions = mc.check_conditions(data)
    labels = np.array([SCRIPT, "b"] * 20)
    flipped = labels.copy()
    flipped[::3] = np.where(flipped[::3] == "b", SCRIPT, "b")
    flipped2 = labels.copy()
    flipped2[1::5] = np.where(flipped2[1::5] == "b", SCRIPT, "b")

    def never(scores: np.ndarray, alpha: float) -> np.ndarray:
        return np.zeros((len(scores), 1), dtype=bool)

    return {
        "BayesianResult": bayesian.bayesian_sign_test(x, y, n_draws=2000, random_state=1),
        "BayesianComparison": mc.compare_bayesian(data, n_draws=2000, random_state=1),
        "CorrelatedTTestResult": cross_validation.bayesian_correlated_t_test(
            folds[:, 0], folds[:, 1], rho=0.1, names=(SCRIPT, "b"), n_draws=2000
        ),
        "CrossValidationTestResult": cross_validation.corrected_resampled_t_test(
            folds[:, 0], folds[:, 1], rho=0.1
        ),
        "HoldoutResult": holdout.mcnemar(labels, flipped, flipped2),
        "ContrastResult": contrast_estimation(data),
        "MultipleSignResult": multiple_sign_test(data, SCRIPT),
        "WilcoxonResult": wilcoxon(x, y),
        "SignTestResult": sign_test(x, y),
        "PairedTTestResult": paired_t_test(x, y),
        "ConditionsResult": conditions,
        "RMAnovaResult": mc.rm_anova(data),
        "ParametricPosthocResult": mc.posthoc_parametric(data, SCRIPT),
        "FamilyChoice": mc.choose_family(conditions),
        "SimulationResult": simulation.simulate(
            3,
            5,
            n_replications=20,
            comparisons=["omnibus"],
            tests=["friedman"],
            custom={SCRIPT: ("omnibus", never)},
            random_state=1,
        ),
    }


@pytest.mark.parametrize("name, result", list(_every_result().items()))
def test_every_result_has_an_escaped_notebook_view(name: str, result: object) -> None:
    assert type(result).__name__ == name
    fragment = result._repr_html_()  # type: ignore[attr-defined]
    assert re.search(r"<table[^>]*>.*<td>.+</td>.*</table>", fragment, re.DOTALL), fragment
    assert "<script" not in fragment.lower()
    assert ("&lt;script&gt;alert(1)&lt;/script&gt;" in fragment) == (name not in NAMELESS)


def test_the_notebook_view_shows_the_str_and_the_table() -> None:
    from multicomp.pairs.two_sample import sign_test

    result = sign_test([1, 2, 3, 4, 5], [0, 1, 2, 3, 6])
    fragment = result._repr_html_()
    escaped = str(result).replace(">", "&gt;").replace("<", "&lt;")
    assert fragment.split("<table")[0] == f"<pre>{escaped}</pre>\n"  # its lines kept
    assert re.search(r"<th>wins</th>\s*<th>losses</th>", fragment)
