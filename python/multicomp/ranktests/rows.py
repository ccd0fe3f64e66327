"""The omnibus rows of a comparison: each registered rank test's statistic and p-value on one table
of ranks (and those derived from it, such as Iman-Davenport's F), and the average ranks; what
compare() and cd_diagram() read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from multicomp import ranktests
from multicomp._internal import ranks as _ranks
from multicomp._internal.vocabulary import PValueSource
from multicomp.data.scores import Scores, algorithm_series
from multicomp.ranktests.permutation import (
    PValue,
    PValueOptions,
    omnibus_pvalue,
    omnibus_pvalues,
)
from multicomp.ranktests.results import FriedmanResult

__all__: list[str] = []


class OmnibusRow(NamedTuple):
    """One omnibus test of a comparison: what a report shows of it."""

    name: str
    statistic: float
    pvalue: float
    distribution: str
    df: tuple[int, ...]
    method: PValueSource
    n_resamples: int | None = None
    tie_corrected: bool = False  # the tie correction changed the statistic (ties in the data)


def ranked(
    test: str,
    scores: Scores,
    tie_correction: bool,
    options: PValueOptions,
) -> tuple[np.ndarray, float, PValue]:
    """The registered rank ``test`` of checked ``scores``: its within-data-set table W, its
    statistic (the registry's vectorised one, as the permutation engine and
    :func:`multicomp.simulate` use it) and its p-value by ``options``."""
    return ranked_together((test,), scores, tie_correction, options)[0]


def ranked_together(
    tests: Sequence[str],
    scores: Scores,
    tie_correction: bool,
    options: PValueOptions,
    pairs: float | None = None,
) -> list[tuple[np.ndarray, float, PValue]]:
    """:func:`ranked` of several registered rank ``tests`` of the same scores, whose Monte
    Carlo p-values (of the tests with the Rust kernel) come from one permutation draw
    (:func:`multicomp.ranktests.permutation.omnibus_pvalues`); ``pairs``: the smallest
    threshold of a post-hoc on the first test's table, whose permutations are then drawn with
    them."""
    oriented = scores.oriented()
    entries = [ranktests.get(test) for test in tests]
    tables = [entry.table(oriented) for entry in entries]
    n, k = tables[0].shape
    statistics = [float(e.statistic(t, tie_correction)) for e, t in zip(entries, tables)]
    asymptotic = [float(e.pvalue(np.asarray(s), n, k)) for e, s in zip(entries, statistics)]
    kernel = [i for i, entry in enumerate(entries) if entry.kernel]
    shared = omnibus_pvalues(
        [tables[i] for i in kernel],
        [asymptotic[i] for i in kernel],
        *options,
        pairs=pairs if kernel[:1] == [0] else None,
    )
    pvalues = dict(zip(kernel, shared))
    for i, entry in enumerate(entries):
        if i not in pvalues:  # the numpy engine, with the test's own statistic
            resampled = _statistic_of(entry, tie_correction)
            pvalues[i] = omnibus_pvalue(tables[i], asymptotic[i], *options, statistic=resampled)
    return [(tables[i], statistics[i], pvalues[i]) for i in range(len(tests))]


def _statistic_of(
    entry: ranktests.RankTest, tie_correction: bool
) -> Callable[[np.ndarray], np.ndarray]:
    """``entry``'s statistic of permuted tables, for the numpy engine."""
    return lambda tables: entry.statistic(tables, tie_correction)


def derived_rows(test: str, statistic: float, p: PValue, n: int, k: int) -> list[OmnibusRow]:
    """The omnibus tests derived from ``test``'s ``statistic`` (Iman-Davenport from
    Friedman's chi2_F); each increases with it, so it shares a permutation p-value ``p``."""
    rows = []
    for derived in ranktests.get(test).derived:
        value = float(derived.statistic(np.asarray(statistic), n, k))
        df = derived.df(n, k)
        asymptotic = float(ranktests.base.SURVIVAL[derived.distribution](np.asarray(value), df))
        pvalue = asymptotic if p.method == "asymptotic" else p.pvalue
        rows.append(
            OmnibusRow(
                derived.name, value, pvalue, derived.distribution, df, p.method, p.n_resamples
            )
        )
    return rows


def rank_omnibus(
    scores: Scores,
    test: str,
    tie_correction: bool,
    options: PValueOptions,
    threshold: float | None = None,
) -> tuple[tuple[OmnibusRow, ...], pd.Series]:
    """The omnibus tests of a comparison by ``test`` on checked ``scores``: Friedman's and
    those derived from it, then ``test``'s own (when it is another registered rank test) and
    those derived from it, each statistic computed once; and the average Friedman ranks.
    ``threshold``: the smallest threshold of the post-hoc by ``test`` that follows, whose
    permutations are drawn with its omnibus test's (one draw for both)."""
    pairs = _pairs(test, options, threshold)
    own = test != "friedman" and test in ranktests.names()  # Friedman's is always shown
    tests = (test, "friedman") if own else ("friedman",)
    *other, (friedman_ranks, statistic, p) = ranked_together(
        tests, scores, tie_correction, options, pairs
    )
    rows = _rows("friedman", friedman_ranks, statistic, p, tie_correction)
    for table, statistic, p in other:
        rows += _rows(test, table, statistic, p, tie_correction)
    return tuple(rows), average_ranks(scores, friedman_ranks)


def _pairs(test: str, options: PValueOptions, threshold: float | None) -> float | None:
    """``threshold`` when the post-hoc by ``test`` permutes its table (a rank test whose z
    tests are not referred to Student's t under ``method="auto"``), else None."""
    if test not in ranktests.names():
        return None
    t_tests = ranktests.get(test).posthoc_df is not None and options.method == "auto"
    return None if t_tests else threshold


def _rows(
    test: str, table: np.ndarray, statistic: float, p: PValue, tie_correction: bool
) -> list[OmnibusRow]:
    """The rows of ``test`` and of the tests derived from it, each saying whether the tie
    correction changed the statistic (its textbook form, computed from the same table W,
    differs: the data hold ties), which reports state."""
    n, k = table.shape
    entry = ranktests.get(test)
    textbook = float(entry.statistic(table, False)) if tie_correction else statistic
    corrected = not np.isclose(textbook, statistic, rtol=1e-12, atol=0.0, equal_nan=True)
    row = OmnibusRow(
        test, statistic, p.pvalue, entry.distribution, entry.df(n, k), p.method, p.n_resamples
    )
    return [
        r._replace(tie_corrected=corrected) for r in (row, *derived_rows(test, statistic, p, n, k))
    ]


def friedman_pvalue(result: FriedmanResult) -> PValue:
    return PValue(result.pvalue, result.method, result.n_resamples)


def average_ranks(scores: Scores, ranks: np.ndarray | None = None) -> pd.Series:
    """The average Friedman rank of each algorithm (:attr:`FriedmanResult.ranks`), from the
    within-row ``ranks`` if given (else computed): what the post-hocs need, without the test."""
    if ranks is None:
        ranks = _ranks.friedman_ranks(scores.oriented())
    return algorithm_series(scores, ranks.mean(axis=0), "average_rank")
