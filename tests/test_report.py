"""compare() and its Report: the workflow, the summary and every renderer."""

from __future__ import annotations

import dataclasses
import io
import json
import re

import numpy as np
import pandas as pd
import pytest
from matplotlib.lines import Line2D

from cd_figure import elbow_x
from json_documents import as_version_1
from multicomp import (
    Report,
    _core,
    cd_groups,
    compare,
    friedman,
    friedman_aligned_ranks,
    iman_davenport,
    load_example,
    posthoc_all_pairs,
    posthoc_control,
    quade,
)
from multicomp._internal.tables import LATEX, MARKDOWN, TEXT, Cell, Table, render
from reference_cases import G08_PROCEDURES, assert_matches, case, read_csv


@pytest.fixture(scope="module")
def pairs_report() -> Report:
    return compare(read_csv("garcia2008_table2_accuracy.csv"))


@pytest.fixture(scope="module")
def control_report() -> Report:
    return compare(load_example("garcia2010"), control="PDFC")


def test_all_pairs_reproduces_garcia2008(pairs_report: Report) -> None:
    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    assert pairs_report.comparison == "all_pairs" and pairs_report.control is None
    assert_matches(
        dict(zip(pairs_report.algorithms, pairs_report.ranks)), expected["average_ranks"]
    )
    frame = pairs_report.to_frame()
    assert list(frame.index) == expected["hypothesis_order"]["value"]
    assert_matches(frame["pvalue"].to_dict(), expected["p"])
    for g08, method in G08_PROCEDURES.items():
        assert_matches(frame[f"apv_{method}"].to_dict(), expected[f"apv_{g08}"])
        assert (
            len(pairs_report.rejected(method))
            == expected["number_rejected_alpha_0.05"]["value"][g08]
        )
    # Bergmann-Hommel is the procedure of the summary when k allows it (G08's recommendation).
    assert pairs_report.procedure == "bergmann_hommel"
    accepted = {h.label for h in pairs_report.hypotheses} - {
        h.label for h in pairs_report.rejected()
    }
    assert accepted == set(expected["bergmann_hommel_acceptance_set_alpha_0.05"]["value"])


def test_report_agrees_with_the_functions_it_composes(
    pairs_report: Report, control_report: Report
) -> None:
    data = read_csv("garcia2008_table2_accuracy.csv")
    assert [t.name for t in pairs_report.omnibus] == ["friedman", "iman_davenport"]
    assert pairs_report.omnibus[0].statistic == friedman(data).statistic
    assert pairs_report.omnibus[1].pvalue == iman_davenport(data).pvalue
    assert pairs_report.omnibus[1].df == (4, 116)
    result = posthoc_all_pairs(data)
    assert pairs_report.procedures == result.procedures
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
    same = next(
        line for line in summary.splitlines() if line.startswith("Not significantly different")
    )
    for h in set(control_report.hypotheses) - set(rejected):
        assert f"better than {h.second} " not in summary
        assert h.second in same
    assert "against the control PDFC" in summary
    assert f"{len(rejected)} of 3 hypotheses rejected" in summary


def test_summary_names_the_better_algorithm_by_rank() -> None:
    # lower is better: the algorithm with the smallest errors must be called the better one.
    rng = np.random.default_rng(3)
    errors = pd.DataFrame(
        {
            "good": rng.uniform(0, 0.1, 30),
            "bad": rng.uniform(0.5, 0.6, 30),
            "mid": rng.uniform(0.2, 0.3, 30),
        }
    )
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


def test_summary_names_every_algorithm_tied_for_the_best_rank() -> None:
    tied = compare(pd.DataFrame({"a": [1.0, 1.0, 1.0], "b": [1.0, 1.0, 1.0], "c": [0.0, 0.0, 0.0]}))
    assert "Best average rank (Friedman ranks): a, b (tied: 2 algorithms)." in tied.summary
    two = compare(pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [2.0, 3.0, 4.0]}))
    assert "the only pair of algorithms" in two.summary and "all 1 pairs" not in two.summary


