"""Bayesian comparison of two algorithms over N data sets (Benavoli et al., JMLR 18, 2017).

Instead of a p-value, the posterior probabilities that x is better than y by more than a
region of practical equivalence (``rope``), that the two are practically equivalent, and that
y is better, computed from the Dirichlet-process posterior of the score differences
d_i = x_i - y_i (oriented so that d > 0 means x is better; decided at the precision of the
data, as the frequentist tests of :mod:`multicomp.pairs.two_sample`).

* :func:`bayesian_sign_test`: theta = (theta_x, theta_rope, theta_y) ~ Dirichlet(n_x, n_rope +
  s, n_y), with n_x, n_rope, n_y the counts of d > rope, |d| <= rope, d < -rope and a prior
  pseudo-observation of strength ``prior`` = s in the rope (Benavoli et al. 2017, Sec. 4.1).
* :func:`bayesian_signed_rank_test`: weights (w_0, ..., w_N) ~ Dirichlet(s, 1, ..., 1) on the
  pseudo-observation z_0 = 0 and the differences z_i = d_i; theta_y = sum_ij w_i w_j
  H(-z_i - z_j - 2 rope), theta_x = sum_ij w_i w_j H(z_i + z_j - 2 rope), theta_rope = 1 -
  theta_x - theta_y, with H the Heaviside step (H(0) = 1/2) (Benavoli et al. 2014, ICML, and
  2017, Sec. 4.2): the Bayesian counterpart of the Wilcoxon signed-rank test.

The reported probabilities are those of baycomp (Benavoli, Corani, Demsar & Zaffalon): the
fraction of posterior samples in which each of theta_x, theta_rope, theta_y is the largest.
With ``rope = 0`` only two outcomes remain: P(x better) is the fraction of samples with
theta_x > theta_y (ties count half) and P(equivalent) is 0. baycomp's sign test with rope = 0
instead renormalises over the samples in which the prior's rope weight does not win; the two
agree when that weight rarely wins (many data sets).

The Dirichlet samples are drawn vectorised (normalised independent gamma variates, numpy).
With the differences sorted, each quadratic form sum_ij w_i w_j H(z_i + z_j - 2 rope) is a sum
of w_i times a suffix sum of the weights, so the signed-rank test costs O(S N) for S samples
and N data sets (not the O(S N^2) of the double sum), in chunks of bounded memory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from multicomp._internal import plots
from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.names import BAYESIAN_TEST_NAMES
from multicomp._internal.ranks import at_data_precision
from multicomp._internal.validation import check_bool, check_count, check_nonnegative
from multicomp._internal.vocabulary import BayesianTest, NanPolicy
from multicomp._internal.work import check_work, progress
from multicomp.data.given import paired_differences

__all__ = ["BayesianResult", "bayesian_sign_test", "bayesian_signed_rank_test"]

#: Most posterior samples one call draws (their array takes 24 bytes each).
MAX_SAMPLES = 10_000_000
#: Most terms S (N + 1) of one signed-rank posterior started without ``max_work=``: 5e8, e.g.
#: N = 10,000 data sets at the default 50,000 samples, 30-60 s of numpy on one core (measured:
#: 10^7 terms per second on a shared 2-core machine; the limit was 10^10, 10+ minutes).
MAX_SIGNED_RANK_WORK = 5 * 10**8
SIGNED_RANK_PRIOR = 0.5  # baycomp's default prior strengths
SIGN_PRIOR = 1.0
_CHUNK = 2**22  # floats per chunk of the signed-rank weights


BAYESIAN_ATTRIBUTES = """    test : str
        ``'signed_rank'``, ``'sign'`` or ``'correlated_t'``.
    p_x_better : float
        P(x better than y by more than ``rope``).
    p_equivalent : float
        P(the two within the rope).
    p_y_better : float
        P(y better than x by more than ``rope``); the three sum to 1.
    rope : float
        Half-width of the region of practical equivalence, in score units.
    names : tuple of (str, str)
        The labels of x and y.
    samples : numpy.ndarray
        The posterior samples (for the signed-rank and sign tests an S x 3 array of
        (theta_x, theta_rope, theta_y)).
    options : dict
        The test's parameters (``prior``, or ``rho`` for the correlated t-test).
    omitted : tuple of str
        The data sets (folds for the correlated t-test) where x or y was missing, dropped by
        ``nan_policy='omit'``.
    probabilities : pandas.Series
        The three probabilities, labelled by outcome."""
"""The Attributes entries of :class:`BayesianResult` (shared with its subclasses' docstrings)."""


@dataclass(frozen=True, kw_only=True)
class BayesianResult(_tables.NotebookView):
    __doc__ = f"""Posterior probabilities of a Bayesian comparison of x and y.

    Attributes
    ----------
{BAYESIAN_ATTRIBUTES}

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), Time for a change: a tutorial for comparing
    multiple classifiers through Bayesian analysis, JMLR 18(77):1-36.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.bayesian_sign_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, random_state=0)
    >>> print(res.p_x_better, res.p_equivalent, res.p_y_better)
    0.95356 0.04572 0.00072
    >>> res.to_frame()
                      probability
    C4.5+m+cf better      0.95356
    equivalent            0.04572
    C4.5 better           0.00072
    """

    test: BayesianTest
    p_x_better: float
    p_equivalent: float
    p_y_better: float
    rope: float
    names: tuple[str, str]
    samples: np.ndarray = field(repr=False, compare=False)
    options: dict[str, Any] = field(repr=False, default_factory=dict)
    omitted: tuple[str, ...] = ()

    @property
    def probabilities(self) -> pd.Series:
        """The three posterior probabilities, labelled by outcome."""
        x, y = self.names
        return pd.Series(
            [self.p_x_better, self.p_equivalent, self.p_y_better],
            index=[f"{x} better", "equivalent", f"{y} better"],
            name="probability",
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per outcome (x better, equivalent, y better) with its probability."""
        return self.probabilities.to_frame()

    def __str__(self) -> str:
        options = "".join(f", {key} = {value:g}" for key, value in self.options.items())
        shown = self.probabilities.to_string(float_format="{:.4f}".format)
        dropped = (
            f"\n{len(self.omitted)} data set(s) with a missing score omitted: "
            f"{', '.join(self.omitted)}"
            if self.omitted
            else ""
        )
        return (
            f"{BAYESIAN_TEST_NAMES[self.test]} of {self.names[0]} vs {self.names[1]} "
            f"(rope = {self.rope:g}{options})\n{shown}{dropped}"
        )

    @strict
    def plot(self, *, ax: Any = None, title: str | None = None) -> Any:
        """The posterior as baycomp draws it (:func:`multicomp.plot_posterior`)."""
        return plots.posterior(self, ax=ax, title=title)


@strict
def bayesian_signed_rank_test(
    x: object,
    y: object,
    *,
    rope: float = 0.0,
    prior: float = SIGNED_RANK_PRIOR,
    n_draws: int = 50_000,
    random_state: int | np.random.Generator | None = None,
    higher_is_better: bool = True,
    names: tuple[str, str] | None = None,
    nan_policy: NanPolicy = "raise",
    max_work: float = MAX_SIGNED_RANK_WORK,
) -> BayesianResult:
    """Bayesian signed-rank test of x against y over N data sets (Benavoli et al. 2017).

    Parameters
    ----------
    x, y : scores of the two algorithms, one per data set (arrays, or Series paired by data set).
    rope : half-width of the region of practical equivalence, in the units of the scores
        (e.g. 0.01 for one point of accuracy); 0 for none.
    prior : strength s of the Dirichlet-process prior, a pseudo-observation at d = 0
        (baycomp's default 0.5).
    n_draws : number S of posterior samples (Monte Carlo error about sqrt(p(1-p)/S)).
    random_state : seed or ``numpy.random.Generator`` of the sampling, for reproducible results.
    higher_is_better : False when lower scores are better (errors, times).
    names : labels of x and y (default: the Series' names, else "x" and "y").
    nan_policy : {'raise', 'omit'}
        A data set where x or y is missing: 'raise' (default) refuses it; 'omit' drops the
        pair and lists it in the result's ``omitted``.
    max_work : most terms S (N + 1) started (default ``MAX_SIGNED_RANK_WORK``, 5e8, about
        30-60 s); more is refused before it starts, with the value to pass. Work that lasts
        over a second shows a progress bar when tqdm is installed.

    Returns
    -------
    BayesianResult
        P(x better), P(equivalent), P(y better) and the S x 3 posterior samples of
        (theta_x, theta_rope, theta_y).

    References
    ----------
    Benavoli, Corani, Mangili, Zaffalon & Ruggeri (2014), "A Bayesian Wilcoxon signed-rank test
    based on the Dirichlet process", ICML. Benavoli, Corani, Demsar & Zaffalon (2017), "Time
    for a change: a tutorial for comparing multiple classifiers through Bayesian analysis",
    JMLR 18(77), Sec. 4.2.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.bayesian_signed_rank_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, random_state=0)
    >>> print(res)
    Bayesian signed-rank test of C4.5+m+cf vs C4.5 (rope = 0.01, prior = 0.5)
    C4.5+m+cf better   0.9659
    equivalent         0.0338
    C4.5 better        0.0003
    """
    d, rope, prior, n_draws, rng, names, omitted = _prepare(
        x, y, rope, prior, n_draws, random_state, higher_is_better, names, nan_policy
    )
    snap = _snap(x, y, rope)
    check_work(
        n_draws * (d.size + 1),
        check_nonnegative(max_work, "max_work"),
        f"the signed-rank posterior of N = {d.size:,} data sets needs n_draws * (N + 1) "
        "terms (about 10^7 a second; or use fewer samples)",
    )
    # Sorted, z_i + z_j > 2 rope holds for a suffix of j (from gt[i] on; from ge[i] on with
    # equality), z_i + z_j < -2 rope for a prefix (before lt[i]; before le[i] with equality):
    # w' H w is then sum_i w_i (half the two suffix or prefix sums), O(N) per sample.
    unsorted = snap(np.concatenate(([0.0], d)))
    order = np.argsort(unsorted, kind="stable")
    z = unsorted[order]
    alpha = np.concatenate(([prior], np.ones(d.size)))  # drawn in input order: the weight of
    # each data set does not depend on how the differences sort (exact symmetry under x <-> y)
    high, low = snap(2 * rope - z), snap(-2 * rope - z)
    gt, ge = np.searchsorted(z, high, side="right"), np.searchsorted(z, high, side="left")
    lt, le = np.searchsorted(z, low, side="left"), np.searchsorted(z, low, side="right")
    samples = np.empty((n_draws, 3))
    step = max(1, _CHUNK // (alpha.size + 1))
    with progress(n_draws, "signed-rank posterior samples") as bar:
        for start in range(0, n_draws, step):
            w = _dirichlet(rng, alpha, min(step, n_draws - start))[order]  # a sample a column
            cumulative = np.concatenate((np.zeros((1, w.shape[1])), np.cumsum(w, axis=0)))
            total = cumulative[-1]
            above = total - (cumulative[gt] + cumulative[ge]) / 2
            below = (cumulative[lt] + cumulative[le]) / 2
            rows = slice(start, start + w.shape[1])
            samples[rows, 0] = (w * above).sum(axis=0)
            samples[rows, 2] = (w * below).sum(axis=0)
            bar.update(w.shape[1])
    samples[:, 1] = np.clip(1.0 - samples[:, 0] - samples[:, 2], 0.0, 1.0)
    return _result("signed_rank", samples, rope, names, {"prior": prior}, omitted)


@strict
def bayesian_sign_test(
    x: object,
    y: object,
    *,
    rope: float = 0.0,
    prior: float = SIGN_PRIOR,
    n_draws: int = 50_000,
    random_state: int | np.random.Generator | None = None,
    higher_is_better: bool = True,
    names: tuple[str, str] | None = None,
    nan_policy: NanPolicy = "raise",
) -> BayesianResult:
    """Bayesian sign test of x against y over N data sets (Benavoli et al. 2017, Sec. 4.1).

    theta ~ Dirichlet(n_x, n_rope + ``prior``, n_y) with n_x, n_rope, n_y the numbers of data
    sets where d = x - y (oriented) exceeds ``rope``, lies within it, or falls below -rope.
    Parameters and returns as :func:`bayesian_signed_rank_test` (``prior`` defaults to
    baycomp's 1).

    Parameters
    ----------
    x, y : array_like
        The two algorithms' scores, paired by position.
    rope : float
        Half-width of the region of practical equivalence, in the units of the scores.
    prior : float
        Weight of the Dirichlet prior's pseudo-observation in the rope.
    n_draws : int
        Posterior samples.
    random_state : int or numpy.random.Generator, optional
        Seed of the posterior samples.
    higher_is_better : bool
        Whether larger scores are better.
    names : tuple of str, optional
        Names of x and y in the result.
    nan_policy : {'raise', 'omit'}
        As for :func:`bayesian_signed_rank_test`.

    Returns
    -------
    BayesianResult
        P(x better), P(equivalent), P(y better) and the posterior samples.

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), "Time for a change: a tutorial for comparing
    multiple classifiers through Bayesian analysis", JMLR 18(77), Sec. 4.1.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.bayesian_sign_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, random_state=0)
    >>> print(res)
    Bayesian sign test of C4.5+m+cf vs C4.5 (rope = 0.01, prior = 1)
    C4.5+m+cf better   0.9536
    equivalent         0.0457
    C4.5 better        0.0007
    """
    d, rope, prior, n_draws, rng, names, omitted = _prepare(
        x, y, rope, prior, n_draws, random_state, higher_is_better, names, nan_policy
    )
    snap = _snap(x, y, rope)
    n_x = int((snap(d - rope) > 0).sum())
    n_y = int((snap(-d - rope) > 0).sum())
    alpha = np.array([n_x, d.size - n_x - n_y + prior, n_y], dtype=np.float64)
    samples = np.ascontiguousarray(_dirichlet(rng, alpha, n_draws).T)
    return _result("sign", samples, rope, names, {"prior": prior}, omitted)


# --- shared machinery -------------------------------------------------------------------------


def posterior_probabilities(samples: np.ndarray, rope: float) -> tuple[float, float, float]:
    """(P(x better), P(equivalent), P(y better)) from S x 3 samples of (theta_x, theta_rope,
    theta_y): the fraction of samples in which each is the largest (baycomp); with ``rope`` =
    0, the fraction with theta_x > theta_y (ties half) and 0."""
    if rope > 0:
        winners = np.argmax(samples, axis=1)
        counts = np.bincount(winners, minlength=3) / samples.shape[0]
        return float(counts[0]), float(counts[1]), float(counts[2])
    p_x = float(
        np.mean(samples[:, 0] > samples[:, 2]) + 0.5 * np.mean(samples[:, 0] == samples[:, 2])
    )
    return p_x, 0.0, 1.0 - p_x


def pair_names(x: object, y: object, names: tuple[str, str] | None) -> tuple[str, str]:
    """Labels of x and y: ``names``, else the Series' names, else "x" and "y"."""
    if names is not None:
        if isinstance(names, str) or len(names) != 2:
            raise ValueError(f"names must be two labels (for x and y), got {names!r}")
        return str(names[0]), str(names[1])
    labels = [getattr(v, "name", None) for v in (x, y)]
    if (
        all(isinstance(v, pd.Series) for v in (x, y))
        and None not in labels
        and labels[0] != labels[1]
    ):
        return str(labels[0]), str(labels[1])
    return "x", "y"


def _prepare(
    x: object,
    y: object,
    rope: float,
    prior: float,
    n_draws: int,
    random_state: int | np.random.Generator | None,
    higher_is_better: bool,
    names: tuple[str, str] | None,
    nan_policy: NanPolicy,
) -> tuple[np.ndarray, float, float, int, np.random.Generator, tuple[str, str], tuple[str, ...]]:
    """Validated (oriented differences, rope, prior, S, generator, names, omitted data sets)."""
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    rope = check_nonnegative(rope, "rope")
    prior = check_nonnegative(prior, "prior")
    n_draws = check_count(n_draws, "n_draws", 1, MAX_SAMPLES)
    labels = pair_names(x, y, names)
    differences, omitted = paired_differences(x, y, nan_policy)
    d = differences.to_numpy()
    return (
        (d if higher_is_better else -d),
        rope,
        float(prior),
        n_draws,
        np.random.default_rng(random_state),
        labels,
        omitted,
    )


def _snap(x: object, y: object, rope: float) -> Callable[[np.ndarray], np.ndarray]:
    """Rounding of values derived from the differences and the rope to the precision of the
    scores, so that a difference equal to the rope in the data equals it in the comparisons
    (it then counts as inside the rope; for the signed-rank test, H(0) = 1/2)."""
    scale = float(
        np.nanmax(
            np.abs(
                np.concatenate(
                    [
                        pd.to_numeric(np.asarray(x, dtype=object).ravel(), errors="coerce"),
                        pd.to_numeric(np.asarray(y, dtype=object).ravel(), errors="coerce"),
                        [rope],
                    ]
                )
            )
        )
    )

    def snap(values: np.ndarray) -> np.ndarray:
        return at_data_precision(values, scale)

    return snap


def _dirichlet(rng: np.random.Generator, alpha: np.ndarray, size: int) -> np.ndarray:
    """len(alpha) x ``size`` array whose columns are Dirichlet(alpha) samples, as normalised
    gamma variates (a zero parameter gives a zero weight, the limit of the distribution)."""
    gammas = rng.standard_gamma(alpha[:, None], size=(alpha.size, size))
    total = gammas.sum(axis=0, keepdims=True)
    empty = total[0] == 0  # all shapes tiny: underflow; put the weight on the largest shape
    if empty.any():
        gammas[int(np.argmax(alpha)), empty] = total[0, empty] = 1.0
    weights: np.ndarray = gammas / total
    return weights


def _result(
    test: BayesianTest,
    samples: np.ndarray,
    rope: float,
    names: tuple[str, str],
    options: dict[str, Any],
    omitted: tuple[str, ...] = (),
) -> BayesianResult:
    samples.setflags(write=False)
    p_x, p_rope, p_y = posterior_probabilities(samples, rope)
    return BayesianResult(
        test=test,
        p_x_better=p_x,
        p_equivalent=p_rope,
        p_y_better=p_y,
        rope=rope,
        names=names,
        samples=samples,
        options=options,
        omitted=omitted,
    )
