"""The Bayesian hierarchical test of two algorithms on many data sets (pairs.hierarchical) and
the convergence diagnostics (_internal.mcmc)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp._internal import mcmc
from multicomp.pairs.hierarchical import HierarchicalResult

REFERENCE = Path(__file__).parent / "peers" / "baycomp_hierarchical.json"


def folds(q: int = 8, n: int = 10, shift: float = 0.02, seed: int = 0) -> tuple[np.ndarray, ...]:
    """x, y: q data sets x n folds, x better by ``shift`` on average."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0.7, 0.9, (q, 1)) + rng.normal(0, 0.02, (q, n))
    return x, x - shift + rng.normal(0, 0.02, (q, n))


def run(x: object, y: object, **kwargs: object) -> HierarchicalResult:
    kwargs = {"n_draws": 20_000, "random_state": 1, **kwargs}
    return mc.bayesian_hierarchical_test(x, y, **kwargs)  # type: ignore[arg-type]


#: The agreement test's tolerance of a probability: 0.02, or this many standard errors of the
#: difference (baycomp's and multicomp's Monte Carlo errors combined) where that is larger.
SE_MULTIPLE = 4


def reference_cases() -> list[dict]:
    if not REFERENCE.exists():
        return []
    cases: list[dict] = json.loads(REFERENCE.read_text())["cases"]
    return cases


def monte_carlo_se(res: HierarchicalResult) -> np.ndarray:
    """Standard errors of the three probabilities: sqrt(p (1 - p) / ESS) of the indicator
    that each region is the most probable, with the chains' effective sample size."""
    winners = np.argmax(res.samples, axis=1).reshape(res.delta0.shape)
    errors = []
    for region in range(3):
        won = (winners == region).astype(float)
        p = won.mean()
        errors.append(np.sqrt(p * (1 - p) / mcmc.split_rhat_ess(won)[1]))
    return np.array(errors)


def comparisons() -> list[tuple[dict, str]]:
    """(case, peer): each recorded case with baycomp, the quadrature and, where recorded,
    Stan's non-centred sampling."""
    peers = ("baycomp", "quadrature", "stan_noncentred")
    return [(case, peer) for case in reference_cases() for peer in peers if peer in case]


@pytest.mark.parametrize(
    ("case", "peer"), comparisons(), ids=lambda v: v["id"] if isinstance(v, dict) else v
)
def test_probabilities_agree_with_baycomp_and_quadrature(case: dict, peer: str) -> None:
    """tests/peers/baycomp_hierarchical.json. baycomp 1.0.3 + PyStan 3.10 (200,000 draws;
    baycomp's left is P(x better), its difference being y - x) and Stan's non-centred
    sampling of the same posterior: multicomp at 50,000 draws agrees within 0.02, or
    SE_MULTIPLE standard errors of the difference where that is larger. The deterministic
    quadrature of the posterior (printed to 4 decimals): within SE_MULTIPLE of multicomp's
    standard errors plus the quadrature's error bound."""
    res = run(
        np.array(case["x"]),
        np.array(case["y"]),
        rope=case["rope"],
        runs=case["runs"],
        n_draws=50_000,
    )
    ours = np.array([res.p_x_better, res.p_equivalent, res.p_y_better])
    entry = case[peer]
    if peer == "quadrature":
        tolerance = SE_MULTIPLE * monte_carlo_se(res) + entry["error_bound"] + 5e-5
    else:
        se = np.hypot(entry["mc_se"], monte_carlo_se(res))
        tolerance = np.maximum(0.02, SE_MULTIPLE * se)
    assert np.all(np.abs(ours - entry["left_rope_right"]) <= tolerance), (ours, tolerance)


def test_the_monte_carlo_errors_are_those_of_other_seeds() -> None:
    """The ESS-based standard errors match the spread of the probabilities over seeds."""
    x, y = folds(q=6, shift=0.005)
    runs = [run(x, y, rope=0.01, random_state=seed) for seed in range(8)]
    spread = np.std([[r.p_x_better, r.p_equivalent, r.p_y_better] for r in runs], axis=0)
    se = np.mean([monte_carlo_se(r) for r in runs], axis=0)
    assert np.all(se > 0) and np.allclose(se, spread, rtol=0.6)


