"""Scores: every accepted form of scores becomes one validated ``Scores`` table.

Accepted: a 2-D array (rows = data sets, columns = algorithms; a numpy masked array's masked
cells are missing values), a wide DataFrame (data sets in the index, or in its only column of
names), a long DataFrame (one row per data set, algorithm and, for repeated runs, fold or
seed) or the path of a CSV file holding either (read by
:func:`multicomp.data.readers.read_scores`). Repeated scores of a data set and algorithm are
combined by ``aggregate`` (:mod:`multicomp.data.readers`); missing ones are handled by
``nan_policy`` here. The caller's object is never modified.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Union

import numpy as np
import pandas as pd

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_bool, check_choice
from multicomp._internal.vocabulary import NAN_POLICIES, DecimalMark, NanPolicy
from multicomp.data.frames import (
    ShapeWarning,
    caller_level,
    cell_name,
    check_unique,
    checked_table,
    numeric_matrix,
)
from multicomp.data.orientation import names_confirm, transposed_evidence
from multicomp.data.readers import read_table
from multicomp.data.runs import Aggregate, check_aggregate

__all__ = [
    "LOWER_IS_BETTER",
    "ArrowTableLike",
    "Scores",
    "ScoresLike",
    "ShapeWarning",
    "as_real_array",
    "as_scores",
    "index_of",
]


class ArrowTableLike(Protocol):
    """A table that exports the Arrow C stream interface: a pyarrow ``Table`` or
    ``RecordBatchReader``, a polars DataFrame, ..."""

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...


ScoresLike = Union[
    np.ndarray,
    pd.DataFrame,
    Mapping[Any, Mapping[Any, Any]],
    ArrowTableLike,
    "os.PathLike[str]",
    str,
    Sequence[Sequence[float]],
]
"""What the functions of multicomp accept as scores (see :func:`as_scores`)."""

#: Up to this many data sets the asymptotic p-values of the rank tests are rough (D06 Sec. 3.2.2
#: uses the chi-square approximation for N > 10).
SMALL_N = 10


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
            values = numeric_matrix(values, None)  # a new array
            values.setflags(write=False)
        names = {
            field: _names(getattr(self, field), field, size)
            for field, size in (("algorithms", values.shape[1]), ("datasets", values.shape[0]))
        }
        checked_table(values, list(names["algorithms"]), list(names["datasets"]), 2)
        check_unique(list(names["algorithms"]), "algorithm")
        check_unique(list(names["datasets"]), "data set")
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

    @strict
    def index_of(self, algorithm: str | int) -> int:
        """Column of an algorithm given by name, or by position (see :func:`index_of`)."""
        return index_of(self.algorithms, algorithm)

    def to_frame(self) -> pd.DataFrame:
        """The scores: rows = data sets, columns = algorithms."""
        return pd.DataFrame(self.values, index=list(self.datasets), columns=list(self.algorithms))

    # The names as pandas Index objects, built once per Scores (a text Index costs more than
    # the statistic of a small table): results label their Series and DataFrames with views
    # of them (:func:`algorithm_series`, :func:`scores_frame`), so that renaming the index of
    # one result touches no other.
    @functools.cached_property
    def _algorithm_index(self) -> pd.Index:
        return pd.Index(list(self.algorithms))

    @functools.cached_property
    def _dataset_index(self) -> pd.Index:
        return pd.Index(list(self.datasets))

    def __str__(self) -> str:
        better = "higher" if self.higher_is_better else "lower"
        omitted = f"\nomitted (incomplete): {', '.join(self.omitted)}" if self.omitted else ""
        return (
            f"Scores of {self.n_algorithms} algorithms on {self.n_datasets} data sets "
            f"({better} is better)\n{self.to_frame().to_string()}{omitted}"
        )


def _reuse_indexes(scores: Scores, algorithms: pd.Index | None, datasets: pd.Index | None) -> None:
    """Give ``scores`` the Index objects of its names that the input already had (the same
    names, as :func:`multicomp.data.frames.text_index` checks), so that none is built."""
    for attribute, index in (("_algorithm_index", algorithms), ("_dataset_index", datasets)):
        if index is not None:
            vars(scores)[attribute] = index  # where functools.cached_property keeps its value


def algorithm_series(scores: Scores, values: np.ndarray, name: str) -> pd.Series:
    """``values`` (one per algorithm) as a float Series over the algorithms of ``scores``,
    named ``name``; a float64 array is not copied (the caller hands it over)."""
    return pd.Series(
        np.asarray(values, dtype=np.float64),
        index=scores._algorithm_index.view(),
        name=name,
        copy=False,
    )


def dataset_series(scores: Scores, values: np.ndarray, name: str) -> pd.Series:
    """``values`` (one per data set) as a float Series over the data sets of ``scores``, as
    :func:`algorithm_series`."""
    return pd.Series(
        np.asarray(values, dtype=np.float64),
        index=scores._dataset_index.view(),
        name=name,
        copy=False,
    )


def scores_frame(scores: Scores, values: np.ndarray) -> pd.DataFrame:
    """``values`` (data sets x algorithms) as a DataFrame labelled as ``scores``, not copied
    (the caller hands the array over)."""
    return pd.DataFrame(
        values,
        index=scores._dataset_index.view(),
        columns=scores._algorithm_index.view(),
        copy=False,
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
    higher_is_better: bool | None = None,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
    nan_policy: NanPolicy = "raise",
    sep: str | None = None,
    decimal: DecimalMark = ".",
    keep_missing: bool = False,
    shape_warnings: bool = True,
) -> Scores:
    """Validate ``data`` and return it as ``Scores``.

    Parameters
    ----------
    data : array_like, DataFrame, dict, Arrow table, str or os.PathLike
        A 2-D array (rows = data sets, named D1, D2, ...; columns = algorithms, A1, A2, ...;
        masked cells of a masked array are missing); a 3-D array (data sets x algorithms x
        runs, with ``aggregate``); a wide DataFrame, whose index names the data sets unless
        it has a default index and one column of names (unique: the data sets); a long
        DataFrame (see below); a dict ``{dataset: {algorithm: score or list of run
        scores}}``; an Arrow table (anything with ``__arrow_c_stream__``: pyarrow, polars);
        or the path of a CSV, Parquet or Arrow file (:func:`read_scores`). A ``Scores`` keeps
        its orientation; ``nan_policy`` and ``keep_missing`` apply to its missing scores.
    higher_is_better : bool, optional
        Whether larger scores are better (accuracy) or worse (error, time). Not given: True,
        with a :class:`ShapeWarning` when the score column of long data is named as a
        quantity where lower is better (error, loss, rmse, time, ...: ``LOWER_IS_BETTER``).
    dataset, algorithm, score : str
        The columns of long data. The ``dataset`` column names the data sets whatever its
        dtype (integer ids are names). A DataFrame (or file) is long when it has the
        ``dataset`` column and the ``algorithm`` column or another column of names, or (with a
        default index) two or more columns of names; a column of repeated names that is not the
        first, without a ``dataset`` column, is ambiguous and an error (see
        :func:`~multicomp.data.readers.layout`). Absent names are detected by the columns'
        names first (``dataset_name``, ``problem``, ``task_id``, ... for the data sets;
        ``classifier``, ``model``, ``estimator``, ... for the algorithms: see
        :mod:`multicomp.data.columns`), else by position (the first column of names holds the
        data sets, the other the algorithms), with a :class:`ShapeWarning` saying which was
        taken as what where the position decided or the names overruled it; the score column is the only
        numeric column besides those that number repeated runs (``seed``, ``fold``,
        ``repeat``, ``run``, ... : ``REPLICATE_COLUMNS``). Two rows with the same data set,
        algorithm and run columns are an error that names them.
    aggregate : {'mean', 'median'} or callable, optional
        Combines repeated scores of a data set and algorithm (the folds and seeds of a long
        table, repeated rows of a wide one, the runs of a 3-D array or of a dict) into one; a
        callable gets a 1-D float array and returns a number. Without it, repeated scores are
        an error that names this option. A missing run makes the combined 'mean' or 'median'
        missing.
    nan_policy : {'raise', 'omit'}
        Missing scores (NaN, None, a masked cell, a pair absent from long data): 'raise' (the
        default) refuses them; 'omit' leaves out every data set with a missing score and lists
        them in ``Scores.omitted``. Infinite scores are always an error.
    sep, decimal : str
        How a CSV file is read (:func:`multicomp.read_scores`: the separator, detected when
        None, and the decimal mark); only with the path of a CSV file.
    keep_missing : bool
        Keep missing scores as NaN (for the incomplete-block tests); ``nan_policy`` is then
        not applied.
    shape_warnings : bool
        Emit a :class:`ShapeWarning` for suspicious shapes: more algorithms than data sets
        with names that look transposed (see :mod:`multicomp.data.orientation`), two
        algorithms (use :func:`multicomp.wilcoxon`), fewer than ``SMALL_N`` data sets
        (asymptotic p-values are rough); and the hint of ``higher_is_better``.

    Returns
    -------
    Scores
        Read-only float64 values with algorithm and data-set names.
    """
    if higher_is_better is not None:
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
    table = read_table(
        data,
        dataset=dataset,
        algorithm=algorithm,
        score=score,
        aggregate=how,
        csv={"sep": sep, "decimal": decimal},
        nan_policy=policy,
    )
    names, rows = table.algorithms, table.datasets
    values = checked_table(table.values, names, rows, 2)
    values, rows, omitted = _missing(values, names, rows, policy, keep_missing)
    values.setflags(write=False)
    better = True if higher_is_better is None else bool(higher_is_better)
    scores = Scores(values, tuple(names), tuple(rows), better, omitted)
    _reuse_indexes(scores, table.indexes[0], None if omitted else table.indexes[1])
    if shape_warnings and higher_is_better is None and lower_is_better(table.score_column):
        warnings.warn(
            f"the scores come from the column {table.score_column!r}, a quantity where lower "
            "is better (an error, a loss, a time?), but they are read with "
            "higher_is_better=True (the default), which ranks the largest first: pass "
            "higher_is_better=False (--lower-is-better on the command line) if lower is "
            "better, or higher_is_better=True to keep this reading without this warning",
            ShapeWarning,
            stacklevel=caller_level(),
        )
    if shape_warnings:
        _warn_about_shape(scores)
    return scores


#: Words of a score column's name that say lower is better (``LOWER_IS_BETTER`` in full words,
#: compared with each word of the name in lower case; a word ending in "error" or "loss" too).
LOWER_IS_BETTER = frozenset(
    {
        "error",
        "errors",
        "err",
        "loss",
        "logloss",
        "nll",
        "rmse",
        "mse",
        "mae",
        "mape",
        "smape",
        "rmsle",
        "msle",
        "brier",
        "perplexity",
        "misclassification",
        "time",
        "times",
        "runtime",
        "duration",
        "seconds",
        "latency",
        "cost",
        "regret",
        "rank",
    }
)


def lower_is_better(column: str | None) -> bool:
    """Whether a score column's name says lower is better (see ``LOWER_IS_BETTER``)."""
    if column is None:
        return False
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", column)  # camelCase: words
    words = [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]
    return any(w in LOWER_IS_BETTER or w.endswith(("error", "loss")) for w in words)


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
            f"{cell_name(i, j, names, rows)}; pass nan_policy='omit' (--nan-policy omit) to leave out "
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


