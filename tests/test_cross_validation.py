"""Tests for two algorithms on one data set from cross-validation scores."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc

FOLDS = st.integers(3, 30).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 100), min_size=n, max_size=n),
        st.lists(st.integers(0, 100), min_size=n, max_size=n),
    )
)
FIVE_BY_TWO = st.tuples(*(st.lists(st.integers(0, 50), min_size=10, max_size=10) for _ in range(2)))


def _folds(n: int = 50, seed: int = 0, shift: float = -0.01) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = rng.normal(0.8, 0.03, n)
    return x, x + rng.normal(shift, 0.02, n)


@pytest.mark.parametrize("rope", [0.0, 0.01, 0.05])
@pytest.mark.parametrize(("n", "runs"), [(10, 1), (50, 5), (30, 3)])
def test_correlated_t_test_equals_baycomp(rope: float, n: int, runs: int) -> None:
    baycomp = pytest.importorskip("baycomp")
    x, y = _folds(n)
    ours = mc.bayesian_correlated_t_test(x, y, rho=runs / n, rope=rope)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = baycomp.CorrelatedTTest.probs(x, y, rope=rope, runs=runs)
        mean, var, df = baycomp.CorrelatedTTest.compute_statistics(x, y, runs)
    # baycomp's difference is y - x: its "left" is x better. Equal up to our rounding of the
    # differences to the precision of the data (10 significant digits).
    expected = theirs if rope > 0 else (theirs[0], 0.0, theirs[1])
    np.testing.assert_allclose(
        [ours.p_x_better, ours.p_equivalent, ours.p_y_better], expected, rtol=1e-8, atol=1e-12
    )
    assert (ours.mean, ours.scale**2, ours.df) == pytest.approx((-mean, var, df), rel=1e-8)


def test_correlated_t_test_samples_and_posterior() -> None:
    x, y = _folds(20, 3)
    result = mc.bayesian_correlated_t_test(
        pd.Series(x, name="rf"), pd.Series(y, name="svm"), rho=0.1, rope=0.01, random_state=4
    )
    assert result.names == ("rf", "svm") and result.samples.shape == (50_000,)
    assert result == mc.bayesian_correlated_t_test(
        x, y, rho=0.1, rope=0.01, random_state=4, names=("rf", "svm")
    )
    for value, p in (
        (result.p_x_better, np.mean(result.samples > 0.01)),
        (result.p_y_better, np.mean(result.samples < -0.01)),
    ):
        assert value == pytest.approx(p, abs=4.5 * np.sqrt(value * (1 - value) / 50_000) + 1e-9)
    assert result.posterior.cdf(-0.01) == pytest.approx(result.p_y_better)
    assert "rf better" in str(result) and "rho = 0.1" in str(result)
    errors = mc.bayesian_correlated_t_test(
        -x, -y, rho=0.1, rope=0.01, random_state=4, higher_is_better=False
    )
    assert errors.p_x_better == pytest.approx(result.p_x_better)


def test_zero_variance_is_a_point_mass() -> None:
    x = np.full(10, 0.8)
    same = mc.bayesian_correlated_t_test(x, x, rho=0.1)
    assert (same.p_x_better, same.p_y_better) == (0.5, 0.5)
    better = mc.bayesian_correlated_t_test(x + 0.02, x, rho=0.1, rope=0.01)
    assert (better.p_x_better, better.p_equivalent, better.posterior) == (1.0, 0.0, None)
    with pytest.warns(RuntimeWarning, match="fold differences x - y do not vary"):
        t = mc.corrected_resampled_t_test(x + 0.02, x, rho=0.1)
    assert (t.statistic, t.pvalue) == (np.inf, 0.0)
    assert mc.corrected_resampled_t_test(x, x, rho=0.1).pvalue == 1.0


def test_corrected_resampled_t_test_formula() -> None:
    """Nadeau & Bengio's statistic by hand, and the plain paired t-test when rho -> 0."""
    x, y = _folds(30, 5)
    d = x - y
    n_train, n_test = 900, 100
    result = mc.corrected_resampled_t_test(x, y, rho=n_test / (n_train + n_test))
    t = d.mean() / np.sqrt((1 / d.size + n_test / n_train) * d.var(ddof=1))
    assert result.statistic == pytest.approx(t, rel=1e-8)  # differences at 10 digits
    assert result.pvalue == pytest.approx(2 * stats.t.sf(abs(result.statistic), 29), rel=1e-12)
    plain = mc.corrected_resampled_t_test(x, y, rho=1e-12)
    assert plain.statistic == pytest.approx(stats.ttest_rel(x, y).statistic, rel=1e-9)
    assert "t(29)" in str(result) and result.to_frame().columns[0] == "statistic"


