"""The one-call analysis ``compare`` and its ``Report`` (text, Markdown, LaTeX, JSON, CSV).

``compare`` runs the workflow of the KEEL program that ships with Garcia & Herrera (2008)
and Garcia et al. (2010): average ranks, the omnibus tests, then the post-hoc comparisons
with a control (G10 Sec. 5.1) or of all pairs (G08 Sec. 2.2), with the adjusted p-values
(APVs) of every procedure and a plain-language summary of what was rejected.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import numpy as np
import pandas as pd

from multicomp import _render, _report_json
from multicomp._data import Aggregate, NanPolicy, Scores, ScoresLike, as_scores, index_of
from multicomp._names import TEST_NAMES, default_procedure, fmt_alpha, fmt_p
from multicomp._permutation import DEFAULT_RESAMPLES, DEFAULT_SEED, RandomState, check_options
from multicomp._tables import NotebookView
from multicomp._validation import check_alpha, check_bool, check_choice, one_of
from multicomp._vocabulary import (
    CD_PROCEDURES,
    COMPARE_TESTS,
    FAMILIES,
    INCOMPLETE_TESTS,
    PAIRWISE_TESTS,
    RANK_TESTS,
    ROMS,
    ChosenFamily,
    CompareTest,
    Family,
    IncompleteTest,
    OmnibusName,
    PosthocComparison,
    PosthocTest,
    PValueMethod,
    PValueSource,
    Rom,
    SEForm,
)
from multicomp.adjust import NOT_FWER_CONTROLLING
from multicomp.incomplete import (
    durbin,
    posthoc_incomplete,
    skillings_mack,
)
from multicomp.parametric import (
    check_conditions,
    choose_family,
    posthoc_parametric,
    rm_anova,
)
from multicomp.posthoc import (
    PosthocAllPairsResult,
    PosthocControlResult,
    check_se_options,
    posthoc_all_pairs,
    posthoc_control,
)

__all__ = ["Hypothesis", "OmnibusTest", "Report", "compare"]

_DEFAULTS: dict[str, Any] = {
    "tie_correction": True,
    "rom": "exact",
    "aligned_se": "calibrated",
    "quade_se": "calibrated",
    "monotone": False,
    "method": "auto",
}


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
    """

    name: OmnibusName
    statistic: float
    pvalue: float
    distribution: Literal["chi2", "F"]
    df: tuple[int, ...]
    method: PValueSource = "asymptotic"

    def __str__(self) -> str:
        df = ", ".join(map(str, self.df))
        return (
            f"{TEST_NAMES[self.name]}: {self.distribution}({df}) = {self.statistic:.4f}, "
            f"p = {fmt_p(self.pvalue)}{_render.pvalue_note(self.method)}"
        )

    def to_frame(self) -> pd.DataFrame:
        """The test as one row, indexed by its name: ``statistic``, ``distribution``, ``df``,
        ``pvalue`` and ``method``."""
        row = {name: getattr(self, name) for name in ("statistic", "distribution", "df")}
        return pd.DataFrame(
            [{**row, "pvalue": self.pvalue, "method": self.method}], index=[self.name]
        )


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


