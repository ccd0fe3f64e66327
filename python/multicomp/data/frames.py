"""Tables of scores as DataFrames: their layout (wide or long), their columns and their
numbers, one rule for DataFrames and files (the command line's too).

:func:`multicomp.data.long.frame_to_table` makes of a wide or long DataFrame the data sets x
algorithms :class:`Table` (the layout detected by :func:`layout`): numeric columns converted
at once, the others checked cell by cell (:func:`numeric_matrix` names the first cell that is
no number). Long data goes through :class:`multicomp.data.long.LongReader`, which also reads
the column batches of Parquet and Arrow tables (:mod:`multicomp.data.arrow`): rows that repeat
a run are refused, repeated runs combined by ``aggregate`` (:mod:`multicomp.data.runs`).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, SupportsFloat, SupportsIndex

import numpy as np
import pandas as pd

from multicomp.data.columns import roles

__all__ = [
    "AGGREGATE_HINT",
    "LONG",
    "REPLICATE_COLUMNS",
    "ShapeWarning",
    "Table",
    "layout",
    "numeric_matrix",
]


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
        "resample",  # tsml and aeon: one line per resample of a data set
        "resamples",
        "resample_id",
    }
)
_DECIMAL_COMMA = re.compile(r"^\s*[-+]?(\d+,\d*|,\d+)(e[-+]?\d+)?\s*$", re.IGNORECASE)
LONG = object()  # what layout returns for long data
AGGREGATE_HINT = (
    "pass aggregate='mean' or 'median' (--aggregate in the command line) to combine them"
)


class ShapeWarning(UserWarning):
    """Scores that look mis-read: a suspicious shape (possibly transposed, two algorithms, few
    data sets), a score column named as a quantity where lower is better (error, loss,
    time) read with ``higher_is_better``'s default, the data-set and algorithm columns of
    long data told apart by position (or by their names against it), or rows without a
    name left out (``nan_policy='omit'``).

    Examples
    --------
    >>> import multicomp as mc
    >>> import warnings
    >>> import numpy as np
    >>> scores = np.random.default_rng(0).random((3, 20))  # 3 rows, 20 columns: transposed?
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     res = mc.friedman(scores, method="asymptotic")
    ...
    >>> [str(w.message).split(":")[0] for w in caught]  # each a ShapeWarning
    ['20 algorithms (columns) on only 3 data sets (rows)', 'only 3 data sets']
    """


def caller_level() -> int:
    """The ``stacklevel`` of a warning issued by the caller of this function that points at the
    first frame outside the multicomp package (the user's call)."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and os.path.abspath(frame.f_code.co_filename).startswith(
        package
    ):
        frame, level = frame.f_back, level + 1
    return level


def check_unique(names: list[str], what: str) -> None:
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"duplicate {what} names: {dup}")


def label_columns(frame: pd.DataFrame, dtypes: list[Any] | None = None) -> list[Hashable]:
    """Columns of names: not numeric, and mostly not numbers (a decimal comma counts as one).
    Each distinct value is looked at once (a long table repeats its names)."""
    labels: list[Hashable] = []
    dtypes = list(frame.dtypes) if dtypes is None else dtypes
    for j, dtype in enumerate(dtypes):
        if isinstance(dtype, np.dtype) and dtype.kind in "iufcb":
            continue  # numbers (at once, without pandas' dtype checks)
        if pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype):
            continue
        column = frame.columns[j]
        values = frame.iloc[:, j]  # by position: names may repeat (an error, said later)
        try:
            counts = values.value_counts(dropna=True, sort=False)
        except (TypeError, OverflowError):  # unhashable cells (lists), or an int beyond float64
            # that pandas < 3 fails to infer a type for: each cell is a value
            cells = values.dropna().to_numpy(dtype=object)
            counts = pd.Series(1, index=pd.Index(cells, dtype=object))
        text = _texts(counts.index)
        present = int(counts.sum())
        if present and int(counts.to_numpy()[text].sum()) * 2 > present:
            labels.append(column)
    return labels


