"""Adjusted p-values (APVs) for comparisons with a control (1xN) and all pairwise comparisons (NxN).

An APV is the smallest family-wise level at which a procedure rejects the hypothesis, so
``apv <= alpha`` is the procedure's decision at ``alpha``. Formulas follow Garcia et al. (2010,
Inf. Sci. 180, Sec. 5 and Table 9) for the 1xN procedures and Garcia & Herrera (2008, JMLR 9,
Sec. 3) for the NxN ones; ``p_(1) <= ... <= p_(m)`` are the sorted p-values, APVs are capped at 1.

The procedures themselves are registered in :mod:`multicomp.procedures.base` (the 1 x N ones
in :mod:`~multicomp.procedures.control`, the N x N ones in :mod:`~multicomp.procedures.all_pairs`);
the functions here check the p-values and dispatch to the registered adjustment.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_bool, check_choice, refuse_masked
from multicomp._internal.vocabulary import ALTERNATIVES, ROMS, Alternative, Rom
from multicomp.data.scores import as_real_array
from multicomp.procedures import base
from multicomp.procedures.base import Context, FloatArray
from multicomp.procedures.control import rom_decisions

__all__ = ["adjust_all_pairs", "adjust_control", "all_pairs_apv", "rom_reject"]


# --------------------------------------------------------------------------- validation


def _as_array(pvalues: ArrayLike) -> NDArray[np.generic]:
    """``pvalues`` as an array of real numbers (at least 1-D), not yet copied (a NumPy array
    stays the caller's own), or TypeError / ValueError. Shapes and values are checked on it
    before any float64 copy is made, so that a huge wrong input fails at once."""
    refuse_masked(pvalues, "pvalues")
    raw = as_real_array(pvalues, "pvalues")
    if raw.ndim == 0:
        raise ValueError("pvalues must be an array of p-values, got a scalar (0-D input)")
    return raw


def _checked(p: NDArray[np.generic]) -> FloatArray:
    """``p`` as float64 (``-0.0`` made ``0.0``), or ValueError if it is empty or holds values
    outside [0, 1] (NaN). Two reductions check it without temporary arrays; a float64 array
    without zeros is not copied (the adjustments read it and return new arrays)."""
    if p.size == 0:
        raise ValueError("pvalues is empty")
    low, high = float(p.min()), float(p.max())
    if np.isnan(low) or np.isnan(high):
        raise ValueError("pvalues contains NaN; p-values must lie in [0, 1]")
    if low < 0 or high > 1:
        raise ValueError(f"p-values must lie in [0, 1], got {low if low < 0 else high!r}")
    values = p.astype(np.float64, copy=False)
    return values + 0.0 if low == 0 else values


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
    return rom_decisions(_checked(raw), alpha)


# --------------------------------------------------------------------------- 1xN


@strict
def adjust_control(
    pvalues: ArrayLike,
    procedure: str,
    *,
    rom: Rom = "exact",
    alternative: Alternative = "two-sided",
) -> FloatArray:
    """Adjusted p-values of m comparisons with a control, in input order, capped at 1.

    ``pvalues`` is 1-D (one family of m comparisons) or 2-D (n, m): n independent families,
    one per row (vectorised; exact Rom solves each row in turn). With ``p_(1) <= ... <= p_(m)`` (Garcia et al. 2010, Sec. 5 and Table 9):

    - ``"bonferroni"`` (Bonferroni-Dunn): m p_i.
    - ``"holm"``: max_{j<=i} (m-j+1) p_(j).
    - ``"hochberg"``: min_{j>=i} (m-j+1) p_(j) (the paper prints max; its tables use min).
    - ``"hommel"``: the algorithm of G10 Fig. 2 (= R ``p.adjust(method="hommel")``).
    - ``"holland"``: max_{j<=i} 1-(1-p_(j))^(m-j+1).
    - ``"finner"``: max_{j<=i} 1-(1-p_(j))^(m/j). Valid for independent p-values; it does not
      control the FWER of a 1xN rank post-hoc, whose z statistics are correlated (measured by
      :func:`multicomp.simulate`: 0.09-0.10 at alpha = 0.05, 5 true nulls among 9 (k = 10,
      N = 300; Holm 0.03-0.04; docs/validity.md).
    - ``"li"``: p_i / (p_i + 1 - p_(m)). Also not FWER-controlling there (measured: up to
      0.080 at alpha = 0.05 under the complete null, 0.05-0.08 for k = 3 to 20 and N = 10 to
      100; benches/RESULTS-li-finner.md). Both are kept because the papers use them (G10); no
      default of the package picks them.
    - ``"rom"``: with ``rom="exact"`` (default) the smallest alpha at which Rom's (1990) step-up
      procedure, with the critical values of :func:`rom_critical_values` at that alpha, rejects
      the hypothesis: min over j >= i of the root of alpha_{m-j+1}(alpha) = p_(j) (brentq).
      ``rom="garcia2010"``: min_{j>=i} r_{m-j+1} p_(j) with G10's printed r = 1, 2, 3, 3.814,
      4.755, 5.705, 6.655 (reproduces its tables; at most 7 comparisons).
    - ``"single_step"`` (Dunnett-type, computed only when named): ``P(max_j |Z_j| >= |z_i|)``,
      Z_1..Z_m standard normal with correlation 1/2 and ``|z_i| = Phi^{-1}(1 - p_i/2)``; for
      one-sided p-values (``alternative``) ``P(max_j Z_j >= z_i)``, ``z_i = Phi^{-1}(1 - p_i)``. For
      the normal p-values of a rank post-hoc with a control, whose z statistics share the
      control's rank (R's PMCMRplus ``frdManyOneNemenyiTest``); not for arbitrary p-values.

    Tied p-values get equal APVs. Bonferroni >= Holm >= Hochberg >= Hommel and Hochberg >= Rom.

    Parameters
    ----------
    pvalues : array_like
        1-D (one family) or 2-D (one family per row) p-values in [0, 1].
    procedure : str
        A registered 1 x N procedure (above; any case).
    rom : {'exact', 'garcia2010'}
        Rom's critical values (above).
    alternative : {'two-sided', 'greater', 'less'}
        The alternative of the p-values: read by ``"single_step"`` only (the others adjust
        any p-values alike).

    Returns
    -------
    numpy.ndarray
        The APVs, in the shape and order of ``pvalues``.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> mc.adjust_control([0.01, 0.04, 0.03], "holm")
    array([0.03, 0.06, 0.06])
    >>> mc.adjust_control([0.01, 0.04, 0.03], "hochberg")
    array([0.03, 0.04, 0.04])
    >>> mc.adjust_control([0.01, 0.04, 0.03], "single_step").round(4)
    array([0.0273, 0.1019, 0.0778])
    """
    entry = base.get("control", procedure)
    rom = check_choice("rom", rom, ROMS)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    raw = _as_array(pvalues)
    if raw.ndim > 2:
        raise ValueError(
            "pvalues must be 1-D (one p-value per comparison) or 2-D (one family "
            f"per row), got shape {raw.shape}"
        )
    if raw.ndim == 2 and raw.shape[0] == 0 and raw.shape[1] > 0:  # a stack of no families
        return raw.astype(np.float64)
    context = Context(int(raw.shape[-1]) + 1, rom=rom, alternative=alternative)
    too_large = entry.limit(int(raw.shape[-1]), context)
    if too_large:
        raise ValueError(too_large)
    p = _checked(raw)
    # An APV is never below its p-value (Holland's and Finner's 1 - (1 - p)^1 can round below).
    return np.maximum(entry.adjust(p, context), p)


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
        raise ValueError(f"n_algorithms must be an integer >= 2; got {k!r}")
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
                f"pass n_algorithms={k_rows} to read its rows as families of {width} pairs"
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
    p: FloatArray,
    procedure: str,
    k: int,
    monotone: bool,
    order: ArrayLike | None = None,
    df: float | None = None,
) -> FloatArray:
    """APVs of checked families ``p`` (m or (n, m) p-values of k algorithms) by the registered
    all-pairs ``procedure``, no parsing: the core of :func:`adjust_all_pairs`, also used by
    the post-hocs and :func:`multicomp.simulate`. ``order``: the rank order(s) of a Robinson
    family (for Bergmann-Hommel, :func:`adjust_all_pairs`); ``df``: the degrees of freedom of
    Student's t statistics behind ``p`` (Conover's; :class:`~multicomp.procedures.Context`).
    ValueError beyond the procedure's size limit."""
    entry = base.get("all_pairs", procedure)
    p = p + 0.0  # -0.0 -> 0.0, as in the Rust core
    context = Context(k, monotone=monotone, order=order, df=df)
    too_large = entry.limit(p.shape[-1], context)
    if too_large:
        hint = "" if order is not None else _ORDER_HINT
        raise ValueError(f"{entry.name} does not apply: {too_large}{hint}")
    apv = entry.adjust(p, context)
    return _monotone(p, apv) if monotone else apv


