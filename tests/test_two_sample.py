"""Wilcoxon signed-ranks test, sign test and paired t-test (D06 Sec. 3.1)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc
from reference_cases import assert_attributes, assert_matches, case, read_csv

AUC = read_csv("demsar2006_table2_auc.csv")


def _pair(c: dict) -> tuple[pd.Series, pd.Series]:
    """(x, y) = (second, first): the case's differences are second - first, ours x - y."""
    data = read_csv(c["input"])
    return data[c["parameters"]["second"]], data[c["parameters"]["first"]]


def _example(case_id: str, func, names: dict[str, str]):
    """Run ``func`` on a case's pair, check the named attributes; return what the test needs."""
    c = case(case_id)
    x, y = _pair(c)
    result = func(x, y)
    assert_attributes(result, c["expected"], names)
    return c, c["expected"], x, y, result


def test_demsar_wilcoxon_example():
    c, expected, x, y, result = _example(
        "demsar2006_wilcoxon",
        mc.wilcoxon,
        {
            "differences": "differences",
            "ranks": "abs_difference_ranks",
            "r_plus": "R_plus",
            "r_minus": "R_minus",
            "statistic": "T",
            "n": "N",
        },
    )
    assert result.method == "approx"  # zeros and ties: no exact null distribution
    paper = mc.wilcoxon(x, y, tie_correction=False)
    assert_matches(paper.z, expected["z"])
    assert_matches(paper.pvalue, expected["p_normal_two_sided"])
    critical = mc.wilcoxon_critical_value(result.n, c["parameters"]["alpha"])
    assert_matches(critical, expected["exact_critical_T_alpha_0.05"])
    assert_matches(bool(result.statistic <= critical), expected["reject_H0_alpha_0.05"])
    # the tie-corrected variance is smaller, so |z| grows a little
    assert abs(result.z) > abs(paper.z)
    assert list(result.to_frame().columns) == ["difference", "rank"]


def test_ties_are_decided_at_data_precision():
    x, y = np.array([0.5, 0.611, 0.2]), np.array([0.563, 0.674, 0.3])
    assert y[0] - x[0] != y[1] - x[1]  # float noise would break the tie of 0.063 and 0.063
    assert mc.wilcoxon(x, y).ranks.tolist() == [1.5, 1.5, 3.0]
    assert mc.wilcoxon(x, y).method == "approx"


def test_wilcoxon_critical_values_match_scipy_exact_distribution():
    # t is critical iff P(T <= t) <= alpha/2 < P(T <= t + 1)
    for n in (6, 10, 14, 20):
        t = mc.wilcoxon_critical_value(n, 0.05)
        assert stats.wilcoxon(_signed(n, t), alternative="less", method="exact").pvalue <= 0.025
        assert stats.wilcoxon(_signed(n, t + 1), alternative="less", method="exact").pvalue > 0.025
    assert mc.wilcoxon_critical_value(5, 0.05) is None
    assert mc.wilcoxon_critical_value(5, 0.05, alternative="greater") == 0


def _signed(n: int, t: int) -> np.ndarray:
    """Ranks 1..n signed so that the positive ones sum to t."""
    signs, rest = -np.ones(n), t
    for r in range(n, 0, -1):
        if r <= rest:
            signs[r - 1], rest = 1.0, rest - r
    return signs * np.arange(1, n + 1)


def test_exact_without_ties_or_zeros():
    rng = np.random.default_rng(1)
    x = rng.integers(0, 1000, 12).astype(float)
    y = x + rng.permutation(np.arange(1, 13)) * rng.choice([-1, 1], 12)
    for alternative in ("two-sided", "less", "greater"):
        ours = mc.wilcoxon(x, y, alternative=alternative)
        ref = stats.wilcoxon(x, y, alternative=alternative, method="exact")
        assert ours.method == "exact" and ours.z is None
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
@pytest.mark.parametrize("seed", range(5))
def test_scipy_zero_methods_match_scipy(zero_method, alternative, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 8, 20).astype(float)
    y = rng.integers(0, 8, 20).astype(float)  # many ties and zeros
    ours = mc.wilcoxon(x, y, zero_method=zero_method, alternative=alternative)
    ref = stats.wilcoxon(
        x, y, zero_method=zero_method, alternative=alternative, method="asymptotic"
    )
    assert ours.method == "approx"
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert ours.z == pytest.approx(ref.zstatistic, rel=1e-12)
    if alternative == "two-sided":
        assert ours.statistic == ref.statistic
    else:
        assert ours.r_plus == ref.statistic


