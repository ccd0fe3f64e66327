"""Bayesian signed-rank and sign tests (Benavoli et al. 2017) against baycomp and exact values."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc
from multicomp.pairs.bayesian import MAX_SAMPLES

baycomp = pytest.importorskip("baycomp")

PAIRS = st.integers(3, 25).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(-40, 40), min_size=n, max_size=n),
        st.lists(st.integers(-40, 40), min_size=n, max_size=n),
    )
)


def _scores(n: int = 30, seed: int = 1, shift: float = 0.005) -> tuple[np.ndarray, np.ndarray]:
    """Continuous scores: no difference lies exactly on a rope boundary (where baycomp's
    floating-point comparisons and our data-precision ones may differ)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0.7, 0.9, n)
    return x, x + rng.normal(shift, 0.02, n)


def _baycomp(test: str, x: np.ndarray, y: np.ndarray, rope: float, n: int) -> np.ndarray:
    cls = baycomp.SignedRankTest if test == "signed_rank" else baycomp.SignTest
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        probs = cls.probs(x, y, rope, nsamples=n, random_state=3)
    return np.array(probs if rope > 0 else (probs[0], 0.0, probs[1]))


def _within_monte_carlo_error(
    ours: np.ndarray, theirs: np.ndarray, n_ours: int, n_theirs: int
) -> None:
    """Each probability within 4.5 standard errors of the difference of two estimates."""
    p = (ours + theirs) / 2
    se = np.sqrt(p * (1 - p) * (1 / n_ours + 1 / n_theirs)) + 1e-9
    assert np.all(np.abs(ours - theirs) <= 4.5 * se), (ours, theirs, se)


@pytest.mark.parametrize(
    ("test", "rope"),
    [("signed_rank", 0.0), ("signed_rank", 0.01), ("sign", 0.01), ("signed_rank", 0.005)],
)
def test_agrees_with_baycomp_within_monte_carlo_error(test: str, rope: float) -> None:
    x, y = _scores()
    func = mc.bayesian_signed_rank_test if test == "signed_rank" else mc.bayesian_sign_test
    result = func(x, y, rope=rope, random_state=1)
    ours = np.array([result.p_x_better, result.p_equivalent, result.p_y_better])
    theirs = _baycomp(test, x, y, rope, 20_000)
    _within_monte_carlo_error(ours, theirs, 50_000, 20_000)
    assert result.samples.shape == (50_000, 3)


@pytest.mark.parametrize("counts", [(9, 3), (5, 5), (20, 14), (1, 0)])
def test_sign_test_without_rope_is_the_exact_beta_probability(counts: tuple[int, int]) -> None:
    """theta_x / (theta_x + theta_y) ~ Beta(n_x, n_y): P(x better) = 1 - I_{1/2}(n_x, n_y)."""
    n_x, n_y = counts
    x = np.r_[np.ones(n_x), np.zeros(n_y), np.zeros(3)]
    y = np.r_[np.zeros(n_x), np.ones(n_y), np.zeros(3)]  # three ties go to the rope
    result = mc.bayesian_sign_test(x, y, random_state=2)
    exact = stats.beta.sf(0.5, n_x, n_y) if n_y else 1.0
    assert result.p_x_better == pytest.approx(
        exact, abs=4.5 * np.sqrt(exact * (1 - exact) / 50_000) + 1e-12
    )
    np.testing.assert_allclose(result.samples.sum(axis=1), 1.0)


def test_reproducible_with_a_seed() -> None:
    x, y = _scores(12, 4)
    first = mc.bayesian_signed_rank_test(x, y, rope=0.01, random_state=7, n_draws=2000)
    again = mc.bayesian_signed_rank_test(
        x, y, rope=0.01, random_state=np.random.default_rng(7), n_draws=2000
    )
    np.testing.assert_array_equal(first.samples, again.samples)
    assert first == again
    other = mc.bayesian_signed_rank_test(x, y, rope=0.01, random_state=8, n_draws=2000)
    assert not np.array_equal(first.samples, other.samples)
    assert not first.samples.flags.writeable


