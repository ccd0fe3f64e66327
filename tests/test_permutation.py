"""Exact and Monte Carlo permutation p-values of the rank tests (multicomp.ranktests.permutation):
against brute-force enumeration, scipy.stats.permutation_test, their own Monte Carlo error, and
the type I error of method="auto" at small N."""

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats

import multicomp as mc
from multicomp.ranktests import permutation as _permutation

OMNIBUS = [mc.friedman, mc.iman_davenport, mc.friedman_aligned_ranks, mc.quade]
pytestmark = pytest.mark.filterwarnings("ignore::multicomp.ShapeWarning")


def _brute_force(test: Callable[..., Any], x: np.ndarray) -> float:
    """P(T* >= T) over every arrangement of every row, by the public asymptotic statistic."""
    observed = test(x, method="asymptotic").statistic
    hits = total = 0
    for orders in itertools.product(itertools.permutations(range(x.shape[1])), repeat=len(x)):
        permuted = np.array([row[list(o)] for row, o in zip(x, orders)])
        hits += test(permuted, method="asymptotic").statistic >= observed * (1 - 1e-12) - 1e-12
        total += 1
    return hits / total


TINY = [
    np.array([[0.9, 0.7, 0.8], [0.6, 0.5, 0.4], [0.3, 0.35, 0.1]]),
    np.array([[1.0, 1.0, 0.0], [2.0, 3.0, 2.0], [5.0, 4.0, 1.0]]),  # ties
]


@pytest.mark.parametrize("x", TINY)
@pytest.mark.parametrize("test", OMNIBUS, ids=lambda t: t.__name__)
def test_exact_equals_brute_force_enumeration(test: Callable[..., Any], x: np.ndarray) -> None:
    result = test(x, method="exact")
    assert result.method == "exact" and result.n_resamples is None
    assert result.pvalue == pytest.approx(_brute_force(test, x), rel=1e-12)
    assert test(x).method == "exact"  # "auto" at small N


def test_exact_equals_scipy_permutation_test() -> None:
    x = np.random.default_rng(3).standard_normal((4, 3))

    def chi2(*samples: np.ndarray) -> float:
        return float(stats.friedmanchisquare(*samples).statistic)

    peer = stats.permutation_test(
        list(x.T), chi2, permutation_type="samples", n_resamples=np.inf, alternative="greater"
    )
    assert mc.friedman(x, method="exact").pvalue == pytest.approx(peer.pvalue, rel=1e-12)


@pytest.mark.parametrize("test", OMNIBUS, ids=lambda t: t.__name__)
def test_monte_carlo_is_within_its_error_of_the_exact_value(test: Callable[..., Any]) -> None:
    x = np.round(np.random.default_rng(5).standard_normal((6, 3)), 1)
    exact = test(x, method="exact").pvalue
    mc_result = test(x, method="permutation", n_resamples=20_000, random_state=1)
    assert mc_result.method == "permutation" and mc_result.n_resamples == 20_000
    se = np.sqrt(exact * (1 - exact) / 20_000)
    assert abs(mc_result.pvalue - exact) <= 4 * se + 1 / 20_001
    assert "Monte Carlo permutation, 20,000 resamples" in str(mc_result)


def test_iman_davenport_shares_friedmans_permutation_p_value() -> None:
    x = np.random.default_rng(2).standard_normal((7, 5))
    for method in ("exact", "permutation", "auto"):
        try:
            a, b = mc.friedman(x, method=method), mc.iman_davenport(x, method=method)
        except ValueError:
            continue
        assert a.pvalue == b.pvalue and a.method == b.method


