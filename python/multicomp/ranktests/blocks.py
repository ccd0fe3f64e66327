"""The within-data-set ranks of incomplete blocks, which the rank tests of incomplete blocks
(:mod:`~multicomp.ranktests.skillings_mack`, :mod:`~multicomp.ranktests.durbin`) share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from multicomp.ranktests.base import Blocks

if TYPE_CHECKING:
    import numpy as np

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

if TYPE_CHECKING:
    from multicomp.data.scores import Scores

__all__ = ["blocks", "ratio"]


def blocks(scores: Scores) -> Blocks:
    """The within-data-set ranks (1 = best, NaN where missing) of the data sets of ``scores``
    with two or more scores; ValueError with fewer than two such data sets or an algorithm
    scored on none of them."""
    import numpy as np
    from scipy import stats

    values = scores.oriented()
    observed = ~np.isnan(values)
    keep = observed.sum(axis=1) >= 2
    dropped = tuple(d for d, k in zip(scores.datasets, keep) if not k)
    if keep.sum() < 2:
        raise ValueError(f"need at least 2 data sets with 2 or more scores, got {int(keep.sum())}")
    values, observed = values[keep], observed[keep]
    unscored = [a for a, seen in zip(scores.algorithms, observed.any(axis=0)) if not seen]
    if unscored:
        raise ValueError(
            f"algorithm(s) {unscored} have no score on any data set with 2 or more scores"
        )
    ranks = stats.rankdata(-values, axis=1, nan_policy="omit")
    datasets = tuple(d for d, k in zip(scores.datasets, keep) if k)
    return Blocks(
        np.asarray(ranks, dtype=np.float64),
        observed,
        scores.algorithms,
        datasets,
        dropped,
        int((~observed).sum()),
    )


def ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator/denominator, 0 where both vanish (all ties) and +-inf for a vanishing SE."""
    import numpy as np

    out = np.zeros_like(numerator, dtype=np.float64)
    positive = denominator > 0
    out[positive] = numerator[positive] / denominator[positive]
    out[~positive & (numerator != 0)] = np.sign(numerator[~positive & (numerator != 0)]) * np.inf
    return out
