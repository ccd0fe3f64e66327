"""CD diagrams: what is drawn (names, groups, CD bar, control interval), readability, files."""

from __future__ import annotations

import itertools
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

import multicomp
from cd_figure import assert_readable, elbow_x, lines_with_gid
from multicomp import (
    cd_diagram,
    cd_groups,
    compare,
    critical_difference,
    friedman,
    load_example,
    posthoc_all_pairs,
)
from multicomp.plotting.cd_layout import draw as _draw
from multicomp.plotting.cd_style import Paint
from reference_cases import case


def drawn_texts(fig: Figure) -> list[Text]:
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


def drawn_groups(fig: Figure) -> list[set[str]]:
    """For every group bar, the algorithms whose elbow falls under it."""
    xs = elbow_x(fig)
    groups = []
    for line in lines_with_gid(fig, "cd-group-").values():
        lo, hi = sorted(line.get_xdata())
        assert hi > lo  # visible even for a group of tied algorithms
        groups.append({name for name, x in xs.items() if lo <= x <= hi})
    return groups


def test_demsar2006_nemenyi_draws_names_cd_bar_and_groups(tmp_path: Path) -> None:
    data = load_example("demsar2006")
    fig = cd_diagram(data, alpha=0.10, procedure="nemenyi")
    assert isinstance(fig, Figure)
    names = list(data.columns)
    texts = [t.get_text() for t in drawn_texts(fig)]
    for name in names:
        assert texts.count(name) == 1
    ranks = friedman(data).ranks
    cd = critical_difference(len(names), len(data), 0.10, procedure="nemenyi")
    assert cd == pytest.approx(
        case("demsar2006_friedman_from_auc")["expected"]["CD_nemenyi_0.10"]["value"], abs=5e-3
    )
    expected = cd_groups(ranks, cd=cd)
    assert len(expected) == 2
    assert sorted(map(sorted, drawn_groups(fig))) == sorted(map(sorted, map(set, expected)))
    # The CD bar has the length of CD on the rank axis (best = rank 1 on the right).
    xs = elbow_x(fig)
    per_rank = (xs[names[0]] - xs[names[1]]) / (ranks[names[1]] - ranks[names[0]])
    assert per_rank > 0  # a lower (better) rank lies further right
    bar = lines_with_gid(fig, "cd-bar")["cd-bar"]
    assert abs(np.diff(bar.get_xdata())[0]) == pytest.approx(cd * per_rank)
    assert any(t.startswith("CD = ") for t in texts)
    assert_readable(fig)
    fig.savefig(tmp_path / "cd.png")
    fig.savefig(tmp_path / "cd.svg")
    assert (tmp_path / "cd.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = ET.parse(tmp_path / "cd.svg").getroot()
    ids = {el.get("id") for el in svg.iter() if el.get("id")}
    assert {f"cd-name-{n}" for n in names} <= ids
    assert sum(i.startswith("cd-group-") for i in ids) == len(expected)


def test_at_alpha_005_demsar2006_is_one_group() -> None:
    fig = cd_diagram(load_example("demsar2006"))
    assert drawn_groups(fig) == [set(load_example("demsar2006").columns)]


def test_garcia2010_bonferroni_dunn_marks_the_control_interval() -> None:
    data = load_example("garcia2010")
    fig = cd_diagram(data, procedure="bonferroni_dunn", control="PDFC")
    assert lines_with_gid(fig, "cd-group-") == {}
    interval = lines_with_gid(fig, "cd-control-interval")["cd-control-interval"]
    ranks = friedman(data).ranks
    cd = critical_difference(4, len(data), 0.05, procedure="bonferroni_dunn")
    xs = elbow_x(fig)
    lo, hi = sorted(interval.get_xdata())
    inside = {n for n, x in xs.items() if lo <= x <= hi}
    assert inside == {n for n in ranks.index if abs(ranks[n] - ranks["PDFC"]) < cd}
    assert lines_with_gid(fig, "cd-control-marker")
    names = {t.get_text(): t for t in drawn_texts(fig)}
    assert names["PDFC"].get_fontweight() == "bold"
    assert_readable(fig)


def test_bonferroni_dunn_needs_a_named_control() -> None:
    data = load_example("garcia2010")
    with pytest.raises(
        ValueError, match="bonferroni_dunn' compares with a control: name the control"
    ):
        cd_diagram(data, procedure="bonferroni_dunn")
    fig = cd_diagram(data, procedure="bonferroni_dunn", control=friedman(data).ranks.idxmin())
    bold = [t.get_text() for t in drawn_texts(fig) if t.get_fontweight() == "bold"]
    assert bold == ["PDFC"]


@pytest.mark.parametrize("method", ["holm", "shaffer", "bergmann_hommel"])
def test_all_pairs_procedures_group_by_their_apvs(method: str) -> None:
    data = load_example("garcia2008")
    result = posthoc_all_pairs(data)
    fig = cd_diagram(data, procedure=method)
    expected = cd_groups(result.ranks, result.matrix(method) <= 0.05)
    assert sorted(map(sorted, drawn_groups(fig))) == sorted(map(sorted, map(set, expected)))
    # A post-hoc result can be drawn directly, with the same groups.
    again = cd_diagram(result, procedure=method)
    assert sorted(map(sorted, drawn_groups(again))) == sorted(map(sorted, drawn_groups(fig)))


def test_published_ranks_instead_of_data() -> None:
    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    ranks = pd.Series(expected["average_ranks"]["value"])
    fig = cd_diagram(ranks=ranks, n_datasets=30, procedure="nemenyi")
    cd = critical_difference(len(ranks), 30, 0.05, procedure="nemenyi")
    assert sorted(map(sorted, drawn_groups(fig))) == sorted(
        map(sorted, map(set, cd_groups(ranks, cd=cd)))
    )
    fig = cd_diagram(ranks=ranks, n_datasets=30, procedure="bergmann_hommel")
    assert {t.get_text() for t in drawn_texts(fig)} >= set(ranks.index)


def test_every_pair_different_draws_no_group_line() -> None:
    ranks = pd.Series({f"m{i}": float(i) for i in range(1, 6)})
    fig = cd_diagram(ranks=ranks, n_datasets=500)
    assert cd_groups(ranks, cd=critical_difference(5, 500, 0.05)) == []
    assert lines_with_gid(fig, "cd-group-") == {}


def test_tied_ranks_still_draw_a_visible_group() -> None:
    ranks = pd.Series({"a": 1.0, "b": 2.5, "c": 2.5, "d": 4.0})
    fig = cd_diagram(ranks=ranks, n_datasets=400)
    assert drawn_groups(fig) == [{"b", "c"}]
    assert_readable(fig)


def test_a_long_control_name_keeps_the_title_inside() -> None:
    ranks = pd.Series(
        {"A remarkably long algorithm name for the control (tuned)": 1.2, "b": 2.0, "c": 2.8}
    )
    fig = cd_diagram(
        ranks=ranks, n_datasets=20, procedure="bonferroni_dunn", control=ranks.index[0]
    )
    assert_readable(fig)


def test_group_bars_on_one_row_never_touch() -> None:
    # Chains of overlapping groups, ties, and a lone algorithm far away.
    ranks = pd.Series({"a": 1.0, "b": 1.5, "c": 2.0, "d": 2.5, "e": 2.5, "f": 3.0, "g": 6.0})
    rejected = [("a", "c"), ("b", "d"), ("b", "e"), ("a", "d"), ("a", "e"), ("c", "f")] + [
        (n, "g") for n in "abcdef"
    ]
    expected = cd_groups(ranks, rejected)
    assert expected == [("a", "b"), ("b", "c"), ("c", "d", "e"), ("d", "e", "f")]
    fig = _draw(
        ranks,
        expected,
        cd=None,
        paint=Paint(),
        interval=None,
        ax=None,
        fontsize=10.0,
        title="t",
        show_ranks=True,
    )
    assert sorted(map(sorted, drawn_groups(fig))) == sorted(map(sorted, map(set, expected)))
    bars = [
        (float(ln.get_ydata()[0]), *sorted(ln.get_xdata()))
        for ln in lines_with_gid(fig, "cd-group-").values()
    ]
    for (ya, loa, hia), (yb, lob, hib) in itertools.combinations(bars, 2):
        if ya == yb:
            assert hia < lob or hib < loa, "two group bars overlap on one row"
    assert len({y for y, _, _ in bars}) == 2  # overlapping neighbours alternate between two rows
    assert_readable(fig)


def test_thirty_algorithms_with_long_names_stay_readable(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    names = [
        f"Algorithm {i:02d} with a rather long descriptive name" if i % 2 else f"m{i}"
        for i in range(30)
    ]
    data = pd.DataFrame(rng.normal(size=(60, 30)) + np.linspace(0.0, 3.0, 30), columns=names)
    for method in ("nemenyi", "holm"):
        fig = cd_diagram(data, procedure=method)
        texts = [t.get_text() for t in drawn_texts(fig)]
        assert all(texts.count(n) == 1 for n in names)
        assert_readable(fig)
    fig.savefig(tmp_path / "k30.svg")
    fig.savefig(tmp_path / "k30.pdf")
    assert (tmp_path / "k30.pdf").read_bytes()[:4] == b"%PDF"


def test_aligned_ranks_use_their_own_scale() -> None:
    data = load_example("garcia2010")
    fig = cd_diagram(data, procedure="holm", test="aligned")
    ticks = [
        float(t.get_text()) for t in drawn_texts(fig) if (t.get_gid() or "").startswith("cd-tick-")
    ]
    assert max(ticks) == 4 * len(data) and min(ticks) == 1
    assert_readable(fig)
    nemenyi = cd_diagram(data, procedure="nemenyi", test="aligned")  # its APVs: no single CD
    assert not [item for item in nemenyi.findobj() if item.get_gid() == "cd-bar"]


def test_the_papers_options_reach_the_post_hoc() -> None:
    data = load_example("garcia2010")
    # G10's aligned-ranks SE is smaller: at alpha = 0.10 it also separates PDFC from NNEP.
    paper = cd_diagram(data, procedure="holm", test="aligned", alpha=0.10, se="garcia2010")
    assert drawn_groups(paper) == [{"NNEP", "IS-CHC + 1NN"}]
    assert drawn_groups(cd_diagram(data, procedure="holm", test="aligned", alpha=0.10)) == [
        {"PDFC", "NNEP", "IS-CHC + 1NN"}
    ]
    # G10's Quade SE (eq. 22) is larger at k = 4: PDFC no longer differs from NNEP and IS-CHC.
    quade = {"procedure": "holm", "test": "quade", "alpha": 0.05}
    assert drawn_groups(cd_diagram(data, **quade, se="garcia2010")) == [
        {"PDFC", "NNEP", "IS-CHC + 1NN"},
        {"NNEP", "IS-CHC + 1NN", "FH-GBML"},
    ]
    assert drawn_groups(cd_diagram(data, **quade)) == [{"NNEP", "IS-CHC + 1NN", "FH-GBML"}]
    report = compare(data, test="quade", se="garcia2010", procedure="holm")
    assert drawn_groups(report.plot()) == drawn_groups(cd_diagram(data, **quade, se="garcia2010"))
    # monotone=True: G08 Table 5's Bergmann-Hommel APVs (0.0303 becomes 0.0319).
    g08 = load_example("garcia2008")
    result = posthoc_all_pairs(g08, procedures=["bergmann_hommel"], monotone=True)
    fig = cd_diagram(g08, procedure="bergmann_hommel", alpha=0.031, monotone=True)
    expected = cd_groups(result.ranks, result.matrix("bergmann_hommel") <= 0.031)
    assert sorted(map(sorted, drawn_groups(fig))) == sorted(map(sorted, map(set, expected)))
    plain = posthoc_all_pairs(g08, procedures=["bergmann_hommel"])
    assert expected != cd_groups(plain.ranks, plain.matrix("bergmann_hommel") <= 0.031)


def test_report_and_axes_input() -> None:
    report = multicomp.compare(load_example("demsar2006"))
    fig = cd_diagram(report)
    assert {t.get_text() for t in drawn_texts(fig)} >= set(report.algorithms)
    host = Figure(figsize=(8, 3))
    ax = host.add_subplot()
    assert cd_diagram(load_example("demsar2006"), ax=ax) is host
    assert isinstance(ax, Axes) and not ax.axison
    assert any(t.get_text() == "C4.5" for t in ax.texts)


def test_lower_is_better_reverses_the_ranks() -> None:
    data = load_example("demsar2006")
    high = elbow_x(cd_diagram(data))
    low = elbow_x(cd_diagram(-data, higher_is_better=False))
    assert high == pytest.approx(low)


def test_names_are_not_parsed_as_math() -> None:
    ranks = pd.Series({"$x_1$": 1.0, "100% a_b": 2.0, "c": 3.0})
    fig = cd_diagram(ranks=ranks, n_datasets=10)
    assert {t.get_text() for t in drawn_texts(fig)} >= set(ranks.index)
    assert_readable(fig)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"procedure": "tukey"}, "procedure must be one of"),
        ({"alpha": 1.5}, "alpha"),
        ({"procedure": "bonferroni_dunn", "control": "nope"}, "unknown control"),
    ],
)
def test_bad_options(kwargs: dict[str, Any], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        cd_diagram(load_example("demsar2006"), **kwargs)


def test_no_pyplot_and_no_backend_switch(tmp_path: Path) -> None:
    # (matplotlib.get_backend() itself imports pyplot, so read the raw rcParams entry.)
    code = (
        "import sys, matplotlib; raw = lambda: dict.__getitem__(matplotlib.rcParams, 'backend'); "
        "before = raw(); import multicomp; "
        "multicomp.cd_diagram(multicomp.load_example('demsar2006')).savefig(sys.argv[1]); "
        "assert 'matplotlib.pyplot' not in sys.modules; assert raw() == before"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path / "cd.png")], check=True)
    assert (tmp_path / "cd.png").stat().st_size > 0


