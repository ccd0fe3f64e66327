"""compare() and its Report: the workflow, the summary and every renderer."""

from __future__ import annotations

import dataclasses
import io
import json
import re

import numpy as np
import pandas as pd
import pytest

from multicompare import (
    Report,
    compare,
    friedman,
    friedman_aligned_ranks,
    iman_davenport,
    load_example,
    posthoc_all_pairs,
    posthoc_control,
    quade,
)
from multicompare import _core
from multicompare._tables import LATEX, MARKDOWN, TEXT, Cell, Table, render
from reference_cases import assert_matches, case, read_csv


@pytest.fixture(scope="module")
def pairs_report() -> Report:
    return compare(read_csv("garcia2008_table2_accuracy.csv"))


@pytest.fixture(scope="module")
def control_report() -> Report:
    return compare(load_example("garcia2010"), control="PDFC")


def test_all_pairs_reproduces_garcia2008(pairs_report: Report) -> None:
    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    assert pairs_report.comparison == "all_pairs" and pairs_report.control is None
    assert_matches(dict(zip(pairs_report.algorithms, pairs_report.ranks)), expected["average_ranks"])
    frame = pairs_report.to_frame()
    assert list(frame.index) == expected["hypothesis_order"]["value"]
    assert_matches(frame["pvalue"].to_dict(), expected["p"])
    for method in ("nemenyi", "holm", "shaffer", "bergmann_hommel"):
        assert_matches(frame[f"apv_{method}"].to_dict(), expected[f"apv_{method}"])
        assert len(pairs_report.rejected(method)) == expected["number_rejected_alpha_0.05"]["value"][method]
    # Bergmann-Hommel is the procedure of the summary when k allows it (G08's recommendation).
    assert pairs_report.procedure == "bergmann_hommel"
    accepted = {h.label for h in pairs_report.hypotheses} - {h.label for h in pairs_report.rejected()}
    assert accepted == set(expected["bergmann_hommel_acceptance_set_alpha_0.05"]["value"])


def test_report_agrees_with_the_functions_it_composes(pairs_report: Report, control_report: Report) -> None:
    data = read_csv("garcia2008_table2_accuracy.csv")
    assert [t.name for t in pairs_report.omnibus] == ["friedman", "iman_davenport"]
    assert pairs_report.omnibus[0].statistic == friedman(data).statistic
    assert pairs_report.omnibus[1].pvalue == iman_davenport(data).pvalue
    assert pairs_report.omnibus[1].df == (4, 116)
    result = posthoc_all_pairs(data)
    assert pairs_report.procedures == result.methods
    for h in pairs_report.hypotheses:
        assert h.z == result.z[h.label]
        assert h.apvs == tuple(result.adjusted.loc[h.label])
    control = posthoc_control(load_example("garcia2010"), "PDFC")
    assert control_report.procedures == tuple(control.adjusted.columns)
    assert {h.second for h in control_report.hypotheses} == set(control.algorithms)
    for h in control_report.hypotheses:
        assert h.first == "PDFC"
        assert h.apvs == tuple(control.adjusted.loc[h.second])


def test_control_report_summary(control_report: Report) -> None:
    assert control_report.comparison == "control" and control_report.procedure == "holm"
    summary = control_report.summary
    rejected = control_report.rejected()
    assert rejected  # PDFC is significantly better than at least FH-GBML
    for h in rejected:
        assert f"PDFC is significantly better than {h.second}" in summary
    for h in set(control_report.hypotheses) - set(rejected):
        assert f"better than {h.second} " not in summary
        assert h.label in summary
    assert "against the control PDFC" in summary
    assert f"{len(rejected)} of 3 hypotheses rejected" in summary


def test_summary_names_the_better_algorithm_by_rank() -> None:
    # lower is better: the algorithm with the smallest errors must be called the better one.
    rng = np.random.default_rng(3)
    errors = pd.DataFrame({"good": rng.uniform(0, 0.1, 30), "bad": rng.uniform(0.5, 0.6, 30),
                           "mid": rng.uniform(0.2, 0.3, 30)})
    report = compare(errors, higher_is_better=False)
    assert report.algorithms[int(np.argmin(report.ranks))] == "good"
    assert "good is significantly better than bad" in report.summary
    assert "bad is significantly better" not in report.summary
    assert "lower scores are better" in report.summary


