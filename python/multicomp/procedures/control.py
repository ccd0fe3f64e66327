"""The procedures for the comparisons with a control (1 x N), registered in
:mod:`multicomp.procedures.base`: Bonferroni(-Dunn), Holm, Hochberg, Hommel, Holland, Rom,
Finner and Li (Garcia et al. 2010, Sec. 5 and Table 9; ``p_(1) <= ... <= p_(m)`` are the
sorted p-values, APVs are capped at 1), and the single-step many-to-one procedure of the
equicorrelated normal z statistics (Dunnett-type). Every adjustment works on the last axis;
leading axes are families.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from multicomp import _core
from multicomp._internal.validation import check_alpha
from multicomp._internal.vocabulary import PosthocComparison
from multicomp.procedures.base import Context, FloatArray, Procedure, register
from multicomp.procedures.equicorrelated import max_normal_sf

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

# numpy and scipy are imported in the functions that use them: importing the registries (the
# command line's options, ``multicomp --help``) loads neither.

__all__ = ["ROM_EXACT_MAX_M", "ROM_GARCIA2010", "rom_critical_values"]

ROM_GARCIA2010 = (1.0, 2.0, 3.0, 3.814, 4.755, 5.705, 6.655)
"""Rom multipliers r_1..r_7 as printed by Garcia et al. (2010, Sec. 5.1); not Rom's (1990) constants."""
#: Largest family of exact Rom APVs: each root needs Rom's O(m^2) recursion for its critical
#: values, 1.2 s at m = 100 and 4.5 s at 200 (2 shared cores).
ROM_EXACT_MAX_M = 100


# --------------------------------------------------------------------------- step-wise helpers
# All work on the last axis of p-values sorted ascending (any leading axes are families).


def step_down(values: FloatArray) -> FloatArray:
    """max_{j<=i} values_j (Holm-type), capped at 1."""
    import numpy as np

    return np.minimum(np.maximum.accumulate(values, axis=-1), 1.0)


def step_up(values: FloatArray) -> FloatArray:
    """min_{j>=i} values_j (Hochberg-type), capped at 1."""
    import numpy as np

    return np.minimum(np.minimum.accumulate(values[..., ::-1], axis=-1)[..., ::-1], 1.0)


def _one_minus_power(p: FloatArray, exponent: FloatArray) -> FloatArray:
    """1 - (1 - p)^exponent, accurate for small p (exponent > 0)."""
    import numpy as np

    with np.errstate(divide="ignore"):
        return -np.expm1(exponent * np.log1p(-p))


def sorted_apply(p: FloatArray, func: Callable[[FloatArray], FloatArray]) -> FloatArray:
    """Apply ``func`` to p sorted ascending along the last axis (stable), return in input order."""
    import numpy as np

    order = np.argsort(p, axis=-1, kind="stable")
    out = np.empty_like(p)
    np.put_along_axis(out, order, func(np.take_along_axis(p, order, axis=-1)), axis=-1)
    return out


# --------------------------------------------------------------------------- Rom


def rom_critical_values(alpha: float, m: int) -> FloatArray:
    """Rom's (1990, Biometrika 77:663-665) critical values alpha_1..alpha_m at level ``alpha``.

    alpha_i is compared with the i-th largest p-value: alpha_1 = alpha, alpha_2 = alpha/2 and
    alpha_i = [sum_{j=1}^{i-1} alpha^j - sum_{j=1}^{i-2} C(i, j) alpha_{j+1}^{i-j}] / i
    (Garcia et al. 2010, eq. 23). At alpha = 0.05: alpha/alpha_i = 1, 2, 2.963, 3.933, ...
    Each alpha_i increases with alpha and alpha/i <= alpha_i <= alpha.
    """
    import numpy as np

    alpha = check_alpha(alpha)
    if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or m < 1:
        raise ValueError(f"m (the number of hypotheses) must be an integer >= 1; got {m!r}")
    return _rom_critical_values(alpha, int(m))


