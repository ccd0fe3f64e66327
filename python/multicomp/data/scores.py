"""Input handling: every accepted form of scores becomes one validated ``Scores`` table.

Accepted: a 2-D array (rows = data sets, columns = algorithms; a numpy masked array's masked
cells are missing values), a wide DataFrame (data sets in the index, or in its only column of
names), a long DataFrame (one row per data set, algorithm and, for repeated runs, fold or
seed) or the path of a CSV file holding either (read by :func:`read_scores`). Repeated scores
of a data set and algorithm are combined by ``aggregate``; missing ones are handled by
``nan_policy``. The caller's object is never modified.
"""

from __future__ import annotations

import codecs
import difflib
import math
import os
import re
import sys
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, SupportsFloat, SupportsIndex, Union, cast

import numpy as np
import pandas as pd

from multicomp._ranking import at_data_precision, difference
from multicomp._validation import check_bool, check_choice, check_count
from multicomp._vocabulary import (
    AGGREGATES,
    DECIMAL_MARKS,
    NAN_POLICIES,
    AggregateName,
    DecimalMark,
    NanPolicy,
)
from multicomp.data.orientation import transposed_evidence

__all__ = [
    "AGGREGATES",
    "NAN_POLICIES",
    "Aggregate",
    "NanPolicy",
    "Scores",
    "RanksLike",
    "ScoresLike",
    "ShapeWarning",
    "as_rank_series",
    "as_scores",
    "paired_differences",
    "published_ranks",
    "read_scores",
]

ScoresLike = Union[np.ndarray, pd.DataFrame, "os.PathLike[str]", str, Sequence[Sequence[float]]]
"""What the functions of multicomp accept as scores (see :func:`as_scores`)."""

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
#: Up to this many data sets the asymptotic p-values of the rank tests are rough (D06 Sec. 3.2.2
#: uses the chi-square approximation for N > 10).
SMALL_N = 10

_DECIMAL_COMMA = re.compile(r"^\s*[-+]?(\d+,\d*|,\d+)(e[-+]?\d+)?\s*$", re.IGNORECASE)
_LONG = object()  # what _layout returns for long data
_AGGREGATE_HINT = (
    "pass aggregate='mean' or 'median' (--aggregate in the command line) to combine them"
)


class ShapeWarning(UserWarning):
    """Scores of a suspicious shape: possibly transposed, two algorithms, or few data sets.

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
    >>> [type(w.message).__name__ for w in caught]
    ['ShapeWarning']
    """


@dataclass(frozen=True)
class Scores:
    """Scores of k algorithms (columns) on N data sets (rows), as float64: what every function
    that takes scores makes of its input, and accepts as input.

    Built directly, ``Scores(values, algorithms, datasets)`` checks its fields as
    :func:`as_scores` checks its input: numbers without infinite values, at least 2 x 2, one
    unique name per column and per row.

    Attributes
    ----------
    values : numpy.ndarray
        The N x k scores, a private read-only copy (NaN marks a missing score).
    algorithms : tuple of str
        The algorithm names, one per column.
    datasets : tuple of str
        The data-set names, one per row.
    higher_is_better : bool
        Whether larger scores are better; :meth:`oriented` flips them otherwise.
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.
    n_datasets, n_algorithms : int
        N and k.

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> table = mc.Scores(np.array([[0.9, 0.8], [0.7, 0.75], [0.6, 0.5]]), ("A", "B"), ("d1", "d2", "d3"))
    >>> print(table.n_datasets, table.n_algorithms, table.higher_is_better)
    3 2 True
    >>> table.values.flags.writeable  # a read-only copy
    False
    """

    values: np.ndarray
    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    higher_is_better: bool = True
    omitted: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        values = self.values
        if not (
            isinstance(values, np.ndarray)
            and values.dtype == np.float64
            and values.ndim == 2
            and not values.flags.writeable
        ):
            values = _numeric_matrix(values, None)  # a new array
            values.setflags(write=False)
        names = {
            field: _names(getattr(self, field), field, size)
            for field, size in (("algorithms", values.shape[1]), ("datasets", values.shape[0]))
        }
        _checked_table(values, list(names["algorithms"]), list(names["datasets"]), 2)
        _check_unique(list(names["algorithms"]), "algorithm")
        _check_unique(list(names["datasets"]), "data set")
        check_bool(self.higher_is_better, "higher_is_better")
        for field, value in (("values", values), *names.items()):
            object.__setattr__(self, field, value)
        object.__setattr__(self, "omitted", _names(self.omitted, "omitted", None))

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

    def to_frame(self) -> pd.DataFrame:
        """The scores: rows = data sets, columns = algorithms."""
        return pd.DataFrame(self.values, index=list(self.datasets), columns=list(self.algorithms))

    def __str__(self) -> str:
        better = "higher" if self.higher_is_better else "lower"
        omitted = f"\nomitted (incomplete): {', '.join(self.omitted)}" if self.omitted else ""
        return (
            f"Scores of {self.n_algorithms} algorithms on {self.n_datasets} data sets "
            f"({better} is better)\n{self.to_frame().to_string()}{omitted}"
        )