def test_nothing_rejected_is_said_plainly() -> None:
    data = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": [2.0, 1.0, 4.0, 3.0]})
    report = compare(data)
    assert report.rejected() == []
    assert "No significant differences were found." in report.summary
    assert "no evidence that the algorithms differ" in report.summary


@pytest.mark.parametrize(("test", "function"), [("aligned", friedman_aligned_ranks), ("quade", quade)])
def test_other_tests_add_their_omnibus_and_ranks(test: str, function: object) -> None:
    data = load_example("garcia2010")
    report = compare(data, test=test, control="PDFC")
    result = function(data)  # type: ignore[operator]
    assert report.omnibus[-1].name == test
    assert report.omnibus[-1].statistic == result.statistic
    assert report.test_ranks == tuple(result.ranks)
    assert list(report.rank_frame.columns) == ["friedman", test]
    assert Report.from_json(report.to_json()) == report


def test_shaffer_beyond_the_largest_k_of_bergmann_hommel() -> None:
    max_k = getattr(_core, "MAX_K", None)
    if max_k is None:
        pytest.skip("the native module does not state MAX_K")
    k = max_k + 1
    rng = np.random.default_rng(0)
    data = pd.DataFrame(rng.normal(size=(12, k)), columns=[f"m{j}" for j in range(k)])
    report = compare(data)
    assert "bergmann_hommel" not in report.procedures
    assert report.procedure == "shaffer"
    assert "bergmann_hommel" in report.summary  # the note says why it was left out


def test_json_round_trip(pairs_report: Report, control_report: Report) -> None:
    for report in (pairs_report, control_report):
        text = report.to_json()
        again = Report.from_json(text)
        assert again == report
        assert again.to_json() == text
        payload = json.loads(text)
        assert payload["format"] == "multicompare.report" and payload["version"] == 1
        assert payload["algorithms"] == list(report.algorithms)


