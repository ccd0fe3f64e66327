"""Entries of the registries defined outside the package: a procedure, two rank tests (one
with an SE form of its own, one whose average ranks lie in [0, 1]), a pairwise test and a
test of incomplete blocks. Registered, they reach every entry point with no module of the
package edited (tests/test_registries.py).

A pytest plugin as well: ``python -m pytest --extension`` (or ``MULTICOMP_EXTENSION=1``)
registers them for the whole session, so that every test runs beside them (the registries
are stated once: no test spells out the full list of tests or procedures).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from scipy import special, stats

from multicomp import procedures, ranktests
from multicomp._internal import ranks as _ranking
from multicomp.procedures import base as procedure_registry
from multicomp.ranktests import base as test_registry

# --- a new procedure: Sidak's single-step adjustment, 1 - (1 - p)^m -------------------------


def _sidak(p: np.ndarray, context: procedures.Context) -> np.ndarray:
    with np.errstate(divide="ignore"):  # p = 1: log1p(-1) = -inf, and the APV is 1
        return np.asarray(-np.expm1(p.shape[-1] * np.log1p(-p)))


SIDAK = {
    family: procedures.Procedure("sidak", "Sidak", family, _sidak)
    for family in ("control", "all_pairs")
}

# --- a new rank test: van der Waerden's normal scores in blocks (Conover 1999, Sec. 5.8) ------


def _normal_scores(scores: np.ndarray) -> np.ndarray:
    """A_ij = Phi^-1(r_ij / (k + 1)) of the within-block ranks, larger = better; as ranks,
    lower = better, so the table holds -A_ij (column totals: lower is better)."""
    k = scores.shape[-1]
    return np.asarray(-special.ndtri(_ranking.friedman_ranks(-scores) / (k + 1)))


def _normal_scores_statistic(table: np.ndarray, tie_correction: bool) -> np.ndarray:
    """T = (k - 1) sum_j A_j^2 / sum_ij A_ij^2 ~ chi-square(k - 1), A_j the column totals
    (the scores of a block sum to 0)."""
    k = table.shape[-1]
    totals = table.sum(axis=-2)
    return np.asarray((k - 1) * np.sum(totals**2, axis=-1) / np.sum(table**2, axis=(-2, -1)))


def _largest_score(k: int, n: int) -> float:
    return float(special.ndtri(k / (k + 1)))


def _no_ties_se(table: np.ndarray | None, k: int, n: int) -> np.ndarray:
    """The normal scores' SE without ties: their variance given k (the scores of a block are
    a permutation of Phi^-1(1/(k+1)), ..., Phi^-1(k/(k+1)))."""
    scores = special.ndtri(np.arange(1, k + 1) / (k + 1))
    return np.asarray(np.sqrt(2 * k / (k - 1) * n * scores.var()) / n)


#: Its own SE form, beside the calibrated one: "no_ties" (no option of the package knows it).
NORMAL_SCORES = ranktests.RankTest(
    name="normal_scores",
    display="van der Waerden normal scores",
    ranks_name="normal scores",
    rank_label="average_normal_score",
    table=_normal_scores,
    statistic=_normal_scores_statistic,
    distribution="chi2",
    df=lambda n, k: (k - 1,),
    total=float,
    unit=lambda n: 1e9,  # not rank multiples: rounded far below any difference that matters
    top=_largest_score,
    bottom=lambda k, n: -_largest_score(k, n),
    se={
        "calibrated": lambda table, k, n: _ranking.permutation_se(table),
        "no_ties": _no_ties_se,
    },
)

# --- a new rank test whose average ranks lie in [0, 1]: Friedman's, scaled -----------------


def _unit_ranks(scores: np.ndarray) -> np.ndarray:
    """(r_ij - 1)/(k - 1): Friedman's ranks (1 = best) scaled to [0, 1] (0 = best)."""
    k = scores.shape[-1]
    return np.asarray((_ranking.friedman_ranks(scores) - 1.0) / (k - 1))


def _unit_statistic(table: np.ndarray, tie_correction: bool) -> np.ndarray:
    """Friedman's statistic of the ranks r = (k - 1) W + 1."""
    k = table.shape[-1]
    return ranktests.get("friedman").statistic(table * (k - 1) + 1.0, tie_correction)


UNIT_RANKS = ranktests.RankTest(
    name="unit_ranks",
    display="Friedman on ranks scaled to [0, 1]",
    ranks_name="unit ranks",
    rank_label="average_unit_rank",
    table=_unit_ranks,
    statistic=_unit_statistic,
    distribution="chi2",
    df=lambda n, k: (k - 1,),
    total=float,
    unit=lambda n: 1e9,
    top=lambda k, n: 1.0,
    bottom=lambda k, n: 0.0,
    se={"calibrated": lambda table, k, n: _ranking.permutation_se(table)},
)

# --- a new pairwise test: the paired t test of each pair's scores -----------------------------

PAIRED_T = ranktests.PairwiseTest(
    name="paired_t",
    display="paired t tests",
    run=stats.ttest_rel,
    direction=lambda result: result.statistic,
)

# --- a new test of incomplete blocks: Skillings-Mack without the tie correction -------------

_SM = ranktests.get_incomplete("skillings_mack")
SM_UNTIED = ranktests.IncompleteTest(
    name="sm_untied",
    display="Skillings-Mack (untied)",
    ranks_name="untied Skillings-Mack ranks",
    statistic=lambda ranks, observed, tie_correction: _SM.statistic(ranks, observed, False),
    df=_SM.df,
    posthoc=lambda blocks, tie_correction, first, second: _SM.posthoc(blocks, False, first, second),
    check=_SM.check,
)

TESTS = (NORMAL_SCORES, UNIT_RANKS, PAIRED_T, SM_UNTIED)


def register_all() -> None:
    """Register every entry above (those not registered yet)."""
    for entry in SIDAK.values():
        if entry.name not in procedures.names(entry.family):
            procedures.register(entry)
    for test in TESTS:
        if test.name not in test_registry._REGISTRY[test.kind]:
            ranktests.register(test)


@contextmanager
def registered() -> Iterator[None]:
    """The entries registered within, and the registries as they were after."""
    saved_procedures = {f: dict(d) for f, d in procedure_registry._REGISTRY.items()}
    saved_tests = {kind: dict(d) for kind, d in test_registry._REGISTRY.items()}
    register_all()
    try:
        yield
    finally:
        procedure_registry._REGISTRY.clear()
        procedure_registry._REGISTRY.update(saved_procedures)
        test_registry._REGISTRY.clear()
        test_registry._REGISTRY.update(saved_tests)


def extension_names() -> set[str]:
    """The names of the tests, procedures, omnibus tests and SE forms this module adds."""
    forms = {form for test in TESTS if isinstance(test, ranktests.RankTest) for form in test.se}
    return (
        {test.name for test in TESTS}
        | {procedure.name for procedure in SIDAK.values()}
        | (forms - {ranktests.DEFAULT_SE})
    )


# --- the pytest plugin ---------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--extension",
        action="store_true",
        default=os.environ.get("MULTICOMP_EXTENSION", "") not in ("", "0"),
        help="register the tests and the procedure of tests/extension.py for the whole run",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--extension"):
        register_all()


def pytest_report_header(config: pytest.Config) -> str | None:
    if config.getoption("--extension"):
        return f"multicomp extension registered: {', '.join(sorted(extension_names()))}"
    return None
