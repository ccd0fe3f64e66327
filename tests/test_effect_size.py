"""Effect sizes: against autorank (optional), independent formulas, and their properties."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import optimize, stats

import multicomp as mc
from multicomp.pairs import effect_size
from multicomp.pairs.effect_size import effect_sizes, magnitude


@pytest.mark.parametrize("measure", ["cohen_d", "cliff_delta", "akinshin_gamma"])
@pytest.mark.parametrize("example", ["demsar2006", "garcia2010"])
def test_equals_autorank(measure: str, example: str) -> None:
    """autorank's rankdf holds the effect of its best-ranked algorithm against each other."""
    autorank = pytest.importorskip("autorank")
    data = mc.load_example(example)
    res = autorank.autorank(
        data, alpha=0.05, verbose=False, effect_size=measure, force_mode="nonparametric"
    )
    best = res.rankdf.index[0]
    ours = effect_sizes(data, control=best, d_form="pooled").table.set_index("second")
    others = [name for name in res.rankdf.index if name != best]
    np.testing.assert_allclose(
        ours.loc[others, measure].astype(float),
        res.rankdf.loc[others, "effect_size"].astype(float),
        rtol=1e-12,
        atol=1e-15,
    )
    assert list(ours.loc[others, f"{measure}_magnitude"]) == list(
        res.rankdf.loc[others, "magnitude"]
    )


def _brute_cliff(x: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean([np.sign(a - b) for a in x for b in y]))


def test_independent_formulas() -> None:
    data = mc.load_example("garcia2010")
    res = effect_sizes(data)
    x = data.to_numpy()
    names = list(data.columns)
    for (a, b), (_, row) in zip(combinations(range(len(names)), 2), res.table.iterrows()):
        d = x[:, a] - x[:, b]
        t = stats.ttest_rel(x[:, a], x[:, b]).statistic
        assert row.cohen_d == pytest.approx(t / np.sqrt(len(d)), rel=1e-9)
        assert row.mean_difference == pytest.approx(d.mean(), rel=1e-9)
        assert row.cliff_delta == pytest.approx(_brute_cliff(x[:, a], x[:, b]), abs=1e-15)
        mad = stats.median_abs_deviation(x[:, [a, b]], axis=0, scale="normal")
        gamma = (np.median(x[:, a]) - np.median(x[:, b])) / np.sqrt(np.mean(mad**2))
        # scale="normal" is 1/Phi^-1(3/4) = 1.482602..., the package rounds it to 1.4826
        assert row.akinshin_gamma == pytest.approx(gamma, rel=1e-5)


def test_paired_d_interval_inverts_the_noncentral_t() -> None:
    """The bounds found by scipy's root finder on P(T >= t | nc) = alpha/2 and
    P(T <= t | nc) = alpha/2 (an independent computation of the exact interval)."""
    data = mc.load_example("demsar2006")
    res = effect_sizes(data, alpha=0.1)
    n = len(data)
    for row in res.table.itertuples():
        t = row.cohen_d * np.sqrt(n)
        low = optimize.brentq(lambda nc, t=t: 0.95 - stats.nct.cdf(t, n - 1, nc), t - 10, t + 10)
        high = optimize.brentq(lambda nc, t=t: stats.nct.cdf(t, n - 1, nc) - 0.05, t - 10, t + 10)
        assert row.cohen_d_low == pytest.approx(low / np.sqrt(n), abs=1e-9)
        assert row.cohen_d_high == pytest.approx(high / np.sqrt(n), abs=1e-9)


def test_paired_d_interval_covers() -> None:
    """Coverage of the exact interval by simulation: 4,000 normal samples, N = 10, true d_z = 0.5
    (Monte Carlo SE 0.0034 around 0.95)."""
    rng = np.random.default_rng(3)
    n, delta = 10, 0.5
    diffs = rng.normal(delta, 1.0, size=(4000, n))
    t = diffs.mean(axis=1) / diffs.std(axis=1, ddof=1) * np.sqrt(n)
    low, high = effect_size._noncentral_t_interval(t, n - 1, 0.05)
    covered = np.mean((low <= delta * np.sqrt(n)) & (delta * np.sqrt(n) <= high))
    assert abs(covered - 0.95) < 0.012