def test_auto_picks_by_the_number_of_data_sets() -> None:
    rng = np.random.default_rng(0)
    small, large = (
        rng.standard_normal((5, 3)),
        rng.standard_normal((_permutation.AUTO_MAX_N + 1, 4)),
    )
    assert mc.quade(small).method == "exact"
    assert mc.friedman(rng.standard_normal((8, 9))).method == "permutation"  # 9! too many
    big = mc.friedman(large)
    assert (
        big.method == "asymptotic" and big.pvalue == mc.friedman(large, method="asymptotic").pvalue
    )
    assert "p = " in str(big) and "(asymptotic)" in str(big)


def test_exact_beyond_the_limit_is_a_value_error_naming_the_way_out() -> None:
    x = np.random.default_rng(1).standard_normal((10, 9))
    with pytest.raises(ValueError, match="method='permutation'"):
        mc.friedman(x, method="exact")


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"method": "bootstrap"}, ValueError, "method must be one of 'asymptotic'"),
        ({"n_resamples": 0}, ValueError, "n_resamples must be in"),
        ({"n_resamples": 1.5}, TypeError, "n_resamples must be an integer"),
        ({"random_state": -1}, TypeError, "random_state must be"),
        ({"random_state": "seed"}, TypeError, "random_state must be"),
    ],
)
def test_bad_options_are_refused_before_work(options: dict, error: type, match: str) -> None:
    for test in OMNIBUS:
        with pytest.raises(error, match=match):
            test(np.ones((4, 3)), **options)


def test_seed_reproducible_and_generator_accepted() -> None:
    x = np.random.default_rng(4).standard_normal((12, 6))
    a = mc.quade(x, method="permutation")
    assert a.pvalue == mc.quade(x, method="permutation").pvalue  # default seed: same p
    assert a.pvalue == mc.quade(x, method="permutation", random_state=0).pvalue
    g = mc.quade(x, method="permutation", random_state=np.random.default_rng(0))
    assert 0 < g.pvalue <= 1


scores = arrays(
    np.float64,
    st.tuples(st.integers(2, 6), st.integers(3, 5)),
    elements=st.integers(-5, 5).map(float),
)


@settings(max_examples=25, deadline=None)
@given(scores, st.floats(-50, 50), st.floats(0.1, 10), st.sampled_from(["exact", "permutation"]))
def test_p_in_unit_interval_and_invariant_to_shift_and_scale_of_a_data_set(
    x: np.ndarray, shift: float, scale: float, method: str
) -> None:
    x = np.round(x, 6)
    for test in OMNIBUS:
        if test is mc.friedman_aligned_ranks:
            continue  # aligned ranks compare the data sets' scales: not invariant by design
        y = x.copy()  # Quade ranks the data sets' ranges: invariant to a shift only
        y[0] = np.round(y[0] * (1.0 if test is mc.quade else scale) + shift, 6)
        try:
            a = test(x, method=method, n_resamples=999)
        except ValueError:
            continue
        b = test(y, method=method, n_resamples=999)
        assert 0 < a.pvalue <= 1
        assert a.pvalue == pytest.approx(b.pvalue, rel=1e-12)


@settings(max_examples=20, deadline=None)
@given(arrays(np.float64, (4, 3), elements=st.integers(0, 9).map(float)))
def test_exact_p_value_decreases_as_the_statistic_grows(x: np.ndarray) -> None:
    """Over the arrangements of one table, a larger statistic never has a larger exact p."""
    rng = np.random.default_rng(0)
    results = [mc.friedman(rng.permuted(x, axis=1), method="exact") for _ in range(6)]
    results.sort(key=lambda r: r.statistic)
    for low, high in itertools.pairwise(results):
        if high.statistic > low.statistic + 1e-9:
            assert high.pvalue <= low.pvalue


@pytest.mark.parametrize("k", [3, 5])
def test_auto_holds_alpha_at_five_data_sets(k: int) -> None:
    """Type I error of method="auto" at N = 5 (where Iman-Davenport and Quade's asymptotic
    forms exceed alpha), complete null: at most alpha + 2 Monte Carlo SEs (benches/permutation.py
    runs 10,000 tables)."""
    frame = mc.simulate(
        k,
        5,
        n_replications=1500 if k == 3 else 300,
        comparisons=["omnibus"],
        n_resamples=999,
        random_state=8,
    ).to_frame()
    for (_, _, name), row in frame.iterrows():
        assert row["fwer"] <= 0.05 + 2 * max(row["fwer_se"], 0.005), name


