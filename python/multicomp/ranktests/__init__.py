"""The rank tests of the Friedman family, one module each, and their registry.

:mod:`~multicomp.ranktests.base` is the registry (what an entry declares);
:mod:`~multicomp.ranktests.friedman` (with Iman-Davenport), :mod:`~multicomp.ranktests.aligned`
and :mod:`~multicomp.ranktests.quade` register the built-in tests;
:mod:`~multicomp.ranktests.permutation` is the one permutation engine: exact and Monte Carlo
p-values of every rank test, permuting within data sets.
"""

from multicomp._vocabulary import INCOMPLETE_TESTS, PAIRWISE_TESTS

# The order of these imports is the order of registration (Friedman's first):
# isort: off
from multicomp.ranktests import friedman
from multicomp.ranktests import aligned
from multicomp.ranktests import quade
from multicomp.ranktests import conover

# isort: on
from multicomp.ranktests.base import Derived, RankTest, get, names, register

__all__ = [
    "Derived",
    "RankTest",
    "aligned",
    "compare_tests",
    "conover",
    "friedman",
    "get",
    "names",
    "posthoc_tests",
    "quade",
    "register",
]


def posthoc_tests() -> tuple[str, ...]:
    """The tests of a post-hoc (``test=``): the registered rank tests, then the pairwise
    tests (:data:`multicomp._vocabulary.PAIRWISE_TESTS`)."""
    return (*names(), *PAIRWISE_TESTS)


def compare_tests() -> tuple[str, ...]:
    """The tests of :func:`multicomp.compare` and the command line's ``--test``: those of a
    post-hoc, then the incomplete-block tests."""
    return (*posthoc_tests(), *INCOMPLETE_TESTS)
