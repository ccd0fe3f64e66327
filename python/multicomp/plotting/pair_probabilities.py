"""The posterior probabilities of many pairs at once: one bar per pair "a vs b", split into
P(a better), P(equivalent) and P(b better), with the probability a decision needs marked.

Drawn for a :class:`multicomp.BayesianComparison` (``.plot()``) and for the Bayesian
hierarchical tests of a report (``compare(extras=["bayesian_hierarchical"])``, saved by
``Report.save``), from the probabilities alone (a report keeps no posterior samples; each
pair's simplex is its result's ``.plot()``). The figure grows with the pairs (a fixed height
per row) and is a ``matplotlib.figure.Figure`` (no pyplot state); draw into an existing Axes
with ``ax=``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["plot_pair_probabilities"]

_ROW = 0.3  # inches per pair
#: P(first better), P(equivalent), P(second better): the first's colour, grey, the second's.
_COLOURS = ("#2f56e0", "#bbbbbb", "#e0782f")
_OUTCOMES = ("first better", "equivalent", "second better")


def plot_pair_probabilities(
    pairs: Sequence[tuple[str, str]],
    probabilities: Any,
    *,
    threshold: float,
    title: str,
    ax: Any = None,
) -> Any:
    """Draw each pair's three posterior probabilities as one split bar; return the Figure.

    Parameters
    ----------
    pairs : sequence of (str, str)
        The pairs (first, second), drawn top to bottom.
    probabilities : array_like, shape (len(pairs), 3)
        P(first better), P(equivalent), P(second better) of each pair.
    threshold : float
        The probability at which an outcome is decided (a dotted line on each side).
    title : str
        The figure's title.
    ax : matplotlib Axes, optional
        Where to draw (default: a new Figure, 0.3 inch per pair high).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from multicomp.plotting.pair_probabilities import plot_pair_probabilities
    >>> figure = plot_pair_probabilities(
    ...     [("a", "b"), ("a", "c")], [[0.97, 0.03, 0.0], [0.2, 0.7, 0.1]],
    ...     threshold=0.95, title="two pairs")
    >>> [t.get_text() for t in figure.axes[0].get_yticklabels()]
    ['a vs b', 'a vs c']
    """
    p = np.asarray(probabilities, dtype=float).reshape(len(pairs), 3)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(6.4, 1.4 + _ROW * len(pairs)), layout="constrained").add_subplot()
    rows = np.arange(len(pairs))
    left = np.zeros(len(pairs))
    for j, (colour, outcome) in enumerate(zip(_COLOURS, _OUTCOMES)):
        ax.barh(rows, p[:, j], left=left, color=colour, height=0.7, label=f"P({outcome})")
        left = left + p[:, j]
    for x in (threshold, 1 - threshold):
        ax.axvline(x, color="black", linestyle=":", linewidth=1, gid="threshold")
    ax.set_yticks(rows, [f"{a} vs {b}" for a, b in pairs], fontsize=8 if len(pairs) > 30 else 10)
    ax.set_ylim(len(pairs) - 0.5, -0.5)
    ax.set_xlim(0.0, 1.0)
    ax.set_xlabel(f"posterior probability (dotted: {threshold:g} of the first or the second)")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize=8, frameon=False)
    ax.set_title(title, pad=22)
    return ax.figure
