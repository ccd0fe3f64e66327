"""Reading a drawn CD diagram back (tests/test_cd_diagram.py, tests/test_report.py): its lines
by ``gid`` and the x position of each algorithm's elbow."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.lines import Line2D


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