def test_result_labels_frame_and_text() -> None:
    x, y = _scores(10, 5)
    result = mc.bayesian_sign_test(
        pd.Series(x, name="svm"), pd.Series(y, name="knn"), rope=0.01, random_state=0, n_draws=1000
    )
    assert result.names == ("svm", "knn")
    frame = result.to_frame()
    assert list(frame.index) == ["svm better", "equivalent", "knn better"]
    assert frame["probability"].sum() == pytest.approx(1.0)
    assert "Bayesian sign test of svm vs knn (rope = 0.01, prior = 1)" in str(result)
    assert mc.bayesian_sign_test(x, y, names=("a", "b"), n_draws=10).names == ("a", "b")


def test_all_ties() -> None:
    x = np.arange(6.0)
    without = mc.bayesian_signed_rank_test(x, x, n_draws=500, random_state=0)
    assert (without.p_x_better, without.p_y_better) == (0.5, 0.5)
    within = mc.bayesian_signed_rank_test(x, x, rope=0.1, n_draws=500, random_state=0)
    assert within.p_equivalent == 1.0


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rope": -0.1}, ValueError, "rope must be"),
        ({"rope": float("nan")}, ValueError, "rope must be"),
        ({"rope": "0.1"}, TypeError, "rope must be"),
        ({"prior": -1}, ValueError, "prior must be"),
        ({"n_draws": 0}, ValueError, "n_draws must be"),
        ({"n_draws": MAX_SAMPLES + 1}, ValueError, "n_draws must be"),
        ({"n_draws": 10.0}, TypeError, "n_draws must be"),
        ({"names": ("a",)}, ValueError, "names must be"),
        ({"higher_is_better": "no"}, TypeError, "higher_is_better"),
    ],
)
def test_bad_input(kwargs: dict, error: type, match: str) -> None:
    x, y = _scores(5)
    for func in (mc.bayesian_sign_test, mc.bayesian_signed_rank_test):
        with pytest.raises(error, match=match):
            func(x, y, **kwargs)
    with pytest.raises(ValueError, match="same length"):
        mc.bayesian_signed_rank_test(x, y[:4])


def test_signed_rank_work_is_bounded_before_sampling() -> None:
    x = np.arange(2000.0)
    with pytest.raises(ValueError, match="fewer samples"):
        mc.bayesian_signed_rank_test(x, x[::-1], n_draws=MAX_SAMPLES)


def test_signed_rank_equals_the_double_sum() -> None:
    """The O(N) suffix sums give the quadratic forms sum_ij w_i w_j H(z_i + z_j - 2 rope) of
    Benavoli et al. (2017) with the same weights, computed directly (ties on the rope included)."""
    x = np.array([0.3, 0.1, 0.2, 0.5, 0.4, 0.1, 0.3])
    y = np.array([0.2, 0.2, 0.1, 0.3, 0.45, 0.1, 0.25])
    for rope in (0.0, 0.05, 0.1):
        result = mc.bayesian_signed_rank_test(x, y, rope=rope, n_draws=50, random_state=9)
        d = np.round(x - y, 10)
        z = np.concatenate(([0.0], d))
        alpha = np.concatenate(([0.5], np.ones(d.size)))
        gammas = np.random.default_rng(9).standard_gamma(alpha[:, None], size=(alpha.size, 50)).T
        w = gammas / gammas.sum(axis=1, keepdims=True)
        sums = np.round(z[:, None] + z[None, :], 10)

        def heaviside(v: np.ndarray) -> np.ndarray:
            return (v > 0) + 0.5 * (v == 0)

        above = np.einsum("si,ij,sj->s", w, heaviside(np.round(sums - 2 * rope, 10)), w)
        below = np.einsum("si,ij,sj->s", w, heaviside(np.round(-sums - 2 * rope, 10)), w)
        np.testing.assert_allclose(result.samples[:, 0], above, atol=1e-12)
        np.testing.assert_allclose(result.samples[:, 2], below, atol=1e-12)


