"""The screening procedures (issue 34.3): Benjamini-Hochberg and Benjamini-Yekutieli with a
control and over all pairs, Hommel over all pairs; checked against statsmodels' multipletests,
by their properties, and for how they are offered (by name only, labelled as controlling the
false discovery rate)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from statsmodels.stats.multitest import multipletests

import multicomp as mc
from multicomp import procedures

FDR = ("fdr_bh", "fdr_by")
pvalue_families = arrays(
    np.float64,
    st.integers(1, 40),
    elements=st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 0.01, 0.05, 0.5, 1.0])),
)


@pytest.mark.parametrize("method", FDR)
@given(p=pvalue_families)
def test_fdr_equals_statsmodels_with_a_control(method: str, p: np.ndarray) -> None:
    expected = multipletests(p, method=method)[1]
    np.testing.assert_allclose(mc.adjust_control(p, method), expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("method", (*FDR, "hommel"))
@given(k=st.integers(2, 9), seed=st.integers(0, 2**32 - 1), ties=st.booleans())
def test_all_pairs_screening_equals_statsmodels(method: str, k: int, seed: int, ties: bool) -> None:
    """Over all pairs the p-values are adjusted as one family of k(k-1)/2, as statsmodels'
    (and R's p.adjust) do; Hommel's is Simes' closed procedure, valid for any family."""
    p = np.random.default_rng(seed).uniform(size=k * (k - 1) // 2) ** 3
    if ties:
        p = np.round(p, 2)
    expected = multipletests(p, method=method)[1]
    actual = mc.adjust_all_pairs(p, method, n_algorithms=k)
    np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("method", FDR)
@given(p=pvalue_families, data=st.data())
def test_fdr_apvs_are_monotone_in_p_and_bounded(method: str, p: np.ndarray, data) -> None:
    """APV is non-decreasing in p, between p and 1; BY >= BH; lowering one p-value lowers no
    APV."""
    apv = mc.adjust_control(p, method)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(apv[order]) >= 0)
    assert np.all(apv >= p) and np.all(apv <= 1.0)
    assert np.all(mc.adjust_control(p, "fdr_by") >= mc.adjust_control(p, "fdr_bh"))
    i = data.draw(st.integers(0, len(p) - 1))
    lower = p.copy()
    lower[i] = data.draw(st.floats(0.0, float(p[i])))
    assert np.all(mc.adjust_control(lower, method) <= apv + 1e-15)


@pytest.mark.parametrize("comparison", ["control", "all_pairs"])
def test_screening_procedures_are_never_defaults_and_say_fdr(comparison: str) -> None:
    data = mc.load_example("garcia2010")
    run = (
        mc.posthoc_all_pairs
        if comparison == "all_pairs"
        else functools.partial(mc.posthoc_control, control="PDFC")
    )
    default = run(data)
    assert not set(FDR) & set(default.procedures) and "hommel" in procedures.names(comparison)
    result = run(data, procedures=["holm", *FDR])
    assert result.procedures == ("holm", *FDR)
    assert len(result.notes) == 2
    for note in result.notes:
        assert "controls the false discovery rate" in note and "not the family-wise error" in note
    assert str(result).count("false discovery rate") == 2


def test_pairwise_tests_take_benjamini_yekutieli_only() -> None:
    """BH and Hommel need PRDS p-values, which the pairwise tests' are not known to be; BY
    holds under any dependence."""
    data = mc.load_example("garcia2010")
    result = mc.posthoc_all_pairs(data, test="wilcoxon", procedures=["holm", "fdr_by"])
    assert result.procedures == ("holm", "fdr_by")
    for name in ("fdr_bh", "hommel"):
        with pytest.raises(ValueError, match=f"{name} does not apply: it needs p-values"):
            mc.posthoc_all_pairs(data, test="wilcoxon", procedures=[name])


def test_by_name_procedures_in_the_registry() -> None:
    """What the default columns hold (issues 37.2, 37.5, 34.2, 34.3)."""
    assert procedures.defaults("control") == (
        "bonferroni",
        "holm",
        "hochberg",
        "hommel",
        "holland",
        "rom",
    )
    assert procedures.defaults("all_pairs") == (
        "nemenyi",
        "bonferroni",
        "holm",
        "shaffer",
        "bergmann_hommel",
    )
    by_name = {
        family: set(procedures.names(family)) - set(procedures.defaults(family))
        for family in ("control", "all_pairs")
    }
    assert by_name == {
        "control": {"fdr_bh", "fdr_by", "finner", "li", "single_step"},
        "all_pairs": {"miller", "single_step", "hommel", "fdr_bh", "fdr_by"},
    }
