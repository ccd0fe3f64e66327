"""Input shapes as experiment loops produce them (issue 21, items 7 and 8): nested dicts
``{dataset: {algorithm: score or runs}}``, 3-D arrays (data sets x algorithms x runs), rows that
repeat a run, score columns named as a quantity where lower is better, and one naming
convention for arrays (data sets D1, D2, ..., algorithms A1, A2, ...)."""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import multicomp as mc
from multicomp._internal.ranks import at_data_precision
from multicomp.cli import main
from multicomp.data.scores import LOWER_IS_BETTER, ShapeWarning, as_scores, lower_is_better

QUIET = pytest.mark.filterwarnings("ignore::multicomp.ShapeWarning")


def _long(rng: np.random.Generator, n: int = 12, k: int = 4, runs: int = 3) -> pd.DataFrame:
    """A long table: dataset, algorithm, fold, accuracy (3 decimals)."""
    rows = [
        (f"d{i}", f"a{j}", f, round(float(rng.uniform(0.5, 0.95)), 3))
        for i in range(n)
        for j in range(k)
        for f in range(runs)
    ]
    return pd.DataFrame(rows, columns=["dataset", "algorithm", "fold", "accuracy"])


def _nested(frame: pd.DataFrame) -> dict[str, dict[str, list[float]]]:
    nested: dict[str, dict[str, list[float]]] = {}
    for d, a, score in frame[["dataset", "algorithm", "accuracy"]].itertuples(index=False):
        nested.setdefault(d, {}).setdefault(a, []).append(score)
    return nested


# --- nested dicts ----------------------------------------------------------------------------


@QUIET
@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.integers(2, 5), st.integers(1, 4))
def test_a_nested_dict_reads_as_the_long_table_it_holds(seed: int, n: int, k: int, r: int) -> None:
    frame = _long(np.random.default_rng(seed), n, k, r)
    for how in ("mean", "median", max):
        from_dict = as_scores(_nested(frame), aggregate=how)
        from_frame = as_scores(frame, aggregate=how)
        np.testing.assert_array_equal(from_dict.values, from_frame.values)
        assert from_dict.datasets == from_frame.datasets
        assert from_dict.algorithms == from_frame.algorithms


@QUIET
def test_a_dict_of_single_scores_is_a_wide_table() -> None:
    wide = pd.DataFrame(np.random.default_rng(3).random((12, 4)), columns=list("abcd"))
    wide.index = [f"d{i}" for i in range(12)]
    nested = {d: dict(row) for d, row in wide.to_dict(orient="index").items()}
    assert mc.friedman(nested).statistic == mc.friedman(wide).statistic
    scalar_or_one_run = {d: {a: [v] for a, v in row.items()} for d, row in nested.items()}
    np.testing.assert_array_equal(as_scores(scalar_or_one_run).values, wide.to_numpy())


@QUIET
def test_a_dict_of_runs_needs_aggregate_and_says_so() -> None:
    nested = _nested(_long(np.random.default_rng(0)))
    with pytest.raises(
        ValueError,
        match=r"the dict has 3 scores for data set 'd0', algorithm 'a0': repeated runs\? "
        r"pass aggregate='mean' or 'median'",
    ):
        mc.friedman(nested)
    assert mc.friedman(nested, aggregate="mean").n_datasets == 12


@QUIET
def test_a_dict_with_a_missing_algorithm_or_bad_cells() -> None:
    nested: dict[str, dict[str, Any]] = {f"d{i}": {"x": 0.1 * i, "y": 0.5} for i in range(12)}
    nested["d3"] = {"x": 0.2}  # y never ran on d3
    nested["d7"]["y"] = []  # nor on d7
    with pytest.raises(ValueError, match=r"2 missing/NaN value\(s\), first at data set 'd3'"):
        mc.friedman(nested)
    assert mc.friedman(nested, nan_policy="omit").omitted == ("d3", "d7")
    nested["d3"]["y"] = "0.4"
    with pytest.raises(TypeError, match=r"found '0.4' \(str\) at data set 'd3', algorithm 'y'"):
        mc.friedman(nested)
    with pytest.raises(TypeError, match=r"data set 'd0' maps to float"):
        mc.friedman({"d0": 0.5, "d1": 0.7})


# --- 3-D arrays -------------------------------------------------------------------------------


def test_a_3d_array_without_aggregate_says_how_to_fix_it() -> None:
    runs = np.random.default_rng(0).random((12, 4, 5))
    with pytest.raises(
        TypeError,
        match=r"scores are 3-D with shape \(12, 4, 5\): data sets x algorithms x runs\? Pass "
        r"aggregate='mean' or 'median' .* combine the 5 runs .* \(scores\[:, :, 0\]\)",
    ):
        mc.friedman(runs)


