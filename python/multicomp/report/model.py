"""The data of a report: :class:`OmnibusTest`, :class:`Hypothesis` and the fields of a
:class:`multicomp.Report`, in plain values.

Of the report package this module imports only the registered tests' names
(:mod:`multicomp.report.names`) and the extras' data classes
(:mod:`multicomp.report.extra_data`); of the rest, only lower layers: the private helpers, the
input's :class:`multicomp.Scores` and the rank tests' registry and permutation engine (their
names, the p-value labels). Not the post-hocs, the procedures nor the plotting layer: the
orchestration of :func:`multicomp.compare`, the decisions, the renderers and the JSON codec
import it, so the arrows point one way (tests/test_structure.py checks it on the import graph
and on what importing it loads).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, overload

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from multicomp import ranktests
from multicomp._internal.keywords import strict
from multicomp._internal.names import fmt_p
from multicomp._internal.seeds import DEFAULT_SEED
from multicomp._internal.tables import NotebookView
from multicomp._internal.validation import check_alpha, check_choice
from multicomp._internal.vocabulary import (
    Alternative,
    ChosenFamily,
    PosthocComparison,
    PValueMethod,
    PValueSource,
    ReportExtra,
    Rom,
)
from multicomp.data.scores import Scores
from multicomp.ranktests.permutation import DEFAULT_RESAMPLES, pvalue_label
from multicomp.report.extra_data import HierarchicalPair, MatrixCell, PairEffects, RankingWeight
from multicomp.report.names import TEST_NAMES

__all__ = [
    "PAPER_OPTIONS",
    "Hypotheses",
    "Hypothesis",
    "OmnibusTest",
    "ReportData",
    "at_floor",
    "distribution",
    "p_equals",
    "pvalue_floor",
    "pvalue_note",
    "rounded_ranks",
    "short_float",
    "statistic_note",
]

#: The fields of a report that select a paper's form (or the papers' p-values), listed by
#: :meth:`ReportData.paper_options` when they differ from their defaults.
PAPER_OPTIONS = (
    "tie_correction",
    "rom",
    "se",
    "monotone",
    "method",
    "alternative",
)


def rounded_ranks(ranks: Sequence[float]) -> np.ndarray:
    """Average ranks rounded to 9 decimals, so that ties in the data are ties here (a report
    read from JSON may hold ranks of any size: beyond 1e15 they are kept as they are, where
    rounding would overflow)."""
    values = np.array(ranks, dtype=np.float64)
    small = np.abs(values) < 1e15
    values[small] = np.round(values[small], 9)
    return values


def distribution(t: OmnibusTest) -> str:
    """``chi2(3)``, ``F(3, 27)``: the reference distribution of an omnibus test."""
    return f"{t.distribution}({', '.join(str(d) for d in t.df)})"


def pvalue_floor(method: PValueSource, n_resamples: int | None) -> float | None:
    """The smallest Monte Carlo p-value, 1/(n_resamples + 1) (Phipson & Smyth 2010), or None
    for an exact or asymptotic p-value."""
    return 1.0 / (n_resamples + 1) if method == "permutation" and n_resamples else None


def at_floor(p: float, method: PValueSource, n_resamples: int | None) -> float | None:
    """The floor of a Monte Carlo p-value when ``p`` is at it (no resample was as extreme:
    the p-value is at most that, not equal to it), else None."""
    floor = pvalue_floor(method, n_resamples)
    return floor if floor is not None and p <= floor * (1 + 1e-9) else None


def short_float(value: float) -> str:
    """1e-4, 2.5e-4: a bound in the fewest characters (rounded up to two digits, so the
    bound it prints holds)."""
    exponent = int(np.floor(np.log10(value)))
    mantissa = np.ceil(value / 10.0**exponent * 10) / 10
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:g}e{exponent}"


def p_equals(p: float, method: PValueSource = "asymptotic", n_resamples: int | None = None) -> str:
    """``p = 0.0099``, or ``p <= 1e-4`` for a Monte Carlo p-value at its floor (never
    ``p = 0.0001``, which would claim a precision the resamples do not have)."""
    floor = at_floor(p, method, n_resamples)
    return f"p = {fmt_p(p)}" if floor is None else f"p <= {short_float(floor)}"


def pvalue_note(method: PValueSource, n_resamples: int | None = None) -> str:
    """How a p-value was computed, in parentheses: `` (asymptotic)``, `` (exact
    permutation)``, `` (Monte Carlo permutation, 9,999 resamples)``."""
    return f" ({pvalue_label(method, n_resamples)})"


def statistic_note(t: OmnibusTest) -> str:
    """`` (tie-corrected)`` after a statistic that the tie correction changed (its textbook
    form, without the correction, differs: ``compare(tie_correction=False)``), else nothing."""
    return " (tie-corrected)" if t.tie_corrected else ""


@dataclass(frozen=True)
class OmnibusTest(NotebookView):
    """One omnibus test of a :class:`Report`.

    Attributes
    ----------
    name : str
        The test: ``'friedman'``, ``'iman_davenport'``, ``'aligned'``, ``'quade'``,
        ``'skillings_mack'``, ``'durbin'`` (Durbin's chi-square) or ``'durbin_f'`` (Conover's F).
    statistic : float
        Its statistic.
    pvalue : float
        Its p-value.
    distribution : {'chi2', 'F'}
        Its reference distribution.
    df : tuple of int
        Its degrees of freedom (one for chi2, two for F).
    method : str
        How ``pvalue`` was computed: ``'asymptotic'`` (from ``distribution``), ``'exact'`` or
        ``'permutation'`` (Monte Carlo) permutation p-values (``compare(method=)``).
    n_resamples : int or None
        The Monte Carlo permutations of a ``'permutation'`` p-value (None otherwise); such a
        p-value is at least 1/(n_resamples + 1), and reads ``p <= 1e-4`` there.
    tie_corrected : bool
        Whether the tie correction changed the statistic: the data hold ties, and the
        textbook form (``compare(tie_correction=False)``) differs.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> test = mc.compare(scores, method="asymptotic").omnibus[0]
    >>> print(test.name, round(test.statistic, 3), test.distribution, test.df, round(test.pvalue, 4))
    friedman 10.952 chi2 (3,) 0.012
    """

    name: str  # a registered rank test's, a test derived from one, or an incomplete test's
    statistic: float
    pvalue: float
    distribution: Literal["chi2", "F"]
    df: tuple[int, ...]
    method: PValueSource = "asymptotic"
    n_resamples: int | None = None
    tie_corrected: bool = False

    def __str__(self) -> str:
        df = ", ".join(map(str, self.df))
        return (
            f"{TEST_NAMES[self.name]}: {self.distribution}({df}) = {self.statistic:.4f}"
            f"{statistic_note(self)}, {p_equals(self.pvalue, self.method, self.n_resamples)}"
            f"{pvalue_note(self.method, self.n_resamples)}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The test as one row, indexed by its name: ``statistic``, ``distribution``, ``df``,
        ``pvalue``, ``method``, ``n_resamples`` and ``tie_corrected``."""
        names = ("statistic", "distribution", "df", "pvalue", "method", "n_resamples")
        row = {name: getattr(self, name) for name in (*names, "tie_corrected")}
        return pd.DataFrame([row], index=[self.name])


