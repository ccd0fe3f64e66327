"""Critical difference (CD) diagrams in the style of Demsar (2006), Figs. 1 and 2.

:func:`cd_diagram` draws decisions: a report's own, a post-hoc result's, or those of the one
post-hoc it runs through the post-hoc API (or of a critical difference on Friedman ranks);
:mod:`multicomp.report.decisions` takes them, :func:`draw_decisions` draws them with the
layout engine of :mod:`multicomp.plotting.cd_layout`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

import pandas as pd

from multicomp import procedures, ranktests
from multicomp._internal.diagram import DiagramStyle
from multicomp._internal.names import fmt_alpha
from multicomp._internal.ranks import check_average_ranks
from multicomp._internal.seeds import DEFAULT_SEED, RandomState
from multicomp._internal.validation import check_alpha, check_bool, check_choice
from multicomp._internal.vocabulary import (
    CD_PROCEDURES,
    Alternative,
    Bars,
    PosthocTest,
    PValueMethod,
    Rom,
    SEForm,
)
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.given import as_rank_series, published_ranks
from multicomp.data.scores import Scores, index_of
from multicomp.plotting.cd_layout import draw
from multicomp.plotting.cd_style import Paint, check_style
from multicomp.posthoc import (
    CONTROL_REQUIRED,
    PosthocAllPairsResult,
    PosthocControlResult,
    PosthocOptions,
)
from multicomp.procedures.base import apv_procedures, diagram_procedures, display_name
from multicomp.procedures.critical_difference import critical_difference
from multicomp.ranktests.omnibus import friedman
from multicomp.ranktests.permutation import DEFAULT_RESAMPLES
from multicomp.report.decisions import Decisions, of_critical_difference, of_posthoc
from multicomp.report.names import POSTHOC_NAMES, default_procedure

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["cd_diagram", "draw_decisions"]


Posthoc = PosthocAllPairsResult | PosthocControlResult


@runtime_checkable
class _Analysis(Protocol):
    """An analysis that draws its own diagram from its decisions (:class:`multicomp.Report`)."""

    test_ranks: tuple[float, ...]

    def plot(self, **kwargs: Any) -> Any: ...


@takes_scores(ScoreOptions, optional=True)
def cd_diagram(
    data: Any = None,
    *,
    ranks: Mapping[str, float] | pd.Series | None = None,
    n_datasets: int | None = None,
    alpha: float | None = None,
    procedure: str | None = None,
    control: str | int | None = None,
    test: PosthocTest | None = None,
    se: SEForm = "calibrated",
    monotone: bool = False,
    rom: Rom = "exact",
    method: PValueMethod = "auto",
    random_state: RandomState = DEFAULT_SEED,
    n_resamples: int = DEFAULT_RESAMPLES,
    alternative: Alternative = "two-sided",
    ax: Any = None,
    title: str | None = None,
    fontsize: float = 10.0,
    show_ranks: bool = True,
    bars: Bars = "compact",
    highlight: str | Sequence[str] | None = None,
    hue: Mapping[str, str] | None = None,
    aliases: Mapping[str, str] | None = None,
    linewidth: float = 3.0,
    bar_color: str = "black",
    **reading: Unpack[ScoreOptions],
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
        :class:`multicomp.results.PosthocAllPairsResult` or
        :class:`multicomp.results.PosthocControlResult` (its decisions are drawn);
        or a :class:`multicomp.Report`, drawn with its own decisions and options (the same
        as ``report.plot(...)``). Or leave it out and give published average ``ranks``.
    ranks, n_datasets : published average ranks (lower = better) and the number of data sets.
    alpha : float, optional
        Significance level (default 0.05, or the report's).
    procedure : str, optional
        The procedure whose decisions are drawn. Default: the one :func:`multicomp.compare`
        reports for the same call, Holm's with a ``control``, else Bergmann-Hommel's (Shaffer's
        beyond 100 algorithms), so that diagram and summary agree.

        * ``"nemenyi"``: pairs differ when their average Friedman ranks differ by at least the
          critical difference CD = q_alpha sqrt(k(k+1)/(6N)) (D06 eq. 5), drawn as a bar above
          the axis (D06's studentized-range test, the same decisions as the ``"nemenyi"`` APVs
          of :func:`multicomp.posthoc_all_pairs`). With ``test="aligned"`` or ``"quade"`` the
          decisions are those APVs (no bar: their ranks have no single CD).
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
        * with ``test="wilcoxon"`` or ``"sign"`` (``"holm"`` or ``"bonferroni"``):
          the axis shows average Friedman ranks and the groups come from the Holm- (Bonferroni-)
          adjusted p-values of pairwise Wilcoxon signed-rank (sign) tests, as aeon's
          ``plot_critical_difference`` draws them (Benavoli, Corani & Mangili 2016).
    control : name or position of the control algorithm (drawn in bold).
    test : {"friedman", "aligned", "quade", "wilcoxon", "sign"}, optional
        The ranks of the post-hoc test (default Friedman, or the report's); the axis shows them
        (aligned ranks run from 1 to kN). The critical-difference procedures need Friedman ranks.
    se, monotone, rom :
        Passed on to the post-hoc functions (the papers' forms; see :func:`multicomp.compare`).
    method, random_state, n_resamples :
        The p-values of the rank post-hocs (:func:`multicomp.posthoc_all_pairs`).
    alternative : {'two-sided', 'greater', 'less'}
        With a ``control``: one-sided comparisons (:func:`multicomp.posthoc_control`).
    ax : matplotlib Axes, optional
        Draw into it; the text shrinks until the whole diagram fits (names are never cut off).
        By default a new Figure is sized so that no text overlaps, for any k and name length.
    title, fontsize, show_ranks : the title (default: procedure and alpha), the font size in
        points, whether each name shows its average rank.
    bars : {"compact", "staircase"}
        Group bars share a row when they do not touch ("compact"), or one bar per row
        ("staircase"; easier to follow for many algorithms).
    highlight : name or list of names, optional
        Drawn in bold and in red (in their family's colour with ``hue``): e.g. the
        proposed method.
    hue : dict, optional
        Each algorithm's family (``{"rf": "trees", "xgb": "trees", "svm": "kernels"}``): the
        names and their lines are drawn in the family's colour, with a legend under the
        diagram. Algorithms left out stay black.
    aliases : dict, optional
        The text shown for some algorithms (aliases of long names); everything else (the
        report, the decisions) keeps the names.
    linewidth, bar_color : the width in points of the group bars and of the control's
        interval, and the colour of the group bars (any matplotlib colour).

    Returns
    -------
    matplotlib.figure.Figure
        Save it with ``fig.savefig("cd.png")`` (PNG, SVG, PDF by suffix).

    Notes
    -----
    Where two algorithms differ although a bar joins each of them to a third, the bars alone
    mislead a reader who takes them to be transitive; the diagram then says so under its
    names. The pairwise decisions are one call away: :func:`multicomp.compact_letters` (letters
    that hold for every pair) or ``multicomp.comparison_matrix(scores).plot()`` (each pair's
    p-value, in bold where it differs).

    References
    ----------
    Demsar (2006), JMLR 7, Sec. 3.2.2, Figs. 1-2; Garcia & Herrera (2008), JMLR 9, Sec. 2.2;
    Garcia et al. (2010), Information Sciences 180, Sec. 5.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> fig = mc.cd_diagram(scores, alpha=0.10, procedure="nemenyi")
    >>> sorted(text.get_text() for text in fig.axes[0].texts if text.get_gid() != "cd-note")
    ['1', '1.93', '2', '2.00', '2.93', '3', '3.14', '4', 'C4.5', 'C4.5+cf', 'C4.5+m', 'C4.5+m+cf', 'CD = 1.118', 'Nemenyi, alpha = 0.10']

    C4.5 differs from the best, and a bar joins each of them to C4.5+cf; the figure says so:

    >>> print(*(text.get_text() for text in fig.axes[0].texts if text.get_gid() == "cd-note"))
    C4.5+m+cf and C4.5 differ, though a bar joins each to C4.5+cf:
    for every pair, see compact_letters() or comparison_matrix().plot()

    The proposed method in bold and colour, families in colours, a shorter name:

    >>> fig = mc.cd_diagram(
    ...     scores,
    ...     highlight="C4.5+m+cf",
    ...     hue={"C4.5": "plain", "C4.5+m": "tuned", "C4.5+cf": "tuned", "C4.5+m+cf": "tuned"},
    ...     aliases={"C4.5+m+cf": "mine"},
    ...     linewidth=4,
    ...     bar_color="tab:blue",
    ... )
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_fontweight() == "bold"]
    ['mine']
    """
    monotone = check_bool(monotone, "monotone")
    style = check_style(
        DiagramStyle(
            ax=ax,
            title=title,
            fontsize=fontsize,
            show_ranks=show_ranks,
            bars=bars,
            highlight=highlight,
            hue=hue,
            aliases=aliases,
            linewidth=linewidth,
            bar_color=bar_color,
        )
    )
    options = PosthocOptions(se, rom, monotone, method, random_state, n_resamples, alternative)
    if isinstance(data, _Analysis) and not isinstance(data, pd.DataFrame):
        asked = {"alpha": alpha, "procedure": procedure, "control": control, "test": test}
        return data.plot(**{key: v for key, v in asked.items() if v is not None}, **style)
    level = check_alpha(0.05 if alpha is None else alpha)
    result: Posthoc | None = None
    scores: Scores | None = None
    if isinstance(data, (PosthocAllPairsResult, PosthocControlResult)):
        result, test = data, cast(PosthocTest, data.test)
        if isinstance(result, PosthocControlResult) and control is None:
            control = result.control
    elif data is not None:
        scores = data
    test = "friedman" if test is None else test
    if procedure is None:
        k = len(result.ranks) if result is not None else len(_ranks_of(scores, ranks))
        procedure = default_procedure(k, control, test)
    procedure = check_choice("procedure", procedure, diagram_procedures())
    if procedure in CD_PROCEDURES and not (procedure == "nemenyi" and test != "friedman"):
        if options.alternative != "two-sided":
            raise ValueError(
                f"procedure={procedure!r} is a two-sided critical difference; with "
                f"alternative={options.alternative!r} use a procedure of its APVs, e.g. 'holm'"
            )
        decisions = _by_critical_difference(
            scores,
            result,
            ranks,
            n_datasets,
            procedure=procedure,
            alpha=level,
            control=control,
            test=test,
        )
        return draw_decisions(decisions, **style)
    given: dict[str, Any] = {"test": test, "alpha": level, "ranks": ranks, "n_datasets": n_datasets}
    one_vs_all = procedure in procedures.names("control")
    if one_vs_all and (control is not None or procedure not in apv_procedures()):
        if isinstance(result, PosthocAllPairsResult):
            raise ValueError(
                f"procedure={procedure!r} compares with a control: pass the data or a "
                "posthoc_control result, not an all-pairs result"
            )
        result = result or options.run(
            "control", scores, control=control, procedures=(procedure,), **given
        )
        return draw_decisions(of_posthoc(result, procedure, level), **style)
    if isinstance(result, PosthocControlResult):
        raise ValueError(
            f"procedure={procedure!r} compares all pairs: pass the data or a "
            "posthoc_all_pairs result, not a comparison with a control"
        )
    result = result or options.run("all_pairs", scores, procedures=(procedure,), **given)
    names = list(as_rank_series(result.ranks).index)
    shown = None if control is None else names[index_of(names, control)]
    return draw_decisions(of_posthoc(result, procedure, level, control=shown), **style)


