"""Faulty input, each a clear error or a stated choice: integers beyond float64, rows of long
data without a name, corrupt or truncated Parquet and Arrow data, struct columns of names,
files beyond --max-size in every format, and Ctrl-C in the command line."""

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
import multicomp.cli
from multicomp.cli import main
from multicomp.data.scores import as_scores


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# --- integers beyond float64 ----------------------------------------------------------------


def test_a_huge_integer_in_a_csv_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.csv"
    path.write_text(f"dataset,a,b\nd1,{10**309},2\nd2,3,4\nd3,5,6\n")
    status, _, err = run_cli([str(path)], capsys)
    assert status == 2 and err.count("\n") == 1
    assert "10**309 at data set 'd1', algorithm 'a' is beyond the range of float64" in err


def _object_frame(columns: dict[str, list[Any]]) -> pd.DataFrame:
    """A DataFrame holding Python ints beyond float64 (pandas < 3 refuses to infer its dtype
    from them, with an OverflowError, unless the dtype is given)."""
    return pd.DataFrame({name: pd.Series(values, dtype=object) for name, values in columns.items()})


@pytest.mark.parametrize(
    "make",
    [
        lambda: _object_frame({"a": [10**309, 1, 2], "b": [1, 2, 3]}),
        lambda: [[1, 2], [10**309, 1], [2, 3]],
        lambda: pd.DataFrame(
            {
                "dataset": list("xxyyzz"),
                "algorithm": list("ababab"),
                "score": pd.Series([1, 2, 3, 10**400, 4, 5], dtype=object),
            }
        ),
    ],
    ids=["wide", "list", "long"],
)
def test_a_huge_integer_is_a_value_error_naming_the_cell(make: Any) -> None:
    with pytest.raises(ValueError, match=r"beyond the range of float64"):
        mc.friedman(make())


# --- rows without a name --------------------------------------------------------------------

LONG_CSV = (
    "dataset,algorithm,score\nd1,a,1\nd1,,2\nd2,a,3\nd2,b,4\nd3,a,5\nd3,b,6\n,b,7\nd4,a,1\nd4,b,2\n"
)


def long_file(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "long.csv"
    path.write_text(LONG_CSV)
    if kind == "parquet":
        pytest.importorskip("pyarrow")
        frame = pd.read_csv(path)
        path = tmp_path / "long.parquet"
        frame.to_parquet(path, index=False)
    return path


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_row_without_a_name_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    path = long_file(tmp_path, kind)
    with pytest.raises(ValueError, match=r"row 1 .* has no algorithm name.*nan_policy='omit'"):
        as_scores(path)


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_rows_without_a_name_are_left_out_under_omit_and_said(tmp_path: Path, kind: str) -> None:
    path = long_file(tmp_path, kind)
    with pytest.warns(mc.ShapeWarning, match=r"2 row\(s\) without a data-set or algorithm name"):
        scores = as_scores(path, nan_policy="omit", shape_warnings=False)
    assert "nan" not in scores.algorithms and "nan" not in scores.datasets
    assert scores.algorithms == ("a", "b") and scores.datasets == ("d2", "d3", "d4")


def test_cli_refuses_a_row_without_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli([str(long_file(tmp_path, "csv"))], capsys)
    assert status == 2 and "has no algorithm name" in err and "nan" not in out


def test_a_wide_row_without_a_data_set_name(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    path.write_text("dataset,a,b\nd1,1,2\n,3,4\nd3,5,6\nd4,6,8\n")
    with pytest.raises(ValueError, match=r"row 1 \(from 0\) has no data-set name"):
        as_scores(path)
    with pytest.warns(mc.ShapeWarning, match="left out"):
        scores = as_scores(path, nan_policy="omit", shape_warnings=False)
    assert scores.datasets == ("d1", "d3", "d4")


# --- Parquet and Arrow faults ---------------------------------------------------------------


def long_table() -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "dataset": np.repeat([f"d{i}" for i in range(300)], 3),
            "algorithm": np.tile(["a", "b", "c"], 300),
            "score": rng.random(900),
        }
    )


