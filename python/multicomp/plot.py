"""Critical difference (CD) diagrams in the style of Demsar (2006), Figs. 1 and 2.

``cd_groups`` is the pure grouping logic: which algorithms the diagram joins with a bold
line. ``cd_diagram`` draws the figure with matplotlib (a ``matplotlib.figure.Figure``,
no pyplot and no global backend switch).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from multicomp._data import as_rank_series, published_ranks
from multicomp._names import POSTHOC_NAMES, PROCEDURE_NAMES, default_procedure, fmt_alpha
from multicomp._tables import visible
from multicomp._validation import check_nonnegative
from multicomp._vocabulary import (
    ALL_PAIRS_PROCEDURES,
    BARS,
    CD_PROCEDURES,
    CONTROL_PROCEDURES,
    PAIRWISE_TESTS,
    Bars,
    NanPolicy,
    PosthocTest,
    Rom,
    SEForm,
)

if TYPE_CHECKING:
    from multicomp._data import Aggregate

__all__ = ["cd_diagram", "cd_groups"]

# Decimals at which rank differences are compared with a CD (see tests/reference/README.md:
# decide at the precision of the data, not of floating-point noise in derived values).
_DECIMALS = 9


def _rejected_matrix(
    names: list[str],
    rejected: pd.DataFrame | np.ndarray | Iterable[tuple[str, str]],
) -> np.ndarray:
    """A symmetric k x k boolean matrix (in the order of ``names``)."""
    k = len(names)
    if isinstance(rejected, pd.DataFrame):
        missing = [n for n in names if n not in rejected.index or n not in rejected.columns]
        if missing:
            raise ValueError(f"rejected matrix lacks algorithms {missing}")
        matrix = rejected.loc[names, names].to_numpy()
    elif isinstance(rejected, np.ndarray):
        matrix = rejected
        if matrix.shape != (k, k):
            raise ValueError(f"rejected must be a {k} x {k} matrix, got shape {matrix.shape}")
    else:
        position = {n: i for i, n in enumerate(names)}
        matrix = np.zeros((k, k), dtype=bool)
        for pair in rejected:
            a, b = (str(x) for x in pair)
            if a not in position or b not in position:
                raise ValueError(
                    f"unknown algorithm in rejected pair {pair!r}; the algorithms are {names}"
                )
            matrix[position[a], position[b]] = True
    if matrix.dtype != bool:
        raise TypeError(
            f"rejected must be a boolean matrix (e.g. apv_matrix <= alpha), got dtype "
            f"{matrix.dtype}; a matrix of p-values or APVs is not a decision"
        )
    symmetric: NDArray[np.bool_] = np.logical_or(matrix, matrix.T)
    np.fill_diagonal(symmetric, False)
    return symmetric


def cd_groups(
    ranks: Mapping[str, float] | pd.Series | Sequence[float],
    rejected: pd.DataFrame | np.ndarray | Iterable[tuple[str, str]] | None = None,
    *,
    cd: float | None = None,
) -> list[tuple[str, ...]]:
    """Groups of algorithms that a CD diagram joins with a bold line.

    A group is a maximal run of algorithms that are contiguous in rank order with no
    significantly different pair inside. Only runs of two or more algorithms are groups,
    and no group is contained in another, so a diagram never draws a lone bar (when every
    pair differs) nor a redundant one. Groups never contradict the rank order: a group
    holds every algorithm ranked between its first and last member. Groups are listed
    from the best-ranked (lowest average rank) start; each lists its algorithms from the
    best to the worst rank (ties in the order given).

    Parameters
    ----------
    ranks : average rank per algorithm (Series or mapping name -> rank; rank 1 = best).
    rejected : the significantly different pairs, as a symmetric k x k boolean matrix
        (a DataFrame labelled by algorithm, or an array in the order of ``ranks``) or
        as an iterable of ``(name, name)`` pairs. For an all-pairs procedure, pass
        ``apv_matrix <= alpha``.
    cd : a critical difference instead of ``rejected``: a pair differs when its average
        ranks differ by at least ``cd`` (Demsar 2006, Sec. 3.2.2, Nemenyi test).

    Returns
    -------
    list of tuple of str
        The groups, best-ranked first.
    """
    series = as_rank_series(ranks)
    names = list(series.index)
    if (rejected is None) == (cd is None):
        raise ValueError("give exactly one of rejected= or cd=")
    if cd is not None:
        critical = check_nonnegative(cd, "cd")
        values = series.to_numpy()
        diff = np.round(np.abs(values[:, None] - values[None, :]), _DECIMALS)
        matrix = diff >= np.round(critical, _DECIMALS)
        np.fill_diagonal(matrix, False)
    else:
        assert rejected is not None
        matrix = _rejected_matrix(names, rejected)
    order = np.argsort(series.to_numpy(), kind="stable")
    k = len(order)
    groups: list[tuple[str, ...]] = []
    last_end = -1
    end = 0
    for start in range(k):
        # Extend the run [start, end] while the next algorithm differs from no member.
        end = max(end, start)
        while end + 1 < k and not matrix[order[end + 1], order[start : end + 1]].any():
            end += 1
        if end > last_end and end > start:
            groups.append(tuple(names[i] for i in order[start : end + 1]))
            last_end = end
    return groups


#: All-pairs procedures drawn from their adjusted p-values (APVs), not a critical difference.
APV_PROCEDURES = tuple(p for p in ALL_PAIRS_PROCEDURES if p not in CD_PROCEDURES)
#: Every procedure whose decisions a CD diagram draws (``procedure=`` of :func:`cd_diagram`).
DIAGRAM_PROCEDURES = tuple(dict.fromkeys((*CD_PROCEDURES, *APV_PROCEDURES, *CONTROL_PROCEDURES)))


@runtime_checkable
class _Analysis(Protocol):
    """An analysis that draws its own diagram from its decisions (:class:`multicomp.Report`)."""

    test_ranks: tuple[float, ...]

    def plot(self, **kwargs: Any) -> Any: ...


def cd_diagram(
    data: Any = None,
    *,
    ranks: Mapping[str, float] | pd.Series | None = None,
    n_datasets: int | None = None,
    alpha: float | None = None,
    procedure: str | None = None,
    control: str | int | None = None,
    test: PosthocTest | None = None,
    higher_is_better: bool = True,
    aligned_se: SEForm = "calibrated",
    quade_se: SEForm = "calibrated",
    monotone: bool = False,
    rom: Rom = "exact",
    ax: Any = None,
    title: str | None = None,
    fontsize: float = 10.0,
    show_ranks: bool = True,
    aggregate: Aggregate | None = None,
    nan_policy: NanPolicy = "raise",
    bars: Bars = "compact",
) -> Any:
    """Critical difference (CD) diagram (Demsar 2006, Sec. 3.2.2 and Figs. 1-2) as a Figure.

    An axis of average ranks with the best (rank 1) on the right; each algorithm's name
    hangs from its rank, the better half on the right, the rest on the left. Bold lines
    join the groups of :func:`cd_groups`: algorithms, contiguous in rank order, with no
    significantly different pair among them.

    Parameters
    ----------
    data : scores, post-hoc result or report, optional
        Anything :func:`multicomp.friedman` accepts; a
        :class:`multicomp.PosthocAllPairsResult` or :class:`multicomp.PosthocControlResult`;
        or a :class:`multicomp.Report`, drawn with its own decisions and options (the same
        as ``report.plot(...)``). Or leave it out and give published average ``ranks``.
    ranks, n_datasets : published average ranks (lower = better) and the number of data sets.
    alpha : float, optional
        Significance level (default 0.05, or the report's).
    procedure : str, optional
        The procedure whose decisions are drawn. Default: the one :func:`multicomp.compare`
        reports for the same call, Holm's with a ``control``, else Bergmann-Hommel's (Shaffer's
        beyond ``multicomp._core.MAX_K_ROBINSON`` algorithms), so that diagram and summary agree.

        * ``"nemenyi"``: pairs differ when their average Friedman ranks differ by at least the
          critical difference CD = q_alpha sqrt(k(k+1)/(6N)) (D06 eq. 5), drawn as a bar above
          the axis. (D06's studentized-range test; the ``"nemenyi"`` APVs of
          :func:`multicomp.posthoc_all_pairs` are Garcia & Herrera's Bonferroni form m p, a
          little more conservative, so a pair near the boundary may differ between the two.)
        * ``"bonferroni_dunn"``: comparisons with ``control`` (required: the algorithm chosen
          before seeing the results, see :func:`multicomp.posthoc_control`); a grey interval
          marks the control's rank +- CD (D06 Fig. 2).
        * with a ``control``, any procedure of :func:`multicomp.posthoc_control` (``"holm"``,
          ``"hochberg"``, ``"hommel"``, ``"holland"``, ``"rom"``, ``"finner"``, ``"li"``,
          ``"bonferroni"``): a grey interval joins the control to the algorithms that procedure
          does not separate from it (APV > alpha); the others differ from the control.
        * without a control, ``"holm"``, ``"shaffer"``, ``"bergmann_hommel"``: groups from the
          adjusted p-values (APVs) of :func:`multicomp.posthoc_all_pairs`: a pair differs
          when its APV <= alpha.
        * with ``test="wilcoxon"`` or ``"sign"`` (``"holm"``, or ``"nemenyi"`` for Bonferroni):
          the axis shows average Friedman ranks and the groups come from the Holm- (Bonferroni-)
          adjusted p-values of pairwise Wilcoxon signed-rank (sign) tests, as aeon's
          ``plot_critical_difference`` draws them (Benavoli, Corani & Mangili 2016).
    control : name or position of the control algorithm (drawn in bold).
    test : {"friedman", "aligned", "quade", "wilcoxon", "sign"}, optional
        The ranks of the post-hoc test (default Friedman, or the report's); the axis shows them
        (aligned ranks run from 1 to kN). The critical-difference procedures need Friedman ranks.
    higher_is_better, aggregate, nan_policy :
        How to read ``data`` (see :func:`multicomp.compare`).
    aligned_se, quade_se, monotone, rom :
        Passed on to the post-hoc functions (the papers' forms; see :func:`multicomp.compare`).
    ax : matplotlib Axes, optional
        Draw into it; the text shrinks until the whole diagram fits (names are never cut off).
        By default a new Figure is sized so that no text overlaps, for any k and name length.
    title, fontsize, show_ranks : the title (default: procedure and alpha), the font size in
        points, whether each name shows its average rank.
    bars : {"compact", "staircase"}
        Group bars share a row when they do not touch ("compact"), or one bar per row
        ("staircase"; easier to follow for many algorithms).

    Returns
    -------
    matplotlib.figure.Figure
        Save it with ``fig.savefig("cd.png")`` (PNG, SVG, PDF by suffix).

    References
    ----------
    Demsar (2006), JMLR 7, Sec. 3.2.2, Figs. 1-2; Garcia & Herrera (2008), JMLR 9, Sec. 2.2;
    Garcia et al. (2010), Information Sciences 180, Sec. 5.
    """
    from multicomp._data import as_scores, index_of
    from multicomp._validation import check_alpha, check_bool, check_choice
    from multicomp.posthoc import (
        CONTROL_REQUIRED,
        PosthocAllPairsResult,
        PosthocControlResult,
    )

    monotone, show_ranks = check_bool(monotone, "monotone"), check_bool(show_ranks, "show_ranks")
    bars = check_choice("bars", bars, BARS)
    style = {"ax": ax, "title": title, "fontsize": fontsize, "show_ranks": show_ranks, "bars": bars}
    if isinstance(data, _Analysis) and not isinstance(data, pd.DataFrame):
        given = {"alpha": alpha, "procedure": procedure, "control": control, "test": test}
        return data.plot(**{key: v for key, v in given.items() if v is not None}, **style)
    alpha = check_alpha(0.05 if alpha is None else alpha)
    test = "friedman" if test is None else test
    if procedure is not None:
        procedure = check_choice("procedure", procedure, DIAGRAM_PROCEDURES)
    result: PosthocAllPairsResult | PosthocControlResult | None = None
    if isinstance(data, (PosthocAllPairsResult, PosthocControlResult)):
        result, data = data, None
        test = cast("PosthocTest", result.test)
        if isinstance(result, PosthocControlResult):
            control = result.control if control is None else control
    elif data is not None:
        data = as_scores(
            data, higher_is_better=higher_is_better, aggregate=aggregate, nan_policy=nan_policy
        )
    if procedure is None:
        k = (
            len(result.ranks)
            if result is not None
            else len(ranks)
            if ranks is not None
            else data.n_algorithms
            if data is not None
            else 0
        )
        procedure = default_procedure(k, control, test)
    if procedure in CD_PROCEDURES and not (procedure == "nemenyi" and test in PAIRWISE_TESTS):
        if test != "friedman":
            raise ValueError(
                f"procedure={procedure!r} uses the critical difference of Friedman ranks; with "
                f"test={test!r} use procedure='holm', 'shaffer' or 'bergmann_hommel'"
            )
        avg, n = _friedman_ranks(data, result, ranks, n_datasets, higher_is_better)
        from multicomp.critical_difference import critical_difference

        cd = float(
            critical_difference(
                avg.size,
                n,
                alpha,
                procedure="nemenyi" if procedure == "nemenyi" else "bonferroni_dunn",
            )
        )
        names = list(avg.index)
        shown = None if control is None else names[index_of(names, control)]
        if procedure == "bonferroni_dunn" and shown is None:
            raise ValueError(
                f"procedure='bonferroni_dunn' compares with a control: {CONTROL_REQUIRED}"
            )
        return draw_decisions(
            avg,
            procedure=procedure,
            alpha=alpha,
            test=test,
            n_datasets=n,
            control=shown,
            cd=cd,
            **style,
        )
    if procedure in CONTROL_PROCEDURES and (control is not None or procedure not in APV_PROCEDURES):
        from multicomp.posthoc import posthoc_control

        if not isinstance(result, PosthocControlResult):
            if isinstance(result, PosthocAllPairsResult):
                raise ValueError(
                    f"procedure={procedure!r} compares with a control: pass the data or a "
                    "posthoc_control result, not an all-pairs result"
                )
            result = posthoc_control(
                data,
                control,
                test=test,
                alpha=alpha,
                ranks=ranks,
                n_datasets=n_datasets,
                rom=rom,
                aligned_se=aligned_se,
                quade_se=quade_se,
                higher_is_better=higher_is_better,
            )
        apvs = result.adjusted[procedure].to_numpy(dtype=float)
        rejected = [(result.control, a) for a, apv in zip(result.algorithms, apvs) if apv <= alpha]
        return draw_decisions(
            as_rank_series(result.ranks),
            procedure=procedure,
            alpha=alpha,
            test=test,
            n_datasets=result.n_datasets,
            control=result.control,
            rejected=rejected,
            **style,
        )
    if isinstance(result, PosthocControlResult):
        raise ValueError(
            f"procedure={procedure!r} compares all pairs: pass the data or a "
            "posthoc_all_pairs result, not a comparison with a control"
        )
    if result is None:
        from multicomp.posthoc import posthoc_all_pairs

        result = posthoc_all_pairs(
            data,
            test=test,
            alpha=alpha,
            ranks=ranks,
            n_datasets=n_datasets,
            procedures=(procedure,),
            monotone=monotone,
            higher_is_better=higher_is_better,
            aligned_se=aligned_se,
            quade_se=quade_se,
        )
    elif procedure not in result.procedures:
        raise ValueError(
            f"the post-hoc result has no {procedure!r} APVs; it has {list(result.procedures)}"
        )
    avg = as_rank_series(result.ranks)
    names = list(avg.index)
    shown = None if control is None else names[index_of(names, control)]
    matrix = result.matrix(procedure) <= alpha
    rejected = [(a, b) for a, b in result.pairs if matrix.loc[a, b]]
    return draw_decisions(
        avg,
        procedure=procedure,
        alpha=alpha,
        test=test,
        n_datasets=result.n_datasets,
        control=shown,
        rejected=rejected,
        **style,
    )


def draw_decisions(
    ranks: pd.Series,
    *,
    procedure: str,
    alpha: float,
    test: str,
    n_datasets: int,
    control: str | None = None,
    rejected: Iterable[tuple[str, str]] | None = None,
    cd: float | None = None,
    ax: Any = None,
    title: str | None = None,
    fontsize: float = 10.0,
    show_ranks: bool = True,
    bars: Bars = "compact",
) -> Any:
    """Draw decisions already taken: average ``ranks`` and either the ``rejected`` pairs of
    ``procedure`` at ``alpha`` or a critical difference ``cd``. With a ``control`` and a procedure
    that compares with it (``rejected`` pairs all hold the control, or ``procedure`` is
    ``"bonferroni_dunn"``), an interval joins the control to the algorithms not separated from
    it; otherwise bars join the groups of :func:`cd_groups`. Knows nothing of how the decisions
    were reached (``cd_diagram`` and ``Report.plot`` take them)."""
    names = list(ranks.index)
    top = float(len(names) * n_datasets if test == "aligned" else len(names))
    interval: tuple[float, float] | None = None
    groups: list[tuple[str, ...]] = []
    if procedure == "bonferroni_dunn" and cd is not None:
        assert control is not None
        interval = (ranks[control] - cd, ranks[control] + cd)
        heading = f"{PROCEDURE_NAMES[procedure]} vs control {control}, alpha = {fmt_alpha(alpha)}"
    elif cd is not None:
        groups = cd_groups(ranks, cd=cd)
        heading = f"{PROCEDURE_NAMES[procedure]}, alpha = {fmt_alpha(alpha)}"
    else:
        pairs = [(str(a), str(b)) for a, b in (rejected or ())]
        if (
            control is not None
            and procedure not in ("nemenyi", "shaffer", "bergmann_hommel")
            and all(control in pair for pair in pairs)
        ):
            apart = {b if a == control else a for a, b in pairs}
            interval = _interval(ranks, [n for n in names if n not in apart])
            heading = (
                f"{PROCEDURE_NAMES.get(procedure, procedure)} vs control {control} "
                f"({POSTHOC_NAMES[test]}), alpha = {fmt_alpha(alpha)}"
            )
        else:
            groups = cd_groups(ranks, pairs)
            heading = f"{PROCEDURE_NAMES.get(procedure, procedure)} ({POSTHOC_NAMES[test]}), alpha = {fmt_alpha(alpha)}"
    return _draw(
        ranks,
        groups,
        cd=None if interval is not None and procedure != "bonferroni_dunn" else cd,
        control=control,
        interval=interval,
        ax=ax,
        fontsize=fontsize,
        title=heading if title is None else title,
        show_ranks=show_ranks,
        top=top,
        bars=bars,
    )


def _interval(ranks: pd.Series, members: list[str]) -> tuple[float, float]:
    """From the lowest to the highest rank of ``members``, padded half-way to the nearest
    non-member (at most 0.1 rank) so that the interval visibly holds its ends only."""
    inside = ranks[members]
    outside = ranks.drop(members)
    lo, hi = float(inside.min()), float(inside.max())
    below = outside[outside < lo]
    above = outside[outside > hi]
    pad_lo = min(0.1, (lo - float(below.max())) / 2) if below.size else 0.1
    pad_hi = min(0.1, (float(above.min()) - hi) / 2) if above.size else 0.1
    return lo - pad_lo, hi + pad_hi


def _friedman_ranks(
    data: Any,
    result: Any,
    ranks: Any,
    n_datasets: int | None,
    higher_is_better: bool,
) -> tuple[pd.Series, int]:
    if result is not None:
        return as_rank_series(result.ranks), int(result.n_datasets)
    if (data is None) == (ranks is None):
        raise ValueError("give either data or ranks= (published average ranks) with n_datasets=")
    if ranks is not None:
        from multicomp._ranking import check_average_ranks

        series, n = published_ranks(ranks, n_datasets)
        check_average_ranks(series.to_numpy(), "friedman", n)
        return series, n
    from multicomp.omnibus import friedman

    fr = friedman(data, higher_is_better=higher_is_better)
    return as_rank_series(fr.ranks), fr.n_datasets


# ---------------------------------------------------------------------------------------
# Drawing. All lengths are in inches; the axes' data coordinates are inches from the
# top-left corner of the drawing (y grows downwards).

_MARGIN = 0.12
_PAD = 0.08  # between a line end and its text
_GROUP_PAD = 0.1  # group bars reach this far beyond their end members (fraction of 1/(k-1) axis)


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


def _draw(ranks: pd.Series, groups: list[tuple[str, ...]], *, ax: Any, **options: Any) -> Any:
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


def _layout(
    ranks: pd.Series,
    groups: list[tuple[str, ...]],
    *,
    cd: float | None,
    control: str | None,
    interval: tuple[float, float] | None,
    fontsize: float,
    title: str | None,
    show_ranks: bool,
    top: float | None = None,
    bars: str = "compact",
) -> tuple[list[tuple[str, dict[str, Any]]], float, float]:
    """Positions in inches of every text and line of the diagram at ``fontsize`` on an axis
    of ranks from ``top`` (default k; aligned ranks run up to kN) on the left to 1 on the
    right, and the width and height they take."""
    from matplotlib.ticker import MaxNLocator

    k = ranks.size
    top = float(k) if top is None else float(top)
    order = list(ranks.sort_values(kind="stable").index)
    n_right = (k + 1) // 2
    right = order[:n_right]  # the best, top to bottom
    left = order[n_right:][::-1]  # the worst first, top to bottom
    small = 0.8 * fontsize
    line = 1.6 * fontsize / 72.0  # one row of names

    def weight(name: str) -> str:
        return "bold" if name == control else "normal"

    def rank_label(name: str) -> str:
        return f"{ranks[name]:.2f}"

    left_w = max((_text_width(visible(n), fontsize, weight(n)) for n in left), default=0.0)
    right_w = max(_text_width(visible(n), fontsize, weight(n)) for n in right)
    gap = 0.15 + (max(_text_width(rank_label(n), small) for n in order) if show_ranks else 0.0)
    if top == k:
        ticks = [float(r) for r in range(1, k + 1)]
    else:
        ticks = [
            float(t) for t in MaxNLocator(nbins=10, integer=True).tick_values(1, top) if 1 < t < top
        ]
        step = ticks[1] - ticks[0] if len(ticks) > 1 else top - 1
        # The ends of the scale, unless a round tick is too close to them.
        ticks = (
            [1.0] * (not ticks or ticks[0] - 1 >= step / 2)
            + ticks
            + [top] * (not ticks or top - ticks[-1] >= step / 2)
        )
    tick_w = max(_text_width(f"{t:g}", small) for t in ticks) + 0.12
    axis_w = max(0.4 * fontsize, (len(ticks) - 1) * tick_w)
    x0 = _MARGIN + left_w + _PAD + gap  # rank `top`
    x1 = x0 + axis_w  # rank 1

    def x(rank: float) -> float:
        return x0 + (top - rank) / (top - 1) * axis_w

    width = x1 + gap + _PAD + right_w + _MARGIN
    y = _MARGIN
    items: list[tuple[str, dict[str, Any]]] = []  # deferred drawing, once the size is known
    title = visible(title) if title else title
    title_w = _text_width(title, 1.2 * fontsize) if title else 0.0
    if title:
        # centred over the axis; x is set once the width is known (a long title may shift)
        items.append(
            (
                "text",
                dict(
                    x=None,
                    y=y,
                    s=title,
                    ha="center",
                    va="top",
                    fontsize=1.2 * fontsize,
                    gid="cd-title",
                ),
            )
        )
        y += 1.2 * fontsize / 72.0 + 0.15
    if cd is not None:
        cd_end = x(top - cd)
        width = max(width, cd_end + _MARGIN)
        y += small / 72.0 + 0.05
        items.append(
            (
                "text",
                dict(
                    x=(x0 + cd_end) / 2,
                    y=y - 0.04,
                    s=f"CD = {cd:.3f}",
                    ha="center",
                    va="bottom",
                    fontsize=small,
                    gid="cd-label",
                ),
            )
        )
        items.append(("line", dict(xdata=[x0, cd_end], ydata=[y, y], lw=1.2, gid="cd-bar")))
        for end in (x0, cd_end):
            items.append(("line", dict(xdata=[end, end], ydata=[y - 0.04, y + 0.04], lw=1.2)))
        y += 0.12
    y += small / 72.0 + 0.06
    y_axis = y
    for r in ticks:
        items.append(
            (
                "text",
                dict(
                    x=x(r),
                    y=y_axis - 0.07,
                    s=f"{r:g}",
                    ha="center",
                    va="bottom",
                    fontsize=small,
                    gid=f"cd-tick-{r:g}",
                ),
            )
        )
        items.append(("line", dict(xdata=[x(r)] * 2, ydata=[y_axis, y_axis - 0.06], lw=0.8)))
        if top == k and r < k:
            items.append(
                ("line", dict(xdata=[x(r + 0.5)] * 2, ydata=[y_axis, y_axis - 0.03], lw=0.8))
            )
    items.append(("line", dict(xdata=[x0, x1], ydata=[y_axis, y_axis], lw=1.0, gid="cd-axis")))
    y = y_axis + 0.12

    if interval is not None:
        lo, hi = max(min(interval), 1.0), min(max(interval), top)
        items.append(
            (
                "line",
                dict(
                    xdata=[x(hi), x(lo)],
                    ydata=[y, y],
                    lw=3.0,
                    color="0.35",
                    solid_capstyle="butt",
                    gid="cd-control-interval",
                ),
            )
        )
        for end in {lo, hi} - {1.0, top}:  # end ticks where the interval ends, not clipped
            items.append(
                ("line", dict(xdata=[x(end)] * 2, ydata=[y - 0.05, y + 0.05], lw=1.5, color="0.35"))
            )
        if control is not None:
            items.append(
                (
                    "line",
                    dict(
                        xdata=[x(ranks[control])],
                        ydata=[y],
                        marker="o",
                        markersize=5,
                        color="black",
                        gid="cd-control-marker",
                    ),
                )
            )
        y += 0.16
    spans = [_group_span(g, order, ranks, x, _GROUP_PAD * axis_w / (k - 1)) for g in groups]
    rows = list(range(len(spans))) if bars == "staircase" else _stack_rows(spans, gap=0.05)
    for i, ((lo, hi), row) in enumerate(zip(spans, rows)):
        gy = y + 0.1 * row
        items.append(
            (
                "line",
                dict(
                    xdata=[lo, hi],
                    ydata=[gy, gy],
                    lw=3.0,
                    solid_capstyle="butt",
                    gid=f"cd-group-{i}",
                ),
            )
        )
    y += 0.1 * (max(rows) + 1 if rows else 0) + 0.15

    for side, names in (("right", right), ("left", left)):
        for i, name in enumerate(names):
            ny = y + i * line
            xr = x(ranks[name])
            end = x1 + gap if side == "right" else x0 - gap
            items.append(
                (
                    "line",
                    dict(
                        xdata=[xr, xr, end], ydata=[y_axis, ny, ny], lw=0.8, gid=f"cd-elbow-{name}"
                    ),
                )
            )
            ha, tx = ("left", end + _PAD) if side == "right" else ("right", end - _PAD)
            items.append(
                (
                    "text",
                    dict(
                        x=tx,
                        y=ny,
                        s=visible(name),
                        ha=ha,
                        va="center",
                        fontsize=fontsize,
                        fontweight=weight(name),
                        gid=f"cd-name-{name}",
                    ),
                )
            )
            if show_ranks:
                rx, rha = (x1 + 0.06, "left") if side == "right" else (x0 - 0.06, "right")
                items.append(
                    (
                        "text",
                        dict(
                            x=rx,
                            y=ny - 0.02,
                            s=rank_label(name),
                            ha=rha,
                            va="bottom",
                            fontsize=small,
                            color="0.3",
                            gid=f"cd-rank-{name}",
                        ),
                    )
                )
    height = y + (len(right) - 1) * line + line / 2 + _MARGIN
    width = max(width, title_w + 2 * _MARGIN)
    for _, spec in items:
        if spec.get("gid") == "cd-title":
            half = title_w / 2
            spec["x"] = min(max((x0 + x1) / 2, _MARGIN + half), width - _MARGIN - half)

    return items, width, height


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
