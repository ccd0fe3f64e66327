"""Posterior plots of the Bayesian tests, against baycomp's drawings."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats

import multicomp as mc
from multicomp.plotting.posterior import project

matplotlib = pytest.importorskip("matplotlib")


def _scores() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    x = rng.uniform(0.7, 0.9, 25)
    return x, x + rng.normal(0.004, 0.02, 25)


def _by_gid(ax, gid: str):
    found = [a for a in ax.get_children() if a.get_gid() == gid]
    assert len(found) == 1, gid
    return found[0]


def _texts(fig) -> str:
    return "\n".join(t.get_text() for t in fig.axes[0].texts)


def test_simplex_bins_the_samples_as_baycomp() -> None:
    baycomp = pytest.importorskip("baycomp")
    import matplotlib.pyplot as plt

    x, y = _scores()
    result = mc.bayesian_signed_rank_test(
        x, y, rope=0.01, random_state=2, n_draws=5000, names=("a", "b")
    )
    fig = result.plot()
    ours = _by_gid(fig.axes[0], "simplex-density")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs_fig = baycomp.multiple.Posterior(np.array(result.samples)).plot_simplex(("a", "b"))
    try:
        theirs = next(c for c in theirs_fig.axes[0].collections if c.get_array() is not None)
        np.testing.assert_allclose(ours.get_offsets(), theirs.get_offsets())
        np.testing.assert_array_equal(ours.get_array(), theirs.get_array())
        ours_text = sorted(
            t.get_text().replace("P(", "p(").replace(" better", "").replace("equivalent", "rope")
            for t in fig.axes[0].texts
        )
        assert ours_text == sorted(t.get_text() for t in theirs_fig.axes[0].texts)
    finally:
        plt.close(theirs_fig)
    assert "rope = 0.01" in fig.axes[0].get_title()


def test_projection_puts_each_outcome_at_its_corner() -> None:
    corners = project(np.eye(3))  # (x better, y better, equivalent)
    np.testing.assert_allclose(corners, [[0, 0], [1, 0], [0.5, np.sqrt(3) / 2]], atol=1e-12)


def test_histogram_without_rope() -> None:
    x, y = _scores()
    result = mc.bayesian_sign_test(x, y, random_state=1, n_draws=2000)
    fig = mc.plot_posterior(result)
    bars = [a for a in fig.axes[0].get_children() if a.get_gid() == "posterior-histogram"]
    counts = [bar.get_height() for bar in bars]
    np.testing.assert_array_equal(counts, np.histogram(result.samples[:, 2], 50, (0, 1))[0])
    assert f"P(x better) = {result.p_x_better:.3f}" in _texts(fig)


@pytest.mark.parametrize("rope", [0.0, 0.01])
def test_correlated_t_density_and_rope(rope: float) -> None:
    x, y = _scores()
    result = mc.bayesian_correlated_t_test(x, y, rho=0.1, rope=rope, n_draws=10)
    fig = result.plot()
    ax = fig.axes[0]
    line = _by_gid(ax, "density")
    grid, density = line.get_data()
    np.testing.assert_allclose(density, stats.t.pdf(grid, result.df, result.mean, result.scale))
    assert grid.min() <= min(result.posterior.ppf(0.005), -rope)
    if rope:
        assert _by_gid(ax, "rope-low").get_xdata()[0] == -rope
        assert _by_gid(ax, "rope-high").get_xdata()[0] == rope
        assert f"P(equivalent) = {result.p_equivalent:.3f}" in _texts(fig)
    else:
        assert "equivalent" not in _texts(fig)


def test_point_mass_draw_into_given_axes_and_save(tmp_path) -> None:
    from matplotlib.figure import Figure

    x = np.full(10, 0.8)
    result = mc.bayesian_correlated_t_test(x + 0.02, x, rho=0.1, rope=0.01)
    fig = Figure()
    ax = fig.add_subplot()
    assert mc.plot_posterior(result, ax=ax, title="T") is fig and ax.get_title() == "T"
    assert _by_gid(ax, "density").get_xdata()[0] == pytest.approx(0.02)
    fig.savefig(tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 0


def test_not_a_bayesian_result() -> None:
    with pytest.raises(TypeError, match="Bayesian test"):
        mc.plot_posterior(mc.sign_test([1, 2, 3], [0, 1, 2]))