def test_demsar_tie_corrected_variance_is_the_conditional_null_variance():
    # Var(R+) given the ranks: the zero ranks are split (fixed), the others get random signs.
    x = np.array([1.0, 2, 3, 4, 5, 6, 7, 8, 9])
    y = x + np.array([0.0, 0, 1, -1, 2, 2, -3, 4, 5])
    result = mc.wilcoxon(x, y)
    ranks = stats.rankdata(np.abs(y - x))
    nonzero = (y - x) != 0
    var = np.sum(ranks[nonzero] ** 2) / 4
    assert result.z == pytest.approx((result.statistic - 9 * 10 / 4) / np.sqrt(var))
    # odd number of zeros: one is dropped
    odd = mc.wilcoxon(x[1:], y[1:])
    assert odd.n == 7 and np.isnan(odd.ranks.iloc[0])


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20)), min_size=3, max_size=25))
def test_wilcoxon_swap_symmetry(pairs):
    x = np.array([p[0] for p in pairs], dtype=float)
    y = np.array([p[1] for p in pairs], dtype=float)
    if np.all(x == y):
        assert mc.wilcoxon(x, y).pvalue == 1.0  # Demsar: the zeros split evenly
        for zero_method in ("wilcox", "pratt"):
            with pytest.raises(ValueError, match="all differences are zero"):
                mc.wilcoxon(x, y, zero_method=zero_method)
        return
    a, b = mc.wilcoxon(x, y), mc.wilcoxon(y, x)
    assert (a.r_plus, a.r_minus) == (b.r_minus, b.r_plus)
    assert a.pvalue == pytest.approx(b.pvalue) and 0 <= a.pvalue <= 1
    assert mc.wilcoxon(x, y, alternative="greater").pvalue == pytest.approx(
        mc.wilcoxon(y, x, alternative="less").pvalue
    )


def test_demsar_sign_test_example():
    c, expected, x, y, result = _example(
        "demsar2006_sign_test",
        mc.sign_test,
        {
            "wins": "wins_second_raw",
            "losses": "losses_second_raw",
            "ties": "ties",
            "statistic": "wins_second_with_split_ties",
            "n": "N",
            "pvalue": "p_exact_binomial_two_sided",
        },
    )
    assert_matches(
        mc.sign_test(x, y, alternative="greater").pvalue, expected["p_exact_binomial_one_sided"]
    )
    table3 = mc.sign_test_critical_wins(result.n, c["parameters"]["alpha"], alternative="greater")
    assert_matches(table3, expected["critical_wins_table3_alpha_0.05"])
    assert_matches(bool(result.statistic >= table3), expected["significant_per_table3_alpha_0.05"])
    threshold = mc.sign_test_critical_wins(result.n, 0.05, method="normal", z=1.96)
    assert_matches(threshold, expected["normal_rule_threshold_alpha_0.05"])
    # the exact two-tailed test does not reject at 0.05
    assert result.statistic < mc.sign_test_critical_wins(result.n, 0.05)


def test_demsar_table3():
    expected = case("demsar2006_table3_sign_test_critical_values")["expected"]
    for key, entry in expected.items():
        alpha = float(key.split("_")[2])
        alternative = "two-sided" if key.endswith("two_tailed") else "greater"
        ours = {
            n: mc.sign_test_critical_wins(int(n), alpha, alternative=alternative)
            for n in entry["value"]
        }
        assert_matches(ours, entry)


def test_sign_test_options():
    x = np.array([1.0, 1, 1, 1, 1, 1, 1, -1, 0, 0])
    y = np.zeros(10)
    split = mc.sign_test(x, y)
    drop = mc.sign_test(x, y, ties="drop")
    assert (split.statistic, split.n) == (8, 10) and (drop.statistic, drop.n) == (7, 8)
    normal = mc.sign_test(x, y, method="normal")
    assert normal.z == pytest.approx((8 - 5) / (np.sqrt(10) / 2))
    assert normal.pvalue == pytest.approx(2 * stats.norm.sf(normal.z))
    odd = mc.sign_test(x[:9], y[:9])  # 1 tie: dropped
    assert (odd.statistic, odd.n) == (7, 8)
    assert mc.sign_test(x, y, alternative="less").pvalue == pytest.approx(
        stats.binom.cdf(8, 10, 0.5)
    )


