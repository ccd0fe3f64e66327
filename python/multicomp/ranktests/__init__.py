"""The rank tests of the Friedman family, one module each, and their registry.

:mod:`~multicomp.ranktests.base` is the registry (what an entry declares);
:mod:`~multicomp.ranktests.friedman` (with Iman-Davenport), :mod:`~multicomp.ranktests.aligned`,
:mod:`~multicomp.ranktests.quade` and :mod:`~multicomp.ranktests.conover` register the rank
tests, :mod:`~multicomp.ranktests.pairwise` the pairwise tests of the post-hocs (Wilcoxon,
sign), :mod:`~multicomp.ranktests.skillings_mack` and :mod:`~multicomp.ranktests.durbin` the
rank tests of incomplete blocks;
:mod:`~multicomp.ranktests.permutation` is the one permutation engine: exact and Monte Carlo
p-values of every rank test, permuting within data sets.
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
    Derived,
    IncompleteTest,
    PairwiseTest,
    RankTest,
    get,
    get_incomplete,
    get_pairwise,
    kind_of,
    names,
    register,
)

__all__ = [
    "Derived",
    "IncompleteTest",
    "PairwiseTest",
    "RankTest",
    "aligned",
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
    "quade",
    "register",
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
