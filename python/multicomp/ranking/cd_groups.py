"""The groups of a critical difference (CD) diagram: which algorithms it joins with a bold
line (Demsar 2006, Sec. 3.2.2). Pure logic, no drawing and no matplotlib."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_nonnegative
from multicomp.data.given import as_rank_series

__all__ = ["DECIMALS", "cd_groups"]

#: Decimals at which rank differences are compared with a CD (see tests/reference/README.md:
#: decide at the precision of the data, not of floating-point noise in derived values).
DECIMALS = 9


def _rejected_matrix(
    names: list[str],
    rejected: pd.DataFrame | np.ndarray | Iterable[tuple[str, str]],
) -> np.ndarray:
    """A symmetric k x k boolean matrix (in the order of ``names``)."""
    k = len(names)
    if isinstance(rejected, pd.DataFrame):
        missing = [n for n in names if n not in rejected.index or n not in rejected.columns]
        if missing:
            raise ValueError(f"rejected matrix lacks algorithms {missing}")
        matrix = rejected.loc[names, names].to_numpy()
    elif isinstance(rejected, np.ndarray):
        matrix = rejected
        if matrix.shape != (k, k):
            raise ValueError(f"rejected must be a {k} x {k} matrix, got shape {matrix.shape}")
    else:
        position = {n: i for i, n in enumerate(names)}
        matrix = np.zeros((k, k), dtype=bool)
        for pair in rejected:
            a, b = (str(x) for x in pair)
            if a not in position or b not in position:
                raise ValueError(
                    f"unknown algorithm in rejected pair {pair!r}; the algorithms are {names}"
                )
            matrix[position[a], position[b]] = True
    if matrix.dtype != bool:
        raise TypeError(
            f"rejected must be a boolean matrix (e.g. apv_matrix <= alpha), got dtype "
            f"{matrix.dtype}; a matrix of p-values or APVs is not a decision"
        )
    symmetric: NDArray[np.bool_] = np.logical_or(matrix, matrix.T)
    np.fill_diagonal(symmetric, False)
    return symmetric


@strict
def cd_groups(
    ranks: Mapping[str, float] | pd.Series | Sequence[float],
    rejected: pd.DataFrame | np.ndarray | Iterable[tuple[str, str]] | None = None,
    *,
    cd: float | None = None,
) -> list[tuple[str, ...]]:
    """Groups of algorithms that a CD diagram joins with a bold line.

    A group is a maximal run of algorithms that are contiguous in rank order with no
    significantly different pair inside. Only runs of two or more algorithms are groups,
    and no group is contained in another, so a diagram never draws a lone bar (when every
    pair differs) nor a redundant one. Groups never contradict the rank order: a group
    holds every algorithm ranked between its first and last member. Groups are listed
    from the best-ranked (lowest average rank) start; each lists its algorithms from the
    best to the worst rank (ties in the order given).

    Parameters
    ----------
    ranks : average rank per algorithm (Series or mapping name -> rank; rank 1 = best).
    rejected : the significantly different pairs, as a symmetric k x k boolean matrix
        (a DataFrame labelled by algorithm, or an array in the order of ``ranks``) or
        as an iterable of ``(name, name)`` pairs. For an all-pairs procedure, pass
        ``apv_matrix <= alpha``.
    cd : a critical difference instead of ``rejected``: a pair differs when its average
        ranks differ by at least ``cd`` (Demsar 2006, Sec. 3.2.2, Nemenyi test).

    Returns
    -------
    list of tuple of str
        The groups, best-ranked first.

    Examples
    --------
    >>> import multicomp as mc
    >>> ranks = {"A": 1.5, "B": 2.0, "C": 3.1, "D": 3.4}
    >>> mc.cd_groups(ranks, cd=1.2)
    [('A', 'B'), ('B', 'C'), ('C', 'D')]
    >>> mc.cd_groups(ranks, [("A", "C"), ("A", "D"), ("B", "D")])
    [('A', 'B'), ('B', 'C'), ('C', 'D')]
    """
    series = as_rank_series(ranks)
    names = list(series.index)
    if (rejected is None) == (cd is None):
        raise ValueError("give exactly one of rejected= or cd=")
    if cd is not None:
        critical = check_nonnegative(cd, "cd")
        values = series.to_numpy()
        with np.errstate(over="ignore"):  # beyond 1e299 rounding overflows to inf: still apart
            diff = np.round(np.abs(values[:, None] - values[None, :]), DECIMALS)
            matrix = diff >= np.round(critical, DECIMALS)
        np.fill_diagonal(matrix, False)
    else:
        assert rejected is not None
        matrix = _rejected_matrix(names, rejected)
    order = np.argsort(series.to_numpy(), kind="stable")
    k = len(order)
    groups: list[tuple[str, ...]] = []
    last_end = -1
    end = 0
    for start in range(k):
        # Extend the run [start, end] while the next algorithm differs from no member.
        end = max(end, start)
        while end + 1 < k and not matrix[order[end + 1], order[start : end + 1]].any():
            end += 1
        if end > last_end and end > start:
            groups.append(tuple(names[i] for i in order[start : end + 1]))
            last_end = end
    return groups
