"""compare(extras=...): the effect sizes, the multi-comparison matrix and the Bayesian
Plackett-Luce ranking in every output of a report, only when asked (issue 24 wiring)."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pandas as pd
import pytest

from multicomp import Report, compare, load_example
from multicomp.cli import main
from multicomp.pairs.effect_size import effect_sizes
from multicomp.ranking.multi_comparison import comparison_matrix
from multicomp.ranking.plackett_luce import bayesian_ranking
from multicomp.report.extras import RANKING_DRAWS

ALL = ("effect_sizes", "matrix", "bayesian_ranking")


def rendered(report: Report) -> dict[str, str]:
    html = re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "", report.to_html())
    return {
        "text": report.to_text(),
        "markdown": report.to_markdown().replace("\\", ""),
        "latex": report.to_latex().replace("{[}", "[").replace("{]}", "]"),
        "html": html,
        "csv": report.to_csv(),
        "json": report.to_json(),
    }


@pytest.fixture(scope="module")
def d06() -> Report:
    return compare(load_example("demsar2006"), extras=ALL)


def test_nothing_is_added_unless_asked() -> None:
    plain = compare(load_example("demsar2006"))
    assert plain.extras == () and not (plain.effect_sizes or plain.matrix)
    assert plain.bayesian_ranking == () and plain.ranking_draws == 0
    for name, text in rendered(plain).items():
        for heading in ("Effect sizes", "Multi-comparison matrix", "How large", "Plackett-Luce"):
            assert heading not in text, (name, heading)


def test_the_extras_are_the_functions_values(d06: Report) -> None:
    data = load_example("demsar2006")
    table = effect_sizes(data, alpha=0.05).table
    assert [p.label for p in d06.effect_sizes] == list(table.index)
    got = pd.concat([p.to_frame() for p in d06.effect_sizes])
    pd.testing.assert_frame_equal(got, table.drop(columns=["first", "second"]), check_dtype=False)
    matrix = comparison_matrix(data, alpha=0.05).to_frame()
    cells = pd.concat([c.to_frame() for c in d06.matrix])
    pd.testing.assert_frame_equal(cells, matrix.drop(columns=["first", "second", "reject"]))


def test_every_output_holds_the_extras_and_json_round_trips(d06: Report) -> None:
    said = rendered(d06)
    for name in ("text", "markdown", "html", "latex"):
        text = said[name]
        assert "Effect sizes of the pairs" in text, name
        assert "Multi-comparison matrix" in text, name
        assert "-0.76 [-1.35, -0.15], medium" in text, name  # C4.5 vs C4.5+m, Cohen's d_z
        assert "11/1/2" in text, name  # C4.5+m+cf wins 11 of 14 against C4.5 (ties 1)
        assert "Bayesian Plackett-Luce ranking" in text, name
        for w in d06.bayesian_ranking:
            assert f"{w.mean:.3f}" in text and f"[{w.lower:.3f}, {w.upper:.3f}]" in text, name
    tables = pd.read_csv(io.StringIO(said["csv"]))
    assert {"effect_sizes", "matrix", "bayesian_ranking"} <= set(tables["table"])
    ranking = tables.query("table == 'bayesian_ranking'")
    assert list(dict.fromkeys(ranking["row"])) == [w.algorithm for w in d06.bayesian_ranking]
    assert set(ranking["column"]) == {"mean", "lower", "upper", "p_best"}
    document = json.loads(said["json"])
    assert document["extras"] == list(ALL) and len(document["matrix"]) == 6
    assert len(document["bayesian_ranking"]) == 4 and document["ranking_draws"] == RANKING_DRAWS
    assert Report.from_json(said["json"]) == d06


def test_the_bayesian_ranking_is_the_functions_values(d06: Report) -> None:
    """The report's ranking is bayesian_ranking() with the report's seed, its draws and
    credible level 1 - alpha, best mean first; another seed is recorded and reproduced."""
    assert d06.ranking_draws == RANKING_DRAWS == 4_000
    for report in (
        d06,
        compare(load_example("demsar2006"), alpha=0.1, random_state=7, extras=ALL[2:]),
    ):
        expected = bayesian_ranking(
            load_example("demsar2006"),
            n_draws=report.ranking_draws,
            credible_level=1 - report.alpha,
            random_state=report.random_state,
        ).to_frame(sort=True)
        got = pd.concat([w.to_frame() for w in report.bayesian_ranking])
        pd.testing.assert_frame_equal(got, expected.drop(columns="rhat"))
    assert report.random_state == 7 and report.bayesian_ranking != d06.bayesian_ranking
    assert "90% credible interval" in report.to_text()


def test_only_the_ranking_when_only_it_is_asked() -> None:
    report = compare(load_example("demsar2006"), extras="bayesian_ranking")
    assert report.extras == ("bayesian_ranking",) and not (report.effect_sizes or report.matrix)
    for name, text in rendered(report).items():
        assert "Effect sizes" not in text and "Multi-comparison matrix" not in text, name
        assert "Plackett-Luce" in text or "bayesian_ranking" in text, name
    assert Report.from_json(report.to_json()) == report


def test_the_summary_names_the_most_probable_best(d06: Report) -> None:
    top = max(d06.bayesian_ranking, key=lambda w: w.p_best)
    assert top.algorithm == "C4.5+m+cf" and 0.4 < top.p_best < 0.6  # C4.5+m near: 0.49
    assert (
        f"the most probable best algorithm is C4.5+m+cf, with posterior probability "
        f"{top.p_best:.2f} of having the largest weight"
    ) in d06.summary


def test_the_summary_says_how_large_the_lead_is(d06: Report) -> None:
    table = effect_sizes(load_example("demsar2006")).table
    lead = d06.summary.split("How large the differences of C4.5+m+cf (best average rank)")[1]
    next_best = table.loc["C4.5+m vs C4.5+m+cf"]  # stored the other way round: signs flip
    last = table.loc["C4.5 vs C4.5+m+cf"]
    for row, who in ((next_best, "C4.5+m (the next best)"), (last, "C4.5 (the last)")):
        d, low, high = -row["cohen_d"], -row["cohen_d_high"], -row["cohen_d_low"]
        expected = f"against {who}: d = {d:.2f} [{low:.2f}, {high:.2f}], {row['cohen_d_magnitude']}"
        assert expected in lead
    assert "small" in lead and "medium" in lead


def test_with_a_control_the_summary_speaks_of_the_control() -> None:
    report = compare(load_example("garcia2010"), control="PDFC", extras=["effect_sizes"])
    assert all(p.first == "PDFC" for p in report.effect_sizes)
    assert len(report.effect_sizes) == len(report.algorithms) - 1
    assert "How large the differences of the control PDFC are" in report.summary
    assert Report.from_json(report.to_json()) == report


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"extras": ["effect"]}, ValueError, "extras"),
        ({"extras": ["letters"]}, ValueError, "extras"),  # all-pairs reports show them anyway
        ({"extras": [3]}, TypeError, "extras must be a name or a sequence of names"),
    ],
)
def test_bad_extras_are_refused(options: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        compare(load_example("demsar2006"), **options)


def test_extras_need_complete_scores() -> None:
    data = load_example("demsar2006").astype(float)
    data.iloc[0, 1] = np.nan
    for extra in ALL:
        with pytest.raises(ValueError, match="the Bayesian ranking need complete scores"):
            compare(data, test="skillings_mack", extras=extra)
    dropped = compare(data, nan_policy="omit", extras="matrix")  # the way the error points to
    assert (
        len(dropped.matrix) == 6
        and dropped.matrix[0].wins + dropped.matrix[0].ties + (dropped.matrix[0].losses)
        == len(data) - 1
    )


def test_from_json_refuses_extras_that_contradict_each_other(d06: Report) -> None:
    document = json.loads(d06.to_json())
    document["matrix"] = []
    with pytest.raises(ValueError, match=r"report\.matrix must be given exactly when"):
        Report.from_json(json.dumps(document))
    document = json.loads(d06.to_json())
    document["matrix"][0]["first"] = "nobody"
    with pytest.raises(ValueError, match="unknown algorithms"):
        Report.from_json(json.dumps(document))
    for change, message in (
        (lambda d: d.update(ranking_draws=0), "ranking_draws must be positive"),
        (lambda d: d["bayesian_ranking"].pop(), "must name each of report.algorithms once"),
        (lambda d: d["bayesian_ranking"][0].update(p_best=1.5), "must be in \\[0, 1\\]"),
        (lambda d: d.update(extras=["effect_sizes", "matrix"]), "bayesian_ranking must be given"),
    ):
        document = json.loads(d06.to_json())
        change(document)
        with pytest.raises(ValueError, match=message):
            Report.from_json(json.dumps(document))


def test_the_command_line_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--example", "demsar2006", "--effect-sizes", "--matrix"]) == 0
    out = capsys.readouterr().out
    assert "How large the differences" in out and "Multi-comparison matrix" in out
    assert main(["--example", "demsar2006", "--matrix", "--format", "json"]) == 0
    assert Report.from_json(capsys.readouterr().out).extras == ("matrix",)
    assert main(["--example", "demsar2006", "--bayesian-ranking", "--format", "json"]) == 0
    report = Report.from_json(capsys.readouterr().out)
    assert report.extras == ("bayesian_ranking",) and len(report.bayesian_ranking) == 4
    assert main(["--example", "demsar2006", "--bayesian-ranking"]) == 0
    assert "the most probable best algorithm is" in capsys.readouterr().out


def test_beyond_the_summary_limit_the_extras_stay_bounded() -> None:
    """k = 40 > 30: effect sizes of the best against each other (k - 1 pairs, not k(k-1)/2),
    the tables show the first algorithm's pairs only, the CSV and JSON hold every pair."""
    from multicomp.report import large

    k = large.SUMMARY_LIMIT + 10
    scores = np.random.default_rng(3).normal(size=(12, k)) + np.linspace(0, 2, k)
    report = compare(scores, method="asymptotic", extras=ALL)
    best = report.algorithms[int(np.argmin(report.test_ranks))]
    assert len(report.effect_sizes) == k - 1 and {p.first for p in report.effect_sizes} == {best}
    assert len(report.matrix) == k * (k - 1) // 2
    assert f"How large the differences of {best} (best average rank)" in report.summary
    text = report.to_text()
    effects = text.split("Effect sizes of the pairs")[1].split("Multi-comparison matrix")[0]
    shown = [line for line in effects.splitlines() if line.startswith(f"{best} vs ")]
    assert len(shown) == large.NAMED and f"{k - 1 - large.NAMED} more pairs not shown" in effects
    matrix = text.split("Multi-comparison matrix")[1]
    assert f"{len(report.matrix) - large.NAMED} more pairs not shown" in matrix
    ranking = text.split("Bayesian Plackett-Luce ranking (")[1]
    names = [w.algorithm for w in report.bayesian_ranking]
    listed = [line.split()[0] for line in ranking.splitlines()[4:] if line.split()[:1] != []]
    assert listed[: large.TOP] == names[: large.TOP]
    assert f"{k - large.TOP - large.BOTTOM} more algorithms not shown" in ranking
    assert names[-1] in ranking and names[large.TOP] not in ranking.split("more algorithms")[0]
    assert len(text) < 40_000
    tables = pd.read_csv(io.StringIO(report.to_csv()))
    assert set(tables.query("table == 'matrix'")["row"]) == {c.label for c in report.matrix}
    assert set(tables.query("table == 'bayesian_ranking'")["row"]) == set(report.algorithms)
    assert Report.from_json(report.to_json()) == report


