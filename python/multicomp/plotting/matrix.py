"""The multi-comparison matrix as a heat map, in the style of Ismail-Fawaz et al. (2023).

Each cell (row r, column c) is coloured by the mean difference r - c on a diverging scale
symmetric around 0 (red: the row is better); its text gives the mean difference, the wins /
ties / losses of r against c and the p-value, in bold when the pair differs after the
multiplicity adjustment. The text thins as k grows so that the figure stays readable: all
three lines up to k = 10, the mean difference up to k = 20, beyond that colour only with a dot
marking the pairs that differ. Tick labels carry each algorithm's mean score.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import MATRIX_ANNOTATIONS, MatrixAnnotate

__all__ = ["plot_matrix"]

#: The largest k drawn with each annotation by ``annotate='auto'``.
FULL_UP_TO, MEAN_UP_TO = 10, 20


def plot_matrix(
    result: Any,
    *,
    annotate: MatrixAnnotate = "auto",
    upper_only: bool = False,
    cmap: str = "coolwarm",
    precision: int = 3,
    ax: Axes | None = None,
) -> Figure:
    """Draw a :class:`multicomp.ranking.multi_comparison.ComparisonMatrix` as a heat map.

    Parameters
    ----------
    result : ComparisonMatrix
        The matrix to draw.
    annotate : {'auto', 'full', 'mean', 'none'}
        Text in the cells: 'full' (mean difference, wins/ties/losses, p-value), 'mean' (the
        mean difference), 'none' (colour, and a dot on the pairs that differ); 'auto' picks
        'full' up to k = 10, 'mean' up to k = 20, 'none' beyond.
    upper_only : bool
        Draw only the cells above the diagonal (each pair once).
    cmap : str
        A diverging matplotlib colour map.
    precision : int
        Decimals of the mean differences and means.
    ax : matplotlib.axes.Axes, optional
        Draw into these axes (the figure is then the axes' own).

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    Ismail-Fawaz et al. (2023), An approach to multiple comparison benchmark evaluations that
    is stable under manipulation of the comparate set, arXiv:2305.11921, Fig. 1.

    Examples
    --------
    >>> import multicomp as mc
    >>> from multicomp.ranking.multi_comparison import comparison_matrix
    >>> fig = comparison_matrix(mc.load_example("garcia2010")).plot()
    >>> fig.axes[0].get_title()
    'Multi-comparison matrix: row - column (N = 24; bold: differs, holm at alpha = 0.05)'
    """
    annotate = check_choice("annotate", annotate, MATRIX_ANNOTATIONS)
    k = len(result.algorithms)
    if annotate == "auto":
        annotate = "full" if k <= FULL_UP_TO else "mean" if k <= MEAN_UP_TO else "none"
    cell = {"full": 1.25, "mean": 0.6, "none": 0.3}[annotate]
    if ax is None:
        side = max(4.0, cell * k + 2.5)
        ax = Figure(figsize=(side + 1.2, side), layout="constrained").add_subplot()
    values = result.statistic.to_numpy(dtype=float).copy()
    shown = ~np.eye(k, dtype=bool)
    if upper_only:
        shown &= np.triu(np.ones((k, k), dtype=bool), 1)
    limit = float(np.nanmax(np.abs(values[shown]))) if shown.any() else 1.0
    limit = limit or 1.0
    values[~shown] = np.nan
    sign = 1.0 if result.higher_is_better else -1.0
    image = ax.imshow(sign * values, cmap=cmap, vmin=-limit, vmax=limit)
    colorbar = ax.figure.colorbar(image, ax=ax, shrink=0.8)
    colorbar.set_label("mean difference, row - column" + ("" if sign > 0 else " (sign flipped)"))
    _annotate(ax, result, shown, annotate, precision)
    labels = [f"{a}\n{m:.{precision}f}" for a, m in result.means.items()]
    size = 9 if k <= MEAN_UP_TO else max(5.0, 9 - (k - MEAN_UP_TO) / 5)
    ax.set_xticks(range(k), labels, rotation=90, fontsize=size)
    ax.set_yticks(range(k), labels, fontsize=size)
    ax.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False)
    ax.set_title(
        f"Multi-comparison matrix: row - column (N = {result.n_datasets}; bold: differs, "
        f"{result.procedure} at alpha = {result.alpha:g})",
        fontsize=10,
    )
    return ax.figure  # type: ignore[return-value]


def _annotate(ax: Axes, result: Any, shown: np.ndarray, annotate: str, precision: int) -> None:
    """The text (or dots) of the cells."""
    reject = result.reject.to_numpy()
    diff = result.statistic.to_numpy()
    wins, ties, losses = (t.to_numpy() for t in (result.wins, result.ties, result.losses))
    pvalue = result.pvalue.to_numpy()
    for r, c in zip(*np.nonzero(shown)):
        weight = "bold" if reject[r, c] else "normal"
        if annotate == "none":
            if reject[r, c]:
                ax.plot(c, r, marker="o", markersize=2.5, color="black")
            continue
        text = f"{diff[r, c]:+.{precision}f}"
        if annotate == "full":
            text += f"\n{wins[r, c]} / {ties[r, c]} / {losses[r, c]}\np = {pvalue[r, c]:.2g}"
        ax.text(c, r, text, ha="center", va="center", fontsize=7, fontweight=weight)