def _rom_critical_values(alpha: float, m: int) -> FloatArray:
    """:func:`rom_critical_values` without checks (alpha in (0, 1] here)."""
    import numpy as np
    from scipy.special import gammaln

    c = np.zeros(m + 1)
    c[0] = 1.0  # unused
    c[1] = alpha
    if m >= 2:
        c[2] = alpha / 2.0
    if m >= 3:
        powers = np.cumsum(alpha ** np.arange(1, m + 1, dtype=np.float64))  # sum_{j=1}^{i} alpha^j
        log_fact = gammaln(np.arange(m + 1) + 1.0)
        log_c = np.full(m + 1, -np.inf)
        with np.errstate(divide="ignore"):
            log_c[:3] = np.log(c[:3])
        for i in range(3, m + 1):
            j = np.arange(1, i - 1)
            log_terms = log_fact[i] - log_fact[j] - log_fact[i - j] + (i - j) * log_c[j + 1]
            c[i] = (powers[i - 2] - np.exp(log_terms).sum()) / i
            log_c[i] = math.log(c[i]) if c[i] > 0 else -np.inf
    return c[1:]


def _rom_exact_sorted(ps: FloatArray) -> FloatArray:
    """Exact Rom APVs of one sorted family: APV_(i) = min_{j>=i} a_j with a_j the smallest alpha
    at which p_(j) <= alpha_{m-j+1}(alpha) (Rom's step-up rejects H_(i) iff some j >= i passes).

    alpha_n(alpha)/alpha increases from 1/n to alpha_n(1), so a_j lies in
    [p_(j)/alpha_n(1), n p_(j)]: roots whose lower end exceeds the running minimum are skipped.
    """
    import numpy as np

    m = ps.size
    at_one = _rom_critical_values(1.0, m)
    out = np.empty(m)
    best = 1.0
    for j in range(m - 1, -1, -1):  # 0-based; the critical value index is n = m - j
        p, n = float(ps[j]), m - j
        tied = j < m - 1 and ps[j] == ps[j + 1]  # a_j > a_{j+1} for equal p: same APV
        if not tied and p / at_one[n - 1] < best:
            best = min(best, _rom_root(p, n, at_one[n - 1]))
        out[j] = best
    return out


def _rom_root(p: float, n: int, at_one: float) -> float:
    """Smallest alpha in [0, 1] with alpha_n(alpha) >= p (1 if none); at_one = alpha_n(1)."""
    import numpy as np
    from scipy.optimize import brentq

    if p == 0.0 or n == 1:
        return p
    if p > at_one:  # even alpha = 1 does not reject
        return 1.0
    lower, upper = p / at_one, min(1.0, n * p)

    def gap(a: float) -> float:
        return float(_rom_critical_values(a, n)[-1]) - p

    if gap(upper) < 0.0:  # rounding at the bound
        return upper
    if lower >= upper or gap(lower) >= 0.0:
        return lower
    return float(brentq(gap, lower, upper, xtol=1e-300, rtol=4 * np.finfo(float).eps))


def rom_decisions(p: FloatArray, alpha: float) -> NDArray[np.bool_]:
    """Rom's step-up decisions at ``alpha`` of checked families ``p`` (last axis), without
    APVs: H_(i) is rejected iff p_(j) <= alpha_{m-j+1} for some j >= i."""
    import numpy as np

    critical = _rom_critical_values(alpha, p.shape[-1])[::-1]  # alpha_m, ..., alpha_1
    order = np.argsort(p, axis=-1, kind="stable")
    passes = np.take_along_axis(p, order, axis=-1) <= critical
    sorted_reject = np.logical_or.accumulate(passes[..., ::-1], axis=-1)[..., ::-1]
    out = np.empty_like(sorted_reject)
    np.put_along_axis(out, order, sorted_reject, axis=-1)
    return out


