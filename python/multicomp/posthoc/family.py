"""The one post-hoc pipeline: p-values, then the procedures, then what was skipped, then the
result. Every post-hoc ends here: the rank tests', the pairwise tests' and the incomplete-block
tests' (:mod:`multicomp.posthoc.rank`, :mod:`multicomp.posthoc.incomplete`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from multicomp.posthoc.results import PosthocAllPairsResult, PosthocControlResult
from multicomp.procedures import base as registry
from multicomp.procedures.adjust import adjust_control, all_pairs_apv

__all__ = ["family"]


def family(
    comparison: str,
    tested: dict[str, Any],
    planned: tuple[tuple[str, ...], Mapping[str, str]],
    context: registry.Context,
    **hypotheses: Any,
) -> Any:
    """The result of a post-hoc family: the adjusted p-values of the procedures ``planned``
    (:func:`multicomp.procedures.plan`: those that apply, and those left out with their
    reason) from the p-values ``tested`` (the fields every result shares: ``pvalue``, ``z``,
    ``difference``, ...), as a :class:`PosthocControlResult` (``comparison="control"``,
    ``hypotheses`` = ``control``) or :class:`PosthocAllPairsResult` (``"all_pairs"``,
    ``pairs``). Every post-hoc ends here: the rank tests', the pairwise tests' and the
    incomplete-block tests'."""
    chosen, skipped = planned
    p = tested["pvalue"].to_numpy()
    adjusted = pd.DataFrame(
        {name: _ADJUST[comparison](p, name, context) for name in chosen},
        index=tested["pvalue"].index,
        columns=list(chosen),
        dtype=np.float64,
    )
    return _RESULTS[comparison](adjusted=adjusted, skipped=dict(skipped), **tested, **hypotheses)


def _adjust_all_pairs(p: np.ndarray, name: str, context: registry.Context) -> np.ndarray:
    ordered = registry.get("all_pairs", name).ordered  # p-values in rank order (Robinson)
    order = context.order if ordered else None
    return all_pairs_apv(p, name, context.k, context.monotone, order, df=context.df)


_ADJUST = {
    "control": lambda p, name, context: adjust_control(
        p, name, rom=context.rom, alternative=context.alternative
    ),
    "all_pairs": _adjust_all_pairs,
}
_RESULTS = {"control": PosthocControlResult, "all_pairs": PosthocAllPairsResult}
