"""The parametric side (issue 13): conditions, repeated-measures ANOVA, Tukey and Dunnett on the
repeated-measures error term, and the documented choice of family.

Peers: statsmodels' AnovaRM (F and p), scipy's tukey_hsd and dunnett (the adjustment steps,
on independent samples where the error term is theirs), scipy/statsmodels normality and
variance tests, and pingouin 0.7.0's ``rm_anova``/``sphericity`` figures for the data below
(epsilon, corrected p, Mauchly's W and p), computed once and cited here.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.anova import AnovaRM
from statsmodels.stats.diagnostic import lilliefors

import multicomp as mc
from multicomp.parametric.anova import anova_of, w_and_epsilon
from multicomp.parametric.posthoc import _dunnett_adjusted, _tukey_adjusted

# 12 data sets x 4 algorithms (rng = numpy.random.default_rng(1), rounded to 6 decimals).
PINGOUIN_DATA = np.array(
    [
        [0.939332, 1.715366, 1.424185, -0.609409],
        [1.796523, 1.637542, 0.854214, 1.572285],
        [0.685421, 0.914981, 0.849271, 0.967561],
        [-1.554684, -0.68114, -0.80035, -0.119384],
        [0.771374, 0.739196, 0.449744, 0.57446],
        [-0.493298, -0.477043, 1.292624, 0.605284],
        [-1.832002, -0.709853, 1.204389, 0.55697],
        [-0.858144, -0.554465, 1.546051, -2.083808],
        [0.536862, 3.257239, 2.06117, 1.677531],
        [-0.53407, -1.368139, 0.647401, 0.188951],
        [-2.476101, -1.631976, -0.820793, -2.093501],
        [-0.412169, 0.081584, 0.221687, -0.720191],
    ]
)
# pingouin.rm_anova(correction=True) and pingouin.sphericity on PINGOUIN_DATA (long form).
PINGOUIN = {
    "F": 3.509334,
    "p_unc": 0.025895,
    "eps": 0.921556,
    "p_GG_corr": 0.029839,
    "W": 0.856288,
    "p_spher": 0.912522,
}


def _long(values: np.ndarray) -> pd.DataFrame:
    n, k = values.shape
    return pd.DataFrame(
        [(f"d{i}", f"a{j}", values[i, j]) for i in range(n) for j in range(k)],
        columns=["dataset", "algorithm", "score"],
    )


def test_rm_anova_equals_pingouin_figures() -> None:
    r = mc.rm_anova(PINGOUIN_DATA)
    assert r.statistic == pytest.approx(PINGOUIN["F"], abs=1e-5)
    assert r.pvalue_uncorrected == pytest.approx(PINGOUIN["p_unc"], abs=1e-5)
    assert r.epsilon == pytest.approx(PINGOUIN["eps"], abs=1e-5)
    assert r.pvalue == pytest.approx(PINGOUIN["p_GG_corr"], abs=1e-5)
    assert r.mauchly_w == pytest.approx(PINGOUIN["W"], abs=1e-5)
    # pingouin's chi-square approximation is accurate at 12 x 4; the package's p-value is
    # W's exact null law by seeded conditional Monte Carlo (standard error about 0.001 here)
    assert r.sphericity_pvalue == pytest.approx(PINGOUIN["p_spher"], abs=3e-3)
    assert (r.df_num, r.df_den) == (3, 33)


@settings(max_examples=15)
@given(n=st.integers(3, 15), k=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_rm_anova_equals_statsmodels(n: int, k: int, seed: int) -> None:
    values = np.random.default_rng(seed).normal(size=(n, k)) * 3 + 10
    table = AnovaRM(_long(values), "score", "dataset", within=["algorithm"]).fit().anova_table
    r = mc.rm_anova(values)
    assert r.statistic == pytest.approx(float(table["F Value"].iloc[0]), rel=1e-9)
    assert r.pvalue_uncorrected == pytest.approx(
        float(table["Pr > F"].iloc[0]), rel=1e-7, abs=1e-14
    )
    assert 1 / (k - 1) - 1e-12 <= r.epsilon <= 1.0
    assert r.pvalue == pytest.approx(
        stats.f.sf(r.statistic, (k - 1) * r.epsilon, (k - 1) * (n - 1) * r.epsilon)
    )
    # invariant to relabelling algorithms and reordering data sets, and to a shift of all scores
    perm = np.random.default_rng(seed).permutation
    same = mc.rm_anova(values[perm(n)][:, perm(k)] + 100.0)
    assert same.statistic == pytest.approx(r.statistic, rel=1e-7)
    assert same.epsilon == pytest.approx(r.epsilon, rel=1e-7)


def test_rm_anova_degenerate_tables_give_numbers_not_nan() -> None:
    same = np.tile(np.arange(5.0)[:, None], (1, 3))  # every algorithm scores alike
    r = mc.rm_anova(same)
    assert (r.statistic, r.pvalue) == (0.0, 1.0)
    shifted = same + np.array([0.0, 1.0, 2.0])  # no error at all: a perfect separation
    assert mc.rm_anova(shifted).statistic == np.inf and mc.rm_anova(shifted).pvalue == 0.0


@settings(max_examples=8)
@given(k=st.integers(2, 6), n=st.integers(2, 12), seed=st.integers(0, 2**32 - 1))
def test_tukey_step_equals_scipy_tukey_hsd(k: int, n: int, seed: int) -> None:
    """On independent samples with equal n, scipy's Tukey p-values are the studentized-range
    tail at (mean difference) / sqrt(MSE / n) on k(n - 1) degrees of freedom."""
    groups = [np.random.default_rng(seed + j).normal(size=n) for j in range(k)]
    df = k * (n - 1)
    mse = sum(float(np.sum((g - g.mean()) ** 2)) for g in groups) / df
    res = stats.tukey_hsd(*groups)
    for a, b in itertools.combinations(range(k), 2):
        t = (groups[a].mean() - groups[b].mean()) / np.sqrt(2 * mse / n)
        assert _tukey_adjusted(np.array([t]), k, df)[0] == pytest.approx(res.pvalue[a, b], abs=1e-6)


def test_dunnett_step_equals_scipy_dunnett() -> None:
    rng = np.random.default_rng(7)
    for k, n in [(3, 6), (4, 10), (6, 5)]:
        control = rng.normal(size=n)
        samples = [rng.normal(size=n) + 0.8 * j for j in range(1, k)]
        df = k * (n - 1)
        mse = sum(float(np.sum((g - g.mean()) ** 2)) for g in [control, *samples]) / df
        t = np.array([(g.mean() - control.mean()) / np.sqrt(2 * mse / n) for g in samples])
        expected = stats.dunnett(*samples, control=control, rng=1).pvalue
        # both integrate the multivariate t by randomised quasi-Monte Carlo (error ~1e-4)
        np.testing.assert_allclose(_dunnett_adjusted(t, df), expected, atol=2e-3)


def test_posthoc_parametric_uses_the_repeated_measures_error_term() -> None:
    r = mc.rm_anova(PINGOUIN_DATA)
    tukey = mc.posthoc_parametric(PINGOUIN_DATA)
    assert tukey.procedure == "tukey" and len(tukey.pairs) == 6
    n = PINGOUIN_DATA.shape[0]
    means = PINGOUIN_DATA.mean(axis=0)
    t01 = (means[0] - means[1]) / np.sqrt(2 * r.mse / n)
    assert tukey.statistic.iloc[0] == pytest.approx(t01)
    assert tukey.pvalue.iloc[0] == pytest.approx(2 * stats.t.sf(abs(t01), 33))
    # the paired t-test on two columns has its own error term: larger here than the pooled one
    dunnett = mc.posthoc_parametric(PINGOUIN_DATA, control="A3")
    assert dunnett.procedure == "dunnett" and [p[0] for p in dunnett.pairs] == ["A3"] * 3
    assert (dunnett.adjusted >= dunnett.pvalue).all() and (dunnett.adjusted <= 1).all()
    assert (tukey.adjusted >= tukey.pvalue).all()
    assert set(tukey.to_frame().columns) == {
        "difference",
        "statistic",
        "pvalue",
        "apv_tukey",
        "reject_tukey",
    }
    assert "Tukey" in str(tukey) and "Dunnett" in str(dunnett)


def test_null_calibration_of_rm_anova_and_tukey() -> None:
    """Under the null with normal, spherical errors: the ANOVA (both p-values) and Tukey's
    family-wise error hold alpha = 0.05 (4,000 replications, N = 10, k = 4; bound: 4 Monte
    Carlo standard errors). The replications call the steps of rm_anova and
    posthoc_parametric on arrays (their public paths are checked above)."""
    rng = np.random.default_rng(2026)
    reps, alpha, k = 4000, 0.05, 4
    anova = gg = tukey = 0
    # Tukey's APV of the largest |t| is <= alpha exactly when it reaches the critical value
    # (studentized_range.sf integrates numerically: one quantile instead of 4,000 tails)
    critical = stats.studentized_range.ppf(1 - alpha, k, (k - 1) * 9) / np.sqrt(2)
    assert _tukey_adjusted(np.array([critical * 1.0001]), k, (k - 1) * 9)[0] <= alpha
    for _ in range(reps):
        values = rng.normal(size=(10, k)) + rng.normal(size=(10, 1)) * 2
        f, mse, df_num, df_den = anova_of(values)
        epsilon = w_and_epsilon(values)[1]
        anova += stats.f.sf(f, df_num, df_den) <= alpha
        gg += stats.f.sf(f, df_num * epsilon, df_den * epsilon) <= alpha
        t = np.ptp(values.mean(axis=0)) / np.sqrt(2 * mse / 10)  # the largest pairwise |t|
        tukey += bool(t >= critical)
    se = np.sqrt(alpha * (1 - alpha) / reps)
    assert max(anova, gg, tukey) / reps <= alpha + 4 * se
    assert anova / reps >= alpha - 4 * se  # not conservative either


def test_conditions_on_runs_equal_scipy_and_statsmodels() -> None:
    rng = np.random.default_rng(3)
    rows = [
        (d, a, fold, rng.normal() if a != "skewed" else rng.exponential())
        for d in ["iris", "wine", "glass"]
        for a in ["tree", "svm", "skewed"]
        for fold in range(25)
    ]
    frame = pd.DataFrame(rows, columns=["dataset", "algorithm", "fold", "accuracy"])
    frame_before = frame.copy()
    result = mc.check_conditions(frame)
    pd.testing.assert_frame_equal(frame, frame_before)  # the input is not modified
    runs = {
        (d, a): g["accuracy"].to_numpy() for (d, a), g in frame.groupby(["dataset", "algorithm"])
    }
    assert result.normality.loc["wine", "svm"] == pytest.approx(
        stats.shapiro(runs["wine", "svm"]).pvalue
    )
    assert result.homoscedasticity.loc["iris"] == pytest.approx(
        stats.levene(*(runs["iris", a] for a in ["tree", "svm", "skewed"]), center="median").pvalue
    )
    levene = mc.check_conditions(frame, variance="levene")
    assert levene.homoscedasticity.loc["iris"] == pytest.approx(
        stats.levene(*(runs["iris", a] for a in ["tree", "svm", "skewed"]), center="mean").pvalue
    )
    lil = mc.check_conditions(frame, normality="lilliefors", variance="bartlett")
    assert lil.normality.loc["glass", "tree"] == pytest.approx(
        lilliefors(runs["glass", "tree"], dist="norm", pvalmethod="table")[1]
    )
    assert lil.homoscedasticity.loc["glass"] == pytest.approx(
        stats.bartlett(*(runs["glass", a] for a in ["tree", "svm", "skewed"])).pvalue
    )
    dag = mc.check_conditions(frame, normality="dagostino")
    assert dag.normality.loc["iris", "skewed"] == pytest.approx(
        stats.normaltest(runs["iris", "skewed"]).pvalue
    )
    # exponential runs fail normality: marked '*', the verdict says so, the choice is non-parametric
    assert (result.normality["skewed"] <= 0.05).all()
    assert result.to_frame().loc["iris", "skewed"].endswith("*")
    assert result.rejected and "normality: rejected" in result.verdict
    choice = mc.choose_family(result)
    assert choice.recommended == "nonparametric" and "rejected" in choice.reason
    # the per-data-set scores are the mean of the runs
    means = frame.groupby(["dataset", "algorithm"])["accuracy"].mean()
    d = means.loc["iris", "tree"] - means.loc["iris", "svm"]
    assert np.isfinite(d) and len(result.differences) == 3


def test_conditions_without_runs_check_the_differences_only() -> None:
    result = mc.check_conditions(PINGOUIN_DATA)
    assert result.normality.isna().all().all() and result.homoscedasticity.isna().all()
    assert result.differences.iloc[0] == pytest.approx(
        stats.shapiro(PINGOUIN_DATA[:, 0] - PINGOUIN_DATA[:, 1]).pvalue
    )
    assert result.sphericity == mc.rm_anova(PINGOUIN_DATA).sphericity_pvalue
    assert result.sphericity == pytest.approx(PINGOUIN["p_spher"], abs=3e-3)
    assert "not checkable" in result.verdict and "folds or runs" in str(result)
    choice = mc.choose_family(result)  # 12 data sets: too few to trust the checks
    assert choice.recommended == "nonparametric" and "12 data sets" in choice.reason


def test_choice_is_parametric_only_with_enough_data_sets_and_conditions_holding() -> None:
    rng = np.random.default_rng(11)
    values = rng.normal(size=(40, 3)) + rng.normal(size=(40, 1))
    choice = mc.choose_family(mc.check_conditions(values))
    assert choice.recommended == "parametric" and "40 data sets" in choice.reason
    heavy = values.copy()
    heavy[0, 0] += 50  # one outlying data set breaks normality of the differences
    assert mc.choose_family(mc.check_conditions(heavy)).recommended == "nonparametric"


@pytest.mark.parametrize(
    "bad, error",
    [
        ({"normality": "kolmogorov"}, "normality must be one of"),
        ({"variance": "fligner"}, "variance must be one of"),
        ({"alpha": 2.0}, "alpha"),
    ],
)
def test_conditions_refuse_unknown_options(bad: dict[str, object], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        mc.check_conditions(PINGOUIN_DATA, **bad)  # type: ignore[arg-type]


def test_compare_states_the_conditions_and_the_family() -> None:
    scores = mc.load_example("garcia2010")
    report = mc.compare(scores, control="PDFC")  # the default family: conditions not checked
    assert report.family == "nonparametric" and report.parametric == ()
    assert report.conditions == "" and "Parametric conditions" not in report.summary
    assert "family='auto' checks the conditions" in report.family_reason
    auto = mc.compare(scores, control="PDFC", family="auto")
    assert auto.conditions == mc.check_conditions(scores).verdict
    assert "Parametric conditions: The parametric conditions are rejected" in auto.summary
    assert auto.family == "nonparametric" and "conditions are rejected" in auto.family_reason
    parametric = mc.compare(scores, control="PDFC", family="parametric")
    assert (
        parametric.family == "parametric"
        and "as asked by family='parametric'" in parametric.family_reason
    )
    anova, dunnett = parametric.parametric
    assert anova == str(mc.rm_anova(scores)) and dunnett.startswith("Dunnett's test")
    rejected = mc.posthoc_parametric(scores, "PDFC").reject
    assert f"{int(rejected.sum())} of 3 hypotheses rejected" in dunnett
    assert mc.Report.from_json(parametric.to_json()) == parametric
    assert "Tukey's HSD" in mc.compare(scores, family="parametric").parametric[1]


def test_compare_family_auto_follows_the_recommendation() -> None:
    rng = np.random.default_rng(11)  # the data of the test above, shifted per algorithm
    values = pd.DataFrame(
        rng.normal(size=(40, 3)) + rng.normal(size=(40, 1)) + [0.0, 0.2, 0.9],
        columns=["a", "b", "c"],
    )
    auto = mc.compare(values, family="auto")
    assert auto.family == mc.choose_family(mc.check_conditions(values)).recommended == "parametric"
    assert auto.family_reason.startswith("chosen by family='auto'") and len(auto.parametric) == 2
    few = mc.compare(values.iloc[:12], family="auto")
    assert few.family == "nonparametric" and few.parametric == ()


def test_compare_checks_family_before_work() -> None:
    with pytest.raises(ValueError, match="family must be one of"):
        mc.compare(np.zeros((1, 1)), family="bayes")  # type: ignore[arg-type]


def test_cli_check_conditions_and_family(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from multicomp.cli import main

    rng = np.random.default_rng(0)
    rows = [
        (f"d{d}", a, fold, rng.normal(0.8, 0.02) if a != "C" else rng.exponential(0.02))
        for d in range(12)
        for a in "ABC"
        for fold in range(10)
    ]
    path = Path(str(tmp_path)) / "folds.csv"
    pd.DataFrame(rows, columns=["dataset", "classifier", "fold", "accuracy"]).to_csv(
        path, index=False
    )
    assert main([str(path), "--aggregate", "mean", "--check-conditions"]) == 0
    out = capsys.readouterr().out
    assert (
        "brown_forsythe (homoscedasticity)" in out and "Recommended: the nonparametric tests" in out
    )
    assert " *" in out  # the exponential runs of C fail normality somewhere
    assert main([str(path), "--aggregate", "mean", "--family", "parametric", "--control", "A"]) == 0
    out = capsys.readouterr().out
    assert "Family used: parametric" in out and "Dunnett's test" in out


def test_rm_anova_reproduces_the_published_drug_example() -> None:
    """Winer (Statistical Principles in Experimental Design, 1971): reaction times of five
    subjects under four drugs, the worked example of NCSS's documentation (Chapter 214,
    "Repeated Measures Analysis of Variance"): F(3, 12) = 24.76 with MS_error = 9.40."""
    drugs = np.array(
        [[30, 28, 16, 34], [14, 18, 10, 22], [24, 20, 18, 30], [38, 34, 20, 44], [26, 28, 14, 30]],
        dtype=float,
    )
    r = mc.rm_anova(drugs)  # no warning meant for the rank tests (few data sets)
    assert round(r.statistic, 2) == 24.76 and round(r.mse, 2) == 9.40
    assert (r.df_num, r.df_den) == (3, 12)


def _runs_frame(runs: np.ndarray) -> pd.DataFrame:
    """An N x k x r array of runs as a long table (one row per fold)."""
    n, k, r = runs.shape
    d, a, f = np.meshgrid(np.arange(n), np.arange(k), np.arange(r), indexing="ij")
    return pd.DataFrame(
        {"dataset": d.ravel(), "algorithm": a.ravel(), "fold": f.ravel(), "score": runs.ravel()}
    )


def _parametric_side(runs: np.ndarray) -> dict[str, object]:
    """Every number of the parametric side on runs (and on their per-data-set means)."""
    means = runs.mean(axis=2)
    anova = mc.rm_anova(means)
    conditions = mc.check_conditions(_runs_frame(runs))
    tukey = mc.posthoc_parametric(means)
    return {
        "anova": (anova.statistic, anova.pvalue, anova.epsilon, anova.mauchly_w),
        "sphericity": anova.sphericity_pvalue,
        "tukey": tuple(tukey.adjusted),
        "tukey_t": tuple(tukey.statistic),
        "dunnett": tuple(mc.posthoc_parametric(means, control=0).adjusted),
        "normality": tuple(conditions.normality.to_numpy().ravel()),
        "variances": tuple(conditions.homoscedasticity),
        "differences": tuple(conditions.differences),
        "conditions": tuple(conditions.decisions()["pvalue"]),
        "family": mc.choose_family(conditions).recommended,
    }


@settings(max_examples=8)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([1e-300, 1e-200, 1e-100, 1e-12, 1e12, 1e100, 1e200, 1e300]),
)
def test_the_parametric_side_does_not_depend_on_the_scale_of_the_scores(
    seed: int, factor: float
) -> None:
    """Issue 22.3: at 1e-100 rm_anova divided by zero, at 1e100 it overflowed, at 1e-300 it
    returned F = 0, p = 1 while Tukey rejected every pair; the tests are scale-free."""
    rng = np.random.default_rng(seed)
    runs = rng.normal(size=(8, 4, 6)) + np.array([0.0, 0.5, 1.0, 1.5])[:, None]
    expected, scaled = _parametric_side(runs), _parametric_side(runs * factor)
    assert scaled["family"] == expected["family"]
    for key in expected.keys() - {"family"}:
        np.testing.assert_allclose(
            np.asarray(scaled[key], dtype=float),
            np.asarray(expected[key], dtype=float),
            rtol=1e-8,
            atol=1e-12,
            err_msg=key,
        )
    # the results in score units scale with the scores (up to the floats' range)
    anova = mc.rm_anova(runs.mean(axis=2) * factor)
    assert anova.means.to_numpy() == pytest.approx(runs.mean(axis=2).mean(axis=0) * factor)


def test_the_issues_scaled_table_gives_the_unscaled_anova() -> None:
    x = np.random.default_rng(0).normal(size=(12, 4)) + np.array([0.0, 0.0, 1.0, 1.5])
    expected = mc.rm_anova(x)
    for factor in (1e-300, 1e-100, 1e100, 1e300):
        result = mc.rm_anova(x * factor)
        assert result.statistic == pytest.approx(expected.statistic, rel=1e-10), factor
        assert result.pvalue == pytest.approx(expected.pvalue, rel=1e-8), factor


def test_conditions_are_decided_by_holm_over_checks_and_conditions() -> None:
    """Issue 21.3: one rejection among many unadjusted checks is no longer a failure; each
    condition's p-value is the smallest Holm APV of its checks, Holm-adjusted over the
    conditions (computed here independently)."""
    rng = np.random.default_rng(5)
    result = mc.check_conditions(_runs_frame(rng.normal(size=(20, 5, 10))))
    families = [
        result.normality.to_numpy().ravel(),
        result.homoscedasticity.to_numpy(),
        result.differences.to_numpy(),
        np.array([result.sphericity]),
    ]
    smallest = [min(1.0, p.size * p.min()) for p in families]  # Holm's smallest APV
    order = np.argsort(smallest)
    holm = np.maximum.accumulate([min(1.0, (4 - i) * smallest[j]) for i, j in enumerate(order)])
    expected = np.empty(4)
    expected[order] = holm
    table = result.decisions()
    np.testing.assert_allclose(table["pvalue"], expected, rtol=1e-12)
    assert list(table["checks"]) == [100, 20, 10, 1]
    assert table["below_alpha"].iloc[0] == int((families[0] <= 0.05).sum())
    assert (table["rejected"] == (expected <= 0.05)).all()


def test_normal_runs_pass_and_non_normal_runs_fail_the_checks() -> None:
    """A fast fixed-seed version of benches/sim_conditions.py (its figures are in
    benches/RESULTS-conditions.md): normal runs are rejected about 5% of the time, skewed,
    heavy-tailed and bimodal runs nearly always."""
    rng = np.random.default_rng(2026)
    noise = {
        "skewed": lambda size: rng.exponential(size=size),
        "heavy-tailed": lambda size: rng.standard_t(2, size=size),
        "bimodal": lambda size: rng.choice([-2.0, 2.0], size=size) + 0.5 * rng.normal(size=size),
    }

    def rejected(draw: object, reps: int) -> int:
        return sum(
            mc.check_conditions(
                _runs_frame(rng.normal(size=(10, 3, 1)) + draw((10, 3, 25)))  # type: ignore[operator]
            ).rejected
            for _ in range(reps)
        )

    # 60 null tables: a rejection rate of 5% gives at most 8 with probability 0.99
    assert rejected(lambda size: rng.normal(size=size), 60) <= 8
    for name, draw in noise.items():
        assert rejected(draw, 8) >= 7, name


def test_the_verdict_does_not_call_unchecked_conditions_holding() -> None:
    """Issue 21.8: "The parametric conditions hold: normality: not checkable" read as if it
    had been checked."""
    result = mc.check_conditions(PINGOUIN_DATA)  # one result per cell
    assert not result.rejected
    assert result.verdict.startswith(
        "No checked parametric condition is rejected (2 not checkable)"
    )
    assert "hold" not in result.verdict
    assert list(result.decisions()["checks"][:2]) == [0, 0]


def test_posthoc_parametric_refuses_work_past_its_limit_before_starting() -> None:
    """Issue 22.6: k = 50 took 28 s and k = 200 over a minute, without a word."""
    x = np.random.default_rng(0).normal(size=(10, 60))
    with pytest.raises(
        ValueError, match=r"k = 60 .* 1,770, more than max_work=1,500.*max_work=1,770"
    ):
        mc.posthoc_parametric(x)
    with pytest.raises(ValueError, match=r"Dunnett's post-hoc of k = 60"):
        mc.posthoc_parametric(x, control=0)
    small = x[:, :5]
    assert mc.posthoc_parametric(small, max_work=10).adjusted.equals(
        mc.posthoc_parametric(small).adjusted
    )
    with pytest.raises(ValueError, match="max_work must be a finite number >= 0"):
        mc.posthoc_parametric(small, max_work=-1)


def test_long_posthocs_show_progress(capsys: pytest.CaptureFixture[str]) -> None:
    from multicomp._internal import work as _work

    x = np.random.default_rng(0).normal(size=(6, 8)) + np.arange(8)
    delay = _work.PROGRESS_DELAY
    _work.PROGRESS_DELAY = 0.0  # displayed at once
    try:
        mc.posthoc_parametric(x)
    finally:
        _work.PROGRESS_DELAY = delay
    assert "Tukey's adjusted p-values" in capsys.readouterr().err