def test_corrupt_parquet_pages_are_a_value_error_naming_the_file(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    path = tmp_path / "corrupt.parquet"
    long_table().to_parquet(path, index=False, compression="snappy")
    data = bytearray(path.read_bytes())
    for i in range(100, 3000, 7):  # the pages, not the footer
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=r"cannot read '.*corrupt.parquet': corrupt or truncated"):
        as_scores(path)


def test_a_truncated_arrow_stream_is_a_value_error_naming_the_file(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    table = pa.table(long_table())
    path = tmp_path / "cut.arrows"
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
        for batch in table.to_batches(max_chunksize=100):
            writer.write_batch(batch)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match=r"cannot read '.*cut.arrows': corrupt or truncated"):
        as_scores(path)


@pytest.mark.parametrize("form", ["arrow", "frame"])
def test_struct_names_are_a_clear_type_error(form: str) -> None:
    pa = pytest.importorskip("pyarrow")
    table = pa.table(
        {
            "dataset": pa.array([{"x": 1}, {"x": 2}, {"x": 1}, {"x": 2}]),
            "algorithm": ["a", "a", "b", "b"],
            "score": [1.0, 2.0, 3.0, 4.0],
        }
    )
    data = table if form == "arrow" else table.to_pandas()
    with pytest.raises(TypeError, match=r"column 'dataset' holds dict values"):
        as_scores(data)


# --- --max-size in every format -------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".parquet", ".arrow"])
def test_max_size_applies_to_parquet_and_arrow(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyarrow")
    path = tmp_path / f"scores{suffix}"
    frame = long_table()
    if suffix == ".parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_feather(path)
    status, _, err = run_cli([str(path), "--max-size", "0.001"], capsys)
    assert status == 2 and "larger than the --max-size limit" in err


def test_max_size_bounds_a_parquet_file_decoded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A small Parquet file of repeated values decodes to far more: its footer says how much."""
    pytest.importorskip("pyarrow")
    n = 200_000
    frame = pd.DataFrame(
        {
            "dataset": np.repeat(np.arange(n // 4), 4).astype(str),
            "algorithm": np.tile(list("abcd"), n // 4),
            "score": 0.0,
        }
    )
    path = tmp_path / "repeated.parquet"
    frame.to_parquet(path, index=False, compression="zstd")
    assert path.stat().st_size < 2**20
    status, _, err = run_cli([str(path), "--max-size", "1"], capsys)
    assert status == 2 and "(decoded: 4800000 bytes) is larger than the --max-size limit" in err


# --- Ctrl-C ---------------------------------------------------------------------------------


def test_ctrl_c_in_the_cli_is_one_line_and_exit_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("multicomp.cli.run.analyse", interrupted)
    path = tmp_path / "s.csv"
    path.write_text("dataset,a,b,c\nd1,1,2,3\nd2,3,4,5\nd3,5,6,9\n")
    try:
        status, out, err = run_cli([str(path)], capsys)
    except KeyboardInterrupt:  # the traceback a user would see
        pytest.fail("KeyboardInterrupt escaped the command line")
    assert status == 130 and err == "multicomp: error: interrupted\n" and out == ""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is POSIX")
def test_sigint_to_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "slow.csv"
    pd.DataFrame(np.random.default_rng(0).random((16, 200))).to_csv(path)
    code = (
        "import signal, sys\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from multicomp.cli import main\nprint('ready', flush=True)\n"
        f"sys.exit(main([{str(path)!r}, '--method', 'permutation', '--n-resamples', "
        "'10000000', '--random-state', '1']))"
    )
    pipes: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    proc = subprocess.Popen([sys.executable, "-c", code], **pipes)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(2.0)  # reading and computing by now
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()  # closes the pipes
    assert proc.returncode == 130
    assert err.strip().splitlines()[-1] == "multicomp: error: interrupted"
    assert "Traceback" not in err
