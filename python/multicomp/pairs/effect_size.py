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

The intervals of delta, gamma and the pooled d are bootstrap intervals that resample whole
data sets (so the pairing of the two algorithms is kept), with a fixed seed: BCa for delta
(bias-corrected and accelerated, which holds its level at N = 10 where the percentile interval
covered 0.920 to 0.948 on correlated algorithms), percentile for gamma and the pooled d. Delta and its
bootstrap take O(N log N) and O(N) per pair and resample
(:mod:`multicomp.pairs.effect_bootstrap`), in blocks of bounded memory; the scores are
rescaled by a power of ten when their magnitude leaves [1e-100, 1e100], so every measure is the
same for scores times 1e-300 or 1e300.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import tables as _tables
from multicomp._internal.ranks import at_data_precision, difference
from multicomp._internal.seeds import DEFAULT_SEED, RandomState, generator
from multicomp._internal.validation import (
    check_alpha,
    check_choice,
    check_count,
    check_nonnegative,
)
from multicomp._internal.vocabulary import D_FORMS, EFFECT_MEASURES, DForm, EffectMeasure
from multicomp._internal.work import check_work
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores
from multicomp.pairs.effect_bootstrap import (
    Dominance,
    bca,
    cliff_draws,
    medians_and_mads,
    pair_blocks,
    percentile,
    resamples,
    scale_free,
    unscale,
    work,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["COVERAGE", "MAX_WORK", "EffectSizeResult", "effect_sizes", "magnitude"]


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
#: The coverage of the intervals measured by simulation (benches/RESULTS-effect-coverage.md).
COVERAGE = (
    "Coverage of the 95% intervals measured on two correlated algorithms, N = 10 and 30, "
    "normal, skewed and heavy-tailed scores (1,000 tables a case): Cliff's delta (BCa) "
    "0.939 to 0.970; Cohen's d_z (noncentral t, exact for normal differences) 0.943 to "
    "0.983, conservative on skewed ones; Akinshin's gamma and the pooled d (percentile "
    "intervals) not measured."
)
#: Most steps (:func:`multicomp.pairs.effect_bootstrap.work`, about 2 ns each) a call starts
#: without ``max_work=``: 5e9, about 10 s.
MAX_WORK = 5e9
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
    intervals, Sec. 13.3; BCa intervals, Sec. 14.3)."""


def _cited(function: F) -> F:
    """``function`` with its docstring's ``{refs}`` and ``{coverage}`` replaced by the module's
    references and :data:`COVERAGE`."""
    text = (function.__doc__ or "").replace("{refs}", _REFERENCES.strip())
    function.__doc__ = text.replace("{coverage}", COVERAGE)
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
    notes : tuple of str
        How well the intervals cover, as measured (:data:`COVERAGE`).

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
    notes: tuple[str, ...] = (COVERAGE,)

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
            + "".join(f"\n{note}" for note in self.notes)
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
    max_work: float = MAX_WORK,
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
    max_work : float
        Most steps of work started (default :data:`MAX_WORK`, 5e9, about 10 s): about
        n_resamples (N + 3 log2 n_resamples) per pair, plus 60,000 per pair for the interval of
        d_z; more is refused before it starts, with the value to pass. Memory stays bounded
        (blocks of 2^22 cells) and Ctrl-C stops the work between blocks.

    Returns
    -------
    EffectSizeResult
        ``table``: one row per pair; positive effects mean the first algorithm is better (for
        ``higher_is_better=False``, that its scores are lower). An effect of two columns with
        no spread is 0 when they are equal and +-inf otherwise, with NaN intervals.

    Notes
    -----
    {coverage} The percentile interval of delta, used before, covered 0.920 to 0.948 at
    N = 10 (benches/RESULTS-effect-coverage.md).

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
    limit = check_nonnegative(max_work, "max_work")
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
    n, k = scores.values.shape
    check_work(
        work(n, k, len(pairs), n_resamples, d_form),
        limit,
        f"the effect sizes of {len(pairs):,} pairs on N = {n:,} data sets with "
        f"n_resamples={n_resamples:,} take about this many steps (2 ns each; or use fewer "
        "resamples, a control or fewer algorithms)",
    )
    x, exponent = scale_free(scores.oriented())
    first, second = (np.array(p, dtype=np.intp) for p in zip(*pairs))
    table = pd.DataFrame(
        {"first": [names[i] for i in first], "second": [names[j] for j in second]},
        index=[f"{names[i]} vs {names[j]}" for i, j in pairs],
    )
    differences = difference(x[:, first], x[:, second])
    table["mean_difference"] = unscale(differences.mean(axis=0), exponent)
    columns = _measures(x, first, second, differences, d_form, n_resamples, rng, alpha)
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


def _measures(
    x: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    differences: np.ndarray,
    d_form: DForm,
    n_resamples: int,
    rng: np.random.Generator,
    alpha: float,
) -> dict[EffectMeasure, Interval]:
    """The three measures of each pair and their intervals, the bootstrap in blocks of pairs
    (:func:`multicomp.pairs.effect_bootstrap.pair_blocks`) over the same resamples."""
    n, k = x.shape
    spread = _Spread(x, resamples(rng, n, n_resamples, k), d_form == "pooled")
    comparable = at_data_precision(x, x)  # scores tie at the precision of the data
    out: dict[EffectMeasure, Interval] = {
        m: (np.empty(first.size), np.empty(first.size), np.empty(first.size))
        for m in EFFECT_MEASURES
    }
    if d_form == "paired":
        out["cohen_d"] = _paired_d(differences, alpha)
    for block in pair_blocks(first.size, n, n_resamples):
        a, b = first[block], second[block]
        dominance = Dominance(comparable, a, b)
        draws = np.concatenate(
            [cliff_draws(dominance, c) for c in resamples(rng, n, n_resamples, 1)]
        )
        delta = dominance.values()
        found: dict[EffectMeasure, Interval] = {
            "cliff_delta": (delta, *bca(draws, delta, dominance.jackknife(), alpha)),
            "akinshin_gamma": spread.gamma(a, b, alpha),
        }
        if d_form == "pooled":
            found["cohen_d"] = spread.pooled_d(a, b, alpha)
        for measure, values in found.items():
            for column, value in zip(out[measure], values):
                column[block] = value
    return out


def _paired_d(differences: np.ndarray, alpha: float) -> Interval:
    """d_z = mean(D) / sd(D) of each pair and its noncentral t interval."""
    n = differences.shape[0]
    sd = differences.std(axis=0, ddof=1)
    d = _ratio(differences.mean(axis=0), sd)
    low, high = _noncentral_t_interval(np.where(sd > 0, d, np.nan) * np.sqrt(n), n - 1, alpha)
    return d, low / np.sqrt(n), high / np.sqrt(n)


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


class _Spread:
    """The location and spread of every algorithm in every resample (resamples x k): the
    median and the MAD (scaled by 1.4826) for Akinshin's gamma, and with ``pooled`` the mean
    and the SD for the pooled d; from the resamples' counts, chunk by chunk."""

    def __init__(self, x: np.ndarray, chunks: Iterator[np.ndarray], pooled: bool) -> None:
        self.x = x
        n = x.shape[0]
        order = np.argsort(x, axis=0, kind="stable")
        ordered = np.take_along_axis(x, order, axis=0).T  # k x N, each algorithm sorted
        parts: list[tuple[np.ndarray, ...]] = []
        for counts in chunks:
            medians, mads = medians_and_mads(ordered, order, counts)
            means = sds = np.empty((0, x.shape[1]))
            if pooled:
                weights = counts / n  # resample b weights data set i by counts[b, i] / N
                means = weights @ x
                variances = (weights @ x**2 - means**2) * n / (n - 1)
                sds = np.sqrt(np.maximum(variances, 0.0))
            parts.append((medians, MAD_TO_SD * mads, means, sds))
        self.medians, self.mads, self.means, self.sds = (np.concatenate(p) for p in zip(*parts))

    def gamma(self, first: np.ndarray, second: np.ndarray, alpha: float) -> Interval:
        """gamma = (median(x_a) - median(x_b)) / sqrt((MAD_a^2 + MAD_b^2) / 2), MAD scaled by
        1.4826 (the pooled MAD of equal group sizes), and its percentile interval."""
        median = np.median(self.x, axis=0)
        mad = MAD_TO_SD * np.median(np.abs(self.x - median), axis=0)
        value = _standardised(median, mad, first, second)
        return value, *percentile(_standardised(self.medians, self.mads, first, second), alpha)

    def pooled_d(self, first: np.ndarray, second: np.ndarray, alpha: float) -> Interval:
        """(mean(x_a) - mean(x_b)) / the pooled SD, and its percentile interval."""
        value = _standardised(self.x.mean(axis=0), self.x.std(axis=0, ddof=1), first, second)
        return value, *percentile(_standardised(self.means, self.sds, first, second), alpha)


def _standardised(
    location: np.ndarray, scale: np.ndarray, first: np.ndarray, second: np.ndarray
) -> np.ndarray:
    """The difference of locations of each pair over the root mean square of their scales."""
    return _ratio(
        location[..., first] - location[..., second],
        np.sqrt((scale[..., first] ** 2 + scale[..., second] ** 2) / 2),
    )