@pytest.mark.parametrize(
    ("test", "function"), [("aligned", friedman_aligned_ranks), ("quade", quade)]
)
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
    k = _core.MAX_K_ROBINSON + 1
    rng = np.random.default_rng(0)
    data = pd.DataFrame(rng.normal(size=(12, k)), columns=[f"m{j}" for j in range(k)])
    report = compare(data)
    assert "bergmann_hommel" not in report.procedures
    assert report.procedure == "shaffer"
    assert "bergmann_hommel" in report.summary  # the note says why it was left out


def test_paper_options_reproduce_the_printed_tables() -> None:
    """compare() passes the paper-compatible options on: G10 Table 10 (aligned ranks with G10's
    SE and Rom coefficients, T without tie correction), G08 Table 5 (monotone Bergmann-Hommel),
    D06's chi2_F (no tie correction)."""
    c = case("garcia2010_friedman_aligned_ranks")
    expected = c["expected"]
    data = read_csv(c["input"])
    report = compare(
        data,
        control="PDFC",
        test="aligned",
        rom="garcia2010",
        se="garcia2010",
        tie_correction=False,
    )
    assert_matches(report.omnibus[-1].statistic, expected["T"])
    printed = [m for m in report.procedures if f"apv_{m}" in expected]  # registered: more
    # Finner and Li are computed only when named: tests/test_posthoc_control.py reproduces them
    by_name = {"apv_finner", "apv_li"}
    assert len(printed) == sum(key.startswith("apv_") for key in set(expected) - by_name)
    for method in printed:
        j = report.procedures.index(method)
        assert_matches({h.second: h.apvs[j] for h in report.hypotheses}, expected[f"apv_{method}"])
    assert (report.rom, report.se, report.tie_correction) == (
        "garcia2010",
        "garcia2010",
        False,
    )
    assert (
        "Options (the papers' forms): tie_correction=False, rom='garcia2010', se='garcia2010'"
        in report.summary
    )
    assert Report.from_json(report.to_json()) == report
    default = compare(data, control="PDFC", test="aligned")
    assert [h.pvalue for h in default.hypotheses] != [h.pvalue for h in report.hypotheses]
    assert "Options" not in default.summary

    # G10 Table 11 (Quade post-hoc with eq. 22's SE).
    c = case("garcia2010_quade")
    quade = compare(
        read_csv(c["input"]), control="PDFC", test="quade", rom="garcia2010", se="garcia2010"
    )
    printed = [m for m in quade.procedures if f"apv_{m}" in c["expected"]]  # registered: more
    assert len(printed) == sum(key.startswith("apv_") for key in set(c["expected"]) - by_name)
    for method in printed:
        j = quade.procedures.index(method)
        assert_matches(
            {h.second: h.apvs[j] for h in quade.hypotheses}, c["expected"][f"apv_{method}"]
        )
    assert quade.se == "garcia2010" and "se='garcia2010'" in quade.summary
    assert Report.from_json(quade.to_json()) == quade
    assert compare(read_csv(c["input"]), control="PDFC", test="quade").se == "calibrated"

    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    monotone = compare(read_csv("garcia2008_table2_accuracy.csv"), monotone=True)
    assert monotone.monotone and "monotone=True" in monotone.summary
    assert_matches(
        monotone.to_frame()["apv_bergmann_hommel"].to_dict(),
        expected["apv_bergmann_hommel_monotone"],
    )

    c = case("demsar2006_friedman_from_auc")
    untied = compare(read_csv(c["input"]), tie_correction=False)
    assert_matches(untied.omnibus[0].statistic, c["expected"]["chi2_F"])
    assert_matches(untied.omnibus[1].statistic, c["expected"]["F_F"])


