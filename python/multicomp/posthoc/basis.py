"""What a rank post-hoc rests on: its options (PosthocOptions, the SE forms), the basis of its z
statistics (the ranks, their standard errors, the order of the pairs) and its p-values
(asymptotic, exact or Monte Carlo, through the permutation engine)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, cast

import numpy as np
import pandas as pd
from scipy import special

from multicomp import ranktests
from multicomp._internal import ranks as _ranks
from multicomp._internal.seeds import RandomState
from multicomp._internal.validation import check_alpha, check_choice
from multicomp._internal.vocabulary import (
    PosthocTest,
    PValueMethod,
    SEForm,
)
from multicomp.data.given import RanksLike, published_ranks
from multicomp.data.scores import Scores
from multicomp.ranktests.permutation import check_options, pair_pvalues, resolve

__all__ = ["check_named", "is_pairwise", "prepare", "rank_order", "z_tests"]


def prepare(
    given: tuple[Scores | None, RanksLike | None, int | None, Sequence[str] | None],
    test: str,
    alpha: float,
    se: str,
    pvalue_options: tuple[PValueMethod, RandomState, int],
) -> tuple[PosthocTest, float, SEForm, _PValueOptions, _Basis]:
    """What both post-hocs check and compute first: ``alpha``, ``test`` (a registered one),
    the SE form, the p-value options (``method``, ``random_state``, ``n_resamples``), and the
    basis of the comparisons from ``given`` (data, published ranks, N, their names)."""
    alpha = check_alpha(alpha)
    test = cast(PosthocTest, check_choice("test", test, ranktests.posthoc_tests()))
    checked = cast(SEForm, ranktests.check_se(test, se))
    method, random_state, n_resamples = pvalue_options
    pvalues = _PValueOptions(*check_options(method, random_state, n_resamples), random_state)
    return test, alpha, checked, pvalues, _basis(*given, test, checked)


class _Basis(NamedTuple):
    """What a post-hoc needs: the ranks (lower = better), N, the standard error of the rank
    tests, and the scores (for the pairwise tests)."""

    ranks: pd.Series
    n_datasets: int
    se: float
    unit: float  # the ranks are multiples of 1/unit (the rank test's ``unit``)
    scores: Scores | None = None
    omitted: tuple[str, ...] = ()
    table: np.ndarray | None = None  # the within-row ranks W whose column totals give ranks
    total: float = 1.0  # ranks = column totals of table / total
    df: float | None = None  # Student's t degrees of freedom of z (Conover's), or normal


def rank_order(ranks: pd.Series, test: str) -> np.ndarray | None:
    """The algorithms in rank order, in which the p-values of the rank tests' z tests are
    Robinson (:func:`z_tests`: exact Bergmann-Hommel in polynomial time); None for the
    pairwise tests' own p-values."""
    return None if is_pairwise(test) else np.argsort(ranks.to_numpy(), kind="stable")


def z_tests(
    basis: _Basis,
    first: np.ndarray,
    second: np.ndarray,
    labels: list[str],
    test: str,
    alpha: float,
    se: str,
    pvalues: _PValueOptions,
) -> dict[str, Any]:
    """The fields both post-hoc results share: for each hypothesis (first[h], second[h]) the
    ``difference`` R_second - R_first, ``z`` = difference/SE and two-sided normal p = 2 Phi(-|z|);
    for the pairwise tests, their p and its signed normal deviate
    (:meth:`multicomp.ranktests.PairwiseTest.pvalues`).

    The differences are counted in rank units (the rank test's ``unit``) and rounded there, so
    that equal rank differences give bitwise equal z and p (average ranks such as 2.6 - 2.4 and
    2.4 - 2.2 differ in their last bits in floating point). Published ranks rounded to a few
    decimals keep those decimals: the rounding is at 1e-6 of a unit.
    """
    ranks = basis.ranks.to_numpy()
    unit = basis.unit
    units = np.round((ranks[second] - ranks[first]) * unit, 6) + 0.0  # + 0.0: no -0.0
    difference = units / unit
    if basis.scores is not None:
        z, pvalue = ranktests.get_pairwise(test).pvalues(basis.scores.oriented(), first, second)
    else:
        z = _ratio(units, unit * basis.se)
        # p as a non-increasing function of |z|, exactly (scipy's sf can rise by an ulp
        # between nearby arguments): the p-values are then Robinson in rank order, which the
        # polynomial route of Bergmann-Hommel needs (adjust_all_pairs, order=).
        gaps, inverse = np.unique(np.abs(z), return_inverse=True)
        # 2 norm.sf(|z|) = 2 ndtr(-|z|) (or Student's t), without scipy.stats' overhead
        tail = special.ndtr(-gaps) if basis.df is None else special.stdtr(basis.df, -gaps)
        pvalue = np.minimum.accumulate(np.minimum(2.0 * tail, 1.0))[inverse]
    used, resamples = _permuted(basis, test, pvalues)
    if used != "asymptotic":
        assert basis.table is not None
        # P(|D*| >= |d|), D the difference of two column totals of W; non-increasing in |d|,
        # equal for equal differences: still Robinson in rank order
        pvalue, used, resamples = pair_pvalues(
            basis.table,
            difference * basis.total,
            used,
            pvalues.random_state,
            pvalues.n_resamples,
            asymptotic=pvalue,
            threshold=alpha / len(first),  # Bonferroni's, the smallest of any procedure
        )
    index = pd.Index(labels)  # built once for the three Series
    series = {
        name: pd.Series(values, index=index, name=name)
        for name, values in (("difference", difference), ("z", z), ("pvalue", pvalue))
    }
    return {
        "test": test,
        "alpha": alpha,
        "se": basis.se,
        "n_datasets": basis.n_datasets,
        "ranks": basis.ranks,
        "omitted": basis.omitted,
        **series,
        "options": {"se": se} if len(ranktests.se_forms(test)) > 1 else {},
        "method": used,
        "n_resamples": resamples,
    }


