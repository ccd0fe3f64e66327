"""The layout engine of critical difference (CD) diagrams: where every text and line goes,
in inches, so that nothing overlaps for any number of algorithms and any name length; then
the drawing into a matplotlib Figure (no pyplot and no global backend switch).

The layout runs in steps, top to bottom: the geometry of the axis (:func:`_geometry`), the
title, the CD bar, the axis with its ticks, the control's interval, the group bars, the
names, the families' legend and a note; each step appends its items and returns the height
used so far. How each name is drawn (label, colour, weight) is the :class:`Paint`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from multicomp._internal.tables import visible
from multicomp.plotting.cd_style import Paint

__all__ = ["draw"]

# All lengths are in inches; the axes' data coordinates are inches from the top-left corner
# of the drawing (y grows downwards).
_MARGIN = 0.12
_PAD = 0.08  # between a line end and its text
_GROUP_PAD = 0.1  # group bars reach this far beyond their end members (fraction of 1/(k-1) axis)

Item = tuple[str, dict[str, Any]]


def _text_width(text: str, size: float, weight: str = "normal") -> float:
    """Width in inches of ``text`` at ``size`` points (backend-independent measure)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    prop = FontProperties(size=size, weight=weight)
    width, _, _ = TextToPath().get_text_width_height_descent(text, prop, ismath=False)
    return 1.05 * width / 72.0 + 0.02


def _stack_rows(spans: list[tuple[float, float]], gap: float) -> list[int]:
    """First-fit rows for horizontal spans so that spans on one row are more than ``gap`` apart."""
    placed: list[list[tuple[float, float]]] = []
    rows = []
    for lo, hi in spans:
        row = next(
            (
                r
                for r, used in enumerate(placed)
                if all(lo > b + gap or hi < a - gap for a, b in used)
            ),
            len(placed),
        )
        if row == len(placed):
            placed.append([])
        placed[row].append((lo, hi))
        rows.append(row)
    return rows


def draw(ranks: pd.Series, groups: list[tuple[str, ...]], *, ax: Any, **options: Any) -> Any:
    """Lay out (:func:`_layout`, with ``options``) and draw the diagram. In a given ``ax``
    smaller than the layout, the whole layout (text, lines, gaps) shrinks alike until it fits,
    so no text is clipped and none overlaps; a larger ``ax`` stretches the lines only.
    Returns the figure.
    """
    from matplotlib.figure import Figure

    items, width, height = _layout(ranks, groups, **options)
    x_lim, y_lim = (0.0, width), (0.0, height)
    if ax is None:
        fig = Figure(figsize=(width, height))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    else:
        box = ax.get_position()
        room_w, room_h = (
            box.width * ax.figure.get_figwidth(),
            box.height * ax.figure.get_figheight(),
        )
        scale = min(room_w / width, room_h / height)
        if scale < 1.0:  # shrink everything alike (text, lines, gaps), centred in the axes
            for _, spec in items:
                for key in ("fontsize", "lw", "markersize"):
                    if key in spec:
                        spec[key] *= scale
            extra_w, extra_h = room_w / scale - width, room_h / scale - height
            x_lim = (-extra_w / 2, width + extra_w / 2)
            y_lim = (-extra_h / 2, height + extra_h / 2)
    fig = ax.figure
    ax.set_xlim(*x_lim)
    ax.set_ylim(y_lim[1], y_lim[0])
    ax.set_axis_off()
    for kind, spec in items:
        if kind == "text":
            ax.text(spec.pop("x"), spec.pop("y"), spec.pop("s"), parse_math=False, **spec)
        else:
            spec.setdefault("color", "black")
            ax.add_line(_line(**spec))
    return fig


@dataclass(frozen=True)
class _Geometry:
    """The horizontal plan of a diagram: the axis from rank ``top`` at ``x0`` to rank
    ``bottom`` (the best, 1 for ranks 1..k) at ``x1``, its ticks, the names on each side and
    the sizes of the text."""

    ranks: pd.Series
    paint: Paint
    fontsize: float
    show_ranks: bool
    bottom: float
    top: float
    order: list[str]  # best first
    right: list[str]  # the best, top to bottom
    left: list[str]  # the worst first, top to bottom
    ticks: list[float]
    gap: float  # between the axis ends and the names (room for the ranks)
    x0: float
    x1: float
    width: float

    @property
    def small(self) -> float:
        return 0.8 * self.fontsize

    @property
    def line(self) -> float:
        """The height of one row of names."""
        return 1.6 * self.fontsize / 72.0

    def x(self, rank: float) -> float:
        return self.x0 + (self.top - rank) / (self.top - self.bottom) * (self.x1 - self.x0)

    @property
    def control(self) -> str | None:
        return self.paint.control

    def rank_label(self, name: str) -> str:
        return f"{self.ranks[name]:.2f}"


