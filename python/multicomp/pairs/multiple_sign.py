"""Multiple sign test of k-1 algorithms against a control (Rhyne & Steel 1965; G10 Sec. 3.2).

References: G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064, Sec. 3.2
and Table A.1; Rhyne & Steel (1965), Technometrics 7:293-306.

Critical values are computed exactly by default. Under H0 the k values of a data set are
exchangeable, so given W_i = 1 - F(control value of data set i) (uniform on (0, 1)) each
algorithm beats the control on data set i independently with probability W_i. Hence

    P(all m counts r_j >= c + 1) = E_W[ P(PB(W) >= c + 1)^m ],

PB(W) the Poisson-binomial count. The integrand is a polynomial of degree m in each W_i, so a
Gauss-Legendre rule with ceil((m+1)/2) nodes per data set integrates it exactly; the rule is
symmetric in the W_i, so only node multisets are enumerated. G10's printed Table A.1 (taken
from Rhyne & Steel) is 1 too small in 26 cells and prints '-' in 4 admissible cells; it is
available as ``critical_values="garcia2010"``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.special import gammaln, ndtr, roots_hermitenorm, roots_legendre

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.ranks import difference
from multicomp._internal.validation import check_alpha, check_choice, check_count
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    CRITICAL_VALUES,
    Alternative,
    CriticalValues,
)
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["MultipleSignResult", "multiple_sign_critical_value", "multiple_sign_test"]

#: Largest number of node multisets enumerated for one exact computation.
_MAX_MULTISETS = 3_000_000
#: Largest exact computation, in multisets times FFT length (about 10 s on a shared core;
#: N = 10,000 with m <= 3 is 10^8). Past it: ``critical_values='normal'``.
_MAX_WORK = 200_000_000
#: Complex numbers held at once by the exact computation (64 MiB), whatever n.
_CHUNK_ELEMENTS = 1 << 22


@dataclass(frozen=True)
class MultipleSignResult(_tables.NotebookView):
    """Multiple sign test against ``control`` (G10 Sec. 3.2).

    Attributes
    ----------
    control : str
        The control algorithm.
    alpha : float
        The level of the critical value.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'``.
    critical_value : int or None
        The largest count that rejects; None when no count is significant at ``alpha`` (then
        nothing is rejected).
    familywise_error : float or None
        The exact probability under H0 that some algorithm's statistic is <= the critical
        value (the attained level).
    statistic : pandas.Series
        The count compared with the ``critical_value``: ``plus`` for ``alternative='less'``,
        ``minus`` for ``'greater'``, the smaller of the two for ``'two-sided'``.
    plus, minus, ties : pandas.Series
        The data sets where each other algorithm is better than, worse than, tied with the
        control.
    reject : pandas.Series
        Whether each statistic is <= the critical value.
    n_datasets : int
        N, the data sets used.
    critical_values : str
        How the critical value was found: ``'exact'``, ``'normal'`` (approximation) or
        ``'garcia2010'`` (G10 Table A.1).
    signs : pandas.DataFrame
        ``'+'``, ``'-'`` or ``'='``: each algorithm against the control on each data set.
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.
    rejected : list of str
        The algorithms whose difference from the control is significant.

    References
    ----------
    Rhyne & Steel (1965), Tables for a treatments versus control multiple comparisons sign test,
    Technometrics 7:293-306.
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Advanced nonparametric tests for multiple
    comparisons in the design of experiments in computational intelligence and data mining,
    Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.multiple_sign_test(scores, control="C4.5+m+cf")
    >>> print(res.critical_value, round(res.familywise_error, 4))
    2 0.0185
    >>> res.to_frame()
             plus  minus  ties  statistic  reject
    C4.5        2     11     1          2    True
    C4.5+m      5      6     3          5   False
    C4.5+cf     3      9     2          3   False
    """

    control: str
    alpha: float
    alternative: str
    critical_value: int | None
    familywise_error: float | None
    statistic: pd.Series
    plus: pd.Series
    minus: pd.Series
    ties: pd.Series
    reject: pd.Series
    n_datasets: int
    critical_values: str = "exact"
    signs: pd.DataFrame = field(repr=False, default_factory=pd.DataFrame)
    omitted: tuple[str, ...] = ()

    @property
    def rejected(self) -> list[str]:
        """Algorithms whose difference from the control is significant."""
        return [str(name) for name, r in self.reject.items() if r]

    def to_frame(self) -> pd.DataFrame:
        """One row per algorithm: plus, minus, ties, statistic, reject."""
        return pd.DataFrame(
            {
                "plus": self.plus,
                "minus": self.minus,
                "ties": self.ties,
                "statistic": self.statistic,
                "reject": self.reject,
            }
        )

    def __str__(self) -> str:
        if self.critical_value is None:
            critical = f"no count is significant at alpha = {self.alpha:g}"
        else:
            attained = (
                ""
                if self.familywise_error is None
                else f", attained level {self.familywise_error:.4g}"
            )
            critical = f"reject when statistic <= {self.critical_value}{attained}"
        omitted = f"\nomitted (incomplete): {', '.join(self.omitted)}" if self.omitted else ""
        return (
            f"Multiple sign test against {self.control} (N = {self.n_datasets}, "
            f"alpha = {self.alpha:g}, alternative={self.alternative!r}, "
            f"critical_values={self.critical_values!r})\n"
            f"  {critical}; rejected: {', '.join(self.rejected) or 'none'}\n"
            f"{self.to_frame().to_string()}{omitted}"
        )


@takes_scores(ScoreOptions)
def multiple_sign_test(
    data: Scores,
    control: str | int,
    *,
    alpha: float = 0.05,
    alternative: Alternative = "less",
    critical_values: CriticalValues = "exact",
    **reading: Unpack[ScoreOptions],
) -> MultipleSignResult:
    """Multiple sign test of every algorithm against ``control`` (Rhyne & Steel; G10 Sec. 3.2).

    d_ij = x_ij - x_i,control (oriented so that larger = better, decided at data precision);
    a data set counts as plus (d > 0), minus (d < 0) or tie (neither; G10, whose critical
    values then still use n = N).

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman`.
    control : str or int
        The control algorithm (a name, or a column position).
    alpha : float
        Family-wise significance level.
    alternative : {'less', 'greater', 'two-sided'}
        'less' (G10's use, default): H1 "algorithm j is worse than the control", reject when
        the number of pluses r_j <= the critical value; 'greater': H1 "algorithm j is better",
        reject when minuses <= it; 'two-sided': reject when min(plus, minus) <= the two-sided
        critical value.
    critical_values : {'exact', 'normal', 'garcia2010'}
        The largest c with P(some r_j <= c) <= alpha under H0 for m = k-1 algorithms and
        n = N data sets: computed exactly, by the normal approximation of the counts (for n
        and m past the exact computation's limit; see :func:`multiple_sign_critical_value`),
        or read from G10's Table A.1 (alpha 0.05 or 0.1, m <= 9, its n only, one-sided;
        outside it a ValueError).

    Returns
    -------
    MultipleSignResult
        Counts, ``statistic``, ``critical_value``, ``reject`` and the attained family-wise
        error.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.multiple_sign_test(scores, control="C4.5+m+cf", alternative="less")
    >>> print(res)
    Multiple sign test against C4.5+m+cf (N = 14, alpha = 0.05, alternative='less', critical_values='exact')
      reject when statistic <= 2, attained level 0.01846; rejected: C4.5
             plus  minus  ties  statistic  reject
    C4.5        2     11     1          2    True
    C4.5+m      5      6     3          5   False
    C4.5+cf     3      9     2          3   False
    """
    alpha = check_alpha(alpha)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    critical_values = check_choice("critical_values", critical_values, CRITICAL_VALUES)
    scores = data
    c = scores.index_of(control)
    x = scores.oriented()
    others = [j for j in range(scores.n_algorithms) if j != c]
    names = [scores.algorithms[j] for j in others]
    d = difference(x[:, others], x[:, [c]])
    plus = pd.Series((d > 0).sum(axis=0), index=names, name="plus")
    minus = pd.Series((d < 0).sum(axis=0), index=names, name="minus")
    ties = pd.Series((d == 0).sum(axis=0), index=names, name="ties")
    if alternative == "less":
        statistic = plus.rename("statistic")
    elif alternative == "greater":
        statistic = minus.rename("statistic")
    else:
        statistic = pd.Series(
            np.minimum(plus.to_numpy(), minus.to_numpy()), index=names, name="statistic"
        )
    n, m = scores.n_datasets, len(others)
    critical = multiple_sign_critical_value(
        n, m, alpha, alternative=alternative, critical_values=critical_values
    )
    error = (
        None
        if critical is None
        else _familywise_error(
            n, m, alternative == "two-sided", critical, critical_values == "normal"
        )
    )
    reject = (statistic <= critical) if critical is not None else statistic < 0
    signs = pd.DataFrame(
        np.where(d > 0, "+", np.where(d < 0, "-", "=")), index=list(scores.datasets), columns=names
    )
    return MultipleSignResult(
        control=scores.algorithms[c],
        alpha=alpha,
        alternative=alternative,
        critical_value=critical,
        familywise_error=error,
        statistic=statistic,
        plus=plus,
        minus=minus,
        ties=ties,
        reject=reject.rename("reject"),
        n_datasets=n,
        critical_values=critical_values,
        signs=signs,
        omitted=scores.omitted,
    )


@strict
def multiple_sign_critical_value(
    n_datasets: int,
    m: int,
    alpha: float = 0.05,
    *,
    alternative: Alternative = "less",
    critical_values: CriticalValues = "exact",
) -> int | None:
    """Critical count of the multiple sign test for m algorithms vs a control on n data sets.

    Exact (default): the largest c with P(min_j r_j <= c) <= alpha under H0 (one-sided; for
    ``'two-sided'`` P(some r_j <= c or r_j >= n - c)), None if even c = 0 exceeds alpha.
    ``critical_values='garcia2010'`` reads G10's printed Table A.1 instead (None where it
    prints '-'); it covers alpha in {0.05, 0.1}, m = 2..9 and its rows of n, one-sided only.
    ``critical_values='normal'``: the same c for the normal approximation of the counts (mean
    n/2, variance n/4, correlation 1/3 between algorithms; continuity-corrected), for n and m
    past the exact computation's limit (a ValueError names it); the result says which was used.

    Parameters
    ----------
    n_datasets : int
        Number of data sets.
    m : int
        Number of algorithms compared with the control (k - 1).
    alpha : float
        Family-wise significance level.
    alternative : {'less', 'greater', 'two-sided'}
        As for :func:`multiple_sign_test`.
    critical_values : {'exact', 'garcia2010', 'normal'}
        How c is found (above).

    Returns
    -------
    int or None
        The critical count; None if even c = 0 exceeds alpha.

    References
    ----------
    G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.

    Examples
    --------
    >>> import multicomp as mc
    >>> mc.multiple_sign_critical_value(14, 3)  # N = 14 data sets, 3 comparisons, alpha = 0.05
    2
    >>> mc.multiple_sign_critical_value(14, 3, critical_values="garcia2010")
    2
    """
    n, m = check_count(n_datasets, "n_datasets"), check_count(m, "m")
    alpha = check_alpha(alpha)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    critical_values = check_choice("critical_values", critical_values, CRITICAL_VALUES)
    if critical_values == "garcia2010":
        return _printed_critical_value(n, m, alpha, alternative)
    two_sided = alternative == "two-sided"
    if critical_values == "normal":  # P(some r_j <= c) increases with c: bisect
        if _normal_any_at_most(n, m, two_sided, 0) > alpha:
            return None
        low, high = 0, n
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (
                (mid, high) if _normal_any_at_most(n, m, two_sided, mid) <= alpha else (low, mid)
            )
        return low
    probs = _prob_any_at_most(n, m, two_sided)
    admissible = np.flatnonzero(probs <= alpha + 1e-12)
    return int(admissible[-1]) if admissible.size else None


def _familywise_error(n: int, m: int, two_sided: bool, critical: int, normal: bool) -> float:
    if normal:
        return _normal_any_at_most(n, m, two_sided, critical)
    return float(_prob_any_at_most(n, m, two_sided)[critical])


def _normal_any_at_most(n: int, m: int, two_sided: bool, c: int) -> float:
    """P(some r_j <= c) (two-sided: or >= n - c) for the normal approximation of the counts:
    each r_j has mean n/2 and variance n/4, and two of them covariance n/12 (they share the
    control's W_i, E[W_i^2] = 1/3), so r_j = n/2 + sqrt(n/4) (sqrt(1/3) U + sqrt(2/3) E_j) with
    U, E_j independent standard normals; continuity-corrected, integrated over U by 80-point
    Gauss-Hermite quadrature."""
    nodes, weights = roots_hermitenorm(80)
    weights = weights / math.sqrt(2 * math.pi)
    z = (c + 0.5 - n / 2) / math.sqrt(n / 4)
    shared, own = math.sqrt(1 / 3), math.sqrt(2 / 3)
    below = ndtr((z - shared * nodes) / own)  # P(r_j <= c | U)
    above = ndtr((z + shared * nodes) / own) if two_sided else 0.0  # P(r_j >= n - c | U)
    inside = np.clip(1.0 - below - above, 0.0, 1.0)
    return float(np.clip(1.0 - weights @ inside**m, 0.0, 1.0))


def _prob_any_at_most(n: int, m: int, two_sided: bool) -> np.ndarray:
    """Exact P(some r_j <= c) (or, two-sided, r_j <= c or r_j >= n - c) for c = 0..n-1."""
    p = (m + 2) // 2
    # The number of terms, C(n + p - 1, p - 1), by its logarithm first: computed exactly, it
    # would take millions of digits (and minutes) at n = m = 10^9.
    log_count = math.lgamma(n + p) - math.lgamma(n + 1) - math.lgamma(p)
    count = _n_multisets(n, p) if log_count < math.log(_MAX_MULTISETS) + 1.0 else None
    if count is None or count > _MAX_MULTISETS or count * (n + 2) > _MAX_WORK:
        terms = f"about 10^{log_count / math.log(10):.0f}" if count is None else f"{count}"
        raise ValueError(
            f"exact multiple sign critical values for n={n}, m={m} need {terms} quadrature "
            f"terms of length {n + 2} (limits {_MAX_MULTISETS} terms, {_MAX_WORK:.0e} in all); "
            "too large for the exact computation: use critical_values='normal' (the normal "
            "approximation, accurate for large n)"
        )
    return _familywise(n, p, two_sided)[m]


@lru_cache(maxsize=128)
def _familywise(n: int, p: int, two_sided: bool) -> dict[int, np.ndarray]:
    """``_prob_any_at_most`` for the m that a p-node rule integrates exactly (m = 2p-2, 2p-1).

    Gauss-Legendre quadrature over the n uniform W_i, exact for the degree-m integrand (see the
    module docstring); the pmf of the Poisson-binomial count comes from its characteristic
    function by an inverse real FFT.
    """
    nodes, weights = roots_legendre(p)
    nodes, weights = (nodes + 1.0) / 2.0, weights / 2.0
    size = n + 1 if n % 2 == 0 else n + 2  # odd, so that no factor 1 - x + x z vanishes
    z = np.exp(2j * np.pi * np.arange(size // 2 + 1) / size)
    # log(1 - x + x z) per node (p, half spectrum); phi = exp(counts @ it), chunk by chunk
    log_factor = np.log(1.0 - nodes[:, None] + nodes[:, None] * z[None, :])
    log_weights = np.log(weights)
    ms = [m for m in (2 * p - 2, 2 * p - 1) if m >= 1]
    totals = {m: np.zeros(n) for m in ms}
    for counts in _multisets(n, p, max(1, _CHUNK_ELEMENTS // size)):
        weight = np.exp(gammaln(n + 1) - gammaln(counts + 1).sum(axis=1) + counts @ log_weights)
        phi = np.exp(counts @ log_factor)
        pmf = np.fft.irfft(np.conj(phi), n=size, axis=1)[:, :n]
        sf = np.empty((len(counts), n + 1))  # sf[:, c] = P(X >= c)
        sf[:, 0] = 1.0
        np.subtract(1.0, np.cumsum(pmf, axis=1), out=sf[:, 1:])
        np.clip(sf, 0.0, 1.0, out=sf)
        if two_sided:
            c = np.arange(n)  # P(c + 1 <= X <= n - c - 1), empty once c + 1 > n - c - 1
            inside = np.clip(sf[:, c + 1] - sf[:, n - c], 0.0, 1.0) * (c + 1 < n - c)
        else:
            inside = sf[:, 1:]
        for m in ms:
            totals[m] += weight @ inside**m
    return {m: np.clip(1.0 - total, 0.0, 1.0) for m, total in totals.items()}


def _n_multisets(n: int, p: int) -> int:
    return math.comb(n + p - 1, p - 1)


def _multisets(n: int, p: int, chunk: int = 1 << 15) -> Iterator[np.ndarray]:
    """All (k_1, ..., k_p) >= 0 with sum n, in chunks (stars and bars)."""
    if p == 1:
        yield np.array([[n]])
        return
    combos = itertools.combinations(range(n + p - 1), p - 1)
    while True:
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.islice(combos, chunk)), dtype=np.int64
        )
        if flat.size == 0:
            return
        bars = flat.reshape(-1, p - 1)
        edges = np.column_stack([np.full(len(bars), -1), bars, np.full(len(bars), n + p - 1)])
        yield np.diff(edges, axis=1) - 1


@lru_cache(maxsize=1)
def _printed_table() -> pd.DataFrame:
    path = resources.files("multicomp").joinpath("data", "rhyne_steel_garcia2010_tableA1.csv")
    with path.open("r", encoding="utf-8") as fh:
        return pd.read_csv(fh)


def _printed_critical_value(n: int, m: int, alpha: float, alternative: str) -> int | None:
    if alternative == "two-sided":
        raise ValueError(
            "critical_values='garcia2010' is one-sided only (Table A.1); use "
            "alternative='less' or 'greater', or critical_values='exact'"
        )
    table = _printed_table()
    rows = table[(table["n"] == n) & np.isclose(table["alpha"], alpha)]
    column = f"m={m}"
    if rows.empty or column not in table.columns:
        raise ValueError(
            f"G10 Table A.1 has no entry for n={n}, m={m}, alpha={alpha}: it covers "
            f"n in {sorted(set(table['n']))}, m = 2..9, alpha in {{0.05, 0.1}}; use "
            "critical_values='exact'"
        )
    value = rows[column].iloc[0]
    return None if pd.isna(value) else int(value)
