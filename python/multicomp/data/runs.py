"""Repeated runs: the folds, seeds or repeats of a data set and algorithm combined into one
score (``aggregate=``).

:class:`RunCombiner` takes the scores of a long table in chunks (a DataFrame at once, or the
column batches of a Parquet or Arrow table) as integer codes of their data set and algorithm
and combines them vectorised: the mean from compensated sums of the runs of each cell (one
pass, memory proportional to the number of cells), the median and a callable from the runs of
each cell gathered (16 bytes a score: its cell and its value).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from multicomp._internal.ranks import at_data_precision
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import AGGREGATES, AggregateName

__all__ = [
    "Aggregate",
    "RunCombiner",
    "check_aggregate",
    "combine_runs",
]

Aggregate = AggregateName | Callable[[np.ndarray], float]
"""How repeated scores (folds, seeds) of a data set and algorithm become one: a name of
``AGGREGATES`` or a function of a 1-D array returning a number."""


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


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a + b and its rounding error, element by element (Knuth's TwoSum: exact)."""
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


class RunCombiner:
    """Scores of the cells (data set, algorithm) of a table, fed in chunks, combined by
    ``aggregate`` (None: at most one score per cell).

    ``add(datasets, algorithms, values)`` takes a chunk as integer codes (0, 1, ... in order of
    first appearance) and float64 scores; ``counts`` is the number of scores of each cell so
    far; ``table(n_datasets, n_algorithms)`` gives the N x k combined scores (NaN for a cell
    without a score or with a missing run). The mean is kept as compensated sums (Knuth's
    TwoSum: the sum and the exact sum of its rounding errors, so an error of order u^2 instead
    of u), so runs that sum alike give the same mean whatever their order, at the precision of
    the scores (:func:`multicomp._internal.ranks.at_data_precision`); the median and a callable see
    each cell's runs in the order of the rows.
    """

    def __init__(self, aggregate: Aggregate | None) -> None:
        self.aggregate = aggregate
        self.counts = np.zeros((0, 0), dtype=np.int64)
        self._sum = np.zeros((0, 0))
        self._error = np.zeros((0, 0))
        self._scale = np.zeros((0, 0))  # the largest |score| of each cell
        self._missing = np.zeros((0, 0), dtype=bool)
        self._chunks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def _grow(self, n: int, k: int) -> None:
        rows, columns = self.counts.shape
        if n <= rows and k <= columns:
            return
        shape = (
            rows if n <= rows else max(n, 2 * rows),
            columns if k <= columns else max(k, 2 * columns),
        )
        for name in ("counts", "_sum", "_error", "_scale", "_missing"):
            old = getattr(self, name)
            new = np.zeros(shape, dtype=old.dtype)
            new[:rows, :columns] = old
            setattr(self, name, new)

    def add(self, datasets: np.ndarray, algorithms: np.ndarray, values: np.ndarray) -> None:
        if not len(values):
            return
        self._grow(int(datasets.max()) + 1, int(algorithms.max()) + 1)
        cells = datasets.astype(np.int64) * self.counts.shape[1] + algorithms
        self.counts.reshape(-1)[:] += np.bincount(cells, minlength=self.counts.size)
        if self.aggregate is None or self.aggregate == "mean":
            self._add_sums(cells, values)
        else:  # the median and callables need every run: keep the chunk (16 bytes a score)
            self._chunks.append((datasets.astype(np.int32), algorithms.astype(np.int32), values))

    def _add_sums(self, cells: np.ndarray, values: np.ndarray) -> None:
        # By cell (rows grouped by cell, as tables usually are, sort in linear time); the
        # compensated sums below make the mean independent of the runs' order.
        order = np.argsort(cells, kind="stable")
        cells, values = cells[order], values[order]
        starts = np.flatnonzero(np.r_[True, cells[1:] != cells[:-1]])
        unique = cells[starts]
        lengths = np.diff(np.r_[starts, len(cells)])
        position = np.arange(len(cells)) - np.repeat(starts, lengths)
        runs = np.zeros((len(unique), int(lengths.max())))
        runs[np.repeat(np.arange(len(unique)), lengths), position] = values
        missing = np.isnan(runs)
        runs[missing] = 0.0
        total, error = np.zeros(len(unique)), np.zeros(len(unique))
        for column in runs.T:  # compensated sums of each cell's runs, one run at a time
            total, rounding = _two_sum(total, column)
            error += rounding
        flat = (self._sum.reshape(-1), self._error.reshape(-1))
        flat[0][unique], rounding = _two_sum(flat[0][unique], total)
        flat[1][unique] += error + rounding
        scale = self._scale.reshape(-1)
        scale[unique] = np.maximum(scale[unique], np.abs(runs).max(axis=1))
        self._missing.reshape(-1)[unique] |= missing.any(axis=1)

    def table(self, n_datasets: int, n_algorithms: int) -> np.ndarray:
        """The N x k combined scores."""
        self._grow(n_datasets, n_algorithms)
        counts = self.counts[:n_datasets, :n_algorithms]
        if self.aggregate is None or self.aggregate == "mean":
            sums = self._sum[:n_datasets, :n_algorithms] + self._error[:n_datasets, :n_algorithms]
            with np.errstate(invalid="ignore", divide="ignore"):
                values = sums / counts
            if self.aggregate == "mean":
                values = at_data_precision(values, self._scale[:n_datasets, :n_algorithms])
            values[(counts == 0) | self._missing[:n_datasets, :n_algorithms]] = np.nan
            return values
        return self._gathered(n_datasets, n_algorithms)

    def _gathered(self, n: int, k: int) -> np.ndarray:
        """The median or a callable of each cell's runs (in the order of the rows)."""
        datasets, algorithms, values = (np.concatenate(part) for part in zip(*self._chunks))
        cells = datasets.astype(np.int64) * k + algorithms
        order = np.argsort(cells, kind="stable")
        cells, values = cells[order], values[order]
        counts = np.bincount(cells, minlength=n * k)
        ends = np.cumsum(counts)
        combined = np.full(n * k, np.nan)
        if self.aggregate == "median":
            runs = np.full((n * k, int(counts.max())), np.nan)
            runs[cells, np.arange(len(cells)) - (ends - counts)[cells]] = values
            present = counts > 0
            missing = np.bincount(cells, weights=np.isnan(values), minlength=n * k) > 0
            with np.errstate(invalid="ignore"):
                median = np.nanmedian(runs[present], axis=1)
                scale = np.nanmax(np.abs(runs[present]), axis=1)
            combined[present] = at_data_precision(median, scale)
            combined[missing] = np.nan
        else:
            for cell in np.flatnonzero(counts):
                combined[cell] = combine_runs(
                    values[ends[cell] - counts[cell] : ends[cell]], self.aggregate
                )
        return combined.reshape(n, k)


def check_aggregate(aggregate: Aggregate | None) -> Aggregate | None:
    """``aggregate`` checked: None, a callable or a name of ``AGGREGATES`` (any case)."""
    if aggregate is None or callable(aggregate):
        return aggregate
    if not isinstance(aggregate, str):
        raise TypeError(
            f"aggregate must be a callable or one of {', '.join(map(repr, AGGREGATES))}; "
            f"got {aggregate!r}"
        )
    return check_choice("aggregate", aggregate, AGGREGATES)