def _bca(draws: list[float], estimate: float, jackknife: list[float]) -> np.ndarray:
    """Efron & Tibshirani (1993) eq. 14.9-14.15, written out for one statistic."""
    draws_ = np.asarray(draws)
    share = (np.sum(draws_ < estimate) + 0.5 * np.sum(draws_ == estimate)) / len(draws_)
    z0 = stats.norm.ppf(share)
    u = np.mean(jackknife) - np.asarray(jackknife)
    a = np.sum(u**3) / (6 * np.sum(u**2) ** 1.5)
    z = stats.norm.ppf([0.025, 0.975])
    return np.quantile(draws_, stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z))))


def test_bootstrap_interval_is_the_resampled_statistic() -> None:
    """The interval of delta (BCa) and gamma (percentile) equals a naive bootstrap on
    explicitly resampled data sets, with the same draws."""
    data = mc.load_example("garcia2010").iloc[:, :3]
    x = data.to_numpy()
    res = effect_sizes(data, n_resamples=300, random_state=7)
    counts = np.random.default_rng(7).multinomial(len(x), np.full(len(x), 1 / len(x)), size=300)
    rows = [np.repeat(np.arange(len(x)), c) for c in counts]
    for (a, b), row in zip(combinations(range(3), 2), res.table.itertuples()):
        deltas = [_brute_cliff(x[r, a], x[r, b]) for r in rows]
        keep = ~np.eye(len(x), dtype=bool)
        jackknife = [_brute_cliff(x[keep[i], a], x[keep[i], b]) for i in range(len(x))]
        low, high = _bca(deltas, row.cliff_delta, jackknife)
        assert (row.cliff_delta_low, row.cliff_delta_high) == pytest.approx((low, high), abs=1e-12)
        gammas = []
        for r in rows:
            med = np.median(x[r][:, [a, b]], axis=0)
            mad = 1.4826 * np.median(np.abs(x[r][:, [a, b]] - med), axis=0)
            gammas.append((med[0] - med[1]) / np.sqrt(np.mean(mad**2)))
        low, high = np.quantile(gammas, [0.025, 0.975])
        assert (row.akinshin_gamma_low, row.akinshin_gamma_high) == pytest.approx(
            (low, high), abs=1e-12
        )


@pytest.mark.parametrize(
    ("value", "measure", "label"),
    [
        (0.0, "cohen_d", "negligible"),
        (0.1999, "cohen_d", "negligible"),
        (0.2, "cohen_d", "small"),
        (-0.5, "cohen_d", "medium"),
        (0.8, "akinshin_gamma", "large"),
        (0.146, "cliff_delta", "negligible"),
        (0.147, "cliff_delta", "small"),
        (0.33, "cliff_delta", "medium"),
        (-0.474, "cliff_delta", "large"),
        (float("inf"), "cohen_d", "large"),
        (float("nan"), "cohen_d", ""),
    ],
)
def test_magnitude_thresholds(value: float, measure: str, label: str) -> None:
    assert magnitude(value, measure) == label  # type: ignore[arg-type]


scores = arrays(
    np.float64,
    st.tuples(st.integers(4, 12), st.integers(3, 5)),
    elements=st.integers(0, 40).map(lambda v: v / 8),
)


@settings(max_examples=40)
@given(scores, st.floats(0.5, 4.0), st.floats(-3.0, 3.0))
def test_properties(x: np.ndarray, scale: float, shift: float) -> None:
    """Invariant to a positive affine change of all scores; swapping a pair flips every sign;
    lower-is-better on -x is higher-is-better on x; control rows are the all-pairs rows."""
    frame = pd.DataFrame(x, columns=list("abcde")[: x.shape[1]])
    base = effect_sizes(frame, n_resamples=100).table
    moved = effect_sizes(frame * scale + shift, n_resamples=100).table
    measures = ["cohen_d", "cliff_delta", "akinshin_gamma"]
    np.testing.assert_allclose(base[measures], moved[measures], rtol=1e-9, atol=1e-9)
    flipped = effect_sizes(frame.iloc[:, ::-1], n_resamples=100).table
    for row in base.itertuples():
        other = flipped.loc[f"{row.second} vs {row.first}"]
        for m in measures:
            assert getattr(row, m) == pytest.approx(-other[m], abs=1e-12)
    lower = effect_sizes(-frame, higher_is_better=False, n_resamples=100).table
    np.testing.assert_allclose(base[measures], lower[measures], rtol=1e-12, atol=1e-12)
    control = effect_sizes(frame, control=0, n_resamples=100).table
    np.testing.assert_allclose(
        control[measures], base.loc[control.index, measures], rtol=1e-12, atol=1e-12
    )