# --- the rank post-hocs ------------------------------------------------------------------------


def _brute_force_pairs(x: np.ndarray, test: str) -> np.ndarray:
    """P(|D*| >= |d|) for every pair over every arrangement of every row, D the difference of
    the pair's average ranks of ``test`` recomputed by the public post-hoc."""

    def gaps(table: np.ndarray) -> np.ndarray:
        result = mc.posthoc_all_pairs(table, test=test, method="asymptotic", procedures=["holm"])
        return np.abs(result.difference.to_numpy())

    observed = gaps(x)
    hits, total = np.zeros_like(observed), 0
    for orders in itertools.product(itertools.permutations(range(x.shape[1])), repeat=len(x)):
        hits += gaps(np.array([row[list(o)] for row, o in zip(x, orders)])) >= observed - 1e-9
        total += 1
    return hits / total


@pytest.mark.parametrize("test", ["friedman", "aligned", "quade"])
def test_posthoc_exact_equals_brute_force_enumeration(test: str) -> None:
    x = TINY[1]
    result = mc.posthoc_all_pairs(x, test=test, method="exact")
    assert result.method == "exact" and result.n_resamples is None
    np.testing.assert_allclose(result.pvalue.to_numpy(), _brute_force_pairs(x, test), rtol=1e-9)


@pytest.mark.parametrize("test", ["friedman", "aligned", "quade"])
def test_posthoc_monte_carlo_is_within_its_error_of_the_exact_value(test: str) -> None:
    x = np.round(np.random.default_rng(6).standard_normal((8, 4)), 1)
    exact = mc.posthoc_control(x, 0, test=test, method="exact").pvalue.to_numpy()
    drawn = mc.posthoc_control(x, 0, test=test, method="permutation", n_resamples=20_000)
    assert drawn.method == "permutation" and drawn.n_resamples == 20_000
    se = np.sqrt(exact * (1 - exact) / 20_000)  # pooled over pairs: smaller still
    assert np.all(np.abs(drawn.pvalue.to_numpy() - exact) <= 4 * se + 1 / 20_001)
    assert "p-values: Monte Carlo permutation, 20,000 resamples" in str(drawn)


@settings(max_examples=25, deadline=None)
@given(
    arrays(
        np.float64,
        st.tuples(st.integers(2, 8), st.integers(3, 6)),
        elements=st.integers(0, 4).map(float),
    ),
    st.sampled_from(["friedman", "aligned", "quade"]),
    st.sampled_from(["exact", "permutation"]),
)
def test_posthoc_p_values_are_non_increasing_in_the_difference(
    x: np.ndarray, test: str, method: str
) -> None:
    """Equal differences get equal p-values and larger ones no larger p (so Shaffer and
    Bergmann-Hommel's rank-order route apply); p in (0, 1]."""
    try:
        result = mc.posthoc_all_pairs(x, test=test, method=method, n_resamples=499)
    except ValueError:
        return  # exact beyond the limit
    gap = np.abs(np.round(result.difference.to_numpy(), 9))
    p = result.pvalue.to_numpy()
    assert np.all((p > 0) & (p <= 1))
    order = np.argsort(gap, kind="stable")
    assert np.all(np.diff(p[order]) <= 1e-15)
    for g in np.unique(gap):
        assert np.ptp(p[gap == g]) == 0.0


