"""The registry of rank tests: one entry per test of the Friedman family, and of the other
tests a post-hoc compares algorithms by.

An entry (:class:`RankTest`) declares everything the package needs of a rank test: its
within-data-set table W (the ranks that permute with each data set's scores, whose column
totals give the average ranks the post-hoc compares), its statistic **vectorised over many
tables at once** (one code path for the public function, the permutation engine and
:func:`multicomp.simulate`), its null distribution and degrees of freedom, the standard errors
of its post-hoc z tests (the valid default and the paper's form), its rank unit and the largest
average rank (the CD diagram's axis), and its display names. :func:`register` adds a test to
the post-hocs, :func:`multicomp.compare`, :func:`multicomp.simulate`, the CD diagram, the
reports and the command line's ``--test`` choices.

Two more kinds of entry share the registry (and its names): a :class:`PairwiseTest` compares
each pair of algorithms by its own two-sample test (the pairwise post-hocs), and an
:class:`IncompleteTest` is a rank test of incomplete blocks, which keeps the missing scores
(Skillings-Mack, Durbin). Each kind has its own entries; a name is registered once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, TypeVar, cast

from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import TestKind

if TYPE_CHECKING:
    import numpy as np

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__ = [
    "DEFAULT_SE",
    "BlockDerived",
    "Blocks",
    "Derived",
    "Entry",
    "IncompleteTest",
    "OmnibusRow",
    "PairTests",
    "PairwiseTest",
    "RankTest",
    "check_se",
    "entries",
    "get",
    "get_incomplete",
    "get_pairwise",
    "kind_of",
    "names",
    "posthoc_warning",
    "register",
    "se_forms",
]

Table = Callable[["np.ndarray"], "np.ndarray"]
"""Oriented scores (..., N, k), larger = better -> the within-data-set table W (..., N, k)."""
Statistic = Callable[["np.ndarray", bool], "np.ndarray"]
"""W (..., N, k) and ``tie_correction`` -> the statistic of each table (...)."""
StandardError = Callable[["np.ndarray | None", int, int], "np.ndarray"]
"""W (..., N, k) or None (published average ranks only), k, N -> the SE of a difference of
average ranks (...), for one SE form."""


def chi2_sf(statistic: np.ndarray, df: tuple[int, ...]) -> np.ndarray:
    """Upper tail of the chi-square distribution, without scipy.stats' overhead."""
    import numpy as np
    from scipy import special

    return np.asarray(special.chdtrc(df[0], statistic))


