"""A DataFrame as a Table of data sets x algorithms (:func:`frame_to_table`): wide frames
directly, long ones (one row per data set, algorithm and score, perhaps per run) through
their columns and the reader that builds the table chunk by chunk, in vectorised steps."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

import numpy as np
import pandas as pd

from multicomp.data.columns import position_note, roles
from multicomp.data.frames import (
    AGGREGATE_HINT,
    LONG,
    REPLICATE_COLUMNS,
    ShapeWarning,
    Table,
    caller_level,
    check_unique,
    column_values,
    frame_values,
    integer_columns,
    label_columns,
    layout,
    text_index,
    texts,
    without_written_index,
)
from multicomp.data.runs import Aggregate, RunCombiner

__all__ = ["LongReader", "Names", "frame_to_table", "long_columns"]


#: Rows of long data read at once (a larger DataFrame is read in chunks of this many rows).
CHUNK = 1 << 20


def long_columns(
    frame: pd.DataFrame,
    dataset: str,
    algorithm: str,
    score: str,
    labels: list[Hashable] | None = None,
    integers: list[Hashable] | None = None,
) -> tuple[Hashable, Hashable, Hashable]:
    """The data-set, algorithm and score columns of long data: the ones named, else told by
    their names (:func:`multicomp.data.columns.roles`), else by position (the first column
    of names holds the data sets), with a :class:`ShapeWarning` where the position decided
    or disagreed with the names. ``labels``: the columns of names (by default
    :func:`label_columns`), ``integers`` those of integers (ids)."""
    labels = label_columns(frame) if labels is None else labels
    labels = [c for c in labels if c != score]  # named, it holds scores (checked as such)
    integers = integer_columns(frame) if integers is None else integers
    named_ds, named_alg = roles(list(frame.columns), labels, integers, dataset, algorithm)
    names = [c for c in labels if str(c).lower() not in REPLICATE_COLUMNS]
    rest = [c for c in names if c not in (named_ds, named_alg)]
    ds = named_ds if named_ds is not None else (rest or labels)[0]
    others = [c for c in rest if c != ds]
    if named_alg is not None:
        alg: Hashable = named_alg
    elif len(others) == 1:
        alg = others[0]
    else:
        raise ValueError(
            f"long data: cannot tell which column names the algorithms among "
            f"{[str(c) for c in others]}; name it with algorithm= (--algorithm)"
        )
    extra = [str(c) for c in others if c != alg]
    if extra:
        raise ValueError(
            f"long data: column(s) {extra} hold names that are neither data sets nor "
            f"algorithms (another experiment or metric?); select one first"
        )
    if dataset not in frame.columns and algorithm not in frame.columns and len(names) >= 2:
        by_name = named_ds is not None or named_alg is not None  # against the position?
        note = position_note(ds, alg, (names[0], names[1]), by_name=by_name)
        if note is not None:
            warnings.warn(note, ShapeWarning, stacklevel=caller_level())
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
            f"{[str(c) for c in numeric]}; name it with score= (--score)"
        )
    return ds, alg, numeric[0]


def long_to_table(
    frame: pd.DataFrame,
    columns: tuple[Hashable, Hashable, Hashable],
    aggregate: Aggregate | None,
    source: str = "long data",
    nan_policy: str = "raise",
) -> Table:
    """Data sets x algorithms from long data (a row per score) and its data-set, algorithm and
    score ``columns``, read by :class:`LongReader` in chunks of ``CHUNK`` rows."""
    runs = [c for c in frame.columns if c not in columns and str(c).lower() in REPLICATE_COLUMNS]

    def chunks() -> Iterator[pd.DataFrame]:
        for start in range(0, max(len(frame), 1), CHUNK):
            yield frame.iloc[start : start + CHUNK]

    reader = LongReader(columns, runs, aggregate, source, rescan=chunks, nan_policy=nan_policy)
    for chunk in chunks():
        reader.add(chunk)
    return reader.table()


def names_of(chunk: pd.DataFrame, column: Hashable, names: Names) -> np.ndarray:
    """The codes of a column of names; TypeError naming the column when its cells are no
    names (dicts of a struct column, lists)."""
    try:
        return names.codes(chunk[column])
    except TypeError:
        kinds = sorted({type(v).__name__ for v in chunk[column].head(100)})
        raise TypeError(
            f"names must be text or numbers: column {str(column)!r} holds {', '.join(kinds)} "
            "values (a struct or list column?); give a column of names"
        ) from None


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
    labels are) word the errors. A row without a data-set or algorithm name is refused,
    naming it, or left out under ``nan_policy='omit'`` with a :class:`ShapeWarning`.
    """

    def __init__(
        self,
        columns: tuple[Hashable, Hashable, Hashable],
        runs: Sequence[Hashable],
        aggregate: Aggregate | None,
        source: str = "long data",
        rows: str = "index labels",
        rescan: Callable[[], Iterable[pd.DataFrame]] | None = None,
        nan_policy: str = "raise",
    ) -> None:
        self.columns, self.runs, self.source, self.rows = columns, list(runs), source, rows
        self.nan_policy = nan_policy
        self.unnamed: list[object] = []  # the rows without a name that were left out
        self.rescan = rescan
        self.datasets, self.algorithms = Names(), Names()
        self.names = (self.datasets, self.algorithms)
        self.run_names = [Names() for _ in runs]
        self.combos = [Names() for _ in runs]  # the run columns' values, joined
        self.combiner = RunCombiner(aggregate)
        self.seen: np.ndarray = np.zeros((0, 0, 0), dtype=bool)
        self.keys: list[np.ndarray] | None = None  # instead of ``seen``, when it is too large

    def add(self, chunk: pd.DataFrame) -> None:
        """Read one chunk (a DataFrame with the reader's columns)."""
        sc = self.columns[2]
        chunk = self._named(chunk, check=True)
        d, a = (names_of(chunk, c, names) for c, names in zip(self.columns, self.names))
        scores = column_values(chunk[sc], lambda i: self._cell(int(d[i]), int(a[i])))
        if self.runs:
            self._mark(d, a, self._combos(chunk))
        self.combiner.add(d, a, scores)

    def _named(self, chunk: pd.DataFrame, check: bool = False) -> pd.DataFrame:
        """The rows of ``chunk`` with a data-set and an algorithm name; with ``check``, a
        ValueError naming the first row without one, or (``nan_policy='omit'``) its rows noted
        as left out."""
        missing = [chunk[column].isna().to_numpy() for column in self.columns[:2]]
        unnamed = missing[0] | missing[1]
        if not unnamed.any():
            return chunk
        if check and self.nan_policy != "omit":
            i = int(np.argmax(unnamed))
            what, column = (
                ("data-set", self.columns[0]) if missing[0][i] else ("algorithm", self.columns[1])
            )
            raise ValueError(
                f"{self.source}: row {chunk.index[i]!r} ({self.rows}) has no {what} name "
                f"(column {str(column)!r} is empty there): fill it in, or pass "
                "nan_policy='omit' (--nan-policy omit) to leave out the rows without a name"
            )
        if check:
            self.unnamed += chunk.index[unnamed].tolist()
        return chunk[~unnamed]

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
        if self.unnamed:
            unnamed_rows(self.unnamed, self.source, self.rows)
        values = self.combiner.table(n, k)
        return Table(values, self.algorithms.names, self.datasets.names, str(self.columns[2]))

    def _repeated(self, key: int) -> None:
        """ValueError naming the rows (found by reading the chunks again) of a repeated run."""
        mask = (1 << _KEY_BITS) - 1
        what = f"{self._cell(key >> 2 * _KEY_BITS, (key >> _KEY_BITS) & mask)}, "
        what += self._runs(key & mask)
        rows: list[object] = []
        for chunk in self.rescan() if self.rescan is not None else ():
            chunk = self._named(chunk)
            d = self.datasets.codes(chunk[self.columns[0]])
            a = self.algorithms.codes(chunk[self.columns[1]])
            rows += chunk.index[_keys(d, a, self._combos(chunk)) == key].tolist()
        shown = f"rows {rows[:5]}" + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
        raise ValueError(
            f"{self.source}: {shown if rows else 'two rows'} ({self.rows}) repeat one run "
            f"({what}): a run given twice would count twice; remove the repeated rows (e.g. "
            "DataFrame.drop_duplicates) or correct their run columns"
        )


