"""Adjusted p-values (APVs) for comparisons with a control (1xN) and all pairwise comparisons (NxN).

An APV is the smallest family-wise level at which a procedure rejects the hypothesis, so
``apv <= alpha`` is the procedure's decision at ``alpha``. Formulas follow Garcia et al. (2010,
Inf. Sci. 180, Sec. 5 and Table 9) for the 1xN procedures and Garcia & Herrera (2008, JMLR 9,
Sec. 3) for the NxN ones; ``p_(1) <= ... <= p_(m)`` are the sorted p-values, APVs are capped at 1.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import brentq
from scipy.special import gammaln

from multicomp import _core
from multicomp._validation import check_alpha, check_bool, check_choice
from multicomp._vocabulary import ALL_PAIRS_PROCEDURES, CONTROL_PROCEDURES, ROMS, Rom
from multicomp.data.scores import as_real_array

__all__ = [
    "ALL_PAIRS_PROCEDURES",
    "CONTROL_PROCEDURES",
    "NOT_FWER_CONTROLLING",
    "ROM_GARCIA2010",
    "adjust_all_pairs",
    "adjust_control",
    "rom_critical_values",
    "rom_reject",
]

NOT_FWER_CONTROLLING = {
    "finner": "Finner's procedure does not control the family-wise error of a 1xN rank post-hoc "
    "(its z statistics are correlated): measured FWER 0.09-0.10 at alpha = 0.05 with 5 "
    "true nulls among 9 comparisons (docs/validity.md)",
    "li": "Li's procedure does not control the family-wise error of a 1xN rank post-hoc (its z "
    "statistics are correlated): measured FWER 0.065-0.070 at alpha = 0.05 under the "
    "complete null (docs/validity.md)",
}
"""1xN procedures that do not hold alpha for the correlated statistics of a post-hoc, and why; the
results, reports and README say so wherever they show these procedures (Holm, Hochberg, Hommel
and Rom held alpha in the same simulations)."""
ROM_GARCIA2010 = (1.0, 2.0, 3.0, 3.814, 4.755, 5.705, 6.655)
"""Rom multipliers r_1..r_7 as printed by Garcia et al. (2010, Sec. 5.1); not Rom's (1990) constants."""

FloatArray = NDArray[np.float64]
#: Largest family of exact Rom APVs: each root needs Rom's O(m^2) recursion for its critical
#: values, 1.2 s at m = 100 and 4.5 s at 200 (2 shared cores).
ROM_EXACT_MAX_M = 100
#: The step-wise adjustments computed by the Rust core (families in parallel; Hommel's values
#: those of G10 Fig. 2 in O(m log m) steps: m = 10^6 in 0.2 to 0.3 s of CPU and under 64 MiB,
#: benches/RESULTS-adjust.md).
_NATIVE = ("bonferroni", "holm", "hochberg", "hommel")


# --------------------------------------------------------------------------- validation


def _as_array(pvalues: ArrayLike) -> NDArray[np.generic]:
    """``pvalues`` as an array of real numbers (at least 1-D), not yet copied (a NumPy array
    stays the caller's own), or TypeError / ValueError. Shapes and values are checked on it
    before any float64 copy is made, so that a huge wrong input fails at once."""
    raw = as_real_array(pvalues, "pvalues")
    if raw.ndim == 0:
        raise ValueError("pvalues must be an array of p-values, got a scalar (0-D input)")
    return raw


def _checked(p: NDArray[np.generic]) -> FloatArray:
    """A float64 copy of ``p`` (``-0.0`` made ``0.0``), or ValueError if it is empty or holds
    values outside [0, 1] (NaN). Two reductions check it without temporary arrays."""
    if p.size == 0:
        raise ValueError("pvalues is empty")
    low, high = p.min(), p.max()
    if np.isnan(low) or np.isnan(high):
        raise ValueError("pvalues contains NaN; p-values must lie in [0, 1]")
    if low < 0 or high > 1:
        raise ValueError(f"p-values must lie in [0, 1], got {float(low if low < 0 else high)!r}")
    return p.astype(np.float64) + 0.0


# --------------------------------------------------------------------------- step-wise helpers
# All work on the last axis of p-values sorted ascending (any leading axes are families).


def _step_down(values: FloatArray) -> FloatArray:
    """max_{j<=i} values_j (Holm-type), capped at 1."""
    return np.minimum(np.maximum.accumulate(values, axis=-1), 1.0)


