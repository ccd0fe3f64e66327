"""Input handling: every accepted form of scores becomes one validated ``Scores`` table.

Accepted: a 2-D array (rows = data sets, columns = algorithms), a wide DataFrame
(index = data sets), a long DataFrame (one row per data set and algorithm) or the
path of a CSV file holding either. The caller's object is never modified.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np
import pandas as pd

ScoresLike = Union[np.ndarray, pd.DataFrame, "os.PathLike[str]", str, Sequence[Sequence[float]]]


@dataclass(frozen=True)
class Scores:
    """Scores of k algorithms (columns) on N data sets (rows), as float64.

    ``values`` is a private read-only copy; ``higher_is_better`` says how to rank it.
    """

    values: np.ndarray
    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    higher_is_better: bool = True

    @property
    def n_datasets(self) -> int:
        return int(self.values.shape[0])

    @property
    def n_algorithms(self) -> int:
        return int(self.values.shape[1])

    def oriented(self) -> np.ndarray:
        """Values with larger = better, so that rank 1 goes to the largest."""
        return self.values if self.higher_is_better else -self.values

    def index_of(self, algorithm: str | int) -> int:
        """Column of an algorithm given by name, or by position (see :func:`index_of`)."""
        return index_of(self.algorithms, algorithm)


def index_of(names: Sequence[str], algorithm: str | int) -> int:
    """Position of ``algorithm`` in ``names``: a name (an integer counts as the name it prints
    as, e.g. DataFrame column 1), else an integer position; ValueError if unknown."""
    names = list(names)
    if isinstance(algorithm, (str, int, np.integer)) and not isinstance(algorithm, bool):
        if str(algorithm) in names:
            return names.index(str(algorithm))
        if not isinstance(algorithm, str) and 0 <= algorithm < len(names):
            return int(algorithm)
    raise ValueError(f"unknown control {algorithm!r}; the algorithms are {names}")


def check_alpha(alpha: float) -> float:
    """Return alpha as a float, or raise ValueError unless 0 < alpha < 1."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.floating, np.integer)):
        raise TypeError(f"alpha must be a number in (0, 1), got {alpha!r}")
    if not 0.0 < float(alpha) < 1.0:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    return float(alpha)


def as_scores(
    data: ScoresLike | Scores,
    *,
    higher_is_better: bool = True,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
) -> Scores:
    """Validate ``data`` and return it as ``Scores``.

    A DataFrame that has the three columns ``dataset``, ``algorithm`` and ``score`` is
    read as long (tidy) data; any other DataFrame as wide data, its index naming the
    data sets. A string or path is read as CSV: long if it has those three columns,
    else wide with the first column naming the data sets.
    """
    if not isinstance(higher_is_better, (bool, np.bool_)):
        raise TypeError(f"higher_is_better must be True or False, got {higher_is_better!r}")
    if isinstance(data, Scores):
        return data
    if isinstance(data, (str, os.PathLike)):
        data = _read_csv(data, (dataset, algorithm, score))
    if isinstance(data, pd.DataFrame):
        if {dataset, algorithm, score} <= set(data.columns):
            data = _long_to_wide(data, dataset, algorithm, score)
        names = [str(c) for c in data.columns]
        rows = [str(i) for i in data.index]
        _check_unique(names, "algorithm")
        _check_unique(rows, "data set")
        values = _numeric_matrix(data.to_numpy(), names, rows)
    else:
        values = _numeric_matrix(data, None)
        names = [f"A{j + 1}" for j in range(values.shape[1])]
        rows = [str(i) for i in range(values.shape[0])]
    values.setflags(write=False)
    return Scores(values, tuple(names), tuple(rows), bool(higher_is_better))