def test_paired_t_test_is_scipy_ttest_rel():
    x, y = _pair(case("demsar2006_wilcoxon"))
    for alternative in ("two-sided", "less", "greater"):
        ours = mc.paired_t_test(x, y, alternative=alternative)
        ref = stats.ttest_rel(x, y, alternative=alternative)
        assert ours.statistic == pytest.approx(ref.statistic)
        assert ours.pvalue == pytest.approx(ref.pvalue)
    assert ours.df == len(x) - 1 and ours.mean_difference == pytest.approx(np.mean(x - y))


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_alternative_follows_scipy(alternative):
    # x mostly larger, with ties and zeros: 'greater' means x tends to exceed y, as in scipy.
    # Integer scores (in %), so that scipy's float differences tie exactly where ours do.
    x = np.array([90.0, 80, 85, 70, 75, 60, 90, 80, 50, 65, 70, 80])
    y = np.array([80.0, 70, 85, 60, 70, 65, 80, 70, 45, 60, 70, 75])
    untied = x + np.array([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) / 100  # exact p (scipy's auto)
    for zero_method in ("wilcox", "pratt", "zsplit"):
        # with ties and zeros ours is the normal approximation (scipy's permutes for small N)
        ours = mc.wilcoxon(x, y, zero_method=zero_method, alternative=alternative)
        ref = stats.wilcoxon(
            x, y, zero_method=zero_method, alternative=alternative, method="asymptotic"
        )
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12), zero_method
        ours = mc.wilcoxon(untied, y, zero_method=zero_method, alternative=alternative)
        ref = stats.wilcoxon(untied, y, zero_method=zero_method, alternative=alternative)
        assert ours.method == "exact"
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12), zero_method
    ours_t = mc.paired_t_test(x, y, alternative=alternative)
    assert ours_t.pvalue == pytest.approx(stats.ttest_rel(x, y, alternative=alternative).pvalue)
    assert mc.wilcoxon(x, y).r_plus > mc.wilcoxon(x, y).r_minus  # R+: ranks where x is larger
    sign = mc.sign_test(x, y, alternative=alternative)
    assert (sign.wins, sign.losses, sign.ties) == (9, 1, 2)  # wins of x
    p = {
        name: test(x, y, alternative=alternative).pvalue
        for name, test in (("demsar", mc.wilcoxon), ("sign", mc.sign_test), ("t", mc.paired_t_test))
    }
    if alternative == "greater":
        assert all(v < 0.05 for v in p.values()), p
    elif alternative == "less":
        assert all(v > 0.95 for v in p.values()), p


def test_demsar_example_one_sided():
    # D06 Table 2: C4.5+m (x) is better than C4.5 (y)
    x, y = _pair(case("demsar2006_wilcoxon"))
    assert mc.wilcoxon(x, y, alternative="greater").pvalue < 0.01
    assert mc.wilcoxon(x, y, alternative="less").pvalue > 0.99
    assert mc.wilcoxon(y, x, alternative="less").pvalue == pytest.approx(
        mc.wilcoxon(x, y, alternative="greater").pvalue
    )


@pytest.mark.parametrize("func", [mc.wilcoxon, mc.sign_test, mc.paired_t_test])
def test_bad_input(func):
    with pytest.raises(ValueError, match="same length"):
        func([1.0, 2, 3], [1.0, 2])
    with pytest.raises(ValueError, match="1-D"):
        func([[1.0, 2], [3, 4]], [[1.0, 2], [3, 4]])
    with pytest.raises(ValueError, match="finite"):
        func([1.0, np.nan, 3], [1.0, 2, 3])
    with pytest.raises(TypeError, match="numeric"):
        func(["a", "b", "c"], [1.0, 2, 3])
    with pytest.raises(ValueError, match="alternative"):
        func([1.0, 2, 3], [2.0, 3, 5], alternative="bigger")
    x, y = np.array([1.0, 2, 3]), np.array([2.0, 2, 5])
    func(x, y)
    assert x.tolist() == [1.0, 2, 3] and y.tolist() == [2.0, 2, 5]


