"""The one-call analysis ``compare`` and its ``Report`` (text, Markdown, LaTeX, JSON, CSV).

``compare`` runs the workflow of the KEEL program that ships with Garcia & Herrera (2008)
and Garcia et al. (2010): average ranks, the omnibus tests, then the post-hoc comparisons
with a control (G10 Sec. 5.1) or of all pairs (G08 Sec. 2.2), with the adjusted p-values
(APVs) of every procedure and a plain-language summary of what was rejected.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np
import pandas as pd

from multicompare import _tables
from multicompare._data import Aggregate, NanPolicy, Scores, ScoresLike, as_scores, check_alpha, index_of
from multicompare.posthoc import (
    PAIRWISE_TESTS,
    RANK_TESTS,
    TESTS,
    PosthocAllPairsResult,
    PosthocControlResult,
    SEForm,
    Test,
    check_se_options,
    posthoc_all_pairs,
    posthoc_control,
)

Rom = Literal["exact", "garcia2010"]

__all__ = ["Hypothesis", "OmnibusTest", "Report", "compare"]

SECOND_ALPHA = 0.10  # the papers also mark rejections at this level
PAPER_ALPHAS = (0.05, SECOND_ALPHA)  # the levels of the papers' hypothesis tables
_DEFAULTS: dict[str, Any] = {"tie_correction": True, "rom": "exact", "aligned_se": "calibrated",
                             "quade_se": "calibrated", "monotone": False}
_FORMAT = "multicompare.report"
_VERSION = 1

PROCEDURE_NAMES = {
    "bonferroni": "Bonferroni-Dunn",
    "bonferroni_dunn": "Bonferroni-Dunn",
    "holm": "Holm",
    "hochberg": "Hochberg",
    "hommel": "Hommel",
    "holland": "Holland",
    "rom": "Rom",
    "finner": "Finner",
    "li": "Li",
    "nemenyi": "Nemenyi",
    "shaffer": "Shaffer",
    "bergmann_hommel": "Bergmann-Hommel",
}
RANK_NAMES = {"friedman": "Friedman ranks", "aligned": "aligned ranks", "quade": "Quade ranks",
              "wilcoxon": "Friedman ranks", "sign": "Friedman ranks"}
# what a post-hoc compares: the ranks of a rank test, or pairwise tests
POSTHOC_NAMES = {**RANK_NAMES, "wilcoxon": "Wilcoxon signed-rank tests", "sign": "sign tests"}
TEST_NAMES = {
    "friedman": "Friedman",
    "iman_davenport": "Iman-Davenport",
    "aligned": "Friedman Aligned Ranks",
    "quade": "Quade",
}


@dataclass(frozen=True)
class OmnibusTest:
    """One omnibus test: ``name`` (a key of ``TEST_NAMES``), statistic, p-value, and its
    reference distribution (``"chi2"`` or ``"F"``) with degrees of freedom ``df``."""

    name: str
    statistic: float
    pvalue: float
    distribution: str
    df: tuple[int, ...]


@dataclass(frozen=True)
class Hypothesis:
    """H0: ``first`` and ``second`` perform alike. ``difference`` = R_second - R_first on the
    post-hoc ranks (positive: ``first`` ranks better), ``z``, unadjusted ``pvalue`` and one
    APV per procedure of the report (``Report.procedures``)."""

    first: str
    second: str
    difference: float
    z: float
    pvalue: float
    apvs: tuple[float, ...]

    @property
    def label(self) -> str:
        return f"{self.first} vs {self.second}"


@dataclass(frozen=True)
class Report:
    """Everything :func:`compare` found, in plain values (so that it compares equal after a
    JSON round trip). Render it with ``str(report)``, :meth:`to_markdown`, :meth:`to_latex`,
    :meth:`to_json` (read back with :meth:`from_json`), :meth:`to_csv`; draw its CD diagram
    with :meth:`plot`. Tables as DataFrames: :attr:`rank_frame`, :attr:`omnibus_frame`,
    :meth:`to_frame` (the hypotheses)."""

    algorithms: tuple[str, ...]
    datasets: tuple[str, ...]
    values: tuple[tuple[float, ...], ...] = field(repr=False)
    higher_is_better: bool
    alpha: float
    test: Test
    control: str | None
    ranks: tuple[float, ...]  # average Friedman ranks
    test_ranks: tuple[float, ...]  # the ranks of `test` that the post-hoc compares
    omnibus: tuple[OmnibusTest, ...]
    comparison: str  # "control" or "all_pairs"
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
    omitted: tuple[str, ...] = ()  # data sets left out by nan_policy="omit"

    # --- tables ------------------------------------------------------------------------
    @property
    def n_datasets(self) -> int:
        return len(self.datasets)

    def as_scores(self) -> Scores:
        """The input as validated :class:`multicompare._data.Scores` (for re-analysis)."""
        values = np.array(self.values, dtype=float).reshape(len(self.datasets), -1)
        values.setflags(write=False)
        return Scores(values, self.algorithms, self.datasets, self.higher_is_better)

    @property
    def scores(self) -> pd.DataFrame:
        """The input scores (rows = data sets, columns = algorithms)."""
        return pd.DataFrame(np.array(self.values, dtype=float).reshape(len(self.datasets), -1),
                            index=list(self.datasets), columns=list(self.algorithms))

    @property
    def rank_frame(self) -> pd.DataFrame:
        """Average Friedman ranks (and the ranks of ``test`` when it is not Friedman)."""
        columns = {"friedman": list(self.ranks)}
        if self.test in RANK_TESTS and self.test != "friedman":
            columns[self.test] = list(self.test_ranks)
        return pd.DataFrame(columns, index=pd.Index(self.algorithms, name="algorithm"))

    @property
    def omnibus_frame(self) -> pd.DataFrame:
        return pd.DataFrame(
            {"statistic": [t.statistic for t in self.omnibus],
             "distribution": [_distribution(t) for t in self.omnibus],
             "pvalue": [t.pvalue for t in self.omnibus]},
            index=pd.Index([t.name for t in self.omnibus], name="test"))

    def to_frame(self) -> pd.DataFrame:
        """One row per hypothesis, in order of unadjusted p (as the papers' tables): columns
        ``difference``, ``z``, ``pvalue``, ``apv_<procedure>``, ``reject_<procedure>``."""
        rows = sorted(self.hypotheses, key=lambda h: h.pvalue)
        frame = pd.DataFrame(
            {"difference": [h.difference for h in rows], "z": [h.z for h in rows],
             "pvalue": [h.pvalue for h in rows]},
            index=pd.Index([h.label for h in rows], name="hypothesis"))
        for j, m in enumerate(self.procedures):
            frame[f"apv_{m}"] = [h.apvs[j] for h in rows]
        for j, m in enumerate(self.procedures):
            frame[f"reject_{m}"] = [h.apvs[j] <= self.alpha for h in rows]
        return frame

    # --- decisions ---------------------------------------------------------------------
    def rejected(self, procedure: str | None = None, alpha: float | None = None) -> list[Hypothesis]:
        """Hypotheses rejected by ``procedure`` (default: the report's) at ``alpha`` (APV <= alpha)."""
        j = self._procedure_index(procedure)
        level = self.alpha if alpha is None else check_alpha(alpha)
        return [h for h in sorted(self.hypotheses, key=lambda h: h.pvalue) if h.apvs[j] <= level]

    def _procedure_index(self, procedure: str | None) -> int:
        name = self.procedure if procedure is None else procedure
        if name not in self.procedures:
            raise ValueError(f"unknown procedure {name!r}; the report has {list(self.procedures)}")
        return self.procedures.index(name)

    @property
    def summary(self) -> str:
        """What was found, in plain language."""
        k, n = len(self.algorithms), self.n_datasets
        better = "higher" if self.higher_is_better else "lower"
        lines = [f"{k} algorithms compared on {n} data sets ({better} scores are better; "
                 f"rank 1 is the best). Significance level alpha = {_fmt_alpha(self.alpha)}."]
        ranks = np.round(np.array(self.test_ranks), 9)
        best = [a for a, r in zip(self.algorithms, ranks) if r == ranks.min()]
        tied = f" (tied: {len(best)} algorithms)" if len(best) > 1 else ""
        lines.append(f"Best average rank ({RANK_NAMES[self.test]}): {', '.join(best)}{tied}.")
        for t in self.omnibus:
            verdict = ("the algorithms do not all perform alike" if t.pvalue <= self.alpha
                       else "no evidence that the algorithms differ")
            lines.append(f"{TEST_NAMES[t.name]} test: {_distribution(t)} = {t.statistic:.4g}, "
                         f"p = {_fmt_p(t.pvalue)}: {verdict}.")
        name = _procedure_name(self.procedure)
        rejected = self.rejected()
        if self.comparison == "control":
            scope = f"each algorithm against the control {self.control}"
        else:
            scope = ("the only pair of algorithms" if len(self.hypotheses) == 1
                     else f"all {len(self.hypotheses)} pairs of algorithms")
        if self.test in PAIRWISE_TESTS:
            scope = f"{POSTHOC_NAMES[self.test]} of {scope}"
        lines.append(f"Post-hoc ({name}'s procedure on {scope}): {len(rejected)} of "
                     f"{len(self.hypotheses)} hypotheses rejected at alpha = {_fmt_alpha(self.alpha)}.")
        position = dict(zip(self.algorithms, self.test_ranks))
        j = self._procedure_index(None)
        for h in rejected:
            winner, loser = sorted((h.first, h.second), key=lambda a: position[a])
            lines.append(f"  - {winner} is significantly better than {loser} "
                         f"(APV = {_fmt_p(h.apvs[j])}).")
        if not rejected:
            lines.append("  No significant differences were found.")
        elif len(rejected) < len(self.hypotheses):
            rest = [h.label for h in sorted(self.hypotheses, key=lambda h: h.pvalue) if h not in rejected]
            lines.append(f"  No significant difference: {', '.join(rest)}.")
        paper = self._paper_options()
        if paper:
            lines.append(f"Options (the papers' forms): {', '.join(paper)}.")
        lines.extend(self.notes)
        return "\n".join(lines)

    def _paper_options(self) -> list[str]:
        """The options of :func:`compare` that differ from their defaults, as ``name=value``."""
        chosen = {"tie_correction": self.tie_correction, "rom": self.rom,
                  "aligned_se": self.aligned_se, "quade_se": self.quade_se, "monotone": self.monotone}
        return [f"{name}={value!r}" for name, value in chosen.items() if value != _DEFAULTS[name]]

    # --- renderers -----------------------------------------------------------------------
    def _report_tables(self, dialect: _tables.Dialect, *, per_level: bool) -> list[_tables.Table]:
        """Ranks, omnibus tests and hypotheses. ``per_level``: one hypothesis table per level
        of :meth:`levels`, rejections in bold (the papers' style); else one table with
        rejections at alpha strong and at 0.10 only weak."""
        omnibus_level = self.alpha if per_level else None
        ranks = _tables.Table(
            title="Average ranks",
            header=("Algorithm", *(TEST_NAMES[c] if c != "friedman" else "Friedman"
                                   for c in self.rank_frame.columns)),
            rows=tuple((_tables.Cell(a), *(_tables.Cell(f"{v:.4f}") for v in row))
                       for a, row in zip(self.algorithms, self.rank_frame.to_numpy())),
            align="l" + "r" * self.rank_frame.shape[1],
        )
        omnibus = _tables.Table(
            title="Omnibus tests",
            header=("Test", "Statistic", "Distribution", "p-value"),
            rows=tuple((_tables.Cell(TEST_NAMES[t.name]), _tables.Cell(f"{t.statistic:.4f}"),
                        _tables.Cell(_distribution(t)), self._p_cell(t.pvalue, omnibus_level))
                       for t in self.omnibus),
            align="lrlr",
            note=self._legend(dialect, omnibus_level) if per_level else "",
        )
        levels: tuple[float | None, ...] = self.levels() if per_level else (None,)
        return [ranks, omnibus, *(self._hypothesis_table(dialect, level) for level in levels)]

    def levels(self) -> tuple[float, ...]:
        """The significance levels of the papers' hypothesis tables: 0.05 and 0.10, and the
        report's alpha."""
        return tuple(sorted({self.alpha, *PAPER_ALPHAS}))

    def _hypothesis_table(self, dialect: _tables.Dialect, level: float | None) -> _tables.Table:
        what = (f"Comparisons with the control {self.control}" if self.comparison == "control"
                else "All pairwise comparisons")
        at = "" if level is None else f", alpha = {_fmt_alpha(level)}"
        return _tables.Table(
            title=f"{what} ({POSTHOC_NAMES[self.test]}): unadjusted and adjusted p-values{at}",
            header=("i", "Hypothesis", "z", "p", *(_procedure_name(m) for m in self.procedures)),
            rows=tuple(
                (_tables.Cell(str(i)), _tables.Cell(h.label), _tables.Cell(f"{h.z:.4f}"),
                 _tables.Cell(_fmt_p(h.pvalue)), *(self._p_cell(a, level) for a in h.apvs))
                for i, h in enumerate(sorted(self.hypotheses, key=lambda h: h.pvalue), start=1)),
            align="rlrr" + "r" * len(self.procedures),
            note=self._legend(dialect, level),
        )

    def _p_cell(self, p: float, level: float | None) -> _tables.Cell:
        """Strong if rejected at ``level``; without a level, strong at alpha, weak at 0.10 only."""
        if level is not None:
            return _tables.Cell(_fmt_p(p), strong=p <= level)
        return _tables.Cell(_fmt_p(p), strong=p <= self.alpha,
                            weak=self.alpha < SECOND_ALPHA and p <= SECOND_ALPHA)

    def _legend(self, dialect: _tables.Dialect, level: float | None) -> str:
        text = f"{dialect.strong_name}: rejected at alpha = {_fmt_alpha(self.alpha if level is None else level)}"
        if level is None and self.alpha < SECOND_ALPHA:
            text += f"; {dialect.weak_name}: rejected at alpha = {_fmt_alpha(SECOND_ALPHA)} only"
        return text[0].upper() + text[1:] + "."

    def _render(self, dialect: _tables.Dialect, summary: list[str], *, per_level: bool = False) -> str:
        tables = self._report_tables(dialect, per_level=per_level)
        return "\n\n".join([*(_tables.render(t, dialect) for t in tables), *summary])

    def to_text(self) -> str:
        """A plain-text report: tables (``*``: rejected at alpha, ``+``: at 0.10 only) and summary."""
        return self._render(_tables.TEXT, ["Summary\n-------\n" + self.summary])

    def __str__(self) -> str:
        return self.to_text()

    def to_markdown(self) -> str:
        """Markdown tables (rejected APVs in bold, at 0.10 only in italics) and the summary."""
        return self._render(_tables.MARKDOWN, ["### Summary\n\n" + _markdown_summary(self.summary)])

    def to_latex(self) -> str:
        """LaTeX tables in the papers' style (G08 Tables 3-5, G10 Tables 9-11): average ranks,
        omnibus tests, and one table of unadjusted p and APVs per level of :meth:`levels`
        (0.05 and 0.10), hypotheses rejected at that level in bold."""
        return self._render(_tables.LATEX, [], per_level=True) + "\n"

    def to_json(self, **kwargs: Any) -> str:
        """Strict JSON with every field; :meth:`from_json` reads it back to an equal report.
        An infinite statistic (e.g. Iman-Davenport's F when all data sets agree) is written as
        the string ``"Infinity"``, since JSON has no infinity."""
        payload = {"format": _FORMAT, "version": _VERSION, **asdict(self)}
        return json.dumps(_strict(payload), **{"indent": 2, **kwargs, "allow_nan": False})

    @classmethod
    def from_json(cls, text: str) -> Report:
        """Read a report written by :meth:`to_json`."""
        try:
            payload = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a JSON report: {exc}") from exc
        if not isinstance(payload, dict) or payload.get("format") != _FORMAT:
            raise ValueError(f"not a multicompare report (missing \"format\": \"{_FORMAT}\")")
        if payload.get("version") != _VERSION:
            raise ValueError(f"unsupported report version {payload.get('version')!r}; "
                             f"this multicompare reads version {_VERSION}")
        del payload["format"], payload["version"]
        try:
            return cls(
                **{**payload,
                   "algorithms": tuple(payload["algorithms"]),
                   "datasets": tuple(payload["datasets"]),
                   "values": tuple(tuple(row) for row in payload["values"]),
                   "ranks": tuple(payload["ranks"]),
                   "test_ranks": tuple(payload["test_ranks"]),
                   "omnibus": tuple(OmnibusTest(**{**t, "statistic": float(t["statistic"]),
                                                    "pvalue": float(t["pvalue"]),
                                                    "df": tuple(t["df"])})
                                    for t in payload["omnibus"]),
                   "procedures": tuple(payload["procedures"]),
                   "hypotheses": tuple(Hypothesis(**{**h, "z": float(h["z"]),
                                                     "apvs": tuple(h["apvs"])})
                                       for h in payload["hypotheses"]),
                   "notes": tuple(payload.get("notes", ())),
                   "omitted": tuple(payload.get("omitted", ()))})
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed multicompare report: {exc}") from exc

    def to_csv(self) -> str:
        """Every table in one tidy CSV with columns ``table,row,column,value`` (tables
        ``ranks``, ``omnibus`` and ``posthoc``)."""
        parts = []
        for name, frame in (("ranks", self.rank_frame), ("omnibus", self.omnibus_frame),
                            ("posthoc", self.to_frame())):
            long = frame.astype(object).stack(future_stack=True).reset_index()
            long.columns = ["row", "column", "value"]
            long.insert(0, "table", name)
            parts.append(long)
        return pd.concat(parts, ignore_index=True).to_csv(index=False)

    def plot(self, **kwargs: Any) -> Any:
        """The CD diagram (:func:`multicompare.cd_diagram`) of this report: by default the
        report's procedure, test, alpha, options and decisions; with a control, the
        Bonferroni-Dunn interval (Friedman ranks) or all-pairs Holm groups (other tests)."""
        from multicompare.plot import cd_diagram

        if self.comparison == "control":
            defaults: dict[str, Any] = {"method": "bonferroni_dunn", "control": self.control}
            if self.test != "friedman":
                defaults = {"method": "holm", "control": self.control}
        else:
            defaults = {"method": self.procedure}
        options = {"alpha": self.alpha, "test": self.test, "aligned_se": self.aligned_se,
                   "quade_se": self.quade_se, "monotone": self.monotone, **defaults, **kwargs}
        return cd_diagram(self, **options)


def _strict(value: Any) -> Any:
    """``value`` with non-finite floats as the strings float() reads back ("Infinity", "NaN")."""
    if isinstance(value, float) and not np.isfinite(value):
        return "NaN" if np.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {key: _strict(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(v) for v in value]
    return value


def _procedure_name(method: str) -> str:
    return PROCEDURE_NAMES.get(method, method)


def _distribution(t: OmnibusTest) -> str:
    return f"{t.distribution}({', '.join(str(d) for d in t.df)})"


def _fmt_alpha(alpha: float) -> str:
    """0.05, 0.10 (two decimals, as the papers print levels), 0.001."""
    return f"{alpha:.2f}" if round(alpha, 2) == alpha else f"{alpha:g}"


def _fmt_p(p: float) -> str:
    return f"{p:.4f}" if p >= 1e-3 or p == 0 else f"{p:.2e}"


def _markdown_summary(summary: str) -> str:
    """The summary as Markdown: one paragraph per sentence line, the rejections as a list."""
    blocks: list[str] = []
    for line in summary.splitlines():
        item = line.startswith("  - ")
        text = _tables.MARKDOWN.escape(line[4:] if item else line.strip())
        if item and blocks and blocks[-1].startswith("- "):
            blocks[-1] += "\n- " + text
        else:
            blocks.append("- " + text if item else text)
    return "\n\n".join(blocks)


def compare(
    data: ScoresLike | Scores,
    *,
    control: str | int | None = None,
    alpha: float = 0.05,
    test: Test = "friedman",
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
) -> Report:
    """Run the recommended analysis in one call and return a :class:`Report`.

    1. Average Friedman ranks; the Friedman and Iman-Davenport tests (D06 Sec. 3.2.2), and
       the Friedman Aligned Ranks or Quade test when ``test`` is ``"aligned"`` or ``"quade"``
       (G10 Sec. 3).
    2. With a ``control``: :func:`multicompare.posthoc_control` (all 1 x N procedures;
       ``procedure`` for the summary defaults to Holm, valid under any dependence).
       Without: :func:`multicompare.posthoc_all_pairs` (Nemenyi, Holm, Shaffer and
       Bergmann-Hommel where k allows it, ``multicompare._core.MAX_K``; the summary uses
       Bergmann-Hommel, or Shaffer beyond, as G08 recommends).
       ``test="wilcoxon"`` or ``"sign"``: the post-hocs compare each pair by its own
       Wilcoxon signed-rank or sign test (Benavoli, Corani & Mangili 2016) with the
       adjustments valid for them (Bonferroni and Holm; Holm in the summary).

    Options that reproduce the papers' printed numbers (defaults: the exact forms), passed on
    to the functions above: ``tie_correction=False`` (omnibus tests without the tie
    correction), ``rom="garcia2010"`` (G10's Rom coefficients; with a ``control`` only),
    ``aligned_se="garcia2010"`` (G10 Table 10's SE; with ``test="aligned"`` only),
    ``quade_se="garcia2010"`` (G10 eq. 22, Table 11's SE; with ``test="quade"`` only),
    ``monotone=True`` (monotone Bergmann-Hommel APVs as G08 Table 5; all pairs only).

    ``data``: anything :func:`multicompare.friedman` accepts (array, wide/long DataFrame,
    CSV path); ``dataset``, ``algorithm``, ``score`` name the columns of long data.
    """
    from multicompare.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade

    alpha = check_alpha(alpha)
    if test not in TESTS:
        raise ValueError(f"unknown test {test!r}; use one of {list(TESTS)}")
    _check_options(control, test, tie_correction, rom, {"aligned_se": aligned_se, "quade_se": quade_se},
                   monotone)
    scores = as_scores(data, higher_is_better=higher_is_better, dataset=dataset,
                       algorithm=algorithm, score=score,
                       aggregate=aggregate, nan_policy=nan_policy)
    fr = friedman(scores, tie_correction=tie_correction)
    idv = iman_davenport(scores, tie_correction=tie_correction)
    omnibus = [OmnibusTest("friedman", float(fr.statistic), float(fr.pvalue), "chi2", (int(fr.df),)),
               OmnibusTest("iman_davenport", float(idv.statistic), float(idv.pvalue), "F",
                           (int(idv.df_num), int(idv.df_den)))]
    if test == "aligned":
        al = friedman_aligned_ranks(scores, tie_correction=tie_correction)
        omnibus.append(OmnibusTest("aligned", float(al.statistic), float(al.pvalue), "chi2", (int(al.df),)))
    elif test == "quade":
        qu = quade(scores, tie_correction=tie_correction)
        omnibus.append(OmnibusTest("quade", float(qu.statistic), float(qu.pvalue), "F",
                                   (int(qu.df_num), int(qu.df_den))))
    notes = [f"Note: nan_policy='omit' left out {len(scores.omitted)} incomplete data set(s): "
             f"{', '.join(scores.omitted)}."] if scores.omitted else []
    result: PosthocControlResult | PosthocAllPairsResult
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
        result = posthoc_control(scores, control, test=test, alpha=alpha, rom=rom,
                                 aligned_se=aligned_se, quade_se=quade_se)
        pairs = [(control, other) for other in result.algorithms]
        default = "holm"
    else:
        result = posthoc_all_pairs(scores, test=test, alpha=alpha, monotone=monotone,
                                   aligned_se=aligned_se, quade_se=quade_se)
        pairs = list(result.pairs)
        default = next(m for m in ("bergmann_hommel", "shaffer", "holm") if m in result.methods)
        notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
    labels = result.pvalue.index  # "a vs b" for all pairs, the other algorithm for a control
    hypotheses = [Hypothesis(a, b, float(result.difference.iloc[i]), float(result.z.iloc[i]),
                             float(result.pvalue.iloc[i]),
                             tuple(float(v) for v in result.adjusted.loc[labels[i]]))
                  for i, (a, b) in enumerate(pairs)]
    procedures = tuple(str(m) for m in result.adjusted.columns)
    procedure = default if procedure is None else procedure
    if procedure not in procedures:
        raise ValueError(f"unknown procedure {procedure!r} for this comparison; use one of "
                         f"{list(procedures)}")
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
        omitted=scores.omitted,
    )


def _check_options(control: str | int | None, test: str, tie_correction: bool, rom: str,
                   ses: dict[str, str], monotone: bool) -> None:
    """Reject values outside the allowed ones, and paper options that would have no effect."""
    for name, value in (("tie_correction", tie_correction), ("monotone", monotone)):
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{name} must be True or False, got {value!r}")
    if rom not in ("exact", "garcia2010"):
        raise ValueError(f"unknown rom={rom!r}; use 'exact' or 'garcia2010'")
    check_se_options(test, ses)
    if rom != _DEFAULTS["rom"] and control is None:
        raise ValueError("rom= applies to the comparisons with a control: give control=")
    if monotone and control is not None:
        raise ValueError("monotone= applies to all pairwise comparisons: leave out control=")
    if monotone and test in PAIRWISE_TESTS:
        raise ValueError(f"monotone= changes only Bergmann-Hommel, which test={test!r} does not offer")
