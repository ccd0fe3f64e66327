"""The one-call analysis ``compare`` and its ``Report`` (text, Markdown, LaTeX, JSON, CSV).

``compare`` runs the workflow of the KEEL program that ships with Garcia & Herrera (2008)
and Garcia et al. (2010): average ranks, the omnibus tests, then the post-hoc comparisons
with a control (G10 Sec. 5.1) or of all pairs (G08 Sec. 2.2), with the adjusted p-values
(APVs) of every procedure and a plain-language summary of what was rejected.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from multicompare import _tables
from multicompare._data import Scores, ScoresLike, as_scores, check_alpha, index_of

__all__ = ["Hypothesis", "OmnibusTest", "Report", "compare"]

SECOND_ALPHA = 0.10  # the papers also mark rejections at this level
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
RANK_NAMES = {"friedman": "Friedman ranks", "aligned": "aligned ranks", "quade": "Quade ranks"}
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
    test: str
    control: str | None
    ranks: tuple[float, ...]  # average Friedman ranks
    test_ranks: tuple[float, ...]  # the ranks of `test` that the post-hoc compares
    omnibus: tuple[OmnibusTest, ...]
    comparison: str  # "control" or "all_pairs"
    procedures: tuple[str, ...]
    procedure: str  # the procedure of the summary and the plot
    hypotheses: tuple[Hypothesis, ...]
    notes: tuple[str, ...] = ()

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
        if self.test != "friedman":
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
                 f"rank 1 is the best). Significance level alpha = {self.alpha:g}."]
        best = self.algorithms[int(np.argmin(self.test_ranks))]
        lines.append(f"Best average rank ({RANK_NAMES[self.test]}): {best}.")
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
            scope = f"all {len(self.hypotheses)} pairs of algorithms"
        lines.append(f"Post-hoc ({name}'s procedure on {scope}): {len(rejected)} of "
                     f"{len(self.hypotheses)} hypotheses rejected at alpha = {self.alpha:g}.")
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
        lines.extend(self.notes)
        return "\n".join(lines)

    # --- renderers -----------------------------------------------------------------------
    def _tables(self, dialect: _tables.Dialect) -> list[_tables.Table]:
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
                        _tables.Cell(_distribution(t)), self._p_cell(t.pvalue))
                       for t in self.omnibus),
            align="lrlr",
        )
        what = (f"Comparisons with the control {self.control}" if self.comparison == "control"
                else "All pairwise comparisons")
        hypotheses = _tables.Table(
            title=f"{what} ({RANK_NAMES[self.test]}): unadjusted and adjusted p-values",
            header=("i", "Hypothesis", "z", "p", *(_procedure_name(m) for m in self.procedures)),
            rows=tuple(
                (_tables.Cell(str(i)), _tables.Cell(h.label), _tables.Cell(f"{h.z:.4f}"),
                 _tables.Cell(_fmt_p(h.pvalue)), *(self._p_cell(a) for a in h.apvs))
                for i, h in enumerate(sorted(self.hypotheses, key=lambda h: h.pvalue), start=1)),
            align="rlrr" + "r" * len(self.procedures),
            note=self._legend(dialect),
        )
        return [ranks, omnibus, hypotheses]

    def _p_cell(self, p: float) -> _tables.Cell:
        return _tables.Cell(_fmt_p(p), strong=p <= self.alpha,
                            weak=self.alpha < SECOND_ALPHA and p <= SECOND_ALPHA)

    def _legend(self, dialect: _tables.Dialect) -> str:
        text = f"{dialect.strong_name}: rejected at alpha = {self.alpha:g}"
        if self.alpha < SECOND_ALPHA:
            text += f"; {dialect.weak_name}: rejected at alpha = {SECOND_ALPHA:g} only"
        return text[0].upper() + text[1:] + "."

    def _render(self, dialect: _tables.Dialect, summary: list[str]) -> str:
        return "\n\n".join([*(_tables.render(t, dialect) for t in self._tables(dialect)), *summary])

    def to_text(self) -> str:
        """A plain-text report: tables (``*``: rejected at alpha, ``+``: at 0.10 only) and summary."""
        return self._render(_tables.TEXT, ["Summary\n-------\n" + self.summary])

    def __str__(self) -> str:
        return self.to_text()

    def to_markdown(self) -> str:
        """Markdown tables (rejected APVs in bold, at 0.10 only in italics) and the summary."""
        return self._render(_tables.MARKDOWN, ["### Summary\n\n" + _markdown_summary(self.summary)])

    def to_latex(self) -> str:
        """LaTeX tables in the papers' style (ranks, omnibus tests, hypotheses with unadjusted
        p and APVs; rejected at alpha in bold, at 0.10 only in italics)."""
        return self._render(_tables.LATEX, []) + "\n"

    def to_json(self, **kwargs: Any) -> str:
        """JSON with every field; :meth:`from_json` reads it back to an equal report."""
        payload = {"format": _FORMAT, "version": _VERSION, **asdict(self)}
        return json.dumps(payload, **{"indent": 2, **kwargs})

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
                   "omnibus": tuple(OmnibusTest(**{**t, "df": tuple(t["df"])})
                                    for t in payload["omnibus"]),
                   "procedures": tuple(payload["procedures"]),
                   "hypotheses": tuple(Hypothesis(**{**h, "apvs": tuple(h["apvs"])})
                                       for h in payload["hypotheses"]),
                   "notes": tuple(payload.get("notes", ()))})
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
        report's procedure, test, alpha and control (Bonferroni-Dunn for a control)."""
        from multicompare.plot import cd_diagram

        if self.comparison == "control":
            defaults: dict[str, Any] = {"method": "bonferroni_dunn", "control": self.control}
            if self.test != "friedman":
                defaults = {"method": "holm", "control": self.control}
        else:
            defaults = {"method": self.procedure}
        options = {"alpha": self.alpha, "test": self.test, **defaults, **kwargs}
        return cd_diagram(self, **options)


