"""Reading a drawn CD diagram back (tests/test_cd_diagram.py, tests/test_report.py): its lines
by ``gid``, the x position of each algorithm's elbow, and whether its texts are readable."""

from __future__ import annotations

import itertools

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Text


def lines_with_gid(fig: Figure, prefix: str) -> dict[str, Line2D]:
    """The lines of ``fig`` whose ``gid`` starts with ``prefix``, by gid."""
    return {
        ln.get_gid(): ln for ln in fig.findobj(Line2D) if (ln.get_gid() or "").startswith(prefix)
    }


def elbow_x(fig: Figure) -> dict[str, float]:
    """The x position at which each algorithm's elbow line leaves the axis."""
    return {
        gid[len("cd-elbow-") :]: float(ln.get_xdata()[0])
        for gid, ln in lines_with_gid(fig, "cd-elbow-").items()
    }


def assert_readable(fig: Figure) -> None:
    """No two texts overlap and every text lies inside the figure."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    boxes = [
        (t.get_text(), t.get_window_extent(renderer))
        for t in [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    ]
    width, height = fig.bbox.width, fig.bbox.height
    for text, box in boxes:
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height, (
            f"{text!r} is cut off"
        )
    for (ta, a), (tb, b) in itertools.combinations(boxes, 2):
        assert not a.overlaps(b), f"{ta!r} overlaps {tb!r}"