@QUIET
@settings(max_examples=50)
@given(
    hnp.arrays(
        np.float64,
        hnp.array_shapes(min_dims=3, max_dims=3, min_side=2, max_side=6),
        elements=st.integers(0, 1000).map(lambda v: v / 1000),
    )
)
def test_a_3d_array_combines_its_runs(runs: np.ndarray) -> None:
    n, k, r = runs.shape
    mean = as_scores(runs, aggregate="mean")
    exact = np.array([[math.fsum(cell) / r for cell in row] for row in runs])
    scale = np.abs(runs).max(axis=2)
    np.testing.assert_array_equal(mean.values, at_data_precision(exact, scale))
    median = at_data_precision(np.median(runs, axis=2), scale)
    np.testing.assert_array_equal(as_scores(runs, aggregate="median").values, median)
    np.testing.assert_array_equal(as_scores(runs, aggregate=np.max).values, runs.max(axis=2))
    assert mean.datasets == tuple(f"D{i}" for i in range(1, n + 1))
    assert mean.algorithms == tuple(f"A{j}" for j in range(1, k + 1))
    # the runs' order never splits a tie: the mean comes from the exact sum
    reordered = as_scores(runs[:, :, ::-1], aggregate="mean")
    np.testing.assert_array_equal(reordered.values, mean.values)


@QUIET
def test_equal_means_are_ties_whatever_the_float_noise() -> None:
    """Issue 21 item 1 on this path: ten folds summing to 9.4667 in different orders."""
    folds = np.array([0.9, 0.95, 0.9467, 0.94, 0.96, 0.95, 0.93, 0.97, 0.96, 0.9700])
    runs = np.stack([folds, folds[::-1], np.roll(folds, 3)])[None].repeat(12, axis=0)
    runs[:, 2] += 0.01
    values = as_scores(runs, aggregate="mean").values
    assert values[0, 0] == values[0, 1] and len(set(values[0])) == 2


@QUIET
def test_a_masked_run_makes_its_cell_missing() -> None:
    runs = np.ma.masked_array(np.random.default_rng(1).random((12, 3, 4)))
    runs[2, 1, 3] = np.ma.masked
    with pytest.raises(ValueError, match=r"first at data set 'D3', algorithm 'A2'"):
        mc.friedman(runs, aggregate="mean")
    assert mc.friedman(runs, aggregate="median", nan_policy="omit").omitted == ("D3",)


# --- rows that repeat a run -------------------------------------------------------------------


@QUIET
@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1), st.data())
def test_a_repeated_row_is_an_error_naming_the_rows(seed: int, data: st.DataObject) -> None:
    frame = _long(np.random.default_rng(seed))
    frame.index = [f"r{i}" for i in range(len(frame))]
    as_scores(frame, aggregate="mean")  # every run once: fine
    i = data.draw(st.integers(0, len(frame) - 1))
    repeated = pd.concat([frame, frame.iloc[[i]].rename(index=lambda _: "again")])
    row = frame.iloc[i]
    message = (
        rf"long data: rows \['r{i}', 'again'\] \(index labels\) repeat one run \(data set "
        rf"'{row.dataset}', algorithm '{row.algorithm}', fold {row.fold}\)"
    )
    for how in ("mean", None):
        with pytest.raises(ValueError, match=message):
            as_scores(repeated, aggregate=how)


@QUIET
def test_rows_repeat_a_run_only_when_every_run_column_agrees() -> None:
    rng = np.random.default_rng(2)
    frame = pd.concat(
        [_long(rng).assign(seed=0), _long(rng).assign(seed=1)], ignore_index=True
    )  # folds repeat across seeds: no row repeats a run
    assert as_scores(frame, aggregate="mean").values.shape == (12, 4)
    repeated = pd.concat([frame, frame.iloc[[149]]], ignore_index=True)
    with pytest.raises(ValueError, match=r"rows \[149, 288\].*'a1', fold 2, seed 1\)"):
        as_scores(repeated, aggregate="mean")
    # without run columns, rows of one data set and algorithm are its runs
    runs = frame.drop(columns=["fold", "seed"])
    assert as_scores(runs, aggregate="mean").values.shape == (12, 4)