#: A letter that no number float() reads has (e/E write exponents), and the words inf,
#: infinity and nan that float() reads, with what may surround them (a wider pattern than
#: float's: what it matches is looked at value by value). ASCII classes only, so that pandas'
#: Python and pyarrow (RE2) regular expressions agree.
_NOT_IN_NUMBERS = r"[A-DF-Za-df-z]"
_WORDS_OF_NUMBERS = r"(?i)[^0-9a-z]*(inf|infinity|nan)[^0-9a-z]*"


def _texts(values: pd.Index) -> np.ndarray:
    """Which distinct values are text, not numbers (a decimal comma is a number): strings
    with a letter no number has are told at once (vectorised), the rest value by value."""
    text = np.zeros(len(values), dtype=bool)
    rest = np.ones(len(values), dtype=bool)
    if len(values) > 64 and pd.api.types.infer_dtype(values, skipna=True) == "string":
        strings = values.str
        sure = strings.contains(_NOT_IN_NUMBERS) & ~strings.fullmatch(_WORDS_OF_NUMBERS)
        text = np.asarray(sure, dtype=bool)
        rest = ~text
    text[rest] = np.fromiter(
        (_not_a_number(v) and not _decimal_comma(v) for v in values[rest]),
        dtype=bool,
        count=int(rest.sum()),
    )
    return text


#: pandas' header for an unnamed index that ``DataFrame.to_csv`` wrote as the first column.
_WRITTEN_INDEX = "Unnamed: 0"


def layout(
    frame: pd.DataFrame, dataset: str, algorithm: str, dtypes: list[Any] | None = None
) -> Hashable | None:
    """How a frame holds its scores, one rule for DataFrames and CSV files (the CLI's too).

    Returns ``LONG`` for long data, else the column naming the data sets of wide data (None:
    the index names them, or nothing does). With a ``dataset`` column (whatever its dtype:
    integer OpenML ids are names): long if it has the ``algorithm`` column or another column of
    names (then the algorithms), else wide with it as the index. Without one: long with two or
    more columns of names (and an unnamed integer index); wide when the first column of names
    is unique (a data set per row: another column of names is then text among the scores,
    refused by name); wide with the only column of names as the index if its names are
    unique or it comes first; two or more names repeated in
    another column (algorithms beside numeric data-set ids, or data sets repeated per fold?)
    are ambiguous and a ValueError names the options that settle it.
    """
    columns = frame.columns
    labels = label_columns(frame, dtypes)
    ds, alg = roles(list(columns), labels, integer_columns(frame, dtypes), dataset, algorithm)
    if ds is not None:
        if alg is not None and alg == algorithm:
            return LONG
        # another column of names: the algorithms of long data, or a text column (a domain)
        # beside the algorithms of wide data, whose data sets each have one row
        others = any(c != ds for c in labels)
        return LONG if others and not frame[ds].is_unique else ds
    if alg is not None and len(labels) == 1 and not frame[alg].is_unique:
        raise ValueError(
            f"long data: the names in column {str(alg)!r} repeat and name the algorithms, but "
            "no column names the data sets (numbers naming them?); name that column with "
            "dataset= (--dataset)"
        )
    if not labels or not _default_index(frame):
        return None
    if len(labels) >= 2:
        return LONG if not frame[labels[0]].is_unique else labels[0]
    column = labels[0]
    if frame[column].is_unique or column == columns[0]:
        return column
    if frame[column].nunique() < 2:  # one name repeated: no algorithms; a stray text column
        return None
    raise ValueError(
        f"cannot tell how the scores are laid out: the names in column {str(column)!r} repeat "
        f"and it is not the first column. Long data (a row per score) with numbers naming the "
        f"data sets? Name the data-set column with dataset= (--dataset), and if needed "
        f"algorithm= (--algorithm) and score= (--score). Wide data whose rows "
        f"repeat per fold? Name its data-set column with dataset= and pass aggregate="
    )


def integer_columns(frame: pd.DataFrame, dtypes: list[Any] | None = None) -> list[Hashable]:
    """The columns of integers (ids may name data sets)."""
    dtypes = list(frame.dtypes) if dtypes is None else dtypes
    return [c for c, d in zip(frame.columns, dtypes) if pd.api.types.is_integer_dtype(d)]