@settings(max_examples=40)
@given(FOLDS, st.sampled_from([0.1, 0.2, 0.5]))
def test_bayesian_posterior_matches_the_corrected_t_test(
    pair: tuple[list[int], list[int]], rho: float
) -> None:
    """Same Student distribution: P(y better | rope 0) is the one-sided p of 'greater', and
    the two-sided p is 2 min(P(x better), P(y better))."""
    x, y = (np.array(v, dtype=float) for v in pair)
    bayes = mc.bayesian_correlated_t_test(x, y, rho=rho, n_draws=10)
    greater = mc.corrected_resampled_t_test(x, y, rho=rho, alternative="greater")
    two_sided = mc.corrected_resampled_t_test(x, y, rho=rho)
    if np.isfinite(greater.statistic) and np.ptp(x - y) > 0:
        assert bayes.p_y_better == pytest.approx(greater.pvalue, rel=1e-9, abs=1e-300)
        assert two_sided.pvalue == pytest.approx(
            min(1.0, 2 * min(bayes.p_x_better, bayes.p_y_better)), rel=1e-9, abs=1e-300
        )
    swapped = mc.corrected_resampled_t_test(y, x, rho=rho)
    assert swapped.statistic == -two_sided.statistic and swapped.pvalue == two_sided.pvalue
    shifted = mc.corrected_resampled_t_test(x + 7, y + 7, rho=rho)
    assert shifted.pvalue == pytest.approx(two_sided.pvalue, rel=1e-9)
    assert 0.0 <= two_sided.pvalue <= 1.0


