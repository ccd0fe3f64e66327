"""The Bayesian hierarchical model of two algorithms on many data sets, from the scores of
their cross-validation folds (Corani, Benavoli, Demsar, Mangili & Zaffalon 2017).

The model is baycomp's ``HierarchicalTest`` (janezd/baycomp at commit 0ce309b, files
``baycomp/hierarchical-t-test.stan`` and ``baycomp/multiple.py``; lines cited below), sampled
by the Gibbs and slice sampler of the Rust core (``multicomp_core::hierarchical``) instead of
Stan's NUTS:

* the differences of data set i, d_ij = x_ij - y_ij (oriented), are scaled by the mean over
  the data sets of their standard deviations, and so is the rope (multiple.py 393-398);
* d_i ~ MVN(delta_i 1, sigma_i^2 M), M the correlation matrix of the folds, rho = 1/K for
  K-fold cross-validation repeated ``runs`` times (multiple.py 402, 416; stan 96-126);
* delta_i ~ Student-t(nu, delta0, std0), delta0 ~ U(-max|d|, max|d|), std0 ~ U(0, 1000 s_among),
  sigma_i ~ U(0, 1000 s_within), nu - 1 ~ Gamma(alpha, beta), alpha ~ U(1, 2), beta ~ U(0.01,
  0.1), with s_within the mean of the data sets' standard deviations and s_among the standard
  deviation of their means (multiple.py 407-423; stan 70-91, 130-142);
* each posterior draw of (delta0, std0, nu) gives the probabilities that the next data set's
  delta lies above the rope, within it, or below it; P(x better), P(equivalent), P(y better)
  are the fractions of draws in which each of the three is the largest (multiple.py 24-38,
  441-447), as for the other Bayesian tests.

Where this departs from baycomp: a data set whose fold differences do not vary is spread
around its own mean (baycomp spreads it around 0, multiple.py 406-411, which moves that data
set's mean to 0), by the same antithetic uniform values within the scaled rope; with rope = 0
such a data set is refused (baycomp then passes a zero variance to Stan). Stan's NUTS is
replaced by a Gibbs sampler (its conditionals are those of the same posterior). On the seven
recorded cases of tests/peers/baycomp_hierarchical.json the probabilities agree with
baycomp's within 0.009 and with a deterministic quadrature of the same posterior within 0.003
(their Monte Carlo error); baycomp's centred Stan program, which diverges in up to 2.4 % of
its transitions there, is up to 0.009 from the quadrature.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from multicomp import _core
from multicomp._internal import mcmc
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_bool, check_count, check_nonnegative
from multicomp._internal.work import check_work
from multicomp.pairs.bayesian import (
    BAYESIAN_ATTRIBUTES,
    MAX_SAMPLES,
    BayesianResult,
    pair_names,
    posterior_probabilities,
)

__all__ = ["HierarchicalResult", "bayesian_hierarchical_test"]

#: Most sweeps x data sets one call starts without ``max_work=``: 10^9, about a minute of two
#: cores (a sweep costs about 0.3 us per data set).
MAX_HIERARCHICAL_WORK = 10**9
#: baycomp's bounds of the prior (multiple.py 360-362): alpha, beta ranges and the factor of
#: the upper bounds of std0 and sigma_i.
ALPHA_RANGE = (1.0, 2.0)
BETA_RANGE = (0.01, 0.1)
UPPER_SIGMA = 1000.0
_PARAMETERS = ("delta0", "std0", "nu")


@dataclass(frozen=True, kw_only=True)
class HierarchicalResult(BayesianResult):
    __doc__ = f"""Posterior of the Bayesian hierarchical model of two algorithms on many
    data sets (:func:`bayesian_hierarchical_test`).

    ``samples`` holds, for each posterior draw, the probabilities (theta_x, theta_rope,
    theta_y) that the next data set's mean difference lies above the rope, within it, or
    below it.

    Attributes
    ----------
{BAYESIAN_ATTRIBUTES}
    delta0, std0, nu : numpy.ndarray
        The posterior draws (chains x draws per chain) of the population's mean difference,
        its scale and its degrees of freedom, in the units of the scores.
    rhat : dict
        Split R-hat of delta0, std0 and nu (close to 1 when the chains agree).
    ess : dict
        Their effective sample sizes.
    n_datasets : int
        The data sets compared.

    References
    ----------
    Corani, Benavoli, Demsar, Mangili & Zaffalon (2017), Statistical comparison of classifiers
    through Bayesian hierarchical modelling, Machine Learning 106:1817-1837.

    Examples
    --------
    >>> import numpy as np
    >>> import multicomp as mc
    >>> x, y = np.random.default_rng(1).normal(0.8, 0.02, (2, 6, 5))  # 6 data sets x 5 folds
    >>> res = mc.bayesian_hierarchical_test(x, y, n_draws=20_000, random_state=0)
    >>> res.diagnostics()["rhat"].round(2).tolist()
    [1.0, 1.0, 1.0]
    >>> bool((res.diagnostics()["ess"] > 1000).all())
    True
    """

    delta0: np.ndarray = field(repr=False, compare=False)
    std0: np.ndarray = field(repr=False, compare=False)
    nu: np.ndarray = field(repr=False, compare=False)
    rhat: dict[str, float] = field(default_factory=dict)
    ess: dict[str, float] = field(default_factory=dict)
    n_datasets: int = 0

    def diagnostics(self) -> pd.DataFrame:
        """Posterior mean, split R-hat and effective sample size of delta0, std0 and nu."""
        return pd.DataFrame(
            {
                "mean": [float(getattr(self, p).mean()) for p in _PARAMETERS],
                "rhat": [self.rhat[p] for p in _PARAMETERS],
                "ess": [self.ess[p] for p in _PARAMETERS],
            },
            index=pd.Index(_PARAMETERS, name="parameter"),
        )


@strict
def bayesian_hierarchical_test(
    x: object,
    y: object,
    *,
    rope: float = 0.0,
    runs: int = 1,
    higher_is_better: bool = True,
    names: tuple[str, str] | None = None,
    n_draws: int = 200_000,
    n_chains: int = 4,
    n_warmup: int = 1000,
    random_state: int | np.random.Generator | None = None,
    max_work: float = MAX_HIERARCHICAL_WORK,
) -> HierarchicalResult:
    """Bayesian hierarchical test of two algorithms on q data sets from their fold scores
    (Corani et al. 2017; baycomp's ``HierarchicalTest`` without Stan).

    Parameters
    ----------
    x, y : array_like or pandas.DataFrame
        The two algorithms' scores, q data sets (rows) x n folds (columns: ``runs``
        repetitions of K-fold cross-validation, n = runs K, the same splits for x and y).
    rope : float
        Half-width of the region of practical equivalence, in score units; 0 for none.
    runs : int
        Repetitions of the cross-validation: rho = runs / n, the correlation 1/K of folds.
    higher_is_better : bool
        False when lower scores are better.
    names : tuple of str, optional
        Labels of x and y (default "x" and "y").
    n_draws : int
        Posterior draws kept, over all chains (baycomp's default: 4 chains of 50,000).
    n_chains : int
        Independent chains, run in parallel; each gets n_draws / n_chains draws.
    n_warmup : int
        Sweeps discarded at the start of each chain.
    random_state : int or numpy.random.Generator, optional
        Seed of the chains (the result does not depend on the number of threads).
    max_work : float
        Most sweeps x data sets, (n_draws + n_chains n_warmup) q, started (default 10^9,
        about a minute); more is refused before it starts.

    Returns
    -------
    HierarchicalResult
        P(x better), P(equivalent), P(y better) for the next data set, the draws of delta0,
        std0 and nu, and their R-hat and effective sample sizes. A RuntimeWarning says when
        an R-hat exceeds 1.01 or an effective sample size is below 400.

    References
    ----------
    Corani, Benavoli, Demsar, Mangili & Zaffalon (2017), "Statistical comparison of
    classifiers through Bayesian hierarchical modelling", Machine Learning 106:1817-1837.
    Benavoli, Corani, Demsar & Zaffalon (2017), JMLR 18(77), Sec. 6.

    Examples
    --------
    >>> import numpy as np
    >>> import multicomp as mc
    >>> rng = np.random.default_rng(0)
    >>> x = rng.uniform(0.7, 0.9, (8, 1)) + rng.normal(0, 0.02, (8, 10))  # 8 data sets x 10 folds
    >>> y = x - 0.02 + rng.normal(0, 0.02, (8, 10))
    >>> res = mc.bayesian_hierarchical_test(x, y, rope=0.01, random_state=0)
    >>> print(res.to_frame().round(2))
                probability
    x better            1.0
    equivalent          0.0
    y better            0.0
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    rope = check_nonnegative(rope, "rope")
    n_chains = check_count(n_chains, "n_chains", 1, 256)
    n_draws = check_count(n_draws, "n_draws", 4 * n_chains, MAX_SAMPLES)
    n_warmup = check_count(n_warmup, "n_warmup", 0, 10**7)
    labels = pair_names(x, y, names)
    d, datasets = _differences(x, y, higher_is_better)
    runs = check_count(runs, "runs", 1, d.shape[1] // 2)
    if d.shape[1] % runs:
        raise ValueError(f"{d.shape[1]} folds are not {runs} runs of the same cross-validation")
    per_chain = n_draws // n_chains
    check_work(
        (per_chain + n_warmup) * n_chains * d.shape[0],
        check_nonnegative(max_work, "max_work"),
        f"the hierarchical model of {d.shape[0]} data sets needs (n_draws + n_chains n_warmup)"
        " x data sets sweeps of one data set (about 3 million a second)",
    )
    rng = np.random.default_rng(random_state)
    scale, scaled, scaled_rope = _scaled(d, rope, datasets, rng)
    delta0, std0, nu = _sample(scaled, runs, per_chain, n_chains, n_warmup, rng)
    samples = _next_dataset(delta0.ravel(), std0.ravel(), nu.ravel(), scaled_rope)
    p_x, p_rope, p_y = posterior_probabilities(samples, rope)
    draws = {"delta0": delta0 * scale, "std0": std0 * scale, "nu": nu}
    rhat, ess = _diagnose(draws)
    for array in (samples, *draws.values()):
        array.setflags(write=False)
    return HierarchicalResult(
        test="hierarchical",
        p_x_better=p_x,
        p_equivalent=p_rope,
        p_y_better=p_y,
        rope=rope,
        names=labels,
        samples=samples,
        options={"rho": runs / d.shape[1]},
        delta0=draws["delta0"],
        std0=draws["std0"],
        nu=draws["nu"],
        rhat=rhat,
        ess=ess,
        n_datasets=d.shape[0],
    )


def _differences(x: object, y: object, higher_is_better: bool) -> tuple[np.ndarray, list[str]]:
    """The oriented differences x - y (q, n) and the data sets' labels."""
    frames = [pd.DataFrame(np.asarray(v) if not isinstance(v, pd.DataFrame) else v) for v in (x, y)]
    if frames[0].shape != frames[1].shape or frames[0].ndim != 2:
        raise ValueError(
            "x and y must be two tables of the same shape, data sets x folds; got shapes "
            f"{frames[0].shape} and {frames[1].shape}"
        )
    try:
        values = [f.to_numpy(dtype=np.float64) for f in frames]
    except (TypeError, ValueError) as err:
        raise TypeError(f"the fold scores must be numbers: {err}") from None
    d = values[0] - values[1]
    if not np.isfinite(d).all():
        raise ValueError("the fold scores must be finite (no missing values)")
    if d.shape[1] < 2:
        raise ValueError(f"need at least 2 folds per data set, got {d.shape[1]}")
    return (d if higher_is_better else -d), [str(i) for i in frames[0].index]


def _scaled(
    d: np.ndarray, rope: float, datasets: list[str], rng: np.random.Generator
) -> tuple[float, np.ndarray, float]:
    """(scale, scaled differences, scaled rope): divided by the mean of the data sets'
    standard deviations (multiple.py 393-398); a data set whose differences do not vary is
    spread by antithetic uniform values within the scaled rope around its mean."""
    scale = float(np.std(d, axis=1).mean())
    if scale == 0:
        raise ValueError("the fold differences x - y do not vary within any data set")
    scaled, scaled_rope = d / scale, rope / scale
    constant = np.flatnonzero(np.ptp(scaled, axis=1) == 0)
    if constant.size and rope == 0:
        raise ValueError(
            "the fold differences do not vary in data set(s) "
            f"{', '.join(datasets[i] for i in constant)}; give a rope > 0 (they are then spread "
            "within it, as baycomp does) or leave them out"
        )
    half = d.shape[1] // 2
    for i in constant:
        spread = rng.uniform(-scaled_rope, scaled_rope, half)
        scaled[i, :half] += spread
        scaled[i, half : 2 * half] -= spread
    return scale, scaled, scaled_rope


def _sample(
    scaled: np.ndarray,
    runs: int,
    per_chain: int,
    n_chains: int,
    n_warmup: int,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Draws (chains, per_chain) of delta0, std0 and nu with baycomp's prior bounds
    (multiple.py 412-423)."""
    q, n = scaled.shape
    means = scaled.mean(axis=1)
    within = float(np.std(scaled, axis=1).mean())
    among = float(np.std(means)) if q > 1 else within
    return _core.hierarchical_sample(
        means,
        ((scaled - means[:, None]) ** 2).sum(axis=1),
        n=n,
        rho=runs / n,
        delta0_bound=float(np.abs(scaled).max()),
        std0_high=UPPER_SIGMA * (among if among > 0 else within),
        sigma_high=UPPER_SIGMA * within,
        alpha=ALPHA_RANGE,
        beta=BETA_RANGE,
        draws=per_chain,
        n_chains=n_chains,
        n_warmup=n_warmup,
        seed=int(rng.integers(2**63)),
    )


def _next_dataset(delta0: np.ndarray, std0: np.ndarray, nu: np.ndarray, rope: float) -> np.ndarray:
    """(theta_x, theta_rope, theta_y) of each draw: the probabilities that the next data
    set's delta ~ t(nu, delta0, std0) exceeds the rope, lies within it, or falls below it."""
    from scipy import stats

    theta_x = stats.t.sf((rope - delta0) / std0, nu)
    theta_y = stats.t.cdf((-rope - delta0) / std0, nu)
    return np.column_stack((theta_x, np.clip(1.0 - theta_x - theta_y, 0.0, 1.0), theta_y))


def _diagnose(draws: dict[str, np.ndarray]) -> tuple[dict[str, float], dict[str, float]]:
    """Split R-hat and effective sample size of each parameter, with a RuntimeWarning when
    one is poor."""
    rhat, ess = {}, {}
    for name, chains in draws.items():
        rhat[name], ess[name] = mcmc.split_rhat_ess(chains)
    poor = [
        f"{p} (R-hat {rhat[p]:.3f}, ESS {ess[p]:.0f})"
        for p in _PARAMETERS
        if rhat[p] > mcmc.RHAT_LIMIT or ess[p] < mcmc.ESS_LIMIT
    ]
    if poor:
        warnings.warn(
            f"the chains may not have converged: {', '.join(poor)}; R-hat should be at most "
            f"{mcmc.RHAT_LIMIT} and the effective sample size at least {mcmc.ESS_LIMIT:.0f}; "
            "use more draws (n_draws, n_warmup)",
            RuntimeWarning,
            stacklevel=3,
        )
    return rhat, ess
