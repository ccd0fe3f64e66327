"""Report.save and the command line's --outdir: every output at once, nothing replaced unless
asked (issue 20.5)."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from multicomp import Report, compare, load_example
from multicomp.cli import main
from multicomp.report import files
from multicomp.report.files import FILES, targets

NAMES = sorted(path.name for path in targets("out").values())  # with Parquet, given pyarrow


@pytest.fixture(scope="module")
def report() -> Report:
    return compare(load_example("demsar2006"))


def test_save_writes_each_output_as_its_renderer_gives_it(report: Report, tmp_path: Path) -> None:
    written = report.save(tmp_path / "new" / "dir")  # created with its parents
    assert sorted(p.name for p in written.values()) == NAMES
    assert all(p.parent == tmp_path / "new" / "dir" for p in written.values())
    text = {
        kind: written[kind].read_text(encoding="utf-8") for kind in FILES if "diagram" not in kind
    }
    assert text["text"] == report.to_text()
    assert text["markdown"] == report.to_markdown()
    assert text["latex"] == report.to_latex()
    assert text["csv"] == report.to_csv()
    assert text["json"] == report.to_json()  # written piece by piece, the same text
    assert Report.from_json(text["json"]) == report
    assert _without_image(text["html"]) == _without_image(report.to_html())
    assert written["cd_diagram_png"].read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    svg = written["cd_diagram_svg"].read_text(encoding="utf-8")
    assert "<svg" in svg and "C4.5+m+cf" not in svg.split("<svg", 1)[0]
    assert not [p for p in written["text"].parent.iterdir() if p.name.endswith(".tmp")]


def _without_image(html: str) -> str:
    """The page with its diagram's data URI cut (matplotlib's SVG ids differ between draws)."""
    return re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "data:", html)


def test_existing_files_are_kept_unless_asked(report: Report, tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError, match=r"report\.md' exists: give overwrite=True"):
        report.save(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # nothing written at all
    assert (tmp_path / "report.md").read_text(encoding="utf-8") == "mine"
    written = report.save(tmp_path, overwrite=True)
    assert written["markdown"].read_text(encoding="utf-8") == report.to_markdown()


def test_save_refuses_bad_arguments(report: Report, tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="is not a directory"):
        report.save(afile)
    with pytest.raises(TypeError, match="directory must be a path"):
        report.save(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="overwrite must be True or False"):
        report.save(tmp_path, overwrite="yes")  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_cli_outdir_writes_everything_and_keeps_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["--example", "demsar2006", "--format", "json", "--outdir", str(out)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["format"] == "multicomp.report"  # stdout as without it
    assert sorted(p.name for p in out.iterdir()) == NAMES
    assert captured.err == ""
    saved = Report.from_json((out / "report.json").read_text(encoding="utf-8"))
    assert saved == Report.from_json(captured.out)


def test_cli_refuses_to_replace_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cd-diagram.svg").write_text("mine", encoding="utf-8")
    assert main(["--example", "demsar2006", "--outdir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the analysis
    assert "cd-diagram.svg' exists: give --overwrite to replace it" in captured.err
    assert main(["--example", "demsar2006", "--outdir", str(tmp_path), "--overwrite"]) == 0
    assert (tmp_path / "cd-diagram.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--overwrite"], "--overwrite goes with --outdir"),
        (["--outdir", "x", "--bayesian", "sign"], "does not go with --bayesian"),
        (["--matrix", "--ranking"], "--matrix belongs to the report of the comparison"),
        (["--outdir", "x", "--check-conditions"], "does not go with --check-conditions"),
    ],
)
def test_cli_outdir_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--example", "demsar2006", *argv])
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_a_report_with_the_matrix_also_saves_its_heat_map(tmp_path: Path) -> None:
    report = compare(load_example("demsar2006"), extras=["matrix"])
    written = report.save(tmp_path)
    assert sorted(p.name for p in written.values()) == sorted(
        [*NAMES, "comparison-matrix.png", "comparison-matrix.svg"]
    )
    assert written["matrix_png"].read_bytes().startswith(b"\x89PNG")
    assert "C4.5+m+cf" in written["matrix_svg"].read_text(encoding="utf-8")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "comparison-matrix.svg").write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError, match=r"comparison-matrix\.svg"):
        report.save(tmp_path / "other")


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_saved_files_get_the_permissions_open_gives(
    report: Report, tmp_path: Path, umask: int
) -> None:
    """Readable by others under umask 022, as a file written with open() would be (and
    private under 077): not mkstemp's 0o600 whatever the umask."""
    previous = os.umask(umask)
    try:
        written = report.save(tmp_path / "out")
        (tmp_path / "plain.txt").write_text("x")
    finally:
        os.umask(previous)
    expected = stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode)
    assert expected == 0o666 & ~umask
    assert {stat.S_IMODE(p.stat().st_mode) for p in written.values()} == {expected}
    assert not list((tmp_path / "out").glob(".*.tmp"))


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_a_save_that_fails_while_rendering_leaves_the_old_set(
    report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The CSV is rendered after the text, Markdown and LaTeX reports: its failure must leave
    every old file as it was (not the new .txt/.md/.tex beside the old rest), and no staging
    directory behind."""
    report.save(tmp_path)
    (tmp_path / "mine.txt").write_text("mine", encoding="utf-8")
    before = _snapshot(tmp_path)
    other = compare(load_example("demsar2006"), control="C4.5")

    def broken(*args: object) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("multicomp.report.tidy.blocks", broken)
    with pytest.raises(OSError, match="No space left"):
        other.save(tmp_path, overwrite=True)
    assert _snapshot(tmp_path) == before


def test_a_save_that_fails_while_moving_into_place_restores_the_old_set(
    report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report.save(tmp_path)
    before = _snapshot(tmp_path)
    other = compare(load_example("demsar2006"), control="C4.5")
    calls = []
    replace = os.replace

    def failing(source: object, target: object) -> None:
        calls.append(target)
        if len(calls) == 5:  # partway: two old files moved aside, two new ones placed
            raise OSError(28, "No space left on device")
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "replace", failing)
    with pytest.raises(OSError, match="No space left"):
        other.save(tmp_path, overwrite=True)
    monkeypatch.undo()
    assert _snapshot(tmp_path) == before
    assert report.save(tmp_path, overwrite=True)  # and it works again


def test_a_failed_save_into_a_new_directory_leaves_nothing(
    report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Report, "to_latex", lambda self, **kw: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        report.save(tmp_path / "new")
    assert list(tmp_path.iterdir()) == []


def test_a_directory_named_like_an_output_is_found_before_anything_is_written(
    report: Report, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "report.tex").mkdir()
    for overwrite in (False, True):
        with pytest.raises(IsADirectoryError, match=r"report\.tex' is a directory"):
            report.save(tmp_path, overwrite=overwrite)
        assert [p.name for p in tmp_path.iterdir()] == ["report.tex"]
    argv = ["--example", "demsar2006", "--outdir", str(tmp_path), "--overwrite"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "report.tex' is a directory" in captured.err
    assert [p.name for p in tmp_path.iterdir()] == ["report.tex"]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_dangling_symlink_directory_is_named_as_such(
    report: Report, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "out"
    link.symlink_to(tmp_path / "missing")
    with pytest.raises(FileNotFoundError, match=r"is a symbolic link to .*missing.*does not exist"):
        report.save(link)
    assert main(["--example", "demsar2006", "--outdir", str(link)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_an_empty_outdir_is_refused(
    report: Report,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="directory must name a directory"):
        report.save("")
    with pytest.raises(SystemExit) as exit_:
        main(["--example", "demsar2006", "--outdir", ""])
    assert (
        exit_.value.code == 2
        and "--outdir needs the name of a directory" in capsys.readouterr().err
    )
    assert list(tmp_path.iterdir()) == []


def test_save_writes_the_bayesian_ranking_and_the_parquet_pairs(tmp_path: Path) -> None:
    report = compare(load_example("demsar2006"), extras=["bayesian_ranking"])
    written = report.save(tmp_path)
    assert written["ranking_png"].read_bytes().startswith(b"\x89PNG")
    svg = written["ranking_svg"].read_text(encoding="utf-8")
    assert report.bayesian_ranking[0].algorithm in svg
    assert "Bayesian Plackett-Luce ranking" in written["text"].read_text(encoding="utf-8")
    pytest.importorskip("pyarrow")
    import pandas as pd

    pairs = pd.read_parquet(written["pairs_parquet"])
    pd.testing.assert_frame_equal(pairs, report.to_frame(), check_index_type=False)


@pytest.mark.parametrize("failing", ["main", "beside"])
def test_an_error_on_either_thread_stops_the_save_and_writes_nothing(
    tmp_path: Path, failing: str
) -> None:
    """The outputs written on the second thread and those on this one: an error on either is
    raised once both are done, and nothing is moved into place (no staging left behind)."""
    started = threading.Event()
    paths = {"main": tmp_path / "out" / "a.txt", "beside": tmp_path / "out" / "b.txt"}

    def beside() -> Iterator[str]:
        started.set()
        yield "second"
        if failing == "beside":
            raise OSError(28, "No space left on device")

    def on_main() -> str:
        assert started.wait(10)  # the second thread runs meanwhile
        if failing == "main":
            raise OSError(28, "No space left on device")
        return "first"

    with pytest.raises(OSError, match="No space left"):
        files.write_all(paths, {"main": on_main, "beside": beside}, beside=("beside",))
    assert list(tmp_path.iterdir()) == []
    written = files.write_all(
        paths, {"main": lambda: "first", "beside": lambda: ["sec", "ond"]}, beside=("beside",)
    )
    assert [p.read_text() for p in written.values()] == ["first", "second"]


@pytest.mark.parametrize("kind", ["cd_diagram", "letters", "matrix", "ranking"])
def test_figures_are_cut_to_the_box_savefig_finds(kind: str) -> None:
    """The box found once for a figure's PNG and SVG (files.framed) is the one
    savefig(bbox_inches="tight") finds on a fresh copy of the figure: the same PNG to a pixel
    (constrained layouts included: laid out at the PNG's resolution). The SVG's texts measure
    a little differently at 72 dpi (its box 1.7 points narrower to 6.7 points wider than its
    own tight box, seen with matplotlib 3.10 and 3.11): never narrower by more than the
    padding, so nothing is cut, and at most two paddings wider."""
    import io

    import matplotlib
    from PIL import Image

    report = compare(
        load_example("garcia2008"), method="asymptotic", extras=["matrix", "bayesian_ranking"]
    )
    draw = {
        "cd_diagram": report.plot,
        "letters": lambda: report.plot(letters=True),
        "matrix": report._matrix_figure,
        "ranking": report._ranking_figure,
    }[kind]
    box = files.framed(draw())
    png, svg = files.figure_bytes(box, "png"), files.figure_bytes(box, "svg").decode()
    tight_png, tight_svg = io.BytesIO(), io.BytesIO()
    draw().savefig(tight_png, format="png", bbox_inches="tight", dpi=files.PNG_DPI)
    draw().savefig(tight_svg, format="svg", bbox_inches="tight")
    pad = 72 * matplotlib.rcParams["savefig.pad_inches"]  # points
    tight, ours = Image.open(tight_png).size, Image.open(io.BytesIO(png)).size
    assert abs(ours[0] - tight[0]) <= 1 and abs(ours[1] - tight[1]) <= 1, (ours, tight)
    for ours_pt, tight_pt in zip(_svg_size(svg), _svg_size(tight_svg.getvalue().decode())):
        assert tight_pt - pad <= ours_pt <= tight_pt + 2 * pad, (ours_pt, tight_pt)


def _svg_size(svg: str) -> tuple[float, float]:
    """The width and height of an SVG document, in points."""
    found = re.search(r'<svg[^>]*\swidth="([\d.]+)pt"[^>]*\sheight="([\d.]+)pt"', svg)
    assert found is not None
    return float(found[1]), float(found[2])
