"""Reading scores: every input form (a file, a DataFrame, an Arrow table, a dict, a 2-D or
3-D array) as a data sets x algorithms :class:`~multicomp.data.frames.Table`.

:func:`read_scores` reads a CSV, Parquet or Arrow file as a DataFrame (combined, with
``aggregate``); :func:`read_table` dispatches every input form: files and DataFrames through
:mod:`multicomp.data.frames` (their layout, long or wide) and :mod:`multicomp.data.arrow`
(Parquet and Arrow, in column batches), dicts ``{dataset: {algorithm: score or runs}}`` and
3-D arrays (data sets x algorithms x runs) through their runs (:mod:`multicomp.data.runs`).
Arrays name their algorithms A1, A2, ... and their data sets D1, D2, ... (both from 1).
"""

from __future__ import annotations

import codecs
import functools
import os
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import DECIMAL_MARKS, DecimalMark
from multicomp.data import arrow, tool_results
from multicomp.data.frames import (
    LONG,
    Table,
    check_unique,
    layout,
    numeric_matrix,
    without_written_index,
)
from multicomp.data.long import LongReader, frame_to_table
from multicomp.data.runs import Aggregate, RunCombiner, check_aggregate

__all__ = ["array_names", "read_scores", "read_table"]


def array_names(n_datasets: int, n_algorithms: int) -> tuple[list[str], list[str]]:
    """The names of an array's rows and columns: data sets D1, D2, ... and algorithms A1,
    A2, ..., both numbered from 1."""
    return [f"D{i + 1}" for i in range(n_datasets)], [f"A{j + 1}" for j in range(n_algorithms)]


#: Arrays of up to this many rows or columns share the pandas Index of their names.
_SHARED_NAMES = 4096


@functools.lru_cache(maxsize=32)
def _names_index(prefix: str, size: int) -> pd.Index:
    return pd.Index([f"{prefix}{i + 1}" for i in range(size)])


def array_indexes(n_datasets: int, n_algorithms: int) -> tuple[pd.Index | None, pd.Index | None]:
    """The names of :func:`array_names` as pandas Index objects (algorithms, data sets), each
    a new view of one built once per size (up to ``_SHARED_NAMES``; beyond, None: built
    when needed), for :attr:`~multicomp.data.frames.Table.indexes`."""
    return (
        _names_index("A", n_algorithms).view() if n_algorithms <= _SHARED_NAMES else None,
        _names_index("D", n_datasets).view() if n_datasets <= _SHARED_NAMES else None,
    )


def read_table(
    data: object,
    *,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
    csv: Mapping[str, Any] | None = None,
    nan_policy: str = "raise",
) -> Table:
    """Any input form of scores (see :func:`multicomp.data.scores.as_scores`) as a
    :class:`~multicomp.data.frames.Table`, repeated runs combined by ``aggregate``; ``csv``:
    the ``sep`` and ``decimal`` of :func:`read_scores` for a CSV file (refused with other
    input, where they would be ignored); ``nan_policy``: rows of long data without a name
    refused ('raise') or left out ('omit')."""
    options: dict[str, Any] = {"dataset": dataset, "algorithm": algorithm, "score": score}
    reading = {k: v for k, v in (csv or {}).items() if v != _CSV_DEFAULTS[k]}
    is_path = isinstance(data, (str, os.PathLike))
    if reading and (not is_path or arrow.file_kind(data) is not None):  # type: ignore[arg-type]
        given = ", ".join(f"{k}={v!r}" for k, v in reading.items())
        raise ValueError(f"{given} read a CSV file; got {_kind(data)}, which has no such option")
    if is_path:
        if arrow.file_kind(data) is not None:  # type: ignore[arg-type]
            return arrow.arrow_table(data, aggregate=aggregate, nan_policy=nan_policy, **options)
        data = read_scores(data, dataset=dataset, algorithm=algorithm, **reading)  # type: ignore[arg-type]
    if isinstance(data, pd.DataFrame):
        return frame_to_table(data, dataset, algorithm, score, aggregate, nan_policy)
    if isinstance(data, Mapping):
        return _mapping_to_table(data, aggregate, score)
    if arrow.is_arrow(data):
        return arrow.arrow_table(data, aggregate=aggregate, nan_policy=nan_policy, **options)
    if _ndim(data) == 3:
        return _runs_to_table(data, aggregate)
    values = numeric_matrix(data, None)
    datasets, algorithms = array_names(*values.shape)
    return Table(values, algorithms, datasets, None, array_indexes(*values.shape))