@settings(max_examples=30)
@given(PAIRS, st.sampled_from([0.1, 2.0, 10.0, 1000.0]), st.sampled_from([0.0, 1.0, 5.0]))
def test_signed_rank_properties(
    pair: tuple[list[int], list[int]], scale: float, rope: float
) -> None:
    """With one seed: swapping x and y swaps the outcomes exactly; scaling scores and rope
    together changes nothing (scales that keep the differences at the data's precision);
    negated scores with higher_is_better=False change nothing."""
    x, y = (np.array(v, dtype=float) for v in pair)
    kw = {"n_draws": 400, "random_state": 3}
    base = mc.bayesian_signed_rank_test(x, y, rope=rope, **kw)
    swapped = mc.bayesian_signed_rank_test(y, x, rope=rope, **kw)
    np.testing.assert_allclose(base.samples, swapped.samples[:, ::-1], atol=1e-12)
    scaled = mc.bayesian_signed_rank_test(scale * x, scale * y, rope=scale * rope, **kw)
    np.testing.assert_allclose(base.samples, scaled.samples, atol=1e-12)
    lower = mc.bayesian_signed_rank_test(-x, -y, rope=rope, higher_is_better=False, **kw)
    np.testing.assert_array_equal(base.samples, lower.samples)
    assert np.all(base.samples >= 0) and np.allclose(base.samples.sum(axis=1), 1.0)
    assert base.p_x_better + base.p_equivalent + base.p_y_better == pytest.approx(1.0)
    wider = mc.bayesian_signed_rank_test(x, y, rope=rope + 2.0, **kw)
    assert np.all(wider.samples[:, 1] >= base.samples[:, 1] - 1e-12)
    assert wider.p_equivalent >= base.p_equivalent


@settings(max_examples=30)
@given(PAIRS, st.sampled_from([0.0, 2.0]))
def test_sign_test_properties(pair: tuple[list[int], list[int]], rope: float) -> None:
    """The posterior depends only on the three counts, so it is invariant to monotone maps of
    the differences that fix the rope and to the order of the data sets."""
    x, y = (np.array(v, dtype=float) for v in pair)
    kw = {"n_draws": 300, "random_state": 5, "rope": rope}
    base = mc.bayesian_sign_test(x, y, **kw)
    d = x - y
    stretched = mc.bayesian_sign_test(np.where(np.abs(d) > rope, 3 * d, d), np.zeros_like(d), **kw)
    np.testing.assert_array_equal(base.samples, stretched.samples)
    order = np.argsort(-d, kind="stable")
    np.testing.assert_array_equal(
        base.samples, mc.bayesian_sign_test(x[order], y[order], **kw).samples
    )
    assert base.p_x_better + base.p_equivalent + base.p_y_better == pytest.approx(1.0)


def test_compare_bayesian_is_the_pairwise_tests_with_spawned_seeds() -> None:
    data = mc.load_example("demsar2006")
    result = mc.compare_bayesian(data, rope=0.01, random_state=11, n_draws=2000)
    names = list(data.columns)
    assert result.pairs == tuple(itertools.combinations(names, 2))
    seeds = np.random.SeedSequence(11).spawn(len(result.pairs))
    for (a, b), pair, s in zip(result.pairs, result.results, seeds):
        alone = mc.bayesian_signed_rank_test(
            data[a], data[b], rope=0.01, n_draws=2000, random_state=np.random.default_rng(s)
        )
        assert (pair.p_x_better, pair.p_equivalent, pair.p_y_better) == (
            alone.p_x_better,
            alone.p_equivalent,
            alone.p_y_better,
        )
        assert pair.names == (a, b)
    frame = result.to_frame()
    assert list(frame.columns) == [
        "first",
        "second",
        "p_first_better",
        "p_equivalent",
        "p_second_better",
        "decision",
    ]
    for row, pair in zip(frame.itertuples(), result.results):
        best = max(pair.p_x_better, pair.p_equivalent, pair.p_y_better)
        assert (row.decision == "inconclusive") == (best < 0.95)
    assert result == mc.compare_bayesian(data, rope=0.01, random_state=11, n_draws=2000)


def test_compare_bayesian_with_a_control_errors_and_renderings() -> None:
    data = mc.load_example("demsar2006")
    result = mc.compare_bayesian(
        -data,
        test="sign",
        control="C4.5",
        rope=0.01,
        random_state=1,
        n_draws=1000,
        higher_is_better=False,
        threshold=0.9,
    )
    assert result.control == "C4.5" and all(a == "C4.5" for a, _ in result.pairs)
    same = mc.compare_bayesian(
        data, test="sign", control=0, rope=0.01, random_state=1, n_draws=1000, threshold=0.9
    )
    pd.testing.assert_frame_equal(result.to_frame(), same.to_frame())
    assert "Bayesian sign tests on 14 data sets (rope = 0.01, prior = 1)" in str(result)
    assert "C4.5+m+cf" in result.to_markdown() and r"\begin{tabular}" in result.to_latex()
    assert pd.read_csv(io.StringIO(result.to_csv()), index_col=0).shape == (3, 6)
    assert set(json.loads(result.to_json())) == set(result.to_frame().index)
    for kwargs, error in (
        ({"threshold": 0.5}, ValueError),
        ({"test": "t"}, ValueError),
        ({"random_state": 1.5}, TypeError),
        ({"control": "nope"}, ValueError),
    ):
        with pytest.raises(error):
            mc.compare_bayesian(data, n_draws=10, **kwargs)


