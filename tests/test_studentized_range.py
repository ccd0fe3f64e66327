"""The studentized range tail of Nemenyi's APVs (multicomp.procedures.studentized_range):
against its closed form at k = 2, scipy's quadrature, its own direct rule (the interpolation)
and the bounds of an all-pairs APV."""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import norm, studentized_range

from multicomp import adjust_all_pairs
from multicomp.procedures import studentized_range as module
from multicomp.procedures.studentized_range import range_sf


def test_doctests() -> None:
    assert doctest.testmod(module, raise_on_error=False).failed == 0


def test_two_means_is_the_normal_tail() -> None:
    """k = 2: the range of two standard normals is |Z1 - Z2|, so P(Q >= q) = 2 Phi(-q/sqrt 2),
    kept in relative terms far into the tail (to 1e-290)."""
    q = np.linspace(0.01, 50.0, 3001)
    exact = 2.0 * norm.sf(q / np.sqrt(2.0))
    kept = exact > 1e-290
    np.testing.assert_allclose(range_sf(q, 2)[kept], exact[kept], rtol=1e-10)
    rule = module._integrate(q, 2, float(q.max()))
    np.testing.assert_allclose(rule[kept], exact[kept], rtol=1e-11)


@pytest.mark.parametrize("k", [3, 7, 50, 400, 2000])
def test_agrees_with_scipy(k: int) -> None:
    """scipy's adaptive quadrature of the cdf, to its absolute accuracy (about 1e-15)."""
    q = np.linspace(0.0, 10.0, 41)
    np.testing.assert_allclose(range_sf(q, k), studentized_range.sf(q, k, np.inf), atol=2e-13)


@given(k=st.integers(2, 3000), seed=st.integers(0, 2**32 - 1))
def test_series_agree_with_the_rule(k: int, seed: int) -> None:
    """The tail is read from Chebyshev series of log P; they agree with the quadrature rule
    at other points to 1e-11 in relative terms, and a value's tail does not depend on the
    values computed with it."""
    q = np.random.default_rng(seed).uniform(0.0, 40.0, 300)
    direct = module._integrate(q, k, 40.0)
    kept = direct > 1e-290
    got = range_sf(q, k)
    np.testing.assert_allclose(got[kept], direct[kept], rtol=1e-11)
    np.testing.assert_array_equal(range_sf(q[:5], k), got[:5])


def test_nemenyi_apvs_between_p_and_bonferroni_at_scale() -> None:
    """At k = 300 (44,850 pairs, interpolated), Nemenyi's APVs lie between p and m p, and
    equal scipy's at the pairs it can compute (a subsample)."""
    k = 300
    rng = np.random.default_rng(5)
    ranks = np.sort(rng.uniform(1, k, k))
    i, j = np.triu_indices(k, 1)
    z = (ranks[j] - ranks[i]) / np.sqrt(k * (k + 1) / (6 * 40))
    p = 2.0 * norm.sf(z)
    apv = adjust_all_pairs(p, "nemenyi", n_algorithms=k)
    assert np.all((apv >= p) & (apv <= np.minimum(len(p) * p, 1.0)))
    some = rng.choice(len(p), 30, replace=False)
    expected = studentized_range.sf(np.sqrt(2.0) * z[some], k, np.inf)
    np.testing.assert_allclose(apv[some], np.clip(expected, p[some], 1.0), atol=1e-12)
