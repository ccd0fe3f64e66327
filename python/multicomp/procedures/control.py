"""The procedures for the comparisons with a control (1 x N), registered in
:mod:`multicomp.procedures.base`: Bonferroni(-Dunn), Holm, Hochberg, Hommel, Holland, Rom,
Finner and Li (Garcia et al. 2010, Sec. 5 and Table 9; ``p_(1) <= ... <= p_(m)`` are the
sorted p-values, APVs are capped at 1). Every adjustment works on the last axis; leading axes
are families.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import brentq
from scipy.special import gammaln

from multicomp._validation import check_alpha
from multicomp.procedures.base import Context, FloatArray, Procedure, register

__all__ = ["ROM_EXACT_MAX_M", "ROM_GARCIA2010", "rom_critical_values"]

ROM_GARCIA2010 = (1.0, 2.0, 3.0, 3.814, 4.755, 5.705, 6.655)
"""Rom multipliers r_1..r_7 as printed by Garcia et al. (2010, Sec. 5.1); not Rom's (1990) constants."""
#: Largest family of exact Rom APVs: each root needs Rom's O(m^2) recursion for its critical
#: values, 1.2 s at m = 100 and 4.5 s at 200 (2 shared cores).
ROM_EXACT_MAX_M = 100
#: Largest family for which Hommel's APVs use the O(m^2) algorithm of G10 Fig. 2 (vectorised
#: over families; 0.05 s at m = 1,000); larger ones the O(m log m) shortcut (1 s at m = 10^5,
#: 10 s at m = 10^6, 2 shared cores).
HOMMEL_QUADRATIC_MAX_M = 1_000


# --------------------------------------------------------------------------- step-wise helpers
# All work on the last axis of p-values sorted ascending (any leading axes are families).


def step_down(values: FloatArray) -> FloatArray:
    """max_{j<=i} values_j (Holm-type), capped at 1."""
    return np.minimum(np.maximum.accumulate(values, axis=-1), 1.0)


def step_up(values: FloatArray) -> FloatArray:
    """min_{j>=i} values_j (Hochberg-type), capped at 1."""
    return np.minimum(np.minimum.accumulate(values[..., ::-1], axis=-1)[..., ::-1], 1.0)


def _one_minus_power(p: FloatArray, exponent: FloatArray) -> FloatArray:
    """1 - (1 - p)^exponent, accurate for small p (exponent > 0)."""
    with np.errstate(divide="ignore"):
        return -np.expm1(exponent * np.log1p(-p))


