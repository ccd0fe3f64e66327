"""The command line: formats, plots, input forms, error messages and exit codes."""

from __future__ import annotations

import io
import json
import os
import runpy
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp import Report, __version__, compare, load_example, ranktests
from multicomp.cli import main
from multicomp.cli.run import InputError, _checked_input, _with_progress
from readme import GUIDE, README, page_blocks, readme_blocks


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def wide_csv(tmp_path: Path) -> Path:
    path = tmp_path / "scores.csv"
    load_example("demsar2006").to_csv(path)
    return path


def test_example_prints_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--example", "demsar2006"], capsys)
    assert status == 0 and err == ""
    for heading in (
        "Average ranks",
        "Omnibus tests",
        "Friedman",
        "Iman-Davenport",
        "All pairwise comparisons",
        "Summary",
    ):
        assert heading in out
    for name in load_example("demsar2006").columns:
        assert name in out


def test_python_dash_m(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["multicomp", "--example", "demsar2006"])
    with pytest.raises(SystemExit) as stop:
        runpy.run_module("multicomp", run_name="__main__")
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "Average ranks" in out and "Bergmann-Hommel" in out


def test_console_script() -> None:
    script = shutil.which("multicomp")
    if script is None:
        pytest.skip("the console script is not installed (pip install -e . creates it)")
    done = subprocess.run(
        [script, "--example", "garcia2010", "--control", "PDFC", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert Report.from_json(done.stdout).control == "PDFC"


@pytest.mark.parametrize("fmt", ["text", "latex", "markdown", "json", "csv"])
def test_every_format(fmt: str, wide_csv: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([str(wide_csv), "--control", "C4.5", "--format", fmt], capsys)
    assert status == 0 and err == ""
    if fmt == "json":
        report = Report.from_json(out)
        assert report.control == "C4.5" and report.comparison == "control"
    elif fmt == "csv":
        frame = pd.read_csv(io.StringIO(out))
        assert list(frame.columns) == ["table", "row", "column", "value"]
    elif fmt == "latex":
        assert r"\begin{tabular}" in out and r"\textbf" in out and r"\toprule" in out
    elif fmt == "markdown":
        assert out.startswith("### Summary") and "### Average ranks" in out and "| C4.5 vs" in out
    else:
        assert "Comparisons with the control C4.5" in out


@pytest.mark.parametrize(
    ("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")]
)
def test_plot_by_suffix(
    suffix: str, magic: bytes, wide_csv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / f"cd{suffix}"
    status, out, _ = run([str(wide_csv), "--plot", str(target)], capsys)
    assert status == 0 and "Average ranks" in out
    assert target.read_bytes().startswith(magic)


def test_plot_method_and_control(
    wide_csv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "cd.svg"
    status, out, _ = run([str(wide_csv), "--control", "C4.5+m+cf", "--plot", str(target)], capsys)
    assert status == 0 and "Post-hoc (Holm's procedure" in out
    # The diagram draws the summary's procedure (Holm), not Bonferroni-Dunn's interval.
    assert "cd-control-interval" in target.read_text() and "Holm vs control" in target.read_text()
    assert (
        run(
            [
                str(wide_csv),
                "--control",
                "C4.5+m+cf",
                "--plot",
                str(target),
                "--plot-procedure",
                "finner",
            ],
            capsys,
        )[0]
        == 0
    )
    assert "Finner vs control" in target.read_text()
    assert (
        run([str(wide_csv), "--plot", str(target), "--plot-procedure", "nemenyi"], capsys)[0] == 0
    )
    assert "cd-bar" in target.read_text()
    status = run(
        [str(wide_csv), "--test", "aligned", "--plot", str(target), "--plot-procedure", "nemenyi"],
        capsys,
    )[0]
    assert status == 0 and "cd-bar" not in target.read_text()  # the aligned ranks' Nemenyi APVs


def test_long_csv_with_renamed_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wide = load_example("demsar2006")
    long = (
        wide.rename_axis("problem")
        .reset_index()
        .melt(id_vars="problem", var_name="method", value_name="auc")
    )
    path = tmp_path / "long.csv"
    long.to_csv(path, index=False)
    status, out, _ = run(
        [
            str(path),
            "--dataset",
            "problem",
            "--algorithm",
            "method",
            "--score",
            "auc",
            "--format",
            "json",
        ],
        capsys,
    )
    assert status == 0
    report = Report.from_json(out)
    assert report.algorithms == tuple(wide.columns) and report.n_datasets == len(wide)
    default = tmp_path / "default.csv"
    long.rename(columns={"problem": "dataset", "method": "algorithm", "auc": "score"}).to_csv(
        default, index=False
    )
    assert (
        Report.from_json(run([str(default), "--format", "json"], capsys)[1]).hypotheses
        == report.hypotheses
    )


def test_lower_is_better_alpha_test_and_procedure(
    wide_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        [
            str(wide_csv),
            "--lower-is-better",
            "--alpha",
            "0.1",
            "--test",
            "quade",
            "--procedure",
            "holm",
            "--format",
            "json",
        ],
        capsys,
    )
    assert status == 0
    report = Report.from_json(out)
    assert not report.higher_is_better and report.alpha == 0.1
    assert report.test == "quade" and report.procedure == "holm"
    assert report.ranks[0] < 2.5  # C4.5 has the lowest AUCs: best when lower is better


def test_paper_options_reach_compare(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        [
            "--example",
            "garcia2010",
            "--control",
            "PDFC",
            "--test",
            "aligned",
            "--rom",
            "garcia2010",
            "--se",
            "garcia2010",
            "--no-tie-correction",
            "--format",
            "json",
        ],
        capsys,
    )
    assert status == 0
    report = Report.from_json(out)
    assert report == compare(
        load_example("garcia2010"),
        control="PDFC",
        test="aligned",
        rom="garcia2010",
        se="garcia2010",
        tie_correction=False,
    )
    status, out, _ = run(
        [
            "--example",
            "garcia2010",
            "--test",
            "quade",
            "--se",
            "garcia2010",
            "--format",
            "json",
        ],
        capsys,
    )
    assert status == 0
    assert Report.from_json(out) == compare(
        load_example("garcia2010"), test="quade", se="garcia2010"
    )
    status, out, _ = run(["--example", "garcia2008", "--monotone", "--format", "json"], capsys)
    assert status == 0 and Report.from_json(out).monotone
    # An option that would change nothing is an input error, in one line.
    status, _, err = run(["--example", "garcia2008", "--rom", "garcia2010"], capsys)
    assert status == 2 and "rom= applies to the comparisons with a control" in one_line_error(err)


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("multicomp: error: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "cannot read"),
        ("d,a,b\nx,1,2\ny,1,2,3,4,5\n", "Expected 3 fields"),
        ("d,a,b\nx,1,oops\ny,2,3\n", "numeric"),
        (
            "d,a,b\nx,1,\ny,2,3\n",
            "missing/NaN value(s), first at data set 'x', algorithm 'b'; pass nan_policy='omit' (--nan-policy omit)",
        ),
        ("d,a,b\nx,1,2\n", "at least 2 data sets"),
        ("dataset,algorithm,score\nx,a,1\nx,b,2\ny,a,3\n", "incomplete"),
    ],
)
def test_bad_csv_gives_one_line_and_status_2(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(content)
    status, out, err = run([str(path)], capsys)
    assert status == 2 and out == ""
    assert message in one_line_error(err)


def test_missing_file_and_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run([str(tmp_path / "nope.csv")], capsys)
    assert status == 2 and "no such file" in one_line_error(err)
    status, _, err = run([str(tmp_path)], capsys)
    assert status == 2 and "directory" in one_line_error(err)


def test_unknown_control_and_procedure(wide_csv: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run([str(wide_csv), "--control", "J48"], capsys)
    assert status == 2 and "unknown control 'J48'" in one_line_error(err)
    status, _, err = run([str(wide_csv), "--procedure", "li"], capsys)
    assert status == 2 and "procedure must be one of" in one_line_error(err)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["a.csv", "--example", "demsar2006"],
        ["--example", "nope"],
        ["--format", "rtf", "--example", "demsar2006"],
        ["--alpha", "1.5", "--example", "demsar2006"],
        ["--alpha", "x", "--example", "demsar2006"],
        ["--plot", "cd.jpg", "--example", "demsar2006"],
        ["--progress", "--no-progress", "--example", "demsar2006"],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: multicomp") and "multicomp: error: " in err


def test_unwritable_plot_exits_1(
    wide_csv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(
        [str(wide_csv), "--plot", str(tmp_path / "no" / "such" / "dir.png")], capsys
    )
    assert status == 1 and "cannot write output" in one_line_error(err)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"multicomp {__version__}\n"


def test_progress_on_request(wide_csv: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([str(wide_csv), "--progress"], capsys)
    assert status == 0 and "Average ranks" in out
    assert "computing all-pairs adjusted p-values for k = 4 ..." in err
    assert "done in" in err
    # Not on a terminal and not asked: silent.
    assert run([str(wide_csv)], capsys)[2] == ""


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_spinner_on_a_terminal_and_errors_propagate() -> None:
    stream = FakeTerminal()
    value = _with_progress(
        lambda: (time.sleep(0.35), 42)[1], "working", enabled=True, stream=stream, interval=0.05
    )
    assert value == 42
    text = stream.getvalue()
    assert "\rmulticomp: working |" in text and "\r\033[K" in text
    assert text.endswith(" s\n") and "working: done in" in text

    def boom() -> None:
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        _with_progress(boom, "working", enabled=True, stream=FakeTerminal(), interval=0.01)
    assert _with_progress(lambda: 7, "x", enabled=False, stream=FakeTerminal()) == 7


def test_json_output_is_one_document(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--example", "garcia2008", "--format", "json"], capsys)
    assert status == 0
    assert json.loads(out)["algorithms"] == list(load_example("garcia2008").columns)


def test_quick_starts_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (quick_start,) = readme_blocks("python", "## Quick start")
    exec(compile(quick_start, str(README), "exec"), {})
    assert Path("cd.png").read_bytes()[:4] == b"\x89PNG"
    tour = GUIDE / "tour.md"
    for block in page_blocks("python", tour):
        exec(compile(block, str(tour), "exec"), {})
    assert Path("cd_bh.svg").exists()


def test_documented_command_lines_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command lines of the CLI's page and of the README's quick start."""
    monkeypatch.chdir(tmp_path)
    wide = load_example("demsar2006")
    wide.to_csv("scores.csv")  # stand-ins for the files the examples name
    wide.rename_axis("dataset").reset_index().melt(
        id_vars="dataset", var_name="algorithm", value_name="score"
    ).to_csv("long.csv", index=False)
    wide.iloc[:, :2].to_csv("folds.csv")  # two algorithms' scores, a row per fold
    (command_lines,) = page_blocks("bash", GUIDE / "cli.md")
    lines = command_lines.replace("\\\n", "").strip().splitlines()  # joined at "\\"
    assert len(lines) >= 3
    (quick_start,) = readme_blocks("bash", "## Quick start")
    for line in [*lines, quick_start.strip()]:
        if line == quick_start.strip():
            load_example("garcia2010").to_csv("scores.csv")  # the README names PDFC
        words = shlex.split(line)
        argv = words[3:] if words[:3] == ["python", "-m", "multicomp"] else words[1:]
        assert words[0] in ("multicomp", "python"), line
        status, out, err = run(argv, capsys)
        assert status == 0 and out and err == "", (line, err)
    assert Path("cd.png").exists() and Path("cd.svg").exists()


# --- hostile input (issue 9, items 1 and 13) -------------------------------------------------


def _cli(
    argv: list[str], stdin: bytes = b"", timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "multicomp", *argv],
        input=stdin,
        capture_output=True,
        timeout=timeout,
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_before_it_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["/dev/zero"], capsys)
    assert status == 2 and "'/dev/zero' is a device, not a CSV file" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_without_writer_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "scores.csv"
    os.mkfifo(fifo)
    done = _cli([str(fifo)], timeout=60)  # opening it would block for ever
    assert done.returncode == 2 and b"is a FIFO, not a CSV file" in done.stderr


def test_size_and_line_length_are_capped(
    wide_csv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run([str(wide_csv), "--max-size", "0.0001"], capsys)
    assert status == 2 and "larger than the --max-size limit (104 bytes)" in err
    long_line = tmp_path / "line.csv"
    long_line.write_bytes(b"a," * (1 << 20))
    status, _, err = run([str(long_line)], capsys)
    assert status == 2 and "line longer than" in err
    with pytest.raises(SystemExit):  # a usage error
        run([str(wide_csv), "--max-size", "0"], capsys)


def test_standard_input_is_read_with_a_cap(wide_csv: Path) -> None:
    text = wide_csv.read_bytes()
    done = _cli(["-", "--format", "json"], stdin=text)
    assert done.returncode == 0 and json.loads(done.stdout)["algorithms"]
    big = _cli(["-", "--max-size", "0.0001"], stdin=text)
    assert (
        big.returncode == 2 and b"standard input is larger than the --max-size limit" in big.stderr
    )


def test_a_refused_standard_input_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a,b\n1,2\n" * 100)))
    with pytest.raises(InputError, match="larger than"), _checked_input("-", 10):
        pass
    assert list(tmp_path.iterdir()) == []


def test_named_columns_must_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.csv"
    path.write_text(
        "dataset,algorithm,score\nd1,A,0.1\nd1,B,0.2\nd2,A,0.3\nd2,B,0.1\nd3,A,0.3\nd3,B,0.5\n"
    )
    status, _, err = run([str(path), "--dataset", "nope"], capsys)
    assert status == 2 and "--dataset 'nope' is not a column" in err


def test_a_row_with_an_extra_field_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "extra.csv"
    path.write_text("name,A,B,C\nd1,0.1,0.2,0.3\nd2,0.2,0.3,0.1,0.9\nd3,0.3,0.1,0.2\n")
    status, _, err = run([str(path)], capsys)
    assert status == 2 and "line 3" in err and "Traceback" not in err


def test_closed_standard_output_is_an_error_not_a_traceback(wide_csv: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "multicomp", str(wide_csv)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr and b"standard output is closed" in done.stderr


def test_cv_runs_the_cross_validation_tests_on_a_csv_of_folds(tmp_path, capsys):
    """--cv: the tests of multicomp.pairs.cross_validation on the two columns of a CSV of folds."""
    rng = np.random.default_rng(0)
    folds = pd.DataFrame(
        {"fold": range(100), "tree": rng.normal(0.8, 0.02, 100), "svm": rng.normal(0.81, 0.02, 100)}
    )
    path = tmp_path / "cv.csv"
    folds.to_csv(path, index=False)
    assert main([str(path), "--cv", "corrected_resampled_t_test", "--rho", "0.1"]) == 0
    expected = mc.corrected_resampled_t_test(folds["tree"], folds["svm"], rho=0.1)
    assert capsys.readouterr().out.strip() == str(expected)
    assert (
        main([str(path), "--cv", "bayesian_correlated_t_test", "--rho", "0.1", "--rope", "0.01"])
        == 0
    )
    bayes = mc.bayesian_correlated_t_test(folds["tree"], folds["svm"], rho=0.1, rope=0.01)
    assert f"{bayes.p_equivalent:.4f}" in capsys.readouterr().out
    five = folds.iloc[:10]
    five.to_csv(path, index=False)
    assert main([str(path), "--cv", "combined_f_test_5x2cv"]) == 0
    f_test = mc.combined_f_test_5x2cv(
        five["tree"].to_numpy().reshape(5, 2), five["svm"].to_numpy().reshape(5, 2)
    )
    assert capsys.readouterr().out.strip() == str(f_test)
    # clean refusals: a missing --rho, a wrong number of folds, a third column
    with pytest.raises(SystemExit):
        main([str(path), "--cv", "corrected_resampled_t_test"])
    folds.to_csv(path, index=False)
    assert main([str(path), "--cv", "paired_t_test_5x2cv"]) == 2
    assert "needs 10 rows" in capsys.readouterr().err
    folds.assign(knn=0.7).to_csv(path, index=False)
    assert main([str(path), "--cv", "corrected_resampled_t_test", "--rho", "0.1"]) == 2
    assert "two score columns" in capsys.readouterr().err


def test_option_values_are_read_in_any_case_as_the_api_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = load_example("garcia2010").astype(float)
    data.iloc[[2, 5], [1, 3]] = np.nan
    path = tmp_path / "holes.csv"
    data.to_csv(path)
    status, out, _ = run([str(path), "--test", "Skillings-Mack", "--format", "json"], capsys)
    assert status == 0
    assert Report.from_json(out) == compare(data, test="skillings_mack")
    status, out, _ = run([str(path), "--nan-policy", "Omit", "--format", "JSON"], capsys)
    assert status == 0 and Report.from_json(out) == compare(data, nan_policy="omit")
    options = ["--control", "C4.5", "--rom", "Garcia2010", "--method", "Asymptotic"]
    status, out, _ = run(["--example", "demsar2006", *options, "--family", "Auto"], capsys)
    assert status == 0 and "Summary" in out
    for option, bad, allowed in (
        ("--test", "kruskal", ", ".join(map(repr, ranktests.posthoc_tests()))),
        ("--nan-policy", "drop", "'raise', 'omit'"),
        ("--rom", "approx", "'exact', 'garcia2010'"),
        ("--decimal", ";", "'.', ','"),
    ):
        with pytest.raises(SystemExit) as stop:
            main(["--example", "demsar2006", option, bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"{option} must be one of {allowed}" in err and f"got {bad!r}" in err


def test_two_algorithms_are_pointed_to_the_command_line_wilcoxon(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.csv"
    load_example("demsar2006").iloc[:, :2].to_csv(path)
    status, _, err = run([str(path)], capsys)
    assert status == 0 and "two algorithms" in err and "--test wilcoxon" in err
    status, _, err = run([str(path), "--test", "wilcoxon"], capsys)
    assert status == 0 and "--test wilcoxon" not in err


def test_the_bundled_example_says_what_it_reproduces(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20.4: the example's output names the published numbers, the options that give
    the paper's formulas and why the printed statistics differ; the figures it quotes are
    the package's own (checked here), and documents other than text stay as they are."""
    status, out, _ = run(["--example", "demsar2006"], capsys)
    assert status == 0 and "Published numbers:" in out and "9.28" in out and "3.69" in out
    assert "--method asymptotic --no-tie-correction" in out and "'voting'" in out
    scores = load_example("demsar2006")
    paper = {"method": "asymptotic", "tie_correction": False}
    assert f"{mc.friedman(scores, **paper).statistic:.3f}" == "9.857" and "9.857" in out  # type: ignore[arg-type]
    assert f"{mc.iman_davenport(scores, **paper).statistic:.3f}" == "3.987" and "3.987" in out  # type: ignore[arg-type]
    status, out, err = run(["--example", "demsar2006", "--format", "json"], capsys)
    assert status == 0 and "Published numbers" not in out + err  # a document stays as it is
    json.loads(out)


def test_alternative_with_a_control(wide_csv: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--alternative (issue 21 item 11): one-sided comparisons with --control, as compare()."""
    status, out, err = run(
        [str(wide_csv), "--control", "C4.5+m+cf", "--alternative", "less", "--format", "json"],
        capsys,
    )
    assert status == 0, err
    report = Report.from_json(out)
    expected = compare(load_example("demsar2006"), control="C4.5+m+cf", alternative="less")
    assert report.alternative == "less" and report.hypotheses == expected.hypotheses
    with pytest.raises(SystemExit) as stop:
        main([str(wide_csv), "--alternative", "greater"])
    assert stop.value.code == 2
    assert "--alternative goes with --control" in capsys.readouterr().err


def test_procedures_computed_only_by_name_and_conover_from_the_command_line(
    wide_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Li by --procedure, with the one-sided figure of its case; --test conover needs
    --procedure and prints why (issues 37.2, 37.3); the screening procedures say FDR."""
    status, out, _ = run(
        [str(wide_csv), "--control", "C4.5", "--procedure", "li", "--alternative", "less"],
        capsys,
    )
    assert status == 0 and "measured FWER up to 0.088 at alpha = 0.05 for one-sided" in out
    status, _, err = run([str(wide_csv), "--test", "conover"], capsys)
    assert status != 0 and "computes only the procedures you name" in err
    status, out, _ = run([str(wide_csv), "--test", "conover", "--procedure", "holm"], capsys)
    assert status == 0 and "Conover's t tests do not control the family-wise error" in out
    status, out, _ = run([str(wide_csv), "--procedure", "fdr_bh"], capsys)
    assert status == 0 and "controls the false discovery rate" in out
