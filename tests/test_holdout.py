"""McNemar and cost-sensitive tests of two classifiers on a holdout set (MATLAB testcholdout)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy import optimize, stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

import multicomp as mc
from multicomp.pairs.holdout import _mcnemar_pvalue


def _labels(both: int, only1: int, only2: int, neither: int) -> tuple[np.ndarray, ...]:
    """Labels with the given counts: both correct, only model 1 correct (n10), only model 2
    correct (n01), both wrong."""
    n = both + only1 + only2 + neither
    y = np.array(["a"] * n, dtype=object)
    p1 = np.array(["a"] * (both + only1) + ["b"] * (only2 + neither), dtype=object)
    p2 = np.array(["a"] * both + ["b"] * only1 + ["a"] * only2 + ["b"] * neither, dtype=object)
    return y, p1, p2


@pytest.mark.parametrize("seed", range(20))
def test_exact_and_asymptotic_match_statsmodels(seed):
    rng = np.random.default_rng(seed)
    both, only1, only2, neither = (int(v) for v in rng.integers(0, 40, 4))
    y, p1, p2 = _labels(both, only1, only2, neither)
    table = [[both, only1], [only2, neither]]
    exact = mc.mcnemar(y, p1, p2, test="exact")
    asym = mc.mcnemar(y, p1, p2, test="asymptotic")
    assert (exact.n01, exact.n10) == (only2, only1)
    assert exact.table.to_numpy().tolist() == table
    assert exact.pvalue == pytest.approx(sm_mcnemar(table, exact=True).pvalue, rel=1e-12)
    if only1 + only2 > 0:  # MATLAB's asymptotic test has no continuity correction
        ref = sm_mcnemar(table, exact=False, correction=False)
        assert asym.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
        assert asym.statistic**2 == pytest.approx(ref.statistic, rel=1e-12)
    assert exact.e1 == pytest.approx((only2 + neither) / len(y))
    assert exact.e2 == pytest.approx((only1 + neither) / len(y))


@pytest.mark.parametrize("n01,n10", [(3, 9), (9, 3), (0, 5), (7, 7), (12, 30)])
def test_mid_p_formula(n01, n10):
    y, p1, p2 = _labels(10, n10, n01, 4)
    n = n01 + n10
    binom = stats.binom(n, 0.5)
    lo = min(n01, n10)
    two = 1.0 if n01 == n10 else 2 * (binom.cdf(lo) - 0.5 * binom.pmf(lo))
    assert mc.mcnemar(y, p1, p2).pvalue == pytest.approx(two)
    greater = binom.cdf(n01) - 0.5 * binom.pmf(n01)  # H1: model 1 more accurate (small n01)
    less = binom.cdf(n10) - 0.5 * binom.pmf(n10)
    assert mc.mcnemar(y, p1, p2, alternative="greater").pvalue == pytest.approx(greater)
    assert mc.mcnemar(y, p1, p2, alternative="less").pvalue == pytest.approx(less)


counts = st.tuples(*(st.integers(0, 30) for _ in range(4)))


@given(counts)
def test_properties(c):
    assume(sum(c) > 0)
    y, p1, p2 = _labels(*c)
    for test in ("midp", "exact", "asymptotic"):
        two = mc.mcnemar(y, p1, p2, test=test)
        swapped = mc.mcnemar(y, p2, p1, test=test)
        assert two.pvalue == pytest.approx(swapped.pvalue)
        assert (two.e1, two.e2, two.n01, two.n10) == (
            swapped.e2,
            swapped.e1,
            swapped.n10,
            swapped.n01,
        )
        for alt, other in (("greater", "less"), ("less", "greater")):
            a = mc.mcnemar(y, p1, p2, test=test, alternative=alt).pvalue
            b = mc.mcnemar(y, p2, p1, test=test, alternative=other).pvalue
            assert a == pytest.approx(b) and 0.0 <= a <= 1.0
        assert 0.0 <= two.pvalue <= 1.0
        assert two.reject == (two.pvalue < 0.05)
    for alt in ("two-sided", "greater", "less"):
        midp = mc.mcnemar(y, p1, p2, test="midp", alternative=alt).pvalue
        exact = mc.mcnemar(y, p1, p2, test="exact", alternative=alt).pvalue
        assert midp <= exact + 1e-15


def test_edge_cases_as_matlab():
    y, p1, p2 = _labels(10, 0, 0, 3)  # no discordant pairs
    for test in ("midp", "exact", "asymptotic"):
        for alt in ("two-sided", "greater", "less"):
            r = mc.mcnemar(y, p1, p2, test=test, alternative=alt)
            assert r.pvalue == 1.0 and not r.reject
    y, p1, p2 = _labels(10, 4, 4, 3)
    assert mc.mcnemar(y, p1, p2, test="exact").pvalue == 1.0


def _g2(a: float, b: float) -> float:
    """Likelihood ratio statistic of p01 = p10 for discordant counts a, b."""
    m = (a + b) / 2
    return 2 * (a * np.log(a / m) + b * np.log(b / m))


@pytest.mark.parametrize("k", [2, 3])
def test_cost_tests_with_zero_one_cost(k):
    """With the 0/1 cost matrix the cost difference of a cell is +1 (only model 1 wrong), -1
    (only model 2 wrong) or 0, so both tests become McNemar-type tests of the discordant counts
    after the Laplace correction, which adds one to each of the k^3 cells, k(k-1) of which have
    each sign: chi-square = (n01 - n10)^2 / (n01 + n10 + 2k(k-1)) and the likelihood ratio
    G2 = 2 [a log(2a/(a+b)) + b log(2b/(a+b))] with a = n01 + k(k-1), b = n10 + k(k-1)."""
    rng = np.random.default_rng(k)
    y = rng.integers(0, k, 300)
    p1 = np.where(rng.random(300) < 0.8, y, rng.integers(0, k, 300))
    p2 = np.where(rng.random(300) < 0.7, y, rng.integers(0, k, 300))
    plain = mc.mcnemar(y, p1, p2, test="asymptotic")
    cost = 1 - np.eye(k)
    chi = mc.mcnemar(y, p1, p2, cost=cost, cost_test="chisquare")
    lr = mc.mcnemar(y, p1, p2, cost=cost)
    extra = k * (k - 1)
    n01, n10 = plain.n01, plain.n10
    assert chi.statistic == pytest.approx((n01 - n10) ** 2 / (n01 + n10 + 2 * extra))
    assert lr.statistic == pytest.approx(_g2(n01 + extra, n10 + extra))
    assert (chi.e1, chi.e2) == (plain.e1, plain.e2)  # 0/1 costs: error rates
    assert lr.test == "asymptotic" and lr.cost_test == "likelihood"
    # both approach the plain asymptotic McNemar p-value
    assert lr.pvalue == pytest.approx(plain.pvalue, abs=0.05)
    assert chi.pvalue == pytest.approx(plain.pvalue, abs=0.05)


def test_cost_sensitive_verdict_differs_from_plain():
    """Model 1 makes 30 cheap errors (false alarms), model 2 ten expensive ones (misses)."""
    y = np.array([0] * 100 + [1] * 40)
    p1 = y.copy()
    p1[:30] = 1  # 30 false alarms
    p2 = y.copy()
    p2[100:110] = 0  # 10 misses
    plain = mc.mcnemar(y, p1, p2)
    assert plain.reject and plain.e1 > plain.e2  # model 2 is significantly more accurate
    cost = [[0.0, 1.0], [25.0, 0.0]]  # a miss costs 25 false alarms
    for cost_test in ("likelihood", "chisquare"):
        weighted = mc.mcnemar(y, p1, p2, cost=cost, cost_test=cost_test)
        assert weighted.e1 == pytest.approx(30 / 140) and weighted.e2 == pytest.approx(250 / 140)
        assert weighted.reject and weighted.e1 < weighted.e2  # now model 1 is significantly cheaper


def _cells(y, p1, p2, k):
    counts = np.ones((k, k, k))  # Laplace correction
    np.add.at(counts, (p1, p2, y), 1.0)
    return counts


def test_cost_tests_against_scipy_optimize():
    """Independent constrained fits of the (prediction 1, prediction 2, truth) cell counts."""
    rng = np.random.default_rng(7)
    k = 3
    y = rng.integers(0, k, 150)
    p1 = np.where(rng.random(150) < 0.75, y, rng.integers(0, k, 150))
    p2 = np.where(rng.random(150) < 0.6, y, rng.integers(0, k, 150))
    cost = np.array([[0.0, 1.0, 4.0], [2.0, 0.0, 1.0], [8.0, 3.0, 0.0]])
    m = _cells(y, p1, p2, k).ravel()
    delta = (cost.T[:, None, :] - cost.T[None, :, :]).ravel()
    total = m.sum()
    # likelihood: maximise sum m log q subject to sum q = 1, sum q delta = 0
    with warnings.catch_warnings():  # older scipy: "Values in x were outside bounds"
        warnings.simplefilter("ignore", RuntimeWarning)
        res = optimize.minimize(
            lambda q: -np.sum(m * np.log(q)),
            m / total,
            method="SLSQP",
            bounds=[(1e-9, 1)] * m.size,
            constraints=[
                {"type": "eq", "fun": lambda q: q.sum() - 1},
                {"type": "eq", "fun": lambda q: q @ delta},
            ],
            options={"ftol": 1e-14, "maxiter": 500},
        )
    g2 = 2 * np.sum(m * np.log(m / (total * res.x)))
    lr = mc.mcnemar(y, p1, p2, cost=cost)
    assert lr.statistic == pytest.approx(g2, rel=1e-5)
    fitted = lr.expected_counts.ravel()
    assert fitted @ delta == pytest.approx(0.0, abs=1e-8) and fitted.sum() == pytest.approx(total)
    # chi-square: minimise sum over cells with different predictions of (x - m)^2 / m
    differ = np.repeat((~np.eye(k, dtype=bool)).ravel(), k)
    res = optimize.minimize(
        lambda x: np.sum(differ * (x - m) ** 2 / m),
        m,
        method="SLSQP",
        constraints=[{"type": "eq", "fun": lambda x: x @ delta}],
        options={"ftol": 1e-14, "maxiter": 500},
    )
    chi = mc.mcnemar(y, p1, p2, cost=cost, cost_test="chisquare")
    assert chi.statistic == pytest.approx(res.fun, rel=1e-6)
    assert chi.pvalue == pytest.approx(stats.chi2.sf(res.fun, 1), rel=1e-5)


def test_missing_true_labels_are_dropped():
    y = ["a", None, "b", "", np.nan, "a", "b"]
    p1 = ["a", "a", "b", "b", "a", "b", "b"]
    p2 = ["b", "a", "b", "a", "b", "a", "a"]
    r = mc.mcnemar(y, p1, p2, test="exact")
    ref = mc.mcnemar(["a", "b", "a", "b"], ["a", "b", "b", "b"], ["b", "b", "a", "a"], test="exact")
    assert (r.n, r.n01, r.n10, r.e1, r.e2) == (4, ref.n01, ref.n10, ref.e1, ref.e2)
    assert r.classes == ("a", "b")
    floats = mc.mcnemar([1.0, np.nan, 2.0], [1.0, 2.0, 1.0], [2.0, 1.0, 2.0])
    assert floats.n == 2
    with pytest.raises(ValueError, match="every true label is missing"):
        mc.mcnemar([None, ""], ["a", "b"], ["a", "b"])


def test_missing_prediction_is_an_error():
    r = mc.mcnemar(["a", "b"], [None, "b"], ["a", np.nan])
    assert (r.n01, r.n10, r.e1, r.e2) == (1, 1, 0.5, 0.5)


def test_label_types():
    y = np.array([0, 1, 1, 0, 1, 0, 1, 1])
    p1 = np.array([0, 1, 0, 0, 1, 1, 1, 1])
    p2 = np.array([1, 1, 0, 1, 0, 0, 1, 0])
    ref = mc.mcnemar(y, p1, p2)
    as_bool = mc.mcnemar(y.astype(bool), p1.astype(bool), p2.astype(bool))
    as_str = mc.mcnemar(y.astype(str), p1.astype(str), p2.astype(str))
    cats = [pd.Categorical(v, categories=[1, 0]) for v in (y, p1, p2)]
    as_cat = mc.mcnemar(*cats)
    as_series = mc.mcnemar(*(pd.Series(c) for c in cats))
    for r in (as_bool, as_str, as_cat, as_series):
        assert (r.pvalue, r.n01, r.n10, r.e1, r.e2) == (
            ref.pvalue,
            ref.n01,
            ref.n10,
            ref.e1,
            ref.e2,
        )
    assert as_cat.classes == (1, 0) and ref.classes == (0, 1)
    assert as_series.classes == (1, 0)
    gappy = pd.Categorical(["u", None, "v", "u"], categories=["v", "u"])
    r = mc.mcnemar(gappy, ["u", "u", "v", "v"], ["v", "u", "v", "u"], test="exact")
    assert r.n == 3 and r.classes == ("v", "u") and (r.n01, r.n10) == (1, 1)


def test_cost_for_a_predicted_class_absent_from_y_true():
    y = np.array(["a", "b", "a", "b", "a", "b"])
    p1 = np.array(["a", "c", "a", "b", "c", "b"])
    p2 = np.array(["b", "b", "a", "a", "a", "b"])
    cost = np.array([[0, 1, 2], [3, 0, 4], [5, 6, 0]], dtype=float)
    r = mc.mcnemar(y, p1, p2, cost=cost, class_names=["a", "b", "c"])
    assert r.classes == ("a", "b") and r.expected_counts.shape == (3, 3, 3)
    assert r.e1 == pytest.approx((4 + 2) / 6) and r.e2 == pytest.approx((1 + 3) / 6)
    with pytest.raises(ValueError, match="pass class_names"):
        mc.mcnemar(y, p1, p2, cost=cost[:2, :2])


def test_class_names_order_and_select():
    y = np.array(["x", "y", "z", "x", "y", "z", "x", "y"])
    p1 = np.array(["x", "y", "x", "x", "z", "z", "y", "y"])
    p2 = np.array(["y", "y", "z", "x", "y", "x", "x", "x"])
    subset = mc.mcnemar(y, p1, p2, class_names=["y", "x"])
    keep = y != "z"
    ref = mc.mcnemar(y[keep], p1[keep], p2[keep])
    assert subset.classes == ("y", "x") and subset.n == int(keep.sum())
    assert (subset.n01, subset.n10, subset.pvalue) == (ref.n01, ref.n10, ref.pvalue)
    # the cost matrix follows the order of class_names
    cost = np.array([[0, 1, 2], [3, 0, 4], [5, 6, 0]], dtype=float)  # x, y, z
    order = [2, 0, 1]
    names = ["z", "x", "y"]
    a = mc.mcnemar(y, p1, p2, cost=cost)
    b = mc.mcnemar(y, p1, p2, cost=cost[np.ix_(order, order)], class_names=names)
    assert (a.e1, a.e2) == pytest.approx((b.e1, b.e2)) and a.pvalue == pytest.approx(b.pvalue)
    assert a.e1 == pytest.approx(
        np.mean([cost["xyz".index(t), "xyz".index(p)] for t, p in zip(y, p1)])
    )
    with pytest.raises(ValueError, match="none of class_names"):
        mc.mcnemar(y, p1, p2, class_names=["w"])
    with pytest.raises(ValueError, match="duplicates"):
        mc.mcnemar(y, p1, p2, class_names=["x", "x"])


@pytest.mark.parametrize(
    "cost,match",
    [
        ([[0, -1], [1, 0]], "non-negative"),
        ([[1, 1], [1, 0]], "zero diagonal"),
        ([[0, 1, 1], [1, 0, 1], [1, 1, 0]], "2 x 2"),
        ([[0, 0], [0, 0]], "all zero"),
        ([[0, np.inf], [1, 0]], "finite"),
    ],
)
def test_invalid_cost(cost, match):
    y, p1, p2 = _labels(5, 3, 2, 1)
    y[0], p1[0], p2[0] = "b", "b", "b"
    with pytest.raises(ValueError, match=match):
        mc.mcnemar(y, p1, p2, cost=cost)


def test_forbidden_combinations_and_options():
    y, p1, p2 = _labels(5, 3, 2, 1)
    y[0] = "b"
    cost = [[0, 1], [1, 0]]
    for kwargs in (
        {"test": "exact"},
        {"test": "midp"},
        {"alternative": "greater"},
        {"alternative": "less", "test": "asymptotic"},
    ):
        with pytest.raises(ValueError, match="cost matrix allows only"):
            mc.mcnemar(y, p1, p2, cost=cost, **kwargs)
    assert mc.mcnemar(y, p1, p2).test == "midp"
    assert mc.mcnemar(y, p1, p2, cost=cost).test == "asymptotic"
    with pytest.raises(ValueError, match="test"):
        mc.mcnemar(y, p1, p2, test="fisher")
    with pytest.raises(ValueError, match="alternative"):
        mc.mcnemar(y, p1, p2, alternative="unequal")
    with pytest.raises(ValueError, match="cost_test"):
        mc.mcnemar(y, p1, p2, cost=cost, cost_test="wald")
    with pytest.raises(ValueError, match="alpha"):
        mc.mcnemar(y, p1, p2, alpha=0)
    with pytest.raises(ValueError, match="same length"):
        mc.mcnemar(y, p1[:-1], p2)
    with pytest.raises(ValueError, match="1-D"):
        mc.mcnemar(y.reshape(-1, 1), p1, p2)
    with pytest.raises(ValueError, match="not one of the classes"):
        mc.mcnemar(y, np.where(p1 == "a", "c", p1), p2, cost=cost)
    assert mc.mcnemar(y, p1, p2, alpha=0.99).reject == (mc.mcnemar(y, p1, p2).pvalue < 0.99)
    before = y.copy()
    mc.mcnemar(y, p1, p2)
    assert (y == before).all()


def test_compare_holdout_with_scikit_learn():
    pytest.importorskip("sklearn")  # an optional test dependency
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.tree import DecisionTreeClassifier

    X, y = make_classification(n_samples=400, n_features=6, n_informative=3, random_state=0)
    train, test = slice(0, 200), slice(200, 400)
    m1 = LogisticRegression().fit(X[train], y[train])
    m2 = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X[train, :3], y[train])
    result = mc.compare_holdout(m1, m2, X[test], X[test, :3], y[test], test="exact")
    ref = mc.mcnemar(y[test], m1.predict(X[test]), m2.predict(X[test, :3]), test="exact")
    assert result == ref
    assert result.e1 == pytest.approx(1 - m1.score(X[test], y[test]))
    cost = mc.compare_holdout(m1, m2, X[test], X[test, :3], y[test], cost=[[0, 1], [5, 0]])
    assert cost.cost_test == "likelihood"
    with pytest.raises(TypeError, match="predict"):
        mc.compare_holdout(object(), m2, X[test], X[test, :3], y[test])


def test_labels_of_another_kind_than_y_true_are_an_error():
    # '1' (text, e.g. read from a CSV) never equals 1 (a model's prediction): not 100 % errors
    with pytest.raises(TypeError, match=r"y_pred1 holds numeric labels .* y_true text"):
        mc.mcnemar(["0", "1", "1"], [0, 1, 1], ["0", "0", "1"])
    with pytest.raises(TypeError, match="y_pred2"):
        mc.mcnemar([0, 1, 1], [0, 1, 1], ["0", "0", "1"])
    mc.mcnemar([0, 1, 1], [False, True, True], [0.0, 0.0, 1.0])  # numbers of any type
    with pytest.raises(TypeError, match="bytes"):
        mc.mcnemar(["a", "b"], [b"a", b"b"], ["a", "a"])


def test_missing_prediction_with_a_cost_matrix():
    with pytest.raises(ValueError, match="y_pred2 has a missing label"):
        mc.mcnemar(["a", "b", "a"], ["a", "b", "b"], ["a", None, "b"], cost=[[0, 1], [1, 0]])


@pytest.mark.parametrize("cost_test", ["likelihood", "chisquare"])
def test_cost_tests_do_not_depend_on_the_cost_unit(cost_test):
    y, p1, p2 = _labels(20, 9, 3, 4)
    y[:5] = "b"
    cost = np.array([[0.0, 1.0], [3.0, 0.0]])
    ref = mc.mcnemar(y, p1, p2, cost=cost, cost_test=cost_test)
    for scale in (1e-300, 1e300):
        r = mc.mcnemar(y, p1, p2, cost=cost * scale, cost_test=cost_test)
        assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
        assert r.e1 == pytest.approx(ref.e1 * scale, rel=1e-12)


def _type_one_error(test: str, n: int, pvalue: Any = None, alpha: float = 0.05) -> float:
    """Exact null rejection rate of the two-sided McNemar test with n discordant pairs:
    sum of P(n01 = b) over the b with p < alpha, n01 ~ Binomial(n, 1/2) under the null.
    ``pvalue(test, n01, n10)``: by default through mc.mcnemar on labels with those counts."""
    if pvalue is None:

        def pvalue(test: str, n01: int, n10: int) -> float:
            first_wrong = np.arange(n01 + n10) < n01
            result = mc.mcnemar(
                np.ones(n01 + n10, dtype=int),
                np.where(first_wrong, 0, 1),
                np.where(first_wrong, 1, 0),
                test=test,
            )
            assert (result.n01, result.n10) == (n01, n10)
            return result.pvalue

    rejected = [pvalue(test, b, n - b) < alpha for b in range(n + 1)]
    return float(stats.binom.pmf(np.arange(n + 1), n, 0.5)[rejected].sum())


def test_the_documented_type_one_errors_of_the_mcnemar_tests() -> None:
    """Issue 8.7: the figures of the docstring and README, computed exactly."""
    assert _type_one_error("midp", 16) == pytest.approx(0.0768, abs=5e-5)
    assert _type_one_error("midp", 50) == pytest.approx(0.0649, abs=5e-5)  # "0.065 at n = 50"
    assert _type_one_error("midp", 100) == pytest.approx(0.0569, abs=5e-5)
    assert _type_one_error("asymptotic", 4) == 0.125
    assert _type_one_error("asymptotic", 16) == pytest.approx(0.0768, abs=5e-5)
    assert _type_one_error("exact", 16) < 0.05 and _type_one_error("exact", 4) == 0.0

    # n = 1..100 through the p-value function that mc.mcnemar uses (faster than labels).
    def fast(test: str, n01: int, n10: int) -> float:
        return _mcnemar_pvalue(n01, n10, test, "two-sided")[1]

    rates = {
        test: [_type_one_error(test, n, fast) for n in range(1, 101)]
        for test in ("midp", "asymptotic", "exact")
    }
    assert sum(r > 0.05 for r in rates["midp"]) == 41 and max(rates["midp"]) == rates["midp"][15]
    assert sum(r > 0.05 for r in rates["asymptotic"]) == 47 and max(rates["asymptotic"]) == 0.125
    assert (
        max(rates["exact"]) == pytest.approx(0.0498, abs=5e-5) and np.argmax(rates["exact"]) == 66
    )


@given(st.integers(0, 60), st.integers(0, 60))
def test_edwards_correction_equals_mlxtend(n01: int, n10: int) -> None:
    """Issue 21.12: the asymptotic McNemar test with Edwards' continuity correction is mlxtend's
    default mcnemar(corrected=True) (and R's mcnemar.test), except at n01 = n10 (p = 1)."""
    mlxtend = pytest.importorskip("mlxtend.evaluate")
    assume(n01 + n10 > 0)
    y = np.zeros(n01 + n10 + 5, dtype=int)
    first = np.r_[np.ones(n01), np.zeros(n10), np.zeros(5)].astype(int)
    second = np.r_[np.zeros(n01), np.ones(n10), np.zeros(5)].astype(int)
    result = mc.mcnemar(y, first, second, test="asymptotic", correction=True)
    assert (result.n01, result.n10, result.correction) == (n01, n10, True)
    chi2, p = mlxtend.mcnemar(mlxtend.mcnemar_table(y, first, second), corrected=True)
    if n01 == n10:
        assert result.pvalue == 1.0
    else:
        assert result.pvalue == pytest.approx(p, rel=1e-12)
        assert result.statistic**2 == pytest.approx(chi2, rel=1e-12)
    # one-sided: n01 - n10 moved 1 towards the null
    greater = mc.mcnemar(
        y, first, second, test="asymptotic", correction=True, alternative="greater"
    )
    assert greater.pvalue == pytest.approx(stats.norm.cdf((n01 - n10 + 1) / np.sqrt(n01 + n10)))
    assert "continuity-corrected" in str(result)


def test_edwards_correction_only_for_the_asymptotic_test() -> None:
    y, a, b = [0, 1, 1, 0], [0, 1, 0, 0], [1, 1, 1, 0]
    with pytest.raises(ValueError, match=r"correction=True .*test='asymptotic'.*got test='midp'"):
        mc.mcnemar(y, a, b, correction=True)
    with pytest.raises(TypeError, match="correction must be True or False"):
        mc.mcnemar(y, a, b, test="asymptotic", correction=1)