@pytest.mark.parametrize(
    ("kwargs", "error", "kind"),
    [
        ({"rom": "garcia2010"}, "rom= applies to the comparisons with a control", ValueError),
        ({"monotone": True, "control": "C4.5"}, "monotone= applies to all pairwise", ValueError),
        (
            {"se": "garcia2010"},
            "se='garcia2010' is a form of test='aligned' or 'quade', not of test='friedman'",
            ValueError,
        ),
        (
            {"rom": "rom1990", "control": "C4.5"},
            "rom must be one of 'exact', 'garcia2010'; got 'rom1990'",
            ValueError,
        ),
        ({"se": "paper", "test": "aligned"}, "se must be one of", ValueError),
        ({"se": "paper", "test": "quade"}, "se must be one of", ValueError),
        ({"tie_correction": "no"}, "tie_correction must be True or False", TypeError),
    ],
)
def test_paper_options_that_do_not_apply_are_errors(kwargs: dict, error: str, kind: type) -> None:
    with pytest.raises(kind, match=re.escape(error)):
        compare(load_example("demsar2006"), **kwargs)


def test_plot_uses_the_reports_own_decisions() -> None:
    # The diagram of an all-pairs report joins exactly the pairs the report does not reject,
    # with the report's options (here the aligned-ranks SE of G10) and without recomputing.
    data = load_example("garcia2010")
    report = compare(data, test="aligned", se="garcia2010", procedure="holm", alpha=0.10)
    fig = report.plot()
    drawn = [ln for ln in fig.findobj(Line2D) if (ln.get_gid() or "").startswith("cd-group-")]
    ranks = pd.Series(report.test_ranks, index=report.algorithms)
    expected = cd_groups(ranks, [(h.first, h.second) for h in report.rejected()])
    assert len(drawn) == len(expected)
    result = posthoc_all_pairs(data, test="aligned", se="garcia2010")
    assert (
        expected
        == cd_groups(result.ranks, result.matrix("holm") <= 0.10)
        == [("NNEP", "IS-CHC + 1NN")]
    )
    calibrated = posthoc_all_pairs(data, test="aligned")
    assert expected != cd_groups(calibrated.ranks, calibrated.matrix("holm") <= 0.10)
    members = {
        name
        for name, x in elbow_x(fig).items()
        if min(drawn[0].get_xdata()) <= x <= max(drawn[0].get_xdata())
    }
    assert members == {"NNEP", "IS-CHC + 1NN"}


def test_json_is_strict_even_with_an_infinite_statistic() -> None:
    # Every data set ranks the algorithms alike: Iman-Davenport's F is infinite.
    data = pd.DataFrame({"a": [3.0, 4.0, 5.0], "b": [2.0, 3.0, 4.0], "c": [1.0, 2.0, 3.0]})
    report = compare(data)
    assert report.omnibus[1].statistic == np.inf
    text = report.to_json()
    json.loads(text, parse_constant=lambda name: pytest.fail(f"non-standard JSON constant {name}"))
    assert Report.from_json(text) == report


def test_json_round_trip(pairs_report: Report, control_report: Report) -> None:
    for report in (pairs_report, control_report):
        text = report.to_json()
        again = Report.from_json(text)
        assert again == report
        assert again.to_json() == text
        payload = json.loads(text)
        assert payload["format"] == "multicomp.report" and payload["version"] == 2
        assert payload["algorithms"] == list(report.algorithms)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("not json", "not a JSON report"),
        ("[1, 2]", "not a multicomp report"),
        ('{"format": "multicomp.report", "version": 99}', "unsupported report version"),
        ('{"format": "multicomp.report", "version": 1, "alpha": 0.05}', "malformed"),
    ],
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
    start = next(
        i
        for i, line in enumerate(lines)
        if line.lstrip().startswith(first_header) and "Hypothesis" in line
    )
    rows = []
    for line in lines[start + 2 :]:
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
            assert (cell.startswith("*") and not cell.startswith("**")) == (0.05 < apv <= 0.10), (
                cell,
                apv,
            )
    assert text.startswith("### Summary") and "Bold: rejected at alpha = 0.05" in text
    # The summary: one paragraph per sentence, the ranking, rejections and groups as lists.
    summary = text.split("### Average ranks")[0]
    assert "\n\n- C4.5 is significantly better than Kernel" in summary
    assert summary.count(" is significantly better than ") == len(pairs_report.rejected())
    assert "\n\n1. C4.5" in summary and "\n5. Kernel" in summary


