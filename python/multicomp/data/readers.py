"""Reading tables of scores: CSV files, wide and long tables, repeated runs combined.

:func:`read_scores` reads a CSV file as a DataFrame; :func:`frame_to_wide` makes of a wide or
long DataFrame the data sets x algorithms table (the layout detected by one rule for
DataFrames and files, :func:`layout`); ``aggregate`` combines the repeated runs (folds, seeds)
of a data set and algorithm (:func:`combine_runs`); :func:`numeric_matrix` checks that a table
holds numbers and names the first cell that does not. :mod:`multicomp.data.scores` makes
validated :class:`multicomp.Scores` of what these return.
"""

from __future__ import annotations

import codecs
import math
import os
import re
from collections.abc import Callable, Hashable
from typing import Any, SupportsFloat, SupportsIndex, cast

import numpy as np
import pandas as pd

from multicomp._ranking import at_data_precision
from multicomp._validation import check_choice
from multicomp._vocabulary import AGGREGATES, DECIMAL_MARKS, AggregateName, DecimalMark

__all__ = [
    "REPLICATE_COLUMNS",
    "Aggregate",
    "check_aggregate",
    "combine_runs",
    "read_scores",
]

Aggregate = AggregateName | Callable[[np.ndarray], float]
"""How repeated scores (folds, seeds) of a data set and algorithm become one: a name of
``AGGREGATES`` or a function of a 1-D array returning a number."""


#: Columns of long data that number repeated runs, never scores (compared in lower case).
REPLICATE_COLUMNS = frozenset(
    {
        "seed",
        "fold",
        "folds",
        "repeat",
        "repetition",
        "run",
        "rep",
        "replicate",
        "iteration",
        "iter",
        "split",
        "trial",
        "random_state",
        "cv",
        "cv_fold",
        "outer_fold",
        "inner_fold",
    }
)
_DECIMAL_COMMA = re.compile(r"^\s*[-+]?(\d+,\d*|,\d+)(e[-+]?\d+)?\s*$", re.IGNORECASE)
_LONG = object()  # what _layout returns for long data
_AGGREGATE_HINT = (
    "pass aggregate='mean' or 'median' (--aggregate in the command line) to combine them"
)


def read_scores(
    path: str | os.PathLike[str],
    *,
    sep: str | None = None,
    decimal: DecimalMark = ".",
    dataset: str = "dataset",
    algorithm: str = "algorithm",
) -> pd.DataFrame:
    """Read a CSV file of scores as a DataFrame for :func:`~multicomp.data.scores.as_scores`.

    Parameters
    ----------
    path : str or os.PathLike
        The file. Wide: the first column names the data sets, the header the algorithms.
        Long: a row per score (see ``dataset``, ``algorithm`` of :func:`~multicomp.data.scores.as_scores`).
    sep : str, optional
        The field separator: by default a tab for a ``.tsv`` or ``.tab`` file, else ','.
        Excel in many European locales writes ';'.
    decimal : str
        The decimal mark, '.' (default) or ','.
    dataset, algorithm : str
        The columns that make a file long (then the data-set names are not made the index).

    Returns
    -------
    pandas.DataFrame
        Wide data indexed by the data sets, or long data as read.

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
    """
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
        frame = pd.read_csv(path, decimal=decimal, **options)
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
    restored = _without_written_index(frame, dataset)
    layout = _layout(restored, dataset, algorithm)
    if layout is _LONG:
        return restored
    # pandas renames a repeated header ('a', 'a' -> 'a', 'a.1'): check the header as written.
    header = (
        pd.read_csv(path, header=None, nrows=1, dtype=str, **options).iloc[0, 1:].dropna().tolist()
    )
    check_unique(header, "algorithm")
    if layout is not None:
        return restored.set_index(layout)
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


def check_aggregate(aggregate: Aggregate | None) -> Aggregate | None:
    if aggregate is None or callable(aggregate):
        return aggregate
    if not isinstance(aggregate, str):
        raise TypeError(
            f"aggregate must be a callable or one of {', '.join(map(repr, AGGREGATES))}; "
            f"got {aggregate!r}"
        )
    return check_choice("aggregate", aggregate, AGGREGATES)