def _procedure_name(method: str) -> str:
    return PROCEDURE_NAMES.get(method, method)


def _distribution(t: OmnibusTest) -> str:
    return f"{t.distribution}({', '.join(str(d) for d in t.df)})"


def _fmt_p(p: float) -> str:
    return f"{p:.4f}" if p >= 1e-3 or p == 0 else f"{p:.2e}"


def _markdown_summary(summary: str) -> str:
    return "\n".join(_tables.MARKDOWN.escape(line) for line in summary.splitlines())


def compare(
    data: ScoresLike | Scores,
    *,
    control: str | int | None = None,
    alpha: float = 0.05,
    test: str = "friedman",
    higher_is_better: bool = True,
    procedure: str | None = None,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
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

    ``data``: anything :func:`multicompare.friedman` accepts (array, wide/long DataFrame,
    CSV path); ``dataset``, ``algorithm``, ``score`` name the columns of long data.
    """
    from multicompare.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade
    from multicompare.posthoc import posthoc_all_pairs, posthoc_control

    alpha = check_alpha(alpha)
    scores = as_scores(data, higher_is_better=higher_is_better, dataset=dataset,
                       algorithm=algorithm, score=score)
    if test not in ("friedman", "aligned", "quade"):
        raise ValueError(f"unknown test {test!r}; use one of ['friedman', 'aligned', 'quade']")
    fr = friedman(scores)
    idv = iman_davenport(scores)
    omnibus = [OmnibusTest("friedman", float(fr.statistic), float(fr.pvalue), "chi2", (int(fr.df),)),
               OmnibusTest("iman_davenport", float(idv.statistic), float(idv.pvalue), "F",
                           (int(idv.df_num), int(idv.df_den)))]
    if test == "aligned":
        al = friedman_aligned_ranks(scores)
        omnibus.append(OmnibusTest("aligned", float(al.statistic), float(al.pvalue), "chi2", (int(al.df),)))
    elif test == "quade":
        qu = quade(scores)
        omnibus.append(OmnibusTest("quade", float(qu.statistic), float(qu.pvalue), "F",
                                   (int(qu.df_num), int(qu.df_den))))
    notes: list[str] = []
    if control is not None:
        control = scores.algorithms[index_of(scores.algorithms, control)]
        result = posthoc_control(scores, control, test=test, alpha=alpha)
        hypotheses = [Hypothesis(control, other, float(result.difference[other]),
                                 float(result.z[other]), float(result.pvalue[other]),
                                 tuple(float(v) for v in result.adjusted.loc[other]))
                      for other in result.algorithms]
        default = "holm"
    else:
        result = posthoc_all_pairs(scores, test=test, alpha=alpha)
        hypotheses = [Hypothesis(a, b, float(result.difference[f"{a} vs {b}"]),
                                 float(result.z[f"{a} vs {b}"]), float(result.pvalue[f"{a} vs {b}"]),
                                 tuple(float(v) for v in result.adjusted.loc[f"{a} vs {b}"]))
                      for a, b in result.pairs]
        default = "bergmann_hommel" if "bergmann_hommel" in result.methods else "shaffer"
        notes += [f"Note: {m} left out: {why}." for m, why in result.skipped.items()]
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
    )