def test_cli_bayesian(capsys) -> None:
    from multicomp import cli

    argv = [
        "--example",
        "demsar2006",
        "--bayesian",
        "signed_rank",
        "--rope",
        "0.01",
        "--random-state",
        "3",
    ]
    assert cli.main([*argv, "--format", "csv"]) == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out), index_col=0)
    expected = mc.compare_bayesian(
        mc.load_example("demsar2006"), rope=0.01, random_state=3
    ).to_frame()
    np.testing.assert_allclose(frame["p_equivalent"], expected["p_equivalent"])
    for bad in (["--plot", "x.png"], ["--format", "text", "--rope", "-1"]):
        with pytest.raises(SystemExit) if bad[0] == "--plot" else contextlib.nullcontext():
            assert cli.main([*argv, *bad]) == 2
    with pytest.raises(SystemExit):
        cli.main(["--example", "demsar2006", "--rope", "0.01"])


def test_compare_bayesian_takes_aggregate_and_nan_policy_as_compare_does() -> None:
    rng = np.random.default_rng(5)
    wide = pd.DataFrame(
        rng.uniform(0.6, 0.9, (10, 3)),
        index=pd.Index([f"d{i}" for i in range(10)], name="dataset"),
        columns=["a", "b", "c"],
    )
    long = pd.concat(
        [wide.stack().rename("score").reset_index().assign(fold=f) for f in range(3)]
    ).rename(columns={"level_1": "algorithm"})
    long["score"] += np.tile([-0.01, 0.0, 0.01], len(long) // 3)  # folds around the mean
    with pytest.raises(ValueError, match="aggregate='mean'"):
        mc.compare_bayesian(long, n_draws=500)
    options = {"rope": 0.01, "random_state": 2, "n_draws": 1000}
    by_mean = mc.compare_bayesian(long, aggregate="mean", **options)
    expected = mc.compare_bayesian(
        long.groupby(["dataset", "algorithm"])["score"].mean().unstack(), **options
    )
    pd.testing.assert_frame_equal(by_mean.to_frame(), expected.to_frame())
    holed = wide.copy()
    holed.iloc[[1, 4], 2] = np.nan
    with pytest.raises(ValueError, match="nan_policy='omit'"):
        mc.compare_bayesian(holed, n_draws=500)
    omitted = mc.compare_bayesian(holed, nan_policy="OMIT", **options)
    assert omitted.omitted == ("d1", "d4") and omitted.n_datasets == 8
    assert "Omitted (a missing score): d1, d4" in str(omitted)
    pd.testing.assert_frame_equal(
        omitted.to_frame(), mc.compare_bayesian(holed.dropna(), **options).to_frame()
    )
    with pytest.raises(ValueError, match="nan_policy must be one of 'raise', 'omit'; got 'drop'"):
        mc.compare_bayesian(holed, nan_policy="drop")


def test_signed_rank_work_is_bounded_before_it_starts() -> None:
    """Issue 22.6: N = 100,000 ran over a minute within a limit that allowed 10+ minutes."""
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=100_000), rng.normal(size=100_000)
    with pytest.raises(
        ValueError, match=r"N = 100,000 data sets .*: 5,000,050,000, more than max_work=500,000,000"
    ):
        mc.bayesian_signed_rank_test(x, y)
    small = mc.bayesian_signed_rank_test(
        x[:50], y[:50], n_draws=2_000, random_state=1, max_work=102_000
    )
    assert small.probabilities.equals(
        mc.bayesian_signed_rank_test(x[:50], y[:50], n_draws=2_000, random_state=1).probabilities
    )
    with pytest.raises(ValueError, match="max_work=101,999 allows; pass max_work=102,000"):
        mc.bayesian_signed_rank_test(x[:50], y[:50], n_draws=2_000, max_work=101_999)
