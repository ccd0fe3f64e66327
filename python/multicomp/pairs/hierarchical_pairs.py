"""The Bayesian hierarchical test of many pairs of algorithms (``compare_bayesian(...,
test="hierarchical")`` and the report's ``bayesian_hierarchical`` extra): the fold scores of
each data set and algorithm read from the input as it carries them (the folds of a long table,
the runs of a 3-D array or of a dict), checked to be the same cross-validation everywhere,
and each pair's :func:`multicomp.bayesian_hierarchical_test` run on an independent seed
stream, the work of all of them bounded before the first starts.
"""

from __future__ import annotations

import itertools
import os
import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from multicomp._internal.validation import check_count, check_nonnegative
from multicomp._internal.work import check_work
from multicomp.data.decorators import ScoresInput
from multicomp.data.frames import REPLICATE_COLUMNS
from multicomp.data.readers import read_scores
from multicomp.data.scores import Scores, index_of
from multicomp.pairs.hierarchical import (
    MAX_HIERARCHICAL_WORK,
    HierarchicalResult,
    bayesian_hierarchical_test,
)

__all__ = [
    "N_CHAINS",
    "N_WARMUP",
    "check_pairs_work",
    "fold_scores",
    "hierarchical_pairs",
    "pair_positions",
    "pairs_work",
]

#: The chains of each pair and their warm-up sweeps (those of
#: :func:`multicomp.bayesian_hierarchical_test`).
N_CHAINS = 4
N_WARMUP = 1000


def fold_scores(source: ScoresInput) -> tuple[Scores, np.ndarray]:
    """The cells of the input (their names, direction and omitted data sets) and its fold
    scores, data sets x algorithms x folds: each cell's folds in the order of the labels of
    a long table's fold (run, repeat, seed) columns, else in the order of the input's rows;
    ValueError when the input holds one score a cell or the cells' numbers of folds
    differ."""
    cells, runs = source.runs()
    if runs is None or all(len(r) == 1 for row in runs for r in row):
        raise ValueError(
            "the hierarchical test models the scores of the folds: the input holds one score "
            "per data set and algorithm; give the folds (a long table with a fold column, a "
            "3-D array data sets x algorithms x folds, or a dict of lists), not their means"
        )
    counts = np.array([[len(r) for r in row] for row in runs])
    if np.unique(counts).size > 1:
        first = (0, 0)
        other = tuple(int(i[0]) for i in np.nonzero(counts != counts[first]))
        raise ValueError(
            "the hierarchical test needs the same cross-validation (the same number of folds) "
            "for every data set and algorithm; "
            + " but ".join(
                f"data set {cells.datasets[i]!r}, algorithm {cells.algorithms[j]!r} has "
                f"{counts[i, j]}"
                for i, j in (first, other)
            )
        )
    folds = np.array(runs, dtype=np.float64)
    labels = _fold_labels(source)
    if labels is not None:
        _by_label(folds, labels, cells)
    return cells, folds


def _fold_labels(source: ScoresInput) -> np.ndarray | None:
    """The fold labels of each cell (data sets x algorithms x folds, as codes in the order
    of their first row) of a long table (a DataFrame or a file) with run columns
    (``fold``, ``repeat``, ...), read in the order of the rows as the scores are; None for
    another input."""
    data = source.data
    if isinstance(data, (str, os.PathLike)):  # a CSV, Parquet or Arrow file, or results
        reading = ("sep", "decimal", "dataset", "algorithm", "score")
        data = read_scores(data, **{k: v for k, v in source.options.items() if k in reading})
    if not isinstance(data, pd.DataFrame):
        return None
    columns = [c for c in data.columns if str(c).lower() in REPLICATE_COLUMNS]
    if not columns:
        return None
    joined = data[columns].astype(str).agg("\x1f".join, axis=1)
    code = "\x1f".join(map(str, data.columns))  # a column name the table does not have
    coded = data.assign(**{code: pd.factorize(joined)[0].astype(np.float64)})
    options = {k: v for k, v in source.options.items() if k not in ("sep", "decimal")}
    _, runs = ScoresInput(coded, options | {"score": code}).runs()
    return None if runs is None else np.array(runs, dtype=np.int64)


