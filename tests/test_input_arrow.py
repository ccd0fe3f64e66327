"""Parquet and Arrow tables (issue 25, item 4): long or wide, in ``read_scores``, the functions
that take scores and the command line, with ``aggregate=``; a long table read in column
batches gives what the same table gives as a DataFrame (skipped without pyarrow)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp.cli import main
from multicomp.data import arrow, long
from multicomp.data.scores import as_scores

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
feather = pytest.importorskip("pyarrow.feather")

pytestmark = pytest.mark.filterwarnings("ignore::multicomp.ShapeWarning")


def _runs(n: int = 12, k: int = 5, r: int = 4, seed: int = 0) -> pd.DataFrame:
    """A long table: dataset, algorithm, seed, accuracy (3 decimals), rows shuffled."""
    rng = np.random.default_rng(seed)
    rows = [
        (f"d{i}", f"alg{j}", s, round(float(rng.uniform(0.5, 0.95)) + 0.01 * j, 3))
        for i in range(n)
        for j in range(k)
        for s in range(r)
    ]
    frame = pd.DataFrame(rows, columns=["dataset", "algorithm", "seed", "accuracy"])
    return frame.iloc[rng.permutation(len(frame))].reset_index(drop=True)


def _write(frame: pd.DataFrame, path: Path) -> Path:
    table = pa.Table.from_pandas(frame, preserve_index=False)
    if path.suffix == ".parquet":
        pq.write_table(table, path, row_group_size=17)  # many row groups
    elif path.suffix == ".feather":
        feather.write_feather(table, path, chunksize=13)
    elif path.suffix == ".arrows":  # the IPC stream format
        with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as out:
            out.write_table(table, max_chunksize=11)
    else:  # the IPC file format
        with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, table.schema) as out:
            out.write_table(table, max_chunksize=11)
    return path


@pytest.fixture(params=[".parquet", ".arrow", ".feather", ".arrows"])
def suffix(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize("how", ["mean", "median", np.max])
def test_a_long_file_reads_as_the_same_data_frame(tmp_path: Path, suffix: str, how: object) -> None:
    frame = _runs()
    path = _write(frame, tmp_path / f"runs{suffix}")
    from_file = as_scores(path, aggregate=how)  # type: ignore[arg-type]
    from_frame = as_scores(frame, aggregate=how)  # type: ignore[arg-type]
    np.testing.assert_array_equal(from_file.values, from_frame.values)
    assert from_file.datasets == from_frame.datasets
    assert from_file.algorithms == from_frame.algorithms
    pd.testing.assert_frame_equal(mc.read_scores(path), frame)  # as written
    combined = mc.read_scores(path, aggregate=how)  # type: ignore[arg-type]
    np.testing.assert_array_equal(combined.to_numpy(), from_frame.values)


def test_compare_and_the_tests_take_files_and_tables(tmp_path: Path) -> None:
    frame = _runs(seed=1)
    path = _write(frame, tmp_path / "runs.parquet")
    table = pa.Table.from_pandas(frame)
    expected = mc.friedman(frame, aggregate="mean")
    assert mc.friedman(path, aggregate="mean").statistic == expected.statistic
    assert mc.friedman(str(path), aggregate="mean").statistic == expected.statistic
    assert mc.friedman(table, aggregate="mean").statistic == expected.statistic
    options = {"aggregate": "mean", "method": "asymptotic"}
    report = mc.compare(path, **options)  # type: ignore[arg-type]
    assert report.to_json() == mc.compare(frame, **options).to_json()  # type: ignore[arg-type]


def test_a_wide_file_and_dictionary_columns(tmp_path: Path) -> None:
    frame = _runs(seed=2)
    wide = frame.groupby(["dataset", "algorithm"])["accuracy"].median().unstack()
    path = tmp_path / "wide.parquet"
    pq.write_table(pa.Table.from_pandas(wide), path)  # the index stored as pandas writes it
    np.testing.assert_array_equal(as_scores(path).values, as_scores(wide).values)
    assert as_scores(path).datasets == tuple(wide.index)
    categorical = frame.astype({"dataset": "category", "algorithm": "category"})
    coded = _write(categorical, tmp_path / "coded.arrow")  # dictionary-encoded columns
    np.testing.assert_array_equal(
        as_scores(coded, aggregate="mean").values, as_scores(frame, aggregate="mean").values
    )


def test_long_tables_are_read_in_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bounded-memory path at small scale: batches of 7 rows, one after the other, each
    the data-set, algorithm, score and run columns only."""
    frame = _runs(n=20, k=30, r=3, seed=3).assign(unused=1.5)
    path = _write(frame, tmp_path / "runs.parquet")
    monkeypatch.setattr(arrow, "BATCH_ROWS", 7)
    seen: list[tuple[int, tuple[str, ...]]] = []
    add = long.LongReader.add

    def spy(self: long.LongReader, chunk: pd.DataFrame) -> None:
        seen.append((len(chunk), tuple(chunk.columns)))
        add(self, chunk)

    monkeypatch.setattr(long.LongReader, "add", spy)
    scores = as_scores(path, score="accuracy", algorithm="algorithm", aggregate="mean")
    assert max(size for size, _ in seen) == 7 and sum(size for size, _ in seen) == len(frame)
    assert {columns for _, columns in seen} == {("dataset", "algorithm", "accuracy", "seed")}
    expected = as_scores(frame.drop(columns=["unused"]), aggregate="mean")
    np.testing.assert_array_equal(scores.values, expected.values)