def holm_sorted(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    return step_down((m - np.arange(m)) * ps)


def sorted_apply(p: FloatArray, func: Callable[[FloatArray], FloatArray]) -> FloatArray:
    """Apply ``func`` to p sorted ascending along the last axis (stable), return in input order."""
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
    alpha = check_alpha(alpha)
    if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or m < 1:
        raise ValueError(f"m (the number of hypotheses) must be an integer >= 1; got {m!r}")
    return _rom_critical_values(alpha, int(m))


def _rom_critical_values(alpha: float, m: int) -> FloatArray:
    """:func:`rom_critical_values` without checks (alpha in (0, 1] here)."""
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
    m = ps.shape[-1]  # at most len(ROM_GARCIA2010): _rom_limit
    r = np.array(ROM_GARCIA2010[:m][::-1])  # r_{m-j+1} for j = 1..m
    return step_up(r * ps)


# --------------------------------------------------------------------------- Hommel


def _hommel_sorted(ps: FloatArray) -> FloatArray:
    """Hommel APVs (Garcia et al. 2010, Fig. 2), the algorithm of R's p.adjust('hommel'),
    on the last axis (leading axes are families)."""
    n = int(ps.shape[-1])
    i = np.arange(1, n + 1)
    q: FloatArray = np.broadcast_to(np.min(n * ps / i, axis=-1, keepdims=True), ps.shape).copy()
    pa = q.copy()
    for m in range(n - 1, 1, -1):
        head = n - m + 1
        q1 = np.min(m * ps[..., head:] / np.arange(2, m + 1), axis=-1, keepdims=True)
        q[..., :head] = np.minimum(m * ps[..., :head], q1)
        q[..., head:] = q[..., head - 1 : head]
        pa = np.maximum(pa, q)
    return np.minimum(np.maximum(pa, ps), 1.0)


def _hommel_large_sorted(ps: FloatArray) -> FloatArray:
    """Hommel APVs of one sorted family in O(m log m) (the shortcut of Meijer, Krebs & Goeman
    2019, Biometrical Journal 61:700-712, derived here in their terms); equal to
    :func:`_hommel_sorted` within rounding (tests/test_hostile_input.py).

    Hommel's procedure is closed testing with Simes tests, so APV_i is the largest Simes
    p-value of a set I holding i; for |I| = r the largest takes with i the r-1 largest other
    p-values. With c_r = r a_r, a_r = min_{j=2..r} p_(m-r+j) / j (a_1 = inf), that gives

        APV_(i) = max( max_{r <= m-i+1} min(r p_(i), c_r),  max_{r > m-i+1} d_r ),

    d_r = min(r p_(m-r+1), c_r) (the Simes p of the r largest). a_r is the smallest slope from
    (m - r, 0) to the points (u, p_(u)), u >= m-r+2: a tangent to their lower convex hull,
    which grows leftwards as r grows (a stack, searched by bisection). a_r never increases
    with r, so the r with a_r >= p are a prefix 1..rho(p), and the first maximum is
    max(p rho-capped, the largest c_r over rho < r <= m-i+1): a range maximum (sparse table).
    """
    m = ps.size
    points = ps.tolist()
    a = np.full(m + 1, np.inf)
    a[0] = 0.0  # unused
    hull: list[int] = []  # 1-based u of the lower hull, hull[-1] the leftmost
    for s in range(m - 2, -1, -1):  # r = m - s
        u, pu = s + 2, points[s + 1]
        while len(hull) >= 2:  # drop hull[-1] unless it lies strictly below the chord u..hull[-2]
            b, c = hull[-1], hull[-2]
            if (b - u) * (points[c - 1] - pu) - (points[b - 1] - pu) * (c - u) > 0:
                break
            hull.pop()
        hull.append(u)
        low, high = 0, len(hull) - 1  # the slope from (s, 0) is unimodal along the hull
        while low < high:
            mid = (low + high) // 2
            v, w = hull[mid], hull[mid + 1]
            if points[v - 1] * (w - s) <= points[w - 1] * (v - s):
                high = mid
            else:
                low = mid + 1
        v = hull[low]
        a[m - s] = points[v - 1] / (v - s)
    r = np.arange(m + 1)
    c = r * a  # c[1] = inf
    rho = np.searchsorted(-a[1:], -ps, side="right")  # #{r : a_r >= p_(i)}
    reach = m - np.arange(m)  # m - i + 1
    apv = ps * np.minimum(reach, rho)
    # max of c over rho < r <= reach, by a sparse table of range maxima (c_1 is never there)
    table = [np.where(r == 1, -np.inf, c)]
    while 2 ** len(table) <= m + 1:
        half = 2 ** (len(table) - 1)
        table.append(np.maximum(table[-1][:-half], table[-1][half:]))
    first, last = rho + 1, reach
    some = first <= last
    level = np.floor(np.log2(np.maximum(last - first + 1, 1))).astype(int)
    for lev in np.unique(level[some]):
        sel = some & (level == lev)
        span = table[lev]
        apv[sel] = np.maximum(apv[sel], np.maximum(span[first[sel]], span[last[sel] - 2**lev + 1]))
    # the sets of the r > m - i + 1 largest p-values, which hold p_(i)
    d = np.minimum(r[1:] * ps[::-1], c[1:])  # d_r, r = 1..m
    beyond = np.maximum.accumulate(d[::-1])[::-1]  # beyond[r - 1] = max_{r' >= r} d_r'
    inner = reach < m
    apv[inner] = np.maximum(apv[inner], beyond[reach[inner]])
    return np.minimum(apv, 1.0)


# --------------------------------------------------------------------------- the entries


def _sorted(
    adjust: Callable[[FloatArray], FloatArray],
) -> Callable[[FloatArray, Context], FloatArray]:
    """An adjustment of p-values in input order from one of sorted p-values."""
    return lambda p, context: sorted_apply(p, adjust)


def _hochberg(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    return step_up((m - np.arange(m)) * ps)


def _hommel(ps: FloatArray) -> FloatArray:
    m = int(ps.shape[-1])
    if m <= HOMMEL_QUADRATIC_MAX_M:  # vectorised over the families, fast for small m
        return _hommel_sorted(ps)
    return np.array([_hommel_large_sorted(row) for row in ps.reshape(-1, m)]).reshape(ps.shape)


def _holland(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    return step_down(_one_minus_power(ps, m - np.arange(m, dtype=np.float64)))


def _finner(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    return step_down(_one_minus_power(ps, m / np.arange(1, m + 1, dtype=np.float64)))


def _li(ps: FloatArray) -> FloatArray:
    largest = ps[..., -1:]
    denom = ps + (1.0 - largest)
    with np.errstate(invalid="ignore", divide="ignore"):
        li = np.where(denom > 0, ps / np.where(denom > 0, denom, 1.0), 0.0)
    return np.where(ps == largest, ps, np.minimum(li, largest))  # APV_(m) = p_(m)


def _rom(p: FloatArray, context: Context) -> FloatArray:
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


#: Why the Simes- and Sidak-based procedures and Li's are not offered after pairwise tests.
_NEEDS_DEPENDENCE = (
    "it needs p-values that are positively dependent (PRDS or positive orthant dependence) or "
    "independent, which the p-values of pairwise tests sharing an algorithm are not known to "
    "be (use bonferroni or holm)"
)

register(
    Procedure(
        "bonferroni",
        "Bonferroni-Dunn",
        "control",
        _sorted(lambda ps: np.minimum(ps.shape[-1] * ps, 1.0)),
        headline=True,
    )
)
register(Procedure("holm", "Holm", "control", _sorted(holm_sorted), headline=True))
register(
    Procedure(
        "hochberg",
        "Hochberg",
        "control",
        _sorted(_hochberg),
        not_after_pairwise=_NEEDS_DEPENDENCE,
        headline=True,
    )
)
register(
    Procedure(
        "hommel",
        "Hommel",
        "control",
        _sorted(_hommel),
        not_after_pairwise=_NEEDS_DEPENDENCE,
        headline=True,
    )
)
register(
    Procedure(
        "holland", "Holland", "control", _sorted(_holland), not_after_pairwise=_NEEDS_DEPENDENCE
    )
)
register(
    Procedure(
        "rom",
        "Rom",
        "control",
        _rom,
        limit=_rom_limit,
        not_after_pairwise=_NEEDS_DEPENDENCE,
        reject=_rom_reject,
    )
)
register(
    Procedure(
        "finner",
        "Finner",
        "control",
        _sorted(_finner),
        not_fwer="Finner's procedure does not control the family-wise error of a 1xN rank "
        "post-hoc (its z statistics are correlated): measured FWER 0.09-0.10 at alpha = 0.05 "
        "with 5 true nulls among 9 comparisons (docs/validity.md)",
        not_after_pairwise=_NEEDS_DEPENDENCE,
    )
)
register(
    Procedure(
        "li",
        "Li",
        "control",
        _sorted(_li),
        not_fwer="Li's procedure does not control the family-wise error of a 1xN rank post-hoc "
        "(its z statistics are correlated): measured FWER 0.065-0.070 at alpha = 0.05 under "
        "the complete null (docs/validity.md)",
        not_after_pairwise=_NEEDS_DEPENDENCE,
    )
)