def _ticks(k: int, bottom: float, top: float) -> list[float]:
    """Every rank for an axis of 1..k; else round ticks from ``bottom`` to ``top`` (aligned
    ranks run from 1 up to kN; integers on a scale two ranks wide or more), with the ends of
    the scale unless a round tick is too close to them."""
    from matplotlib.ticker import MaxNLocator

    if (bottom, top) == (1.0, k):
        return [float(r) for r in range(1, k + 1)]
    locator = MaxNLocator(nbins=10, integer=top - bottom >= 2)
    ticks = [float(t) for t in locator.tick_values(bottom, top) if bottom < t < top]
    step = ticks[1] - ticks[0] if len(ticks) > 1 else top - bottom
    return (
        [bottom] * (not ticks or ticks[0] - bottom >= step / 2)
        + ticks
        + [top] * (not ticks or top - ticks[-1] >= step / 2)
    )


def _geometry(
    ranks: pd.Series,
    paint: Paint,
    fontsize: float,
    show_ranks: bool,
    scale: tuple[float, float],
) -> _Geometry:
    """The axis and the columns of names, sized so that no text overlaps."""
    k = ranks.size
    order = list(ranks.sort_values(kind="stable").index)
    n_right = (k + 1) // 2
    right, left = order[:n_right], order[n_right:][::-1]
    small = 0.8 * fontsize

    def name_w(name: str) -> float:
        return _text_width(visible(paint.alias(name)), fontsize, paint.weight(name))

    left_w = max((name_w(n) for n in left), default=0.0)
    right_w = max(name_w(n) for n in right)
    labels = [f"{ranks[n]:.2f}" for n in order]
    gap = 0.15 + (max(_text_width(label, small) for label in labels) if show_ranks else 0.0)
    bottom, top = scale
    ticks = _ticks(k, bottom, top)
    tick_w = max(_text_width(f"{t:g}", small) for t in ticks) + 0.12
    axis_w = max(0.4 * fontsize, (len(ticks) - 1) * tick_w)
    x0 = _MARGIN + left_w + _PAD + gap  # rank `top`
    x1 = x0 + axis_w  # rank `bottom`
    width = x1 + gap + _PAD + right_w + _MARGIN
    return _Geometry(
        ranks,
        paint,
        fontsize,
        show_ranks,
        bottom,
        top,
        order,
        right,
        left,
        ticks,
        gap,
        x0,
        x1,
        width,
    )


def _layout(
    ranks: pd.Series,
    groups: list[tuple[str, ...]],
    *,
    cd: float | None,
    paint: Paint,
    interval: tuple[float, float] | None,
    fontsize: float,
    title: str | None,
    show_ranks: bool,
    top: float | None = None,
    bottom: float = 1.0,
    bars: str = "compact",
    note: str | None = None,
) -> tuple[list[Item], float, float]:
    """Positions in inches of every text and line of the diagram at ``fontsize`` on an axis
    of ranks from ``top`` (default k; aligned ranks run up to kN) on the left to ``bottom``
    (the best rank, 1 for ranks 1..k) on the right, and the width and height they take.
    ``note``: a line of text under the diagram."""
    scale = (float(bottom), float(ranks.size if top is None else top))
    geo = _geometry(ranks, paint, fontsize, show_ranks, scale)
    items: list[Item] = []  # deferred drawing, once the size is known
    title = visible(title) if title else title
    y = _title(items, title, geo, _MARGIN)
    width = geo.width
    if cd is not None:
        width = max(width, geo.x(geo.top - cd) + _MARGIN)
        y = _cd_bar(items, cd, geo, y)
    y_axis = y + geo.small / 72.0 + 0.06
    _axis(items, geo, y_axis)
    y = y_axis + 0.12
    if interval is not None:
        y = _interval(items, interval, geo, y)
    y = _group_bars(items, groups, geo, y, bars)
    _names(items, geo, y, y_axis)
    y += (len(geo.right) - 1) * geo.line + geo.line / 2
    y, used = _legend(items, geo, y)
    width = max(width, used + _MARGIN)
    if note:
        y, used = _note(items, visible(note), geo, y, width)
        width = max(width, used)
    height = y + _MARGIN
    title_w = _text_width(title, 1.2 * fontsize) if title else 0.0
    width = max(width, title_w + 2 * _MARGIN)
    for _, spec in items:
        if spec.get("gid") == "cd-title":  # centred over the axis, but inside the figure
            half = title_w / 2
            spec["x"] = min(max((geo.x0 + geo.x1) / 2, _MARGIN + half), width - _MARGIN - half)
    return items, width, height


