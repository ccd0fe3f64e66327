"""Effect sizes of pairs of algorithms over data sets: how large a difference is, not only
whether it is significant.

Three measures, each with its magnitude label and a confidence interval:

* Cohen's d: by default the paired standardised mean difference d_z = mean(D) / sd(D) of the
  per-data-set differences D (Cohen 1988, Sec. 2.3.5), with its exact confidence interval under
  normality (noncentral t); ``d_form="pooled"`` gives the two-sample form with the pooled
  standard deviation of the two columns (autorank's ``cohen_d``).
* Cliff's delta (Cliff 1993): P(X > Y) - P(X < Y) over the scores of the two algorithms
  (autorank's ``cliff_delta``).
* Akinshin's gamma: the difference of medians over the pooled median absolute deviation,
  scaled by 1.4826 to estimate a normal standard deviation (Akinshin 2020; autorank's
  ``akinshin_gamma``), a robust analogue of Cohen's d.

The intervals of delta, gamma and the pooled d are percentile bootstrap intervals that
resample whole data sets (so the pairing of the two algorithms is kept), with a fixed seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.ranks import difference
from multicomp._internal.seeds import DEFAULT_SEED, RandomState, generator
from multicomp._internal.validation import check_alpha, check_choice, check_count
from multicomp._internal.vocabulary import D_FORMS, EFFECT_MEASURES, DForm, EffectMeasure
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["EffectSizeResult", "effect_sizes", "magnitude"]


#: Upper bounds of |effect| for 'negligible', 'small' and 'medium' (else 'large'): Cohen (1988)
#: for d, Romano et al. (2006) for Cliff's delta, and Cohen's for gamma as autorank uses them.
THRESHOLDS: dict[EffectMeasure, tuple[float, float, float]] = {
    "cohen_d": (0.2, 0.5, 0.8),
    "cliff_delta": (0.147, 0.33, 0.474),
    "akinshin_gamma": (0.2, 0.5, 0.8),
}
LABELS = ("negligible", "small", "medium", "large")
#: The consistency constant of the MAD for normal data (1 / Phi^-1(3/4)).
MAD_TO_SD = 1.4826
MAX_RESAMPLES = 1_000_000
F = TypeVar("F", bound=Callable[..., Any])

_REFERENCES = """
    Cohen (1988), Statistical Power Analysis for the Behavioral Sciences, 2nd ed., Erlbaum
    (d, d_z: Sec. 2.3.5; the thresholds 0.2, 0.5, 0.8: Sec. 2.2.3).
    Cliff (1993), Dominance statistics: ordinal analyses to answer ordinal questions, Psychol.
    Bull. 114(3):494-509.
    Romano, Kromrey, Coraggio & Skowronek (2006), Appropriate statistics for ordinal level
    data, Annual meeting of the Florida Association of Institutional Research (the thresholds
    0.147, 0.33, 0.474 of ``|delta|``).
    Akinshin (2020), Nonparametric Cohen's d-consistent effect size,
    https://aakinshin.net/posts/nonparametric-effect-size/.
    Herbold (2020), Autorank: a Python package for automated ranking of classifiers, JOSS
    5(48):2173 (the three measures and their labels).
    Efron & Tibshirani (1993), An Introduction to the Bootstrap, Chapman & Hall (percentile
    intervals, Sec. 13.3)."""


def _cited(function: F) -> F:
    """``function`` with its docstring's ``{refs}`` replaced by the module's references."""
    function.__doc__ = (function.__doc__ or "").replace("{refs}", _REFERENCES.strip())
    return function


@_cited
def magnitude(value: float, measure: EffectMeasure = "cohen_d") -> str:
    """The magnitude label of an effect size: 'negligible', 'small', 'medium' or 'large'.

    Parameters
    ----------
    value : float
        The effect size (its sign is ignored; NaN gives '').
    measure : {'cohen_d', 'cliff_delta', 'akinshin_gamma'}
        Which thresholds: ``|d|`` and ``|gamma|`` below 0.2, 0.5, 0.8 (Cohen 1988); ``|delta|`` below
        0.147, 0.33, 0.474 (Romano et al. 2006).

    Returns
    -------
    str

    References
    ----------
    {refs}

    Examples
    --------
    >>> from multicomp.pairs.effect_size import magnitude
    >>> magnitude(0.45), magnitude(-0.9), magnitude(0.2, "cliff_delta")
    ('small', 'large', 'small')
    """
    measure = check_choice("measure", measure, EFFECT_MEASURES)
    if np.isnan(value):
        return ""
    return LABELS[int(np.searchsorted(THRESHOLDS[measure], abs(value), side="right"))]


@dataclass(frozen=True)
class EffectSizeResult(_tables.NotebookView):
    __doc__ = f"""Effect sizes of pairs of algorithms over N data sets.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per pair "a vs b" (positive: a is better): ``first``, ``second``,
        ``mean_difference`` (in score units), then for each measure its value, ``_low`` and
        ``_high`` (the confidence interval) and ``_magnitude``.
    statistic : pandas.Series
        Cohen's d of each pair (the table's ``cohen_d``).
    confidence : float
        1 - alpha, the level of the intervals.
    d_form : str
        'paired' (d_z) or 'pooled'.
    control : str or None
        The control of the pairs, if any.
    n_datasets : int
        N.
    n_resamples : int
        The bootstrap resamples of the intervals of delta, gamma and the pooled d.
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.

    References
    ----------
{_REFERENCES}

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.effect_sizes(scores, control="C4.5+m+cf")
    >>> res.table[["cliff_delta", "cliff_delta_magnitude"]].round(3)
                          cliff_delta cliff_delta_magnitude
    C4.5+m+cf vs C4.5           0.117            negligible
    C4.5+m+cf vs C4.5+m        -0.005            negligible
    C4.5+m+cf vs C4.5+cf        0.112            negligible
    """

    table: pd.DataFrame
    confidence: float
    d_form: DForm
    control: str | None
    n_datasets: int
    n_resamples: int = field(repr=False)
    omitted: tuple[str, ...] = ()

    @property
    def statistic(self) -> pd.Series:
        return self.table["cohen_d"]

    def to_frame(self) -> pd.DataFrame:
        """The table: one row per pair."""
        return self.table

    def __str__(self) -> str:
        shown = self.table[["mean_difference", *(f"{m}" for m in EFFECT_MEASURES)]].copy()
        for m in EFFECT_MEASURES:
            shown[m] = [
                f"{v:.2f} [{lo:.2f}, {hi:.2f}] {mag}"
                for v, lo, hi, mag in self.table[
                    [m, f"{m}_low", f"{m}_high", f"{m}_magnitude"]
                ].itertuples(index=False)
            ]
        form = "paired d_z" if self.d_form == "paired" else "pooled SD"
        return (
            f"Effect sizes (N = {self.n_datasets}; Cohen's d: {form}; "
            f"{self.confidence:.0%} intervals; positive: the first algorithm is better)\n"
            f"{shown.to_string(float_format='{:.4g}'.format)}"
        )


@takes_scores(ScoreOptions, shape_warnings=False)  # its warnings concern the rank tests
@_cited
def effect_sizes(
    data: Scores,
    *,
    control: str | int | None = None,
    alpha: float = 0.05,
    d_form: DForm = "paired",
    n_resamples: int = 2000,
    random_state: RandomState = DEFAULT_SEED,
    **reading: Unpack[ScoreOptions],
) -> EffectSizeResult:
    """Cohen's d, Cliff's delta and Akinshin's gamma of every pair (or each against a control),
    with magnitude labels and confidence intervals.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman`.
    control : str or int, optional
        Compare each algorithm with this one (rows "control vs other"); default: all pairs in
        ``itertools.combinations`` order of the columns.
    alpha : float
        The intervals have level 1 - alpha.
    d_form : {'paired', 'pooled'}
        'paired' (default): d_z = mean(D) / sd(D) of the differences D over the data sets, the
        standardised effect of the paired design the tests use; its interval inverts the
        noncentral t distribution of sqrt(N) d_z (exact for normal differences). 'pooled':
        (mean(x) - mean(y)) / the pooled SD of the two columns (autorank's), whose SD holds the
        spread of difficulty between data sets, so it is smaller for the same lead; bootstrap
        interval.
    n_resamples : int
        Bootstrap resamples of the data sets for the intervals of delta, gamma and the pooled d.
    random_state : int, numpy.random.Generator or None
        The bootstrap's seed (default 0: a call is reproducible).

    Returns
    -------
    EffectSizeResult
        ``table``: one row per pair; positive effects mean the first algorithm is better (for
        ``higher_is_better=False``, that its scores are lower). An effect of two columns with
        no spread is 0 when they are equal and +-inf otherwise, with NaN intervals.

    References
    ----------
    {refs}

    Examples
    --------
    >>> import multicomp as mc
    >>> from multicomp.pairs.effect_size import effect_sizes
    >>> res = effect_sizes(mc.load_example("demsar2006"), control="C4.5+m+cf")
    >>> res.table[["cohen_d", "cohen_d_low", "cohen_d_high", "cohen_d_magnitude"]].round(2)
                          cohen_d  cohen_d_low  cohen_d_high cohen_d_magnitude
    C4.5+m+cf vs C4.5        0.73         0.13          1.32            medium
    C4.5+m+cf vs C4.5+m      0.37        -0.18          0.90             small
    C4.5+m+cf vs C4.5+cf     0.66         0.07          1.23            medium
    >>> res.table["cliff_delta_magnitude"].tolist()
    ['negligible', 'negligible', 'negligible']
    """
    alpha = check_alpha(alpha)
    d_form = check_choice("d_form", d_form, D_FORMS)
    n_resamples = check_count(n_resamples, "n_resamples", 100, MAX_RESAMPLES)
    rng = generator(random_state)
    scores = data
    names = scores.algorithms
    if control is None:
        pairs = list(combinations(range(len(names)), 2))
        chosen = None
    else:
        c = scores.index_of(control)
        pairs = [(c, j) for j in range(len(names)) if j != c]
        chosen = names[c]
    x = scores.oriented()
    first, second = (np.array(p, dtype=np.intp) for p in zip(*pairs))
    table = pd.DataFrame(
        {"first": [names[i] for i in first], "second": [names[j] for j in second]},
        index=[f"{names[i]} vs {names[j]}" for i, j in pairs],
    )
    differences = difference(x[:, first], x[:, second])
    table["mean_difference"] = differences.mean(axis=0)
    counts = rng.multinomial(x.shape[0], np.full(x.shape[0], 1 / x.shape[0]), size=n_resamples)
    quantiles = (alpha / 2, 1 - alpha / 2)
    columns: dict[EffectMeasure, Interval] = {
        "cohen_d": _cohen_d(x, first, second, differences, d_form, counts, alpha),
        "cliff_delta": _cliff_delta(x, first, second, counts, quantiles),
        "akinshin_gamma": _akinshin_gamma(x, first, second, counts, quantiles),
    }
    for measure, (value, low, high) in columns.items():
        table[measure] = value
        table[f"{measure}_low"] = low
        table[f"{measure}_high"] = high
        table[f"{measure}_magnitude"] = [magnitude(v, measure) for v in value]
    return EffectSizeResult(
        table=table,
        confidence=1 - alpha,
        d_form=d_form,
        control=chosen,
        n_datasets=scores.n_datasets,
        n_resamples=n_resamples,
        omitted=scores.omitted,
    )


Interval = tuple[np.ndarray, np.ndarray, np.ndarray]


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, with 0/0 = 0 (no difference, no spread) and x/0 = +-inf."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.asarray(numerator / denominator, dtype=np.float64)
    out[(numerator == 0) & (denominator == 0)] = 0.0
    return out


def _percentiles(
    draws: np.ndarray, quantiles: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray]:
    """The percentile interval of each column of ``draws`` (resamples x pairs); NaN where a
    resample is not finite (a column with no spread)."""
    finite = np.isfinite(draws)
    low, high = np.quantile(np.where(finite, draws, 0.0), quantiles, axis=0)
    bad = ~np.all(finite, axis=0)
    return np.where(bad, np.nan, low), np.where(bad, np.nan, high)


def _cohen_d(
    x: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    differences: np.ndarray,
    d_form: DForm,
    counts: np.ndarray,
    alpha: float,
) -> Interval:
    if d_form == "paired":
        n = differences.shape[0]
        sd = differences.std(axis=0, ddof=1)
        d = _ratio(differences.mean(axis=0), sd)
        low, high = _noncentral_t_interval(np.where(sd > 0, d, np.nan) * np.sqrt(n), n - 1, alpha)
        return d, low / np.sqrt(n), high / np.sqrt(n)
    n = x.shape[0]
    weights = counts / n  # resample b weights data set i by counts[b, i] / N
    means = weights @ x  # resamples x k
    variances = (weights @ x**2 - means**2) * n / (n - 1)
    sd = np.sqrt(np.maximum(variances, 0.0))

    def pooled(m: np.ndarray, s: np.ndarray) -> np.ndarray:
        return _ratio(
            m[..., first] - m[..., second], np.sqrt((s[..., first] ** 2 + s[..., second] ** 2) / 2)
        )

    d = pooled(x.mean(axis=0), x.std(axis=0, ddof=1))
    return (d, *_percentiles(pooled(means, sd), (alpha / 2, 1 - alpha / 2)))


def _noncentral_t_interval(t: np.ndarray, df: int, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The (1 - alpha) interval of the noncentrality of a noncentral t with ``df`` degrees of
    freedom observed at ``t``: P(T >= t | low) = alpha/2 and P(T <= t | high) = alpha/2, by
    bisection on all pairs at once (the cdf decreases in the noncentrality)."""
    finite = np.isfinite(t)
    t0 = np.where(finite, t, 0.0)
    spread = 10.0 + 2.0 * np.abs(t0)
    bounds = []
    for target in (1 - alpha / 2, alpha / 2):
        lo, hi = t0 - spread, t0 + spread
        for _ in range(60):
            mid = (lo + hi) / 2
            above = stats.nct.cdf(t0, df, mid) > target  # noncentrality still too small
            lo, hi = np.where(above, mid, lo), np.where(above, hi, mid)
        bounds.append(np.where(finite, (lo + hi) / 2, np.nan))
    return bounds[0], bounds[1]


def _cliff_delta(
    x: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    counts: np.ndarray,
    quantiles: tuple[float, float],
) -> Interval:
    """delta = (1/N^2) sum_ij sign(x_ia - x_jb); a resample weights data sets i and j by their
    counts c: c' S c / N^2 with S_ij = sign(x_ia - x_jb)."""
    n = x.shape[0]
    value = np.empty(first.size)
    draws = np.empty((counts.shape[0], first.size))
    for p, (a, b) in enumerate(zip(first, second)):
        s = np.sign(difference(x[:, a, None], x[None, :, b]))
        value[p] = s.sum() / n**2
        # c' S c per resample: one matrix product (BLAS), exact (integer counts and signs)
        draws[:, p] = ((counts @ s) * counts).sum(axis=1) / n**2
    return (value, *_percentiles(draws, quantiles))


def _akinshin_gamma(
    x: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    counts: np.ndarray,
    quantiles: tuple[float, float],
) -> Interval:
    """gamma = (median(x_a) - median(x_b)) / sqrt((MAD_a^2 + MAD_b^2) / 2), MAD scaled by 1.4826
    (the pooled MAD of equal group sizes)."""
    # the data sets of each resample, each repeated as often as it was drawn
    index = np.repeat(np.tile(np.arange(x.shape[0]), counts.shape[0]), counts.ravel()).reshape(
        counts.shape
    )
    medians = np.empty((counts.shape[0], x.shape[1]))
    mads = np.empty_like(medians)
    for j in range(x.shape[1]):
        column = x[index, j]
        medians[:, j] = np.median(column, axis=1)
        mads[:, j] = MAD_TO_SD * np.median(np.abs(column - medians[:, j, None]), axis=1)

    def gamma(med: np.ndarray, mad: np.ndarray) -> np.ndarray:
        return _ratio(
            med[..., first] - med[..., second],
            np.sqrt((mad[..., first] ** 2 + mad[..., second] ** 2) / 2),
        )

    median = np.median(x, axis=0)
    mad = MAD_TO_SD * np.median(np.abs(x - median), axis=0)
    return (gamma(median, mad), *_percentiles(gamma(medians, mads), quantiles))
