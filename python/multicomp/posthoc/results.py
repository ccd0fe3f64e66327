"""The results of the post-hocs: comparisons with a control (:class:`PosthocControlResult`)
and of all pairs (:class:`PosthocAllPairsResult`), with the adjusted p-values of every
procedure; what :func:`multicomp.posthoc.family.family` builds for every post-hoc."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import pandas as pd

from multicomp import ranktests
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_choice, one_of
from multicomp._internal.vocabulary import PValueSource
from multicomp.procedures import base as registry
from multicomp.ranktests.permutation import pvalue_label

__all__ = ["PosthocAllPairsResult", "PosthocControlResult"]


@dataclass(frozen=True, kw_only=True)
class _PosthocResult:
    """What both post-hocs hold: z tests of ``difference``/``se`` and their APVs (``adjusted``,
    one column per procedure); ``ranks``: the ranks of all algorithms (lower = better);
    ``skipped``: procedures left out and why."""

    test: str
    alpha: float
    se: float
    n_datasets: int
    ranks: pd.Series
    difference: pd.Series
    z: pd.Series
    pvalue: pd.Series
    adjusted: pd.DataFrame = field(repr=False)
    options: Mapping[str, str | bool] = field(repr=False, default_factory=dict)
    omitted: tuple[str, ...] = ()
    method: PValueSource = (
        "asymptotic"  # how ``pvalue`` was computed (the adjustments: ``procedures``)
    )
    n_resamples: int | None = None
    skipped: Mapping[str, str] = field(default_factory=dict)
    _family: ClassVar[str] = ""

    @property
    def statistic(self) -> pd.Series:
        """The z statistics (scipy's name for them, as in ``scipy.stats.dunnett``)."""
        return self.z

    @property
    def procedures(self) -> tuple[str, ...]:
        """The procedures of the result: the columns of ``adjusted``."""
        return tuple(self.adjusted.columns)

    @property
    def reject(self) -> pd.DataFrame:
        """Rejection decisions at ``alpha`` (APV <= alpha), one column per procedure."""
        return self.adjusted <= self.alpha

    @strict
    def to_frame(self, *, sort: bool = False, reject: bool = False) -> pd.DataFrame:
        """One row per hypothesis; columns ``difference``, ``z``, ``pvalue`` and ``apv_<procedure>``
        for every procedure (what a reader compares; the decisions are APV <= alpha).

        ``sort=True`` orders the rows by unadjusted p (ties keep their order), as the papers'
        tables do. ``reject=True`` adds the decisions at ``alpha``, ``reject_<procedure>``.
        ``frame.attrs["notes"]`` holds :attr:`notes` (procedures that do not hold alpha).
        """
        columns: list[pd.Series | pd.DataFrame] = [
            self.difference,
            self.z,
            self.pvalue,
            self.adjusted.add_prefix("apv_"),
        ]
        if reject:
            columns.append(self.reject.add_prefix("reject_"))
        frame = pd.concat(columns, axis=1)
        frame.attrs["notes"] = self.notes
        if sort:
            frame = frame.iloc[np.argsort(self.pvalue.to_numpy(), kind="stable")]
        return frame

    @property
    def notes(self) -> tuple[str, ...]:
        """Warnings about the family-wise error of this result, with measured rates: the
        test's, when its post-hocs do not control it (Conover's t tests), then those of
        its procedures that do not (:func:`multicomp.procedures.fwer_warnings`: Finner, Li,
        the false discovery rate procedures; Li's figures for this k and alternative)."""
        test = ranktests.posthoc_warning(self.test)
        alternative = str(self.options.get("alternative", "two-sided"))
        family = registry.fwer_warnings(self._family, self.procedures, len(self.ranks), alternative)
        return (test, *family) if test else family

    def _heading(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        """In a notebook: the heading and the table sorted by p (every name escaped)."""
        from multicomp._internal.tables import html_escape

        heading = f"{self._heading()} after the {self.test} test (N = {self.n_datasets}, alpha = {self.alpha:g})"
        table = self.to_frame(sort=True).to_html(float_format="{:.4g}".format, escape=True)
        return f"<p><strong>{html_escape(heading)}</strong></p>\n{table}"

    def __str__(self) -> str:
        shown = self.to_frame(sort=True)[["z", "pvalue", *(f"apv_{m}" for m in self.procedures)]]
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        # the pairwise tests and the incomplete-block post-hocs have no common SE (NaN)
        pairwise = ranktests.kind_of(self.test) == "pairwise"
        se = "" if pairwise or np.isnan(self.se) else f"SE = {self.se:.6g}, "
        omitted = f"\nomitted (incomplete): {', '.join(self.omitted)}" if self.omitted else ""
        label = pvalue_label(self.method, self.n_resamples)
        return (
            f"{self._heading()} after the {self.test} test (N = {self.n_datasets}, "
            f"{se}alpha = {self.alpha:g}; {options}; p-values: {label})\n"
            f"{shown.to_string(float_format='{:.6g}'.format)}{omitted}"
            + "".join(f"\nNote: {note}." for note in self.notes)
            + "".join(f"\n  skipped {m}: {why}" for m, why in self.skipped.items())
        )


_POSTHOC_ATTRIBUTES = """    test : str
        The ranks compared (``'friedman'``, ``'aligned'``, ``'quade'``, ``'skillings_mack'``,
        ``'durbin'``) or the pairwise tests (``'wilcoxon'``, ``'sign'``).
    alpha : float
        Significance level of ``reject``.
    se : float
        The standard error of a difference of average ranks (NaN after pairwise tests and the
        incomplete-block tests, where it differs between pairs).
    n_datasets : int
        N, the data sets used.
    ranks : pandas.Series
        The ranks of all algorithms (lower = better).
    difference : pandas.Series
        The difference of average ranks of each hypothesis.
    z : pandas.Series
        difference / ``se`` (the pairwise tests' z; Conover's t after ``'durbin'``).
    pvalue : pandas.Series
        Unadjusted two-sided p-values.
    adjusted : pandas.DataFrame
        The adjusted p-values (APVs), one column per procedure.
    options : mapping
        The options that chose the forms of the test (tie correction, SE forms, ...).
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.
    skipped : mapping of str to str
        Methods left out, and why.
    method : str
        How ``pvalue`` was computed: ``"asymptotic"`` (normal; the pairwise tests' own
        p-values), ``"exact"`` or ``"permutation"`` (Monte Carlo) permutation p-values.
        (``procedures`` are the adjustments.)
    n_resamples : int or None
        The number of Monte Carlo permutations (None unless ``method`` is ``"permutation"``).
    statistic : pandas.Series
        The z statistics (scipy's name).
    procedures : tuple of str
        The columns of ``adjusted``.
    reject : pandas.DataFrame
        Decisions at ``alpha`` (APV <= alpha), one column per procedure.
    notes : tuple of str
        Warnings about the family-wise error: the test's (Conover's t tests) and the
        procedures' that do not control it, with measured rates."""
"""The Attributes entries of both post-hoc results (their docstrings' shared part)."""


@dataclass(frozen=True, kw_only=True)
class PosthocControlResult(_PosthocResult):
    __doc__ = f"""Comparisons of each algorithm with a control (1 x N), G10 Sec. 5.

    Attributes
    ----------
{_POSTHOC_ATTRIBUTES}
    control : str
        The control algorithm. Each hypothesis is one other algorithm (``algorithms``, input
        order without the control); ``difference`` is R_j - R_control, ``adjusted`` has one
        column per registered 1 x N procedure (:mod:`multicomp.procedures`).
    algorithms : tuple of str
        The algorithms compared with the control.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.posthoc_control(scores, control="C4.5+m+cf", method="asymptotic")
    >>> res.to_frame()[["z", "pvalue", "apv_holm"]].round(4)
                  z  pvalue  apv_holm
    C4.5     2.4885  0.0128    0.0385
    C4.5+m   0.1464  0.8836    0.8836
    C4.5+cf  2.0494  0.0404    0.0808
    """

    control: str
    _family: ClassVar[str] = "control"

    @property
    def algorithms(self) -> tuple[str, ...]:
        return tuple(self.pvalue.index)

    def _heading(self) -> str:
        return f"Post-hoc comparisons with control {self.control!r}"


@dataclass(frozen=True, kw_only=True)
class PosthocAllPairsResult(_PosthocResult):
    __doc__ = f"""All pairwise comparisons (N x N), G08 Sec. 2.2.

    Attributes
    ----------
{_POSTHOC_ATTRIBUTES}
    pairs : tuple of (str, str)
        The hypotheses: pairs (a, b), a before b in algorithm order, in itertools.combinations
        order, labelled "a vs b"; ``difference`` is R_b - R_a.

    References
    ----------
    G08 = Garcia & Herrera (2008), An extension on "Statistical comparisons of classifiers over
    multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694.

    Examples
    --------
    >>> import multicomp as mc
    >>> res = mc.posthoc_all_pairs(mc.load_example("garcia2008"), method="asymptotic")
    >>> res.to_frame()[["z", "apv_shaffer"]].round(4).head(3)
                             z  apv_shaffer
    C4.5 vs 1-NN        2.8169       0.0291
    C4.5 vs NaiveBayes  0.2449       1.0000
    C4.5 vs Kernel      5.4705       0.0000
    """

    pairs: tuple[tuple[str, str], ...]
    _family: ClassVar[str] = "all_pairs"

    def _heading(self) -> str:
        return "All pairwise post-hoc comparisons"

    @strict
    def matrix(self, procedure: str | None = None) -> pd.DataFrame:
        """k x k symmetric DataFrame of the APVs of ``procedure`` (None: unadjusted p-values).

        Rows and columns are the algorithms; the diagonal is NaN (no hypothesis).
        """
        if procedure is None:
            values = self.pvalue.to_numpy()
        else:
            try:  # any case, '-' for '_', as every entry point spells procedures
                name = check_choice("procedure", procedure, (*self.procedures, *self.skipped))
            except ValueError:
                raise ValueError(
                    one_of("procedure", procedure, self.procedures, "or None (unadjusted p-values)")
                ) from None
            if name in self.skipped:
                raise ValueError(f"{name} was skipped: {self.skipped[name]}")
            values = self.adjusted[name].to_numpy()
        names = list(self.ranks.index)
        out = np.full((len(names), len(names)), np.nan)
        first, second = np.triu_indices(len(names), k=1)
        out[first, second] = out[second, first] = values
        return pd.DataFrame(out, index=names, columns=names)