def f_sf(statistic: np.ndarray, df: tuple[int, ...]) -> np.ndarray:
    """Upper tail of the F distribution, without scipy.stats' overhead."""
    import numpy as np
    from scipy import special

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
    bottom : callable
        ``bottom(k, n)``: the smallest average rank (default 1). With ``top``, the range of
        the average ranks: the axis of the CD diagram, the check of published ranks.
    se : mapping of str to callable
        The post-hoc SE of each form (``"calibrated"``, the valid default, first; the paper's
        form, e.g. ``"garcia2010"``): ``se(W or None, k, n)``. The forms are the values of
        the ``se=`` option of the post-hocs, :func:`multicomp.compare`,
        :func:`multicomp.cd_diagram`, :func:`multicomp.simulate` and the command line's
        ``--se`` (:func:`se_forms`).
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
    not_fwer : str
        Why its post-hocs do not control the family-wise error, with the worst measured
        figures ("" when they do): they then compute only the procedures asked for by name
        (Conover's t tests, kept for reproducing other software), and every result and
        report prints it.
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
    derived: tuple[Derived, ...] = ()
    posthoc_df: Callable[[int, int], float] | None = None
    kernel: bool = False
    bottom: Callable[[int, int], float] = lambda k, n: 1.0
    not_fwer: str = ""
    kind: ClassVar[TestKind] = "rank"

    @property
    def compared(self) -> str:
        """What its post-hoc compares, for readers (its ranks)."""
        return self.ranks_name

    def omnibus_names(self) -> dict[str, str]:
        """Its omnibus tests and those derived from it, by name, with their display names."""
        return {self.name: self.display, **{d.name: d.display for d in self.derived}}

    def pvalue(self, statistic: np.ndarray, n: int, k: int) -> np.ndarray:
        """The asymptotic p-value of each statistic."""
        return SURVIVAL[self.distribution](statistic, self.df(n, k))


@dataclass(frozen=True)
class PairwiseTest:
    """A pairwise test of the post-hocs: each pair of algorithms compared by its own
    two-sided test of their scores alone (Benavoli, Corani & Mangili 2016).

    Attributes
    ----------
    name : str
        Its name in ``test=`` and the command line (``"wilcoxon"``).
    display : str
        What its post-hoc compares, for readers (``"Wilcoxon signed-rank tests"``).
    run : callable
        ``run(x, y)``: the two-sided test of two columns of scores (larger = better); its
        result has a ``pvalue``.
    direction : callable
        ``direction(result)``: positive when ``x`` is the better (the sign of z).
    ranks : str
        The registered rank test whose average ranks order the algorithms (Friedman's).
    """

    name: str
    display: str
    run: Callable[[np.ndarray, np.ndarray], Any]
    direction: Callable[[Any], float]
    ranks: str = "friedman"
    kind: ClassVar[TestKind] = "pairwise"

    @property
    def compared(self) -> str:
        return self.display

    @property
    def ranks_name(self) -> str:
        """The ranks that order the algorithms, for readers."""
        return get(self.ranks).ranks_name

    def omnibus_names(self) -> dict[str, str]:
        """None: the pairwise tests have no omnibus test."""
        return {}

    def pvalues(
        self, values: np.ndarray, first: np.ndarray, second: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """(z, p) of the test of each pair (first[h], second[h]) of the oriented scores
        ``values`` (N, k); z = sign(direction) Phi^{-1}(1 - p/2), positive when ``first`` is
        the better."""
        import numpy as np
        from scipy import stats

        direction = np.empty(len(first))
        pvalue = np.empty(len(first))
        for h, (a, b) in enumerate(zip(first, second)):
            result = self.run(values[:, a], values[:, b])
            direction[h], pvalue[h] = self.direction(result), result.pvalue
        pvalue = np.minimum(pvalue, 1.0)
        return np.sign(direction) * stats.norm.isf(pvalue / 2.0), pvalue


class Blocks(NamedTuple):
    """Within-data-set ranks (1 = best, NaN where missing) of the data sets with two or more
    scores, for the rank tests of incomplete blocks."""

    ranks: np.ndarray
    observed: np.ndarray
    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    dropped: tuple[str, ...]
    n_missing: int


class OmnibusRow(NamedTuple):
    """One omnibus test of an incomplete-block test: name, statistic, p-value, distribution
    and degrees of freedom (the fields of :class:`multicomp.report.model.OmnibusTest`)."""

    name: str
    statistic: float
    pvalue: float
    distribution: Literal["chi2", "F"]
    df: tuple[int, ...]


class PairTests(NamedTuple):
    """The post-hoc of an incomplete-block test: the average ranks (lower = better), and the
    z (or t) and two-sided p of each pair."""

    ranks: np.ndarray
    z: np.ndarray
    pvalue: np.ndarray


def _no_check(blocks: Blocks) -> None:
    """Any design of incomplete blocks: nothing to check."""


@dataclass(frozen=True)
class BlockDerived:
    """A second omnibus test computed from an incomplete-block test's statistic (Conover's F
    from Durbin's T1): ``statistic(t1, blocks)``, its null distribution and ``df(blocks)``."""

    name: str
    display: str
    statistic: Callable[[float, Blocks], float]
    distribution: Literal["chi2", "F"]
    df: Callable[[Blocks], tuple[int, ...]]


@dataclass(frozen=True)
class IncompleteTest:
    """A rank test of incomplete blocks: algorithms without a score on some data sets.

    Attributes
    ----------
    name : str
        Its name in ``test=`` and the command line (``"skillings_mack"``).
    display : str
        The omnibus test's name for readers (``"Skillings-Mack"``).
    ranks_name : str
        What its post-hoc compares, for readers.
    statistic : callable
        ``statistic(ranks, observed, tie_correction)``: the statistic of each table,
        vectorised over the leading axes of ``ranks`` (..., N, k) (NaN where missing) and
        ``observed`` (the scored cells); the public function computes with the same code.
    df : callable
        ``df(blocks)``: its degrees of freedom.
    posthoc : callable
        ``posthoc(blocks, tie_correction, first, second)``: the pairs' tests
        (:class:`PairTests`).
    check : callable
        ``check(blocks)``: ValueError for a design the test does not apply to (before any
        work; Durbin's needs a balanced incomplete block design).
    distribution : {'chi2', 'F'}
        The statistic's asymptotic null distribution.
    derived : tuple of BlockDerived
        The omnibus tests computed from its statistic (Durbin's F).
    t_statistic : str
        What ``z`` holds when its post-hoc refers it to Student's t (``"Conover's t
        statistic"``), or "" for a normal z.
    posthoc_df : callable or None
        ``posthoc_df(blocks)``: the degrees of freedom of that t (None for a normal z).
    """

    name: str
    display: str
    ranks_name: str
    statistic: Callable[[np.ndarray, np.ndarray, bool], np.ndarray]
    df: Callable[[Blocks], tuple[int, ...]]
    posthoc: Callable[[Blocks, bool, np.ndarray, np.ndarray], PairTests]
    check: Callable[[Blocks], None] = _no_check
    distribution: Literal["chi2", "F"] = "chi2"
    derived: tuple[BlockDerived, ...] = ()
    t_statistic: str = ""
    posthoc_df: Callable[[Blocks], int] | None = None
    kind: ClassVar[TestKind] = "incomplete"

    @property
    def compared(self) -> str:
        return self.ranks_name

    def omnibus_names(self) -> dict[str, str]:
        """Its omnibus tests, by name, with their display names."""
        return {self.name: self.display, **{d.name: d.display for d in self.derived}}

    def omnibus(self, blocks: Blocks, tie_correction: bool) -> tuple[OmnibusRow, ...]:
        """Its omnibus test of ``blocks`` and those derived from it, as rows with asymptotic
        p-values (after :attr:`check`)."""
        import numpy as np

        self.check(blocks)
        statistic = float(self.statistic(blocks.ranks, blocks.observed, tie_correction))
        tests = [(self.name, statistic, self.distribution, self.df(blocks))]
        tests += [
            (d.name, float(d.statistic(statistic, blocks)), d.distribution, d.df(blocks))
            for d in self.derived
        ]
        return tuple(
            OmnibusRow(name, value, float(SURVIVAL[dist](np.asarray(value), df)), dist, df)
            for name, value, dist, df in tests
        )


Entry = RankTest | PairwiseTest | IncompleteTest
"""An entry of the registry, of any kind."""

_REGISTRY: dict[TestKind, dict[str, Entry]] = {"rank": {}, "pairwise": {}, "incomplete": {}}

#: The valid default SE form of every post-hoc, the first form of each rank test.
DEFAULT_SE = "calibrated"


E = TypeVar("E", RankTest, PairwiseTest, IncompleteTest)


def register(test: E) -> E:
    """Add ``test`` to the registry of its kind (ValueError if its name is taken by a test
    of any kind, or if a rank test's first SE form is not the valid default,
    :data:`DEFAULT_SE`); returns it."""
    if any(test.name in entries for entries in _REGISTRY.values()):
        raise ValueError(f"a rank test named {test.name!r} exists")
    if isinstance(test, RankTest) and next(iter(test.se), None) != DEFAULT_SE:
        raise ValueError(f"the first SE form of a rank test is {DEFAULT_SE!r}; got {test.se}")
    _REGISTRY[test.kind][test.name] = test
    return test


def se_forms(name: str | None = None) -> tuple[str, ...]:
    """The SE forms of the post-hoc of the registered test ``name`` (its rank test's; one,
    :data:`DEFAULT_SE`, for the pairwise and incomplete-block tests), or of every rank test
    (None), in order of registration."""
    tests = entries() if name is None else [_REGISTRY["rank"].get(name)]
    forms = [form for test in tests if isinstance(test, RankTest) for form in test.se]
    return tuple(dict.fromkeys([DEFAULT_SE, *forms]))


def check_se(test: str, form: object) -> str:
    """``form`` as spelled among the SE forms of ``test`` (:func:`se_forms`), or ValueError
    (naming the tests whose form it is)."""
    forms = se_forms(test)
    if isinstance(form, str) and form not in forms and form in se_forms():
        owners = [e.name for e in entries() if form in cast(RankTest, e).se]
        raise ValueError(
            f"se={form!r} is a form of test={' or '.join(map(repr, owners))}, not of "
            f"test={test!r} (its forms: {', '.join(map(repr, forms))})"
        )
    return check_choice("se", form, forms)


def names(kind: TestKind = "rank") -> tuple[str, ...]:
    """The registered tests of ``kind`` (the rank tests by default), in order of
    registration."""
    return tuple(_REGISTRY[kind])


def entries(kind: TestKind = "rank") -> tuple[Entry, ...]:
    """The registered tests of ``kind``, in order of registration."""
    return tuple(_REGISTRY[kind].values())


def kind_of(name: object) -> TestKind:
    """The kind of the registered test ``name`` (any case), or ValueError in the one
    wording."""
    everything = tuple(n for tests in _REGISTRY.values() for n in tests)
    checked = check_choice("test", name, everything)
    return next(kind for kind, tests in _REGISTRY.items() if checked in tests)


def _entry(kind: TestKind, name: object, option: str) -> Entry:
    return _REGISTRY[kind][check_choice(option, name, names(kind))]


def get(name: object, option: str = "test") -> RankTest:
    """The rank test named ``name`` (any case), or ValueError in the one wording."""
    return cast(RankTest, _entry("rank", name, option))


def posthoc_warning(name: object) -> str:
    """Why the post-hocs of the registered test ``name`` do not control the family-wise error
    (:attr:`RankTest.not_fwer`; "" for the tests whose post-hocs do)."""
    return get(name).not_fwer if kind_of(name) == "rank" else ""


def get_pairwise(name: object, option: str = "test") -> PairwiseTest:
    """The pairwise test named ``name`` (any case), or ValueError in the one wording."""
    return cast(PairwiseTest, _entry("pairwise", name, option))


def get_incomplete(name: object, option: str = "test") -> IncompleteTest:
    """The incomplete-block test named ``name`` (any case), or ValueError in the one
    wording."""
    return cast(IncompleteTest, _entry("incomplete", name, option))
