"""Which column of long data names the data sets and which the algorithms: by their names
first (``dataset_name``, ``classifier``, ``model``, ``problem``, ...), by position only when
the names say nothing.

Benchmark tools write their long tables in any column order: hfawaz/cd-diagram's example
puts ``classifier_name`` before ``dataset_name``, scikit-posthocs melts into ``blocks`` and
``groups``, mlr into ``task_id`` and ``learner_id``. :func:`roles` reads the column names
(each compared without case or punctuation, word by word: ``Dataset Name``, ``datasetName``
and ``dataset_name`` are one name) against ``DATASET_WORDS`` and ``ALGORITHM_WORDS``; the
columns named by the ``dataset`` and ``algorithm`` keywords come first. :func:`position_note`
words the warning given when the names and the position disagree, or when neither decides.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence

__all__ = ["ALGORITHM_WORDS", "DATASET_WORDS", "position_note", "roles"]

#: Words of a column name that say it names the data sets (compared in lower case).
DATASET_WORDS = frozenset(
    {
        "dataset",
        "datasets",
        "data",
        "ds",
        "db",
        "database",
        "problem",
        "problems",
        "task",
        "tasks",
        "benchmark",
        "benchmarks",
        "bench",
        "block",
        "blocks",
        "instance",
        "instances",
        "corpus",
        "env",
        "environment",
    }
)
#: Words of a column name that say it names the algorithms (compared in lower case).
ALGORITHM_WORDS = frozenset(
    {
        "algorithm",
        "algorithms",
        "algo",
        "algos",
        "alg",
        "classifier",
        "classifiers",
        "clf",
        "model",
        "models",
        "method",
        "methods",
        "estimator",
        "estimators",
        "learner",
        "learners",
        "regressor",
        "regressors",
        "predictor",
        "flow",
        "solver",
        "solvers",
        "optimizer",
        "optimiser",
        "heuristic",
        "system",
        "systems",
        "pipeline",
        "approach",
        "technique",
        "treatment",
        "treatments",
        "group",
        "groups",
        "agent",
    }
)


def _words(name: Hashable) -> set[str]:
    """The words of a column name in lower case (split at punctuation and camelCase), and
    the name joined (``Data Set`` is ``dataset``)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(name))
    words = [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]
    return {*words, "".join(words)}


def _named(
    columns: Sequence[Hashable], words: frozenset[str], other: frozenset[str]
) -> Hashable | None:
    """The only column whose name has a word of ``words`` and none of ``other``; None when
    no column or several do."""
    found = [c for c in columns if _words(c) & words and not _words(c) & other]
    return found[0] if len(found) == 1 else None


def roles(
    columns: Sequence[Hashable],
    labels: Sequence[Hashable],
    integers: Sequence[Hashable],
    dataset: str,
    algorithm: str,
) -> tuple[Hashable | None, Hashable | None]:
    """The columns that name the data sets and the algorithms, each None where no name
    decides: the ``dataset`` and ``algorithm`` columns if present (whatever they hold), else
    the only column named like data sets among the columns of names (``labels``) and of
    integer ids (``integers``: ``task_id``), and the only column of names named like
    algorithms."""
    if dataset in columns:
        ds: Hashable | None = dataset
    else:
        ds = _named([*labels, *integers], DATASET_WORDS, ALGORITHM_WORDS)
        if ds is not None and ds not in labels and not _words(ds) & {"id", "ids"}:
            ds = None
    if algorithm in columns and algorithm != ds:
        return ds, algorithm
    return ds, _named([c for c in labels if c != ds], ALGORITHM_WORDS, DATASET_WORDS)


def position_note(
    ds: Hashable, alg: Hashable, first: tuple[Hashable, Hashable], by_name: bool
) -> str | None:
    """The warning for long data whose data-set and algorithm columns ``(ds, alg)`` were
    told apart by their names against their position (``first``: the first two columns of
    names), or by position alone (``by_name`` False); None when names and position agree."""
    if by_name and (ds, alg) == first:
        return None
    how = (
        f"by their names (the first column of names, {str(first[0])!r}, is not the data sets)"
        if by_name
        else "by position, as their names say neither"
    )
    return (
        f"long data: the data sets are read from column {str(ds)!r} and the algorithms from "
        f"column {str(alg)!r}, {how}; if it is the other way round, pass "
        f"dataset={str(alg)!r}, algorithm={str(ds)!r} (--dataset, --algorithm on the "
        "command line)"
    )