def _rom_reject(p: FloatArray, alpha: float, context: Context) -> NDArray[np.bool_] | None:
    """Exact Rom's decisions without a root search per hypothesis (None for G10's form)."""
    return rom_decisions(p, alpha) if context.rom == "exact" else None


def _rom_garcia2010_sorted(ps: FloatArray) -> FloatArray:
    import numpy as np

    m = ps.shape[-1]  # at most len(ROM_GARCIA2010): _rom_limit
    r = np.array(ROM_GARCIA2010[:m][::-1])  # r_{m-j+1} for j = 1..m
    return step_up(r * ps)


# --------------------------------------------------------------------------- Hommel


# --------------------------------------------------------------------------- the entries


def sorted_adjustment(
    adjust: Callable[[FloatArray], FloatArray],
) -> Callable[[FloatArray, Context], FloatArray]:
    """An adjustment of p-values in input order from one of sorted p-values."""
    return lambda p, context: sorted_apply(p, adjust)


def native(name: str) -> Callable[[FloatArray, Context], FloatArray]:
    """Bonferroni, Holm, Hochberg or Hommel (``name``) computed by the Rust core, families in
    parallel: the same formulas, Hommel's values those of G10 Fig. 2 (R's algorithm) in
    O(m log m) steps and O(m) memory: m = 10^6 in 0.085 s of CPU and 36 MiB above the input
    (benches/RESULTS-adjust.md)."""
    return lambda p, context: _core.adjust_pvalues(p, name)


def _holland(ps: FloatArray) -> FloatArray:
    import numpy as np

    m = ps.shape[-1]
    return step_down(_one_minus_power(ps, m - np.arange(m, dtype=np.float64)))


def _finner(ps: FloatArray) -> FloatArray:
    import numpy as np

    m = ps.shape[-1]
    return step_down(_one_minus_power(ps, m / np.arange(1, m + 1, dtype=np.float64)))


def _li(ps: FloatArray) -> FloatArray:
    import numpy as np

    largest = ps[..., -1:]
    denom = ps + (1.0 - largest)
    with np.errstate(invalid="ignore", divide="ignore"):
        li = np.where(denom > 0, ps / np.where(denom > 0, denom, 1.0), 0.0)
    return np.where(ps == largest, ps, np.minimum(li, largest))  # APV_(m) = p_(m)


def fdr_bh(ps: FloatArray) -> FloatArray:
    """Benjamini-Hochberg (1995) adjusted p-values of sorted p-values: min_{j>=i} m p_(j) / j,
    capped at 1 (statsmodels' ``fdr_bh``, R's ``p.adjust(method="BH")``)."""
    import numpy as np

    m = ps.shape[-1]
    return step_up(ps * (m / np.arange(1, m + 1, dtype=np.float64)))


def fdr_by(ps: FloatArray) -> FloatArray:
    """Benjamini-Yekutieli (2001) adjusted p-values of sorted p-values: Benjamini-Hochberg's
    times c(m) = sum_{i<=m} 1/i, capped at 1 (statsmodels' ``fdr_by``, R's ``"BY"``)."""
    import numpy as np

    m = ps.shape[-1]
    return fdr_bh(ps * np.sum(1.0 / np.arange(1, m + 1, dtype=np.float64)))


def _rom(p: FloatArray, context: Context) -> FloatArray:
    import numpy as np

    if context.rom == "exact":
        m = p.shape[-1]
        return sorted_apply(
            p,
            lambda ps: np.array([_rom_exact_sorted(row) for row in ps.reshape(-1, m)]).reshape(
                ps.shape
            ),
        )
    return sorted_apply(p, _rom_garcia2010_sorted)