#: Every score read as written: pandas < 3's default parser can be 1 ulp off (pandas 3 reads
#: exactly and deprecates the option).
_ROUND_TRIP: dict[str, Any] = (
    {"float_precision": "round_trip"} if int(pd.__version__.split(".")[0]) < 3 else {}
)

#: The defaults of read_scores' CSV options: a value other than these is an explicit request.
_CSV_DEFAULTS: dict[str, Any] = {"sep": None, "decimal": "."}


def _kind(data: object) -> str:
    """What ``data`` is, for a message: a Parquet or Arrow file, or its type."""
    if isinstance(data, (str, os.PathLike)):
        return f"the {arrow.file_kind(data)} file {os.fspath(data)!r}"
    return f"a {type(data).__name__}"


def _ndim(data: object) -> int:
    try:
        return int(np.ndim(data))  # type: ignore[arg-type]
    except (TypeError, ValueError):  # ragged: numeric_matrix says so
        return -1


def _runs_to_table(data: Any, aggregate: Aggregate | None) -> Table:
    """A 3-D array (data sets x algorithms x runs), its runs combined by ``aggregate``."""
    shape = np.shape(data)
    if aggregate is None:
        raise TypeError(
            f"scores are 3-D with shape {shape}: data sets x algorithms x runs? Pass "
            f"aggregate='mean' or 'median' (or a function of a 1-D array) to combine the "
            f"{shape[2]} runs of each data set and algorithm, or give one run (scores[:, :, 0])"
        )
    values = np.ma.filled(np.ma.asarray(data).astype(np.float64), np.nan)
    n, k, r = shape
    combiner = RunCombiner(aggregate)
    cells = np.arange(n * k).repeat(r)
    combiner.add(cells // k, cells % k, values.reshape(-1))
    datasets, algorithms = array_names(n, k)
    return Table(combiner.table(n, k), algorithms, datasets)


def _mapping_rows(data: Mapping[Any, Any], score: str) -> list[tuple[str, str, object]]:
    """The rows (data set, algorithm, score) of a dict ``{dataset: {algorithm: score, list of
    run scores or a cross_validate dict}}`` or ``{dataset: cv_results_}``."""
    rows: list[tuple[str, str, object]] = []
    for name, cells in data.items():
        if tool_results.is_grid(cells):
            rows += tool_results.grid_rows(str(name), cells, score)
            continue
        if not isinstance(cells, Mapping):
            columns = isinstance(cells, (list, tuple, np.ndarray, pd.Series))
            raise TypeError(
                "a dict of scores maps each data set to a dict {algorithm: score, list of "
                "run scores or cross_validate results}, or to a GridSearchCV.cv_results_; "
                f"data set {str(name)!r} maps to {type(cells).__name__}"
                + (
                    " (a dict of columns {algorithm: [one score per data set]}? pass "
                    "pandas.DataFrame(data))"
                    if columns
                    else ""
                )
            )
        for method, runs in cells.items():
            if isinstance(runs, Mapping):
                where = f"data set {str(name)!r}, algorithm {str(method)!r}"
                runs = tool_results.cv_scores(runs, score, where)
            for value in np.ravel(np.asarray(runs, dtype=object)):
                rows.append((str(name), str(method), value))
    return rows


def _mapping_to_table(data: Mapping[Any, Any], aggregate: Aggregate | None, score: str) -> Table:
    """A dict of scores (see :func:`_mapping_rows`) as long data."""
    frame = pd.DataFrame(_mapping_rows(data, score), columns=["dataset", "algorithm", "score"])
    reader = LongReader(("dataset", "algorithm", "score"), [], aggregate, source="the dict")
    reader.datasets.codes(pd.Index([str(name) for name in data]))  # in order, even if empty
    reader.add(frame)
    return reader.table()


@strict
def read_scores(
    path: str | os.PathLike[str] | Mapping[Any, Any],
    *,
    sep: str | None = None,
    decimal: DecimalMark = ".",
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
) -> pd.DataFrame:
    """Read a file of scores (CSV, Parquet or Arrow) as a DataFrame for the functions that
    take scores.

    Parameters
    ----------
    path : str, os.PathLike or dict
        The file: CSV (by default), Parquet (``.parquet``, ``.pq``) or Arrow IPC
        (``.arrow``, ``.feather``, ``.ipc``, ``.arrows``; both need pyarrow, ``pip install
        "multicomp[arrow]"``). Wide: the first column (of a CSV file) names the data sets, the
        header the algorithms. Long: a row per score. Or results as tools write them
        (:mod:`multicomp.data.tool_results`), read as long data (a row per fold): a
        directory in the tsml results layout (``<estimator>/Predictions/<dataset>/
        testResample<i>.csv``) or of aeon's results files (``<estimator>_<measure>.csv``),
        or a dict ``{dataset: {algorithm: score, run scores or
        sklearn's cross_validate dict}}`` or ``{dataset: GridSearchCV.cv_results_}``.
    sep : str, optional
        The field separator of a CSV file: by default a tab for a ``.tsv`` or ``.tab`` file,
        else ','. Excel in many European locales writes ';'.
    decimal : str
        The decimal mark of a CSV file, '.' (default) or ','.
    dataset, algorithm, score : str
        The columns of long data (see :func:`multicomp.compare`); ``dataset`` and
        ``algorithm`` make a file long (then the data-set names are not made the index).
        ``score`` also chooses the scoring of scikit-learn's results where they hold several
        (``score='f1'`` reads ``test_f1``).
    aggregate : {'mean', 'median'} or callable, optional
        Combine the repeated runs of each data set and algorithm while reading, and return
        the data sets x algorithms table. A long Parquet or Arrow file is then read in column
        batches, in memory that grows with its cells, never whole.

    Returns
    -------
    pandas.DataFrame
        Wide data indexed by the data sets, or long data as read (with ``aggregate``: the
        data sets x algorithms table, float).


    Examples
    --------
    >>> import multicomp as mc
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.csv"
    >>> _ = path.write_text("dataset;A;B\\niris;0,95;0,93\\nwine;0,97;0,96\\n")
    >>> mc.read_scores(path, sep=";", decimal=",")
                A     B
    dataset
    iris     0.95  0.93
    wine     0.97  0.96
    >>> import pandas as pd
    >>> runs = pd.DataFrame({"dataset": ["iris"] * 4 + ["wine"] * 4,
    ...                      "algorithm": ["svm", "svm", "knn", "knn"] * 2,
    ...                      "fold": [0, 1] * 4,
    ...                      "accuracy": [0.9, 0.8, 0.7, 0.8, 0.6, 0.7, 0.9, 0.9]})
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.csv"
    >>> runs.to_csv(path, index=False)
    >>> mc.read_scores(path, aggregate="mean")
             svm   knn
    dataset
    iris    0.85  0.75
    wine    0.65  0.90
    """
    how = check_aggregate(aggregate)
    if isinstance(path, Mapping) or (isinstance(path, (str, os.PathLike)) and os.path.isdir(path)):
        tool = _tool_results(path, score)
        if how is None:
            return tool
        return _as_frame(frame_to_table(tool, "dataset", "algorithm", "score", how), dataset)
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            "read_scores reads a file, a directory of results or a dict of scores; got "
            f"{type(path).__name__}"
        )
    if arrow.file_kind(path) is not None:
        if how is None:
            return arrow.arrow_frame(path)
        return _as_frame(
            arrow.arrow_table(
                path, dataset=dataset, algorithm=algorithm, score=score, aggregate=how
            ),
            dataset,
        )
    frame = _read_csv(path, sep, decimal, dataset, algorithm)
    if how is None:
        return frame
    return _as_frame(frame_to_table(frame, dataset, algorithm, score, how), dataset)


