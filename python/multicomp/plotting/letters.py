"""A compact letter display as a figure that stays readable for hundreds to thousands of
algorithms: one line per algorithm, sorted best first, its name, a dot at its average rank (or
mean score) and, beside it, its letters as a matrix (a column per letter, filled where the
algorithm holds it: the groups read as vertical bars); beyond ``per_panel`` algorithms the
list continues in panels side by side, so names keep a legible size at any k.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.figure import Figure

from multicomp._internal.validation import check_count

__all__ = ["plot_letters"]

#: Inches per algorithm (a 6.5-point name fits).
ROW = 0.13


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
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()][:2]
    ['C4.5', 'NaiveBayes']
    """
    per_panel = check_count(per_panel, "per_panel", 10)
    names = list(display.letters.index)
    k, m = display.matrix.shape
    panels = int(np.ceil(k / per_panel))
    rows = min(k, per_panel)
    name_width = 0.3 + 0.055 * max(len(n) for n in names)
    strip = min(4.0, 0.25 + 0.12 * m)  # the letters' columns
    width, height = panels * (name_width + 1.6 + strip), 1.0 + ROW * rows
    figure = Figure(figsize=(width, height))
    grid = figure.add_gridspec(
        1,
        2 * panels,
        width_ratios=[1.6, strip] * panels,
        left=name_width / width,
        right=0.99,
        top=1 - 0.6 / height,
        bottom=0.45 / height,
        wspace=0.05 + name_width / (1.6 + strip),
    )
    held = display.matrix.to_numpy()
    values = display.values
    for p in range(panels):
        chunk = slice(p * per_panel, min(k, (p + 1) * per_panel))
        y = np.arange(chunk.stop - chunk.start)
        dots = figure.add_subplot(grid[0, 2 * p])
        x = values.to_numpy()[chunk] if values is not None else y + chunk.start + 1
        dots.plot(x, y, "o", markersize=2.5, color="black")
        dots.set_yticks(y, names[chunk], fontsize=6.5)
        dots.set_ylim(rows - 0.5, -0.5)
        dots.set_xlabel(display.value_name or "position", fontsize=7)
        dots.tick_params(axis="x", labelsize=6)
        dots.grid(axis="x", alpha=0.3)
        letters = figure.add_subplot(grid[0, 2 * p + 1], sharey=dots)
        letters.imshow(
            held[chunk],
            aspect="auto",
            cmap="Greys",
            vmin=0,
            vmax=1.6,
            interpolation="nearest",
            extent=(-0.5, m - 0.5, y[-1] + 0.5, -0.5),
        )
        letters.tick_params(left=False, labelleft=False, labelsize=6)
        if m <= 26:
            letters.set_xticks(range(m), list(display.matrix.columns), fontsize=6.5)
        letters.set_xlabel(f"letters ({m})", fontsize=7)
    figure.suptitle(
        f"Compact letter display ({display.source}): a shared letter (column) means no difference",
        fontsize=8,
    )
    return figure