def _text(x: float | None, y: float, s: str, **style: Any) -> Item:
    return ("text", dict(x=x, y=y, s=s, **style))


def _segment(xdata: list[float], ydata: list[float], **style: Any) -> Item:
    return ("line", dict(xdata=xdata, ydata=ydata, **style))


def _title(items: list[Item], title: str | None, geo: _Geometry, y: float) -> float:
    """The title (its x is set once the width is known: a long title may shift)."""
    if not title:
        return y
    size = 1.2 * geo.fontsize
    items.append(_text(None, y, title, ha="center", va="top", fontsize=size, gid="cd-title"))
    return y + size / 72.0 + 0.15


def _cd_bar(items: list[Item], cd: float, geo: _Geometry, y: float) -> float:
    """The bar of length CD above the left end of the axis (D06 Fig. 1)."""
    cd_end = geo.x(geo.top - cd)
    y += geo.small / 72.0 + 0.05
    label = f"CD = {cd:.3f}"
    style = {"ha": "center", "va": "bottom", "fontsize": geo.small, "gid": "cd-label"}
    items.append(_text((geo.x0 + cd_end) / 2, y - 0.04, label, **style))
    items.append(_segment([geo.x0, cd_end], [y, y], lw=1.2, gid="cd-bar"))
    for end in (geo.x0, cd_end):
        items.append(_segment([end, end], [y - 0.04, y + 0.04], lw=1.2))
    return y + 0.12


def _axis(items: list[Item], geo: _Geometry, y_axis: float) -> None:
    """The axis of ranks with its ticks and their labels (half-rank ticks on an axis 1..k)."""
    x = geo.x
    for r in geo.ticks:
        items.append(
            _text(
                x(r),
                y_axis - 0.07,
                f"{r:g}",
                ha="center",
                va="bottom",
                fontsize=geo.small,
                gid=f"cd-tick-{r:g}",
            )
        )
        items.append(_segment([x(r)] * 2, [y_axis, y_axis - 0.06], lw=0.8))
        if (geo.bottom, geo.top) == (1.0, geo.ranks.size) and r < geo.ranks.size:
            items.append(_segment([x(r + 0.5)] * 2, [y_axis, y_axis - 0.03], lw=0.8))
    items.append(_segment([geo.x0, geo.x1], [y_axis, y_axis], lw=1.0, gid="cd-axis"))


def _interval(items: list[Item], interval: tuple[float, float], geo: _Geometry, y: float) -> float:
    """The grey interval joining the control to the algorithms not separated from it (or the
    control's rank +- CD), with end ticks where it ends inside the axis and the control's dot."""
    x = geo.x
    lo, hi = max(min(interval), geo.bottom), min(max(interval), geo.top)
    grey = {"color": "0.35"}
    lw = geo.paint.linewidth
    items.append(
        _segment(
            [x(hi), x(lo)], [y, y], lw=lw, solid_capstyle="butt", gid="cd-control-interval", **grey
        )
    )
    for end in {lo, hi} - {geo.bottom, geo.top}:  # end ticks where the interval ends, not clipped
        items.append(_segment([x(end)] * 2, [y - 0.05, y + 0.05], lw=1.5, **grey))
    if geo.control is not None:
        dot = {"marker": "o", "markersize": 5, "color": "black", "gid": "cd-control-marker"}
        items.append(_segment([x(geo.ranks[geo.control])], [y], **dot))
    return y + 0.16


def _group_bars(
    items: list[Item], groups: list[tuple[str, ...]], geo: _Geometry, y: float, bars: str
) -> float:
    """One bold bar per group: bars that do not touch share a row ("compact"), or one row
    each ("staircase")."""
    k = geo.ranks.size
    pad = _GROUP_PAD * (geo.x1 - geo.x0) / (k - 1)
    spans = [_group_span(g, geo.order, geo.ranks, geo.x, pad) for g in groups]
    rows = list(range(len(spans))) if bars == "staircase" else _stack_rows(spans, gap=0.05)
    step = max(0.1, 1.5 * geo.paint.linewidth / 72.0)  # rows apart however thick the bars
    for i, ((lo, hi), row) in enumerate(zip(spans, rows)):
        gy = y + step * row
        bar = {"lw": geo.paint.linewidth, "color": geo.paint.bar_color, "gid": f"cd-group-{i}"}
        items.append(_segment([lo, hi], [gy, gy], solid_capstyle="butt", **bar))
    return y + step * (max(rows) + 1 if rows else 0) + 0.15