def _edited(report: Report, edit: object) -> str:
    document = json.loads(report.to_json())
    edit(document)  # type: ignore[operator]
    return json.dumps(document)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["effect_sizes"].pop(), r"effect_sizes must hold every pair .* \(6 pairs\)"),
        (lambda d: d["effect_sizes"][0]["effects"].pop(), r"effect_sizes\[0\]\.effects must"),
        (lambda d: d["effect_sizes"].append(d["effect_sizes"][0]), "each pair once"),
        (lambda d: d["matrix"].pop(), "matrix must hold every pair"),
        (lambda d: d["matrix"][0].update(wins=99), "wins, ties and losses must be counts"),
        (lambda d: d["extras"].append("matrix"), "must name each extra once"),
        (lambda d: d.update(version=True), "unsupported report version True"),
    ],
)
def test_from_json_refuses_extras_that_would_not_render(
    d06: Report, edit: object, message: str
) -> None:
    """Each of these documents was read and then failed in to_text, to_markdown, to_latex or
    to_html (an IndexError or KeyError), or was read though it is no report of this version."""
    with pytest.raises(ValueError, match=message):
        Report.from_json(_edited(d06, edit))


def test_from_json_reads_the_effects_of_a_control_and_of_a_summarised_report() -> None:
    with_control = compare(load_example("demsar2006"), control="C4.5", extras=["effect_sizes"])
    assert Report.from_json(with_control.to_json()) == with_control
    document = json.loads(with_control.to_json())
    document["effect_sizes"][0].update(first="C4.5+m", second="C4.5+cf")  # not the control's
    with pytest.raises(ValueError, match=r"the pairs of 'C4\.5' with each other algorithm"):
        Report.from_json(json.dumps(document))
    wide = pd.DataFrame(np.random.default_rng(0).normal(size=(12, 35)))
    summarised = compare(wide, extras=["effect_sizes"])
    assert len(summarised.effect_sizes) == 34
    assert Report.from_json(summarised.to_json()) == summarised


def test_the_html_page_shows_the_matrix_heat_map_when_the_report_holds_it(d06: Report) -> None:
    page = d06.to_html()
    assert 'alt="Heat map of the multi-comparison matrix"' in page
    assert page.count("data:image/svg+xml;base64,") == 2  # the CD diagram and the heat map
    plain = compare(load_example("demsar2006"))
    assert "Heat map" not in plain.to_html() and "Heat map" not in plain._repr_html_()
    assert "Heat map of the multi-comparison matrix" in d06._repr_html_()


def test_a_matrix_beyond_the_limit_is_refused_before_the_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """k = 3,000 took 5.3 GB and 157 s for the matrix and 5.5 GB for its JSON round trip."""
    from multicomp.report import extras

    monkeypatch.setattr(extras, "MATRIX_LIMIT", 4)
    data = pd.DataFrame(np.random.default_rng(0).normal(size=(6, 5)))
    with pytest.raises(ValueError, match=r"5 algorithms make 10, beyond the limit of 4 algorithms"):
        compare(data, extras=["matrix"])
    assert compare(data, extras=["effect_sizes"]).effect_sizes  # the others are not limited