def _ranks_of(scores: Scores | None, ranks: Any) -> list[str]:
    """The algorithms of the scores or of the published ranks."""
    if scores is not None:
        return list(scores.algorithms)
    return [] if ranks is None else list(as_rank_series(ranks).index)


def _by_critical_difference(
    scores: Scores | None,
    result: Posthoc | None,
    ranks: Any,
    n_datasets: int | None,
    *,
    procedure: str,
    alpha: float,
    control: str | int | None,
    test: str,
) -> Decisions:
    """The decisions of Nemenyi's or Bonferroni-Dunn's critical difference on the average
    Friedman ranks of the scores, of a post-hoc result or of a published table."""
    if test != "friedman":
        raise ValueError(
            f"procedure={procedure!r} uses the critical difference of Friedman ranks; with "
            f"test={test!r} use procedure='holm', 'shaffer' or 'bergmann_hommel'"
        )
    avg, n = _friedman_ranks(scores, result, ranks, n_datasets)
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
        raise ValueError(f"procedure='bonferroni_dunn' compares with a control: {CONTROL_REQUIRED}")
    return of_critical_difference(
        avg, cd, procedure=procedure, alpha=alpha, n_datasets=n, control=shown
    )


def _friedman_ranks(
    scores: Scores | None, result: Posthoc | None, ranks: Any, n_datasets: int | None
) -> tuple[pd.Series, int]:
    """Average Friedman ranks and N, of a post-hoc result, a published table or the scores."""
    if result is not None:
        return as_rank_series(result.ranks), int(result.n_datasets)
    if (scores is None) == (ranks is None):
        raise ValueError("give either data or ranks= (published average ranks) with n_datasets=")
    if ranks is not None:
        series, n = published_ranks(ranks, n_datasets)
        check_average_ranks(series.to_numpy(), "friedman", n)
        return series, n
    assert scores is not None
    fr = friedman(scores)
    return as_rank_series(fr.ranks), fr.n_datasets