def _tool_results(path: Mapping[Any, Any] | str | os.PathLike[str], score: str) -> pd.DataFrame:
    """Results as tools write them (:mod:`multicomp.data.tool_results`: a dict of scores or of
    scikit-learn's results, a directory in the tsml layout) as long data (columns dataset,
    algorithm, score, and resample for a directory)."""
    if isinstance(path, Mapping):
        return pd.DataFrame(_mapping_rows(path, score), columns=["dataset", "algorithm", "score"])
    return tool_results.results_directory(path, score)


def _as_frame(table: Table, dataset: str) -> pd.DataFrame:
    """A table as a DataFrame: data sets (the index, named ``dataset``) x algorithms."""
    return pd.DataFrame(
        table.values, index=pd.Index(table.datasets, name=dataset), columns=table.algorithms
    )


def _read_csv(
    path: str | os.PathLike[str],
    sep: str | None,
    decimal: DecimalMark,
    dataset: str,
    algorithm: str,
) -> pd.DataFrame:
    """A CSV file as a DataFrame: wide (indexed by the data sets) or long, as written."""
    if not os.path.exists(path):
        raise FileNotFoundError(f"no such file: {os.fspath(path)!r}")
    if not os.path.isfile(path):  # a directory, a FIFO (whose opening would block), a device
        raise ValueError(f"{os.fspath(path)!r} is not a regular file: give the path of a CSV file")
    given_sep = sep
    if sep is None:
        sep = "\t" if os.path.splitext(os.fspath(path))[1].lower() in (".tsv", ".tab") else ","
    if not isinstance(sep, str) or not sep:
        raise ValueError(f"sep must be a non-empty string, got {sep!r}")
    decimal = check_choice("decimal", decimal, DECIMAL_MARKS)
    encoding, excel_sep = _sniff(path)
    if excel_sep is not None and given_sep is None:
        sep = excel_sep
    if decimal == sep:
        raise ValueError(f"sep and decimal must differ; both are {sep!r}")
    options: dict[str, Any] = {
        "sep": sep,
        "encoding": encoding,
        "skiprows": 0 if excel_sep is None else 1,
    }
    try:
        frame = pd.read_csv(path, decimal=decimal, **_ROUND_TRIP, **options)
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise ValueError(f"cannot read {os.fspath(path)!r} as CSV: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(_not_utf8(path, exc)) from None
    if frame.shape[1] < 2:
        separated = "comma-separated" if sep == "," else f"separated by {sep!r}"
        raise ValueError(
            f"{os.fspath(path)!r} has a single column: scores must be {separated} "
            "(is the file separated by ';' or tabs? pass sep=';' or sep='\\t', "
            "--sep on the command line)"
        )
    restored = without_written_index(frame, dataset)
    how = layout(restored, dataset, algorithm)
    if how is LONG:
        return restored
    # pandas renames a repeated header ('a', 'a' -> 'a', 'a.1'): check the header as written.
    header = (
        pd.read_csv(path, header=None, nrows=1, dtype=str, **options).iloc[0, 1:].dropna().tolist()
    )
    check_unique(header, "algorithm")
    if how is not None:
        return restored.set_index(how)
    return restored if restored is not frame else frame.set_index(frame.columns[0])


#: Byte-order marks and the encodings they announce (UTF-32 first: its little-endian mark
#: begins with UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_RESAVE = (
    "save it as UTF-8 (Excel: Save As, 'CSV UTF-8'; LibreOffice: character set 'Unicode "
    "(UTF-8)'; or iconv -f latin1 -t utf-8 old.csv > new.csv)"
)


