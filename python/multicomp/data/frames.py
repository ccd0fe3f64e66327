"""Tables of scores as DataFrames: their layout (wide or long), their columns and their
numbers, one rule for DataFrames and files (the command line's too).

:func:`frame_to_table` makes of a wide or long DataFrame the data sets x algorithms
:class:`Table` (the layout detected by :func:`layout`): numeric columns converted at once,
the others checked cell by cell (:func:`numeric_matrix` names the first cell that is no
number). Long data goes through :class:`LongReader`, which also reads the column batches of
Parquet and Arrow tables (:mod:`multicomp.data.arrow`): rows that repeat a run are refused,
repeated runs combined by ``aggregate`` (:mod:`multicomp.data.runs`).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, SupportsFloat, SupportsIndex

import numpy as np
import pandas as pd

from multicomp.data.runs import Aggregate, RunCombiner

__all__ = [
    "AGGREGATE_HINT",
    "LONG",
    "REPLICATE_COLUMNS",
    "LongReader",
    "Names",
    "Table",
    "frame_to_table",
    "layout",
    "long_columns",
    "numeric_matrix",
]

#: Rows of long data read at once (a larger DataFrame is read in chunks of this many rows).
CHUNK = 1 << 20

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
LONG = object()  # what layout returns for long data
AGGREGATE_HINT = (
    "pass aggregate='mean' or 'median' (--aggregate in the command line) to combine them"
)


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
        except TypeError:  # unhashable cells (lists): each cell is a value
            counts = pd.Series(1, index=pd.Index(values.dropna().to_numpy(dtype=object)))
        text = np.fromiter(
            (_not_a_number(v) and not _decimal_comma(v) for v in counts.index),
            dtype=bool,
            count=len(counts),
        )
        present = int(counts.sum())
        if present and int(counts.to_numpy()[text].sum()) * 2 > present:
            labels.append(column)
    return labels


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
    more columns of names (and an unnamed integer index); wide with the only column of names as
    the index if its names are unique or it comes first; two or more names repeated in
    another column (algorithms beside numeric data-set ids, or data sets repeated per fold?)
    are ambiguous and a ValueError names the options that settle it.
    """
    columns = frame.columns
    labels = label_columns(frame, dtypes)
    if dataset in columns:
        if algorithm in columns or any(c != dataset for c in labels):
            return LONG
        return dataset
    if not labels or not _default_index(frame):
        return None
    if len(labels) >= 2:
        return LONG
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


def frame_to_table(
    frame: pd.DataFrame, dataset: str, algorithm: str, score: str, aggregate: Aggregate | None
) -> Table:
    """Data sets x algorithms from a wide or long frame (see :func:`layout`)."""
    frame = without_written_index(frame, dataset)
    dtypes = list(frame.dtypes)  # once (pandas builds a Series each time)
    how = layout(frame, dataset, algorithm, dtypes)
    if how is LONG:
        labels = label_columns(frame, dtypes)
        return long_to_table(
            frame, long_columns(frame, dataset, algorithm, score, labels), aggregate
        )
    if how is not None:
        frame = frame.set_index(how)
        dtypes = list(frame.dtypes)
    names = texts(frame.columns)
    check_unique(names, "algorithm")
    if frame.index.is_unique:
        rows = texts(frame.index)
        values = frame_values(frame, names, rows, dtypes=dtypes)
        return Table(
            values, names, rows, None, (text_index(frame.columns), text_index(frame.index))
        )
    if aggregate is None:
        dup = sorted({str(i) for i in frame.index[frame.index.duplicated()]})
        raise ValueError(
            f"duplicate data set names: {dup}; if these rows are repeated runs "
            f"(folds, seeds), {AGGREGATE_HINT}"
        )
    frame = frame.drop(columns=[c for c in frame.columns if str(c).lower() in REPLICATE_COLUMNS])
    names = [str(c) for c in frame.columns]
    values = frame_values(frame, names, [str(i) for i in frame.index], at_least=1)
    datasets = Names()
    codes = datasets.codes(frame.index)
    combiner = RunCombiner(aggregate)
    k = len(names)
    combiner.add(np.repeat(codes, k), np.tile(np.arange(k), len(codes)), values.reshape(-1))
    return Table(combiner.table(len(datasets.names), k), names, datasets.names)


def long_columns(
    frame: pd.DataFrame,
    dataset: str,
    algorithm: str,
    score: str,
    labels: list[Hashable] | None = None,
) -> tuple[Hashable, Hashable, Hashable]:
    """The data-set, algorithm and score columns of long data: the ones named, else detected
    (``labels``: the columns of names, by default :func:`label_columns`)."""
    labels = label_columns(frame) if labels is None else labels
    labels = [c for c in labels if c != score]  # named, it holds scores (checked as such)
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
        return ds, alg, score
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
    return ds, alg, numeric[0]