def _mlxtend_scores(
    seed: int,
) -> tuple[np.ndarray, np.ndarray, tuple[float, float], tuple[float, float]]:
    """Fold scores on mlxtend's own 5x2 splits (the same RandomState draws), and mlxtend's
    (t, p) and (f, p) from the fitted models."""
    evaluate = pytest.importorskip("mlxtend.evaluate")
    from sklearn.datasets import make_classification
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    X, y = make_classification(n_samples=120, n_features=6, random_state=seed)
    models = (GaussianNB(), DecisionTreeClassifier(random_state=0, max_depth=2))
    rng = np.random.RandomState(seed)
    scores = np.empty((2, 5, 2))
    for i in range(5):
        half = train_test_split(X, y, test_size=0.5, random_state=rng.randint(low=0, high=32767))
        X1, X2, y1, y2 = half
        for j, (train_X, train_y, test_X, test_y) in enumerate(
            ((X1, y1, X2, y2), (X2, y2, X1, y1))
        ):
            for m, model in enumerate(models):
                scores[m, i, j] = model.fit(train_X, train_y).score(test_X, test_y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = evaluate.paired_ttest_5x2cv(*models, X, y, random_seed=seed)
        f = evaluate.combined_ftest_5x2cv(*models, X, y, random_seed=seed)
    return scores[0], scores[1], t, f


@pytest.mark.parametrize("seed", [7])
def test_5x2cv_tests_equal_mlxtend(seed: int) -> None:
    x, y, (t, p_t), (f, p_f) = _mlxtend_scores(seed)
    result_t = mc.paired_t_test_5x2cv(x, y)
    result_f = mc.combined_f_test_5x2cv(x, y)
    assert (result_t.statistic, result_t.pvalue) == pytest.approx((t, p_t), rel=1e-9)
    assert (result_f.statistic, result_f.pvalue) == pytest.approx((f, p_f), rel=1e-9)
    assert result_f.df == (10.0, 5.0) and "F(10, 5)" in str(result_f)


@settings(max_examples=40)
@given(FIVE_BY_TWO)
def test_5x2cv_properties(pair: tuple[list[int], list[int]]) -> None:
    """Formulas by hand; F ignores swapping x and y and the order of replications and folds;
    t changes sign with the swap."""
    x, y = (np.array(v, dtype=float).reshape(5, 2) / 50 for v in pair)
    p = x - y
    s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    t, f = mc.paired_t_test_5x2cv(x, y), mc.combined_f_test_5x2cv(x, y)
    if s2.sum() > 1e-12:
        assert t.statistic == pytest.approx(p[0, 0] / np.sqrt(s2.mean()), rel=1e-9)
        assert f.statistic == pytest.approx((p**2).sum() / (2 * s2.sum()), rel=1e-9)
    swapped = mc.combined_f_test_5x2cv(y, x)
    assert (
        swapped.statistic == pytest.approx(f.statistic, rel=1e-12)
        or swapped.statistic == f.statistic
    )
    assert mc.paired_t_test_5x2cv(y, x).statistic == -t.statistic
    reordered = mc.combined_f_test_5x2cv(x[::-1, ::-1], y[::-1, ::-1])
    assert reordered.pvalue == pytest.approx(f.pvalue, rel=1e-9, abs=1e-300)
    assert 0.0 <= t.pvalue <= 1.0 and 0.0 <= f.pvalue <= 1.0


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: mc.corrected_resampled_t_test([1, 2, 3], [1, 2, 4], rho=1.0),
            ValueError,
            "rho must be",
        ),
        (
            lambda: mc.corrected_resampled_t_test([1, 2, 3], [1, 2, 4], rho="0.1"),
            TypeError,
            "rho must be",
        ),
        (
            lambda: mc.bayesian_correlated_t_test([1, 2, 3], [1, 2, 4], rho=0.0),
            ValueError,
            "rho must be",
        ),
        (
            lambda: mc.bayesian_correlated_t_test([1, 2, 3], [1, 2, 4], rho=0.1, rope=-1),
            ValueError,
            "rope",
        ),
        (
            lambda: mc.corrected_resampled_t_test([1, 2, 3], [1, 2], rho=0.1),
            ValueError,
            "same length",
        ),
        (
            lambda: mc.corrected_resampled_t_test([1, 2], [1, 2], rho=0.1, alternative="more"),
            ValueError,
            "alternative must be",
        ),
        (lambda: mc.paired_t_test_5x2cv(np.zeros((2, 5)), np.zeros((2, 5))), ValueError, "5 x 2"),
        (
            lambda: mc.combined_f_test_5x2cv(np.zeros((5, 2)), np.full((5, 2), np.nan)),
            ValueError,
            "finite",
        ),
    ],
)
def test_bad_input(call, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        call()


def test_user_guide_page_runs(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from readme import GUIDE, page_blocks

    monkeypatch.chdir(tmp_path)
    for block in page_blocks("python", GUIDE / "bayesian_cv.md"):
        exec(compile(block, "bayesian_cv.md", "exec"), {})
    assert (tmp_path / "simplex.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("test", [mc.paired_t_test_5x2cv, mc.combined_f_test_5x2cv])
def test_constant_nonzero_fold_differences_warn(test: Callable[..., Any]) -> None:
    """Issue 22.9: t = -inf, p = 0 came back without a word."""
    x = np.full((5, 2), 0.8)
    with pytest.warns(RuntimeWarning, match="not all 0: the statistic is infinite"):
        result = test(x - 0.01, x)
    assert np.isinf(result.statistic) and result.pvalue in (0.0, 1.0)
    assert test(x, x).statistic == 0.0  # all zero: no warning (warnings are errors here)