@dataclass(frozen=True)
class Hypothesis(NotebookView):
    """One hypothesis of a :class:`Report`, H0: ``first`` and ``second`` perform alike.

    Attributes
    ----------
    first, second : str
        The two algorithms (``first`` is the control with a control).
    difference : float
        R_second - R_first on the post-hoc ranks (positive: ``first`` ranks better).
    z : float
        The test statistic of the pair.
    pvalue : float
        Its unadjusted p-value.
    apvs : tuple of float
        One adjusted p-value (APV) per procedure of the report (``Report.procedures``).
    label : str
        "first vs second".

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> report = mc.compare(scores, control="C4.5+m+cf", method="asymptotic")
    >>> first = report.hypotheses[0]
    >>> print(first.label, round(first.z, 4), round(first.pvalue, 4))
    C4.5+m+cf vs C4.5 2.4885 0.0128
    """

    first: str
    second: str
    difference: float
    z: float
    pvalue: float
    apvs: tuple[float, ...]

    @property
    def label(self) -> str:
        return f"{self.first} vs {self.second}"

    def __str__(self) -> str:
        return (
            f"{self.label}: rank difference {self.difference:.4g}, z = {self.z:.4f}, "
            f"p = {fmt_p(self.pvalue)}, APVs {', '.join(map(fmt_p, self.apvs))}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The hypothesis as one row, indexed by its label: ``difference``, ``z``, ``pvalue``
        and ``apvs`` (the tuple, in the order of ``Report.procedures``)."""
        row = {name: getattr(self, name) for name in ("difference", "z", "pvalue", "apvs")}
        return pd.DataFrame([row], index=[self.label])


class Hypotheses(Sequence[Hypothesis]):
    """The hypotheses of a report in columns: a sequence of :class:`Hypothesis` whose items
    are made when read, so that a report of a thousand algorithms (499,500 pairs) holds seven
    arrays, not half a million objects. Equal to another with the same hypotheses in the same
    order, or to a tuple or list of those :class:`Hypothesis`.

    Attributes
    ----------
    names : tuple of str
        The algorithms that ``first`` and ``second`` index.
    first, second : ndarray of int
        Each hypothesis's two algorithms (indices into ``names``).
    difference, z, pvalue : ndarray of float
        As in :class:`Hypothesis`.
    apvs : ndarray of float
        One row per hypothesis, one column per procedure of the report.
    """

    __slots__ = ("apvs", "difference", "first", "names", "pvalue", "second", "z")
    names: tuple[str, ...]
    first: NDArray[np.intp]
    second: NDArray[np.intp]
    difference: NDArray[np.float64]
    z: NDArray[np.float64]
    pvalue: NDArray[np.float64]
    apvs: NDArray[np.float64]

    def __init__(
        self,
        names: Sequence[str],
        first: Any,
        second: Any,
        difference: Any,
        z: Any,
        pvalue: Any,
        apvs: Any,
    ) -> None:
        columns = {
            "first": np.asarray(first, dtype=np.intp),
            "second": np.asarray(second, dtype=np.intp),
            "difference": np.asarray(difference, dtype=np.float64),
            "z": np.asarray(z, dtype=np.float64),
            "pvalue": np.asarray(pvalue, dtype=np.float64),
            "apvs": np.asarray(apvs, dtype=np.float64).reshape(len(pvalue), -1)
            if len(pvalue)
            else np.zeros((0, 0)),
        }
        for name, column in columns.items():
            column.setflags(write=False)
            object.__setattr__(self, name, column)
        object.__setattr__(self, "names", tuple(names))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Hypotheses are read-only: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        columns = ("first", "second", "difference", "z", "pvalue", "apvs")
        return (Hypotheses, (self.names, *(getattr(self, c) for c in columns)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Hypotheses:
        return self  # read-only

    @classmethod
    def of(cls, rows: Iterable[Hypothesis], width: int) -> Hypotheses:
        """The columns of ``rows`` (a tuple or list of :class:`Hypothesis`, as
        :meth:`multicomp.Report.from_json` reads them). Rows whose APVs differ in number
        cannot be columns: ValueError names the first without ``width`` APVs (one per
        procedure); rows that agree are taken, and checked against the procedures later
        (:func:`multicomp.report.json.check_report`)."""
        items = list(rows)
        if len({len(h.apvs) for h in items}) > 1:
            i = next(i for i, h in enumerate(items) if len(h.apvs) != width)
            raise ValueError(
                f"report.hypotheses[{i}].apvs must hold {width} values (one per "
                f"procedure); got {len(items[i].apvs)}"
            )
        sides = [h.first for h in items] + [h.second for h in items]
        position = {name: i for i, name in enumerate(dict.fromkeys(sides))}
        where = np.array([position[name] for name in sides], dtype=np.intp)
        return cls(
            list(position),
            where[: len(items)],
            where[len(items) :],
            [h.difference for h in items],
            [h.z for h in items],
            [h.pvalue for h in items],
            [h.apvs for h in items],
        )

    def take(self, index: Any) -> Hypotheses:
        """The hypotheses at ``index`` (positions or a boolean mask), as columns."""
        columns = ("first", "second", "difference", "z", "pvalue", "apvs")
        return Hypotheses(self.names, *(getattr(self, c)[index] for c in columns))

    def __len__(self) -> int:
        return len(self.pvalue)

    @overload
    def __getitem__(self, index: int) -> Hypothesis: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Hypothesis, ...]: ...
    def __getitem__(self, index: int | slice) -> Hypothesis | tuple[Hypothesis, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        i = range(len(self))[index]  # IndexError as a tuple's
        return Hypothesis(
            self.names[self.first[i]],
            self.names[self.second[i]],
            float(self.difference[i]),
            float(self.z[i]),
            float(self.pvalue[i]),
            tuple(self.apvs[i].tolist()),
        )

    def __iter__(self) -> Iterator[Hypothesis]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        if not isinstance(other, Hypotheses):
            return NotImplemented
        return (
            len(self) == len(other)
            and self.apvs.shape == other.apvs.shape
            and bool(np.all(self.first_names == other.first_names))
            and bool(np.all(self.second_names == other.second_names))
            and all(
                np.array_equal(getattr(self, c), getattr(other, c))
                for c in ("difference", "z", "pvalue", "apvs")
            )
        )

    def __hash__(self) -> int:
        return hash(
            (self.names, self.first.tobytes(), self.second.tobytes(), self.pvalue.tobytes())
        )

    def __repr__(self) -> str:
        return f"<Hypotheses: {len(self)} hypotheses of {len(self.names)} algorithms>"

    @property
    def first_names(self) -> np.ndarray:
        """The name of each hypothesis's ``first`` algorithm (an object array)."""
        return np.asarray(self.names, dtype=object)[self.first]

    @property
    def second_names(self) -> np.ndarray:
        """The name of each hypothesis's ``second`` algorithm (an object array)."""
        return np.asarray(self.names, dtype=object)[self.second]

    def labels(self) -> np.ndarray:
        """The label "first vs second" of each hypothesis (an object array)."""
        return np.asarray(self.first_names + " vs " + self.second_names)


@dataclass(frozen=True)
class ReportData:
    """The fields of a :class:`multicomp.Report` (documented there) and what follows from
    them alone: its tables, its scores and the hypotheses a procedure rejects. The renderers,
    the JSON codec and the diagram import this class; it imports none of them."""

    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...] = field(repr=False)  # None: a missing score
    higher_is_better: bool
    alpha: float
    test: str  # one of multicomp.ranktests.compare_tests() (registered tests too)
    control: str | None
    ranks: tuple[float, ...]  # average Friedman ranks (the test's after an incomplete-block test)
    test_ranks: tuple[float, ...]  # the ranks of `test` that the post-hoc compares
    omnibus: tuple[OmnibusTest, ...]
    comparison: PosthocComparison
    procedures: tuple[str, ...]
    procedure: str  # the procedure of the summary and the plot
    hypotheses: Hypotheses  # a tuple or list of Hypothesis is taken too (__post_init__)
    notes: tuple[str, ...] = ()
    # the options of compare() that select a paper's form (see its docstring)
    tie_correction: bool = True
    rom: Rom = "exact"
    se: str = "calibrated"  # the SE form of its test's post-hoc, multicomp.ranktests.se_forms
    monotone: bool = False
    method: PValueMethod = "auto"
    pvalue_method: PValueSource = "asymptotic"
    n_resamples: int = DEFAULT_RESAMPLES
    pvalue_resamples: int | None = None  # the Monte Carlo permutations of the post-hoc's p-values
    random_state: int | None = DEFAULT_SEED  # the seed of the permutations (None: not recorded)
    # the procedures of the post-hoc left out, with why (procedures.plan(): e.g. Bergmann-Hommel
    # beyond its exact limit)
    left_out: tuple[tuple[str, str], ...] = ()
    alternative: Alternative = "two-sided"  # of the comparisons with a control
    # data sets left out by nan_policy="omit", or with fewer than 2 scores by an incomplete test
    omitted: tuple[str, ...] = ()
    # the parametric side (multicomp.parametric): the verdict on its conditions, the family
    # used and why, and the parametric verdicts when that family was used
    conditions: str = ""
    family: ChosenFamily = "nonparametric"
    family_reason: str = ""
    parametric: tuple[str, ...] = ()
    # what compare(extras=) added when asked: the effect sizes of the pairs, the
    # multi-comparison matrix (best mean first) and the Bayesian ranking (best mean weight
    # first) with its posterior draws (0 when not asked; the seed is random_state)
    extras: tuple[ReportExtra, ...] = ()
    effect_sizes: tuple[PairEffects, ...] = ()
    matrix: tuple[MatrixCell, ...] = ()
    bayesian_ranking: tuple[RankingWeight, ...] = ()
    ranking_draws: int = 0
    # the Bayesian hierarchical tests of the pairs, with their rope, rho and draws of each pair
    bayesian_hierarchical: tuple[HierarchicalPair, ...] = ()
    hierarchical_rope: float = 0.0
    hierarchical_rho: float = 0.0
    hierarchical_draws: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.hypotheses, Hypotheses):
            columns = Hypotheses.of(self.hypotheses, len(self.procedures))
            object.__setattr__(self, "hypotheses", columns)

    # --- tables ------------------------------------------------------------------------
    @property
    def n_datasets(self) -> int:
        return len(self.datasets)

    def as_scores(self) -> Scores:
        """The input as validated :class:`multicomp.Scores` (for re-analysis)."""
        values = np.array(self.values, dtype=float).reshape(len(self.datasets), -1)
        values.setflags(write=False)
        return Scores(values, self.algorithms, self.datasets, self.higher_is_better)

    @property
    def scores(self) -> pd.DataFrame:
        """The input scores (rows = data sets, columns = algorithms)."""
        return pd.DataFrame(
            np.array(self.values, dtype=float).reshape(len(self.datasets), -1),
            index=list(self.datasets),
            columns=list(self.algorithms),
        )

    @property
    def mean_scores(self) -> pd.Series:
        """Each algorithm's mean score over the data sets that score it, summed as x / n so
        that scores near the float limit (a JSON report may hold 1e308) do not overflow."""
        scores = self.scores
        return scores.div(scores.count(axis=0), axis=1).sum(axis=0, min_count=1)

    @property
    def rank_frame(self) -> pd.DataFrame:
        """Average Friedman ranks (and the ranks of ``test`` when it is not Friedman; only
        those after an incomplete-block test)."""
        kind = ranktests.kind_of(self.test)
        columns: dict[str, list[float]] = {
            "friedman" if kind != "incomplete" else self.test: list(self.ranks)
        }
        if kind == "rank" and self.test != "friedman":  # another rank test's own ranks
            columns[self.test] = list(self.test_ranks)
        return pd.DataFrame(columns, index=pd.Index(self.algorithms, name="algorithm"))

    @property
    def omnibus_frame(self) -> pd.DataFrame:
        """The omnibus tests: ``statistic``, ``distribution``, ``pvalue``, how it was computed
        (``method``, ``n_resamples``) and whether the tie correction changed the statistic
        (``tie_corrected``)."""
        return pd.DataFrame(
            {
                "statistic": [t.statistic for t in self.omnibus],
                "distribution": [distribution(t) for t in self.omnibus],
                "pvalue": [t.pvalue for t in self.omnibus],
                "method": [t.method for t in self.omnibus],
                "n_resamples": pd.array([t.n_resamples for t in self.omnibus], dtype="Int64"),
                "tie_corrected": [t.tie_corrected for t in self.omnibus],
            },
            index=pd.Index([t.name for t in self.omnibus], name="test"),
        )

    @property
    def posthoc_pvalues(self) -> str:
        """How the post-hoc's unadjusted p-values were computed, for readers: "asymptotic",
        "exact permutation" or "Monte Carlo permutation, 9,999 resamples"."""
        return pvalue_label(self.pvalue_method, self.pvalue_resamples)

    def to_frame(self) -> pd.DataFrame:
        """One row per hypothesis, in order of unadjusted p (as the papers' tables): columns
        ``difference``, ``z``, ``pvalue``, ``apv_<procedure>``, ``reject_<procedure>``."""
        return self.pair_frame(self.by_pvalue())

    @strict
    def pair_frame(self, order: np.ndarray) -> pd.DataFrame:
        """The rows of :meth:`to_frame` of the hypotheses at positions ``order`` (a block of
        them, for the outputs written block by block)."""
        h = self.hypotheses
        heads = np.array([f"{name} vs " for name in h.names], dtype=object)
        labels = heads[h.first[order]] + np.asarray(h.names, dtype=object)[h.second[order]]
        return pd.DataFrame(self.pair_columns(order), index=pd.Index(labels, name="hypothesis"))

    @strict
    def pair_columns(self, order: np.ndarray | slice) -> dict[str, np.ndarray]:
        """The columns of :meth:`pair_frame`, numbers then booleans, as arrays (of every
        hypothesis in its order, the numbers as views, for ``slice(None)``)."""
        h = self.hypotheses
        apvs = h.apvs[order]
        return {
            "difference": h.difference[order],
            "z": h.z[order],
            "pvalue": h.pvalue[order],
            **{f"apv_{m}": apvs[:, j] for j, m in enumerate(self.procedures)},
            **{f"reject_{m}": apvs[:, j] <= self.alpha for j, m in enumerate(self.procedures)},
        }

    def by_pvalue(self) -> np.ndarray:
        """The positions of the hypotheses in order of unadjusted p (ties in their order),
        sorted once and kept beside the fields (a frozen report's never change: each output
        of :meth:`multicomp.Report.save` orders half a million pairs at k = 1000)."""
        memo = vars(self)
        if "_by_pvalue" not in memo:
            memo["_by_pvalue"] = np.argsort(self.hypotheses.pvalue, kind="stable")
        return np.array(memo["_by_pvalue"])  # a copy: the caller may change it

    # --- decisions ---------------------------------------------------------------------
    @strict
    def rejected(self, procedure: str | None = None, alpha: float | None = None) -> Hypotheses:
        """Hypotheses rejected by ``procedure`` (default: the report's) at ``alpha`` (APV <=
        alpha), in order of unadjusted p: a sequence of :class:`Hypothesis`."""
        order = self.by_pvalue()
        return self.hypotheses.take(order[self.rejected_mask(procedure, alpha)[order]])

    @strict
    def rejected_mask(self, procedure: str | None = None, alpha: float | None = None) -> np.ndarray:
        """Which hypotheses (in their order) ``procedure`` rejects at ``alpha``, as booleans."""
        j = self._procedure_index(procedure)
        level = self.alpha if alpha is None else check_alpha(alpha)
        return np.asarray(self.hypotheses.apvs[:, j] <= level)

    def _procedure_index(self, procedure: str | None) -> int:
        name = (
            self.procedure
            if procedure is None
            else check_choice("procedure", procedure, self.procedures)
        )
        return self.procedures.index(name)

    def paper_options(self) -> list[str]:
        """The options of :func:`compare` that differ from their defaults, as ``name=value``."""
        defaults = {f.name: f.default for f in fields(self)}
        return [
            f"{name}={getattr(self, name)!r}"
            for name in PAPER_OPTIONS
            if getattr(self, name) != defaults[name]
        ]