def test_default_procedure_is_the_summarys() -> None:
    # One default for a given call: cd_diagram, compare and Report.plot draw/report the same
    # decisions (all pairs: Bergmann-Hommel; with a control: Holm).
    data = load_example("garcia2008")
    report = multicomp.compare(data)
    expected = cd_groups(
        pd.Series(report.test_ranks, index=report.algorithms),
        [(h.first, h.second) for h in report.rejected()],
    )
    assert report.procedure == "bergmann_hommel"
    for fig in (cd_diagram(data), report.plot(), cd_diagram(report)):
        assert sorted(map(sorted, drawn_groups(fig))) == sorted(map(sorted, map(set, expected)))
        assert any(t.get_text().startswith("Bergmann-Hommel") for t in drawn_texts(fig))


@pytest.mark.parametrize("method", [None, "holm", "hochberg", "finner", "li", "bonferroni"])
def test_with_a_control_the_diagram_draws_the_summarys_decisions(method: str | None) -> None:
    # The interval joins the control to exactly the algorithms the procedure does not separate
    # from it; the summary of the same report calls the others significantly different.
    data = load_example("garcia2010")
    report = multicomp.compare(
        data, control="PDFC", alpha=0.10, **({} if method is None else {"procedure": method})
    )
    apart = {h.second for h in report.rejected()}
    assert apart  # something is rejected, so the interval does not span everything
    for fig in (report.plot(), cd_diagram(data, control="PDFC", alpha=0.10, procedure=method)):
        interval = lines_with_gid(fig, "cd-control-interval")["cd-control-interval"]
        lo, hi = sorted(interval.get_xdata())
        inside = {n for n, x in elbow_x(fig).items() if lo <= x <= hi}
        assert inside == set(report.algorithms) - apart
        assert lines_with_gid(fig, "cd-group-") == {}
        assert_readable(fig)
    for name in apart:
        assert f"PDFC is significantly better than {name}" in report.summary