def check_unique(names: list[str], what: str) -> None:
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"duplicate {what} names: {dup}")


def _label_columns(frame: pd.DataFrame) -> list[Hashable]:
    """Columns of names: not numeric, and mostly not numbers (a decimal comma counts as one)."""
    labels: list[Hashable] = []
    for column in frame.columns:
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
            continue
        present = values.dropna().to_numpy(dtype=object)
        text = [_not_a_number(v) and not _decimal_comma(v) for v in present]
        if present.size and sum(text) * 2 > present.size:
            labels.append(column)
    return labels


#: pandas' header for an unnamed index that ``DataFrame.to_csv`` wrote as the first column.
_WRITTEN_INDEX = "Unnamed: 0"


def _layout(frame: pd.DataFrame, dataset: str, algorithm: str) -> Hashable | None:
    """How a frame holds its scores, one rule for DataFrames and CSV files (the CLI's too).

    Returns ``_LONG`` for long data, else the column naming the data sets of wide data (None:
    the index names them, or nothing does). With a ``dataset`` column (whatever its dtype:
    integer OpenML ids are names): long if it has the ``algorithm`` column or another column of
    names (then the algorithms), else wide with it as the index. Without one: long with two or
    more columns of names (and an unnamed integer index); wide with the only column of names as
    the index if its names are unique or it comes first; two or more names repeated in
    another column (algorithms beside numeric data-set ids, or data sets repeated per fold?)
    are ambiguous and a ValueError names the options that settle it.
    """
    columns = list(frame.columns)
    labels = _label_columns(frame)
    if dataset in columns:
        if algorithm in columns or any(c != dataset for c in labels):
            return _LONG
        return dataset
    if not _default_index(frame) or not labels:
        return None
    if len(labels) >= 2:
        return _LONG
    column = labels[0]
    if frame[column].is_unique or column == columns[0]:
        return column
    if frame[column].nunique() < 2:  # one name repeated: no algorithms; a stray text column
        return None
    raise ValueError(
        f"cannot tell how the scores are laid out: the names in column {str(column)!r} repeat "
        f"and it is not the first column. Long data (a row per score) with numbers naming the "
        f"data sets? Name the data-set column with dataset= (--dataset-column), and if needed "
        f"algorithm= (--algorithm-column) and score= (--score-column). Wide data whose rows "
        f"repeat per fold? Name its data-set column with dataset= and pass aggregate="
    )


def _without_written_index(frame: pd.DataFrame, dataset: str) -> pd.DataFrame:
    """The frame with its written index back in place: ``pd.read_csv`` of a file that
    ``DataFrame.to_csv`` wrote reads the index (row numbers or names) as a first column headed
    ``'Unnamed: 0'``, which is no algorithm. A ``dataset`` column still names the data sets."""
    columns = frame.columns
    if len(columns) < 2 or columns[0] != _WRITTEN_INDEX or dataset in columns:
        return frame
    if not _default_index(frame):
        return frame
    return frame.set_index(_WRITTEN_INDEX).rename_axis(None)


def _default_index(frame: pd.DataFrame) -> bool:
    """An index that names nothing: unnamed integers (as read, or after filtering rows)."""
    return frame.index.name is None and pd.api.types.is_integer_dtype(frame.index)