# --- a score column named as a quantity where lower is better ---------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "error",
        "loss",
        "rmse",
        "mae",
        "mse",
        "time",
        "runtime",
        "fit_time",
        "logLoss",
        "test_error_rate",
        "MAPE",
        "brier score",
        "trainingTime",
        "0-1 loss",
    ],
)
def test_a_lower_is_better_name_gets_a_hint(name: str) -> None:
    frame = _long(np.random.default_rng(4)).rename(columns={"accuracy": name})
    with pytest.warns(ShapeWarning, match=rf"column '{name}'.*higher_is_better=False"):
        mc.friedman(frame, aggregate="mean")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # given either way, the user decided
        mc.friedman(frame, aggregate="mean", higher_is_better=False)
        mc.friedman(frame, aggregate="mean", higher_is_better=True)


@pytest.mark.parametrize(
    "name", ["accuracy", "f1", "auc", "score", "r2", "timestamp", "terrain", "glossary"]
)
def test_other_names_get_no_hint(name: str) -> None:
    assert not lower_is_better(name)
    frame = _long(np.random.default_rng(4)).rename(columns={"accuracy": name})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mc.friedman(frame, aggregate="mean", score=name)


def test_the_hint_words_are_lower_case_words() -> None:
    assert all(word == word.lower() and word.isalnum() for word in LOWER_IS_BETTER)


def test_the_command_line_points_at_lower_is_better(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "runs.csv"
    _long(np.random.default_rng(5)).rename(columns={"accuracy": "rmse"}).to_csv(path, index=False)
    assert main([str(path), "--aggregate", "mean", "--method", "asymptotic"]) == 0
    err = capsys.readouterr().err
    assert "warning: the scores come from the column 'rmse'" in err and "--lower-is-better" in err
    assert main([str(path), "--aggregate", "mean", "--lower-is-better"]) == 0
    assert "'rmse'" not in capsys.readouterr().err
    assert main([str(path), "--aggregate", "mean", "--check-conditions"]) == 0
    assert capsys.readouterr().err.count("'rmse'") == 1  # once, however often it is read


# --- one naming convention for arrays ---------------------------------------------------------


@QUIET
def test_arrays_name_data_sets_and_algorithms_from_1() -> None:
    values = np.random.default_rng(6).random((12, 3))
    scores = as_scores(values)
    assert scores.datasets == tuple(f"D{i}" for i in range(1, 13))
    assert scores.algorithms == ("A1", "A2", "A3")
    values[4, 0] = np.nan
    assert mc.friedman(values, nan_policy="omit").omitted == ("D5",)
    x, y = values[:, 0], values[:, 1]
    assert mc.wilcoxon(x, y, nan_policy="omit").omitted == ("D5",)
    report = mc.compare(values, method="asymptotic", nan_policy="omit")
    assert report.omitted == ("D5",) and report.datasets[:2] == ("D1", "D2")
    assert report.algorithms == ("A1", "A2", "A3")


@QUIET
@pytest.mark.parametrize("seen_bytes", [1, 1 << 26], ids=["keys", "table of runs"])
def test_repeated_rows_across_chunks_either_way(
    seen_bytes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check of repeated runs in chunks of 7 rows: a byte per run seen, or (beyond
    ``SEEN_BYTES``) a key per row; the same rows named either way."""
    from multicomp.data import long

    monkeypatch.setattr(long, "CHUNK", 7)
    monkeypatch.setattr(long, "SEEN_BYTES", seen_bytes)
    frame = _long(np.random.default_rng(7))
    forward = as_scores(frame, aggregate="mean").to_frame()
    backward = as_scores(frame.iloc[::-1], aggregate="mean").to_frame()
    pd.testing.assert_frame_equal(backward.loc[forward.index, forward.columns], forward)
    repeated = pd.concat([frame, frame.iloc[[2, 100]]], ignore_index=True)
    with pytest.raises(ValueError, match=r"rows \[2, 144\] \(index labels\) repeat one run"):
        as_scores(repeated, aggregate="mean")


@pytest.mark.parametrize("column", ["resample", "resample_id"])
def test_tsml_s_resample_column_numbers_runs(column: str) -> None:
    """tsml and aeon write one line per resample: a run column like fold and seed, never the
    scores, so repeated scores ask for aggregate= and are averaged with it."""
    rng = np.random.default_rng(0)
    rows = [(f"d{d}", a, r, rng.uniform()) for d in range(12) for a in "abc" for r in range(3)]
    frame = pd.DataFrame(rows, columns=["dataset", "algorithm", column, "accuracy"])
    with pytest.raises(ValueError, match=rf"repeated runs \(columns \['{column}'\]\)"):
        mc.friedman(frame)
    wide = frame.groupby(["dataset", "algorithm"])["accuracy"].mean().unstack()
    assert mc.friedman(frame, aggregate="mean").statistic == mc.friedman(wide).statistic
