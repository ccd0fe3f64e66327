"""What a procedure decides, computed in one place: the pairs it rejects at alpha and the
groups of algorithms that do not differ (D06 Sec. 3.2.2; G08 Sec. 2.2).

A :class:`Decisions` is taken once, from a post-hoc result (:func:`of_posthoc`), a report
(:func:`of_report`) or a critical difference (:func:`of_critical_difference`), and then read
by the report's summary, :meth:`multicomp.Report.plot` and :func:`multicomp.cd_diagram`, which
only draw it: the figure and the summary cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from multicomp._internal.vocabulary import PosthocComparison
from multicomp.posthoc import PosthocAllPairsResult, PosthocControlResult
from multicomp.ranking.cd_groups import DECIMALS, cd_groups
from multicomp.report.model import ReportData

__all__ = ["Decisions", "of_critical_difference", "of_posthoc", "of_report"]


@dataclass(frozen=True)
class Decisions:
    """The decisions of one procedure at one level, with what a diagram needs to show them.

    Attributes
    ----------
    ranks : pandas.Series
        The post-hoc's average ranks, by algorithm (rank 1 = best).
    procedure : str
        The procedure that decided.
    alpha : float
        Its significance level.
    test : str
        The post-hoc's test (its ranks, or the pairwise tests).
    n_datasets : int
        N.
    comparison : {'control', 'all_pairs'}
        Comparisons with a control (1 x N) or of all pairs (N x N).
    control : str or None
        The control (with ``'control'``), or an algorithm to show in bold.
    rejected : tuple of (str, str), or ndarray of bool
        The rejected pairs (the control first with a control), or for all pairs a symmetric
        k x k matrix in the order of ``ranks`` (True: the pair differs), as a report of many
        algorithms gives them.
    cd : float or None
        The critical difference that decided (Nemenyi, Bonferroni-Dunn), else None.
    """

    ranks: pd.Series
    procedure: str
    alpha: float
    test: str
    n_datasets: int
    comparison: PosthocComparison
    control: str | None
    rejected: tuple[tuple[str, str], ...] | np.ndarray
    cd: float | None = None

    @property
    def not_apart(self) -> list[str]:
        """With a control: the control and the algorithms not separated from it, best first."""
        assert isinstance(self.rejected, tuple)  # with a control: its pairs
        apart = {b if a == self.control else a for a, b in self.rejected}
        return [a for a in self.ranks.sort_values(kind="stable").index if a not in apart]

    @property
    def groups(self) -> list[tuple[str, ...]]:
        """The groups that do not differ: for all pairs, :func:`multicomp.cd_groups` (maximal
        runs in rank order with no rejected pair inside); with a control, the control and the
        algorithms not separated from it (when there are two or more)."""
        if self.comparison == "control":
            same = self.not_apart
            return [tuple(same)] if len(same) > 1 else []
        return cd_groups(self.ranks, self.rejected)

    def bridged(self) -> tuple[str, str, str] | None:
        """A rejected pair ``(a, b)`` and an algorithm ``c`` that shares a group with each, best
        first; None when there is none. There the groups' bars mislead a reader who takes them
        to be transitive (Ismail-Fawaz et al.'s aeon, PR 954): a and b differ, though a bar
        joins each of them to c. Only the pairwise decisions (a significance matrix, a compact
        letter display) show them whole."""
        joined: dict[str, set[str]] = {}
        for group in self.groups:
            for name in group:
                joined.setdefault(name, set()).update(group)
        order = list(self.ranks.sort_values(kind="stable").index)
        for a, b in sorted(self._rejected_pairs(), key=lambda p: (order.index(p[0]), p[1])):
            common = joined.get(a, set()) & joined.get(b, set())
            if common:
                return a, b, min(common, key=order.index)
        return None

    def _rejected_pairs(self) -> list[tuple[str, str]]:
        """The rejected pairs, the better-ranked algorithm first."""
        names = [str(a) for a in self.ranks.index]
        if isinstance(self.rejected, np.ndarray):
            pairs = [(names[i], names[j]) for i, j in zip(*np.nonzero(np.triu(self.rejected)))]
        else:
            pairs = list(self.rejected)
        rank = self.ranks
        return [(a, b) if rank[a] <= rank[b] else (b, a) for a, b in pairs]


def of_report(
    report: ReportData,
    procedure: str | None = None,
    alpha: float | None = None,
    control: str | None = None,
) -> Decisions:
    """The decisions of a report's ``procedure`` (default: the report's) at ``alpha`` (default:
    the report's), from its hypotheses' adjusted p-values (APV <= alpha), on its test's ranks.
    ``control``: an algorithm to show in bold in an all-pairs diagram."""
    chosen = report.procedure if procedure is None else procedure
    level = report.alpha if alpha is None else alpha
    mask = report.rejected_mask(chosen, level)
    h = report.hypotheses
    rejected: tuple[tuple[str, str], ...] | np.ndarray
    if report.comparison == "all_pairs":  # a matrix: no loop over the pairs
        k = len(report.algorithms)
        position = np.array([report.algorithms.index(n) for n in h.names], dtype=np.intp)
        first, second = position[h.first[mask]], position[h.second[mask]]
        rejected = np.zeros((k, k), dtype=bool)
        rejected[first, second] = rejected[second, first] = True
    else:
        rejected = tuple(zip(h.first_names[mask], h.second_names[mask]))
    return Decisions(
        ranks=pd.Series(report.test_ranks, index=list(report.algorithms)),
        procedure=chosen,
        alpha=level,
        test=report.test,
        n_datasets=report.n_datasets,
        comparison=report.comparison,
        control=report.control if control is None else control,
        rejected=rejected,
    )


def of_posthoc(
    result: PosthocControlResult | PosthocAllPairsResult,
    procedure: str,
    alpha: float,
    control: str | None = None,
) -> Decisions:
    """The decisions of ``procedure`` at ``alpha`` in a post-hoc result (APV <= alpha), on its
    ranks. ``control``: an algorithm to show in bold in an all-pairs diagram."""
    if procedure not in result.procedures:
        raise ValueError(
            f"the post-hoc result has no {procedure!r} APVs; it has {list(result.procedures)}"
        )
    apvs = result.adjusted[procedure].to_numpy(dtype=float)
    if isinstance(result, PosthocControlResult):
        comparison: PosthocComparison = "control"
        shown: str | None = result.control
        rejected = [(result.control, a) for a, apv in zip(result.algorithms, apvs) if apv <= alpha]
    else:
        comparison, shown = "all_pairs", control
        rejected = [pair for pair, apv in zip(result.pairs, apvs) if apv <= alpha]
    return Decisions(
        ranks=pd.Series(result.ranks, dtype=float),
        procedure=procedure,
        alpha=alpha,
        test=result.test,
        n_datasets=result.n_datasets,
        comparison=comparison,
        control=shown,
        rejected=tuple((str(a), str(b)) for a, b in rejected),
    )


def of_critical_difference(
    ranks: pd.Series,
    cd: float,
    *,
    procedure: str,
    alpha: float,
    n_datasets: int,
    control: str | None = None,
) -> Decisions:
    """The decisions of a critical difference on average Friedman ranks (D06 eq. 5): a pair
    differs when its ranks differ by at least ``cd`` (at the data's precision). With a
    ``control`` (Bonferroni-Dunn, D06 Fig. 2) only the pairs that hold it are compared."""
    names = [str(a) for a in ranks.index]
    values = ranks.to_numpy(dtype=float)
    apart = np.round(np.abs(values[:, None] - values[None, :]), DECIMALS) >= np.round(cd, DECIMALS)
    pairs: Iterable[tuple[int, int]] = (
        ((names.index(control), j) for j in range(len(names)) if names[j] != control)
        if control is not None and procedure == "bonferroni_dunn"
        else ((i, j) for i in range(len(names)) for j in range(i + 1, len(names)))
    )
    return Decisions(
        ranks=ranks,
        procedure=procedure,
        alpha=alpha,
        test="friedman",
        n_datasets=n_datasets,
        comparison="control" if procedure == "bonferroni_dunn" else "all_pairs",
        control=control,
        rejected=tuple((names[i], names[j]) for i, j in pairs if apart[i, j]),
        cd=cd,
    )