def latex_problems(text: str) -> list[str]:
    r"""Structural LaTeX errors: unbalanced braces (escaped \{ \} aside), environments that do
    not nest, unescaped special characters in text, rows with the wrong number of cells."""
    problems = []
    depth = 0
    stack: list[str] = []
    columns = 0
    for number, line in enumerate(text.splitlines(), start=1):
        plain = re.sub(r"\\[{}&%$#_]", "", line)
        plain = re.sub(r"\$[^$]*\$", "", plain)  # math mode
        plain = re.sub(r"(^|[^\\])%.*$", r"\1", plain)  # comments
        for ch in plain:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth < 0:
                problems.append(f"line {number}: unbalanced }}")
                depth = 0
        for kind, env in re.findall(r"\\(begin|end)\{(\w+)\}", line):
            if kind == "begin":
                stack.append(env)
            elif not stack or stack.pop() != env:
                problems.append(
                    f"line {number}: \\end{{{env}}} does not close the open environment"
                )
        spec = re.search(r"\\begin\{tabular\}\{((?:@\{\}|\w)+)\}", line)
        if spec:
            columns = len(spec.group(1).replace("@{}", ""))
        if line.endswith(r"\\") and plain.count("&") != columns - 1:
            problems.append(f"line {number}: {plain.count('&') + 1} cells for {columns} columns")
        body = re.sub(r"\\[a-zA-Z]+|\\[{}&%$#_^~\\]", "", plain)
        if line.endswith(r"\\"):
            body = body.replace("&", "")
        for ch in "%$#_^~":
            if ch in body:
                problems.append(f"line {number}: unescaped {ch!r}")
    if depth:
        problems.append("unbalanced {")
    if stack:
        problems.append(f"unclosed environments {stack}")
    return problems


def test_latex_tables(pairs_report: Report, control_report: Report) -> None:
    # Ranks (best first) and, for all pairs, the matrix of the report's APVs; with a control
    # the 1 x N table. (tests/test_latex_paper.py compiles them.)
    for report, second in ((pairs_report, "pairs"), (control_report, "control")):
        text = report.to_latex()
        assert latex_problems(text) == []
        assert text.count(r"\begin{table}") == text.count(r"\end{table}") == 2
        assert r"\label{tab:mc-ranks}" in text and rf"\label{{tab:mc-{second}}}" in text
    text = pairs_report.to_latex()
    matrix = text.split(r"\end{table}")[1]
    assert matrix.count(r"\textbf{") == len(pairs_report.rejected()) == 8
    assert "Bergmann-Hommel" in matrix and r"$\alpha = 0.05$" in matrix


def test_latex_escapes_every_special_character() -> None:
    names = ["a_b & c%", "$x$ #1", "{z} ~^", "back\\slash", "<less> |bar|", "café"]
    rng = np.random.default_rng(1)
    data = pd.DataFrame(rng.normal(size=(8, len(names))), columns=names)
    for control in (None, names[0]):
        text = compare(data, control=control).to_latex()
        assert latex_problems(text) == [], latex_problems(text)
        for raw, escaped in [
            ("a_b & c%", r"a\_b \& c\%"),
            ("$x$ #1", r"\$x\$ \#1"),
            ("{z} ~^", r"\{z\} \textasciitilde{}\^{}"),
            ("back\\slash", r"back\textbackslash{}slash"),
            ("<less> |bar|", r"\textless{}less\textgreater{} \textbar{}bar\textbar{}"),
        ]:
            assert escaped in text and raw not in text


def test_text_report(pairs_report: Report) -> None:
    text = pairs_report.to_text()
    assert str(pairs_report) == text
    for heading in ("Average ranks", "Omnibus tests", "All pairwise comparisons", "Summary"):
        assert heading in text
    for name in pairs_report.algorithms:
        assert name in text
    assert "*: rejected at alpha = 0.05" in text
    assert text.index("Summary") < text.index("Average ranks")  # the summary first
    starred = len(re.findall(r"\d\*", text.split("All pairwise")[1]))
    apvs = pairs_report.to_frame()[[f"apv_{m}" for m in pairs_report.procedures]].to_numpy()
    assert starred == int((apvs <= 0.05).sum())