def _rom_limit(m: int, context: Context) -> str:
    """Exact Rom has a largest family; G10's printed coefficients stop at 7 comparisons."""
    if context.rom == "exact" and m > ROM_EXACT_MAX_M:
        return (
            f"rom='exact' is limited to m <= {ROM_EXACT_MAX_M} p-values per family (each "
            f"root needs Rom's O(m^2) recursion), got m = {m}; use 'hochberg' (Rom's "
            "procedure refines it) or 'hommel'"
        )
    if context.rom == "garcia2010" and m > len(ROM_GARCIA2010):
        return (
            f'rom="garcia2010" has printed coefficients for at most {len(ROM_GARCIA2010)} '
            f'comparisons (k <= {len(ROM_GARCIA2010) + 1}), got {m}; use rom="exact"'
        )
    return ""


def _single_step(p: FloatArray, context: Context) -> FloatArray:
    """Single-step (Dunnett-type) APVs of m comparisons with a control: P(max_j |Z_j| >= |z|)
    for two-sided p-values, P(max_j Z_j >= z) for one-sided ones (``context.alternative``),
    Z_1..Z_m standard normal with correlation 1/2, as the z statistics of a rank post-hoc
    with a control are (:mod:`multicomp.procedures.equicorrelated`), and z the normal deviate
    of p: |z| = Phi^{-1}(1 - p/2), or z = Phi^{-1}(1 - p) one-sided. These are the p-values of
    R's PMCMRplus ``frdManyOneNemenyiTest`` (R/frdManyOneNemenyiTest.R, lines 102-130:
    ``1 - pmvnorm`` with correlation 0.5), with the tail computed directly. Between p and
    Bonferroni's m p; computed once per distinct p-value. Exact for normal z statistics, so
    asymptotically for the rank post-hocs: with the asymptotic p-values of few data sets the
    discrete rank sums make it exceed alpha (0.065, 0.058 and 0.056 at alpha = 0.05 for k = 3
    and N = 5, 10 and 20; at most alpha with exact p-values; docs/validity.md)."""
    import numpy as np
    from scipy import special

    m = p.shape[-1]
    two_sided = context.alternative == "two-sided"
    distinct, where = np.unique(p, return_inverse=True)
    deviate = -special.ndtri(distinct / 2.0 if two_sided else distinct)
    apv = max_normal_sf(deviate, m, two_sided=two_sided)
    bonferroni = np.minimum(m * distinct, 1.0)
    return np.clip(apv, distinct, bonferroni)[where.reshape(p.shape)]


#: Why the Simes- and Sidak-based procedures and Li's are not offered after pairwise tests.
NEEDS_DEPENDENCE = (
    "it needs p-values that are positively dependent (PRDS or positive orthant dependence) or "
    "independent, which the p-values of pairwise tests sharing an algorithm are not known to "
    "be (use bonferroni or holm)"
)

register(
    Procedure(
        "bonferroni",
        "Bonferroni-Dunn",
        "control",
        native("bonferroni"),
        headline=True,
    )
)
register(Procedure("holm", "Holm", "control", native("holm"), headline=True))
register(
    Procedure(
        "hochberg",
        "Hochberg",
        "control",
        native("hochberg"),
        not_after_pairwise=NEEDS_DEPENDENCE,
        headline=True,
    )
)
register(
    Procedure(
        "hommel",
        "Hommel",
        "control",
        native("hommel"),
        not_after_pairwise=NEEDS_DEPENDENCE,
        headline=True,
    )
)
register(
    Procedure(
        "holland",
        "Holland",
        "control",
        sorted_adjustment(_holland),
        not_after_pairwise=NEEDS_DEPENDENCE,
    )
)
register(
    Procedure(
        "rom",
        "Rom",
        "control",
        _rom,
        limit=_rom_limit,
        not_after_pairwise=NEEDS_DEPENDENCE,
        reject=_rom_reject,
    )
)
#: Li's measured family-wise error under the complete null at alpha = 0.05, worst over both
#: tables of benches/RESULTS-li-finner.md (two-sided: N = 10 to 100, 4,000 tables per cell;
#: one-sided: N = 10 to 30, normal scores and scores rounded to 0.5, 2,000 tables per cell):
#: (largest k, two-sided, one-sided).
LI_MEASURED = ((5, 0.074, 0.088), (10, 0.080, 0.119), (20, 0.079, 0.147))


