"""Argument validation: the checks of options, levels, counts and flags, with one wording.

As scipy keeps an input-validation step (``_iv_<function>``) apart from the computation, each
public function checks its arguments with these before any work. The wordings:

* an option: "<name> must be one of 'a', 'b'; got 'x'" (:func:`check_choice`, :func:`one_of`);
* a level or a fraction: "<name> must be in (0, 1); got 1.5" (:func:`check_fraction`);
* a count: "<name> must be >= 2; got 1", "<name> must be in [1, 1,000]; got 0", and
  "<name> must be an integer >= 2; got 2.5" for a non-integer (:func:`check_count`);
* a non-negative number: "<name> must be a finite number >= 0; got -1" (:func:`check_nonnegative`);
* a flag: "<name> must be True or False; got 'no'" (:func:`check_bool`).

A value of the wrong type is a TypeError, a value out of range a ValueError. How scores,
ranks and p-values are read is not here but in :mod:`multicomp.data.scores` (input parsing).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    import numpy as np


__all__ = [
    "ALIASES",
    "check_alpha",
    "check_bool",
    "check_choice",
    "check_choices",
    "check_count",
    "check_fraction",
    "check_nonnegative",
    "one_of",
    "refuse_masked",
]

#: Other names of the procedures, tried in order when a name is not among the allowed ones:
#: Bonferroni's correction of the comparisons with a control is the Bonferroni-Dunn procedure.
ALIASES: dict[str, tuple[str, ...]] = {
    "bonferroni_dunn": ("bonferroni",),
    "bonferroni": ("bonferroni_dunn",),
    "dunn": ("bonferroni_dunn", "bonferroni"),
}

#: An option's type: ``str``, or a ``Literal`` of the option's names.
Option = TypeVar("Option", bound=str)


def _integers() -> tuple[type[int | np.integer[Any]], ...]:
    """The types of an integer, numpy's scalars included."""
    import numpy as np

    return (int, np.integer)


def _reals() -> tuple[type[float | np.integer[Any] | np.floating[Any]], ...]:
    """The types of a real number, numpy's scalars included."""
    import numpy as np

    return (*_integers(), float, np.floating)


def one_of(name: str, value: object, allowed: Iterable[object], hint: str = "") -> str:
    """The one wording of a value outside its options: "<name> must be one of 'a', 'b'; got
    'x'", with an optional ``hint`` after the options (e.g. "or None for ...")."""
    options = ", ".join(map(repr, allowed))
    return f"{name} must be one of {options}{' ' + hint if hint else ''}; got {value!r}"


def check_choice(
    name: str, value: object, allowed: Sequence[Option], *, aliases: bool = True
) -> Option:
    """``value`` as spelled in ``allowed``, or ValueError :func:`one_of`.

    Names compare case-insensitively with '-' and ' ' as '_' ("Bergmann-Hommel" is
    "bergmann_hommel"), and (unless ``aliases`` is false) a name of :data:`ALIASES` stands for
    the first of its meanings that ``allowed`` holds."""
    if isinstance(value, str):
        if value in allowed:  # as spelled already (the common case: no normalising)
            return cast(Option, value)
        key = _key(value)
        spelled = {_key(option): option for option in allowed}
        for candidate in (key, *(ALIASES.get(key, ()) if aliases else ())):
            if candidate in spelled:
                return spelled[candidate]
    raise ValueError(one_of(name, value, allowed))


def check_choices(
    name: str, values: Iterable[str] | str, allowed: Sequence[Option]
) -> tuple[Option, ...]:
    """One option or a sequence of options (:func:`check_choice` each), as spelled in
    ``allowed``, without repetitions; TypeError unless a name or a sequence of names."""
    chosen = (values,) if isinstance(values, str) else values
    if not isinstance(chosen, Iterable) or isinstance(chosen, (bytes, dict)):
        raise TypeError(f"{name} must be a name or a sequence of names; got {values!r}")
    chosen = tuple(chosen)
    if not all(isinstance(value, str) for value in chosen):
        raise TypeError(f"{name} must be a name or a sequence of names; got {values!r}")
    return tuple(dict.fromkeys(check_choice(name, value, allowed) for value in chosen))


def _key(name: str) -> str:
    return "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())


def check_fraction(value: object, name: str, meaning: str = "") -> float:
    """``value`` as a float, or TypeError/ValueError unless a number in (0, 1) (``meaning``,
    e.g. "(n_test/n_total)", follows the interval in the message)."""
    after = f" {meaning}" if meaning else ""
    if isinstance(value, bool) or not isinstance(value, _reals()):
        raise TypeError(f"{name} must be a number in (0, 1){after}; got {value!r}")
    if not 0.0 < float(value) < 1.0:
        raise ValueError(f"{name} must be in (0, 1){after}; got {value!r}")
    return float(value)


def check_alpha(alpha: object) -> float:
    """The significance level as a float, or TypeError/ValueError unless 0 < alpha < 1."""
    return check_fraction(alpha, "alpha")


def check_count(value: object, name: str, minimum: int = 1, maximum: int | None = None) -> int:
    """``value`` as an int, or TypeError unless an integer (not a bool), ValueError unless
    ``minimum <= value`` (and ``<= maximum``)."""
    bounds = f">= {minimum}" if maximum is None else f"in [{minimum:,}, {maximum:,}]"
    if isinstance(value, bool) or not isinstance(value, _integers()):
        raise TypeError(f"{name} must be an integer {bounds}; got {value!r}")
    if value < minimum or (maximum is not None and value > maximum):
        raise ValueError(f"{name} must be {bounds}; got {value!r}")
    return int(value)


def check_nonnegative(value: object, name: str) -> float:
    """``value`` as a float, or TypeError/ValueError unless a finite number >= 0."""
    import numpy as np

    if isinstance(value, bool) or not isinstance(value, _reals()):
        raise TypeError(f"{name} must be a finite number >= 0; got {value!r}")
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0; got {value!r}")
    return float(value)


def refuse_masked(value: object, name: str) -> None:
    """ValueError for a masked array with masked entries where every entry is needed (p-values
    of a family, an order of the algorithms): NumPy would read the values under the mask."""
    import numpy as np

    if np.ma.isMaskedArray(value) and np.ma.getmaskarray(value).any():
        raise ValueError(
            f"{name} is a masked array with {int(np.ma.getmaskarray(value).sum())} masked "
            f"entries: every entry is needed (the values under a mask would be read); pass "
            "a complete array"
        )


def check_bool(value: object, name: str) -> bool:
    """``value`` as a bool, or TypeError unless it is True or False (a string such as "no"
    or None would otherwise be read by its truth value)."""
    import numpy as np

    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}")
    return bool(value)
