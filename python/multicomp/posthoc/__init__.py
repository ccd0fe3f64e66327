"""Post-hoc comparisons after the rank tests, the pairwise tests and the rank tests of
incomplete blocks: each algorithm with a control (1 x N) or all pairs (N x N), with the adjusted
p-values of every registered procedure.

:mod:`~multicomp.posthoc.rank`: :func:`posthoc_control` and :func:`posthoc_all_pairs` (the z
tests of the rank tests, the pairwise tests), on :mod:`~multicomp.posthoc.basis` (their
options, z statistics and p-values); :mod:`~multicomp.posthoc.incomplete`:
:func:`posthoc_incomplete`; :mod:`~multicomp.posthoc.family`: the one pipeline from p-values
to a result; :mod:`~multicomp.posthoc.results`: the results.
"""

from multicomp.posthoc.family import family
from multicomp.posthoc.incomplete import posthoc_incomplete
from multicomp.posthoc.rank import (
    CONTROL_REQUIRED,
    PosthocOptions,
    posthoc_all_pairs,
    posthoc_control,
)
from multicomp.posthoc.results import PosthocAllPairsResult, PosthocControlResult

__all__ = [
    "CONTROL_REQUIRED",
    "PosthocAllPairsResult",
    "PosthocControlResult",
    "PosthocOptions",
    "family",
    "posthoc_all_pairs",
    "posthoc_control",
    "posthoc_incomplete",
]