def test_reference_file_covers_different_shapes() -> None:
    cases = reference_cases()
    if not cases:
        pytest.skip("no recorded baycomp run")
    shapes = {np.shape(c["x"]) for c in cases}
    assert len(cases) >= 6 and len(shapes) >= 3 and {c["rope"] for c in cases} >= {0.0, 0.01}
    assert all(len(c["baycomp"]["mc_se"]) == 3 and "quadrature" in c for c in cases)


def test_result_fields_and_frames() -> None:
    x, y = folds()
    res = run(x, y, rope=0.01)
    assert res.test == "hierarchical" and res.n_datasets == 8
    assert res.p_x_better + res.p_equivalent + res.p_y_better == pytest.approx(1.0)
    assert res.p_x_better > 0.9
    assert res.delta0.shape == res.std0.shape == res.nu.shape == (4, 5000)
    assert res.samples.shape == (20_000, 3)
    assert not res.samples.flags.writeable and not res.delta0.flags.writeable
    assert 0.01 < res.delta0.mean() < 0.03  # in score units
    frame = res.diagnostics()
    assert list(frame.index) == ["delta0", "std0", "nu"]
    assert (frame["rhat"] < 1.01).all() and (frame["ess"] > 1000).all()
    assert res.to_frame()["probability"].sum() == pytest.approx(1.0)
    assert "Bayesian hierarchical test of x vs y (rope = 0.01, rho = 0.1)" in str(res)
    assert res.options == {"rho": 0.1}


def test_the_seed_repeats_the_draws() -> None:
    x, y = folds(q=5)
    a, b = run(x, y, rope=0.01), run(x, y, rope=0.01)
    assert np.array_equal(a.delta0, b.delta0) and a.p_x_better == b.p_x_better
    c = run(x, y, rope=0.01, random_state=2)
    assert not np.array_equal(a.delta0, c.delta0)


def test_orientation_and_swapping() -> None:
    x, y = folds(q=6, shift=0.01)
    res = run(x, y, rope=0.005, n_draws=40_000)
    swapped = run(y, x, rope=0.005, n_draws=40_000)
    lower = run(-x, -y, rope=0.005, n_draws=40_000, higher_is_better=False)
    assert swapped.p_y_better == pytest.approx(res.p_x_better, abs=0.02)
    assert swapped.p_equivalent == pytest.approx(res.p_equivalent, abs=0.02)
    assert lower.p_x_better == res.p_x_better and lower.names == ("x", "y")


def test_scores_in_other_units_give_the_same_probabilities() -> None:
    """The data are rescaled as baycomp does: percent instead of fractions changes
    nothing (the rope scaled alike)."""
    x, y = folds(q=6, shift=0.01)
    a = run(x, y, rope=0.01)
    b = run(100 * x, 100 * y, rope=1.0)
    assert b.p_x_better == pytest.approx(a.p_x_better, abs=1e-9)
    assert b.delta0 == pytest.approx(100 * a.delta0)


def test_repeated_cross_validation_sets_rho() -> None:
    x, y = folds(q=4, n=20)
    assert run(x, y, runs=2).options == {"rho": 0.1}
    with pytest.raises(ValueError, match="not 3 runs"):
        run(x, y, runs=3)


def test_a_data_set_whose_differences_do_not_vary() -> None:
    x, y = folds(q=5)
    y[2] = x[2] - 0.05  # the same difference on every fold
    with pytest.raises(ValueError, match="do not vary in data set"):
        run(x, y)
    res = run(x, y, rope=0.01)  # spread within the rope, around its own mean
    assert res.p_x_better > 0.5