def without_written_index(frame: pd.DataFrame, dataset: str) -> pd.DataFrame:
    """The frame with its written index back in place: ``pd.read_csv`` of a file that
    ``DataFrame.to_csv`` wrote reads the index (row numbers or names) as a first column headed
    ``'Unnamed: 0'``, which is no algorithm. A ``dataset`` column still names the data sets."""
    columns = frame.columns
    if len(columns) < 2 or columns[0] != _WRITTEN_INDEX or dataset in columns:
        return frame
    if not _default_index(frame):
        return frame
    return frame.set_index(_WRITTEN_INDEX).rename_axis(None)


def texts(labels: pd.Index) -> list[str]:
    """Index labels as text (converted at once, not label by label)."""
    return [str(label) for label in labels.to_numpy(dtype=object).tolist()]


@functools.cache
def _text_dtype() -> Any:
    """The dtype of an Index that pandas builds from a list of str (pandas 3: its str dtype)."""
    return pd.Index(["name"]).dtype


def text_index(labels: pd.Index) -> pd.Index | None:
    """``labels`` unnamed (a new Index object over the same data) when it is what
    ``pd.Index(texts(labels))`` would build (text of pandas' default text dtype, none
    missing), else None."""
    if isinstance(labels, pd.RangeIndex) and labels.start == 0 and labels.step == 1:
        # the rows of a frame read without an index: "0", "1", ... built once per size
        return _counting(len(labels)).view() if len(labels) <= _SHARED_COUNTING else None
    dtype = labels.dtype
    if not (isinstance(dtype, pd.StringDtype) and dtype == _text_dtype()) or labels.hasnans:
        return None
    index = labels.view()  # a new object: naming it leaves the frame's labels alone
    index.name = None
    return index


#: Frames of up to this many rows with the default index share the pandas Index of its text.
_SHARED_COUNTING = 4096


@functools.lru_cache(maxsize=32)
def _counting(size: int) -> pd.Index:
    """``pd.Index(texts(pd.RangeIndex(size)))``: "0", "1", ..., built once per size."""
    return pd.Index([str(i) for i in range(size)])


def _default_index(frame: pd.DataFrame) -> bool:
    """An index that names nothing: unnamed integers (as read, or after filtering rows)."""
    return frame.index.name is None and pd.api.types.is_integer_dtype(frame.index)


@dataclass(frozen=True)
class Table:
    """Scores as read from a table, before the checks of :class:`multicomp.Scores`.

    Attributes
    ----------
    values : numpy.ndarray
        Data sets x algorithms, float64, NaN where a score is missing.
    algorithms, datasets : list of str
        The names of the columns and of the rows.
    score_column : str or None
        The column of long data that held the scores (None for wide data).
    """

    values: np.ndarray
    algorithms: list[str]
    datasets: list[str]
    score_column: str | None = None
    #: The frame's own column and row Index where each is the one pandas builds from those
    #: names (:func:`text_index`), which the results then label with (None: build one).
    indexes: tuple[pd.Index | None, pd.Index | None] = (None, None)


def column_values(column: pd.Series, locate: Callable[[int], str]) -> np.ndarray:
    """A column of scores as float64 (NaN where missing): at once for a numeric column, else
    cell by cell, with a TypeError naming the first cell that is not a number (``locate``)."""
    if _numbers(column.dtype):
        return column.to_numpy(dtype=np.float64, na_value=np.nan)
    return numeric_matrix(
        column.to_numpy(dtype=object)[:, None], None, at_least=1, locate=lambda i, _: locate(i)
    )[:, 0]


def frame_values(
    frame: pd.DataFrame,
    names: list[str],
    rows: list[str],
    at_least: int = 2,
    dtypes: list[Any] | None = None,
) -> np.ndarray:
    """The values of a wide frame as float64 (NaN where missing), checked: numeric columns at
    once, the others cell by cell (a TypeError names the first cell that is not a number)."""
    dtypes = list(frame.dtypes) if dtypes is None else dtypes
    if all(isinstance(dtype, np.dtype) and dtype.kind in "iuf" for dtype in dtypes):
        return checked_table(frame.to_numpy(dtype=np.float64), names, rows, at_least)
    if all(_numbers(dtype) for dtype in dtypes):  # nullable extension types: NA is NaN
        values = frame.to_numpy(dtype=np.float64, na_value=np.nan)
        return checked_table(values, names, rows, at_least)
    values = np.empty(frame.shape)
    for j in range(frame.shape[1]):

        def locate(i: int, j: int = j) -> str:
            return cell_name(i, j, names, rows)

        values[:, j] = column_values(frame.iloc[:, j], locate)
    return checked_table(values, names, rows, at_least)


