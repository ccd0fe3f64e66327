"""The procedures for all pairwise comparisons (N x N), registered in
:mod:`multicomp.procedures.base`: Nemenyi (Bonferroni), Holm, Shaffer's static procedure and
Bergmann-Hommel's (Garcia & Herrera 2008, Sec. 3). The p-values of a family are the pairs of
k algorithms in ``itertools.combinations`` order; leading axes are families.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from multicomp import _core
from multicomp.procedures.base import Context, FloatArray, Procedure, register
from multicomp.procedures.control import native

__all__: list[str] = []

#: Why the procedures built on logical restrictions are not offered after pairwise tests.
_NEEDS_TRANSITIVITY = (
    "its logical restrictions assume transitive pairwise null hypotheses, which pairwise "
    "location tests do not have (use nemenyi or holm)"
)


def _as_order(order: ArrayLike) -> NDArray[np.int64]:
    """``order`` as int64 (the Rust core checks that it is a permutation of range(k)), or
    TypeError if it does not hold integers."""
    raw = np.asarray(order)
    if raw.dtype.kind not in "iu":
        raise TypeError(f"order must hold integer algorithm indices, got dtype {raw.dtype}")
    return raw.astype(np.int64)


def _bergmann_hommel(p: FloatArray, context: Context) -> FloatArray:
    """Exact Bergmann-Hommel APVs: polynomial for p-values Robinson in ``context.order``
    (docs/robinson.md), the general enumeration otherwise."""
    if context.order is None:
        return np.asarray(_core.bergmann_hommel_apv(p, context.k), dtype=np.float64)
    return np.asarray(
        _core.bergmann_hommel_apv_robinson(p, context.k, _as_order(context.order)),
        dtype=np.float64,
    )


def _bergmann_hommel_limit(m: int, context: Context) -> str:
    """The largest k of the exact algorithm: MAX_K_ROBINSON for p-values in rank order,
    MAX_K for any others."""
    if context.order is None:
        limit, which = _core.MAX_K, " for p-values in no particular rank order"
    else:
        limit, which = _core.MAX_K_ROBINSON, ""
    if context.k <= limit:
        return ""
    return (
        f"k = {context.k} exceeds the largest k ({limit}) of the exact Bergmann-Hommel "
        f"algorithm{which}; shaffer works for any k"
    )


register(
    Procedure(
        "nemenyi",
        "Nemenyi",
        "all_pairs",
        lambda p, context: np.minimum(p.shape[-1] * p, 1.0),
        headline=True,
    )
)
register(
    Procedure(
        "holm",
        "Holm",
        "all_pairs",
        native("holm"),
        headline=True,
    )
)
register(
    Procedure(
        "shaffer",
        "Shaffer",
        "all_pairs",
        lambda p, context: np.asarray(_core.shaffer_apv(p, context.k), dtype=np.float64),
        not_after_pairwise=_NEEDS_TRANSITIVITY,
        headline=True,
    )
)
register(
    Procedure(
        "bergmann_hommel",
        "Bergmann-Hommel",
        "all_pairs",
        _bergmann_hommel,
        limit=_bergmann_hommel_limit,
        not_after_pairwise=_NEEDS_TRANSITIVITY,
        ordered=True,
        headline=True,
    )
)
