"""The input layer of every public function that takes scores, written once (in the manner of
scipy's ``_axis_nan_policy`` decorator).

:func:`takes_scores` adds the input keywords (``higher_is_better``, ``dataset``,
``algorithm``, ``score``, ``aggregate``, ``nan_policy``) to a function: their checks, their
handling (:func:`multicomp.data.scores.as_scores`) and their numpydoc text live here, and the
function receives validated :class:`multicomp.Scores` (or, for the functions that need the
input as given, a :class:`ScoresInput`). No function declares these keywords or passes them on
by hand: its signature ends with ``**reading: Unpack[ScoreOptions]`` (or another of the
``TypedDict``s below), which the type checker reads and which is always empty at run time:
the public signature (``__signature__``) lists the keywords instead, and any other keyword is
a TypeError before any work (:mod:`multicomp._internal.keywords`).
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, TypedDict, TypeVar

import numpy as np
import pandas as pd

from multicomp._internal.keywords import accepted_keywords, unknown_keyword
from multicomp._internal.validation import check_bool, check_choice
from multicomp._internal.vocabulary import NAN_POLICIES, DecimalMark, NanPolicy
from multicomp.data.runs import Aggregate, check_aggregate
from multicomp.data.scores import Scores, ScoresLike, as_scores

__all__ = [
    "IncompleteOptions",
    "ScoreOptions",
    "ScoresInput",
    "TableOptions",
    "takes_scores",
]

P = ParamSpec("P")
R = TypeVar("R")
D = TypeVar("D")


class TableOptions(TypedDict, total=False):
    """How a table of scores is read (for functions indifferent to the scores' direction)."""

    dataset: str
    algorithm: str
    score: str
    aggregate: Aggregate | None
    nan_policy: NanPolicy
    sep: str | None
    decimal: DecimalMark


class ScoreOptions(TableOptions, total=False):
    """How scores are read, and whether larger ones are better."""

    higher_is_better: bool


class IncompleteOptions(TypedDict, total=False):
    """How scores with missing ones are read (the incomplete-block tests use every score)."""

    higher_is_better: bool
    dataset: str
    algorithm: str
    score: str
    aggregate: Aggregate | None
    sep: str | None
    decimal: DecimalMark


#: Each input keyword: its default and its numpydoc entry (the one place it is written).
KEYWORDS: dict[str, tuple[Any, str]] = {
    "higher_is_better": (
        True,
        "higher_is_better : bool\n"
        "    Whether larger scores are better (accuracy) or worse (error, time). A\n"
        "    :class:`multicomp.Scores` keeps its own; giving the other is a ValueError.",
    ),
    "dataset": (
        "dataset",
        "dataset, algorithm, score : str\n"
        "    The columns of long data (detected when absent: by their names, such as\n"
        "    dataset_name, problem, task_id and classifier, model, estimator, else the first\n"
        "    column of names holds the data sets, with a ShapeWarning; the only numeric column\n"
        "    that does not number runs holds the scores).",
    ),
    "algorithm": ("algorithm", ""),
    "score": ("score", ""),
    "aggregate": (
        None,
        "aggregate : {'mean', 'median'} or callable, optional\n"
        "    Combines repeated scores (folds, seeds) of a data set and algorithm into one; a\n"
        "    callable gets a 1-D float array. Without it, repeated scores are an error.",
    ),
    "nan_policy": (
        "raise",
        "nan_policy : {'raise', 'omit'}\n"
        "    Missing scores: refused ('raise'), or their data sets left out ('omit', listed in\n"
        "    the result's ``omitted``).",
    ),
    "sep": (
        None,
        "sep, decimal : str, optional\n"
        "    How a CSV file is read, as by :func:`multicomp.read_scores` (the separator,\n"
        "    detected when None, and the decimal mark '.' or ',').",
    ),
    "decimal": (".", ""),
}


@dataclass(frozen=True)
class ScoresInput:
    """The input of a function that takes scores, as given, with its checked input keywords:
    for the functions that need more than the :class:`multicomp.Scores` (the runs of a long
    table, or missing scores kept or not as another option decides).

    Attributes
    ----------
    data : object
        The scores as given (array, DataFrame, CSV path or :class:`multicomp.Scores`).
    options : dict
        The input keywords given (checked), to read ``data`` with.
    """

    data: Any
    options: dict[str, Any]

    def scores(self, *, keep_missing: bool = False, shape_warnings: bool = True) -> Scores:
        """The validated scores (missing ones kept as NaN with ``keep_missing``, which
        ``nan_policy`` then does not touch)."""
        return as_scores(
            self.data, keep_missing=keep_missing, shape_warnings=shape_warnings, **self.options
        )

    def runs(self, *, shape_warnings: bool = False) -> tuple[Scores, list[list[np.ndarray]] | None]:
        """The repeated results (folds, seeds) of each data set and algorithm as the input
        carries them, in the order of its rows, with the :class:`multicomp.Scores` of those
        cells (whose values are then the cells' positions among the runs: only its names,
        direction and omitted data sets are for use); or the scores and None when the input
        gives one score a cell as a table without repeated cells (or a
        :class:`multicomp.Scores`).

        The input layer combines repeated results through ``aggregate``; here a recording
        ``aggregate`` keeps each cell's runs and returns their position, so one parser serves
        both.
        """
        recorded: list[np.ndarray] = []

        def record(values: np.ndarray) -> float:
            recorded.append(np.asarray(values, dtype=float))
            return float(len(recorded) - 1)

        options = (
            self.options if isinstance(self.data, Scores) else self.options | {"aggregate": record}
        )
        cells = as_scores(self.data, **options, shape_warnings=shape_warnings)
        if not recorded:  # one result per cell: nothing was combined
            return cells, None
        return cells, [[recorded[int(v)] for v in row] for row in cells.values]


def _checked(data: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The input keywords ``given`` with ``data``, checked before any work: each value, and a
    :class:`multicomp.Scores` (already read, with its own direction) only with ``nan_policy``
    and a ``higher_is_better`` that agrees with it."""
    if "higher_is_better" in given:
        check_bool(given["higher_is_better"], "higher_is_better")
    if "nan_policy" in given:
        given["nan_policy"] = check_choice("nan_policy", given["nan_policy"], NAN_POLICIES)
    if "aggregate" in given:
        check_aggregate(given["aggregate"])
    for name in ("dataset", "algorithm", "score"):
        if name in given and not isinstance(given[name], str):
            raise TypeError(f"{name} must be a column name (str); got {given[name]!r}")
    if isinstance(data, Scores):
        if given.get("higher_is_better", data.higher_is_better) != data.higher_is_better:
            raise ValueError(
                f"higher_is_better={given['higher_is_better']!r} contradicts the Scores given "
                f"(higher_is_better={data.higher_is_better!r}): a Scores keeps its direction; "
                "build it again from the table to change it"
            )
        read = sorted(set(given) & {"dataset", "algorithm", "score", "aggregate", "sep", "decimal"})
        if read:
            raise ValueError(
                f"{', '.join(f'{n}=' for n in read)} read a table; the Scores given is read already"
            )
    return given


def takes_scores(
    options: type,
    *,
    raw: bool = False,
    optional: bool = False,
    keep_missing: bool = False,
    shape_warnings: bool = True,
) -> Callable[
    [Callable[Concatenate[D, P], R]], Callable[Concatenate[ScoresLike | Scores | D, P], R]
]:
    """Decorator: the input keywords of the ``TypedDict`` ``options`` (e.g.
    :class:`ScoreOptions`) on a function whose first parameter takes scores.

    The wrapper takes the scores as given (``data``, first) and the keywords, checks them
    (:func:`_checked`) and calls the function with validated :class:`multicomp.Scores`
    (missing scores kept as NaN with ``keep_missing``), or with a :class:`ScoresInput` when
    ``raw``. ``optional``: ``data`` may be left out (None) or be another object (a result, a
    report), passed on as it is. The keywords' defaults, annotations and numpydoc entries join
    the function's signature and its Parameters section.
    """
    keys = options.__required_keys__ | options.__optional_keys__  # type: ignore[attr-defined]
    names = [name for name in KEYWORDS if name in keys]

    def decorate(function: Callable[Concatenate[D, P], R]) -> Callable[..., R]:
        signature = _signature(function, names)
        accepted = accepted_keywords(signature)

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> R:
            if kwargs and not accepted.issuperset(kwargs):
                raise unknown_keyword(function.__name__, kwargs, accepted)
            data, rest = (args[0], args[1:]) if args else (kwargs.pop("data", None), ())
            given = _checked(data, {n: kwargs.pop(n) for n in names if n in kwargs})
            passed_on = optional and (data is None or not _scores_like(data))
            if given and (passed_on or isinstance(data, ScoresInput)):
                raise ValueError(
                    f"{', '.join(f'{n}=' for n in given)} read scores; "
                    f"{function.__name__}() got {type(data).__name__} instead"
                )
            if passed_on:
                return function(data, *rest, **kwargs)
            source = data if isinstance(data, ScoresInput) else ScoresInput(data, given)
            value = (
                source
                if raw
                else source.scores(keep_missing=keep_missing, shape_warnings=shape_warnings)
            )
            return function(value, *rest, **kwargs)  # type: ignore[arg-type]

        wrapper.__signature__ = signature  # type: ignore[attr-defined]
        wrapper.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()} | {
            "return": inspect.signature(function).return_annotation
        }
        wrapper.__doc__ = _document(function.__doc__ or "", names)
        return wrapper

    return decorate


def _scores_like(data: object) -> bool:
    """Whether ``data`` is scores in one of the input forms (else another object)."""
    return isinstance(
        data, (Scores, pd.DataFrame, np.ndarray, str, os.PathLike, list, tuple, Mapping)
    ) or hasattr(data, "__arrow_c_stream__")


def _signature(function: Callable[..., Any], names: list[str]) -> inspect.Signature:
    """The public signature: the function's, with ``data`` taking any input form and the
    input keywords ``names`` (keyword-only, with their defaults) instead of ``**reading``."""
    signature = inspect.signature(function)
    parameters = [
        p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    first = parameters[0]
    given = str(first.annotation).replace("ScoresInput", "Scores")  # raw: the input as given
    parameters[0] = first.replace(annotation=given if given == "Any" else f"ScoresLike | {given}")
    annotations = {
        "higher_is_better": "bool",
        "dataset": "str",
        "algorithm": "str",
        "score": "str",
        "aggregate": "Aggregate | None",
        "nan_policy": "NanPolicy",
        "sep": "str | None",
        "decimal": "DecimalMark",
    }
    parameters += [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=KEYWORDS[name][0],
            annotation=annotations[name],
        )
        for name in names
    ]
    return signature.replace(parameters=parameters)


def _document(doc: str, names: list[str]) -> str:
    """``doc`` with the numpydoc entries of the input keywords ``names`` at the end of its
    Parameters section (indented as the docstring is)."""
    entries = [KEYWORDS[name][1] for name in names if KEYWORDS[name][1]]
    if "dataset" not in names:
        entries = [e for e in entries if not e.startswith("dataset")]
    lines = doc.split("\n")
    try:
        end = next(i for i, line in enumerate(lines) if line.strip() == "Returns")
    except StopIteration:
        return doc
    indent = lines[end][: len(lines[end]) - len(lines[end].lstrip())]
    block = [indent + line for entry in entries for line in entry.split("\n")]
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return "\n".join([*lines[:end], *block, *lines[end:]])
