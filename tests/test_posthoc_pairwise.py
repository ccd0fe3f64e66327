"""Post-hocs from pairwise Wilcoxon signed-rank and sign tests (Benavoli et al. 2016)."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats
from statsmodels.stats.multitest import multipletests

import multicomp as mc
from multicomp import cli, procedures

SCORES = st.tuples(st.integers(5, 14), st.integers(3, 5)).flatmap(
    lambda shape: arrays(np.float64, shape, elements=st.integers(0, 12).map(lambda v: v / 4))
)


def _continuous(n: int, k: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(n, k)) + np.linspace(0, 1, k)
    return pd.DataFrame(values, columns=[f"A{j}" for j in range(k)])


@pytest.mark.parametrize("test", ["wilcoxon", "sign"])
def test_pvalues_are_the_pairwise_tests_and_adjustments_are_statsmodels(test: str) -> None:
    data = _continuous(12, 4, 1)
    result = mc.posthoc_all_pairs(data, test=test)
    for (a, b), p in zip(result.pairs, result.pvalue):
        x, y = data[a].to_numpy(), data[b].to_numpy()
        if test == "wilcoxon":  # no ties: scipy's exact signed-rank test is an independent peer
            expected = stats.wilcoxon(x, y, method="exact").pvalue
        else:
            expected = stats.binomtest(int((x > y).sum()), len(x)).pvalue
        assert p == pytest.approx(expected, rel=1e-12)
    p = result.pvalue.to_numpy()
    # the defaults valid for pairwise tests (Benjamini-Yekutieli too, when named)
    assert result.procedures == ("bonferroni", "holm")
    assert set(procedures.after_pairwise("all_pairs")) == {"bonferroni", "holm", "fdr_by"}
    np.testing.assert_allclose(result.adjusted["holm"], multipletests(p, method="holm")[1])
    np.testing.assert_allclose(
        result.adjusted["bonferroni"], multipletests(p, method="bonferroni")[1]
    )
    assert set(result.skipped) == set(procedures.defaults("all_pairs")) - set(result.procedures)
    assert {"nemenyi", "shaffer", "bergmann_hommel"} <= set(result.skipped)
    pd.testing.assert_series_equal(result.ranks, mc.friedman(data).ranks)


@pytest.mark.parametrize("test", ["wilcoxon", "sign"])
def test_control_uses_the_same_pairwise_pvalues(test: str) -> None:
    data = _continuous(10, 5, 2)
    control = mc.posthoc_control(data, "A2", test=test)
    pairs = mc.posthoc_all_pairs(data, test=test)
    for other, p in control.pvalue.items():
        assert p == pytest.approx(pairs.matrix().loc["A2", other], rel=1e-12)
    assert control.procedures == ("bonferroni", "holm")
    assert set(procedures.after_pairwise("control")) == {"bonferroni", "holm", "fdr_by"}
    np.testing.assert_allclose(
        control.adjusted["holm"], multipletests(control.pvalue, method="holm")[1]
    )
    assert np.isnan(control.se) and "SE" not in str(control)


def test_z_is_the_signed_normal_deviate_of_p() -> None:
    data = _continuous(30, 3, 3)  # N = 30, no ties: exact p; its deviate is positive when a wins
    result = mc.posthoc_all_pairs(data, test="wilcoxon")
    for (a, b), z, p in zip(result.pairs, result.z, result.pvalue):
        signed = mc.wilcoxon(data[a], data[b])
        assert np.sign(z) == np.sign(signed.r_plus - signed.r_minus)
        assert 2 * stats.norm.sf(abs(z)) == pytest.approx(p, rel=1e-9)
    ties = pd.DataFrame({"a": [1.0, 2, 3, 4, 5, 6], "b": [1.0, 1, 2, 2, 3, 3]})
    tied = mc.posthoc_all_pairs(ties, test="wilcoxon")  # normal approximation: the test's |z|
    assert tied.z.iloc[0] == pytest.approx(abs(mc.wilcoxon(ties["a"], ties["b"]).z))


def test_lower_is_better_reverses_only_the_direction() -> None:
    data = _continuous(9, 3, 4)
    high = mc.posthoc_all_pairs(data, test="sign")
    low = mc.posthoc_all_pairs(-data, test="sign", higher_is_better=False)
    pd.testing.assert_series_equal(high.pvalue, low.pvalue)
    pd.testing.assert_series_equal(high.z, low.z)


def test_invalid_procedures_and_inputs_are_refused() -> None:
    data = _continuous(8, 4, 5)
    for method in ("shaffer", "bergmann_hommel"):
        with pytest.raises(ValueError, match="transitive"):
            mc.posthoc_all_pairs(data, test="wilcoxon", procedures=[method])
    assert mc.posthoc_all_pairs(data, test="sign", procedures="holm").procedures == ("holm",)
    with pytest.raises(ValueError, match="pass data"):
        mc.posthoc_all_pairs(ranks=[1.0, 2.0, 3.0], n_datasets=5, test="wilcoxon")
    with pytest.raises(ValueError, match="no effect"):
        mc.posthoc_control(data, 0, test="wilcoxon", rom="garcia2010")
    with pytest.raises(ValueError, match="monotone"):
        mc.compare(data, test="sign", monotone=True)
    with pytest.raises(ValueError, match="procedure must be one of"):
        mc.compare(data, test="wilcoxon", control="A0", procedure="hochberg")


@settings(max_examples=25)
@given(SCORES, st.sampled_from(["wilcoxon", "sign"]), st.randoms(use_true_random=False))
def test_pair_verdict_does_not_depend_on_the_pool(values: np.ndarray, test: str, rnd) -> None:
    """The property that motivates the pairwise tests: a pair's unadjusted p is the same
    whichever other algorithms are compared, in whatever order, and with the data sets shuffled."""
    k = values.shape[1]
    names = [f"A{j}" for j in range(k)]
    full = mc.posthoc_all_pairs(pd.DataFrame(values, columns=names), test=test)
    keep = sorted(rnd.sample(range(k), 2))
    keep += [j for j in range(k) if j not in keep and rnd.random() < 0.5]
    rnd.shuffle(keep)
    rows = list(range(values.shape[0]))
    rnd.shuffle(rows)
    sub = mc.posthoc_all_pairs(
        pd.DataFrame(values[np.ix_(rows, keep)], columns=[names[j] for j in keep]), test=test
    )
    for (a, b), p in zip(sub.pairs, sub.pvalue):
        assert p == pytest.approx(full.matrix().loc[a, b], rel=1e-12, abs=1e-15)
    p = full.pvalue.to_numpy()
    holm, bonferroni = full.adjusted["holm"].to_numpy(), full.adjusted["bonferroni"].to_numpy()
    assert np.all((p <= holm + 1e-15) & (holm <= bonferroni + 1e-15) & (bonferroni <= 1.0))


@settings(max_examples=25)
@given(SCORES)
def test_sign_test_post_hoc_is_invariant_to_monotone_transforms(values: np.ndarray) -> None:
    frame = pd.DataFrame(values)
    before = mc.posthoc_all_pairs(frame, test="sign")
    after = mc.posthoc_all_pairs(np.exp(frame) + 3.0 * frame, test="sign")
    np.testing.assert_allclose(before.pvalue, after.pvalue, rtol=1e-12)


@pytest.mark.parametrize("test", ["wilcoxon", "sign"])
def test_compare_report_cd_diagram_and_cli(test: str, tmp_path) -> None:
    data = mc.load_example("demsar2006")
    report = mc.compare(data, test=test)
    assert report.procedure == "holm"
    assert report.procedures == ("bonferroni", "holm")  # the defaults valid after pairwise tests
    name = {"wilcoxon": "Wilcoxon signed-rank tests", "sign": "sign tests"}[test]
    assert name in report.summary and name in report.to_markdown()
    assert list(report.rank_frame.columns) == ["friedman"]
    assert mc.Report.from_json(report.to_json()) == report
    result = mc.posthoc_all_pairs(data, test=test)
    rejected = result.matrix("holm") <= 0.2
    assert mc.cd_groups(result.ranks, rejected) == mc.cd_groups(
        result.ranks, [(h.first, h.second) for h in report.rejected("holm", 0.2)]
    )
    figure = mc.cd_diagram(data, test=test, procedure="holm", alpha=0.2)
    assert figure.axes[0].texts[0].get_text() == f"Holm ({name}), alpha = 0.20"
    bars = [line for line in figure.axes[0].lines if str(line.get_gid()).startswith("cd-group")]
    assert len(bars) == len(mc.cd_groups(result.ranks, rejected))
    out = tmp_path / "cd.png"
    assert cli.main(["--example", "demsar2006", "--test", test, "--plot", str(out)]) == 0
    assert out.stat().st_size > 0


def test_groups_are_the_pairs_that_holm_does_not_separate() -> None:
    """aeon's cliques: two algorithms share a bar iff no rejected pair lies between them."""
    data = _continuous(20, 5, 6) * np.array([1, 1, 1, 3, 3])
    result = mc.posthoc_all_pairs(data, test="wilcoxon")
    rejected = result.matrix("holm") <= 0.05
    order = list(result.ranks.sort_values(kind="stable").index)
    groups = mc.cd_groups(result.ranks, rejected)
    for i, j in itertools.combinations(range(len(order)), 2):
        inside = order[i : j + 1]
        joined = any(set(inside) <= set(g) for g in groups)
        assert joined == (not rejected.loc[inside, inside].to_numpy().any())