def frame_to_wide(
    frame: pd.DataFrame, dataset: str, algorithm: str, score: str, aggregate: Aggregate | None
) -> pd.DataFrame:
    """Data sets x algorithms (object values, NaN where missing) from a wide or long frame."""
    frame = _without_written_index(frame, dataset)
    layout = _layout(frame, dataset, algorithm)
    if layout is _LONG:
        return _long_to_wide(frame, dataset, algorithm, score, aggregate)
    if layout is not None:
        frame = frame.set_index(layout)
    if frame.index.is_unique:
        return frame
    if aggregate is None:
        dup = sorted({str(i) for i in frame.index[frame.index.duplicated()]})
        raise ValueError(
            f"duplicate data set names: {dup}; if these rows are repeated runs "
            f"(folds, seeds), {_AGGREGATE_HINT}"
        )
    runs = [c for c in frame.columns if str(c).lower() in REPLICATE_COLUMNS]
    names = [str(i) for i in frame.index]
    cells = numeric_matrix(
        frame.drop(columns=runs).to_numpy(dtype=object),
        [str(c) for c in frame.columns if c not in runs],
        names,
        at_least=1,
    )
    floats = pd.DataFrame(
        cells, index=frame.index, columns=[c for c in frame.columns if c not in runs]
    )

    def combine(runs: pd.Series) -> float:
        return combine_runs(runs.to_numpy(), aggregate)

    return floats.groupby(level=0, sort=False).agg(combine)


def _long_to_wide(
    frame: pd.DataFrame, dataset: str, algorithm: str, score: str, aggregate: Aggregate | None
) -> pd.DataFrame:
    labels = _label_columns(frame)
    ds = dataset if dataset in frame.columns else labels[0]
    others = [c for c in labels if c != ds and str(c).lower() not in REPLICATE_COLUMNS]
    if algorithm in frame.columns:
        alg: Hashable = algorithm
    elif len(others) == 1:
        alg = others[0]
    else:
        raise ValueError(
            f"long data: cannot tell which column names the algorithms among "
            f"{[str(c) for c in others]}; name it with algorithm= (--algorithm-column)"
        )
    extra = [str(c) for c in others if c != alg]
    if extra:
        raise ValueError(
            f"long data: column(s) {extra} hold names that are neither data sets nor "
            f"algorithms (another experiment or metric?); select one first"
        )
    if score in frame.columns:
        sc: Hashable = score
    else:
        numeric = [
            c
            for c in frame.columns
            if c not in (ds, alg) and c not in labels and str(c).lower() not in REPLICATE_COLUMNS
        ]
        if len(numeric) != 1:
            raise ValueError(
                f"long data: cannot tell which column holds the scores among "
                f"{[str(c) for c in numeric]}; name it with score= (--score-column)"
            )
        sc = numeric[0]
    keys = [frame[ds].astype(str), frame[alg].astype(str)]
    cells = numeric_matrix(
        frame[[sc]].to_numpy(dtype=object),
        None,
        at_least=1,
        locate=lambda i, _: f"data set {keys[0].iloc[i]!r}, algorithm {keys[1].iloc[i]!r}",
    )[:, 0]
    scores = pd.Series(cells, index=pd.MultiIndex.from_arrays(keys, names=["dataset", "algorithm"]))
    counts = scores.groupby(level=[0, 1], sort=False).size()
    if aggregate is None and (counts > 1).any():
        key, count = next((key, n) for key, n in counts.items() if n > 1)
        d, a = cast(tuple[str, str], key)
        runs = [str(c) for c in frame.columns if c not in (ds, alg, sc)]
        what = f" (columns {runs})" if runs else ""
        raise ValueError(
            f"long data has {count} scores for data set {d!r}, algorithm {a!r}: "
            f"repeated runs{what}? {_AGGREGATE_HINT}"
        )
    combined = scores.groupby(level=[0, 1], sort=False).agg(
        lambda s: combine_runs(s.to_numpy(), aggregate)
    )
    wide = combined.unstack(level=1)
    return wide.reindex(index=pd.unique(keys[0]), columns=pd.unique(keys[1]))


def combine_runs(values: np.ndarray, aggregate: Aggregate | None) -> float:
    """One score from the repeated ``values`` of a data set and algorithm."""
    if aggregate is None:
        return float(values[0])
    if aggregate in AGGREGATES:
        # The mean from the exact sum (math.fsum), both at the precision of the scores they
        # come from: runs that sum alike give equal scores (ties), whatever their order.
        value = math.fsum(values) / values.size if aggregate == "mean" else np.median(values)
        return float(at_data_precision(np.array([value]), float(np.max(np.abs(values))))[0])
    assert callable(aggregate)
    result = aggregate(values.copy())
    if np.ndim(result) != 0 or isinstance(result, (str, bytes, bool, np.bool_)):
        raise TypeError(
            f"aggregate must return one number for each data set and algorithm, got {result!r}"
        )
    try:
        return float(result)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"aggregate must return a number, got {result!r}") from exc
    except OverflowError:  # an integer beyond the floats
        raise TypeError(
            "aggregate must return a number within the range of floats (about 1.8e308), got an "
            f"integer of about {int(int(result).bit_length() * 0.30103) + 1} digits"
        ) from None


