"""Unknown keywords refused: the one check and the one message of every public callable.

A misspelled keyword that is silently ignored runs an analysis with settings its author never
chose (``alpah=0.01`` leaving alpha at 0.05), so every public function and method raises
TypeError for a keyword it does not take, before any work, naming it and the closest valid
names (:mod:`difflib`). CPython 3.13 suggests a name for plain functions by itself; the check
here gives the same message on every supported Python and covers the functions whose keywords
pass through a decorator (:func:`multicomp.data.decorators.takes_scores`).
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any, ParamSpec, TypeVar

__all__ = ["SYNONYMS", "accepted_keywords", "strict", "unknown_keyword"]

P = ParamSpec("P")
R = TypeVar("R")

_BY_NAME = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)

#: Names other libraries (and older drafts of this one) give to a concept, with the name the
#: package gives it: suggested when no spelling is close (they are not accepted).
SYNONYMS = {
    "seed": "random_state",
    "rng": "random_state",
    "n_samples": "n_draws",
    "nsamples": "n_draws",
    "k": "n_algorithms",
    "n": "n_datasets",
    "p_adjust": "procedures",
}


def accepted_keywords(signature: inspect.Signature) -> frozenset[str]:
    """The names that ``signature`` takes as keywords (``self`` left out)."""
    return frozenset(
        p.name for p in signature.parameters.values() if p.kind in _BY_NAME and p.name != "self"
    )


def unknown_keyword(owner: str, given: Iterable[str], accepted: Iterable[str]) -> TypeError:
    """The TypeError for the keywords of ``given`` that ``owner`` does not take.

    Examples
    --------
    >>> print(unknown_keyword("posthoc_control", ["alpah"], ["alpha", "control"]))
    posthoc_control() got an unexpected keyword argument 'alpah' (did you mean 'alpha'?)
    """
    valid = sorted(accepted)
    unknown = [name for name in given if name not in valid]
    parts = []
    for name in unknown:
        close = difflib.get_close_matches(name, valid, n=3, cutoff=0.6)
        if not close and SYNONYMS.get(name) in valid:
            close = [SYNONYMS[name]]
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        parts.append(f"{name!r}{hint}")
    noun = "argument" if len(unknown) == 1 else "arguments"
    message = f"{owner}() got an unexpected keyword {noun} {', '.join(parts)}"
    if not any("did you mean" in part for part in parts):
        message += f"; it takes {', '.join(valid)}" if valid else "; it takes no keywords"
    return TypeError(message)


def strict(function: Callable[P, R]) -> Callable[P, R]:
    """Decorator: ``function`` refuses unknown keywords with :func:`unknown_keyword`'s message
    before it runs (its signature, docstring and types unchanged).

    Examples
    --------
    >>> @strict
    ... def f(x, *, alpha=0.05):
    ...     return alpha
    >>> f(1, alpah=0.01)
    Traceback (most recent call last):
    ...
    TypeError: f() got an unexpected keyword argument 'alpah' (did you mean 'alpha'?)
    """
    accepted = accepted_keywords(inspect.signature(function))
    owner = function.__qualname__

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if kwargs and not accepted.issuperset(kwargs):
            raise unknown_keyword(owner, kwargs, accepted)
        return function(*args, **kwargs)

    return wrapper
