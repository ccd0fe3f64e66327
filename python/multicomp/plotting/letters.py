"""A compact letter display as a figure that stays readable for hundreds to thousands of
algorithms: one line per algorithm, sorted best first, its name, a dot at its average rank (or
mean score) and, beside it, its letters as a matrix (a column per letter, filled where the
algorithm holds it: the groups read as vertical bars); beyond ``per_panel`` algorithms the
list continues in panels side by side, so names keep a legible size at any k.

At k = 1,000 the figure holds a thousand names: they are plain texts (no tick machinery:
about half the cost of tick labels to lay out and draw), and the matrix is a bar per run of
holders in each column (a few hundred rectangles, the same pixels as the matrix drawn as an
image, vector in SVG), so the figure is drawn and written in a few seconds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.transforms import ScaledTranslation

from multicomp._internal.validation import check_count

__all__ = ["plot_letters"]

#: Inches per algorithm (a 6.5-point name fits).
ROW = 0.13
#: Inches of a panel's dots (the average ranks or mean scores).
DOTS = 1.6
#: Inches between a panel's dots and its letters (room for half a tick label).
GAP = 0.2
#: The names' size and their distance from the dots (points).
NAME_SIZE, NAME_PAD = 6.5, 3.5
#: The fill of a letter held (the grey of value 1 on ``Greys`` from 0 to 1.6).
HELD = "#727272"


def plot_letters(display: Any, *, per_panel: int = 200) -> Figure:
    """Draw a :class:`multicomp.ranking.letters.LetterDisplay`.

    Parameters
    ----------
    display : LetterDisplay
        The letters (their order: best first for a result's letters).
    per_panel : int
        Algorithms per panel (column of the figure).

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    Piepho (2004), J. Comput. Graph. Stat. 13(2):456-466.

    Examples
    --------
    >>> import multicomp as mc
    >>> from multicomp.ranking.letters import compact_letters
    >>> pairs = mc.posthoc_all_pairs(mc.load_example("garcia2008"), method="asymptotic")
    >>> fig = compact_letters(pairs).plot()
    >>> [t.get_text() for t in fig.axes[0].texts][:2]
    ['C4.5', 'NaiveBayes']
    """
    per_panel = check_count(per_panel, "per_panel", 10)
    names = list(display.letters.index)
    k, m = display.matrix.shape
    panels = int(np.ceil(k / per_panel))
    rows = min(k, per_panel)
    name_width = 0.1 + NAME_PAD / 72 + _widest(names, NAME_SIZE)
    strip = min(4.0, 0.25 + 0.12 * m)  # the letters' columns
    panel = name_width + DOTS + GAP + strip + 0.1  # names, dots, gap, letters, gap (inches)
    width, height = panels * panel, 1.0 + ROW * rows
    figure = Figure(figsize=(width, height))

    def axes(left: float, wide: float, **shared: Any) -> Any:  # a panel's axes, in inches
        return figure.add_axes(
            (left / width, 0.45 / height, wide / width, (height - 1.05) / height), **shared
        )

    held = display.matrix.to_numpy()
    values = display.values
    for p in range(panels):
        chunk = slice(p * per_panel, min(k, (p + 1) * per_panel))
        y = np.arange(chunk.stop - chunk.start)
        dots = axes(p * panel + name_width, DOTS)
        x = values.to_numpy()[chunk] if values is not None else y + chunk.start + 1
        dots.plot(x, y, "o", markersize=2.5, color="black")
        _names(dots, names[chunk])
        dots.set_ylim(rows - 0.5, -0.5)
        dots.set_xlabel(display.value_name or "position", fontsize=7)
        dots.tick_params(axis="x", labelsize=6)
        dots.grid(axis="x", alpha=0.3)
        letters = axes(p * panel + name_width + DOTS + GAP, strip, sharey=dots)
        letters.add_collection(_bars(held[chunk]))
        letters.set_xlim(-0.5, m - 0.5)
        letters.tick_params(left=False, labelleft=False, labelsize=6)
        if m <= 26:
            letters.set_xticks(range(m), list(display.matrix.columns), fontsize=6.5)
        letters.set_xlabel(f"letters ({m})", fontsize=7)
    figure.suptitle(
        f"Compact letter display ({display.source}): a shared letter (column) means no difference",
        fontsize=8,
        y=1 - 0.2 / height,  # in the top margin of 0.6 inches, at any height
    )
    return figure


def _names(ax: Any, names: list[str]) -> None:
    """The names of a panel's algorithms left of ``ax``, one per row (row i at y = i), as
    texts :data:`NAME_PAD` points off the axes (where tick labels stand)."""
    ax.set_yticks([])
    shift = ScaledTranslation(-NAME_PAD / 72, 0, ax.figure.dpi_scale_trans)
    place = {"transform": ax.get_yaxis_transform() + shift, "ha": "right", "va": "center"}
    for row, name in enumerate(names):
        ax.text(0, row, name, fontsize=NAME_SIZE, **place)


def _widest(names: list[str], points: float) -> float:
    """The width in inches of the widest of ``names`` at ``points``, each character measured
    once by Agg (a thousand names in milliseconds; as wide as drawn but for kerning)."""
    renderer: Any = RendererAgg(1, 1, 72)  # type: ignore[no-untyped-call, unused-ignore]
    font = FontProperties(size=points)
    width: dict[str, float] = {
        c: renderer.get_text_width_height_descent(c, font, ismath=False)[0] / 72
        for c in set().union(*names)
    }
    return max(sum(width[c] for c in name) for name in names)


def _bars(held: np.ndarray) -> PolyCollection:
    """The cells held of a letter matrix (a row per algorithm at y = row, a column per letter
    at x = column, cells of side 1 centred there) as one rectangle per run of consecutive
    holders in a column, in the order of the columns."""
    padded = np.zeros((held.shape[0] + 2, held.shape[1]), dtype=np.int8)
    padded[1:-1] = held
    edges = np.diff(padded, axis=0).T  # a row per column: +1 where a run starts, -1 after
    column, start = np.nonzero(edges == 1)
    stop = np.nonzero(edges == -1)[1]
    left, right, top, bottom = column - 0.5, column + 0.5, start - 0.5, stop - 0.5
    corners = np.stack(
        [np.c_[left, top], np.c_[right, top], np.c_[right, bottom], np.c_[left, bottom]], axis=1
    )
    return PolyCollection(list(corners), facecolors=HELD, edgecolors="none", antialiased=False)
