"""Mauchly's test of sphericity at every N >= k: its p-value comes from W's exact null law
(a product of independent betas, Anderson 2003, Sec. 10.7), where the chi-square
approximation rejected 27% of spherical 10 x 10 tables and check_conditions' verdict 22%."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import integrate, stats

import multicomp as mc
from multicomp.parametric.anova import mauchly


def _spherical(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """A compound-symmetric normal table: a data-set effect plus independent noise."""
    return rng.normal(size=(n, 1)) + 0.5 * rng.normal(size=(n, k))


@pytest.mark.parametrize("n", [3, 4, 5, 8, 30])
def test_at_three_algorithms_the_pvalue_is_exact(n: int) -> None:
    """k = 3: W ~ Beta((N - 2)/2, 1) under sphericity, P(W <= w) = w^((N - 2)/2)."""
    w, pvalue, _ = mauchly(_spherical(np.random.default_rng(n), n, 3))
    assert pvalue == pytest.approx(w ** ((n - 2) / 2), rel=1e-12)


@pytest.mark.parametrize(("n", "seed"), [(4, 1), (6, 2), (12, 3), (40, 4)])
def test_at_four_algorithms_the_pvalue_is_the_exact_integral(n: int, seed: int) -> None:
    """k = 4: P(B1 B2 <= w) = integral of F_B2(w / x) f_B1(x) dx, computed by quadrature;
    the package's conditional Monte Carlo agrees within 3 of its standard errors."""
    w, pvalue, _ = mauchly(_spherical(np.random.default_rng(seed), n, 4))
    first, second = stats.beta((n - 2) / 2, 5 / 6), stats.beta((n - 3) / 2, 5 / 3)
    exact = integrate.quad(lambda x: second.cdf(min(w / x, 1.0)) * first.pdf(x), 0, 1)[0]
    assert 0 < pvalue < 1
    assert pvalue == pytest.approx(exact, abs=3e-3)


@pytest.mark.parametrize(("n", "k"), [(10, 10), (11, 10), (5, 5)])
def test_sphericity_rejects_about_alpha_of_spherical_tables_near_n_equal_k(n: int, k: int) -> None:
    """300 spherical tables per shape: the rate of p <= 0.05 lies within 4 Monte Carlo
    standard errors of 0.05 (the chi-square approximation: 0.27 at 10 x 10, 0.14 at 11 x 10,
    0.09 at 5 x 5, measured on 10,000 tables)."""
    rng = np.random.default_rng(3700 + n + k)
    reps, alpha = 300, 0.05
    rate = np.mean([mauchly(_spherical(rng, n, k))[1] <= alpha for _ in range(reps)])
    assert abs(rate - alpha) <= 4 * np.sqrt(alpha * (1 - alpha) / reps)


def test_the_issues_verdict_on_spherical_ten_by_ten_tables() -> None:
    """The issue's recipe: check_conditions rejected 22 of these 100 good tables."""
    rng = np.random.default_rng(1)
    verdicts = [
        mc.check_conditions(rng.normal(size=(10, 1)) + 0.5 * rng.normal(size=(10, 10))).rejected
        for _ in range(100)
    ]
    assert np.mean(verdicts) <= 0.10


def test_the_pvalue_is_deterministic_and_falls_with_w() -> None:
    values = _spherical(np.random.default_rng(7), 10, 6)
    assert mauchly(values) == mauchly(values.copy())
    stretched = values.copy()
    stretched[:, 0] *= 3  # one algorithm's differences vary more: sphericity fails
    w, pvalue, _ = mauchly(values)
    w_bad, p_bad, _ = mauchly(stretched)
    assert w_bad < w and p_bad < pvalue