@dataclass(frozen=True)
class Report:
    """Everything :func:`compare` found, in plain values.

    A report compares equal after a JSON round trip. Render it with ``str(report)``,
    :meth:`to_markdown`, :meth:`to_latex`, :meth:`to_html`, :meth:`to_json` (read back with
    :meth:`from_json`), :meth:`to_csv`; draw its critical difference (CD) diagram with
    :meth:`plot`. Tables as DataFrames: :attr:`rank_frame`, :attr:`omnibus_frame`,
    :meth:`to_frame` (the hypotheses).

    Attributes
    ----------
    algorithms : tuple of str
        The algorithms, in input order.
    datasets : tuple of str
        The data sets used.
    values : tuple of tuple of float or None
        The scores, one row per data set (None: a missing score, after an incomplete-block
        test).
    higher_is_better : bool
        Whether larger scores are better.
    alpha : float
        The significance level of the decisions.
    test : str
        The post-hoc's ranks or pairwise tests (:data:`CompareTest`).
    control : str or None
        The control, or None for all pairs.
    ranks : tuple of float
        Average Friedman ranks (the test's own after ``'skillings_mack'`` or ``'durbin'``).
    test_ranks : tuple of float
        The ranks of ``test`` that the post-hoc compares.
    omnibus : tuple of OmnibusTest
        The omnibus tests.
    comparison : {'control', 'all_pairs'}
        Comparisons with a control (1 x N) or of all pairs (N x N).
    procedures : tuple of str
        The procedures whose adjusted p-values each hypothesis holds.
    procedure : str
        The procedure of the summary and the plot.
    hypotheses : tuple of Hypothesis
        One per comparison.
    notes : tuple of str
        Notes for the reader (left-out data sets and procedures, missing scores).
    tie_correction, rom, aligned_se, quade_se, monotone : bool or str
        The options of :func:`compare` that select the papers' forms.
    method : str
        The p-value option of :func:`compare` (``'auto'``, ``'asymptotic'``, ``'exact'``,
        ``'permutation'``); ``'asymptotic'`` is the papers' form.
    pvalue_method : str
        How the post-hoc p-values were computed (``'asymptotic'``, ``'exact'``,
        ``'permutation'``); each omnibus test records its own (``OmnibusTest.method``).
    n_resamples : int
        The Monte Carlo permutations of a ``'permutation'`` p-value.
    omitted : tuple of str
        Data sets left out by ``nan_policy='omit'``, or with fewer than two scores by an
        incomplete-block test.
    conditions : str
        The verdict on the conditions of the parametric tests.
    family : {'nonparametric', 'parametric'}
        The family of tests used.
    family_reason : str
        Why that family, and which the papers recommend.
    parametric : tuple of str
        The parametric verdicts, when that family was used.
    n_datasets : int
        N.
    scores : pandas.DataFrame
        The scores as a table.
    rank_frame, omnibus_frame : pandas.DataFrame
        The ranks and omnibus tests as tables.
    summary : str
        What was found, in plain language.
    warnings : tuple of str
        Why procedures of the report do not control the family-wise error.

    References
    ----------
    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30.
    G08 = Garcia & Herrera (2008), An extension on "Statistical comparisons of classifiers over
    multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.
    """

    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...] = field(repr=False)  # None: a missing score
    higher_is_better: bool
    alpha: float
    test: CompareTest
    control: str | None
    ranks: tuple[float, ...]  # average Friedman ranks (the test's after an incomplete-block test)
    test_ranks: tuple[float, ...]  # the ranks of `test` that the post-hoc compares
    omnibus: tuple[OmnibusTest, ...]
    comparison: PosthocComparison
    procedures: tuple[str, ...]
    procedure: str  # the procedure of the summary and the plot
    hypotheses: tuple[Hypothesis, ...]
    notes: tuple[str, ...] = ()
    # the options of compare() that select a paper's form (see its docstring)
    tie_correction: bool = True
    rom: Rom = "exact"
    aligned_se: SEForm = "calibrated"
    quade_se: SEForm = "calibrated"
    monotone: bool = False
    method: PValueMethod = "auto"
    pvalue_method: PValueSource = "asymptotic"
    n_resamples: int = DEFAULT_RESAMPLES
    # data sets left out by nan_policy="omit", or with fewer than 2 scores by an incomplete test
    omitted: tuple[str, ...] = ()
    # the parametric side (multicomp.parametric): the verdict on its conditions, the family
    # used and why, and the parametric verdicts when that family was used
    conditions: str = ""
    family: ChosenFamily = "nonparametric"
    family_reason: str = ""
    parametric: tuple[str, ...] = ()

    # --- tables ------------------------------------------------------------------------
    @property
    def n_datasets(self) -> int:
        return len(self.datasets)

    def as_scores(self) -> Scores:
        """The input as validated :class:`multicomp._data.Scores` (for re-analysis)."""
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
    def rank_frame(self) -> pd.DataFrame:
        """Average Friedman ranks (and the ranks of ``test`` when it is not Friedman; only
        those after an incomplete-block test)."""
        columns: dict[str, list[float]] = {
            "friedman" if self.test not in INCOMPLETE_TESTS else self.test: list(self.ranks)
        }
        if self.test in RANK_TESTS and self.test != "friedman":
            columns[self.test] = list(self.test_ranks)
        return pd.DataFrame(columns, index=pd.Index(self.algorithms, name="algorithm"))

    @property
    def omnibus_frame(self) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "statistic": [t.statistic for t in self.omnibus],
                "distribution": [_render.distribution(t) for t in self.omnibus],
                "pvalue": [t.pvalue for t in self.omnibus],
            },
            index=pd.Index([t.name for t in self.omnibus], name="test"),
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per hypothesis, in order of unadjusted p (as the papers' tables): columns
        ``difference``, ``z``, ``pvalue``, ``apv_<procedure>``, ``reject_<procedure>``."""
        rows = sorted(self.hypotheses, key=lambda h: h.pvalue)
        frame = pd.DataFrame(
            {
                "difference": [h.difference for h in rows],
                "z": [h.z for h in rows],
                "pvalue": [h.pvalue for h in rows],
            },
            index=pd.Index([h.label for h in rows], name="hypothesis"),
        )
        for j, m in enumerate(self.procedures):
            frame[f"apv_{m}"] = [h.apvs[j] for h in rows]
        for j, m in enumerate(self.procedures):
            frame[f"reject_{m}"] = [h.apvs[j] <= self.alpha for h in rows]
        return frame

    # --- decisions ---------------------------------------------------------------------
    def rejected(
        self, procedure: str | None = None, alpha: float | None = None
    ) -> list[Hypothesis]:
        """Hypotheses rejected by ``procedure`` (default: the report's) at ``alpha`` (APV <= alpha)."""
        j = self._procedure_index(procedure)
        level = self.alpha if alpha is None else check_alpha(alpha)
        return [h for h in sorted(self.hypotheses, key=lambda h: h.pvalue) if h.apvs[j] <= level]

    def _procedure_index(self, procedure: str | None) -> int:
        name = (
            self.procedure
            if procedure is None
            else check_choice("procedure", procedure, self.procedures)
        )
        return self.procedures.index(name)

    @property
    def summary(self) -> str:
        """What was found, in plain language."""
        return _render.summary(self)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Why procedures shown in the report do not control the family-wise error (Finner and
        Li, :data:`multicomp.adjust.NOT_FWER_CONTROLLING`), with measured rates; the
        hypothesis tables carry them as notes."""
        return tuple(NOT_FWER_CONTROLLING[m] for m in self.procedures if m in NOT_FWER_CONTROLLING)

    def paper_options(self) -> list[str]:
        """The options of :func:`compare` that differ from their defaults, as ``name=value``."""
        chosen = {
            "tie_correction": self.tie_correction,
            "rom": self.rom,
            "aligned_se": self.aligned_se,
            "quade_se": self.quade_se,
            "monotone": self.monotone,
            "method": self.method,
        }
        return [f"{name}={value!r}" for name, value in chosen.items() if value != _DEFAULTS[name]]

    # --- renderers (multicomp._render) ------------------------------------------------
    def to_text(self) -> str:
        """A plain-text report: the summary (ranking, verdicts, groups, procedure), then the
        tables (``*``: rejected at alpha, ``+``: at 0.10 only)."""
        return _render.text(self)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        scope = f"control={self.control!r}" if self.comparison == "control" else "all pairs"
        return (
            f"<Report: {len(self.algorithms)} algorithms x {self.n_datasets} data sets, {scope}, "
            f"test={self.test!r}, procedure={self.procedure!r}, alpha={self.alpha:g}: "
            f"{len(self.rejected())} of {len(self.hypotheses)} hypotheses rejected>"
        )

    def to_html(self) -> str:
        """One self-contained HTML page (no external resource, scripts forbidden by its
        Content-Security-Policy, every name escaped): the summary, the CD diagram as an SVG
        image and the tables, rejections highlighted."""
        return _render.html(self, page=True)

    def _repr_html_(self) -> str:
        """The report in a notebook: summary, CD diagram and tables."""
        return _render.html(self, page=False)

    def to_markdown(self) -> str:
        """Markdown tables (rejected APVs in bold, at 0.10 only in italics) and the summary."""
        return _render.markdown(self)

    def to_latex(self, label: str = "mc") -> str:
        """LaTeX tables for a paper, as is (``\\usepackage{booktabs,graphicx}``).

        Parameters
        ----------
        label : str
            Prefix of the ``\\label`` of each table: ``tab:<label>-ranks``, then
            ``tab:<label>-control`` or ``tab:<label>-pairs``.

        Returns
        -------
        str
            The average ranks best first with mean scores (omnibus tests in the caption, in
            math mode: chi-square and F with their degrees of freedom); then, with a control,
            z, p and the adjusted p-values (APVs) of Bonferroni-Dunn, Holm, Hochberg, Finner,
            Li and the report's procedure, or for all pairs the lower-triangular matrix of the
            report's procedure's APVs. Rejections at alpha in bold. A table wider than the
            column is scaled down to fit it (``\\resizebox``), so it fits any article column.
        """
        return _render.latex(self, label)

    def to_json(self, **kwargs: Any) -> str:
        """Strict JSON with every field; :meth:`from_json` reads it back to an equal report.
        An infinite statistic (e.g. Iman-Davenport's F when all data sets agree) is written as
        the string ``"Infinity"``, since JSON has no infinity. ``kwargs`` go to
        :func:`json.dumps` (default ``indent=2``)."""
        return _report_json.encode(self, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Report:
        """Read a report written by :meth:`to_json`.

        The whole document is checked before a report is built: every field of the dataclass
        with its type, alpha in (0, 1), p-values and APVs in [0, 1], known tests and procedures,
        consistent lengths and names. A ValueError names the first field that is wrong.
        """
        return _report_json.decode(cls, text)

    def to_csv(self) -> str:
        """Every table in one tidy CSV with columns ``table,row,column,value`` (tables
        ``ranks``, ``omnibus`` and ``posthoc``). Safe to open in a spreadsheet: a name that
        starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
        apostrophe (OWASP's CSV-injection rule); :meth:`to_json` keeps every name exactly."""
        return _render.csv(self)

    def plot(
        self,
        *,
        procedure: str | None = None,
        alpha: float | None = None,
        control: str | int | None = None,
        test: PosthocTest | None = None,
        **style: Any,
    ) -> Any:
        """The critical difference (CD) diagram of this report (a matplotlib Figure).

        By default it draws the report's own decisions, those of the summary: the report's
        procedure (``procedure``) at its alpha, on its test's ranks, nothing recomputed. A
        ``procedure`` among the report's procedures draws that one's decisions; another procedure,
        test or control recomputes the diagram from the scores with the report's options.
        ``style``: ``ax``, ``title``, ``fontsize``, ``show_ranks``, ``bars`` of
        :func:`multicomp.cd_diagram`. After an incomplete-block test (``skillings_mack``,
        ``durbin``) the diagram always draws the report's decisions (no critical difference
        exists: the SE differs between pairs), so ``procedure`` must be one of its procedures.
        """
        from multicomp.plot import cd_diagram, draw_decisions

        if procedure is None:
            procedure = self.procedure
        else:  # one of the report's procedures in any case draws the report's decisions
            with contextlib.suppress(ValueError):
                procedure = check_choice("procedure", procedure, self.procedures, aliases=False)
        alpha = self.alpha if alpha is None else check_alpha(alpha)
        named = None if control is None else self.algorithms[index_of(self.algorithms, control)]
        incomplete = self.test in INCOMPLETE_TESTS
        if (
            procedure in self.procedures
            and (procedure not in CD_PROCEDURES or incomplete)
            and test in (None, self.test)
            and (named is None or named == self.control or self.comparison == "all_pairs")
        ):
            return draw_decisions(
                pd.Series(self.test_ranks, index=list(self.algorithms)),
                procedure=procedure,
                alpha=alpha,
                test=self.test,
                n_datasets=self.n_datasets,
                control=named or self.control,
                rejected=[(h.first, h.second) for h in self.rejected(procedure, alpha)],
                **style,
            )
        if incomplete:
            raise ValueError(
                f"a report of test={self.test!r} draws its own decisions, with its test and "
                f"control (asked: test={test!r}, control={control!r}): "
                + one_of("procedure", procedure, self.procedures)
            )
        options: dict[str, Any] = {"aligned_se": self.aligned_se, "quade_se": self.quade_se}
        if self.comparison == "control":
            options["rom"] = self.rom
        else:
            options["monotone"] = self.monotone
        return cd_diagram(
            self.as_scores(),
            procedure=procedure,
            alpha=alpha,
            control=named if named is not None else self.control,
            test=cast(PosthocTest, self.test)
            if test is None
            else test,  # not incomplete: see above
            **options,
            **style,
        )


def compare(
    data: ScoresLike | Scores,
    *,
    control: str | int | None = None,
    alpha: float = 0.05,
    test: CompareTest = "friedman",
    higher_is_better: bool = True,
    procedure: str | None = None,
    tie_correction: bool = True,
    rom: Rom = "exact",
    aligned_se: SEForm = "calibrated",
    quade_se: SEForm = "calibrated",
    monotone: bool = False,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
    nan_policy: NanPolicy = "raise",
    family: Family = "nonparametric",
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
) -> Report:
    """Run the recommended analysis in one call and return a :class:`Report`.

    1. Average Friedman ranks; the Friedman and Iman-Davenport tests (D06 Sec. 3.2.2), and
       the Friedman Aligned Ranks or Quade test when ``test`` is ``"aligned"`` or ``"quade"``
       (G10 Sec. 3).
    2. With a ``control`` (the algorithm chosen before seeing the results: a control picked
       afterwards as the best-ranked does not hold alpha): :func:`multicomp.posthoc_control`
       (all 1 x N procedures; ``procedure`` for the summary defaults to Holm, valid under any
       dependence; Finner and Li are shown but flagged, they do not hold alpha here).
       Without: :func:`multicomp.posthoc_all_pairs` (Nemenyi, Holm, Shaffer and
       Bergmann-Hommel where k allows it, ``multicomp._core.MAX_K_ROBINSON``; the summary uses
       Bergmann-Hommel, or Shaffer beyond, as G08 recommends).
       ``test="wilcoxon"`` or ``"sign"``: the post-hocs compare each pair by its own
       Wilcoxon signed-rank or sign test (Benavoli, Corani & Mangili 2016) with the
       adjustments valid for them (Bonferroni and Holm; Holm in the summary).
       ``test="skillings_mack"`` or ``"durbin"``: for missing scores (an algorithm that failed
       or timed out on a data set), the incomplete-block tests of
       :mod:`multicomp.incomplete` on every score instead of Friedman and Iman-Davenport:
       the Skillings-Mack test (any pattern of missing scores) or Durbin's test (a balanced
       incomplete block design), and their post-hoc (:func:`multicomp.posthoc_incomplete`)
       with the same procedures; ``nan_policy="omit"`` instead drops every incomplete data set.

    3. The parametric side (:mod:`multicomp.parametric`): the report states whether the
       conditions of the parametric tests hold (:func:`multicomp.check_conditions` on the
       input as given: folds or runs of long data are checked per data set) and which family
       the papers recommend, with the reason (:func:`multicomp.choose_family`).
       ``family="nonparametric"`` (the default) decides with the tests above;
       ``"parametric"`` adds the verdicts of the repeated-measures ANOVA (Greenhouse-Geisser
       corrected) and of Tukey's HSD, or Dunnett's test with a ``control``; ``"auto"`` uses
       the recommended family (autorank's automatic choice, only when asked). The report says
       which family was used and why (``Report.family``, ``Report.family_reason``).

    Options that reproduce the papers' printed numbers (defaults: the exact forms), passed on
    to the functions above: ``tie_correction=False`` (omnibus tests without the tie
    correction), ``rom="garcia2010"`` (G10's Rom coefficients; with a ``control`` only),
    ``aligned_se="garcia2010"`` (G10 Table 10's SE; with ``test="aligned"`` only),
    ``quade_se="garcia2010"`` (G10 eq. 22, Table 11's SE; with ``test="quade"`` only),
    ``monotone=True`` (monotone Bergmann-Hommel APVs as G08 Table 5; all pairs only).

    ``data``: anything :func:`multicomp.friedman` accepts (array, wide/long DataFrame,
    CSV path); ``dataset``, ``algorithm``, ``score`` name the columns of long data.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman`.
    control : str or int, optional
        Compare every algorithm with this one (1 x N); by default all pairs (N x N).
    alpha : float
        Significance level of the decisions and the summary.
    test : {'friedman', 'aligned', 'quade', 'wilcoxon', 'sign', 'skillings_mack', 'durbin'}
        The ranks (or pairwise tests) of the post-hoc comparisons; 'skillings_mack' and
        'durbin' also replace the omnibus tests and keep the missing scores (above).
    higher_is_better : bool
        Whether larger scores are better.
    procedure : str, optional
        The procedure of the summary and the plot (any case; default as above).
    tie_correction, rom, aligned_se, quade_se, monotone
        The papers' forms (above).
    dataset, algorithm, score, aggregate, nan_policy
        As for :func:`multicomp.friedman`.
    method, random_state, n_resamples
        The p-values of the rank tests, omnibus and post-hoc (:func:`multicomp.friedman`):
        ``"auto"`` (default) uses exact or Monte Carlo permutation p-values up to N = 16 data
        sets, where the asymptotic forms were measured above alpha; ``"asymptotic"`` gives the
        papers' values. The report labels which was used (``OmnibusTest.method``,
        ``Report.pvalue_method`` and a note). Not for the incomplete-block tests.

    Returns
    -------
    Report
        Ranks, omnibus tests, every procedure's APVs and a plain-language summary.

    References
    ----------
    D06 = Demsar (2006), JMLR 7:1-30.
    G08 = Garcia & Herrera (2008), JMLR 9:2677-2694.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.
    """
    from multicomp.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade

    alpha = check_alpha(alpha)
    family = check_choice("family", family, FAMILIES)
    test = check_choice("test", test, COMPARE_TESTS)
    method, n_resamples = check_options(method, random_state, n_resamples)
    pvalues: dict[str, Any] = {
        "method": method,
        "random_state": random_state,
        "n_resamples": n_resamples,
    }
    if test in INCOMPLETE_TESTS and method not in ("auto", "asymptotic"):
        raise ValueError(
            f"method={method!r} applies to the rank tests; test={test!r} has asymptotic "
            "p-values only"
        )
    rom, ses = _check_options(
        control,
        test,
        tie_correction,
        rom,
        {"aligned_se": aligned_se, "quade_se": quade_se},
        monotone,
    )
    if test in INCOMPLETE_TESTS:
        return _compare_incomplete(
            data,
            test,
            control=control,
            alpha=alpha,
            procedure=procedure,
            paper={"rom": rom, "monotone": monotone, "family": family, "nan_policy": nan_policy},
            higher_is_better=higher_is_better,
            tie_correction=tie_correction,
            dataset=dataset,
            algorithm=algorithm,
            score=score,
            aggregate=aggregate,
        )
    aligned_se, quade_se = ses["aligned_se"], ses["quade_se"]
    scores = as_scores(
        data,
        higher_is_better=higher_is_better,
        dataset=dataset,
        algorithm=algorithm,
        score=score,
        aggregate=aggregate,
        nan_policy=nan_policy,
    )
    fr = friedman(scores, tie_correction=tie_correction, **pvalues)
    idv = iman_davenport(scores, tie_correction=tie_correction, **pvalues)
    omnibus = [
        OmnibusTest(
            "friedman", float(fr.statistic), float(fr.pvalue), "chi2", (int(fr.df),), fr.method
        ),
        OmnibusTest(
            "iman_davenport",
            float(idv.statistic),
            float(idv.pvalue),
            "F",
            (int(idv.df_num), int(idv.df_den)),
            idv.method,
        ),
    ]
    if test == "aligned":
        al = friedman_aligned_ranks(scores, tie_correction=tie_correction, **pvalues)
        omnibus.append(
            OmnibusTest(
                "aligned", float(al.statistic), float(al.pvalue), "chi2", (int(al.df),), al.method
            )
        )
    elif test == "quade":
        qu = quade(scores, tie_correction=tie_correction, **pvalues)
        omnibus.append(
            OmnibusTest(
                "quade",
                float(qu.statistic),
                float(qu.pvalue),
                "F",
                (int(qu.df_num), int(qu.df_den)),
                qu.method,
            )
        )
    notes = (
        [
            f"Note: nan_policy='omit' left out {len(scores.omitted)} incomplete data set(s): "
            f"{', '.join(scores.omitted)}."
        ]
        if scores.omitted
        else []
    )
    result: PosthocControlResult | PosthocAllPairsResult
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
        result = posthoc_control(
            scores,
            control,
            test=cast(PosthocTest, test),  # the incomplete-block tests returned above
            alpha=alpha,
            rom=rom,
            aligned_se=aligned_se,
            quade_se=quade_se,
            **pvalues,
        )
        pairs = [(control, other) for other in result.algorithms]
    else:
        result = posthoc_all_pairs(
            scores,
            test=cast(PosthocTest, test),
            alpha=alpha,
            monotone=monotone,
            aligned_se=aligned_se,
            quade_se=quade_se,
            **pvalues,
        )
        pairs = list(result.pairs)
    notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
    if result.method != "asymptotic" or fr.method != "asymptotic":
        notes.append(_render.permutation_note(scores.n_datasets, fr.method, result.method))
    side = _parametric_side(
        data,
        scores,
        family,
        control,
        alpha,
        dataset=dataset,
        algorithm=algorithm,
        score=score,
        aggregate=aggregate,
        nan_policy=nan_policy,
    )
    hypotheses = _hypotheses(result, pairs)
    procedures = tuple(str(m) for m in result.adjusted.columns)
    if procedure is None:
        procedure = default_procedure(scores.n_algorithms, control, test)
    procedure = check_choice("procedure", procedure, procedures)
    return Report(
        algorithms=scores.algorithms,
        datasets=scores.datasets,
        values=tuple(tuple(float(v) for v in row) for row in scores.values),
        higher_is_better=scores.higher_is_better,
        alpha=alpha,
        test=test,
        control=control,
        ranks=tuple(float(v) for v in fr.ranks),
        test_ranks=tuple(float(v) for v in result.ranks),
        omnibus=tuple(omnibus),
        comparison="control" if control is not None else "all_pairs",
        procedures=procedures,
        procedure=procedure,
        hypotheses=tuple(hypotheses),
        notes=tuple(notes),
        tie_correction=bool(tie_correction),
        rom=rom,
        aligned_se=aligned_se,
        quade_se=quade_se,
        monotone=bool(monotone),
        method=method,
        pvalue_method=result.method,
        n_resamples=n_resamples,
        omitted=scores.omitted,
        **side,
    )


def _hypotheses(
    result: PosthocControlResult | PosthocAllPairsResult, pairs: list[tuple[str, str]]
) -> list[Hypothesis]:
    """The hypotheses of a post-hoc result, one per pair (control first with a control)."""
    labels = result.pvalue.index  # "a vs b" for all pairs, the other algorithm for a control
    return [
        Hypothesis(
            a,
            b,
            float(result.difference.iloc[i]),
            float(result.z.iloc[i]),
            float(result.pvalue.iloc[i]),
            tuple(float(v) for v in result.adjusted.loc[labels[i]]),
        )
        for i, (a, b) in enumerate(pairs)
    ]


def _compare_incomplete(
    data: ScoresLike | Scores,
    test: IncompleteTest,
    *,
    control: str | int | None,
    alpha: float,
    procedure: str | None,
    paper: dict[str, Any],
    higher_is_better: bool,
    tie_correction: bool,
    **input_options: Any,
) -> Report:
    """:func:`compare` with an incomplete-block test (``test`` "skillings_mack" or "durbin",
    :mod:`multicomp.incomplete`): the omnibus test and its post-hoc on every score, missing
    ones included. ``paper``: the options of :func:`compare` that do not apply here and must
    keep their defaults (``rom``, ``monotone``, ``family``, ``nan_policy``)."""
    defaults = {"rom": "exact", "monotone": False, "family": "nonparametric", "nan_policy": "raise"}
    for name, value in paper.items():
        if value != defaults[name]:
            raise ValueError(
                f"{name}={value!r} does not apply to test={test!r}"
                + (
                    ", which uses every score (leave out nan_policy)"
                    if name == "nan_policy"
                    else " (the incomplete-block tests are rank tests with their own post-hoc)"
                )
            )
    scores = as_scores(data, higher_is_better=higher_is_better, keep_missing=True, **input_options)
    omnibus: list[OmnibusTest]
    if test == "skillings_mack":
        sm = skillings_mack(scores, tie_correction=tie_correction)
        omnibus = [OmnibusTest("skillings_mack", sm.statistic, sm.pvalue, "chi2", (sm.df,))]
        dropped, n_missing = sm.dropped, sm.n_missing
    else:
        du = durbin(scores, tie_correction=tie_correction)
        omnibus = [
            OmnibusTest("durbin", du.statistic, du.pvalue, "chi2", (du.df,)),
            OmnibusTest("durbin_f", du.f_statistic, du.f_pvalue, "F", (du.df, du.df_den)),
        ]
        dropped, n_missing = du.dropped, du.n_missing
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
    result = posthoc_incomplete(
        scores, control, test=test, alpha=alpha, tie_correction=tie_correction
    )
    pairs = (
        [(result.control, other) for other in result.algorithms]
        if isinstance(result, PosthocControlResult)
        else list(result.pairs)
    )
    kept = [i for i, d in enumerate(scores.datasets) if d not in dropped]
    k = scores.n_algorithms
    notes = [
        f"Note: {n_missing} of {len(kept) * k} scores are missing; the {TEST_NAMES[test]} test "
        "uses every score (each algorithm's average rank and mean score are over the "
        "data sets that score it). It assumes that a score is not missing because of how well the algorithm would "
        "have done: a failure that signals a bad algorithm is better scored as its worst."
    ]
    if test == "durbin":
        notes.append(
            f"Note: the z column holds Conover's t statistic, with {du.df_den} degrees of freedom."
        )
    if dropped:
        notes.append(
            f"Note: {len(dropped)} data set(s) with fewer than 2 scores left out (they carry "
            f"no information): {', '.join(dropped)}."
        )
    notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
    procedures = tuple(str(m) for m in result.adjusted.columns)
    chosen = check_choice(
        "procedure",
        default_procedure(k, control, test) if procedure is None else procedure,
        procedures,
    )
    ranks = tuple(float(v) for v in result.ranks)
    return Report(
        algorithms=scores.algorithms,
        datasets=tuple(scores.datasets[i] for i in kept),
        values=tuple(
            tuple(None if np.isnan(v) else float(v) for v in scores.values[i]) for i in kept
        ),
        higher_is_better=scores.higher_is_better,
        alpha=alpha,
        test=test,
        control=control,
        ranks=ranks,
        test_ranks=ranks,
        omnibus=tuple(omnibus),
        comparison="control" if control is not None else "all_pairs",
        procedures=procedures,
        procedure=chosen,
        hypotheses=tuple(_hypotheses(result, pairs)),
        notes=tuple(notes),
        tie_correction=bool(tie_correction),
        omitted=dropped,
    )


def _parametric_side(
    data: ScoresLike | Scores,
    scores: Scores,
    family: Family,
    control: str | None,
    alpha: float,
    **input_options: Any,
) -> dict[str, Any]:
    """The Report fields of the parametric side: the verdict on its conditions
    (:func:`multicomp.check_conditions` on the input as given, so that folds and runs are
    checked), the family used (``family``, or the recommended one of
    :func:`multicomp.choose_family` for ``"auto"``) and why, and the verdicts of the
    repeated-measures ANOVA and of Tukey's (all pairs) or Dunnett's (a control) post-hoc when
    the parametric family is used."""
    choice = choose_family(check_conditions(data, alpha=alpha, **input_options))
    if family == "auto":
        used, reason = choice.recommended, f"chosen by family='auto': {choice.reason}"
    else:
        used = family
        reason = f"as asked by family={family!r}; recommended: the {choice.recommended} tests. {choice.reason}"
    lines: tuple[str, ...] = ()
    if used == "parametric":
        anova = rm_anova(scores)
        post = posthoc_parametric(scores, control, alpha=alpha)
        name = "Tukey's HSD" if post.procedure == "tukey" else "Dunnett's test"
        rejected = [
            f"{a} vs {b} (difference of means {d:+.4g}, APV = {fmt_p(p)})"
            for (a, b), d, p in zip(post.pairs, post.difference, post.adjusted)
            if p <= alpha
        ]
        lines = (
            str(anova),
            f"{name} (repeated-measures error term): {len(rejected)} of {len(post.pairs)} "
            f"hypotheses rejected at alpha = {fmt_alpha(alpha)}"
            + (f": {'; '.join(rejected)}." if rejected else "."),
        )
    return {
        "conditions": choice.conditions.verdict,
        "family": used,
        "family_reason": reason,
        "parametric": lines,
    }


def _check_options(
    control: str | int | None,
    test: str,
    tie_correction: bool,
    rom: str,
    ses: dict[str, str],
    monotone: bool,
) -> tuple[Rom, dict[str, SEForm]]:
    """``rom`` and the SE options ``ses`` as spelled in their option lists, or an error for
    values outside them and for paper options that would have no effect."""
    check_bool(tie_correction, "tie_correction")
    check_bool(monotone, "monotone")
    chosen = check_choice("rom", rom, ROMS)
    checked = check_se_options(test, ses)
    if chosen != _DEFAULTS["rom"] and control is None:
        raise ValueError("rom= applies to the comparisons with a control: give control=")
    if monotone and control is not None:
        raise ValueError("monotone= applies to all pairwise comparisons: leave out control=")
    if monotone and test in PAIRWISE_TESTS:
        raise ValueError(
            f"monotone= changes only Bergmann-Hommel, which test={test!r} does not offer"
        )
    return chosen, checked