def test_a_repeated_row_across_batches_is_named_by_its_row_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    frame = _runs(seed=4)
    repeated = pd.concat([frame, frame.iloc[[3]]], ignore_index=True)
    path = _write(repeated, tmp_path / "runs.parquet")
    monkeypatch.setattr(arrow, "BATCH_ROWS", 10)
    row = frame.iloc[3]
    with pytest.raises(
        ValueError,
        match=rf"rows \[3, {len(frame)}\] \(row numbers, from 0\) repeat one run \(data set "
        rf"'{row.dataset}', algorithm '{row.algorithm}', seed {row.seed}\)",
    ):
        as_scores(path, aggregate="mean")
    reader = pa.RecordBatchReader.from_batches(
        pa.Table.from_pandas(repeated).schema, pa.Table.from_pandas(repeated).to_batches(5)
    )  # read once: the run is named, its rows cannot be looked up again
    with pytest.raises(ValueError, match=r"two rows \(row numbers, from 0\) repeat one run"):
        as_scores(reader, aggregate="mean")
    table = pa.Table.from_pandas(frame)
    expected = as_scores(frame, aggregate="mean").values
    np.testing.assert_array_equal(as_scores(table.to_reader(7), aggregate="mean").values, expected)
    with pytest.raises(ValueError, match=r"has 4 scores for data set .*aggregate='mean'"):
        as_scores(_write(frame, tmp_path / "ok.parquet"))


def test_bad_files_and_columns_are_named(tmp_path: Path) -> None:
    frame = _runs(seed=5).assign(accuracy=lambda f: f["accuracy"].astype(str))
    path = _write(frame, tmp_path / "text.parquet")
    with pytest.raises(TypeError, match=r"found '0\.\d+' \(str\) at data set 'd\d+'"):
        as_scores(path, score="accuracy", aggregate="mean")
    with pytest.raises(TypeError, match=r"found '0\.\d+' \(str\) at data set 'd\d+'"):
        as_scores(frame, score="accuracy", aggregate="mean")  # as a DataFrame alike
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"not parquet at all")
    with pytest.raises(ValueError, match=r"cannot read .*broken\.parquet' as Parquet"):
        as_scores(broken)
    with pytest.raises(FileNotFoundError, match="no such file"):
        as_scores(tmp_path / "absent.arrow")


def test_without_pyarrow_the_error_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(_runs(), tmp_path / "runs.parquet")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r'pip install "multicomp\[arrow\]"'):
        mc.read_scores(path)


def test_the_command_line_reads_parquet_and_arrow(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = _runs(seed=6)
    csv = tmp_path / "runs.csv"
    frame.to_csv(csv, index=False)
    path = _write(frame, tmp_path / f"runs{suffix}")
    args = ["--aggregate", "mean", "--method", "asymptotic", "--format", "json"]
    assert main([str(csv), *args]) == 0
    expected = capsys.readouterr().out
    assert main([str(path), *args]) == 0
    assert capsys.readouterr().out == expected
    assert main([str(path), "--score", "nope"]) != 0
    assert "--score 'nope' is not a column" in capsys.readouterr().err
