"""The rank tests of the Friedman family and of incomplete blocks: their registry and, beside
it, their public functions.

:mod:`~multicomp.ranktests.base` is the registry (what an entry declares);
:mod:`~multicomp.ranktests.friedman` (with Iman-Davenport), :mod:`~multicomp.ranktests.aligned`,
:mod:`~multicomp.ranktests.quade` and :mod:`~multicomp.ranktests.conover` register the rank
tests, :mod:`~multicomp.ranktests.pairwise` the pairwise tests of the post-hocs (Wilcoxon,
sign: those of :mod:`multicomp.pairs`), :mod:`~multicomp.ranktests.skillings_mack` and
:mod:`~multicomp.ranktests.durbin` the rank tests of incomplete blocks (their within-data-set
ranks: :mod:`~multicomp.ranktests.blocks`); :mod:`~multicomp.ranktests.permutation` is the one
permutation engine: exact (:mod:`~multicomp.ranktests.exact`) and Monte Carlo p-values of
every rank test, permuting within data sets.

Beside the entries, the public functions: :mod:`~multicomp.ranktests.omnibus`
(:func:`multicomp.friedman`, :func:`multicomp.iman_davenport`,
:func:`multicomp.friedman_aligned_ranks`, :func:`multicomp.quade`; their results in
:mod:`~multicomp.ranktests.results`), :mod:`~multicomp.ranktests.incomplete`
(:func:`multicomp.skillings_mack`, :func:`multicomp.durbin` and their results) and
:mod:`~multicomp.ranktests.rows` (the omnibus rows of a comparison). They take scores through
the input layer (pandas), so they are modules of their own that this file does not import:
the registry loads without numpy (the command line's ``--help`` reads it).
"""

# The order of these imports is the order of registration (Friedman's first):
# isort: off
from multicomp.ranktests import friedman
from multicomp.ranktests import aligned
from multicomp.ranktests import quade
from multicomp.ranktests import conover
from multicomp.ranktests import pairwise
from multicomp.ranktests import skillings_mack
from multicomp.ranktests import durbin

# isort: on
from multicomp.ranktests.base import (
    DEFAULT_SE,
    Derived,
    IncompleteTest,
    PairwiseTest,
    RankTest,
    check_se,
    get,
    get_incomplete,
    get_pairwise,
    kind_of,
    names,
    posthoc_warning,
    register,
    se_forms,
)

__all__ = [
    "DEFAULT_SE",
    "Derived",
    "IncompleteTest",
    "PairwiseTest",
    "RankTest",
    "aligned",
    "check_se",
    "compare_tests",
    "conover",
    "durbin",
    "friedman",
    "get",
    "get_incomplete",
    "get_pairwise",
    "kind_of",
    "names",
    "pairwise",
    "posthoc_tests",
    "posthoc_warning",
    "quade",
    "register",
    "se_forms",
    "skillings_mack",
]


def posthoc_tests() -> tuple[str, ...]:
    """The tests of a post-hoc (``test=``): the registered rank tests, then the pairwise
    tests."""
    return (*names(), *names("pairwise"))


def compare_tests() -> tuple[str, ...]:
    """The tests of :func:`multicomp.compare` and the command line's ``--test``: those of a
    post-hoc, then the incomplete-block tests."""
    return (*posthoc_tests(), *names("incomplete"))