#: Algorithms per data set from which a table whose names do not confirm its reading (known
#: data sets as rows, or known algorithms as columns) may be transposed.
MANY_PER_DATASET = 3


def _warn_about_shape(scores: Scores) -> None:
    n, k = scores.n_datasets, scores.n_algorithms
    evidence = transposed_evidence(scores.algorithms, scores.datasets) if k > n else None
    if evidence:
        warnings.warn(
            f"{k} algorithms (columns) but only {n} data sets (rows), and {evidence}: the table "
            "looks transposed. Rows must be the data sets, columns the algorithms: transpose it "
            "(data.T for a DataFrame or array; swap the rows and columns of a CSV file)",
            ShapeWarning,
            stacklevel=caller_level(),
        )
    elif (
        k >= MANY_PER_DATASET * n
        and k >= 10
        and not names_confirm(scores.algorithms, scores.datasets)
    ):
        warnings.warn(
            f"{k} algorithms (columns) on only {n} data sets (rows): a benchmark usually has "
            "more data sets than algorithms, so the table may be transposed. Check which names "
            "were taken as data sets (scores.datasets, or the first line of the report's "
            "summary); if the rows are the algorithms, transpose it (data.T for a DataFrame "
            "or array; swap the rows and columns of a CSV file)",
            ShapeWarning,
            stacklevel=caller_level(),
        )
    if k == 2:
        warnings.warn(
            "two algorithms: the Friedman-type tests reduce to a weak form of the sign "
            "test; use multicomp.wilcoxon(x, y) (Wilcoxon signed-ranks test, D06 "
            "Sec. 3.1.3) or sign_test",
            ShapeWarning,
            stacklevel=caller_level(),
        )
    if n <= SMALL_N:
        warnings.warn(
            f"only {n} data sets: the chi-square, F and normal approximations of the rank tests "
            f"are rough for N <= {SMALL_N} (Demsar 2006, Sec. 3.2.2): at N = 5, k = 3 Quade's F "
            "rejects 6.0% of true nulls at alpha = 0.05 (benches/RESULTS-asymptotic-sizes.md), "
            "so method='auto' "
            "(the default) uses exact or Monte Carlo permutation p-values up to N = 16; with "
            "method='asymptotic' treat p-values near alpha as approximate. Few data sets also "
            "mean little power (for two algorithms, wilcoxon and sign_test are exact)",
            ShapeWarning,
            stacklevel=caller_level(),
        )