def test_degenerate_columns() -> None:
    x = np.array([[1.0, 1.0, 0.5], [2.0, 2.0, 1.5], [3.0, 3.0, 2.5], [4.0, 4.0, 3.5]])
    table = effect_sizes(x, n_resamples=100).table
    assert table.loc["A1 vs A2", "cohen_d"] == 0.0
    assert np.isnan(table.loc["A1 vs A2", "cohen_d_low"])
    assert table.loc["A1 vs A3", "cohen_d"] == np.inf  # a constant lead: sd of D is 0
    assert table.loc["A1 vs A3", "cohen_d_magnitude"] == "large"


def test_bad_input_and_inputs_unchanged() -> None:
    data = mc.load_example("demsar2006")
    before = data.copy()
    with pytest.raises(ValueError, match="alpha must be in"):
        effect_sizes(data, alpha=1.5)
    with pytest.raises(ValueError, match="d_form must be one of 'paired', 'pooled'"):
        effect_sizes(data, d_form="hedges")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n_resamples must be in"):
        effect_sizes(data, n_resamples=10)
    with pytest.raises(ValueError, match="measure must be one of"):
        magnitude(0.3, "eta")  # type: ignore[arg-type]
    effect_sizes(data, control=0)
    pd.testing.assert_frame_equal(data, before)


def test_str_and_frame() -> None:
    res = effect_sizes(mc.load_example("demsar2006"), control="C4.5+m+cf")
    assert "paired d_z" in str(res) and "medium" in str(res)
    assert res.notes == (effect_size.COVERAGE,) and str(res).endswith(effect_size.COVERAGE)
    assert "Cliff's delta (BCa)" in effect_size.COVERAGE
    assert res.to_frame() is res.table
    assert res.statistic.equals(res.table["cohen_d"])
    assert "<table" in res._repr_html_()


# --- scale, work, speed and intervals -----------------------------------------------------


@pytest.mark.parametrize("power", [-300, -160, -101, -50, 50, 101, 160, 300])
@pytest.mark.parametrize("d_form", ["paired", "pooled"])
def test_the_same_for_scores_times_any_power_of_ten(power: int, d_form: str) -> None:
    """Times 1e160 the squares overflowed (d and gamma 0.0), times 1e-300 they underflowed
    (inf and NaN): every column is now that of the unscaled table."""
    data = mc.load_example("demsar2006")
    base = effect_sizes(data, d_form=d_form, n_resamples=200).table
    moved = effect_sizes(data * 10.0**power, d_form=d_form, n_resamples=200).table
    numbers = [c for c in base.columns if pd.api.types.is_float_dtype(base[c])]
    expected = base[numbers].copy()
    expected["mean_difference"] *= 10.0**power
    np.testing.assert_allclose(moved[numbers], expected, rtol=1e-9, atol=0)
    labels = [c for c in base.columns if c.endswith("_magnitude")]
    pd.testing.assert_frame_equal(moved[labels], base[labels])


def test_work_is_refused_before_it_starts() -> None:
    """N = 500, k = 40, n_resamples = 10^6 ran for minutes and ignored Ctrl-C; 10 x 400 took
    5.2 GB: both are refused at once, naming the option that raises the limit."""
    rng = np.random.default_rng(0)
    with pytest.raises(
        ValueError, match=r"more than max_work=5,000,000,000 allows; pass max_work="
    ):
        effect_sizes(rng.random((500, 40)), n_resamples=10**6)
    with pytest.raises(ValueError, match=r"79,800 pairs on N = 10 data sets"):
        effect_sizes(rng.random((10, 400)))
    with pytest.raises(ValueError, match="max_work must be a finite number >= 0"):
        effect_sizes(rng.random((10, 4)), max_work=-1)
    small = effect_sizes(rng.random((10, 4)), n_resamples=100, max_work=1e7)
    assert len(small.table) == 6