def test_csv_holds_every_table(pairs_report: Report) -> None:
    frame = pd.read_csv(io.StringIO(pairs_report.to_csv()))
    assert list(frame.columns) == ["table", "row", "column", "value"]
    tables = {"ranks", "omnibus", "posthoc", "posthoc_pvalues"}
    assert tables <= set(frame["table"]) <= {*tables, "notes"}
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
        ({"test": "anova"}, "test must be one of", ValueError),
        ({"procedure": "tukey"}, "procedure must be one of", ValueError),
        (
            {"control": "C4.5", "procedure": "bergmann_hommel"},
            "procedure must be one of",
            ValueError,
        ),
        ({"control": "nope"}, "unknown control", ValueError),
        ({"alpha": 0.0}, "alpha", ValueError),
    ],
)
def test_bad_options(kwargs: dict, error: str, kind: type) -> None:
    with pytest.raises(kind, match=error):
        compare(load_example("demsar2006"), **kwargs)


def test_rejected_rejects_unknown_procedure(pairs_report: Report) -> None:
    with pytest.raises(ValueError, match="procedure must be one of"):
        pairs_report.rejected("li")
    assert len(pairs_report.rejected("holm", alpha=0.5)) >= len(pairs_report.rejected("holm"))


def test_generic_table_renderer() -> None:
    table = Table(
        "T",
        ("name", "value"),
        ((Cell("a"), Cell("1.0", strong=True)), (Cell("bb"), Cell("22.5", weak=True))),
        "lr",
        note="n",
    )
    assert render(table, TEXT).splitlines() == [
        "T",
        "-",
        "name  value",
        "----  -----",
        "a      1.0*",
        "bb    22.5+",
        "n",
    ]
    assert render(table, MARKDOWN).splitlines()[2:6] == [
        "| name |   value |",
        "| ---- | ------: |",
        "| a    | **1.0** |",
        "| bb   |  *22.5* |",
    ]
    latex = render(table, LATEX)
    assert r"\begin{tabular}{@{}lr@{}}" in latex and r"a    &  \textbf{1.0} \\" in latex
    assert latex.splitlines()[-1] == r"\end{table}"


def test_from_json_survives_deep_nesting() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ValueError, match=r"nested too deeply|not a multicomp report"):
        Report.from_json(deep)
    nested = '{"format": "multicomp.report", "version": 1, "algorithms": ' + deep + "}"
    with pytest.raises(ValueError, match=r"nested too deeply|report.algorithms"):
        Report.from_json(nested)


def _edited(report: Report, edit: object) -> str:
    """The report's JSON as version 1 wrote it (one object per hypothesis), edited."""
    payload = as_version_1(json.loads(report.to_json()))
    edit(payload)  # type: ignore[operator]
    return json.dumps(payload)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.update(alpha=5), "report.alpha"),
        (lambda d: d.update(alpha="0.05"), "report.alpha must be a number"),
        (lambda d: d["hypotheses"][2].update(pvalue=7), r"report.hypotheses\[2\].pvalue"),
        (lambda d: d["hypotheses"][0]["apvs"].__setitem__(1, -0.5), r"report.hypotheses\[0\].apvs"),
        (lambda d: d["hypotheses"][3]["apvs"].pop(), r"report.hypotheses\[3\].apvs must hold \d+"),
        (lambda d: d["hypotheses"].pop(), "report.hypotheses must hold 10"),
        (lambda d: d["hypotheses"][1].update(first="nobody"), r"report.hypotheses\[1\].first"),
        (lambda d: d.update(test="anova"), "report.test must be one of"),
        (lambda d: d.update(procedure="tukey"), "report.procedure must be one of"),
        (
            lambda d: d.update(procedures=["holm", "tukey", "shaffer", "nemenyi"]),
            "report.procedures",
        ),
        (lambda d: d.update(comparison="some"), "report.comparison must be one of"),
        (lambda d: d.update(control="C4.5"), "report.control"),
        (lambda d: d["omnibus"][0].update(name="anova"), r"report.omnibus\[0\].name"),
        (lambda d: d["omnibus"][1].update(pvalue=1.5), r"report.omnibus\[1\].pvalue"),
        (lambda d: d["omnibus"][1].update(df=[3]), r"report.omnibus\[1\].df"),
        (lambda d: d["values"][4].pop(), "report.values must be 30 rows"),
        (lambda d: d.update(ranks=d["ranks"][:-1]), "report.ranks must hold 5"),
        (lambda d: d.update(datasets=d["datasets"][:1] * 30), "report.datasets has duplicate"),
        (
            lambda d: d.update(higher_is_better="yes"),
            "report.higher_is_better must be true or false",
        ),
        (lambda d: d.update(extra=1), r"unknown field\(s\) \['extra'\]"),
        (lambda d: d.pop("hypotheses"), "lacks the field 'hypotheses'"),
        (
            lambda d: d.update(hypotheses={"a": 1}),
            "report.hypotheses must be an object with the arrays",
        ),
        (lambda d: d.update(hypotheses=3), "report.hypotheses must be a JSON array"),
        (
            lambda d: d["hypotheses"].__setitem__(0, 3),
            r"report.hypotheses\[0\] must be a JSON object",
        ),
    ],
)
def test_from_json_checks_the_whole_document(
    pairs_report: Report, edit: object, field: str
) -> None:
    with pytest.raises(ValueError, match=f"malformed multicomp report: .*{field}"):
        Report.from_json(_edited(pairs_report, edit))


