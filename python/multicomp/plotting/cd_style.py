"""The style of a critical difference (CD) diagram: its keywords checked before any work
(:func:`check_style`), and what they make of each algorithm (:class:`Paint`: the label shown,
its colour and weight, the line width and colour of the bars, the legend of the families).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from multicomp._internal.diagram import DiagramStyle
from multicomp._internal.validation import check_bool, check_choice
from multicomp._internal.vocabulary import BARS

__all__ = ["HIGHLIGHT_COLOR", "Paint", "check_style"]

#: The colour of the names in ``highlight`` (when they belong to no family).
HIGHLIGHT_COLOR = "#d62728"

#: The default of each style keyword (those of :func:`multicomp.cd_diagram`'s signature).
STYLE_DEFAULTS: DiagramStyle = {
    "ax": None,
    "title": None,
    "fontsize": 10.0,
    "show_ranks": True,
    "bars": "compact",
    "highlight": None,
    "hue": None,
    "aliases": None,
    "linewidth": 3.0,
    "bar_color": "black",
}


def check_style(style: DiagramStyle) -> DiagramStyle:
    """``style`` with the defaults of what it leaves out, checked (before any work)."""
    from matplotlib.colors import is_color_like

    unknown = sorted(set(style) - set(STYLE_DEFAULTS))
    if unknown:
        raise TypeError(f"unexpected keyword argument(s) of the diagram: {', '.join(unknown)}")
    full = cast(DiagramStyle, {**STYLE_DEFAULTS, **style})
    full["show_ranks"] = check_bool(full["show_ranks"], "show_ranks")
    full["bars"] = check_choice("bars", full["bars"], BARS)
    full["fontsize"] = _positive(full["fontsize"], "fontsize")
    full["linewidth"] = _positive(full["linewidth"], "linewidth")
    if not isinstance(full["bar_color"], str) or not is_color_like(full["bar_color"]):
        raise ValueError(
            f"bar_color must be a matplotlib colour such as 'black', 'tab:blue' or '#1f77b4'; "
            f"got {full['bar_color']!r}"
        )
    highlight = full["highlight"]
    if highlight is not None:
        chosen = (highlight,) if isinstance(highlight, str) else tuple(highlight)
        if not all(isinstance(name, str) for name in chosen):
            raise TypeError(f"highlight must be a name or a list of names; got {highlight!r}")
        full["highlight"] = chosen
    full["hue"] = _names_to_text(full["hue"], "hue", "a family")
    full["aliases"] = _names_to_text(full["aliases"], "aliases", "the label shown")
    return full


def _positive(value: object, name: str) -> float:
    """``value`` as a float, or TypeError/ValueError unless a finite number > 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number > 0; got {value!r}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0; got {value!r}")
    return float(value)


def _names_to_text(value: object, name: str, meaning: str) -> dict[str, str] | None:
    """A mapping of algorithm names to text (``meaning``) as a dict, or TypeError."""
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(
        isinstance(key, str) and isinstance(text, str) for key, text in value.items()
    ):
        raise TypeError(
            f"{name} must map algorithm names to {meaning} (a dict of str to str); got {value!r}"
        )
    return dict(value)


@dataclass(frozen=True)
class Paint:
    """How each algorithm of one diagram is drawn (from a checked :class:`DiagramStyle`).

    ``label``: the text shown for a name; ``weight``: bold for the control and the highlighted;
    ``color``: the family's colour (tab10, then tab20, in the order the families first appear),
    else the highlight colour, else black; ``legend``: each family and its colour.
    """

    control: str | None = None
    highlight: tuple[str, ...] = ()
    hue: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    linewidth: float = 3.0
    bar_color: str = "black"

    @classmethod
    def of(cls, style: DiagramStyle, names: list[str], control: str | None) -> Paint:
        """The paint of ``style`` for the algorithms ``names``: every name it mentions must
        be one of them (ValueError naming the others)."""
        highlight = tuple(style.get("highlight") or ())
        hue = dict(style.get("hue") or {})
        aliases = dict(style.get("aliases") or {})
        for key, mentioned in (("highlight", highlight), ("hue", hue), ("aliases", aliases)):
            unknown = [str(name) for name in mentioned if name not in names]
            if unknown:
                raise ValueError(
                    f"{key} names {unknown}, which are not among the algorithms {names}"
                )
        n_families = len(set(hue.values()))
        if n_families > 20:
            raise ValueError(
                f"hue has {n_families} families; at most 20 can be told apart by colour"
            )
        return cls(
            control=control,
            highlight=highlight,
            hue=hue,
            aliases=aliases,
            linewidth=style.get("linewidth", 3.0),
            bar_color=style.get("bar_color", "black"),
        )

    def alias(self, name: str) -> str:
        return self.aliases.get(name, name)

    def weight(self, name: str) -> str:
        return "bold" if name == self.control or name in self.highlight else "normal"

    def color(self, name: str) -> str:
        if name in self.hue:
            return dict(self.legend)[self.hue[name]]
        return HIGHLIGHT_COLOR if name in self.highlight else "black"

    @property
    def legend(self) -> list[tuple[str, str]]:
        """Each family, in the order it first appears, with its colour."""
        from matplotlib import colormaps
        from matplotlib.colors import to_hex

        order = list(dict.fromkeys(self.hue.values()))
        cmap = colormaps["tab10" if len(order) <= 10 else "tab20"]
        return [(family, to_hex(cmap(i))) for i, family in enumerate(order)]
