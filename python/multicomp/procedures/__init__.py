"""The multiple-comparison procedures: their registry (:mod:`~multicomp.procedures.base`),
the 1 x N entries (:mod:`~multicomp.procedures.control`), the N x N entries
(:mod:`~multicomp.procedures.all_pairs`), the adjustment of any p-values through the registry
(:mod:`~multicomp.procedures.adjust`) and Demsar's critical differences
(:mod:`~multicomp.procedures.critical_difference`)."""

from multicomp.procedures import all_pairs, control
from multicomp.procedures.base import (
    Context,
    Procedure,
    after_pairwise,
    defaults,
    display_name,
    fwer_warnings,
    get,
    names,
    not_fwer_controlling,
    plan,
    register,
)

__all__ = [
    "Context",
    "Procedure",
    "after_pairwise",
    "all_pairs",
    "control",
    "defaults",
    "display_name",
    "fwer_warnings",
    "get",
    "names",
    "not_fwer_controlling",
    "plan",
    "register",
]