@pytest.mark.parametrize(
    ("text", "error"),
    [("not json", "not a JSON report"), ("[1, 2]", "not a multicompare report"),
     ('{"format": "multicompare.report", "version": 99}', "unsupported report version"),
     ('{"format": "multicompare.report", "version": 1, "alpha": 0.05}', "malformed")],
)
def test_from_json_rejects_other_documents(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        Report.from_json(text)


def test_report_is_frozen(pairs_report: Report) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        pairs_report.alpha = 0.1  # type: ignore[misc]


def _table_lines(text: str, first_header: str) -> list[str]:
    """Rows of the Markdown/LaTeX hypothesis table (after its header and rule)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(first_header) and "Hypothesis" in line)
    rows = []
    for line in lines[start + 2:]:
        if not line.strip() or line.startswith(r"\hline"):
            break
        rows.append(line)
    return rows


def test_markdown_marks_rejections_at_alpha_and_at_010(pairs_report: Report) -> None:
    text = pairs_report.to_markdown()
    rows = _table_lines(text, "|")
    frame = pairs_report.to_frame()
    assert len(rows) == len(frame)
    for row, (_, values) in zip(rows, frame.iterrows()):
        cells = [c.strip() for c in row.strip("|").split("|")][4:]
        for cell, method in zip(cells, pairs_report.procedures):
            apv = values[f"apv_{method}"]
            assert cell.startswith("**") == (apv <= 0.05), (cell, apv)
            assert (cell.startswith("*") and not cell.startswith("**")) == (0.05 < apv <= 0.10), (cell, apv)
    assert "### Summary" in text and "Bold: rejected at alpha = 0.05" in text


def test_latex_is_in_the_papers_style(pairs_report: Report) -> None:
    text = pairs_report.to_latex()
    assert text.count(r"\begin{table}") == text.count(r"\end{table}") == 3
    assert text.count(r"\begin{tabular}") == text.count(r"\end{tabular}") == 3
    rows = _table_lines(text, "i ")
    frame = pairs_report.to_frame()
    bold = sum(row.count(r"\textbf{") for row in rows)
    italic = sum(row.count(r"\textit{") for row in rows)
    apvs = frame[[f"apv_{m}" for m in pairs_report.procedures]].to_numpy()
    assert bold == int((apvs <= 0.05).sum())
    assert italic == int(((apvs > 0.05) & (apvs <= 0.10)).sum())
    for row in rows:
        assert row.endswith(r"\\") and row.count("&") == 3 + len(pairs_report.procedures)
    assert "Bergmann-Hommel" in text and "unadjusted" in text


def test_special_characters_are_escaped() -> None:
    data = pd.DataFrame({"a_b & c%": [1.0, 2.0, 3.0], "x|y*": [0.5, 0.4, 0.1], "#1 {z}": [0.0, 0.0, 0.2]})
    report = compare(data)
    latex = report.to_latex()
    assert r"a\_b \& c\%" in latex and r"\#1 \{z\}" in latex
    assert "a_b & c%" not in latex
    markdown = report.to_markdown()
    assert r"x\|y\*" in markdown
    assert "a\\_b & c%" in markdown


def test_text_report(pairs_report: Report) -> None:
    text = pairs_report.to_text()
    assert str(pairs_report) == text
    for heading in ("Average ranks", "Omnibus tests", "All pairwise comparisons", "Summary"):
        assert heading in text
    for name in pairs_report.algorithms:
        assert name in text
    assert "*: rejected at alpha = 0.05" in text
    starred = len(re.findall(r"\d\*", text.split("Summary")[0].split("All pairwise")[1]))
    apvs = pairs_report.to_frame()[[f"apv_{m}" for m in pairs_report.procedures]].to_numpy()
    assert starred == int((apvs <= 0.05).sum())


def test_csv_holds_every_table(pairs_report: Report) -> None:
    frame = pd.read_csv(io.StringIO(pairs_report.to_csv()))
    assert list(frame.columns) == ["table", "row", "column", "value"]
    assert set(frame["table"]) == {"ranks", "omnibus", "posthoc"}
    posthoc = frame[frame["table"] == "posthoc"]
    apv = posthoc[posthoc["column"] == "apv_holm"].set_index("row")["value"].astype(float)
    assert apv.to_dict() == pytest.approx(pairs_report.to_frame()["apv_holm"].to_dict(), rel=1e-15)
    ranks = frame[frame["table"] == "ranks"].set_index("row")["value"].astype(float)
    assert ranks.to_dict() == pytest.approx(dict(zip(pairs_report.algorithms, pairs_report.ranks)))


def test_scores_and_long_input() -> None:
    wide = load_example("demsar2006")
    long = wide.rename_axis("ds").reset_index().melt(id_vars="ds", var_name="clf", value_name="auc")
    a = compare(wide)
    b = compare(long, dataset="ds", algorithm="clf", score="auc")
    assert a.hypotheses == b.hypotheses
    pd.testing.assert_frame_equal(a.scores, wide, check_names=False)
    assert a.as_scores().values.flags.writeable is False


@pytest.mark.parametrize(
    ("kwargs", "error", "kind"),
    [
        ({"test": "anova"}, "unknown test", ValueError),
        ({"procedure": "tukey"}, "unknown procedure", ValueError),
        ({"control": "C4.5", "procedure": "bergmann_hommel"}, "unknown procedure", ValueError),
        ({"control": "nope"}, "unknown control", ValueError),
        ({"alpha": 0.0}, "alpha", ValueError),
    ],
)
def test_bad_options(kwargs: dict, error: str, kind: type) -> None:
    with pytest.raises(kind, match=error):
        compare(load_example("demsar2006"), **kwargs)


def test_rejected_rejects_unknown_procedure(pairs_report: Report) -> None:
    with pytest.raises(ValueError, match="unknown procedure"):
        pairs_report.rejected("li")
    assert len(pairs_report.rejected("holm", alpha=0.5)) >= len(pairs_report.rejected("holm"))


def test_generic_table_renderer() -> None:
    table = Table("T", ("name", "value"), ((Cell("a"), Cell("1.0", strong=True)),
                                             (Cell("bb"), Cell("22.5", weak=True))), "lr", note="n")
    assert render(table, TEXT).splitlines() == ["T", "-", "name  value", "----  -----", "a      1.0*",
                                                "bb    22.5+", "n"]
    assert render(table, MARKDOWN).splitlines()[2:6] == [
        "| name |   value |", "| ---- | ------: |", "| a    | **1.0** |", "| bb   |  *22.5* |"]
    latex = render(table, LATEX)
    assert r"\begin{tabular}{lr}" in latex and r"a    &  \textbf{1.0} \\" in latex
    assert latex.splitlines()[-1] == r"\end{table}"