def test_from_json_is_driven_by_the_dataclass_fields(control_report: Report) -> None:
    # Every field is written and read back; the optional fields of a version-1 document
    # without them take their defaults.
    payload = json.loads(control_report.to_json())
    assert set(payload) - {"format", "version"} == {f.name for f in dataclasses.fields(Report)}
    for name in ("notes", "tie_correction", "rom", "se", "monotone"):
        del payload[name]
    again = Report.from_json(json.dumps(payload))
    assert again == dataclasses.replace(
        control_report,
        notes=(),
        tie_correction=True,
        rom="exact",
        se="calibrated",
        monotone=False,
    )
    assert isinstance(again.hypotheses[0].apvs, tuple) and isinstance(again.omnibus[0].df, tuple)


def test_finner_and_li_are_flagged_in_reports_and_never_the_default() -> None:
    """Issue 8.4: no default picks them; tables note them; a summary that uses one warns.
    Issue 37.2: they are computed only when named, and Li's note has the figure of the case."""
    from multicomp import procedures

    data = load_example("garcia2010")
    report = compare(data, control="PDFC")
    assert report.procedure == "holm" and "Warning" not in report.summary
    assert report.warnings == () and not {"finner", "li"} & set(report.procedures)
    li = compare(data, control="PDFC", procedure="li")
    assert li.procedures == ("li",)
    assert li.warnings == (procedures.get("control", "li").warning(4),)
    for text in (li.to_text(), li.to_markdown(), li.to_latex(), li.summary):
        assert "Li's procedure does not control the family-wise error" in text
        assert "up to 0.074" in text  # two-sided, k = 4
    one_sided = compare(data, control="PDFC", procedure="li", alternative="less")
    assert "up to 0.088 at alpha = 0.05 for one-sided" in one_sided.summary
    finner = compare(data, control="PDFC", procedure="finner")
    assert "Warning: Finner's procedure does not control" in finner.summary
    assert compare(data).warnings == ()  # all pairs: no such procedure


@pytest.mark.parametrize(("control", "procedure"), [("PDFC", "fdr_bh"), (None, "fdr_by")])
def test_false_discovery_rate_procedures_are_labelled_in_every_output(
    control: str | None, procedure: str
) -> None:
    """Issue 34.3: by name only, and every output says FDR, not FWER."""
    report = compare(load_example("garcia2010"), control=control, procedure=procedure)
    assert report.procedures == (procedure,)
    for text in (report.to_text(), report.to_markdown(), report.summary):
        assert "controls the false discovery rate" in text and "not the family-wise error" in text