def _names(items: list[Item], geo: _Geometry, y: float, y_axis: float) -> None:
    """Each name hangs from its rank by an elbow line: the better half on the right, top to
    bottom from the best; the rest on the left; with its average rank above the line."""
    paint = geo.paint
    for side, names in (("right", geo.right), ("left", geo.left)):
        for i, name in enumerate(names):
            ny = y + i * geo.line
            xr = geo.x(geo.ranks[name])
            end = geo.x1 + geo.gap if side == "right" else geo.x0 - geo.gap
            color = paint.color(name)
            elbow = {"lw": 0.8, "color": color, "gid": f"cd-elbow-{name}"}
            items.append(_segment([xr, xr, end], [y_axis, ny, ny], **elbow))
            ha, tx = ("left", end + _PAD) if side == "right" else ("right", end - _PAD)
            items.append(
                _text(
                    tx,
                    ny,
                    visible(paint.alias(name)),
                    ha=ha,
                    va="center",
                    fontsize=geo.fontsize,
                    fontweight=paint.weight(name),
                    color=color,
                    gid=f"cd-name-{name}",
                )
            )
            if geo.show_ranks:
                rx, rha = (geo.x1 + 0.06, "left") if side == "right" else (geo.x0 - 0.06, "right")
                items.append(
                    _text(
                        rx,
                        ny - 0.02,
                        geo.rank_label(name),
                        ha=rha,
                        va="bottom",
                        fontsize=geo.small,
                        color="0.3",
                        gid=f"cd-rank-{name}",
                    )
                )


def _legend(items: list[Item], geo: _Geometry, y: float) -> tuple[float, float]:
    """The families' legend under the names, entries side by side from the left (a new row
    when the next one would pass the axis' right end); the height reached and the width used."""
    entries = geo.paint.legend
    if not entries:
        return y, 0.0
    x, y = _MARGIN, y + geo.line * 0.9
    right, used = max(geo.x1 + geo.gap, geo.width - _MARGIN), 0.0
    for family, color in entries:
        text = visible(family)
        width = 0.3 + _PAD + _text_width(text, geo.small)
        if x > _MARGIN and x + width > right:
            x, y = _MARGIN, y + geo.line * 0.8
        items.append(_segment([x, x + 0.3], [y, y], lw=3.0, color=color, gid=f"cd-family-{family}"))
        items.append(_text(x + 0.3 + _PAD, y, text, va="center", fontsize=geo.small, color=color))
        used = max(used, x + width)
        x += width + 0.25
    return y + geo.line / 2, used


def _note(
    items: list[Item], note: str, geo: _Geometry, y: float, width: float
) -> tuple[float, float]:
    """The note under the diagram, broken after its colon when it is wider than the diagram;
    the height reached and the width used."""
    lines = [note]
    if _text_width(note, geo.small) + 2 * _MARGIN > width and ": " in note:
        head, tail = note.split(": ", 1)
        lines = [f"{head}:", tail]
    y += 0.1
    items.append(_text(_MARGIN, y, "\n".join(lines), va="top", fontsize=geo.small, gid="cd-note"))
    used = max(_text_width(line, geo.small) for line in lines) + 2 * _MARGIN
    return y + len(lines) * 1.3 * geo.small / 72.0, used


def _group_span(
    group: tuple[str, ...],
    order: list[str],
    ranks: pd.Series,
    x: Callable[[float], float],
    pad: float,
) -> tuple[float, float]:
    """Horizontal extent of a group bar: its members' ranks, padded by ``pad`` but at most
    half-way to the nearest non-member, so that the bar never seems to reach it."""
    first, last = order.index(group[0]), order.index(group[-1])
    lo, hi = x(ranks[group[-1]]), x(ranks[group[0]])
    if last + 1 < len(order) and lo - x(ranks[order[last + 1]]) > 0:
        lo -= min(pad, (lo - x(ranks[order[last + 1]])) / 2)
    else:
        lo -= pad
    if first > 0 and x(ranks[order[first - 1]]) - hi > 0:
        hi += min(pad, (x(ranks[order[first - 1]]) - hi) / 2)
    else:
        hi += pad
    return lo, hi


def _line(xdata: list[float], ydata: list[float], **style: Any) -> Any:
    from matplotlib.lines import Line2D

    return Line2D(xdata, ydata, **style)