def _names(names: object, field: str, size: int | None) -> tuple[str, ...]:
    """``names`` as a tuple of strings (of length ``size`` if given), else TypeError/ValueError."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise TypeError(f"{field} must be a sequence of names, got {type(names).__name__}")
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"{field} must be strings, got {list(names)!r}")
    if size is not None and len(names) != size:
        raise ValueError(
            f"{field} must hold {size} names (one per row or column), got {len(names)}"
        )
    return tuple(names)


def index_of(names: Sequence[str], algorithm: str | int) -> int:
    """Position of ``algorithm`` in ``names``: a name (an integer counts as the name it prints
    as, e.g. DataFrame column 1), else an integer position; ValueError if unknown."""
    names = list(names)
    if isinstance(algorithm, (str, int, np.integer)) and not isinstance(algorithm, bool):
        if str(algorithm) in names:
            return names.index(str(algorithm))
        if not isinstance(algorithm, str) and 0 <= algorithm < len(names):
            return int(algorithm)
    lower = {name.lower(): name for name in names}
    close = difflib.get_close_matches(str(algorithm).lower(), list(lower), n=1, cutoff=0.6)
    hint = f" (did you mean {lower[close[0]]!r}?)" if close else ""
    raise ValueError(f"unknown control {algorithm!r}{hint}; the algorithms are {names}")


def as_real_array(values: object, name: str) -> np.ndarray:
    """``values`` as an array of real numbers, not copied when it already is one; TypeError
    for strings, booleans, complex numbers or anything else that is not a real number
    (NumPy would read "0.5" and True as numbers)."""
    try:
        # A list mixing True or "0.5" with numbers would become numbers: look at its items.
        array = np.asarray(values, dtype=object if isinstance(values, (list, tuple)) else None)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be numeric, got {type(values).__name__}: {exc}") from exc
    kinds = {"c": "complex values", "b": "booleans", "U": "strings", "S": "strings"}
    if array.dtype.kind == "O":  # e.g. Fractions, or a list: element by element
        for value in array.flat:
            kind = (
                np.asarray(value).dtype.kind
                if isinstance(value, (str, bytes, bool, np.bool_, complex, np.complexfloating))
                else ""
            )
            if kind:
                raise TypeError(
                    f"{name} must be real numbers (numeric), got {kinds[kind]}: {value!r}"
                )
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"{name} must be numeric: {exc}") from exc
    if array.dtype.kind not in "iuf":
        raise TypeError(
            f"{name} must be real numbers (numeric), got "
            f"{kinds.get(array.dtype.kind, f'dtype {array.dtype}')}"
        )
    return array


def as_scores(
    data: ScoresLike | Scores,
    *,
    higher_is_better: bool = True,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
    nan_policy: NanPolicy = "raise",
    keep_missing: bool = False,
    shape_warnings: bool = True,
) -> Scores:
    """Validate ``data`` and return it as ``Scores``.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        A 2-D array (rows = data sets; masked cells of a masked array are missing); a wide
        DataFrame, whose index names the data sets unless it has a default index and one column
        of names (unique: the data sets); a long DataFrame (see below); or a CSV path
        (:func:`read_scores`). A ``Scores`` keeps its orientation; ``nan_policy`` and
        ``keep_missing`` apply to its missing scores.
    higher_is_better : bool
        Whether larger scores are better (accuracy) or worse (error, time).
    dataset, algorithm, score : str
        The columns of long data. The ``dataset`` column names the data sets whatever its
        dtype (integer ids are names). A DataFrame (or CSV file) is long when it has the
        ``dataset`` column and the ``algorithm`` column or another column of names, or (with a
        default index) two or more columns of names; a column of repeated names that is not the
        first, without a ``dataset`` column, is ambiguous and an error (see ``_layout``). Absent
        names are detected: the first column of names holds the data sets, the other the
        algorithms; the score column is the only numeric column besides those that number
        repeated runs (``seed``, ``fold``, ``repeat``, ``run``, ... : ``REPLICATE_COLUMNS``).
    aggregate : {'mean', 'median'} or callable, optional
        Combines repeated scores of a data set and algorithm (the folds and seeds of a long
        table, or repeated rows of a wide one) into one; a callable gets a 1-D float array and
        returns a number. Without it, repeated scores are an error that names this option.
        A missing run makes the combined 'mean' or 'median' missing.
    nan_policy : {'raise', 'omit'}
        Missing scores (NaN, None, a masked cell, a pair absent from long data): 'raise' (the
        default) refuses them; 'omit' leaves out every data set with a missing score and lists
        them in ``Scores.omitted``. Infinite scores are always an error.
    keep_missing : bool
        Keep missing scores as NaN (for the incomplete-block tests); ``nan_policy`` is then
        not applied.
    shape_warnings : bool
        Emit a :class:`ShapeWarning` for suspicious shapes: more algorithms than data sets
        with names that look transposed (see :mod:`multicomp.data.orientation`), two
        algorithms (use :func:`multicomp.wilcoxon`), fewer than ``SMALL_N`` data sets
        (asymptotic p-values are rough).

    Returns
    -------
    Scores
        Read-only float64 values with algorithm and data-set names.
    """
    check_bool(higher_is_better, "higher_is_better")
    policy = check_choice("nan_policy", nan_policy, NAN_POLICIES)
    how = check_aggregate(aggregate)
    if isinstance(data, Scores):
        values, rows, omitted = _missing(
            data.values, list(data.algorithms), list(data.datasets), policy, keep_missing
        )
        if values is data.values:
            return data
        values.setflags(write=False)
        return Scores(
            values, data.algorithms, tuple(rows), data.higher_is_better, data.omitted + omitted
        )
    if isinstance(data, (str, os.PathLike)):
        data = read_scores(data, dataset=dataset, algorithm=algorithm)
    if isinstance(data, pd.DataFrame):
        data = _frame_to_wide(data, dataset, algorithm, score, how)
        names = [str(c) for c in data.columns]
        rows = [str(i) for i in data.index]
        _check_unique(names, "algorithm")
        values = _numeric_matrix(data.to_numpy(dtype=object), names, rows)
    else:
        values = _numeric_matrix(data, None)
        names = [f"A{j + 1}" for j in range(values.shape[1])]
        rows = [str(i) for i in range(values.shape[0])]
    values, rows, omitted = _missing(values, names, rows, policy, keep_missing)
    values.setflags(write=False)
    scores = Scores(values, tuple(names), tuple(rows), bool(higher_is_better), omitted)
    if shape_warnings:
        _warn_about_shape(scores)
    return scores


def read_scores(
    path: str | os.PathLike[str],
    *,
    sep: str | None = None,
    decimal: DecimalMark = ".",
    dataset: str = "dataset",
    algorithm: str = "algorithm",
) -> pd.DataFrame:
    """Read a CSV file of scores as a DataFrame for :func:`as_scores`.

    Parameters
    ----------
    path : str or os.PathLike
        The file. Wide: the first column names the data sets, the header the algorithms.
        Long: a row per score (see ``dataset``, ``algorithm`` of :func:`as_scores`).
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
    _check_unique(header, "algorithm")
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