def test_small_user_axes_shrink_the_text_instead_of_clipping(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    names = [
        f"Algorithm {i:02d} with a rather long descriptive name" if i % 2 else f"m{i}"
        for i in range(30)
    ]
    data = pd.DataFrame(rng.normal(size=(60, 30)) + np.linspace(0.0, 3.0, 30), columns=names)
    host = Figure(figsize=(7, 4))
    ax = host.add_subplot()
    cd_diagram(data, ax=ax, procedure="shaffer")
    assert_readable(host)
    box = ax.get_window_extent()
    canvas = FigureCanvasAgg(host)
    canvas.draw()
    for text in drawn_texts(host):  # inside the caller's axes, not only the figure
        extent = text.get_window_extent(canvas.get_renderer())
        assert box.x0 - 1 <= extent.x0 and extent.x1 <= box.x1 + 1, text.get_text()
        assert box.y0 - 1 <= extent.y0 and extent.y1 <= box.y1 + 1, text.get_text()
    host.savefig(tmp_path / "small.png", dpi=100)
    # An axes with room to spare keeps the requested font size.
    roomy = Figure(figsize=(20, 12)).add_subplot()
    cd_diagram(load_example("demsar2006"), ax=roomy, fontsize=10.0)
    assert {
        t.get_fontsize() for t in roomy.texts if (t.get_gid() or "").startswith("cd-name-")
    } == {10.0}


def test_staircase_puts_one_group_bar_per_row() -> None:
    ranks = pd.Series({"a": 1.0, "b": 1.5, "c": 2.0, "d": 2.5, "e": 2.5, "f": 3.0, "g": 6.0})
    rejected = [("a", "c"), ("b", "d"), ("b", "e"), ("a", "d"), ("a", "e"), ("c", "f")] + [
        (n, "g") for n in "abcdef"
    ]
    # Average ranks of 7 algorithms sum to 28 (those above are positions for _draw only).
    valid = pd.Series({"a": 1.5, "b": 2.5, "c": 3.5, "d": 4.0, "e": 4.5, "f": 5.0, "g": 7.0})
    fig = cd_diagram(ranks=valid, n_datasets=20, procedure="holm")
    compact = cd_diagram(ranks=valid, n_datasets=20, procedure="holm", bars="compact")
    stair = cd_diagram(ranks=valid, n_datasets=20, procedure="holm", bars="staircase")
    assert drawn_groups(fig) == drawn_groups(compact)
    rows = [float(ln.get_ydata()[0]) for ln in lines_with_gid(stair, "cd-group-").values()]
    assert len(rows) == len(set(rows)) == len(drawn_groups(stair))
    assert sorted(map(sorted, drawn_groups(stair))) == sorted(map(sorted, drawn_groups(compact)))
    drawn = _draw(
        ranks,
        cd_groups(ranks, rejected),
        cd=None,
        paint=Paint(),
        interval=None,
        ax=None,
        fontsize=10.0,
        title="t",
        show_ranks=True,
        bars="staircase",
    )
    ys = [float(ln.get_ydata()[0]) for ln in lines_with_gid(drawn, "cd-group-").values()]
    assert ys == sorted(ys) and len(set(ys)) == 4
    assert_readable(drawn)
    with pytest.raises(ValueError, match="bars must be one of"):
        cd_diagram(ranks=ranks, n_datasets=20, bars="stairs")  # type: ignore[arg-type]


def test_a_report_redraws_with_its_own_pvalue_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Report.plot with another test recomputes through the post-hoc API once, with the
    report's p-value method and resamples (issue 19.5: it used exact permutation p-values
    whatever the report's method). The diagram runs it through PosthocOptions.run."""
    from multicomp.posthoc import rank as module

    calls: list[dict[str, Any]] = []
    real = module.posthoc_all_pairs

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    data = load_example("demsar2006")
    report = compare(data, method="asymptotic")
    monkeypatch.setattr(module, "posthoc_all_pairs", spy)  # compare's own post-hoc is done
    figure = report.plot(test="aligned")
    assert [(c["method"], c["n_resamples"], c["test"]) for c in calls] == [
        ("asymptotic", report.n_resamples, "aligned")
    ]
    expected = posthoc_all_pairs(data, test="aligned", method="asymptotic")
    decided = cd_groups(expected.ranks, expected.matrix(report.procedure) <= report.alpha)
    assert sorted(map(sorted, drawn_groups(figure))) == sorted(map(sorted, map(set, decided)))
    calls.clear()
    cd_diagram(data, test="quade", procedure="shaffer", method="permutation", n_resamples=99)
    assert [(c["method"], c["n_resamples"]) for c in calls] == [("permutation", 99)]


def test_the_summary_and_the_diagram_read_one_set_of_decisions() -> None:
    """The groups of the summary and of the diagram come from report.decisions."""
    from multicomp.report.decisions import of_report

    report = compare(load_example("garcia2008"))
    groups = of_report(report).groups
    assert groups and all(f"  - {', '.join(g)}" in report.summary for g in groups)
    assert sorted(map(sorted, drawn_groups(report.plot()))) == sorted(map(sorted, map(set, groups)))
