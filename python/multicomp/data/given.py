"""Inputs other than a table of scores: average ranks given as published (as_rank_series,
published_ranks: the CD diagram and the post-hocs from ranks=) and two samples of paired scores
(paired_differences: the tests of two algorithms)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from multicomp._internal.ranks import difference
from multicomp._internal.validation import check_count
from multicomp._internal.vocabulary import NanPolicy
from multicomp.data.frames import check_unique
from multicomp.data.readers import array_names
from multicomp.data.scores import as_real_array, as_scores

__all__ = ["RanksLike", "as_rank_series", "paired_differences", "published_ranks"]


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
            else array_names(0, values.shape[0] if values.ndim else 0)[1]
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
    check_unique(names, "algorithm")
    if not np.all(np.isfinite(values)):
        raise ValueError("ranks must be finite (no NaN/inf)")
    return pd.Series(values, index=names, name="rank")


def published_ranks(
    ranks: RanksLike, n_datasets: int | None, algorithms: Sequence[str] | None = None
) -> tuple[pd.Series, int]:
    """Published average ``ranks`` (:func:`as_rank_series`) and their number of data sets
    ``n_datasets`` (at least 2). Whether a test can reach them at that N is
    :func:`multicomp._internal.ranks.check_average_ranks`'s question."""
    series = as_rank_series(ranks, algorithms)
    if n_datasets is None:
        raise ValueError("ranks= needs n_datasets= (the number of data sets they average over)")
    return series, check_count(n_datasets, "n_datasets", 2)


def paired_differences(
    x: object, y: object, nan_policy: NanPolicy = "raise"
) -> tuple[pd.Series, tuple[str, ...]]:
    """d = x - y as a Series over the data sets, validated and at the precision of the data,
    with ``nan_policy`` applied to the pairs: d over the complete pairs, and the data sets
    'omit' dropped (index labels; for arrays D1, D2, ..., numbered from 1 as the rows of a
    2-D array are).

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
        index=index if index is not None else array_names(n_x, 2)[0],
    )
    scores = as_scores(frame, nan_policy=nan_policy, shape_warnings=False)
    values = scores.values
    d = difference(values[:, 0], values[:, 1])
    labels = list(scores.datasets) if index is not None or scores.omitted else None
    return pd.Series(d, index=labels, name="difference"), scores.omitted