def _step_up(values: FloatArray) -> FloatArray:
    """min_{j>=i} values_j (Hochberg-type), capped at 1."""
    return np.minimum(np.minimum.accumulate(values[..., ::-1], axis=-1)[..., ::-1], 1.0)


def _one_minus_power(p: FloatArray, exponent: FloatArray) -> FloatArray:
    """1 - (1 - p)^exponent, accurate for small p (exponent > 0)."""
    with np.errstate(divide="ignore"):
        return -np.expm1(exponent * np.log1p(-p))


def _holm_sorted(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    return _step_down((m - np.arange(m)) * ps)


def _sorted_apply(p: FloatArray, func: Callable[[FloatArray], FloatArray]) -> FloatArray:
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


def rom_reject(pvalues: ArrayLike, alpha: float) -> NDArray[np.bool_]:
    """Decisions of Rom's (1990) step-up procedure at level ``alpha``, without APVs.

    H_(i) is rejected iff p_(j) <= alpha_{m-j+1} for some j >= i (critical values of
    :func:`rom_critical_values`), which is ``adjust_control(p, "rom") <= alpha`` without a root
    search per hypothesis. ``pvalues``: one family (1-D) or one family per row (2-D); vectorised,
    for simulations (:func:`multicomp.simulate`).
    """
    alpha = check_alpha(alpha)
    raw = _as_array(pvalues)
    if raw.ndim > 2:
        raise ValueError(f"pvalues must be 1-D or 2-D (one family per row), got shape {raw.shape}")
    p = _checked(raw)
    m = p.shape[-1]
    critical = _rom_critical_values(alpha, m)[::-1]  # alpha_m, ..., alpha_1 against p_(1..m)
    order = np.argsort(p, axis=-1, kind="stable")
    passes = np.take_along_axis(p, order, axis=-1) <= critical
    sorted_reject = np.logical_or.accumulate(passes[..., ::-1], axis=-1)[..., ::-1]
    out = np.empty_like(sorted_reject)
    np.put_along_axis(out, order, sorted_reject, axis=-1)
    return out


def _rom_garcia2010_sorted(ps: FloatArray) -> FloatArray:
    m = ps.shape[-1]
    if m > len(ROM_GARCIA2010):
        raise ValueError(
            f'rom="garcia2010" has printed coefficients for at most {len(ROM_GARCIA2010)} '
            f'comparisons (k <= {len(ROM_GARCIA2010) + 1}), got {m}; use rom="exact"'
        )
    r = np.array(ROM_GARCIA2010[:m][::-1])  # r_{m-j+1} for j = 1..m
    return _step_up(r * ps)


# --------------------------------------------------------------------------- 1xN


def _control_sorted(ps: FloatArray, procedure: str, rom: str) -> FloatArray:
    """APVs of families sorted ascending on the last axis (leading axes are families), for the
    procedures not in :data:`_NATIVE`."""
    m = int(ps.shape[-1])
    j = np.arange(1, m + 1, dtype=np.float64)
    if procedure == "holland":
        return _step_down(_one_minus_power(ps, m - j + 1))
    if procedure == "finner":
        return _step_down(_one_minus_power(ps, m / j))
    if procedure == "li":
        largest = ps[..., -1:]
        denom = ps + (1.0 - largest)
        with np.errstate(invalid="ignore", divide="ignore"):
            li = np.where(denom > 0, ps / np.where(denom > 0, denom, 1.0), 0.0)
        return np.where(ps == largest, ps, np.minimum(li, largest))  # APV_(m) = p_(m)
    if rom == "exact":
        flat = ps.reshape(-1, m)
        return np.array([_rom_exact_sorted(row) for row in flat]).reshape(ps.shape)
    return _rom_garcia2010_sorted(ps)


def family_size_limit(procedure: str, rom: str, m: int) -> str:
    """Why ``procedure`` cannot adjust a family of ``m`` p-values ("" if it can): exact Rom has a
    largest family, checked before any work."""
    if procedure == "rom" and rom == "exact" and m > ROM_EXACT_MAX_M:
        return (
            f"rom='exact' is limited to m <= {ROM_EXACT_MAX_M} p-values per family (each "
            f"root needs Rom's O(m^2) recursion), got m = {m}; use 'hochberg' (Rom's "
            "procedure refines it) or 'hommel'"
        )
    return ""


def adjust_control(pvalues: ArrayLike, procedure: str, *, rom: Rom = "exact") -> FloatArray:
    """Adjusted p-values of m comparisons with a control, in input order, capped at 1.

    ``pvalues`` is 1-D (one family of m comparisons) or 2-D (n, m): n independent families,
    one per row (vectorised; exact Rom solves each row in turn). With ``p_(1) <= ... <= p_(m)`` (Garcia et al. 2010, Sec. 5 and Table 9):

    - ``"bonferroni"`` (Bonferroni-Dunn): m p_i.
    - ``"holm"``: max_{j<=i} (m-j+1) p_(j).
    - ``"hochberg"``: min_{j>=i} (m-j+1) p_(j) (the paper prints max; its tables use min).
    - ``"hommel"``: the values of G10 Fig. 2 (= R ``p.adjust(method="hommel")``), computed in
      O(m log m) steps by the Rust core.
    - ``"holland"``: max_{j<=i} 1-(1-p_(j))^(m-j+1).
    - ``"finner"``: max_{j<=i} 1-(1-p_(j))^(m/j). Valid for independent p-values; it does not
      control the FWER of a 1xN rank post-hoc, whose z statistics are correlated (measured by
      :func:`multicomp.simulate`: 0.09-0.10 at alpha = 0.05, 5 true nulls among 9 (k = 10,
      N = 300; Holm 0.03; docs/validity.md).
    - ``"li"``: p_i / (p_i + 1 - p_(m)). Also not FWER-controlling there (measured: 0.065-0.070
      at alpha = 0.05 under the complete null, k = 5 and 10). Both are kept because the
      papers use them (G10); no default of the package picks them.
    - ``"rom"``: with ``rom="exact"`` (default) the smallest alpha at which Rom's (1990) step-up
      procedure, with the critical values of :func:`rom_critical_values` at that alpha, rejects
      the hypothesis: min over j >= i of the root of alpha_{m-j+1}(alpha) = p_(j) (brentq).
      ``rom="garcia2010"``: min_{j>=i} r_{m-j+1} p_(j) with G10's printed r = 1, 2, 3, 3.814,
      4.755, 5.705, 6.655 (reproduces its tables; at most 7 comparisons).

    Tied p-values get equal APVs. Bonferroni >= Holm >= Hochberg >= Hommel and Hochberg >= Rom.

    Parameters
    ----------
    pvalues : array_like
        1-D (one family) or 2-D (one family per row) p-values in [0, 1].
    procedure : str
        One of ``CONTROL_PROCEDURES`` (above; any case).
    rom : {'exact', 'garcia2010'}
        Rom's critical values (above).

    Returns
    -------
    numpy.ndarray
        The APVs, in the shape and order of ``pvalues``.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.
    """
    procedure = check_choice("procedure", procedure, CONTROL_PROCEDURES)
    rom = check_choice("rom", rom, ROMS)
    raw = _as_array(pvalues)
    if raw.ndim > 2:
        raise ValueError(
            "pvalues must be 1-D (one p-value per comparison) or 2-D (one family "
            f"per row), got shape {raw.shape}"
        )
    if raw.ndim == 2 and raw.shape[0] == 0 and raw.shape[1] > 0:  # a stack of no families
        return raw.astype(np.float64)
    too_large = family_size_limit(procedure, rom, int(raw.shape[-1]))
    if too_large:
        raise ValueError(too_large)
    p = _checked(raw)
    apv = (
        _core.adjust_pvalues(p, procedure)
        if procedure in _NATIVE
        else _sorted_apply(p, lambda ps: _control_sorted(ps, procedure, rom))
    )
    # An APV is never below its p-value (Holland's and Finner's 1 - (1 - p)^1 can round below).
    return np.maximum(apv, p, out=apv)


# --------------------------------------------------------------------------- NxN


def _k_of(m: int) -> int | None:
    """k with k(k-1)/2 = m, or None."""
    k = (1 + math.isqrt(1 + 8 * m)) // 2
    return k if k >= 2 and k * (k - 1) // 2 == m else None


def _symmetric(a: NDArray[np.generic]) -> bool:
    off = ~np.eye(a.shape[0], dtype=bool)
    return bool(np.array_equal(a[off], a.T[off], equal_nan=True))


def _families(pvalues: ArrayLike, k: int | None) -> tuple[FloatArray, int, bool]:
    """(families of shape (m,) or (n, m), k, whether the input was a k x k matrix)."""
    if k is not None and (isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 2):
        raise ValueError(f"k must be an integer >= 2 (the number of algorithms); got {k!r}")
    a = _as_array(pvalues)
    if a.ndim > 2:
        raise ValueError(
            f"pvalues must be 1-D (one family), 2-D (families or a k x k matrix), got {a.ndim}-D"
        )
    width = a.shape[-1]
    k_rows = _k_of(width)
    rows_ok = k_rows is not None and (k is None or k == k_rows)
    if a.ndim == 2 and a.shape[0] == width >= 2 and (k is None or k == width):  # maybe a matrix
        if _symmetric(a):
            rows, cols = np.triu_indices(width, 1)
            return _checked(a[rows, cols]), width, True
        if not rows_ok:
            raise ValueError(
                f"a {width} x {width} p-value matrix must be symmetric (diagonal ignored)"
            )
        if k is None:
            raise ValueError(
                f"ambiguous {width} x {width} array: not symmetric, so not a p-value matrix; "
                f"pass k={k_rows} to read its rows as families of {width} pairs"
            )
    if k_rows is None or not rows_ok:
        want = (
            f"k(k-1)/2 = {k * (k - 1) // 2} for k = {k}"
            if k is not None
            else "k(k-1)/2 for some k >= 2"
        )
        raise ValueError(
            f"{width} p-values per family: the number of pairs must be {want} "
            "(or pass a symmetric k x k matrix)"
        )
    if a.size == 0:  # a stack of no families
        return a.astype(np.float64), k_rows, False
    return _checked(a), k_rows, False


def _as_order(order: ArrayLike) -> NDArray[np.int64]:
    """``order`` as int64 (the Rust core checks that it is a permutation of range(k)), or
    TypeError if it does not hold integers."""
    raw = np.asarray(order)
    if raw.dtype.kind not in "iu":
        raise TypeError(f"order must hold integer algorithm indices, got dtype {raw.dtype}")
    return raw.astype(np.int64)


def _monotone(p: FloatArray, apv: FloatArray) -> FloatArray:
    """APV_i = max{APV_j : p_j <= p_i} (ties in p handled alike), per family."""
    order = np.argsort(p, axis=-1, kind="stable")
    ps = np.take_along_axis(p, order, axis=-1)
    run = np.maximum.accumulate(np.take_along_axis(apv, order, axis=-1), axis=-1)
    # tied p-values take the running maximum at the last member of their tie group
    m = ps.shape[-1]
    is_end = np.concatenate(
        [ps[..., 1:] != ps[..., :-1], np.ones((*ps.shape[:-1], 1), bool)], axis=-1
    )
    ends = np.where(is_end, np.arange(m), m)
    last = np.minimum.accumulate(ends[..., ::-1], axis=-1)[..., ::-1]
    out = np.empty_like(apv)
    np.put_along_axis(out, order, np.take_along_axis(run, last, axis=-1), axis=-1)
    return out


def all_pairs_apv(
    p: FloatArray, procedure: str, k: int, monotone: bool, order: ArrayLike | None = None
) -> FloatArray:
    """APVs of checked families ``p`` (m or (n, m) p-values of k algorithms), no parsing: the
    core of :func:`adjust_all_pairs`, also used by :func:`multicomp.simulate`. ``order``:
    the rank order(s) of a Robinson family, for Bergmann-Hommel (:func:`adjust_all_pairs`)."""
    p = p + 0.0  # -0.0 -> 0.0, as in the Rust core
    apv: FloatArray
    if procedure == "nemenyi":
        apv = np.minimum(p.shape[-1] * p, 1.0)
    elif procedure == "holm":
        apv = _sorted_apply(p, _holm_sorted)
    elif procedure == "shaffer":
        apv = np.asarray(_core.shaffer_apv(p, k), dtype=np.float64)
    elif order is None:
        if k > _core.MAX_K:
            raise ValueError(
                f"bergmann_hommel supports k <= {_core.MAX_K} for arbitrary p-values, got k = "
                f"{k}; pass order= (the algorithms in rank order) for the p-values of a rank "
                f"post-hoc (k <= {_core.MAX_K_ROBINSON}), or use shaffer, which works for any k"
            )
        apv = np.asarray(_core.bergmann_hommel_apv(p, k), dtype=np.float64)
    else:
        apv = np.asarray(
            _core.bergmann_hommel_apv_robinson(p, k, _as_order(order)), dtype=np.float64
        )
    return _monotone(p, apv) if monotone else apv


def adjust_all_pairs(
    pvalues: ArrayLike,
    procedure: str,
    *,
    k: int | None = None,
    monotone: bool = False,
    order: ArrayLike | None = None,
) -> FloatArray:
    """Adjusted p-values of the m = k(k-1)/2 pairwise comparisons of k algorithms, capped at 1.

    ``pvalues`` is one of:

    - 1-D: the p-values of the pairs (0,1), (0,2), ..., (0,k-1), (1,2), ... (the order of
      ``itertools.combinations(range(k), 2)``); k is inferred from the length, or checked.
    - a symmetric k x k matrix (any diagonal, ignored): the result is a symmetric matrix with a
      NaN diagonal.
    - 2-D (n, m): n >= 0 independent families, one per row (one parallel call into the Rust core).

    A square array is read as a matrix when it is symmetric off the diagonal (unless ``k`` says
    otherwise); a non-symmetric square array whose side is also a valid family length needs ``k``
    to be read as families. A symmetric 3 x 3 array is always a matrix (k = 3 and m = 3): adjust
    three families of k = 3 one at a time, or stacked with other families.

    Methods (Garcia & Herrera 2008, Sec. 3; ``p_(1) <= ... <= p_(m)``):

    - ``"nemenyi"``: m p_i.
    - ``"holm"``: max_{j<=i} (m-j+1) p_(j).
    - ``"shaffer"`` (static): max_{j<=i} t_j p_(j), t_j = max{s in S(k): s <= m-j+1}.
    - ``"bergmann_hommel"``: max{|I| min_{j in I} p_j : I exhaustive, i in I}, exact, for
      k <= ``multicomp._core.MAX_K`` = 20 (its time grows like 3^k); with ``order`` for
      k <= ``multicomp._core.MAX_K_ROBINSON`` = 100 (k = 50 in 25 to 70 ms).

    ``order`` (Bergmann-Hommel only): the algorithms sorted by rank, a permutation of
    ``range(k)`` (shape (k,), or (n, k) for n families), for p-values that are Robinson in it:
    p_il <= min(p_ij, p_jl) whenever j lies between i and l, as in a rank post-hoc where p is a
    non-increasing function of the rank difference (:func:`multicomp.posthoc_all_pairs`
    passes it). The APVs are then computed in polynomial time (docs/robinson.md), bit for bit
    equal to the general route's; p-values that are not Robinson in ``order`` are a ValueError.

    ``monotone=True`` replaces APV_i by max{APV_j : p_j <= p_i}, as KEEL and scmamp do (G08
    Table 5 prints 0.0319 for hypothesis 6 where the formula gives 0.0303). It changes only
    Bergmann-Hommel; the formula value (default) is the smallest alpha at which BH rejects.

    Parameters
    ----------
    pvalues : array_like
        The pairs' p-values (above).
    procedure : str
        One of ``ALL_PAIRS_PROCEDURES`` (above; any case).
    k : int, optional
        The number of algorithms (checked, or inferred from the length).
    monotone : bool
        KEEL's monotone APVs (above).

    Returns
    -------
    numpy.ndarray
        The APVs, in the shape and order of ``pvalues``.

    References
    ----------
    G08 = Garcia & Herrera (2008), JMLR 9:2677-2694.
    """
    procedure = check_choice("procedure", procedure, ALL_PAIRS_PROCEDURES)
    monotone = check_bool(monotone, "monotone")
    if order is not None and procedure != "bergmann_hommel":
        raise ValueError(f"order= applies to procedure='bergmann_hommel' only, not {procedure!r}")
    p, k_eff, matrix = _families(pvalues, k)
    apv = all_pairs_apv(p, procedure, k_eff, monotone, order)
    if not matrix:
        return apv
    out = np.full((k_eff, k_eff), np.nan)
    rows, cols = np.triu_indices(k_eff, 1)
    out[rows, cols] = apv
    out[cols, rows] = apv
    return out