def numeric_matrix(
    raw: object,
    names: list[str] | None,
    rows: list[str] | None = None,
    *,
    at_least: int = 2,
    locate: Callable[[int, int], str] | None = None,
) -> np.ndarray:
    """Float64 copy of a 2-D table, NaN where a value is missing (None, NaN, pandas' NA, a masked
    cell); TypeError naming the first cell that is no number, ValueError for a bad shape."""
    if isinstance(raw, np.ndarray) and raw.ndim == 2 and raw.dtype.kind in "iuf":
        # numbers only (the common case): no cell-by-cell checks needed
        return checked_table(np.ma.filled(raw.astype(np.float64), np.nan), names, rows, at_least)
    try:
        if np.ma.isMaskedArray(raw):
            array = np.array(np.ma.getdata(raw), dtype=object)
            array[np.ma.getmaskarray(raw)] = np.nan
        else:
            array = np.array(raw, dtype=object)
    except ValueError as exc:  # ragged nested sequences
        raise ValueError(f"scores must be a rectangular 2-D table: {exc}") from exc
    if array.ndim == 0:
        raise TypeError(
            "scores must be a 2-D array, a DataFrame or the path of a CSV file, "
            f"got {type(raw).__name__}"
        )
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
    text = np.vectorize(lambda v: isinstance(v, (str, bytes, bool, np.bool_)), otypes=[bool])(array)
    try:
        values = array.astype(np.float64)
    except (TypeError, ValueError):
        values = None
    if values is None or text.any():
        wrong = np.vectorize(_not_a_number, otypes=[bool])(array)  # name 'x' before '0.5'
        i, j = map(int, np.argwhere(wrong if wrong.any() else text)[0])
        cell = array[i, j]
        hint = (
            "; it looks like a decimal comma: read the file with decimal=',' "
            "(--decimal , on the command line)"
            if _decimal_comma(cell)
            else ""
        )
        where = locate(i, j) if locate is not None else cell_name(i, j, names, rows)
        raise TypeError(
            f"scores must be numeric; found {cell!r} ({type(cell).__name__}) at {where}{hint}"
        )
    return checked_table(values, names, rows, at_least)


def checked_table(
    values: np.ndarray, names: list[str] | None, rows: list[str] | None, at_least: int
) -> np.ndarray:
    """``values`` (a float64 table) after the checks of its size and of infinite values."""
    n, k = values.shape
    if k < at_least:
        raise ValueError(f"need at least 2 algorithms (columns), got {k}")
    if n < at_least:
        raise ValueError(f"need at least 2 data sets (rows), got {n}")
    infinite = np.isinf(values)
    if infinite.any():
        i, j = map(int, np.argwhere(infinite)[0])
        raise ValueError(
            f"scores must be finite: {int(infinite.sum())} infinite value(s), first at "
            f"{cell_name(i, j, names, rows)}"
        )
    return values


def cell_name(i: int, j: int, names: list[str] | None, rows: list[str] | None) -> str:
    return (
        (f"data set {rows[i]!r}" if rows else f"row {i}")
        + ", "
        + (f"algorithm {names[j]!r}" if names else f"column {j}")
    )


def _decimal_comma(value: object) -> bool:
    return isinstance(value, str) and _DECIMAL_COMMA.match(value) is not None


def _not_a_number(value: object) -> bool:
    if not isinstance(value, (str, bytes, bytearray, SupportsFloat, SupportsIndex)):
        return True  # what float() refuses by its type
    try:
        float(value)
    except (TypeError, ValueError):
        return True
    return False
