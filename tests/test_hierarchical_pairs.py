"""The Bayesian hierarchical test of many pairs: compare_bayesian(test="hierarchical") from the
folds the input holds (pairs.hierarchical_pairs)."""

from __future__ import annotations

import io
import json
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multicomp as mc

DRAWS = {"n_draws": 400, "random_state": 3}


def fold_array(q: int = 5, k: int = 3, n: int = 4, seed: int = 0) -> np.ndarray:
    """q data sets x k algorithms x n folds; the first algorithm better by 0.03."""
    rng = np.random.default_rng(seed)
    folds = rng.uniform(0.7, 0.9, (q, 1, 1)) + rng.normal(0, 0.02, (q, k, n))
    folds[:, 0] += 0.03
    return folds


def long_table(folds: np.ndarray) -> pd.DataFrame:
    """The folds as a long table, the algorithms of a fold next to each other."""
    q, k, n = folds.shape
    return pd.DataFrame(
        [
            (f"d{i}", f"a{j}", f, folds[i, j, f])
            for i in range(q)
            for f in range(n)
            for j in range(k)
        ],
        columns=["dataset", "algorithm", "fold", "score"],
    )


def quiet(*args: object, **kwargs: object) -> mc.BayesianComparison:
    """compare_bayesian without the convergence warnings of small draws."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return mc.compare_bayesian(*args, test="hierarchical", **kwargs)  # type: ignore[arg-type]


def alone(x: np.ndarray, y: np.ndarray, seed: np.random.SeedSequence, **kwargs: object):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return mc.bayesian_hierarchical_test(
            x, y, random_state=np.random.default_rng(seed), **kwargs
        )


@pytest.mark.parametrize("control", [None, "a1"])
def test_each_pair_is_the_hierarchical_test_of_its_folds_with_its_spawned_seed(control) -> None:
    folds = fold_array()
    result = quiet(long_table(folds), rope=0.01, runs=2, control=control, **DRAWS)
    positions = [(0, 1), (0, 2), (1, 2)] if control is None else [(1, 0), (1, 2)]
    assert result.pairs == tuple((f"a{a}", f"a{b}") for a, b in positions)
    assert result.test == "hierarchical" and result.n_datasets == 5
    assert result.control == control
    seeds = np.random.SeedSequence(3).spawn(len(positions))
    for (a, b), pair, seed in zip(positions, result.results, seeds):
        expected = alone(folds[:, a], folds[:, b], seed, rope=0.01, runs=2, n_draws=400)
        np.testing.assert_array_equal(pair.samples, expected.samples)
        assert pair.rhat == expected.rhat and pair.ess == expected.ess
        assert pair.options == {"rho": 0.5}
    frame = result.to_frame()
    assert list(frame.columns[-2:]) == ["rhat", "ess"]
    assert frame["rhat"].tolist() == [max(r.rhat.values()) for r in result.results]  # type: ignore[attr-defined]
    # the same folds as a 3-D array, or with the rows in another order within each cell
    same = quiet(folds, rope=0.01, runs=2, control=None if control is None else 1, **DRAWS)
    np.testing.assert_array_equal(
        frame[["p_first_better", "p_equivalent"]],
        same.to_frame()[["p_first_better", "p_equivalent"]],
    )


def test_lower_is_better_orients_the_folds() -> None:
    folds = fold_array()
    up = quiet(folds, rope=0.01, **DRAWS).to_frame()
    down = quiet(-folds, rope=0.01, higher_is_better=False, **DRAWS).to_frame()
    pd.testing.assert_frame_equal(up, down)
    assert up["decision"].iloc[0] == "A1 better"


@settings(max_examples=8, deadline=None)
@given(
    st.integers(0, 999),
    st.sampled_from([0.0, 0.01]),
    st.lists(st.integers(-64, 64), min_size=4, max_size=4),
)
def test_a_pair_depends_on_its_own_differences_only(seed: int, rope: float, shifts) -> None:
    """Shifting every score of a data set alike (by multiples of 2**-8 of scores on a grid
    of 2**-10: exact differences) or adding an algorithm after the others changes no pair
    (with a control, the pairs of the first algorithms keep their seed streams)."""
    folds = np.round(fold_array(q=4, k=2, n=3, seed=seed) * 1024) / 1024
    kwargs = {"rope": rope, "control": 0, "n_draws": 200, "random_state": seed}
    base = quiet(folds, **kwargs).results[0]
    moved = folds + np.array(shifts)[:, None, None] / 256
    extra = np.concatenate([moved, moved[:, 1:] / 2], axis=1)
    for other in (quiet(moved, **kwargs).results[0], quiet(extra, **kwargs).results[0]):
        np.testing.assert_array_equal(other.samples, base.samples)
        assert (other.p_x_better, other.p_equivalent) == (base.p_x_better, base.p_equivalent)


def test_swapping_the_pair_swaps_its_probabilities() -> None:
    """The model is symmetric; the chains of x vs y and y vs x are not each other's mirror,
    so the probabilities agree within the Monte Carlo error."""
    folds = fold_array(k=2, n=4)
    folds[:, 0] -= 0.025  # close: neither probability near 0 or 1
    forward = quiet(folds, rope=0.005, control=0, n_draws=8000, random_state=1).results[0]
    backward = quiet(folds, rope=0.005, control=1, n_draws=8000, random_state=1).results[0]
    assert forward.names == ("A1", "A2") and backward.names == ("A2", "A1")
    assert 0.05 < forward.p_x_better < 0.95
    assert forward.p_x_better == pytest.approx(backward.p_y_better, abs=0.05)
    assert forward.p_equivalent == pytest.approx(backward.p_equivalent, abs=0.05)


def test_every_format_holds_the_numbers() -> None:
    result = quiet(fold_array(), rope=0.01, **DRAWS)
    first = result.results[0]
    shown = f"{first.p_x_better:.4f}"
    assert "Bayesian hierarchical tests on 5 data sets (rope = 0.01, rho = 0.25)" in str(result)
    for text in (str(result), result.to_markdown(), result.to_latex(), result._repr_html_()):
        assert shown in text and "R-hat" in text
    csv = pd.read_csv(io.StringIO(result.to_csv()), index_col=0)
    assert csv.loc["A1 vs A2", "p_first_better"] == pytest.approx(first.p_x_better)
    assert csv.loc["A1 vs A2", "rhat"] == pytest.approx(max(first.rhat.values()))  # type: ignore[attr-defined]
    parsed = json.loads(result.to_json())
    assert parsed["A1 vs A2"]["p_equivalent"] == pytest.approx(first.p_equivalent)
    assert parsed["A1 vs A2"]["ess"] == pytest.approx(min(first.ess.values()))  # type: ignore[attr-defined]


def test_poor_chains_warn_naming_the_pair() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mc.compare_bayesian(fold_array(), test="hierarchical", n_draws=100, random_state=0)
    messages = [str(w.message) for w in caught]
    assert all(w.category is RuntimeWarning and w.filename == __file__ for w in caught)
    assert any(m.startswith("A1 vs A2: the chains may not have converged") for m in messages)
    assert any(m.startswith("A1 vs A3: the chains") for m in messages)


@pytest.mark.parametrize(
    ("data", "kwargs", "match"),
    [
        ("means", {}, "holds one score per data set and algorithm; give the folds"),
        ("short", {}, "'d4', algorithm 'a2' has 3"),
        ("long", {"aggregate": "mean"}, "aggregate= combines the folds"),
        ("long", {"prior": 1.0}, "prior= applies to the signed-rank and sign tests"),
        ("long", {"max_work": 1000}, "3 pairs on 5 data sets .*: 66,000, more than max_work=1,000"),
    ],
)
def test_input_without_equal_folds_and_other_options_are_refused(data, kwargs, match) -> None:
    long = long_table(fold_array())
    given = {
        "means": long.groupby(["dataset", "algorithm"])["score"].mean().unstack(),
        "short": long.iloc[:-1],
        "long": long,
    }[data]
    with pytest.raises(ValueError, match=match):
        mc.compare_bayesian(given, test="hierarchical", n_draws=400, **kwargs)


def test_runs_is_refused_with_the_other_tests() -> None:
    with pytest.raises(ValueError, match="runs= applies to test='hierarchical'"):
        mc.compare_bayesian(mc.load_example("demsar2006"), test="sign", runs=2)


def test_the_simplex_plot_of_a_pair() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    result = quiet(fold_array(), rope=0.01, **DRAWS)
    fig = result.results[0].plot()
    assert fig.axes[0].get_title() == "Bayesian hierarchical test: A1 vs A2, rope = 0.01"
