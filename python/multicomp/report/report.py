"""The public :class:`Report`: the data of :mod:`multicomp.report.model` with its renderers
(text, Markdown, LaTeX, HTML, CSV), its JSON form and its critical difference diagram.

The diagram draws the report's own decisions (:mod:`multicomp.report.decisions`); the
renderers and the codec import the data classes, never this module, so nothing imports back.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, cast

from multicomp import ranktests
from multicomp._internal import plots
from multicomp._internal.diagram import DiagramStyle
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_bool, check_choice, one_of
from multicomp._internal.vocabulary import CD_PROCEDURES, Bars, PosthocTest
from multicomp.data.scores import index_of
from multicomp.posthoc import PosthocOptions
from multicomp.report import extras, files, json, large, latex, render, tidy
from multicomp.report.decisions import of_report
from multicomp.report.model import ReportData

__all__ = ["Report"]


class Report(ReportData):
    """Everything :func:`compare` found, in plain values.

    A report compares equal after a JSON round trip. Render it with ``str(report)``,
    :meth:`to_markdown`, :meth:`to_latex`, :meth:`to_html`, :meth:`to_json` (read back with
    :meth:`from_json`), :meth:`to_csv`; draw its critical difference (CD) diagram with
    :meth:`plot`; write all of them at once with :meth:`save`. Tables as DataFrames: :attr:`rank_frame`, :attr:`omnibus_frame`,
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
    hypotheses : Hypotheses
        One :class:`Hypothesis` per comparison, held as columns (a read-only sequence; its
        arrays ``first``, ``second``, ``difference``, ``z``, ``pvalue``, ``apvs``).
    notes : tuple of str
        Notes for the reader (left-out data sets and procedures, missing scores).
    tie_correction, rom, se, monotone : bool or str
        The options of :func:`compare` that select the papers' forms.
    method : str
        The p-value option of :func:`compare` (``'auto'``, ``'asymptotic'``, ``'exact'``,
        ``'permutation'``); ``'asymptotic'`` is the papers' form.
    pvalue_method : str
        How the post-hoc p-values were computed (``'asymptotic'``, ``'exact'``,
        ``'permutation'``); each omnibus test records its own (``OmnibusTest.method``).
    n_resamples : int
        The Monte Carlo permutations of a ``'permutation'`` p-value (the option).
    pvalue_resamples : int or None
        The Monte Carlo permutations of the post-hoc's p-values (None unless
        ``pvalue_method`` is ``'permutation'``); such a p-value is at least
        1/(pvalue_resamples + 1), and the renderers write ``p <= 1e-4`` there.
    random_state : int or None
        The seed of the Monte Carlo permutations (None when :func:`compare` drew fresh
        entropy or was given a Generator: a recomputation then draws anew). With ``method``,
        ``n_resamples`` and the forms above it makes :meth:`plot`, and a report read back
        with :meth:`from_json`, recompute the same p-values.
    alternative : {'two-sided', 'greater', 'less'}
        The alternative of the comparisons with a control (:func:`multicomp.posthoc_control`).
    omitted : tuple of str
        Data sets left out by ``nan_policy='omit'``, or with fewer than two scores by an
        incomplete-block test.
    left_out : tuple of (str, str)
        The post-hoc's procedures left out, with why (:func:`multicomp.procedures.plan`):
        e.g. Bergmann-Hommel beyond its exact limit (k = 100 for rank p-values), where the
        summary uses Shaffer's procedure. Every renderer says it.
    conditions : str
        The verdict on the conditions of the parametric tests.
    family : {'nonparametric', 'parametric'}
        The family of tests used.
    family_reason : str
        Why that family, and which the papers recommend.
    parametric : tuple of str
        The parametric verdicts, when that family was used.
    extras : tuple of str
        What ``compare(extras=)`` added: ``'effect_sizes'``, ``'matrix'``,
        ``'bayesian_ranking'``, ``'bayesian_hierarchical'``.
    effect_sizes : tuple of PairEffects
        With ``'effect_sizes'``: Cohen's d_z, Cliff's delta and Akinshin's gamma of each pair
        (or against the control), with intervals and magnitude labels.
    matrix : tuple of MatrixCell
        With ``'matrix'``: the multi-comparison matrix, one cell per pair, best mean first.
    bayesian_ranking : tuple of RankingWeight
        With ``'bayesian_ranking'``: the Bayesian Plackett-Luce ranking, one entry per
        algorithm, best posterior mean weight first.
    ranking_draws : int
        The posterior draws of ``bayesian_ranking`` (0 without it); with ``random_state``
        and ``alpha`` (credible level 1 - alpha) they recompute it.
    bayesian_hierarchical : tuple of HierarchicalPair
        With ``'bayesian_hierarchical'``: the Bayesian hierarchical test of each pair (or
        each against the control) from the folds.
    hierarchical_rope, hierarchical_rho, hierarchical_draws : float, float, int
        Their rope, the correlation of the folds (runs / folds) and the posterior draws of
        each pair (0 without them); with ``random_state`` they recompute them.
    n_datasets : int
        N.
    scores : pandas.DataFrame
        The scores as a table.
    rank_frame, omnibus_frame : pandas.DataFrame
        The ranks and omnibus tests as tables.
    posthoc_pvalues : str
        How the post-hoc's unadjusted p-values were computed, for readers.
    summary : str
        What was found, in plain language.
    warnings : tuple of str
        Why the report's post-hoc (Conover's t tests) or procedures (Finner, Li, the false
        discovery rate's) do not control the family-wise error, with measured rates.

    References
    ----------
    D06 = Demsar (2006), Statistical comparisons of classifiers over multiple data sets, JMLR
    7:1-30.
    G08 = Garcia & Herrera (2008), An extension on "Statistical comparisons of classifiers over
    multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> report = mc.compare(scores, control="C4.5+m+cf", method="asymptotic")
    >>> report
    <Report: 4 algorithms x 14 data sets, control='C4.5+m+cf', test='friedman', procedure='holm', alpha=0.05: 1 of 3 hypotheses rejected>
    >>> report.to_frame()[["z", "pvalue", "apv_holm"]].round(4)
                               z  pvalue  apv_holm
    hypothesis
    C4.5+m+cf vs C4.5     2.4885  0.0128    0.0385
    C4.5+m+cf vs C4.5+cf  2.0494  0.0404    0.0808
    C4.5+m+cf vs C4.5+m   0.1464  0.8836    0.8836
    >>> print(report.summary.splitlines()[0])
    4 algorithms compared on 14 data sets (adult (sample), breast cancer, breast cancer wisconsin, ...; higher scores are better; rank 1 is the best). Significance level alpha = 0.05.
    """

    @property
    def summary(self) -> str:
        """What was found, in plain language."""
        return render.summary(self)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Why the report's post-hoc (Conover's t tests) or procedures (Finner, Li, the false
        discovery rate's: :func:`multicomp.procedures.fwer_warnings`, for the report's k and
        alternative) do not control the family-wise error, with measured rates; the hypothesis
        tables carry them as notes."""
        return render.fwer_warnings(self)

    def to_text(self) -> str:
        """A plain-text report: the summary (ranking, verdicts, groups, procedure), then the
        tables (``*``: rejected at alpha, ``+``: at 0.10 only)."""
        return render.text(self)

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
        image (beyond ``multicomp.report.large.CD_LIMIT`` algorithms, the compact letter
        display as a table) and the tables, rejections highlighted."""
        return render.html(self, self._page_figure(), page=True, heat_map=self._heat_map())

    def _repr_html_(self) -> str:
        """The report in a notebook: summary, CD diagram and tables."""
        return render.html(self, self._page_figure(), page=False, heat_map=self._heat_map())

    def _page_figure(self, drawn: Any = None) -> Any:
        """The HTML page's figure: what :meth:`plot` draws by default (``drawn``, if already
        drawn), but beyond ``large.CD_LIMIT`` algorithms its compact letter display itself,
        which the page writes as a table (drawing a thousand names costs seconds)."""
        if self.comparison == "all_pairs" and len(self.algorithms) > large.CD_LIMIT:
            return large.letter_display(self)
        return self.plot() if drawn is None else drawn

    def _heat_map(self) -> Any:
        """The heat map of the multi-comparison matrix when the report holds it, else None."""
        return self._matrix_figure() if "matrix" in self.extras else None

    def to_markdown(self) -> str:
        """Markdown tables (rejected APVs in bold, at 0.10 only in italics) and the summary."""
        return render.markdown(self)

    @strict
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
        return latex.latex(self, label)

    @strict
    def to_json(self, *, indent: int | None = 2) -> str:
        """Strict JSON with every field; :meth:`from_json` reads it back to an equal report.
        An infinite statistic (e.g. Iman-Davenport's F when all data sets agree) is written as
        the string ``"Infinity"``, since JSON has no infinity. The hypotheses are columns;
        from 10,000 of them on (k >= 142 for all pairs), typed arrays ``{"dtype": "f8",
        "bdata": ...}`` (their little-endian bytes in base64, exact) in a version-3 document.
        ``indent``: spaces per level, None for one line."""
        return "".join(json.encode(self, indent=indent))

    @classmethod
    @strict
    def from_json(cls, text: str, *, max_size: int = json.MAX_CHARS) -> Report:
        """Read a report written by :meth:`to_json`.

        The whole document is checked before a report is built: every field of the dataclass
        with its type, alpha in (0, 1), p-values and APVs in [0, 1], known tests and procedures,
        consistent lengths and names. A ValueError names the first field that is wrong. A
        document longer than ``max_size`` characters (default 200,000,000, the report of about
        2,000 algorithms) is refused before it is parsed: reading takes about 8 bytes of memory
        a character.
        """
        return json.decode(cls, text, max_size)

    def to_csv(self) -> str:
        """Every table in one tidy CSV with columns ``table,row,column,value`` (tables
        ``ranks``, ``omnibus`` and ``posthoc``). Safe to open in a spreadsheet: a name that
        starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
        apostrophe (OWASP's CSV-injection rule); :meth:`to_json` keeps every name exactly."""
        return tidy.csv(self)

    @strict
    def save(
        self, directory: str | os.PathLike[str], *, overwrite: bool = False
    ) -> dict[str, Path]:
        """Write every output of the report into ``directory`` in one call.

        The text, Markdown, LaTeX, HTML, JSON and CSV reports and the critical difference
        diagram (PNG and SVG, the report's own decisions as :meth:`plot` draws them), named
        ``report.txt``, ``report.md``, ``report.tex``, ``report.html``, ``report.json``,
        ``report.csv``, ``cd-diagram.png`` and ``cd-diagram.svg``; with pyarrow installed, the
        table of :meth:`to_frame` as ``report-pairs.parquet``; when the report holds the
        multi-comparison matrix, its heat map ``comparison-matrix.png`` and ``.svg``; when it
        holds the Bayesian ranking, its plot ``bayesian-ranking.png`` and ``.svg``; when it
        holds the Bayesian hierarchical tests of the pairs, their probabilities as split bars
        ``bayesian-hierarchical.png`` and ``.svg``. The
        directory is created if needed. Every name is checked before anything is written, so
        a refused call writes nothing. The files are written whole into a hidden staging
        directory, then moved into place, so a save that fails (a full disk, an error while
        rendering) leaves the files that were there before, never a mix of two runs. The CSV
        is written in blocks, never held whole; it and the Parquet file are written on a
        second thread while the figures are drawn.

        Parameters
        ----------
        directory : str or os.PathLike
            Where to write.
        overwrite : bool
            Replace files of these names that exist (default False: FileExistsError naming
            the first one).

        Returns
        -------
        dict of str to pathlib.Path
            The paths written, by kind: ``'text'``, ``'markdown'``, ``'latex'``, ``'html'``,
            ``'json'``, ``'csv'``, ``'cd_diagram_png'``, ``'cd_diagram_svg'`` (and
            ``'pairs_parquet'``, ``'matrix_png'``, ``'matrix_svg'``, ``'ranking_png'``,
            ``'ranking_svg'``, ``'hierarchical_png'``, ``'hierarchical_svg'``).

        Raises
        ------
        FileExistsError
            A file of one of these names exists and ``overwrite`` is False.
        NotADirectoryError
            ``directory`` is a file.
        IsADirectoryError
            A directory holds the name of one of the outputs.
        FileNotFoundError
            ``directory`` is a symbolic link to nothing.
        ValueError
            ``directory`` is the empty string.

        Examples
        --------
        >>> import tempfile
        >>> import multicomp as mc
        >>> report = mc.compare(mc.load_example("demsar2006"))
        >>> with tempfile.TemporaryDirectory() as where:
        ...     written = report.save(where)
        ...     print(sorted(p.name for p in written.values() if p.suffix != ".parquet"))
        ['cd-diagram.png', 'cd-diagram.svg', 'report.csv', 'report.html', 'report.json', 'report.md', 'report.tex', 'report.txt']
        >>> written["latex"].suffix
        '.tex'
        """
        paths = files.targets(directory, self.extras)
        files.check(paths, None if check_bool(overwrite, "overwrite") else "overwrite=True")
        # drawn when first needed, on this thread, while the pair table's CSV and Parquet are
        # written on another (their work releases the GIL)
        figure = functools.cache(lambda: files.framed(self.plot()))
        heat_map = functools.cache(lambda: files.framed(self._matrix_figure()))
        ranking = functools.cache(lambda: files.framed(self._ranking_figure()))
        pairs = functools.cache(lambda: files.framed(self._hierarchical_figure()))
        return files.write_all(
            paths,
            {
                "text": self.to_text,
                "markdown": self.to_markdown,
                "latex": self.to_latex,
                "html": lambda: render.html(
                    self,
                    self._page_figure(figure()[0]),
                    page=True,
                    heat_map=heat_map()[0] if "matrix" in self.extras else None,
                ),
                "json": lambda: json.encode(self),
                "csv": lambda: tidy.blocks(self),
                "pairs_parquet": lambda: tidy.parquet(self),
                "cd_diagram_png": lambda: files.figure_bytes(figure(), "png"),
                "cd_diagram_svg": lambda: files.figure_bytes(figure(), "svg"),
                "matrix_png": lambda: files.figure_bytes(heat_map(), "png"),
                "matrix_svg": lambda: files.figure_bytes(heat_map(), "svg"),
                "ranking_png": lambda: files.figure_bytes(ranking(), "png"),
                "ranking_svg": lambda: files.figure_bytes(ranking(), "svg"),
                "hierarchical_png": lambda: files.figure_bytes(pairs(), "png"),
                "hierarchical_svg": lambda: files.figure_bytes(pairs(), "svg"),
            },
            beside=("csv", "pairs_parquet"),
        )

    def _ranking_figure(self) -> Any:
        """The plot of the report's Bayesian ranking (its posterior weights, best first)."""
        return plots.ranking(extras.ranking_view(self))

    def _hierarchical_figure(self) -> Any:
        """The report's Bayesian hierarchical tests of the pairs, one split bar each."""
        return plots.pair_probabilities(
            [(p.first, p.second) for p in self.bayesian_hierarchical],
            [
                (p.p_first_better, p.p_equivalent, p.p_second_better)
                for p in self.bayesian_hierarchical
            ],
            threshold=1 - self.alpha,
            title=f"Bayesian hierarchical tests (rope = {self.hierarchical_rope:g})",
        )

    def _matrix_figure(self) -> Any:
        """The heat map of the report's multi-comparison matrix (recomputed from its scores:
        the same cells, :func:`multicomp.ranking.multi_comparison.comparison_matrix`)."""
        from multicomp.ranking.multi_comparison import comparison_matrix

        return comparison_matrix(self.as_scores(), alpha=self.alpha).plot()

    @strict
    def plot(
        self,
        *,
        procedure: str | None = None,
        alpha: float | None = None,
        control: str | int | None = None,
        test: PosthocTest | None = None,
        letters: bool | None = None,
        ax: Any = None,
        title: str | None = None,
        fontsize: float | None = None,
        show_ranks: bool | None = None,
        bars: Bars | None = None,
        highlight: str | Sequence[str] | None = None,
        hue: Mapping[str, str] | None = None,
        aliases: Mapping[str, str] | None = None,
        linewidth: float | None = None,
        bar_color: str | None = None,
    ) -> Any:
        """The critical difference (CD) diagram of this report (a matplotlib Figure), or its
        compact letter display beyond ``multicomp.report.large.CD_LIMIT`` (50) algorithms.

        By default it draws the report's own decisions, those of the summary: the report's
        procedure (``procedure``) at its alpha, on its test's ranks, nothing recomputed. A
        ``procedure`` among the report's procedures draws that one's decisions; another procedure,
        test or control recomputes the diagram from the scores with the report's options.
        The style: ``ax``, ``title``, ``fontsize``, ``show_ranks``, ``bars``, ``highlight``,
        ``hue``, ``aliases``, ``linewidth``, ``bar_color`` of :func:`multicomp.cd_diagram`
        (None: its default). ``letters``: draw the report's all-pairs decisions as a
        compact letter display (:meth:`multicomp.ranking.letters.LetterDisplay.plot`: one line per
        algorithm, sorted best first, its average rank and its letters; names legible at
        any k), where a CD diagram's names no longer fit; by default (None) beyond
        ``CD_LIMIT`` algorithms when no ``style`` is given (a style is the CD diagram's). After an incomplete-block test (``skillings_mack``,
        ``durbin``) the diagram always draws the report's decisions (no critical difference
        exists: the SE differs between pairs), so ``procedure`` must be one of its procedures.
        """
        given = {
            "ax": ax,
            "title": title,
            "fontsize": fontsize,
            "show_ranks": show_ranks,
            "bars": bars,
            "highlight": highlight,
            "hue": hue,
            "aliases": aliases,
            "linewidth": linewidth,
            "bar_color": bar_color,
        }
        style = cast(DiagramStyle, {k: v for k, v in given.items() if v is not None})
        if procedure is None:
            procedure = self.procedure
        else:  # one of the report's procedures in any case draws the report's decisions
            with contextlib.suppress(ValueError):
                procedure = check_choice("procedure", procedure, self.procedures, aliases=False)
        alpha = self.alpha if alpha is None else check_alpha(alpha)
        named = None if control is None else self.algorithms[index_of(self.algorithms, control)]
        incomplete = ranktests.kind_of(self.test) == "incomplete"
        own = self.comparison == "all_pairs" and procedure in self.procedures
        own = own and test in (None, self.test) and not style
        if letters is None:
            letters = own and len(self.algorithms) > large.CD_LIMIT
        if letters:
            if not own:
                raise ValueError(
                    "letters=True draws the report's own all-pairs decisions, with its test and "
                    "without the CD diagram's style options: "
                    + one_of("procedure", procedure, self.procedures)
                )
            return large.letter_display(self, procedure, alpha).plot()
        if (
            procedure in self.procedures
            and (procedure not in CD_PROCEDURES or incomplete)
            and test in (None, self.test)
            and (named is None or named == self.control or self.comparison == "all_pairs")
        ):
            return plots.decisions(of_report(self, procedure, alpha, named), **style)
        if incomplete:
            raise ValueError(
                f"a report of test={self.test!r} draws its own decisions, with its test and "
                f"control (asked: test={test!r}, control={control!r}): "
                + one_of("procedure", procedure, self.procedures)
            )
        # the report's post-hoc options (its fields of the same names): its p-values
        options = {f.name: getattr(self, f.name) for f in fields(PosthocOptions)}
        if test not in (None, self.test):  # the report's SE form is its test's
            options["se"] = ranktests.DEFAULT_SE
        return plots.cd_diagram(
            self.as_scores(),
            procedure=procedure,
            alpha=alpha,
            control=named if named is not None else self.control,
            test=cast(PosthocTest, self.test) if test is None else test,  # not incomplete
            **options,
            **style,
        )