def test_dataframes_label_the_data_sets() -> None:
    x, y = folds(q=4)
    frame = pd.DataFrame(x, index=list("abcd"))
    y[1] = x[1] - 0.05
    with pytest.raises(ValueError, match="data set"):
        run(frame, pd.DataFrame(y, index=list("abcd")))


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"y": np.zeros((3, 10))}, ValueError, "same shape"),
        ({"y": np.zeros(10)}, ValueError, "same shape"),
        ({"y": np.full((8, 10), np.nan)}, ValueError, "finite"),
        ({"y": np.full((8, 10), "a")}, TypeError, "numbers"),
        ({"runs": 0}, ValueError, "runs"),
        ({"n_draws": 3}, ValueError, "n_draws"),
        ({"rope": -1}, ValueError, "rope"),
        ({"n_draws": 100_000, "max_work": 1000}, ValueError, "max_work"),
        ({"bogus": 1}, TypeError, "bogus"),
    ],
)
def test_bad_input_is_refused(change: dict, error: type, match: str) -> None:
    x, y = folds()
    kwargs = {"y": y, **change}
    with pytest.raises(error, match=match):
        run(x, **kwargs)


def test_no_variation_at_all_is_refused() -> None:
    x = np.zeros((3, 5))
    with pytest.raises(ValueError, match="do not vary within any"):
        run(x, x - 1)


def test_poor_convergence_warns() -> None:
    x, y = folds(q=3)
    with pytest.warns(RuntimeWarning, match="may not have converged"):
        run(x, y, n_draws=16, n_chains=4, n_warmup=0)


def test_the_simplex_plot() -> None:
    x, y = folds()
    fig = mc.plot_posterior(run(x, y, rope=0.01))
    assert fig.axes[0].get_title() == "Bayesian hierarchical test: x vs y, rope = 0.01"


def test_split_rhat_and_ess_of_known_chains() -> None:
    rng = np.random.default_rng(0)
    iid = rng.normal(size=(4, 5000))
    rhat, ess = mcmc.split_rhat_ess(iid)
    assert rhat == pytest.approx(1.0, abs=0.005) and ess == pytest.approx(20_000, rel=0.1)
    phi = 0.9  # AR(1): ESS = n (1 - phi) / (1 + phi)
    ar = np.zeros((4, 20_000))
    for t in range(1, ar.shape[1]):
        ar[:, t] = phi * ar[:, t - 1] + rng.normal(size=4)
    _, ess = mcmc.split_rhat_ess(ar)
    assert ess == pytest.approx(80_000 * (1 - phi) / (1 + phi), rel=0.2)
    apart = iid + np.arange(4)[:, None]
    assert mcmc.split_rhat_ess(apart)[0] > 1.5
    assert mcmc.split_rhat_ess(np.ones((2, 10))) == (1.0, 20.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mcmc.split_rhat_ess(iid[:, :8])


def test_the_command_line_reads_folds_of_many_data_sets(tmp_path: Path, capsys) -> None:
    from multicomp.cli import main

    x, y = folds(q=4, n=5)
    rows = (
        pd.DataFrame(
            {
                "dataset": np.repeat(list("abcd"), 5),
                "tree": x.ravel(),
                "svm": y.ravel(),
            }
        )
        .sample(frac=1, random_state=0)
        .sort_values("dataset", kind="stable")
    )
    path = tmp_path / "folds.csv"
    rows.to_csv(path, index=False)
    args = [str(path), "--cv", "bayesian_hierarchical_test", "--rope", "0.01"]
    assert main([*args, "--random-state", "3"]) == 0
    expected = mc.bayesian_hierarchical_test(
        rows.groupby("dataset")["tree"].apply(list).tolist(),
        rows.groupby("dataset")["svm"].apply(list).tolist(),
        rope=0.01,
        names=("tree", "svm"),
        random_state=3,
    )
    assert capsys.readouterr().out.strip() == str(expected)
    rows.iloc[1:].to_csv(path, index=False)
    assert main(args) == 2
    assert "same number of folds" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(path), "--cv", "corrected_resampled_t_test", "--rho", "0.1", "--runs", "2"])
