"""The single-step (Dunnett-type) procedure of the comparisons with a control: PMCMRplus'
``frdManyOneNemenyiTest`` on its own example (Sachs 1997), the equicorrelated normal tail
against scipy's multivariate normal, its adaptive quadrature, closed forms and simulation, its
bounds, its family-wise error under the null, and its place in posthoc_control, compare, the
command line and the CD diagram (computed only when named)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import integrate, stats

import multicomp as mc
from multicomp import procedures
from multicomp.cli import main
from multicomp.procedures.equicorrelated import max_normal_sf
from peer_examples import SACHS


def _equicorrelated(m: int, rho: float = 0.5) -> np.ndarray:
    return np.full((m, m), rho) + (1.0 - rho) * np.eye(m)


def _pmcmr_many_one_nemenyi(x: np.ndarray, alternative: str) -> np.ndarray:
    """PMCMRplus' frdManyOneNemenyiTest (R/frdManyOneNemenyiTest.R, lines 102-130), an
    independent formula: x_j = (R_j - R_1)/sqrt(n k (k + 1)/6) on the rank sums of ascending
    ranks (the first column is the control), then 1 - pmvnorm with correlation 0.5 (scipy's
    multivariate normal, Genz's algorithm as mvtnorm's)."""
    n, k = x.shape
    sums = stats.rankdata(x, axis=1).sum(axis=0)
    statistic = (sums[1:] - sums[0]) / np.sqrt(n * k * (k + 1) / 6.0)
    mvn = stats.multivariate_normal(np.zeros(k - 1), _equicorrelated(k - 1))
    ones = np.ones(k - 1)
    out = []
    for value in statistic:
        if alternative == "two-sided":
            inside = mvn.cdf(abs(value) * ones, lower_limit=-abs(value) * ones)
        elif alternative == "greater":
            inside = mvn.cdf(value * ones)
        else:
            inside = mvn.cdf(np.inf * ones, lower_limit=value * ones)
        out.append(1.0 - inside)
    return np.array(out)


def test_sachs_two_sided_equals_pmcmrplus_formula() -> None:
    """Control A, two-sided. The issue quoted B 0.0904, C 0.0405, D 0.998, E 0.0169,
    F 0.00043; PMCMRplus' formula as its source writes it (the rank sums 8, 23, 25, 10, 27, 33,
    |x| = 2.315, 2.623, 0.309, 2.932, 3.858) gives B 0.0824, C 0.0370, D 0.998, E 0.0150,
    F 0.00055: scipy's multivariate normal and the quadrature below agree with those, and no
    correlation in [0, 0.5] gives all five quoted values."""
    result = mc.posthoc_control(SACHS, "A", method="asymptotic", procedures=["single_step"])
    ours = result.adjusted["single_step"].to_numpy()
    pmcmr = _pmcmr_many_one_nemenyi(SACHS.to_numpy(), "two-sided")
    np.testing.assert_allclose(ours, pmcmr, atol=2e-5)  # Genz's algorithm is Monte Carlo
    np.testing.assert_allclose(
        ours, [0.08243269, 0.03697375, 0.9981651, 0.01499851, 0.0005526889], rtol=1e-6
    )


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_sachs_one_sided_equals_pmcmrplus_formula(alternative: str) -> None:
    """``greater``: the algorithm scores higher than the control (PMCMRplus' alternative of
    the scores, as for frdManyOneDemsarTest)."""
    result = mc.posthoc_control(
        SACHS, "A", method="asymptotic", procedures=["single_step"], alternative=alternative
    )
    expected = _pmcmr_many_one_nemenyi(SACHS.to_numpy(), alternative)
    np.testing.assert_allclose(result.adjusted["single_step"], expected, atol=2e-5)


@pytest.mark.parametrize("m", [2, 3, 5, 8])
@pytest.mark.parametrize("two_sided", [True, False])
def test_tail_equals_scipy_multivariate_normal_and_quadrature(m: int, two_sided: bool) -> None:
    """The rule against scipy's multivariate normal and scipy's adaptive quadrature of the
    one-dimensional integral as the issue writes it (1 - the product form, moderate tails)."""
    thresholds = np.array([0.2, 1.0, 1.96, 2.5, 3.2])
    ours = max_normal_sf(thresholds, m, two_sided=two_sided)
    mvn = stats.multivariate_normal(np.zeros(m), _equicorrelated(m))
    r = np.sqrt(0.5)
    for c, value in zip(thresholds, ours):
        ones = np.ones(m)
        inside = mvn.cdf(c * ones, lower_limit=-c * ones if two_sided else None)
        assert value == pytest.approx(1.0 - inside, abs=2e-5)

        def integrand(z: float, c: float = c) -> float:
            upper = stats.norm.cdf((c + r * z) / r)
            lower = stats.norm.cdf((-c + r * z) / r) if two_sided else 0.0
            return float(stats.norm.pdf(z) * (upper - lower) ** m)

        quad = integrate.quad(integrand, -np.inf, np.inf, epsabs=1e-13, epsrel=1e-12)[0]
        assert value == pytest.approx(1.0 - quad, rel=1e-9, abs=1e-12)


#: Dunnett's (1955, Tables 1a and 2a; 1964) 5% points with infinite degrees of freedom, one-
#: and two-sided, for m = 2, 3, 4, 5 and 9 comparisons with a control.
DUNNETT_ONE_SIDED = {2: 1.92, 3: 2.06, 4: 2.16, 5: 2.23, 9: 2.42}
DUNNETT_TWO_SIDED = {2: 2.21, 3: 2.35, 4: 2.44, 5: 2.51, 9: 2.69}


@pytest.mark.parametrize(
    ("table", "two_sided"), [(DUNNETT_ONE_SIDED, False), (DUNNETT_TWO_SIDED, True)]
)
def test_dunnett_printed_critical_values(table: dict[int, float], two_sided: bool) -> None:
    for m, printed in table.items():
        below, above = max_normal_sf(
            np.array([printed - 0.005, printed + 0.005]), m, two_sided=two_sided
        )
        assert below > 0.05 > above


@given(st.integers(1, 200), st.floats(0.0, 37.0))
def test_tail_closed_forms(m: int, c: float) -> None:
    """One variable: 2 Phi(-c) (two-sided), Phi(-c); independent ones (rho = 0): Sidak's
    1 - (1 - q)^m, to relative accuracy deep in the tail."""
    two = 2.0 * stats.norm.sf(c)
    one = stats.norm.sf(c)
    arr = np.array([c])
    assert max_normal_sf(arr, 1, two_sided=True)[0] == pytest.approx(two, rel=1e-10, abs=1e-300)
    assert max_normal_sf(arr, 1, two_sided=False)[0] == pytest.approx(one, rel=1e-10, abs=1e-300)
    for q, two_sided in ((two, True), (one, False)):
        with np.errstate(divide="ignore"):  # q = 1 at c = 0, two-sided
            sidak = -np.expm1(m * np.log1p(-q))
        value = max_normal_sf(arr, m, two_sided=two_sided, rho=0.0)[0]
        assert value == pytest.approx(sidak, rel=1e-9, abs=1e-300)


def test_tail_equals_simulation() -> None:
    rng = np.random.default_rng(1)
    m, draws = 6, 400_000
    z = np.sqrt(0.5) * rng.standard_normal((draws, 1)) + np.sqrt(0.5) * rng.standard_normal(
        (draws, m)
    )
    thresholds = np.array([1.5, 2.5, 3.0])
    for two_sided, largest in ((True, np.abs(z).max(axis=1)), (False, z.max(axis=1))):
        simulated = (largest[:, None] >= thresholds).mean(axis=0)
        ours = max_normal_sf(thresholds, m, two_sided=two_sided)
        se = np.sqrt(ours * (1 - ours) / draws)
        assert np.all(np.abs(simulated - ours) < 4.5 * se)


P_VALUES = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12).map(np.array)


@given(P_VALUES, st.sampled_from(["two-sided", "greater", "less"]))
def test_bounds(p: np.ndarray, alternative: str) -> None:
    """p <= APV <= Sidak's 1 - (1 - p)^m <= Bonferroni's m p (Sidak's inequality for
    two-sided, Slepian's for one-sided normal variables with positive correlation); the APV of
    a single comparison is its p-value; equal for 'greater' and 'less'."""
    m = p.size
    apv = mc.adjust_control(p, "single_step", alternative=alternative)
    with np.errstate(divide="ignore"):  # p = 1
        sidak = -np.expm1(m * np.log1p(-p))
    assert np.all(apv >= p * (1 - 1e-12)) and np.all(apv <= sidak * (1 + 1e-9) + 1e-300)
    if m == 1:
        np.testing.assert_allclose(apv, p, rtol=1e-9, atol=1e-300)
    other = "less" if alternative == "greater" else alternative
    np.testing.assert_array_equal(apv, mc.adjust_control(p, "single_step", alternative=other))


def test_alternative_changes_only_the_single_step() -> None:
    p = np.array([0.004, 0.03, 0.2])
    for name in procedures.defaults("control"):
        np.testing.assert_array_equal(
            mc.adjust_control(p, name, alternative="less"), mc.adjust_control(p, name)
        )
    assert (
        mc.adjust_control(p, "single_step", alternative="less")[0]
        < mc.adjust_control(p, "single_step")[0]
    )
    with pytest.raises(ValueError, match="alternative must be one of"):
        mc.adjust_control(p, "single_step", alternative="both")


def test_family_wise_error_under_the_null_is_alpha() -> None:
    """Exact for equicorrelated normal z statistics: the FWER of m = 5 comparisons (the
    smallest p-value's APV at most alpha) is alpha, two-sided and one-sided, within Monte
    Carlo error; Bonferroni's is below."""
    rng = np.random.default_rng(7)
    draws, m = 4000, 5
    z = np.sqrt(0.5) * rng.standard_normal((draws, 1)) + np.sqrt(0.5) * rng.standard_normal(
        (draws, m)
    )
    for alternative, p in (
        ("two-sided", 2.0 * stats.norm.sf(np.abs(z))),
        ("greater", stats.norm.sf(z)),
    ):
        smallest = p.min(axis=1)
        apv = max_normal_sf(
            -stats.norm.ppf(smallest / 2.0 if alternative == "two-sided" else smallest),
            m,
            two_sided=alternative == "two-sided",
        )
        fwer = float(np.mean(apv <= 0.05))
        assert abs(fwer - 0.05) < 4.0 * np.sqrt(0.05 * 0.95 / draws)
        assert fwer >= float(np.mean(m * smallest <= 0.05))


def test_computed_only_when_named() -> None:
    """Not among the default columns (the single-step analogue of Bonferroni-Dunn; Holm's
    step-down is the default); named, it is a column like the others."""
    assert "single_step" in procedures.names("control")
    assert "single_step" not in procedures.defaults("control")
    plain = mc.posthoc_control(SACHS, "A", method="asymptotic")
    assert "single_step" not in plain.adjusted.columns
    named = mc.posthoc_control(SACHS, "A", method="asymptotic", procedures=["holm", "single_step"])
    assert list(named.to_frame().columns)[-1] == "apv_single_step"
    pd.testing.assert_series_equal(named.adjusted["holm"], plain.adjusted["holm"])


def test_not_after_pairwise_tests() -> None:
    with pytest.raises(ValueError, match="single_step does not apply: it holds for z"):
        mc.posthoc_control(SACHS, "A", test="wilcoxon", procedures=["single_step"])
    with pytest.raises(ValueError, match="single_step does not apply"):
        mc.compare(SACHS, control="A", test="wilcoxon", procedure="single_step")


def test_compare_decides_with_it() -> None:
    report = mc.compare(SACHS, control="A", procedure="Single-Step", method="asymptotic")
    plain = mc.compare(SACHS, control="A", method="asymptotic")
    assert report.procedure == "single_step" and "single_step" not in plain.procedures
    assert "Post-hoc (Dunnett's procedure" in report.summary
    one_sided = mc.compare(SACHS, control="A", procedure="single_step", alternative="greater")
    expected = mc.posthoc_control(
        SACHS, "A", procedures=["single_step"], alternative="greater"
    ).adjusted["single_step"]
    at = one_sided.procedures.index("single_step")
    got = {h.second: h.apvs[at] for h in one_sided.hypotheses}
    np.testing.assert_allclose([got[name] for name in expected.index], expected.to_numpy())


def test_command_line_and_cd_diagram(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sachs.csv"
    SACHS.rename(index=lambda i: f"person{i + 1}").to_csv(path)
    target = tmp_path / "cd.svg"
    status = main(
        [str(path), "--control", "A", "--procedure", "single_step", "--plot", str(target)]
    )
    out = capsys.readouterr().out
    assert status == 0 and "Post-hoc (Dunnett's procedure" in out
    assert "Dunnett vs control" in target.read_text()
    figure = mc.cd_diagram(SACHS, control="A", procedure="single_step")
    assert figure is not None