def _named_rows(frame: pd.DataFrame, nan_policy: str) -> pd.DataFrame:
    """The rows of a wide frame with a data-set name: a row without one refused, or left
    out under ``nan_policy='omit'`` (with a warning)."""
    unnamed = np.asarray(frame.index.isna(), dtype=bool)
    if nan_policy != "omit":
        raise ValueError(
            f"row {int(np.argmax(unnamed))} (from 0) has no data-set name: fill it in, or pass "
            "nan_policy='omit' (--nan-policy omit) to leave out the rows without a name"
        )
    unnamed_rows(np.flatnonzero(unnamed).tolist(), "wide data", "from 0")
    return frame[~unnamed]


def unnamed_rows(rows: Sequence[object], source: str, wording: str) -> None:
    """The warning that ``nan_policy='omit'`` left out ``rows`` (without a name)."""
    shown = f"{rows[:5]}" + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
    warnings.warn(
        f"{source}: {len(rows)} row(s) without a data-set or algorithm name left out "
        f"(nan_policy='omit'): rows {shown} ({wording})",
        ShapeWarning,
        stacklevel=caller_level(),
    )


def _keys(d: np.ndarray, a: np.ndarray, combo: np.ndarray) -> np.ndarray:
    """One int64 per run: its data set, algorithm and combination of run values."""
    keys: np.ndarray = (
        (d.astype(np.int64) << (2 * _KEY_BITS)) | (a.astype(np.int64) << _KEY_BITS) | combo
    )
    return keys


def frame_to_table(
    frame: pd.DataFrame,
    dataset: str,
    algorithm: str,
    score: str,
    aggregate: Aggregate | None,
    nan_policy: str = "raise",
) -> Table:
    """Data sets x algorithms from a wide or long frame (see :func:`layout`); rows without a
    name refused, or left out under ``nan_policy='omit'``."""
    frame = without_written_index(frame, dataset)
    dtypes = list(frame.dtypes)  # once (pandas builds a Series each time)
    how = layout(frame, dataset, algorithm, dtypes)
    if how is LONG:
        labels = label_columns(frame, dtypes)
        columns = long_columns(frame, dataset, algorithm, score, labels)
        return long_to_table(frame, columns, aggregate, nan_policy=nan_policy)
    if how is not None:
        frame = frame.set_index(how)
        dtypes = list(frame.dtypes)
    if frame.index.hasnans and not pd.api.types.is_numeric_dtype(frame.index):  # names
        frame = _named_rows(frame, nan_policy)
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