def test_posthoc_permutation_needs_each_data_sets_ranks() -> None:
    ranks = {"A": 1.5, "B": 2.0, "C": 2.5}
    auto = mc.posthoc_control(ranks=ranks, n_datasets=5, control="A")
    assert auto.method == "asymptotic"  # only the averages: the normal p-values
    with pytest.raises(ValueError, match="ranks= hold only the average ranks"):
        mc.posthoc_control(ranks=ranks, n_datasets=5, control="A", method="exact")
    x = np.random.default_rng(0).standard_normal((6, 3))
    with pytest.raises(ValueError, match="pairwise tests compute their own"):
        mc.posthoc_all_pairs(x, test="wilcoxon", method="permutation")
    assert mc.posthoc_all_pairs(x, test="wilcoxon").method == "asymptotic"


@pytest.mark.parametrize("k", [3, 5])
def test_posthoc_auto_holds_alpha_at_five_data_sets(k: int) -> None:
    """Family-wise error of the 1xN and all-pairs rank post-hocs with method="auto" at N = 5,
    complete null: at most alpha + 2 Monte Carlo SEs."""
    frame = mc.simulate(
        k,
        5,
        n_replications=600 if k == 3 else 200,
        comparisons=["control", "all_pairs"],
        procedures=["holm", "nemenyi", "bonferroni"],
        n_resamples=999,
        random_state=9,
    ).to_frame()
    for name, row in frame.iterrows():
        assert row["fwer"] <= 0.05 + 2 * max(row["fwer_se"], 0.005), name


def test_compare_and_the_command_line_label_the_p_value_method(capsys: Any) -> None:
    data = mc.load_example("demsar2006")  # N = 14: "auto" permutes
    report = mc.compare(data)
    assert report.pvalue_method == "exact" and report.omnibus[0].method == "permutation"
    assert any("p-values by permutation" in note for note in report.notes)
    assert "(Monte Carlo permutation, 9,999 resamples)" in report.summary
    assert mc.Report.from_json(report.to_json()) == report
    paper = mc.compare(data, method="asymptotic")
    assert paper.pvalue_method == "asymptotic" and paper.paper_options() == ["method='asymptotic'"]
    assert paper.omnibus[0].pvalue == mc.friedman(data, method="asymptotic").pvalue
    from multicomp.cli import main

    assert main(["--example", "demsar2006", "--method", "asymptotic"]) == 0
    assert "permutation" not in capsys.readouterr().out
    assert main(["--example", "demsar2006"]) == 0
    assert "p-values by permutation" in capsys.readouterr().out


def test_report_fields_are_checked_and_incomplete_tests_refuse_permutations() -> None:
    report = mc.compare(mc.load_example("demsar2006"))
    text = report.to_json().replace('"pvalue_method": "exact"', '"pvalue_method": "bootstrap"')
    with pytest.raises(ValueError, match="pvalue_method must be one of"):
        mc.Report.from_json(text)
    data = mc.load_example("garcia2010")
    with pytest.raises(ValueError, match="asymptotic p-values only"):
        mc.compare(data, test="skillings_mack", method="permutation")
    assert mc.compare(data, test="skillings_mack").omnibus[0].method == "asymptotic"


def test_large_tables_stay_bounded_and_agree_with_the_asymptotic_p_value() -> None:
    """N = 2000 aligned ranks: the sums of squares leave int64 (the float path) and a pair's
    support is wide (no histogram of it); with so many data sets the chi-square is accurate."""
    x = np.random.default_rng(0).standard_normal((2000, 30))
    drawn = mc.friedman_aligned_ranks(x, method="permutation", n_resamples=400)
    asymptotic = mc.friedman_aligned_ranks(x, method="asymptotic").pvalue
    assert abs(drawn.pvalue - asymptotic) <= 4 * np.sqrt(asymptotic * (1 - asymptotic) / 400)
    pairs = mc.posthoc_control(x, 0, test="aligned", method="permutation", n_resamples=40)
    normal = mc.posthoc_control(x, 0, test="aligned", method="asymptotic").pvalue
    np.testing.assert_allclose(pairs.pvalue, normal, atol=0.05)  # pooled over 435 pairs