def long_to_table(
    frame: pd.DataFrame,
    columns: tuple[Hashable, Hashable, Hashable],
    aggregate: Aggregate | None,
    source: str = "long data",
) -> Table:
    """Data sets x algorithms from long data (a row per score) and its data-set, algorithm and
    score ``columns``, read by :class:`LongReader` in chunks of ``CHUNK`` rows."""
    runs = [c for c in frame.columns if c not in columns and str(c).lower() in REPLICATE_COLUMNS]

    def chunks() -> Iterator[pd.DataFrame]:
        for start in range(0, max(len(frame), 1), CHUNK):
            yield frame.iloc[start : start + CHUNK]

    reader = LongReader(columns, runs, aggregate, source, rescan=chunks)
    for chunk in chunks():
        reader.add(chunk)
    return reader.table()


class Names:
    """Integer codes for names met batch after batch: each new name (as text: 1 and '1' are
    one name) gets the next code, so that the codes of every batch agree."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.names: list[str] = []

    def __len__(self) -> int:
        return len(self.names)

    def codes(self, labels: object) -> np.ndarray:
        numbers, uniques = pd.factorize(labels, use_na_sentinel=False)  # type: ignore[call-overload]
        lookup = np.empty(len(uniques), dtype=np.int64)
        for i, label in enumerate(uniques):
            name = str(label)
            if name not in self.index:
                self.index[name] = len(self.names)
                self.names.append(name)
            lookup[i] = self.index[name]
        coded: np.ndarray = lookup[np.asarray(numbers)]
        return coded


#: Up to this many data sets, algorithms and runs, a row's cell and run fit in one int64 key.
_KEY_BITS = 21


#: Largest table of the runs seen (data sets x algorithms x run values, a byte each) before
#: the check of repeated runs keeps an 8-byte key a row instead (run values unique to a row).
SEEN_BYTES = 1 << 26


class LongReader:
    """Long data (a row per score) read chunk by chunk (a DataFrame at once, or the column
    batches of a Parquet or Arrow table) into data sets x algorithms: rows that repeat a run
    (the same data set, algorithm and run columns) refused, naming them; repeated runs
    combined by ``aggregate`` (:class:`RunCombiner`: the mean in memory proportional to the
    cells).

    The check of repeated runs marks each (data set, algorithm, run) in a table of a byte
    each (``SEEN_BYTES`` at most, else an 8-byte key a row, sorted at the end); the rows of a
    repeated run are then found by reading the chunks again (``rescan``; without it, the
    error says which run without naming the rows). ``columns`` are the data-set, algorithm and
    score columns, ``runs`` the run columns; ``source`` and ``rows`` (what the chunks' index
    labels are) word the errors.
    """

    def __init__(
        self,
        columns: tuple[Hashable, Hashable, Hashable],
        runs: Sequence[Hashable],
        aggregate: Aggregate | None,
        source: str = "long data",
        rows: str = "index labels",
        rescan: Callable[[], Iterable[pd.DataFrame]] | None = None,
    ) -> None:
        self.columns, self.runs, self.source, self.rows = columns, list(runs), source, rows
        self.rescan = rescan
        self.datasets, self.algorithms = Names(), Names()
        self.run_names = [Names() for _ in runs]
        self.combos = [Names() for _ in runs]  # the run columns' values, joined
        self.combiner = RunCombiner(aggregate)
        self.seen: np.ndarray = np.zeros((0, 0, 0), dtype=bool)
        self.keys: list[np.ndarray] | None = None  # instead of ``seen``, when it is too large

    def add(self, chunk: pd.DataFrame) -> None:
        """Read one chunk (a DataFrame with the reader's columns)."""
        ds, alg, sc = self.columns
        d = self.datasets.codes(chunk[ds])
        a = self.algorithms.codes(chunk[alg])
        scores = column_values(chunk[sc], lambda i: self._cell(int(d[i]), int(a[i])))
        if self.runs:
            self._mark(d, a, self._combos(chunk))
        self.combiner.add(d, a, scores)

    def _combos(self, chunk: pd.DataFrame) -> np.ndarray:
        """The combination of run values of each row, as a code (the run columns' codes joined
        one column at a time, each prefix coded again, so that every part stays below
        2**_KEY_BITS)."""
        combo = np.zeros(len(chunk), dtype=np.int64)
        for names, prefixes, column in zip(self.run_names, self.combos, self.runs):
            combo = prefixes.codes((combo << _KEY_BITS) | names.codes(chunk[column]))
        if max(map(len, (self.datasets, self.algorithms, *self.run_names, *self.combos))) >= (
            1 << _KEY_BITS
        ):
            raise ValueError(
                f"{self.source}: more than {1 << _KEY_BITS} data sets, algorithms or runs; "
                "too many to check for repeated rows"
            )
        return combo

    def _mark(self, d: np.ndarray, a: np.ndarray, combo: np.ndarray) -> None:
        """Mark the runs of a chunk as seen; ValueError for a run seen twice."""
        keys = _keys(d, a, combo)
        ordered = np.sort(keys)
        twice = ordered[1:][ordered[1:] == ordered[:-1]]
        if twice.size:  # within the chunk
            self._repeated(int(twice[0]))
        needed = [int(codes.max()) + 1 for codes in (d, a, combo)]
        shape = tuple(  # a dimension that grows makes room for twice its codes
            size if size >= n else max(n, 2 * size) for size, n in zip(self.seen.shape, needed)
        )
        if self.keys is None and math.prod(shape) > SEEN_BYTES:
            self.keys = [_keys(*np.nonzero(self.seen))]
            self.seen = np.zeros((0, 0, 0), dtype=bool)
        if self.keys is not None:
            self.keys.append(keys)
            return
        if shape != self.seen.shape:
            grown = np.zeros(shape, dtype=bool)
            grown[tuple(slice(n) for n in self.seen.shape)] = self.seen
            self.seen = grown
        hit = self.seen[d, a, combo]
        if hit.any():  # seen in an earlier chunk
            self._repeated(int(keys[int(np.argmax(hit))]))
        self.seen[d, a, combo] = True

    def _cell(self, d: int, a: int) -> str:
        return f"data set {self.datasets.names[d]!r}, algorithm {self.algorithms.names[a]!r}"

    def _runs(self, combo: int) -> str:
        """The run columns' values of a combination code, as text."""
        values = []
        for names, prefixes in zip(reversed(self.run_names), reversed(self.combos)):
            joined = int(prefixes.names[combo])
            values.append(names.names[joined & ((1 << _KEY_BITS) - 1)])
            combo = joined >> _KEY_BITS
        return ", ".join(f"{run} {value}" for run, value in zip(self.runs, reversed(values)))

    def table(self) -> Table:
        """The data sets x algorithms table of everything read."""
        if self.keys:
            keys = np.concatenate(self.keys)
            self.keys = []
            keys.sort()
            twice = keys[1:][keys[1:] == keys[:-1]]
            if twice.size:
                self._repeated(int(twice[0]))
        n, k = len(self.datasets.names), len(self.algorithms.names)
        counts = self.combiner.counts[:n, :k]
        if self.combiner.aggregate is None and (counts > 1).any():
            d, a = (int(i[0]) for i in np.nonzero(counts > 1))
            others = [str(c) for c in self.runs]
            what = f" (columns {others})" if others else ""
            raise ValueError(
                f"{self.source} has {int(counts[d, a])} scores for {self._cell(d, a)}: "
                f"repeated runs{what}? {AGGREGATE_HINT}"
            )
        values = self.combiner.table(n, k)
        return Table(values, self.algorithms.names, self.datasets.names, str(self.columns[2]))

    def _repeated(self, key: int) -> None:
        """ValueError naming the rows (found by reading the chunks again) of a repeated run."""
        mask = (1 << _KEY_BITS) - 1
        what = f"{self._cell(key >> 2 * _KEY_BITS, (key >> _KEY_BITS) & mask)}, "
        what += self._runs(key & mask)
        rows: list[object] = []
        for chunk in self.rescan() if self.rescan is not None else ():
            d = self.datasets.codes(chunk[self.columns[0]])
            a = self.algorithms.codes(chunk[self.columns[1]])
            rows += chunk.index[_keys(d, a, self._combos(chunk)) == key].tolist()
        shown = f"rows {rows[:5]}" + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
        raise ValueError(
            f"{self.source}: {shown if rows else 'two rows'} ({self.rows}) repeat one run "
            f"({what}): a run given twice would count twice; remove the repeated rows (e.g. "
            "DataFrame.drop_duplicates) or correct their run columns"
        )


def _keys(d: np.ndarray, a: np.ndarray, combo: np.ndarray) -> np.ndarray:
    """One int64 per run: its data set, algorithm and combination of run values."""
    keys: np.ndarray = (
        (d.astype(np.int64) << (2 * _KEY_BITS)) | (a.astype(np.int64) << _KEY_BITS) | combo
    )
    return keys


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
