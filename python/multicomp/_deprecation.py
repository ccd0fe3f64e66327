"""Old spellings kept as deprecated aliases: keyword arguments, result attributes and module
names that were renamed to the package's one vocabulary (:mod:`multicomp._vocabulary`).
Each use of an old name works as before and emits a DeprecationWarning naming the new one."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

__all__ = ["deprecated_attribute", "module_getattr", "renamed_keywords"]

P = ParamSpec("P")
R = TypeVar("R")


def _warn(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=3)


def renamed_keywords(**renames: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorator: each keyword ``old=`` of ``renames`` (old name -> new name) is passed on as
    ``new=``, with a DeprecationWarning; giving both is a TypeError."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            for old, new in renames.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(
                            f"{function.__name__}() got both {old}= and {new}= "
                            f"({old}= is the deprecated name of {new}=)"
                        )
                    _warn(f"{function.__name__}({old}=...)", f"{new}=")
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper

    return decorate


def deprecated_attribute(old: str, new: str) -> Any:
    """A read-only property ``old`` of a class that returns its attribute ``new``, with a
    DeprecationWarning (for renamed fields and properties of the results)."""

    def get(self: object) -> Any:
        _warn(f"{type(self).__name__}.{old}", f".{new}")
        return getattr(self, new)

    return property(get, doc=f"Deprecated alias of ``{new}``.")


def module_getattr(module: str, renames: Mapping[str, str]) -> Callable[[str], Any]:
    """A module's ``__getattr__`` that serves the old names of ``renames`` (old -> new) as
    the new ones, with a DeprecationWarning."""
    import sys

    def __getattr__(name: str) -> Any:
        if name in renames:
            _warn(f"{module}.{name}", f"{module}.{renames[name]}")
            return getattr(sys.modules[module], renames[name])
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