def test_wilcoxon_errors():
    with pytest.raises(ValueError, match="zero_method"):
        mc.wilcoxon([1.0, 2, 3], [2.0, 3, 5], zero_method="drop")
    with pytest.raises(ValueError, match="method='exact'"):
        mc.wilcoxon([1.0, 2, 3, 4], [2.0, 3, 5, 4], method="exact")
    with pytest.raises(ValueError, match="demsar"):
        mc.wilcoxon([1.0, 2, 3], [2.0, 3, 5], zero_method="wilcox", tie_correction=False)
    with pytest.raises(ValueError, match="n_datasets must be >= 1; got 0"):
        mc.wilcoxon_critical_value(0)
    with pytest.raises(ValueError, match="alpha"):
        mc.sign_test_critical_wins(10, alpha=0)
    assert mc.sign_test([1.0, 2], [1.0, 2]).pvalue == 1.0  # one tie to each side
    with pytest.raises(ValueError, match="all differences are tied"):
        mc.sign_test([1.0, 2], [1.0, 2], ties="drop")


@pytest.mark.parametrize("func", [mc.wilcoxon, mc.sign_test, mc.paired_t_test])
def test_series_pair_by_label(func):
    # two Series over the same data sets in another order pair by data set, not by position
    x = pd.Series([0.81, 0.72, 0.93, 0.64, 0.55], index=["a", "b", "c", "d", "e"])
    y = pd.Series([0.70, 0.80, 0.60, 0.90, 0.95], index=["a", "b", "c", "d", "e"])
    assert func(x, y.iloc[::-1]) == func(x, y)  # paired by position, x wins 1 of 5, not 2
    with pytest.raises(ValueError, match="different data sets"):
        func(x, y.rename(index={"e": "f"}))


# --- nan_policy: missing scores of either algorithm (issue 10.3) ----------------------------

PAIRED_TESTS = [
    mc.wilcoxon,
    mc.sign_test,
    mc.paired_t_test,
    lambda x, y, **kw: mc.bayesian_signed_rank_test(x, y, random_state=0, n_draws=2000, **kw),
    lambda x, y, **kw: mc.bayesian_sign_test(x, y, random_state=0, n_draws=2000, **kw),
]


@pytest.mark.parametrize("func", PAIRED_TESTS)
def test_nan_policy_omit_drops_incomplete_pairs(func) -> None:
    rng = np.random.default_rng(20)
    x, y = rng.random(15).round(3), rng.random(15).round(3)
    x[[2, 9]], y[4] = np.nan, np.nan
    with pytest.raises(ValueError, match=r"missing.*nan_policy='omit'") as error:
        func(x, y)
    assert "skillings" not in str(error.value).lower()  # no pair to rank: not a way forward
    result = func(x, y, nan_policy="omit")
    assert result.omitted == ("D3", "D5", "D10")  # arrays: D1, D2, ... as for 2-D arrays
    complete = ~(np.isnan(x) | np.isnan(y))
    alone = func(x[complete], y[complete])
    assert (result.statistic if hasattr(result, "statistic") else result.p_x_better) == (
        alone.statistic if hasattr(alone, "statistic") else alone.p_x_better
    )
    index = [f"d{i}" for i in range(15)]
    labelled = func(pd.Series(x, index=index), pd.Series([*y[:-1], None], index=index),
                    nan_policy="omit")  # fmt: skip
    assert labelled.omitted == ("d2", "d4", "d9", "d14")
    with pytest.raises(ValueError, match="nan_policy must be one of 'raise', 'omit'"):
        func(x, y, nan_policy="drop")