def _check_unique(names: list[str], what: str) -> None:
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


def _frame_to_wide(
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
    cells = _numeric_matrix(
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
    cells = _numeric_matrix(
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


def _numeric_matrix(
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
        return _checked_table(np.ma.filled(raw.astype(np.float64), np.nan), names, rows, at_least)
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
        where = locate(i, j) if locate is not None else _where(i, j, names, rows)
        raise TypeError(
            f"scores must be numeric; found {cell!r} ({type(cell).__name__}) at {where}{hint}"
        )
    return _checked_table(values, names, rows, at_least)


def _checked_table(
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
            f"{_where(i, j, names, rows)}"
        )
    return values


def _where(i: int, j: int, names: list[str] | None, rows: list[str] | None) -> str:
    return (
        (f"data set {rows[i]!r}" if rows else f"row {i}")
        + ", "
        + (f"algorithm {names[j]!r}" if names else f"column {j}")
    )


def _missing(
    values: np.ndarray, names: list[str], rows: list[str], nan_policy: str, keep: bool
) -> tuple[np.ndarray, list[str], tuple[str, ...]]:
    """Apply ``nan_policy`` to the NaN cells: the values, data-set names and omitted names."""
    missing = np.isnan(values)
    if keep or not missing.any():
        return values, rows, ()
    if nan_policy == "raise":
        i, j = map(int, np.argwhere(missing)[0])
        raise ValueError(
            f"scores must be finite: {int(missing.sum())} missing/NaN value(s), first at "
            f"{_where(i, j, names, rows)}; pass nan_policy='omit' (--nan-policy omit) to leave out "
            "the incomplete data sets"
            + (
                ", or keep them with the Skillings-Mack test, which uses every score: "
                "compare(..., test='skillings_mack') (--test skillings_mack) or skillings_mack()"
                if len(names) > 2  # two algorithms: a data set with a missing score is no pair
                else ""
            )
        )
    incomplete = missing.any(axis=1)
    if int((~incomplete).sum()) < 2:
        worst = names[int(np.argmax(missing.sum(axis=0)))]
        raise ValueError(
            f"nan_policy='omit' leaves {int((~incomplete).sum())} complete data set(s) "
            f"of {len(rows)} (algorithm {worst!r} misses the most); need at least 2"
            + (" (test='skillings_mack' uses the incomplete data sets)" if len(names) > 2 else "")
        )
    kept = [r for r, bad in zip(rows, incomplete) if not bad]
    omitted = tuple(r for r, bad in zip(rows, incomplete) if bad)
    return values[~incomplete].copy(), kept, omitted


def _warn_about_shape(scores: Scores) -> None:
    n, k = scores.n_datasets, scores.n_algorithms
    evidence = transposed_evidence(scores.algorithms, scores.datasets) if k > n else None
    if evidence:
        warnings.warn(
            f"{k} algorithms (columns) but only {n} data sets (rows), and {evidence}: the table "
            "looks transposed. Rows must be the data sets, columns the algorithms: transpose it "
            "(data.T for a DataFrame or array; swap the rows and columns of a CSV file)",
            ShapeWarning,
            stacklevel=_caller_level(),
        )
    if k == 2:
        warnings.warn(
            "two algorithms: the Friedman-type tests reduce to a weak form of the sign "
            "test; use multicomp.wilcoxon(x, y) (Wilcoxon signed-ranks test, D06 "
            "Sec. 3.1.3) or sign_test",
            ShapeWarning,
            stacklevel=_caller_level(),
        )
    if n <= SMALL_N:
        warnings.warn(
            f"only {n} data sets: the chi-square, F and normal approximations of the rank tests "
            f"are rough for N <= {SMALL_N} (Demsar 2006, Sec. 3.2.2): at N = 5, k = 3 Quade's F "
            "rejects 5.7% of true nulls at alpha = 0.05 (docs/validity.md), so method='auto' "
            "(the default) uses exact or Monte Carlo permutation p-values up to N = 16; with "
            "method='asymptotic' treat p-values near alpha as approximate. Few data sets also "
            "mean little power (for two algorithms, wilcoxon and sign_test are exact)",
            ShapeWarning,
            stacklevel=_caller_level(),
        )


def _caller_level() -> int:
    """The ``stacklevel`` of a warning issued by the caller of this function that points at the
    first frame outside the multicomp package (the user's call)."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and os.path.abspath(frame.f_code.co_filename).startswith(
        package
    ):
        frame, level = frame.f_back, level + 1
    return level


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


RanksLike = pd.Series | Mapping[str, float] | Sequence[float] | np.ndarray
"""Average ranks as the functions of multicomp accept them (see :func:`as_rank_series`)."""


def as_rank_series(ranks: RanksLike, algorithms: Sequence[str] | None = None) -> pd.Series:
    """Average ranks as a float Series named by algorithm (names as text), or TypeError /
    ValueError: a Series or mapping names its algorithms; a plain sequence takes the names
    ``algorithms`` (default A1, A2, ...). At least two finite ranks with distinct names."""
    if isinstance(ranks, (pd.Series, Mapping)):
        if algorithms is not None:
            raise ValueError(
                "algorithms= is for ranks given as a plain sequence; a Series or "
                "dict already names them"
            )
        series = pd.Series(dict(ranks)) if isinstance(ranks, Mapping) else ranks
        names = [str(a) for a in series.index]
        values = as_real_array(series.to_numpy(), "ranks")
    else:
        values = as_real_array(ranks, "ranks")
        names = (
            [str(a) for a in algorithms]
            if algorithms is not None
            else [f"A{j + 1}" for j in range(values.shape[0] if values.ndim else 0)]
        )
    values = values.astype(np.float64)
    if values.ndim != 1:
        raise ValueError(
            f"ranks must be 1-D (one average rank per algorithm), got shape {values.shape}"
        )
    if len(values) < 2:
        raise ValueError(f"need at least 2 algorithms, got {len(values)} rank(s)")
    if len(names) != len(values):
        raise ValueError(f"{len(names)} algorithm names for {len(values)} ranks")
    _check_unique(names, "algorithm")
    if not np.all(np.isfinite(values)):
        raise ValueError("ranks must be finite (no NaN/inf)")
    return pd.Series(values, index=names, name="rank")


def published_ranks(
    ranks: RanksLike, n_datasets: int | None, algorithms: Sequence[str] | None = None
) -> tuple[pd.Series, int]:
    """Published average ``ranks`` (:func:`as_rank_series`) and their number of data sets
    ``n_datasets`` (at least 2). Whether a test can reach them at that N is
    :func:`multicomp._ranking.check_average_ranks`'s question."""
    series = as_rank_series(ranks, algorithms)
    if n_datasets is None:
        raise ValueError("ranks= needs n_datasets= (the number of data sets they average over)")
    return series, check_count(n_datasets, "n_datasets", 2)


def paired_differences(
    x: object, y: object, nan_policy: NanPolicy = "raise"
) -> tuple[pd.Series, tuple[str, ...]]:
    """d = x - y as a Series over the data sets, validated and at the precision of the data,
    with ``nan_policy`` applied to the pairs: d over the complete pairs, and the data sets
    'omit' dropped (index labels; positions for arrays).

    Two Series are paired by data set (their index labels), anything else by position.
    """
    if isinstance(x, pd.Series) and isinstance(y, pd.Series) and not x.index.equals(y.index):
        if not (x.index.is_unique and y.index.is_unique and set(x.index) == set(y.index)):
            raise ValueError(
                "x and y are Series over different data sets (index labels); align "
                "them, or pass arrays to pair the scores by position"
            )
        y = y.reindex(x.index)
    for name, v in (("x", x), ("y", y)):
        if isinstance(v, pd.DataFrame) or np.ndim(np.asarray(v, dtype=object)) != 1:
            raise ValueError(
                f"{name} must be 1-D (one score per data set), got shape "
                f"{np.shape(np.asarray(v, dtype=object))}"
            )
    n_x, n_y = np.size(np.asarray(x, dtype=object)), np.size(np.asarray(y, dtype=object))
    if n_x != n_y:
        raise ValueError(f"x and y must have the same length, got {n_x} and {n_y}")
    index = x.index if isinstance(x, pd.Series) else y.index if isinstance(y, pd.Series) else None
    # A string index names the data sets, so that a column of text is never taken for names.
    frame = pd.DataFrame(
        {"x": np.asarray(x, dtype=object), "y": np.asarray(y, dtype=object)},
        index=index if index is not None else [str(i) for i in range(n_x)],
    )
    scores = as_scores(frame, nan_policy=nan_policy, shape_warnings=False)
    values = scores.values
    d = difference(values[:, 0], values[:, 1])
    kept = list(scores.datasets) if index is not None else [int(i) for i in scores.datasets]
    labels = kept if index is not None or scores.omitted else None
    return pd.Series(d, index=labels, name="difference"), scores.omitted