def _by_label(folds: np.ndarray, labels: np.ndarray, cells: Scores) -> None:
    """``folds`` of each cell ordered by their labels (in place), so that a pair compares
    fold with fold; ValueError when two algorithms of a data set have different folds."""
    order = np.argsort(labels, axis=2, kind="stable")
    folds[:] = np.take_along_axis(folds, order, axis=2)
    labels = np.take_along_axis(labels, order, axis=2)
    differ = (labels != labels[:, :1]).any(axis=2)
    if differ.any():
        i, j = (int(v[0]) for v in np.nonzero(differ))
        raise ValueError(
            f"data set {cells.datasets[i]!r}: algorithms {cells.algorithms[0]!r} and "
            f"{cells.algorithms[j]!r} have different folds (by the table's "
            "fold/run columns); the hierarchical test compares each fold of one algorithm "
            "with the same fold of the other"
        )


def pair_positions(names: Sequence[str], control: str | int | None) -> list[tuple[int, int]]:
    """The pairs compared, by position: every pair in ``itertools.combinations`` order, or
    (control, other) of every other algorithm."""
    if control is None:
        return list(itertools.combinations(range(len(names)), 2))
    c = index_of(names, control)
    return [(c, j) for j in range(len(names)) if j != c]


def pairs_work(n_pairs: int, n_datasets: int, n_draws: int) -> int:
    """The sweeps of one data set that the hierarchical tests of ``n_pairs`` pairs on
    ``n_datasets`` data sets take, ``n_draws`` draws each after the chains' warm-up."""
    return n_pairs * (n_draws // N_CHAINS + N_WARMUP) * N_CHAINS * n_datasets


def check_pairs_work(n_pairs: int, n_datasets: int, n_draws: int, max_work: float) -> None:
    """ValueError, before any work, when the hierarchical tests of ``n_pairs`` pairs on
    ``n_datasets`` data sets take more than ``max_work`` sweeps of one data set."""
    check_work(
        pairs_work(n_pairs, n_datasets, n_draws),
        check_nonnegative(max_work, "max_work"),
        f"the hierarchical tests of {n_pairs:,} pairs on {n_datasets} data sets need "
        "pairs x (n_draws + 4,000 warm-up) x data sets sweeps of one data set (about 3 million "
        "a second)",
    )


def hierarchical_pairs(
    source: ScoresInput,
    control: str | int | None,
    rope: float,
    runs: int | None,
    n_draws: int,
    random_state: int | None,
    max_work: float = MAX_HIERARCHICAL_WORK,
    *,
    stacklevel: int,
) -> tuple[Scores, tuple[tuple[str, str], ...], tuple[HierarchicalResult, ...]]:
    """The cells of ``source`` (see :func:`fold_scores`), the pairs compared (every pair, or
    each against ``control``: :func:`pair_positions`) by name and their hierarchical tests, each seeded by its stream of
    ``SeedSequence(random_state).spawn``; the work of all of them (pairs x sweeps x data sets)
    checked against ``max_work`` first (``runs``: the repetitions of the
    cross-validation, None for 1). A warning of a pair's chains names the pair (and
    points ``stacklevel`` frames up)."""
    cells, folds = fold_scores(source)
    names, datasets = cells.algorithms, pd.Index(cells.datasets)
    pairs = pair_positions(names, control)
    n_draws = check_count(n_draws, "n_draws", 4 * N_CHAINS)
    check_pairs_work(len(pairs), folds.shape[0], n_draws, max_work)
    seeds = np.random.SeedSequence(random_state).spawn(len(pairs))
    results = []
    for (a, b), seed in zip(pairs, seeds):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            results.append(
                bayesian_hierarchical_test(
                    pd.DataFrame(folds[:, a], index=datasets),
                    pd.DataFrame(folds[:, b], index=datasets),
                    rope=rope,
                    runs=1 if runs is None else runs,
                    higher_is_better=cells.higher_is_better,
                    names=(names[a], names[b]),
                    n_draws=n_draws,
                    random_state=np.random.default_rng(seed),
                    max_work=max_work,
                )
            )
        for caught_warning in caught:
            warnings.warn(
                f"{names[a]} vs {names[b]}: {caught_warning.message}",
                caught_warning.category,
                stacklevel=stacklevel,
            )
    return cells, tuple((names[a], names[b]) for a, b in pairs), tuple(results)