def test_nan_policy_omit_matches_scipy() -> None:
    rng = np.random.default_rng(21)
    x, y = rng.standard_normal(30), rng.standard_normal(30) + 0.3
    x[[0, 7]], y[[7, 12]] = np.nan, np.nan
    ours = mc.wilcoxon(x, y, zero_method="wilcox", nan_policy="omit")
    theirs = stats.wilcoxon(x, y, zero_method="wilcox", nan_policy="omit")
    assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-12)
    assert ours.n == 27 and ours.omitted == ("D1", "D8", "D13")
    t = mc.paired_t_test(x, y, nan_policy="omit")
    scipy_t = stats.ttest_rel(x, y, nan_policy="omit")
    assert (t.statistic, t.pvalue) == pytest.approx((scipy_t.statistic, scipy_t.pvalue))
    assert t.df == 26
    wilcoxon_frame = mc.wilcoxon(x, y, nan_policy="omit").to_frame()
    assert list(wilcoxon_frame.index[:3]) == ["D2", "D3", "D4"]  # the kept data sets
    assert "3 data set(s) with a missing score omitted: D1, D8, D13" in str(
        mc.bayesian_sign_test(x, y, nan_policy="omit", random_state=0, n_draws=100)
    )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(0, 20)), st.one_of(st.none(), st.integers(0, 20))
        ),
        min_size=8,
        max_size=25,
    )
)
def test_omitting_is_testing_the_complete_pairs(pairs: list[tuple[int | None, int | None]]) -> None:
    x = np.array([np.nan if a is None else a / 20 for a, _ in pairs])
    y = np.array([np.nan if b is None else b / 20 for _, b in pairs])
    complete = ~(np.isnan(x) | np.isnan(y))
    assume(complete.sum() >= 2 and (x[complete] != y[complete]).any())
    for func in (mc.wilcoxon, mc.sign_test):
        ours = func(x, y, nan_policy="omit")
        alone = func(x[complete], y[complete], nan_policy="raise")
        assert ours == dataclasses.replace(alone, omitted=ours.omitted)  # all but differences
        assert len(ours.omitted) == int((~complete).sum())


def test_cross_validation_tests_omit_incomplete_folds() -> None:
    rng = np.random.default_rng(22)
    x, y = rng.random(10).round(3), rng.random(10).round(3)
    y[3] = np.nan
    keep = np.arange(10) != 3
    for func in (mc.corrected_resampled_t_test, mc.bayesian_correlated_t_test):
        with pytest.raises(ValueError, match="nan_policy='omit'"):
            func(x, y, rho=0.1)
        result = func(x, y, rho=0.1, nan_policy="omit")
        alone = func(x[keep], y[keep], rho=0.1)
        assert result.omitted == ("D4",)
        assert dataclasses.replace(alone, omitted=("D4",)) == result
    assert "omitted (missing): D4" in str(
        mc.corrected_resampled_t_test(x, y, rho=0.1, nan_policy="omit")
    )


@settings(max_examples=60)
@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=3, max_size=40),
    st.sampled_from(["two-sided", "greater", "less"]),
    st.sampled_from(["demsar", "wilcox", "pratt", "zsplit"]),
)
def test_continuity_correction_equals_scipy_and_r(
    pairs: list[tuple[int, int]], alternative: str, zero_method: str
) -> None:
    """Issue 21.12: R's wilcox.test default (correct=TRUE) is scipy's correction=True; with
    zero_method='demsar' and no zero differences the package computes it itself."""
    x, y = (np.array(v, dtype=float) for v in zip(*pairs))
    assume((x != y).any() and not (zero_method == "demsar" and (x == y).any()))
    result = mc.wilcoxon(
        x, y, alternative=alternative, method="approx", zero_method=zero_method, correction=True
    )  # type: ignore[arg-type]
    expected = stats.wilcoxon(
        x,
        y,
        alternative=alternative,
        method="asymptotic",
        correction=True,
        zero_method="zsplit" if zero_method == "demsar" else zero_method,
    )  # type: ignore[call-overload]
    assert result.pvalue == pytest.approx(expected.pvalue, rel=1e-12, abs=1e-300)
    assert result.correction and "continuity-corrected" in str(result)
    plain = mc.wilcoxon(x, y, alternative=alternative, method="approx", zero_method=zero_method)  # type: ignore[arg-type]
    assert (plain.pvalue <= result.pvalue) or alternative != "two-sided" or plain.pvalue == 1.0


def test_continuity_correction_by_hand() -> None:
    # d = 1..10 with d_3 negative: R+ = 52, T = R- = 3, mean 27.5, sd sqrt(96.25)
    x = np.array([1, 2, -3, 4, 5, 6, 7, 8, 9, 10], dtype=float)
    result = mc.wilcoxon(x, np.zeros(10), method="approx", correction=True)
    z = (3 - 27.5 + 0.5) / np.sqrt(96.25)
    assert result.z == pytest.approx(z) and result.pvalue == pytest.approx(2 * stats.norm.cdf(z))
    with pytest.raises(TypeError, match="correction must be True or False"):
        mc.wilcoxon(x, np.zeros(10), correction="yes")  # type: ignore[arg-type]
