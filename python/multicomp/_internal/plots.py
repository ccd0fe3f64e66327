"""The one way up to the plotting layer. The plotting layer sits above every other (it draws
what the tests, the post-hocs and the report decided), so no module below it imports it: the
``.plot()`` methods of the results and :meth:`multicomp.Report.plot` draw through the functions
here, each of which imports its plotting module when called (matplotlib is loaded only then).
These function-level imports are the package's only arrows from a lower layer to a higher one
(tests/test_structure.py checks that no other exists)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from multicomp._internal.diagram import DiagramStyle

__all__ = [
    "cd_diagram",
    "decisions",
    "letters",
    "matrix",
    "pair_probabilities",
    "posterior",
    "ranking",
]


def posterior(result: Any, **kwargs: Any) -> Any:
    """A Bayesian test's posterior (:func:`multicomp.plot_posterior`)."""
    from multicomp.plotting.posterior import plot_posterior

    return plot_posterior(result, **kwargs)


def pair_probabilities(pairs: Any, probabilities: Any, **kwargs: Any) -> Any:
    """Many pairs' posterior probabilities as split bars
    (:func:`multicomp.plotting.pair_probabilities.plot_pair_probabilities`)."""
    from multicomp.plotting.pair_probabilities import plot_pair_probabilities

    return plot_pair_probabilities(pairs, probabilities, **kwargs)


def ranking(result: Any, **kwargs: Any) -> Any:
    """The Plackett-Luce ranking (:func:`multicomp.plotting.ranking.plot_ranking`)."""
    from multicomp.plotting.ranking import plot_ranking

    return plot_ranking(result, **kwargs)


def matrix(result: Any, **options: Any) -> Any:
    """The multi-comparison matrix's heat map (:func:`multicomp.plotting.matrix.plot_matrix`)."""
    from multicomp.plotting.matrix import plot_matrix

    return plot_matrix(result, **options)


def letters(display: Any, **options: Any) -> Any:
    """A compact letter display (:func:`multicomp.plotting.letters.plot_letters`)."""
    from multicomp.plotting.letters import plot_letters

    return plot_letters(display, **options)


def decisions(given: Any, **style: Unpack[DiagramStyle]) -> Any:
    """The CD diagram of given decisions (:func:`multicomp.plotting.cd_diagram.draw_decisions`)."""
    from multicomp.plotting.cd_diagram import draw_decisions

    return draw_decisions(given, **style)


def cd_diagram(data: Any, **options: Any) -> Any:
    """The CD diagram of a post-hoc it runs on ``data`` (:func:`multicomp.cd_diagram`)."""
    from multicomp.plotting.cd_diagram import cd_diagram as draw

    return draw(data, **options)
