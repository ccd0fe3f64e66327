"""Plots of the posterior of the Bayesian tests, in the layout of baycomp.

* Signed-rank and sign tests with a rope: the posterior samples of (theta_x, theta_rope,
  theta_y) in the probability simplex, a triangle whose bottom-left corner is "x better",
  bottom-right "y better" and top "equivalent", split into the three regions where each is
  the largest, with the density of the samples as hexagonal bins.
* The same tests without a rope: the histogram of theta_y (P(y better) in each sample), with
  the line at 1/2 between the regions.
* The Bayesian correlated t-test: the Student density of the mean difference x - y, the rope
  marked by vertical lines.

Each probability is printed at its region. The figures are ``matplotlib.figure.Figure``
objects (no pyplot state); draw into an existing Axes with ``ax=``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np
from scipy import stats

from multicomp._internal.keywords import strict
from multicomp._internal.names import BAYESIAN_TEST_NAMES

__all__ = ["Posterior", "plot_posterior"]


@runtime_checkable
class Posterior(Protocol):
    """What the plots draw: the posterior of a Bayesian test (a
    :class:`multicomp.BayesianResult`), known only by these attributes."""

    @property
    def test(self) -> str: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def rope(self) -> float: ...
    @property
    def samples(self) -> np.ndarray: ...
    @property
    def p_x_better(self) -> float: ...
    @property
    def p_equivalent(self) -> float: ...
    @property
    def p_y_better(self) -> float: ...


_REGION = "#ffad2f"  # baycomp's colours: region lines and rope, density
_DENSITY = "#2f56e0"
_FILL = "#34ccff"


@strict
def plot_posterior(result: Posterior, *, ax: Any = None, title: str | None = None) -> Any:
    """Draw the posterior of a Bayesian test as baycomp does and return the Figure.

    Parameters
    ----------
    result : the result of :func:`multicomp.bayesian_signed_rank_test`,
        :func:`multicomp.bayesian_sign_test` or :func:`multicomp.bayesian_correlated_t_test`.
    ax : a matplotlib Axes to draw into (default: a new Figure).
    title : the title (default: the test and the names).

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), JMLR 18(77), Figs. 5-8 (simplex plots);
    baycomp (``Posterior.plot_simplex``, ``plot_histogram``; ``single.Posterior.plot``).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.bayesian_signed_rank_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, random_state=0)
    >>> fig = mc.plot_posterior(res)
    >>> fig.axes[0].get_title()
    'Bayesian signed-rank test: C4.5+m+cf vs C4.5, rope = 0.01'
    """
    if not isinstance(result, Posterior):
        raise TypeError(f"result must be a result of a Bayesian test, got {type(result).__name__}")
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(6.0, 5.0)).add_subplot()
    x, y = result.names
    if title is None:
        title = f"{_name(result.test)}: {x} vs {y}" + (
            f", rope = {result.rope:g}" if result.rope else ""
        )
    if result.test == "correlated_t":
        _density(result, ax)
    elif result.rope > 0:
        _simplex(result, ax)
    else:
        _histogram(result, ax)
    ax.set_title(title)
    return ax.figure


def project(samples: np.ndarray) -> np.ndarray:
    """Points of the simplex (theta_x, theta_y, theta_rope) in the plane, as baycomp projects
    them: x better at (0, 0), y better at (1, 0), equivalent at (1/2, sqrt(3)/2)."""
    p1, p2, p3 = np.asarray(samples, dtype=np.float64).T / np.sqrt(3)
    across = (p2 - p1) * np.cos(np.pi / 6) + 0.5
    up = p3 - (p1 + p2) * np.sin(np.pi / 6) + 1 / (2 * np.sqrt(3))
    return np.column_stack((across, up))


def _name(test: str) -> str:
    return BAYESIAN_TEST_NAMES[test]


def _simplex(result: Posterior, ax: Any) -> None:
    from matplotlib import colormaps

    x, y = result.names
    top = np.sqrt(3) / 2
    ax.set_aspect("equal", "box")
    ax.plot([0, 0.5, 1.0, 0], [0, top, 0, 0], color=_REGION, gid="simplex-triangle")
    centre = project(np.array([[1 / 3, 1 / 3, 1 / 3]]))[0]
    for i, (px, py) in enumerate(project(np.array([[0.5, 0.5, 0], [0.5, 0, 0.5], [0, 0.5, 0.5]]))):
        ax.plot([centre[0], px], [centre[1], py], color=_REGION, gid=f"simplex-region-{i}")
    points = project(result.samples[:, [0, 2, 1]])
    ax.hexbin(
        points[:, 0], points[:, 1], mincnt=1, cmap=colormaps["Blues_r"], gid="simplex-density"
    )
    ax.text(0, -0.04, f"P({x} better) = {result.p_x_better:.3f}", ha="center", va="top")
    ax.text(0.5, top + 0.02, f"P(equivalent) = {result.p_equivalent:.3f}", ha="center", va="bottom")
    ax.text(1, -0.04, f"P({y} better) = {result.p_y_better:.3f}", ha="center", va="top")
    ax.set_xlim(-0.2, 1.2)
    ax.set_ylim(-0.2, 1.2)
    ax.set_axis_off()


def _histogram(result: Posterior, ax: Any) -> None:
    x, y = result.names
    ax.grid(True)
    ax.hist(result.samples[:, 2], bins=50, range=(0.0, 1.0), color=_FILL, gid="posterior-histogram")
    ax.axvline(0.5, color=_REGION, linewidth=2)
    ax.set_xlim(0.0, 1.0)
    ax.set_xlabel(f"theta: probability that {y} is better on a data set")
    ax.set_yticklabels([])
    ax.text(
        0.02,
        0.97,
        f"P({x} better) = {result.p_x_better:.3f}",
        transform=ax.transAxes,
        ha="left",
        va="top",
    )
    ax.text(
        0.98,
        0.97,
        f"P({y} better) = {result.p_y_better:.3f}",
        transform=ax.transAxes,
        ha="right",
        va="top",
    )


def _density(result: Posterior, ax: Any) -> None:
    x, y = result.names
    mean, scale, df = (float(getattr(result, a)) for a in ("mean", "scale", "df"))
    rope = result.rope
    ax.grid(True)
    if rope > 0:
        ax.axvline(-rope, color=_REGION, linewidth=2, label="rope", gid="rope-low")
        ax.axvline(rope, color=_REGION, linewidth=2, gid="rope-high")
    if scale > 0:
        low = min(float(stats.t.ppf(0.005, df, mean, scale)), -1.05 * rope)
        high = max(float(stats.t.ppf(0.995, df, mean, scale)), 1.05 * rope)
        grid = np.linspace(low, high, 200)
        density = stats.t.pdf(grid, df, mean, scale)
        ax.plot(
            grid, density, color=_DENSITY, linewidth=2, label="posterior density", gid="density"
        )
        ax.fill_between(grid, density, 0.0, color=_FILL)
    else:  # a point mass
        ax.axvline(mean, color=_DENSITY, linewidth=2, label="posterior (point mass)", gid="density")
    ax.set_xlabel(f"mean difference {x} - {y}")
    ax.set_yticklabels([])
    shown = [f"P({x} better) = {result.p_x_better:.3f}"]
    if rope > 0:
        shown.append(f"P(equivalent) = {result.p_equivalent:.3f}")
    shown.append(f"P({y} better) = {result.p_y_better:.3f}")
    ax.text(0.02, 0.97, "\n".join(shown), transform=ax.transAxes, ha="left", va="top")
    ax.legend(loc="upper right")
