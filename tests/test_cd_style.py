"""The style of a CD diagram (highlight, hue, aliases, line width and colour of the bars) and
the note where the group bars mislead, through cd_diagram, Report.plot and the CLI."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.text import Text

import multicomp as mc
from cd_figure import assert_readable, lines_with_gid
from multicomp.cli import main
from multicomp.plotting.cd_style import HIGHLIGHT_COLOR
from multicomp.report.decisions import Decisions

HUE = {"C4.5": "trees", "CN2": "rules", "1-NN": "lazy", "Kernel": "lazy"}


def texts(fig: Figure) -> dict[str, Text]:
    """The drawn texts of ``fig`` by gid."""
    return {t.get_gid(): t for t in fig.findobj(Text) if t.get_gid()}


@pytest.fixture(scope="module")
def scores() -> mc.Scores:
    return mc.load_example("garcia2008")


def test_highlight_is_bold_and_coloured(scores: mc.Scores) -> None:
    fig = mc.cd_diagram(scores, highlight="NaiveBayes")
    name = texts(fig)["cd-name-NaiveBayes"]
    assert name.get_fontweight() == "bold"
    assert to_hex(name.get_color()) == HIGHLIGHT_COLOR
    assert to_hex(lines_with_gid(fig, "cd-elbow-NaiveBayes")["cd-elbow-NaiveBayes"].get_color())
    other = texts(fig)["cd-name-CN2"]
    assert other.get_fontweight() == "normal" and to_hex(other.get_color()) == "#000000"


def test_hue_colours_each_family_with_a_legend(scores: mc.Scores) -> None:
    fig = mc.cd_diagram(scores, hue=HUE, highlight=["C4.5"])
    drawn = texts(fig)
    colour = {name: to_hex(drawn[f"cd-name-{name}"].get_color()) for name in HUE}
    assert colour["1-NN"] == colour["Kernel"]  # one family, one colour
    assert len({colour["C4.5"], colour["CN2"], colour["1-NN"]}) == 3
    assert to_hex(drawn["cd-name-NaiveBayes"].get_color()) == "#000000"  # in no family
    assert drawn["cd-name-C4.5"].get_fontweight() == "bold"  # highlighted, in its family colour
    legend = lines_with_gid(fig, "cd-family-")
    assert sorted(legend) == ["cd-family-lazy", "cd-family-rules", "cd-family-trees"]
    assert to_hex(legend["cd-family-lazy"].get_color()) == colour["Kernel"]
    assert_readable(fig)


def test_aliases_change_the_text_only(scores: mc.Scores) -> None:
    fig = mc.cd_diagram(scores, aliases={"NaiveBayes": "NB"})
    assert texts(fig)["cd-name-NaiveBayes"].get_text() == "NB"
    plain = mc.cd_diagram(scores)
    assert fig.get_figwidth() <= plain.get_figwidth()  # room follows the text shown


def test_bars_take_width_and_colour(scores: mc.Scores) -> None:
    fig = mc.cd_diagram(scores, procedure="nemenyi", linewidth=6, bar_color="tab:green")
    bars = lines_with_gid(fig, "cd-group-").values()
    assert bars and all(b.get_linewidth() == 6 for b in bars)
    assert {to_hex(b.get_color()) for b in bars} == {to_hex("tab:green")}
    assert_readable(fig)
    control = mc.cd_diagram(scores, control="C4.5", procedure="holm", linewidth=5)
    interval = lines_with_gid(control, "cd-control-interval")["cd-control-interval"]
    assert interval.get_linewidth() == 5


def test_report_plot_takes_the_style(scores: mc.Scores) -> None:
    report = mc.compare(scores)
    fig = report.plot(highlight="CN2", aliases={"Kernel": "K"}, bar_color="tab:red")
    assert texts(fig)["cd-name-CN2"].get_fontweight() == "bold"
    assert texts(fig)["cd-name-Kernel"].get_text() == "K"
    assert texts(mc.cd_diagram(report, hue=HUE))["cd-name-CN2"].get_color() != "black"


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"highlight": "Foo"}, ValueError, r"highlight names \['Foo'\]"),
        ({"hue": {"C4.5": "trees", "foo": "x"}}, ValueError, r"hue names \['foo'\]"),
        ({"aliases": ["NB"]}, TypeError, "aliases must map algorithm names"),
        ({"hue": {"C4.5": 3}}, TypeError, "hue must map algorithm names"),
        ({"highlight": [1]}, TypeError, "highlight must be a name"),
        ({"linewidth": 0}, ValueError, "linewidth must be a finite number > 0"),
        ({"linewidth": "3"}, TypeError, "linewidth must be a number"),
        ({"fontsize": float("nan")}, ValueError, "fontsize must be a finite number > 0"),
        ({"bar_color": "nocolour"}, ValueError, "bar_color must be a matplotlib colour"),
    ],
)
def test_bad_style(scores: mc.Scores, kwargs: dict[str, Any], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        mc.cd_diagram(scores, **kwargs)


def test_too_many_families() -> None:
    ranks = pd.Series(np.arange(1.0, 23.0), index=[f"a{i}" for i in range(22)])
    with pytest.raises(ValueError, match="hue has 21 families; at most 20"):
        mc.cd_diagram(ranks=ranks, n_datasets=30, hue={f"a{i}": f"f{i}" for i in range(21)})


def test_the_diagram_says_where_its_bars_mislead(scores: mc.Scores) -> None:
    """garcia2008, Nemenyi: C4.5 and 1-NN differ, though bars join each to NaiveBayes."""
    fig = mc.cd_diagram(scores, procedure="nemenyi", aliases={"NaiveBayes": "NB"})
    note = texts(fig)["cd-note"].get_text()
    assert note.startswith("C4.5 and 1-NN differ, though a bar joins each to NB:")
    assert "compact_letters()" in note
    assert_readable(fig)
    apvs = mc.posthoc_all_pairs(scores).matrix("nemenyi")
    assert apvs.loc["C4.5", "1-NN"] <= 0.05  # they do differ
    clean = mc.cd_diagram(scores, procedure="bergmann_hommel")  # no such triple there
    assert "cd-note" not in texts(clean)


def _brute_bridged(d: Decisions) -> set[tuple[str, str, str]]:
    """Every (a, b, c): (a, b) rejected, c in a group with a and in a group with b."""
    names = list(d.ranks.index)
    rejected = {
        frozenset((names[i], names[j]))
        for i, j in itertools.combinations(range(len(names)), 2)
        if np.asarray(d.rejected)[i, j]
    }
    joined = {(a, c) for g in d.groups for a in g for c in g}
    return {
        (a, b, c)
        for a, b in itertools.permutations(names, 2)
        if frozenset((a, b)) in rejected
        for c in names
        if (a, c) in joined and (b, c) in joined
    }


@settings(max_examples=60, deadline=None)
@given(k=st.integers(3, 7), data=st.data())
def test_bridged_finds_a_misleading_triple_exactly_when_one_exists(k: int, data: Any) -> None:
    ranks = pd.Series(
        data.draw(st.lists(st.integers(1, 2 * k), min_size=k, max_size=k)),
        index=[f"a{i}" for i in range(k)],
        dtype=float,
    )
    upper = np.triu(
        np.array(data.draw(st.lists(st.booleans(), min_size=k * k, max_size=k * k))).reshape(k, k),
        1,
    )
    rejected = upper | upper.T
    d = Decisions(ranks, "holm", 0.05, "friedman", 10, "all_pairs", None, rejected)
    found, every = d.bridged(), _brute_bridged(d)
    assert (found is None) == (not every)
    if found is not None:
        a, b, c = found
        assert (a, b, c) in every and ranks[a] <= ranks[b]


def _run(argv: list[str]) -> int:
    """The CLI's exit status, whether it returns it or exits with it (argparse's errors)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def test_cli_style_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cd.svg"
    argv = ["--example", "garcia2008", "--plot", str(out), "--highlight", "C4.5"]
    argv += ["--hue", "C4.5=trees", "--hue", "CN2=rules", "--alias", "NaiveBayes=NB"]
    argv += ["--linewidth", "4", "--bar-color", "tab:green", "--title", "Mine", "--fontsize", "9"]
    assert _run(argv) == 0
    svg = out.read_text()
    assert "cd-family-trees" in svg and "Mine" in svg
    capsys.readouterr()
    for bad, message in [
        (["--highlight", "C4.5"], "--highlight styles the --plot diagram: give --plot PATH"),
        (["--plot", str(out), "--hue", "C4.5"], "--hue takes NAME=FAMILY; got 'C4.5'"),
        (["--plot", str(out), "--linewidth", "-1"], "linewidth must be a finite number > 0"),
        (["--plot", str(out), "--highlight", "Foo"], "highlight names ['Foo']"),
    ]:
        assert _run(["--example", "garcia2008", *bad]) == 2
        assert message in capsys.readouterr().err
