"""The post-hocs that R's PMCMRplus and scikit-posthocs offer, against scikit-posthocs (a test
dependency) and independent formulas: Nemenyi's studentized range (issue 21.2), Miller's
simultaneous test (issue 21.10)."""

import functools
import itertools

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc
from multicomp import ranktests
from peer_examples import SACHS


def _data(n: int, k: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(n, k)) + np.linspace(0.0, 1.0, k)
    return pd.DataFrame(values, columns=[f"A{j + 1}" for j in range(k)])


def _as_matrix(result: mc.results.PosthocAllPairsResult, procedure: str) -> np.ndarray:
    matrix = result.matrix(procedure).to_numpy(copy=True)
    np.fill_diagonal(matrix, 1.0)
    return matrix


def test_nemenyi_of_the_issue_agrees_with_its_critical_difference() -> None:
    """k = 4, N = 30 and a pair at z = 2.60 (rank difference 0.867, SE 1/3): the critical
    difference (0.856) separates it, and so do the Nemenyi APVs (0.046); G08's Bonferroni form
    (0.056) does not."""
    ranks = {"A": 2.5 - 1.3 / 3, "B": 2.5 + 1.3 / 3, "C": 2.5, "D": 2.5}
    result = mc.posthoc_all_pairs(ranks=ranks, n_datasets=30)
    cd = mc.critical_difference(4, 30)
    assert cd == pytest.approx(0.856, abs=5e-4) and cd < 2.6 / 3
    assert abs(result.z["A vs B"]) == pytest.approx(2.60, abs=1e-12)
    expected = stats.studentized_range.sf(2.60 * np.sqrt(2.0), 4, np.inf)
    assert result.adjusted.loc["A vs B", "nemenyi"] == pytest.approx(expected, rel=1e-12)
    assert result.adjusted.loc["A vs B", "nemenyi"] == pytest.approx(0.046, abs=5e-4)
    assert result.adjusted.loc["A vs B", "bonferroni"] == pytest.approx(0.056, abs=5e-4)
    assert result.reject.loc["A vs B", "nemenyi"] and not result.reject.loc["A vs B", "bonferroni"]


PROCEDURE_PEERS = {
    "nemenyi": sp.posthoc_nemenyi_friedman,
    "miller": sp.posthoc_miller_friedman,
}


@pytest.mark.parametrize("procedure", ["nemenyi", "miller"])
@pytest.mark.parametrize(("n", "k", "seed"), [(30, 4, 1), (12, 6, 2), (50, 10, 3), (0, 0, 0)])
def test_nemenyi_and_miller_equal_scikit_posthocs(
    procedure: str, n: int, k: int, seed: int
) -> None:
    """Random tables, and (n = 0) Demsar's (2006) Table 6."""
    data = _data(n, k, seed) if n else mc.load_example("demsar2006")
    result = mc.posthoc_all_pairs(data, procedures=procedure, method="asymptotic")
    expected = PROCEDURE_PEERS[procedure](data.to_numpy())
    np.testing.assert_allclose(_as_matrix(result, procedure), expected, rtol=1e-9, atol=1e-12)


@given(st.integers(3, 12), st.integers(2, 60), st.floats(0.01, 0.2), st.integers(0, 2**32 - 1))
def test_nemenyi_rejects_exactly_where_the_critical_difference_does(
    k: int, n: int, alpha: float, seed: int
) -> None:
    """The pairs whose average ranks differ by at least CD are the pairs with Nemenyi
    APV <= alpha (away from float ties), for the average ranks of n random permutations."""
    rng = np.random.default_rng(seed)
    shift = rng.uniform(0.0, 3.0, size=k)
    rows = np.argsort(rng.normal(size=(n, k)) + shift, axis=1).argsort(axis=1) + 1.0
    ranks = dict(zip(map(str, range(k)), rows.mean(axis=0)))
    result = mc.posthoc_all_pairs(ranks=ranks, n_datasets=n, alpha=alpha, procedures="nemenyi")
    cd = mc.critical_difference(k, n, alpha)
    for a, b in itertools.combinations(ranks, 2):
        gap = abs(ranks[a] - ranks[b])
        if abs(gap - cd) > 1e-9 * cd:
            assert result.reject.loc[f"{a} vs {b}", "nemenyi"] == (gap >= cd)