#: What a caller of :func:`adjust_all_pairs` can do beyond the general Bergmann-Hommel limit.
_ORDER_HINT = (
    " (pass order= with the algorithms in rank order for the p-values of a rank post-hoc, "
    "whose limit is larger)"
)


@strict
def adjust_all_pairs(
    pvalues: ArrayLike,
    procedure: str,
    *,
    n_algorithms: int | None = None,
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

    A square array is read as a matrix when it is symmetric off the diagonal (unless ``n_algorithms`` says
    otherwise); a non-symmetric square array whose side is also a valid family length needs ``n_algorithms``
    to be read as families. A symmetric 3 x 3 array is always a matrix (k = 3 and m = 3): adjust
    three families of k = 3 one at a time, or stacked with other families.

    Methods (Garcia & Herrera 2008, Sec. 3; ``p_(1) <= ... <= p_(m)``):

    - ``"nemenyi"``: P(Q_{k,inf} >= z_i sqrt(2)), z_i = Phi^{-1}(1 - p_i/2), the studentized range
      of Demsar (2006, Sec. 3.2.2), as R's PMCMRplus and scikit-posthocs compute it; APV <= alpha
      exactly when the average ranks differ by at least :func:`multicomp.critical_difference`.
    - ``"bonferroni"``: m p_i (what G08 call Nemenyi's procedure; their tables print it).
    - ``"miller"``: P(chi2_{k-1} >= z_i^2), Miller's (1966) simultaneous test (PMCMRplus
      ``frdAllPairsMillerTest``); conservative.
    - ``"holm"``: max_{j<=i} (m-j+1) p_(j).
    - ``"shaffer"`` (static): max_{j<=i} t_j p_(j), t_j = max{s in S(k): s <= m-j+1}.
    - ``"bergmann_hommel"``: ``max{|I| min_{j in I} p_j : I exhaustive, i in I}``, exact, for
      k <= ``multicomp._core.MAX_K`` = 20 (its time grows like 3^k); with ``order`` for
      k <= 100 (k = 50 in 25 to 70 ms).

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
        A registered all-pairs procedure (above; any case).
    n_algorithms : int, optional
        The number k of algorithms (checked, or inferred from the length).
    monotone : bool
        KEEL's monotone APVs (above).

    Returns
    -------
    numpy.ndarray
        The APVs, in the shape and order of ``pvalues``.

    References
    ----------
    G08 = Garcia & Herrera (2008), JMLR 9:2677-2694.

    Examples
    --------
    >>> import multicomp as mc
    >>> pvalues = [0.001, 0.01, 0.02, 0.03, 0.04, 0.05]  # the 6 pairs of k = 4 algorithms
    >>> mc.adjust_all_pairs(pvalues, "holm")
    array([0.006, 0.05 , 0.08 , 0.09 , 0.09 , 0.09 ])
    >>> mc.adjust_all_pairs(pvalues, "shaffer", n_algorithms=4)
    array([0.006, 0.03 , 0.06 , 0.09 , 0.09 , 0.09 ])
    """
    entry = base.get("all_pairs", procedure)
    monotone = check_bool(monotone, "monotone")
    if order is not None and not entry.ordered:
        ordered = " or ".join(
            f"procedure={name!r}"
            for name in base.names("all_pairs")
            if base.get("all_pairs", name).ordered
        )
        raise ValueError(f"order= applies to {ordered} only, not {entry.name!r}")
    p, k_eff, matrix = _families(pvalues, n_algorithms)
    apv = all_pairs_apv(p, entry.name, k_eff, monotone, order)
    if not matrix:
        return apv
    out = np.full((k_eff, k_eff), np.nan)
    rows, cols = np.triu_indices(k_eff, 1)
    out[rows, cols] = apv
    out[cols, rows] = apv
    return out
