"""The plot of a Bayesian ranking: the posterior Plackett-Luce weight of each algorithm.

One row per algorithm, the best (largest posterior mean weight) at the top: a dot at the
posterior mean, a bar over the credible interval, and the probability of being the best
at the right. A dotted line marks 1/k, the weight of every algorithm if all were equal. The
figure grows with k (a fixed height per row), so that 50 algorithms stay readable. The
figure is a ``matplotlib.figure.Figure`` (no pyplot state); draw into an existing Axes with
``ax=``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

__all__ = ["Ranking", "plot_ranking"]

_ROW = 0.22  # inches per algorithm
_POINT = "#2f56e0"
_LINE = "#34a0ff"
_EQUAL = "#888888"


@runtime_checkable
class Ranking(Protocol):
    """What the plot draws: a :class:`multicomp.results.BayesianRankingResult`, known only
    by these attributes."""

    @property
    def algorithms(self) -> tuple[str, ...]: ...
    @property
    def n_datasets(self) -> int: ...
    @property
    def mean(self) -> np.ndarray: ...
    @property
    def interval(self) -> np.ndarray: ...
    @property
    def p_best(self) -> np.ndarray: ...
    @property
    def credible_level(self) -> float: ...


def plot_ranking(result: Ranking, *, ax: Any = None, title: str | None = None) -> Any:
    """Draw the posterior weights of a Bayesian ranking, sorted, and return the Figure.

    Parameters
    ----------
    result : BayesianRankingResult
        The result of :func:`multicomp.bayesian_ranking`.
    ax : matplotlib Axes, optional
        Where to draw (default: a new Figure, 0.22 inch per algorithm high).
    title : str, optional
        The title (default: the model, k and N).

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    Calvo, Shir, Ceberio, Doerr, Wang, Back & Lozano (2019), "Bayesian performance analysis
    for black-box optimization benchmarking", GECCO '19 Companion, 1789-1797 (their figures
    of the posterior weights with credible intervals).

    Examples
    --------
    >>> import multicomp as mc
    >>> result = mc.bayesian_ranking(mc.load_example("garcia2010"), n_draws=2000)
    >>> figure = result.plot()
    >>> [label.get_text() for label in figure.axes[0].get_yticklabels()][:2]
    ['PDFC', 'IS-CHC + 1NN']
    """
    if not isinstance(result, Ranking):
        raise TypeError(
            f"result must be the result of bayesian_ranking, got {type(result).__name__}"
        )
    k = len(result.algorithms)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(6.4, 1.2 + _ROW * k), layout="constrained").add_subplot()
    order = np.argsort(-np.asarray(result.mean), kind="stable")
    rows = np.arange(k)
    mean = np.asarray(result.mean)[order]
    low, high = np.asarray(result.interval)[order].T
    ax.hlines(rows, low, high, color=_LINE, linewidth=2.5, gid="credible-intervals")
    ax.plot(mean, rows, "o", color=_POINT, markersize=4, gid="posterior-means")
    ax.axvline(1.0 / k, color=_EQUAL, linestyle=":", linewidth=1, gid="equal-weights")
    ax.set_yticks(rows, [result.algorithms[i] for i in order], fontsize=8 if k > 30 else 10)
    ax.set_ylim(k - 0.5, -0.5)  # the best at the top
    ax.set_xlim(0.0, 1.05 * float(high.max()))
    ax.grid(True, axis="x", alpha=0.4)
    ax.set_xlabel(
        f"weight: probability of ranking first on a new data set "
        f"(mean, {100 * result.credible_level:g}% credible interval)"
    )
    right = ax.secondary_yaxis("right")
    right.set_ticks(rows, [f"{p:.2f}" for p in np.asarray(result.p_best)[order]])
    right.tick_params(labelsize=8 if k > 30 else 10)
    right.set_ylabel("P(best)")
    ax.set_title(
        title
        if title is not None
        else f"Plackett-Luce posterior: {k} algorithms, {result.n_datasets} data sets"
    )
    return ax.figure