def _read_csv(path: str | os.PathLike[str], long_columns: tuple[str, str, str]) -> pd.DataFrame:
    if not os.path.exists(path):
        raise FileNotFoundError(f"no such file: {os.fspath(path)!r}")
    try:
        frame = pd.read_csv(path)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {os.fspath(path)!r} as CSV: {exc}") from exc
    if set(long_columns) <= set(frame.columns):
        return frame
    if frame.shape[1] < 2:
        raise ValueError(f"{os.fspath(path)!r} has a single column: scores must be comma-separated "
                         "(is the file separated by ';' or tabs?)")
    # pandas renames a repeated header ('a', 'a' -> 'a', 'a.1'): check the header as written.
    header = pd.read_csv(path, header=None, nrows=1, dtype=str).iloc[0, 1:].dropna().tolist()
    _check_unique(header, "algorithm")
    return frame.set_index(frame.columns[0])


def _check_unique(names: list[str], what: str) -> None:
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"duplicate {what} names: {dup}")


def _long_to_wide(frame: pd.DataFrame, dataset: str, algorithm: str, score: str) -> pd.DataFrame:
    counts = frame.groupby([dataset, algorithm], sort=False).size()
    if (counts > 1).any():
        dup = counts[counts > 1].index[0]
        raise ValueError(f"long data has more than one score for data set {dup[0]!r}, "
                         f"algorithm {dup[1]!r}")
    wide = frame.pivot(index=dataset, columns=algorithm, values=score)
    wide = wide.reindex(index=pd.unique(frame[dataset]), columns=pd.unique(frame[algorithm]))
    if wide.isna().to_numpy().any():
        raise ValueError("long data is incomplete: every algorithm needs a score on every "
                         "data set (missing or NaN scores found)")
    return wide


def _numeric_matrix(raw: object, names: list[str] | None, rows: list[str] | None = None) -> np.ndarray:
    try:
        array = np.array(raw, dtype=object)
    except ValueError as exc:  # ragged nested sequences
        raise ValueError(f"scores must be a rectangular 2-D table: {exc}") from exc
    if array.ndim == 0:
        raise TypeError("scores must be a 2-D array, a DataFrame or the path of a CSV file, "
                        f"got {type(raw).__name__}")
    if array.ndim == 1 and any(isinstance(v, (list, tuple, np.ndarray)) for v in array):
        raise ValueError("scores are ragged: every row needs one score per algorithm")
    if array.ndim != 2:
        raise ValueError(
            f"scores must be 2-D (rows = data sets, columns = algorithms), got {array.ndim}-D "
            f"with shape {array.shape}"
        )
    missing = pd.isna(array)  # None, NaN and pandas' NA alike
    if missing.any():
        array = np.where(missing, np.nan, array)

    def where(i: int, j: int) -> str:
        return (f"data set {rows[i]!r}" if rows else f"row {i}") + ", " + (
            f"algorithm {names[j]!r}" if names else f"column {j}")

    text = np.vectorize(lambda v: isinstance(v, (str, bytes, bool, np.bool_)), otypes=[bool])(array)
    try:
        values = array.astype(np.float64)
    except (TypeError, ValueError):
        values = None
    if values is None or text.any():
        wrong = np.vectorize(_not_a_number, otypes=[bool])(array)  # name 'x' before '0.5'
        i, j = map(int, np.argwhere(wrong if wrong.any() else text)[0])
        cell = array[i, j]
        raise TypeError(f"scores must be numeric; found {cell!r} ({type(cell).__name__}) at {where(i, j)}")
    n, k = values.shape
    if k < 2:
        raise ValueError(f"need at least 2 algorithms (columns), got {k}")
    if n < 2:
        raise ValueError(f"need at least 2 data sets (rows), got {n}")
    bad = ~np.isfinite(values)
    if bad.any():
        i, j = map(int, np.argwhere(bad)[0])
        raise ValueError(
            f"scores must be finite: {int(bad.sum())} missing/NaN/inf value(s), first at {where(i, j)}"
        )
    return values


def _not_a_number(value: object) -> bool:
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return True
    return False
