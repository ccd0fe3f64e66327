"""The registry of multiple-comparison procedures: one entry per procedure.

An entry (:class:`Procedure`) declares everything the package needs to know of a procedure:
its name and display name, its family (``"control"``: m comparisons with a control;
``"all_pairs"``: the k(k-1)/2 pairs), its adjustment (p-values to adjusted p-values), whether it
controls the family-wise error under the dependence of the rank post-hocs' z statistics (and
if not, why, with measured figures), whether it is valid after pairwise tests (and if not, why),
and its size limit. :func:`plan` is the one rule that applies them: a procedure that does not
apply to a family is left out with a note when the procedures are chosen by default, and is a
ValueError naming the reason when asked for. ``adjust_control``/``adjust_all_pairs``, the
post-hocs, :func:`multicomp.simulate`, the reports and the command line take their procedure
lists from here; :func:`register` adds a procedure to all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from multicomp._internal.validation import ALIASES, check_choice, check_choices
from multicomp._internal.vocabulary import CD_PROCEDURES, PosthocComparison

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "Context",
    "after_pairwise",
    "FloatArray",
    "Procedure",
    "defaults",
    "display_name",
    "get",
    "names",
    "not_fwer_controlling",
    "plan",
    "fwer_warnings",
    "register",
]

FloatArray: TypeAlias = "NDArray[np.float64]"


class Context(NamedTuple):
    """What an adjustment may need beyond the p-values of a family.

    ``k``: the number of algorithms; ``rom``: Rom's critical values (``"exact"`` or
    ``"garcia2010"``); ``monotone``: non-decreasing APVs (KEEL's convention, all pairs);
    ``order``: the algorithms in rank order when the p-values are Robinson in it (a rank
    post-hoc's), else None; ``df``: the degrees of freedom of the Student's t statistics whose
    two-sided p-values are adjusted (Conover's t tests), None for normal z statistics;
    ``alternative``: the alternative of the p-values (``"two-sided"``, or one-sided
    ``"greater"``/``"less"``; with a control, read by the single-step procedure)."""

    k: int
    rom: str = "exact"
    monotone: bool = False
    order: ArrayLike | None = None
    df: float | None = None
    alternative: str = "two-sided"


def _no_limit(m: int, context: Context) -> str:
    """Any family size: no reason to leave the procedure out."""
    return ""


@dataclass(frozen=True)
class Procedure:
    """A multiple-comparison procedure.

    Attributes
    ----------
    name : str
        Its name in the API, the command line and the results (``"bergmann_hommel"``).
    display : str
        Its name for readers (``"Bergmann-Hommel"``).
    family : {'control', 'all_pairs'}
        The family of hypotheses it adjusts.
    adjust : callable
        ``adjust(p, context) -> apv``: the adjusted p-values of checked p-values (one family
        of m, or one family per row of an (n, m) array, in input order; ``context`` a
        :class:`Context`).
    limit : callable
        ``limit(m, context) -> reason``: why a family of m p-values is beyond the procedure
        ("" when it is not), checked before any work.
    not_fwer : str
        Why it does not control the family-wise error of a rank post-hoc, whose z statistics
        are dependent, with measured figures ("" when it does).
    not_after_pairwise : str
        Why it is not valid for the p-values of pairwise tests ("" when it is).
    reject : callable or None
        ``reject(p, alpha, context) -> decisions``: the decisions at ``alpha`` without the
        APVs where that is cheaper (exact Rom: no root search per hypothesis), or None where
        it has no such route for ``context`` (then APV <= alpha decides).
    ordered : bool
        Whether it uses the rank order of p-values that are Robinson in it
        (``Context.order``, all pairs: the p-values of a rank post-hoc).
    headline : bool
        Shown in the compact tables of a report (the LaTeX 1 x N table), beside the
        procedure the report decides with.
    by_name : bool
        Computed only when asked for by name (``procedures=``, ``compare(procedure=)``, the
        command line), never in the default columns: those that do not control the
        family-wise error (Li, Finner, the false discovery rate procedures) and those kept
        for reproducing other software or for screening (Miller's, the peers' single-step).
    note : callable or None
        ``note(k, alternative) -> str``: ``not_fwer`` for the case at hand (k algorithms, the
        alternative of the comparisons) where the measured figures depend on it (Li's), else
        None (``not_fwer`` itself).
    """

    name: str
    display: str
    family: PosthocComparison
    adjust: Callable[[FloatArray, Context], FloatArray]
    limit: Callable[[int, Context], str] = _no_limit
    not_fwer: str = ""
    not_after_pairwise: str = ""
    reject: Callable[[FloatArray, float, Context], NDArray[np.bool_] | None] | None = None
    ordered: bool = False
    headline: bool = False
    by_name: bool = False
    note: Callable[[int, str], str] | None = None

    def warning(self, k: int, alternative: str = "two-sided") -> str:
        """Why it does not control the family-wise error, for k algorithms compared with
        ``alternative`` ("" when it does)."""
        return self.not_fwer if self.note is None else self.note(k, alternative)


#: The registered procedures of each family, in order of registration.
_REGISTRY: dict[str, dict[str, Procedure]] = {"control": {}, "all_pairs": {}}


def register(procedure: Procedure) -> Procedure:
    """Add ``procedure`` to its family (ValueError if the name is taken there); returns it."""
    family = _REGISTRY[check_choice("family", procedure.family, tuple(_REGISTRY))]
    if procedure.name in family:
        raise ValueError(f"a {procedure.family} procedure named {procedure.name!r} exists")
    family[procedure.name] = procedure
    return procedure


def names(family: str) -> tuple[str, ...]:
    """The names of the registered procedures of ``family``, in order of registration."""
    return tuple(_REGISTRY[family])


def defaults(family: str) -> tuple[str, ...]:
    """The procedures of ``family`` computed when none are named: those not computed only by
    name (:attr:`Procedure.by_name`), in order of registration."""
    return tuple(name for name, entry in _REGISTRY[family].items() if not entry.by_name)


def apv_procedures() -> tuple[str, ...]:
    """The registered all-pairs procedures that decide by adjusted p-values (APVs), not by a
    critical difference."""
    return tuple(p for p in names("all_pairs") if p not in CD_PROCEDURES)


def diagram_procedures() -> tuple[str, ...]:
    """Every procedure whose decisions a CD diagram draws (``procedure=`` of
    :func:`multicomp.cd_diagram`): the critical differences, then the registered procedures."""
    return tuple(dict.fromkeys((*CD_PROCEDURES, *apv_procedures(), *names("control"))))


def get(family: str, name: object, option: str = "procedure") -> Procedure:
    """The procedure of ``family`` named ``name`` (any case, '-' for '_'), or ValueError in
    the one wording, naming ``option``."""
    return _REGISTRY[family][check_choice(option, name, names(family))]


def display_name(name: str, family: str | None = None) -> str:
    """The display name of a procedure of ``family`` (first; then of either family), or of the
    first of its other names (:data:`multicomp._internal.validation.ALIASES`: ``"bonferroni_dunn"``)
    that is registered; ``name`` itself if unknown. ``"bonferroni"`` is Bonferroni-Dunn with
    a control and Bonferroni over all pairs."""
    families = [_REGISTRY[family]] if family in _REGISTRY else []
    for candidate in (name, *ALIASES.get(name, ())):
        for entries in (*families, *_REGISTRY.values()):
            if candidate in entries:
                return entries[candidate].display
    return name


def after_pairwise(family: str) -> tuple[str, ...]:
    """The procedures of ``family`` valid for the p-values of pairwise tests."""
    return tuple(name for name, entry in _REGISTRY[family].items() if not entry.not_after_pairwise)


def not_fwer_controlling() -> dict[str, str]:
    """The procedures that do not control the family-wise error of a rank post-hoc, and why."""
    return {
        name: entry.not_fwer
        for family in _REGISTRY.values()
        for name, entry in family.items()
        if entry.not_fwer
    }


def fwer_warnings(
    family: str, procedures: Sequence[str], k: int, alternative: str = "two-sided"
) -> tuple[str, ...]:
    """Why each of ``procedures`` of ``family`` does not control the family-wise error, for k
    algorithms compared with ``alternative`` (:meth:`Procedure.warning`; those that do are
    left out): what every result and report prints beside their columns."""
    entries = _REGISTRY[family]
    found = (entries[name].warning(k, alternative) for name in procedures if name in entries)
    return tuple(text for text in found if text)


def plan(
    family: str,
    requested: Sequence[str] | str | None,
    m: int,
    context: Context,
    *,
    pairwise: bool = False,
    where: str = "",
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The procedures of ``family`` to compute for a family of ``m`` p-values, and those left
    out with the reason: the one rule of the package.

    A procedure does not apply when the p-values come from pairwise tests (``pairwise``) and
    it is not valid for them, or when the family exceeds its size limit. With ``requested``
    None every registered procedure of ``family`` that is not computed only by name
    (:attr:`Procedure.by_name`) is considered and those that do not apply are left out with
    their reason; a requested one that does not apply is a ValueError
    naming the reason (``where`` says after which test, e.g. ``" after skillings_mack"``).
    """
    chosen = (
        defaults(family)
        if requested is None
        else check_choices("procedures", requested, names(family))
    )
    reasons = {}
    for name in chosen:
        entry = _REGISTRY[family][name]
        reason = (pairwise and entry.not_after_pairwise) or entry.limit(m, context)
        if reason:
            reasons[name] = reason
    if requested is not None and reasons:
        name, reason = next(iter(reasons.items()))
        raise ValueError(f"{name}{where} does not apply: {reason}")
    return tuple(name for name in chosen if name not in reasons), reasons