def _sniff(path: str | os.PathLike[str]) -> tuple[str, str | None]:
    """The encoding of a CSV file (UTF-8 unless a byte-order mark names UTF-16 or UTF-32) and
    the separator of Excel's ``sep=;`` first line (None without one). ValueError for UTF-16 or
    UTF-32 text without a byte-order mark (NUL bytes), which cannot be told apart safely."""
    with open(path, "rb") as stream:
        head = stream.read(4096)
    encoding = next((name for bom, name in _BOMS if head.startswith(bom)), "utf-8")
    if encoding == "utf-8" and b"\x00" in head:
        raise ValueError(
            f"{os.fspath(path)!r} holds NUL bytes: UTF-16 or UTF-32 text without a byte-order "
            f"mark (or not text); multicomp reads UTF-8 (or UTF-16/32 with a mark): {_RESAVE}"
        )
    try:
        first = head.decode(encoding, errors="ignore").lstrip("\ufeff").splitlines()[0]
    except IndexError:
        return encoding, None
    excel = re.fullmatch(r'"?sep=(.)"?,*\s*', first)
    return encoding, excel.group(1) if excel else None


def _not_utf8(path: str | os.PathLike[str], exc: UnicodeDecodeError) -> str:
    """The message of a file that is not UTF-8: the byte, its position, how to re-save."""
    byte = exc.object[exc.start : exc.start + 1].hex()
    return (
        f"{os.fspath(path)!r} is not UTF-8 text (byte 0x{byte} at position {exc.start}; "
        f"Latin-1 or Windows-1252?): {_RESAVE}"
    )
