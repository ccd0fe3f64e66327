"""The procedures for all pairwise comparisons (N x N), registered in
:mod:`multicomp.procedures.base`: Nemenyi (the studentized range), Bonferroni (what Garcia &
Herrera 2008 call Nemenyi's procedure), Holm, Shaffer's static procedure and Bergmann-Hommel's
(Garcia & Herrera 2008, Sec. 3), and Miller's simultaneous test (chi-square); computed only when
named: Miller's, the peers' single-step, Hommel's (Simes' closed procedure: valid, and
conservative here since the pairs' hypotheses are logically related) and the false discovery
rate's Benjamini-Hochberg and Benjamini-Yekutieli (statsmodels' ``fdr_bh``, ``fdr_by``). The
p-values of a family are the pairs of k algorithms in ``itertools.combinations`` order; leading
axes are families.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from multicomp import _core
from multicomp._internal.validation import refuse_masked
from multicomp.procedures.base import Context, FloatArray, Procedure, register
from multicomp.procedures.control import NEEDS_DEPENDENCE, native, register_fdr
from multicomp.procedures.studentized_range import range_sf

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__: list[str] = []

#: Why the procedures built on logical restrictions are not offered after pairwise tests.
_NEEDS_TRANSITIVITY = (
    "its logical restrictions assume transitive pairwise null hypotheses, which pairwise "
    "location tests do not have (use bonferroni or holm)"
)
#: Why Nemenyi's and Miller's procedures are not offered after pairwise tests.
_NEEDS_COMMON_SE = (
    "the studentized range and Miller's chi-square hold for z statistics that are differences of k average ranks "
    "with one standard error, as a rank post-hoc's are, not for the p-values of separate "
    "pairwise tests (use bonferroni or holm)"
)


def _as_order(order: ArrayLike) -> NDArray[np.int64]:
    """``order`` as int64 (the Rust core checks that it is a permutation of range(k)), or
    TypeError if it does not hold integers."""
    import numpy as np

    refuse_masked(order, "order")
    raw = np.asarray(order)
    if raw.dtype.kind not in "iu":
        raise TypeError(f"order must hold integer algorithm indices, got dtype {raw.dtype}")
    return raw.astype(np.int64)


def _nemenyi(p: FloatArray, context: Context) -> FloatArray:
    """Nemenyi's APVs: P(Q_{k,inf} >= |z| sqrt(2)), the studentized range of k means with
    infinite degrees of freedom (Demsar 2006, Sec. 3.2.2; the p-values of R's PMCMRplus
    ``frdAllPairsNemenyiTest``), where |z| = Phi^{-1}(1 - p/2) is the normal deviate of the
    two-sided p-value (the rank post-hoc's own |z| for asymptotic p-values). APV <= alpha
    exactly when the average ranks differ by at least the critical difference of
    :func:`multicomp.critical_difference`. The APV lies between p and Bonferroni's m p (the
    maximum of the m pairs' |z| exceeds a value no more often than one of them, and no less
    often than all m together); :func:`~multicomp.procedures.studentized_range.range_sf` keeps
    the tail's relative accuracy (Chebyshev series of it, once per k and panel of q).
    Computed once per distinct p-value; |z| = -ndtri(p/2), as scipy's ``norm.isf``. After
    Conover's t tests p is the t test's p-value, so this is the studentized range at the normal
    deviate of p, not at |t| (the peers' ``"single_step"``, liberal there): the form closest
    to alpha under the complete null (:mod:`multicomp.ranktests.conover`)."""
    import numpy as np
    from scipy import special

    distinct, where = np.unique(p, return_inverse=True)
    q = -math.sqrt(2.0) * special.ndtri(distinct / 2.0)
    apv = np.where(distinct >= 1.0, 1.0, range_sf(q, max(context.k, 2)))
    bonferroni = np.minimum(p.shape[-1] * distinct, 1.0)
    return np.clip(apv, distinct, bonferroni)[where.reshape(p.shape)]


def _single_step(p: FloatArray, context: Context) -> FloatArray:
    """The peers' single-step APVs: P(Q_{k,inf} >= sqrt(2) |t|), the studentized range of k
    means with infinite degrees of freedom at sqrt(2) times the statistic whose two-sided
    p-value is p: |t| the Student's t quantile on ``context.df`` degrees of freedom after
    Conover's t tests (R's PMCMRplus ``frdAllPairsConoverTest(p.adjust.method="single-step")``,
    scikit-posthocs ``posthoc_conover_friedman(p_adjust="single-step")``), the normal deviate
    after z tests (then Nemenyi's APVs, without their upper bound m p). Ignoring the t
    statistic's degrees of freedom makes it liberal (at k = 2 its APV is below the t test's own
    p-value): measured FWER 0.19 at N = 3, k = 3 and
    0.073 at N = 10, k = 5 under the complete null after Conover (docs/validity.md)."""
    import numpy as np
    from scipy import special

    distinct, where = np.unique(p, return_inverse=True)
    half = distinct / 2.0
    deviate = -special.ndtri(half) if context.df is None else -special.stdtrit(context.df, half)
    apv = np.where(distinct >= 1.0, 1.0, range_sf(math.sqrt(2.0) * deviate, max(context.k, 2)))
    if context.df is None:  # at least p, as Nemenyi's (at k = 2 rounding could go an ulp below)
        apv = np.maximum(apv, distinct)
    return np.asarray(apv[where.reshape(p.shape)], dtype=np.float64)


def _miller(p: FloatArray, context: Context) -> FloatArray:
    """Miller's (1966) simultaneous APVs: P(chi2_{k-1} >= z^2), |z| = Phi^{-1}(1 - p/2), as
    R's PMCMRplus ``frdAllPairsMillerTest`` and scikit-posthocs ``posthoc_miller_friedman``
    compute them. Scheffe's projection: a pair's z^2 is at most the quadratic form of the k
    average ranks, asymptotically chi-square with k - 1 df, so the family-wise error is
    controlled (conservatively: Nemenyi's studentized range is exact for the pairs). At least
    p (equal at k = 2, where rounding could put it an ulp below). scipy.special's ``chdtrc``
    and ``ndtri`` are what ``chi2.sf`` and ``norm.isf`` compute, without their overhead."""
    import numpy as np
    from scipy import special

    apv = special.chdtrc(max(context.k, 2) - 1, special.ndtri(p / 2.0) ** 2)
    return np.asarray(np.clip(apv, p, 1.0), dtype=np.float64)


def _bergmann_hommel(p: FloatArray, context: Context) -> FloatArray:
    """Exact Bergmann-Hommel APVs: polynomial for p-values Robinson in ``context.order``
    (docs/robinson.md), the general enumeration otherwise."""
    import numpy as np

    if context.order is None:
        return np.asarray(_core.bergmann_hommel_apv(p, context.k), dtype=np.float64)
    return np.asarray(
        _core.bergmann_hommel_apv_robinson(p, context.k, _as_order(context.order)),
        dtype=np.float64,
    )


def _bergmann_hommel_limit(m: int, context: Context) -> str:
    """The largest k of the exact algorithm: MAX_K_ROBINSON for p-values in rank order,
    MAX_K for any others."""
    if context.order is None:
        limit, which = _core.MAX_K, " for p-values in no particular rank order"
    else:
        limit, which = _core.MAX_K_ROBINSON, ""
    if context.k <= limit:
        return ""
    return (
        f"k = {context.k} exceeds the largest k ({limit}) of the exact Bergmann-Hommel "
        f"algorithm{which}; shaffer works for any k"
    )


def _shaffer_limit(m: int, context: Context) -> str:
    """Beyond ``multicomp._core.MAX_K_SHAFFER`` algorithms S(k) is not computed."""
    if context.k <= _core.MAX_K_SHAFFER:
        return ""
    return (
        f"k = {context.k} exceeds the largest k ({_core.MAX_K_SHAFFER}) of Shaffer's S(k); "
        "holm works for any k"
    )


def _bonferroni(p: FloatArray, context: Context) -> FloatArray:
    """Bonferroni's adjustment of the m = k(k-1)/2 p-values: min(m p, 1)."""
    import numpy as np

    return cast("FloatArray", np.minimum(p.shape[-1] * p, 1.0))


def _shaffer(p: FloatArray, context: Context) -> FloatArray:
    """Shaffer's adjusted p-values (the native core's exhaustive sets)."""
    import numpy as np

    return np.asarray(_core.shaffer_apv(p, context.k), dtype=np.float64)


register(
    Procedure(
        "nemenyi",
        "Nemenyi",
        "all_pairs",
        _nemenyi,
        not_after_pairwise=_NEEDS_COMMON_SE,
        headline=True,
    )
)
register(
    Procedure(
        "bonferroni",
        "Bonferroni",
        "all_pairs",
        _bonferroni,
    )
)
register(
    Procedure(
        "holm",
        "Holm",
        "all_pairs",
        native("holm"),
        headline=True,
    )
)
register(
    Procedure(
        "shaffer",
        "Shaffer",
        "all_pairs",
        _shaffer,
        limit=_shaffer_limit,
        not_after_pairwise=_NEEDS_TRANSITIVITY,
        headline=True,
    )
)
register(
    Procedure(
        "bergmann_hommel",
        "Bergmann-Hommel",
        "all_pairs",
        _bergmann_hommel,
        limit=_bergmann_hommel_limit,
        not_after_pairwise=_NEEDS_TRANSITIVITY,
        ordered=True,
        headline=True,
    )
)
register(
    Procedure(
        "miller",
        "Miller",
        "all_pairs",
        _miller,
        not_after_pairwise=_NEEDS_COMMON_SE,
        by_name=True,  # power 0.009 against Nemenyi's 0.45 at k = 20: for the peers
    )
)
register(
    Procedure(
        "single_step",
        "single-step (peers)",
        "all_pairs",
        _single_step,
        not_after_pairwise=_NEEDS_COMMON_SE,
        by_name=True,
    )
)
register(
    Procedure(
        "hommel",
        "Hommel",
        "all_pairs",
        native("hommel"),
        not_after_pairwise=NEEDS_DEPENDENCE,
        by_name=True,
    )
)
register_fdr("all_pairs")