def test_summary_for_a_reader_who_is_not_a_statistician(pairs_report: Report) -> None:
    summary = pairs_report.summary
    lines = summary.splitlines()
    # The ranking, best first, each algorithm with its average rank and mean score.
    start = next(i for i, line in enumerate(lines) if line.startswith("Ranking, best first"))
    ranking = lines[start + 1 : start + 6]
    means = pairs_report.scores.mean()
    order = sorted(
        pairs_report.algorithms, key=dict(zip(pairs_report.algorithms, pairs_report.ranks)).get
    )
    for place, (line, name) in enumerate(zip(ranking, order), start=1):
        assert line.startswith(f"  {place}. {name} ") and f"mean score {means[name]:.4g}" in line
    # The groups that do not differ, as a short list (cd_groups of the report's decisions).
    expected = cd_groups(
        pd.Series(pairs_report.test_ranks, index=pairs_report.algorithms),
        [(h.first, h.second) for h in pairs_report.rejected()],
    )
    assert expected == [("C4.5", "NaiveBayes"), ("CN2", "1-NN")]
    assert (
        "Groups of algorithms with no significant difference among them:\n  - C4.5, NaiveBayes\n"
        "  - CN2, 1-NN" in summary
    )
    # Which procedure decided and why; "APV" explained once, where first used.
    assert "Why Bergmann-Hommel: " in summary and "most powerful" in summary
    text = pairs_report.to_text()
    assert text.count("APV: adjusted p-value") == 1
    assert text.index("APV: adjusted p-value") < text.index("(APV = ")
    chosen = compare(read_csv("garcia2008_table2_accuracy.csv"), procedure="holm")
    assert "Why" not in chosen.summary  # a procedure the user chose needs no justification


def test_summary_explains_an_omnibus_rejection_without_a_rejected_pair() -> None:
    rng = np.random.default_rng(15)
    data = pd.DataFrame(
        rng.normal(size=(12, 8)) + np.linspace(0, 1.0, 8), columns=[f"a{i}" for i in range(8)]
    )
    report = compare(data)
    assert report.omnibus[0].pvalue <= 0.05 and report.rejected() == []
    assert "yet no single comparison is significant" in report.summary
    assert "No significant differences were found." in report.summary
    calm = compare(pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": [2.0, 1.0, 4.0, 3.0]}))
    assert "yet no single" not in calm.summary


@pytest.mark.filterwarnings("ignore::multicomp.ShapeWarning")
def test_a_diagram_recomputed_from_a_report_or_its_json_keeps_its_pvalue_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Report.plot recomputing another test's diagram uses the report's method,
    random_state and n_resamples, also after a JSON round trip (issue 19.5). The data are
    chosen so that asymptotic and exact p-values reject different pairs."""
    import multicomp as mc
    from multicomp.plotting import cd_diagram

    rng = np.random.default_rng(21)
    x = rng.standard_normal((6, 4)) + np.array([0, 0.5, 1, 1.5])
    drawn: dict[str, object] = {}
    monkeypatch.setattr(
        cd_diagram, "draw_decisions", lambda d, **kw: drawn.update(rejected=d.rejected)
    )

    def rejected(**options: object) -> set[tuple[str, str]]:
        result = mc.posthoc_all_pairs(x, test="aligned", procedures=["holm"], **options)
        return {pair for pair, apv in zip(result.pairs, result.adjusted["holm"]) if apv <= 0.05}

    assert rejected(method="asymptotic") != rejected()  # the test can fail
    for options in ({"method": "asymptotic"}, {"method": "permutation", "random_state": 3}):
        report = mc.compare(x, procedure="holm", n_resamples=999, **options)
        for shown in (report, mc.Report.from_json(report.to_json())):
            shown.plot(test="aligned")
            assert set(drawn["rejected"]) == rejected(n_resamples=999, **options)
    # a Generator's draws are pinned to a seed drawn from it, which the report records
    drawn_seed = mc.compare(x, method="permutation", random_state=np.random.default_rng(0))
    assert isinstance(drawn_seed.random_state, int)
    again = mc.compare(x, method="permutation", random_state=drawn_seed.random_state)
    assert again.hypotheses == drawn_seed.hypotheses