def test_memory_is_bounded_by_blocks() -> None:
    """7,875 pairs x 1,000 resamples: the draws alone would take 63 MB per measure; blocks of
    2^22 cells keep the peak near a few blocks (76 MB here, 256 MB before)."""
    import tracemalloc

    x = np.random.default_rng(1).random((10, 126))
    tracemalloc.start()
    try:
        effect_sizes(x, n_resamples=1000, max_work=1e12)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 120e6  # 256 MB before


def _naive_draws(x: np.ndarray, a: int, b: int, counts: np.ndarray) -> np.ndarray:
    """c' S c / N^2 per resample with S_ij = sign(x_ia - x_jb) at the precision of the data."""
    from multicomp._internal.ranks import difference

    s = np.sign(difference(x[:, a, None], x[None, :, b]))
    return ((counts @ s) * counts).sum(axis=1) / len(x) ** 2


tied_scores = arrays(
    np.float64,
    st.tuples(st.integers(1, 15), st.integers(2, 4)),
    elements=st.integers(-6, 6).map(lambda v: v / 4),
)


@settings(max_examples=60)
@given(tied_scores, st.integers(0, 2**32 - 1), st.booleans())
def test_fast_delta_equals_the_n_squared_definition(x: np.ndarray, seed: int, noisy: bool) -> None:
    """Delta, its jackknife and its bootstrap draws by sorting (O(N log N), O(N) per resample)
    equal the N x N matrix of signs, ties (also those of float noise, 0.1 + 0.2 vs 0.3)
    included."""
    from multicomp._internal.ranks import at_data_precision
    from multicomp.pairs.effect_bootstrap import Dominance, cliff_draws

    if noisy:  # the same decimals reached by float arithmetic
        x = (x * 10 + 0.1 + 0.2) / 10 - 0.03 + 0.03 * (np.arange(x.size).reshape(x.shape) % 2)
    n, k = x.shape
    first, second = (np.array(p, dtype=np.intp) for p in zip(*combinations(range(k), 2)))
    dominance = Dominance(at_data_precision(x, x), first, second)
    counts = np.random.default_rng(seed).multinomial(n, np.full(n, 1 / n), size=50)
    draws = cliff_draws(dominance, counts)
    values, jackknife = dominance.values(), dominance.jackknife()
    keep = ~np.eye(n, dtype=bool)
    for p, (a, b) in enumerate(zip(first, second)):
        assert values[p] == _brute_cliff_precise(x[:, a], x[:, b])
        np.testing.assert_array_equal(draws[:, p], _naive_draws(x, a, b, counts))
        if n > 1:
            leave_out = [_brute_cliff_precise(x[keep[i], a], x[keep[i], b]) for i in range(n)]
            np.testing.assert_allclose(jackknife[:, p], leave_out, rtol=0, atol=1e-15)


def _brute_cliff_precise(x: np.ndarray, y: np.ndarray) -> float:
    from multicomp._internal.ranks import difference

    return float(np.sign(difference(x[:, None], y[None, :])).sum() / (len(x) * len(y)))


@settings(max_examples=40)
@given(
    arrays(np.float64, st.tuples(st.integers(1, 12), st.integers(1, 4)), elements=st.floats(-5, 5)),
    st.integers(0, 2**32 - 1),
)
def test_resampled_medians_and_mads_equal_numpy(x: np.ndarray, seed: int) -> None:
    from multicomp.pairs.effect_bootstrap import medians_and_mads

    n = x.shape[0]
    order = np.argsort(x, axis=0, kind="stable")
    ordered = np.take_along_axis(x, order, axis=0).T
    counts = np.random.default_rng(seed).multinomial(n, np.full(n, 1 / n), size=30)
    medians, mads = medians_and_mads(ordered, order, counts)
    drawn = x[np.repeat(np.tile(np.arange(n), 30), counts.ravel()).reshape(30, n)]
    expected = np.median(drawn, axis=1)
    np.testing.assert_array_equal(medians, expected)
    np.testing.assert_array_equal(mads, np.median(np.abs(drawn - expected[:, None]), axis=1))