def draw_decisions(decisions: Decisions, **style: Unpack[DiagramStyle]) -> Any:
    """Draw decisions already taken (:mod:`multicomp.report.decisions`): with a control, an
    interval joins it to the algorithms not separated from it (the control's rank +- CD for
    Bonferroni-Dunn); for all pairs, bars join the groups of :func:`multicomp.cd_groups`.
    Knows nothing of how the decisions were reached. ``style``: :class:`DiagramStyle`."""
    style = check_style(style)
    title = style["title"]
    d = decisions
    ranks, procedure, control = d.ranks, d.procedure, d.control
    k = ranks.size
    # the largest average rank of the registered rank test (kN for aligned ranks), else k
    entry = ranktests.get(d.test) if d.test in ranktests.names() else None
    top = float(k) if entry is None else entry.top(k, d.n_datasets)
    bottom = 1.0 if entry is None else entry.bottom(k, d.n_datasets)
    name = display_name(procedure, d.comparison)
    level = f"alpha = {fmt_alpha(d.alpha)}"
    against = f" vs control {control}" if d.comparison == "control" else ""
    on = "" if d.cd is not None else f" ({POSTHOC_NAMES[d.test]})"
    interval: tuple[float, float] | None = None
    groups: list[tuple[str, ...]] = []
    if d.comparison == "control" and d.cd is not None:  # Bonferroni-Dunn: rank +- CD
        assert control is not None
        interval = (ranks[control] - d.cd, ranks[control] + d.cd)
    elif d.comparison == "control":
        interval = _interval(ranks, d.not_apart)
    else:
        groups = d.groups
    paint = Paint.of(style, [str(a) for a in ranks.index], control)
    return draw(
        ranks,
        groups,
        cd=d.cd,
        paint=paint,
        note=_bridged_note(d, paint),
        interval=interval,
        ax=style["ax"],
        fontsize=style["fontsize"],
        title=f"{name}{against}{on}, {level}" if title is None else title,
        show_ranks=style["show_ranks"],
        top=top,
        bottom=bottom,
        bars=style["bars"],
    )


def _bridged_note(decisions: Decisions, paint: Paint) -> str | None:
    """The line that says where the group bars mislead (:meth:`Decisions.bridged`)."""
    bridged = decisions.bridged()
    if bridged is None:
        return None
    a, b, c = (paint.alias(name) for name in bridged)
    return (
        f"{a} and {b} differ, though a bar joins each to {c}: for every pair, see "
        "compact_letters() or comparison_matrix().plot()"
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