def check_named(test: str, procedures: object, option: str = "procedures=['holm']") -> None:
    """ValueError when the post-hocs of ``test`` do not control the family-wise error
    (:func:`multicomp.ranktests.posthoc_warning`: Conover's t tests) and no procedure is
    named (``procedures`` None): they compute only the procedures asked for by name
    (``option``: how to name one, in the message)."""
    warning = ranktests.posthoc_warning(test)
    if warning and procedures is None:
        raise ValueError(
            f"test={test!r} computes only the procedures you name ({option}, or "
            f"'single_step' as PMCMRplus and scikit-posthocs compute it): {warning}"
        )


def _ratio(units: np.ndarray, se: float) -> np.ndarray:
    """units / se, 0 where both are 0 (every data set ties all algorithms) and +-inf where only
    the SE is (Conover's SE when every data set ranks the algorithms alike)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(units == 0, 0.0, units / se)


class _PValueOptions(NamedTuple):
    """The p-value options of a rank post-hoc (:mod:`multicomp.ranktests.permutation`)."""

    method: str
    n_resamples: int
    random_state: RandomState


def _permuted(basis: _Basis, test: str, pvalues: _PValueOptions) -> tuple[str, int | None]:
    """The p-value method of the z tests: ``"asymptotic"`` (normal), or the method to pass to
    :func:`multicomp.ranktests.permutation.pair_pvalues`; ValueError when an exact or permutation
    p-value is asked for where none exists (published ranks, pairwise tests)."""
    wanted = resolve(pvalues.method, basis.n_datasets)
    if wanted == "asymptotic" or (basis.df is not None and pvalues.method == "auto"):
        return "asymptotic", None
    if basis.table is None:
        if pvalues.method == "auto":
            return "asymptotic", None
        source = (
            "pairwise tests compute their own"
            if is_pairwise(test)
            else "ranks= hold only the average ranks"
        )
        raise ValueError(
            f"method={pvalues.method!r} permutes each data set's ranks, which {source}; "
            "pass data with a rank test, or method='asymptotic'"
        )
    return wanted, None


def is_pairwise(test: str) -> bool:
    """Whether ``test`` is a registered pairwise test (not a rank test's z tests)."""
    return ranktests.kind_of(test) == "pairwise"


def _basis(
    data: Scores | None,
    ranks: RanksLike | None,
    n_datasets: int | None,
    algorithms: Sequence[str] | None,
    test: str,
    form: str,
) -> _Basis:
    if (data is None) == (ranks is None):
        raise ValueError("give either data or ranks= (published average ranks) with n_datasets=")
    if data is None and is_pairwise(test):
        raise ValueError(f"test={test!r} compares the scores of each pair: pass data, not ranks=")
    # the pairwise tests order the algorithms by their average Friedman ranks
    entry = ranktests.get(ranktests.get_pairwise(test).ranks if is_pairwise(test) else test)
    se = entry.se[form if form in entry.se else ranktests.DEFAULT_SE]
    if data is None:
        assert ranks is not None
        series, n = published_ranks(ranks, n_datasets, algorithms)
        k = len(series)
        standard_error = float(se(None, k, n))  # first: the form may need each data set's
        _ranks.check_average_ranks(series.to_numpy(), test, n, entry.top(k, n), entry.bottom(k, n))
        return _Basis(series, n, standard_error, entry.unit(n))
    if n_datasets is not None or algorithms is not None:
        raise ValueError("n_datasets= and algorithms= go with ranks=; with data they come from it")
    scores = data
    n, k = scores.n_datasets, scores.n_algorithms
    table = entry.table(scores.oriented())
    total = entry.total(n)
    series = pd.Series(
        table.sum(axis=0) / total, index=list(scores.algorithms), name=entry.rank_label
    )
    if is_pairwise(test):
        return _Basis(series, n, float("nan"), entry.unit(n), scores, scores.omitted)
    return _Basis(
        series,
        n,
        float(se(table, k, n)),
        entry.unit(n),
        omitted=scores.omitted,
        table=table,
        total=total,
        df=None if entry.posthoc_df is None else entry.posthoc_df(n, k),
    )