def test_bca_is_the_percentile_interval_without_bias_or_skew() -> None:
    """With the estimate at the draws' median and a symmetric jackknife, z0 = a = 0: BCa is
    the percentile interval; a skewed jackknife moves it towards the long tail."""
    from multicomp.pairs.effect_bootstrap import bca, percentile

    draws = np.linspace(-1, 1, 2001)[:, None]
    symmetric = np.array([[-1.0], [0.0], [1.0]])
    low, high = bca(draws, np.array([0.0]), symmetric, 0.1)
    np.testing.assert_allclose((low, high), percentile(draws, 0.1), atol=1e-12)
    skewed = np.array([[0.0], [0.0], [0.0], [3.0]])
    moved = bca(draws, np.array([0.0]), skewed, 0.1)
    assert moved[0][0] < low[0] and moved[1][0] < high[0]
    # an acceleration past 1 / z: the limit of the level (0 or 1), not a jump to the other end
    many = np.linspace(-1, 1, 10**6 + 1)[:, None]  # z0 = -4.9: the estimate below every draw
    extreme = np.concatenate([np.zeros((49, 1)), [[40.0]]])  # a = -0.16, 1 - a z < 0 below
    bounds = bca(many, np.array([-2.0]), extreme, 0.1)
    assert bounds[0][0] == -1.0 <= bounds[1][0]  # without the limit: a lower bound of +1


def test_the_bootstrap_resamples_are_the_same_in_chunks() -> None:
    """Chunks of resamples (memory bounded) are the rows of one draw from the generator."""
    from multicomp.pairs import effect_bootstrap

    whole = np.random.default_rng(5).multinomial(7, np.full(7, 1 / 7), size=300)
    old = effect_bootstrap.BLOCK_CELLS
    try:
        effect_bootstrap.BLOCK_CELLS = 7 * 16
        chunks = list(effect_bootstrap.resamples(np.random.default_rng(5), 7, 300, 1))
    finally:
        effect_bootstrap.BLOCK_CELLS = old
    assert len(chunks) > 1
    np.testing.assert_array_equal(np.concatenate(chunks), whole)


def test_the_native_bootstraps_agree_on_the_pool() -> None:
    """Past the sizes that stay on the calling thread, the core's blocks run on the pool: the
    draws of delta still equal the double sum of signs, and the medians and MADs numpy's."""
    from multicomp.pairs.effect_bootstrap import Dominance, cliff_draws, medians_and_mads

    rng = np.random.default_rng(3)
    x = rng.integers(0, 9, size=(60, 10)).astype(float)  # ties
    n, k = x.shape
    first, second = (np.array(p, dtype=np.intp) for p in zip(*combinations(range(k), 2)))
    counts = rng.multinomial(n, np.full(n, 1 / n), size=8000)  # 21.6 million cells
    draws = cliff_draws(Dominance(x, first, second), counts)
    for p in (0, 17, 44):
        a, b = first[p], second[p]
        np.testing.assert_array_equal(draws[:, p], _naive_draws(x, a, b, counts))
    order = np.argsort(x, axis=0, kind="stable")
    medians, mads = medians_and_mads(np.take_along_axis(x, order, axis=0).T, order, counts)
    column = x[:, 4][np.repeat(np.tile(np.arange(n), len(counts)), counts.ravel())]
    drawn = column.reshape(len(counts), n)
    expected = np.median(drawn, axis=1)
    np.testing.assert_array_equal(medians[:, 4], expected)
    np.testing.assert_array_equal(mads[:, 4], np.median(np.abs(drawn - expected[:, None]), axis=1))


def test_the_native_bootstraps_refuse_inconsistent_arrays() -> None:
    from multicomp import _core

    order, second = np.array([[0, 1], [1, 0]]), np.array([1])
    lo, counts = np.array([[0, 1]]), np.array([[1, 1]])
    assert _core.cliff_draws(order, second, lo, lo + 1, counts).shape == (1, 1)
    with pytest.raises(ValueError, match="lo <= hi"):
        _core.cliff_draws(order, second, lo + 1, lo, counts)
    with pytest.raises(ValueError, match="second algorithms below 2"):
        _core.cliff_draws(order, np.array([2]), lo, lo, counts)
    with pytest.raises(ValueError, match="counts hold 3 cells"):
        _core.cliff_draws(order, second, lo, lo, np.array([[1, 1, 1]]))
    with pytest.raises(ValueError, match="each row summing to 2"):
        _core.medians_and_mads(np.array([[1.0, 2.0]]), np.array([[0, 1]]), np.array([[2, 1]]))