def _li_note(k: int, alternative: str) -> str:
    """Li's measured family-wise error for k algorithms and ``alternative``."""
    largest, two_sided, one_sided = next(
        (row for row in LI_MEASURED if k <= row[0]), LI_MEASURED[-1]
    )
    if alternative == "two-sided":
        figure, sided, sizes = two_sided, "two-sided", "N = 10 to 100"
    else:
        figure, sided, sizes = one_sided, "one-sided", "N = 10 to 30, with or without ties"
    where = f"k <= {largest}" if k <= largest else f"k = {largest}, the largest k measured"
    return (
        "Li's procedure does not control the family-wise error of a 1xN rank post-hoc (its z "
        f"statistics are correlated): measured FWER up to {figure:.3f} at alpha = 0.05 for "
        f"{sided} comparisons under the complete null ({where}, {sizes}; "
        "benches/RESULTS-li-finner.md)"
    )


#: How the false discovery rate procedures are labelled in every output.
FDR_NOTE = (
    "{name} controls the false discovery rate (the expected share of false rejections among "
    "the rejections), not the family-wise error: for screening many models; measured FDR up to "
    "{figure} at alpha = 0.05 under complete and partial nulls (Friedman z tests, k = 10 to 30; "
    "docs/validity.md)"
)


def register_fdr(family: PosthocComparison) -> None:
    """Register Benjamini-Hochberg (``"fdr_bh"``) and Benjamini-Yekutieli (``"fdr_by"``) in
    ``family``: computed only by name, labelled as controlling the false discovery rate; BH needs
    PRDS p-values (not after pairwise tests), BY holds under any dependence."""
    for name, display, adjust, figure, after_pairwise in (
        ("fdr_bh", "Benjamini-Hochberg", fdr_bh, "0.040", NEEDS_DEPENDENCE),
        ("fdr_by", "Benjamini-Yekutieli", fdr_by, "0.014", ""),
    ):
        register(
            Procedure(
                name,
                f"{display} (FDR)",
                family,
                sorted_adjustment(adjust),
                not_fwer=FDR_NOTE.format(name=display, figure=figure),
                not_after_pairwise=after_pairwise,
                by_name=True,
            )
        )


register_fdr("control")
register(
    Procedure(
        "finner",
        "Finner",
        "control",
        sorted_adjustment(_finner),
        not_fwer="Finner's procedure does not control the family-wise error of a 1xN rank "
        "post-hoc (its z statistics are correlated): measured FWER 0.09-0.10 at alpha = 0.05 "
        "with 5 true nulls among 9 comparisons (docs/validity.md)",
        not_after_pairwise=NEEDS_DEPENDENCE,
        by_name=True,
    )
)
register(
    Procedure(
        "li",
        "Li",
        "control",
        sorted_adjustment(_li),
        not_fwer="Li's procedure does not control the family-wise error of a 1xN rank post-hoc "
        "(its z statistics are correlated): measured FWER up to 0.080 two-sided (k = 3 to 20, "
        "N = 10 to 100) and 0.147 one-sided (k = 5 to 20, N = 10 to 30) at alpha = 0.05 under "
        "the complete null, with or without ties (benches/RESULTS-li-finner.md)",
        not_after_pairwise=NEEDS_DEPENDENCE,
        by_name=True,
        note=_li_note,
    )
)
register(
    Procedure(
        "single_step",
        "Dunnett",
        "control",
        _single_step,
        not_after_pairwise="it holds for z statistics of average ranks that share the control's "
        "rank, correlated 1/2, as a rank post-hoc's are, not for the p-values of separate "
        "pairwise tests (use bonferroni or holm)",
        by_name=True,
    )
)
