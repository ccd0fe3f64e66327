"""The style keywords of a CD diagram, which the plotting layer draws with and
:meth:`multicomp.Report.plot` passes on: declared here, below both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from multicomp._internal.vocabulary import Bars

__all__ = ["DiagramStyle"]


class DiagramStyle(TypedDict, total=False):
    """How a CD diagram is drawn: the keywords of :func:`multicomp.cd_diagram` that
    :func:`multicomp.plotting.cd_diagram.draw_decisions` and :meth:`multicomp.Report.plot` take
    (``ax``, ``title``, ``fontsize``, ``show_ranks``, ``bars``, ``highlight``, ``hue``,
    ``aliases``, ``linewidth``, ``bar_color``; documented in :func:`multicomp.cd_diagram`,
    checked by ``draw_decisions``)."""

    ax: Any
    title: str | None
    fontsize: float
    show_ranks: bool
    bars: Bars
    highlight: str | Sequence[str] | None
    hue: Mapping[str, str] | None
    aliases: Mapping[str, str] | None
    linewidth: float
    bar_color: str