@pytest.mark.parametrize("procedure", ["nemenyi", "miller"])
def test_common_se_procedures_are_not_offered_after_pairwise_tests(procedure: str) -> None:
    data = _data(12, 4, 4)
    result = mc.posthoc_all_pairs(data, test="wilcoxon")
    # Miller's is computed only when named (issue 37.5): never a default to skip
    assert procedure == "miller" or "studentized range" in result.skipped[procedure]
    with pytest.raises(ValueError, match=f"{procedure} does not apply: the studentized range"):
        mc.posthoc_all_pairs(data, test="wilcoxon", procedures=procedure)


@given(st.integers(2, 30), st.floats(0.0, 8.0))
def test_miller_is_the_chi_square_of_z_and_lies_between_p_and_one(k: int, z: float) -> None:
    """APV = P(chi2_{k-1} >= z^2): at k = 2 the two-sided p itself; at least p for any k
    (a chi-square with more df has a heavier tail), non-decreasing in k."""
    p = 2.0 * stats.norm.sf(z)
    m = k * (k - 1) // 2
    apv = mc.adjust_all_pairs(np.full(m, p), "miller", n_algorithms=k)[0]
    assert apv == pytest.approx(stats.chi2.sf(z * z, k - 1), rel=1e-9, abs=1e-300)
    assert p * (1 - 1e-9) <= apv <= 1.0
    if k == 2:
        assert apv == pytest.approx(p, rel=1e-9)
    more = mc.adjust_all_pairs(np.full((k + 1) * k // 2, p), "miller", n_algorithms=k + 1)[0]
    assert more >= apv * (1 - 1e-12)


# --- Conover's t tests after Friedman and Quade (issue 21.9) ----------------------------------

CONOVER_PEERS = {
    "conover": lambda x, adjust: sp.posthoc_conover_friedman(x, p_adjust=adjust),
    "quade_conover": lambda x, adjust: sp.posthoc_quade(x, p_adjust=adjust),
}


@pytest.mark.parametrize("test", ["conover", "quade_conover"])
@pytest.mark.parametrize(
    ("n", "k", "seed", "decimals"), [(12, 5, 1, 6), (30, 4, 2, 1), (8, 7, 3, 0)]
)
def test_conover_equals_scikit_posthocs(
    test: str, n: int, k: int, seed: int, decimals: int
) -> None:
    """Unadjusted and Holm-adjusted p-values, with and without ties (scores rounded to
    integers after scaling, so that the peer's ranges tie where the package's do)."""
    data = (_data(n, k, seed) * 10.0**decimals).round()
    result = mc.posthoc_all_pairs(data, test=test, procedures="holm")
    assert result.method == "asymptotic" and result.test == test
    for adjust, procedure in ((None, None), ("holm", "holm")):
        matrix = result.matrix(procedure).to_numpy(copy=True)
        np.fill_diagonal(matrix, 1.0)
        expected = CONOVER_PEERS[test](data.to_numpy(), adjust).to_numpy()
        np.testing.assert_allclose(matrix, expected, rtol=1e-9, atol=1e-14)


@pytest.mark.parametrize("test", ["conover", "quade_conover"])
def test_conover_with_a_control_has_the_all_pairs_pvalues(test: str) -> None:
    data = _data(15, 5, 5)
    pairs = mc.posthoc_all_pairs(data, test=test, procedures=["holm"]).matrix()
    control = mc.posthoc_control(data, "A5", test=test, procedures=["holm"])
    for name in control.algorithms:
        assert control.pvalue[name] == pytest.approx(pairs.loc[name, "A5"], rel=1e-12)


def test_conover_t_is_the_difference_over_the_anova_se() -> None:
    """Conover (1999, p. 371) by hand: t = |R_i - R_j| / sqrt(2 (N(k-1) S^2 - sum (R_j -
    N(k+1)/2)^2) / ((N-1)(k-1))) on rank sums, Student's t on (N-1)(k-1) df."""
    data = _data(10, 4, 6).round(1)
    ranks = stats.rankdata(-data.to_numpy(), axis=1)
    n, k = ranks.shape
    sums = ranks.sum(axis=0)
    s2 = (np.sum(ranks**2) - n * k * (k + 1) ** 2 / 4) / (k - 1)
    df = (n - 1) * (k - 1)
    se = np.sqrt(2 * (n * (k - 1) * s2 - np.sum((sums - n * (k + 1) / 2) ** 2)) / df)
    result = mc.posthoc_all_pairs(data, test="conover", procedures=["holm"])
    for (a, b), z, p in zip(itertools.combinations(range(k), 2), result.z, result.pvalue):
        t = (sums[b] - sums[a]) / se
        assert z == pytest.approx(t, rel=1e-12)
        assert p == pytest.approx(2 * stats.t.sf(abs(t), df), rel=1e-10)


@pytest.mark.parametrize(
    ("data", "adjust", "procedure"),
    [
        (SACHS, "single-step", "single_step"),
        (_data(12, 5, 1), "single-step", "single_step"),
        (_data(30, 8, 2).round(1), "single-step", "single_step"),
        (SACHS, "fdr_bh", "fdr_bh"),
        (SACHS, "fdr_by", "fdr_by"),
        (_data(20, 6, 3), "hommel", "hommel"),
    ],
)
def test_conover_procedures_equal_scikit_posthocs(
    data: pd.DataFrame, adjust: str, procedure: str
) -> None:
    """Issue 34.1: the peers' single-step after Conover, P(Q_{k,inf} >= sqrt(2) |t|), by
    name; and the screening procedures (34.3) on Conover's p-values."""
    result = mc.posthoc_all_pairs(data, test="conover", procedures=[procedure])
    matrix = result.matrix(procedure).to_numpy(copy=True)
    np.fill_diagonal(matrix, 1.0)
    expected = sp.posthoc_conover_friedman(data.to_numpy(), p_adjust=adjust).to_numpy()
    np.testing.assert_allclose(matrix, expected, rtol=1e-4, atol=1e-12)


def test_conover_single_step_and_nemenyi_on_sachs() -> None:
    """The issue's figures: the peers' 0.000108 by name, Nemenyi's studentized range at the
    normal deviate of the t p-value (0.00198: the form closest to alpha after Conover,
    benches/RESULTS-conover.md) by that name, both stated in the docstrings."""
    result = mc.posthoc_all_pairs(
        SACHS, test="conover", method="asymptotic", procedures=["nemenyi", "single_step"]
    )
    assert result.matrix("single_step").loc["A", "B"] == pytest.approx(0.000108, abs=5e-7)
    assert result.matrix("nemenyi").loc["A", "B"] == pytest.approx(0.00198, abs=5e-6)
    p = result.pvalue["A vs B"]
    t = stats.t.isf(p / 2, 25)
    assert result.matrix("single_step").loc["A", "B"] == pytest.approx(
        stats.studentized_range.sf(np.sqrt(2) * t, 6, np.inf), rel=1e-6
    )
    # after the z tests the peers' single-step is Nemenyi's
    z = mc.posthoc_all_pairs(SACHS, procedures=["nemenyi", "single_step"])
    np.testing.assert_allclose(z.adjusted["single_step"], z.adjusted["nemenyi"], rtol=1e-12)


@given(
    st.integers(2, 12),
    st.floats(0.0, 6.0),
    st.floats(0.0, 6.0),
    st.sampled_from([None, 5.0, 25.0, 300.0]),
)
def test_single_step_is_the_range_of_sqrt2_times_the_statistic(
    k: int, t: float, u: float, df: float | None
) -> None:
    """P(Q_{k,inf} >= sqrt(2)|t|), |t| recovered from the two-sided p-value on ``df`` degrees
    of freedom (None: normal): non-increasing in |t|, within [0, 1], and Nemenyi's value after
    the z tests."""
    from multicomp.procedures.adjust import all_pairs_apv

    tail = (lambda x: 2 * stats.norm.sf(x)) if df is None else (lambda x: 2 * stats.t.sf(x, df))
    m = k * (k - 1) // 2
    p = np.array([tail(t), tail(u)] + [1.0] * (m - 2)) if m >= 2 else np.array([tail(t)])
    apv = all_pairs_apv(p, "single_step", k, False, df=df)
    assert np.all((apv >= 0) & (apv <= 1))
    expected = stats.studentized_range.sf(np.sqrt(2) * t, k, np.inf) if t > 0 else 1.0
    assert apv[0] == pytest.approx(expected, rel=1e-5, abs=1e-12)
    if m >= 2:
        assert (apv[0] <= apv[1]) == (t >= u) or t == u or apv[0] == apv[1]
    if df is None:
        nemenyi = all_pairs_apv(p, "nemenyi", k, False)
        np.testing.assert_allclose(np.clip(apv, p, np.minimum(m * p, 1)), nemenyi, rtol=1e-12)


@pytest.mark.parametrize("posthoc", ["all_pairs", "control"])
def test_conover_computes_only_the_procedures_named_and_says_why(posthoc: str) -> None:
    """Issue 37.3: FWER 0.49 under spread partial nulls; refused unless named, and the note in
    every result, table and text."""
    run = (
        mc.posthoc_all_pairs
        if posthoc == "all_pairs"
        else functools.partial(mc.posthoc_control, control="A")
    )
    with pytest.raises(ValueError, match=r"test='conover' computes only the procedures you name"):
        run(SACHS, test="conover")
    result = run(SACHS, test="conover", procedures=["holm"])
    assert result.procedures == ("holm",)
    assert result.notes[0] == ranktests.posthoc_warning("conover")
    assert "0.49" in result.notes[0] and "0.26" in result.notes[0]
    assert result.to_frame().attrs["notes"] == result.notes
    assert "Note: Conover's t tests do not control the family-wise error" in str(result)
    # Quade's weights keep its SE large: the defaults, no note
    quade = run(SACHS, test="quade_conover")
    assert quade.notes == () and "holm" in quade.procedures


def test_compare_after_conover_needs_the_procedure_and_prints_the_note() -> None:
    with pytest.raises(ValueError, match=r"computes only the procedures you name \(procedure="):
        mc.compare(SACHS, test="conover")
    report = mc.compare(SACHS, test="conover", procedure="holm")
    assert report.procedures == ("holm",)
    assert "Conover's t tests do not control the family-wise error" in report.summary
    assert "0.49" in report.to_markdown()


def test_conover_needs_the_data_and_separates_perfect_agreement() -> None:
    with pytest.raises(ValueError, match="Conover's post-hoc estimates its standard error"):
        mc.posthoc_all_pairs(ranks={"a": 1.0, "b": 2.0, "c": 3.0}, n_datasets=5, test="conover")
    agree = pd.DataFrame(np.tile([3.0, 2.0, 1.0], (6, 1)), columns=["a", "b", "c"])
    # every data set ranks a, b, c alike
    result = mc.posthoc_all_pairs(agree, test="conover", procedures=["holm"])
    assert result.se == 0.0 and (result.pvalue == 0.0).all() and np.isinf(result.z).all()