def _numbers(dtype: Any) -> bool:
    """Whether a column of this dtype holds only real numbers or missing values (no text,
    booleans or complex numbers: those are checked cell by cell)."""
    if isinstance(dtype, np.dtype):
        return dtype.kind in "iuf"
    return bool(
        pd.api.types.is_numeric_dtype(dtype)
        and not pd.api.types.is_bool_dtype(dtype)
        and not pd.api.types.is_complex_dtype(dtype)
    )


def _text_column_hint(wrong: np.ndarray) -> str:
    """The hint for a column that holds text in every row: a label (a domain, a group) beside
    the algorithms of a wide table, which is no algorithm."""
    if wrong.size < 2 or not wrong.all():
        return ""
    return (
        "; that column holds text in every row, so it is no algorithm: drop it "
        "(data.drop(columns=[...]), or a CSV file without it) to compare the others"
    )


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
    if isinstance(raw, pd.DataFrame) and all(d.kind in "iuf" for d in raw.dtypes):
        raw = raw.to_numpy(dtype=np.float64, na_value=np.nan)  # numeric columns: no cell checks
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
            "scores must be a 2-D array (or 3-D, with runs), a DataFrame, a dict {dataset: "
            "{algorithm: score}}, an Arrow table or the path of a CSV, Parquet or Arrow file; "
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
    except (TypeError, ValueError, OverflowError):
        values = None
    if values is None or text.any():
        wrong = np.vectorize(_not_a_number, otypes=[bool])(array)  # name 'x' before '0.5'
        if not wrong.any() and not text.any():  # numbers, one beyond float64 (an int)
            huge = np.vectorize(_beyond_float, otypes=[bool])(array)
            i, j = map(int, np.argwhere(huge)[0])
            where = locate(i, j) if locate is not None else cell_name(i, j, names, rows)
            raise ValueError(
                f"scores must be finite: an integer of about 10**{_digits(array[i, j])} at "
                f"{where} is beyond the range of float64 (about 1.8e308)"
            )
        i, j = map(int, np.argwhere(wrong if wrong.any() else text)[0])
        cell = array[i, j]
        hint = (
            "; it looks like a decimal comma: read the file with decimal=',' "
            "(--decimal , on the command line)"
            if _decimal_comma(cell)
            else _text_column_hint(wrong[:, j])
        )
        where = locate(i, j) if locate is not None else cell_name(i, j, names, rows)
        if isinstance(cell, str) and _HUGE_INTEGER.fullmatch(cell.strip()):  # pandas < 3 reads
            digits = len(cell.strip().lstrip("+-")) - 1  # such a CSV cell as text
            raise ValueError(
                f"scores must be finite: an integer of about 10**{digits} at {where} is beyond "
                "the range of float64 (about 1.8e308)"
            )
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


#: The text of an integer beyond float64 (309 digits or more).
_HUGE_INTEGER = re.compile(r"[+-]?\d{309,}")


def _not_a_number(value: object) -> bool:
    if not isinstance(value, (str, bytes, bytearray, SupportsFloat, SupportsIndex)):
        return True  # what float() refuses by its type
    try:
        float(value)
    except OverflowError:  # an integer beyond float64: a number, refused as too large
        return False
    except (TypeError, ValueError):
        return True
    return False


def _beyond_float(value: object) -> bool:
    """Whether ``value`` is a number that float64 cannot hold (an int above about 1.8e308)."""
    try:
        float(value)  # type: ignore[arg-type]
    except OverflowError:
        return True
    except (TypeError, ValueError):
        return False
    return False


def _digits(value: object) -> int:
    """The power of ten of a huge integer (without its text, which Python limits)."""
    return int(int(value).bit_length() * 0.30103)  # type: ignore[call-overload]
