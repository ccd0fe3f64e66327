"""The registry of rank tests: one entry per test of the Friedman family.

An entry (:class:`RankTest`) declares everything the package needs of a rank test: its
within-data-set table W (the ranks that permute with each data set's scores, whose column
totals give the average ranks the post-hoc compares), its statistic **vectorised over many
tables at once** (one code path for the public function, the permutation engine and
:func:`multicomp.simulate`), its null distribution and degrees of freedom, the standard errors
of its post-hoc z tests (the valid default and the paper's form), its rank unit and the largest
average rank (the CD diagram's axis), and its display names. :func:`register` adds a test to
the post-hocs, :func:`multicomp.compare`, :func:`multicomp.simulate`, the CD diagram, the
reports and the command line's ``--test`` choices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy import special

from multicomp._validation import check_choice

__all__ = [
    "Derived",
    "RankTest",
    "get",
    "names",
    "register",
]

Table = Callable[[np.ndarray], np.ndarray]
"""Oriented scores (..., N, k), larger = better -> the within-data-set table W (..., N, k)."""
Statistic = Callable[[np.ndarray, bool], np.ndarray]
"""W (..., N, k) and ``tie_correction`` -> the statistic of each table (...)."""
StandardError = Callable[[np.ndarray | None, int, int], np.ndarray]
"""W (..., N, k) or None (published average ranks only), k, N -> the SE of a difference of
average ranks (...), for one SE form."""


def chi2_sf(statistic: np.ndarray, df: tuple[int, ...]) -> np.ndarray:
    """Upper tail of the chi-square distribution, without scipy.stats' overhead."""
    return np.asarray(special.chdtrc(df[0], statistic))


def f_sf(statistic: np.ndarray, df: tuple[int, ...]) -> np.ndarray:
    """Upper tail of the F distribution, without scipy.stats' overhead."""
    return np.asarray(special.fdtrc(df[0], df[1], statistic))


#: The upper tail of each null distribution, by the name results print.
SURVIVAL: dict[str, Callable[[np.ndarray, tuple[int, ...]], np.ndarray]] = {
    "chi2": chi2_sf,
    "F": f_sf,
}


@dataclass(frozen=True)
class Derived:
    """A second omnibus test computed from a rank test's statistic (Iman-Davenport's F_F
    from Friedman's chi2_F): ``statistic(chi2, n, k)``, vectorised, increasing in the
    statistic it derives from (so their permutation p-values are equal)."""

    name: str
    display: str
    statistic: Callable[[np.ndarray, int, int], np.ndarray]
    distribution: Literal["chi2", "F"]
    df: Callable[[int, int], tuple[int, ...]]


@dataclass(frozen=True)
class RankTest:
    """A rank test of the Friedman family.

    Attributes
    ----------
    name : str
        Its name in ``test=``, the command line and the results (``"aligned"``).
    display : str
        The omnibus test's name for readers (``"Friedman Aligned Ranks"``).
    ranks_name : str
        What its post-hoc compares, for readers (``"aligned ranks"``).
    rank_label : str
        The name of its average ranks in results (``"average_aligned_rank"``).
    table, statistic
        The within-data-set table W and the vectorised statistic (module docstring).
    distribution : {'chi2', 'F'}
        The statistic's asymptotic null distribution.
    df : callable
        ``df(n, k)``: its degrees of freedom.
    total : callable
        ``total(n)``: the average ranks are the column totals of W divided by it.
    unit : callable
        ``unit(n)``: average ranks times it are integers (differences are rounded there, so
        that equal differences give bitwise equal z).
    top : callable
        ``top(k, n)``: the largest average rank (k; kN for aligned ranks).
    se : mapping of str to callable
        The post-hoc SE of each form (``"calibrated"``, the valid default, first; the paper's
        form, e.g. ``"garcia2010"``): ``se(W or None, k, n)``.
    se_option : str
        The keyword that chooses its SE form (``"aligned_se"``), or "" with a single form.
    derived : tuple of Derived
        The omnibus tests computed from its statistic (Iman-Davenport after Friedman).
    posthoc_df : callable or None
        ``posthoc_df(n, k)``: the degrees of freedom of Student's t to which the post-hoc's
        z = difference / SE is referred (Conover's t tests), or None for the normal.
    kernel : bool
        True when W holds multiples of 1/4 and the statistic increases with S = sum_j C_j^2
        (C_j the column totals of W) given each row's values: its exact p-values enumerate S
        and its Monte Carlo permutations run in the Rust core
        (:mod:`multicomp.ranktests.permutation`). False (default): the numpy engine permutes
        the tables and computes ``statistic`` on them (no exact form).
    """

    name: str
    display: str
    ranks_name: str
    rank_label: str
    table: Table
    statistic: Statistic
    distribution: Literal["chi2", "F"]
    df: Callable[[int, int], tuple[int, ...]]
    total: Callable[[int], float]
    unit: Callable[[int], float]
    top: Callable[[int, int], float]
    se: dict[str, StandardError]
    se_option: str = ""
    derived: tuple[Derived, ...] = ()
    posthoc_df: Callable[[int, int], float] | None = None
    kernel: bool = False

    def pvalue(self, statistic: np.ndarray, n: int, k: int) -> np.ndarray:
        """The asymptotic p-value of each statistic."""
        return SURVIVAL[self.distribution](statistic, self.df(n, k))


_REGISTRY: dict[str, RankTest] = {}


def register(test: RankTest) -> RankTest:
    """Add ``test`` to the registry (ValueError if its name is taken); returns it."""
    if test.name in _REGISTRY:
        raise ValueError(f"a rank test named {test.name!r} exists")
    _REGISTRY[test.name] = test
    return test


def names() -> tuple[str, ...]:
    """The registered rank tests, in order of registration."""
    return tuple(_REGISTRY)


def get(name: object, option: str = "test") -> RankTest:
    """The rank test named ``name`` (any case), or ValueError in the one wording."""
    return _REGISTRY[check_choice(option, name, names())]
