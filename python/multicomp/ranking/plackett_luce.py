"""Bayesian analysis of the rankings of many algorithms: the Plackett-Luce model.

Each data set ranks the k algorithms by their scores. Under the Plackett-Luce model
(Plackett 1975; Luce 1959) a ranking is built from the top: the best algorithm of a data set
is a with probability w_a (the normalised weights sum to 1), the next one is drawn in the same
way among the rest, and so on. So w_a is the probability that a ranks first on a new data
set, and w_a / (w_a + w_b) the probability that a ranks above b. The prior of the weights is
Dirichlet(``prior``, ..., ``prior``), uniform by default, as in Calvo et al. (2018, 2019) and
scmamp's ``bPlackettLuceModel``; the posterior is sampled by the Gibbs sampler of Caron &
Doucet (2012) in the Rust core (independent Gamma(prior, 1) weights, whose normalisation has
that Dirichlet prior; latent exponential variables per ranking stage; conjugate Gamma
updates; an exact redraw of the scale), in ``n_chains`` parallel chains.

Ties (equal scores on a data set, after the package's ranking) are by default
(``ties="integrate"``) orders that the data do not tell: the likelihood of a data set is
the sum of the model's probabilities over the orders of its tied algorithms, sampled as a
latent variable (one Metropolis-Hastings step per tie and sweep). ``ties="random"`` breaks
each tie once at random, as scmamp does (``rank(ties.method = "random")``), so the result
depends on that draw (seeded by ``random_state``); it treats the invented order as observed,
and its posterior is too narrow: in a simulation-based calibration with a quarter of the
adjacent positions tied, the true weights fell outside the central bins far too often
(chi-square p < 0.001 for every algorithm; ``ties="integrate"`` passed, p 0.25 to 0.90;
benches/RESULTS-plackett-luce.md).

The summaries: the posterior mean and an equal-tailed credible interval of each weight; the
posterior probability that each algorithm has the largest weight (``p_best``); for every
pair, the posterior probability that a's weight exceeds b's (``p_better``: a is the better
algorithm, the Bayesian counterpart of a pairwise test) and the expected probability that a
ranks above b on a new data set (``p_above``, the posterior mean of w_a / (w_a + w_b)). The
split R-hat of each weight (Gelman et al. 2013) checks that the chains agree.

Validated against the exact posterior by numerical integration (k = 3), by simulation-based
calibration and against an independent Metropolis sampler (tests/test_plackett_luce.py,
benches/plackett_luce.py, benches/RESULTS-plackett-luce.md).
"""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from multicomp._core import plackett_luce_gibbs, plackett_luce_pairs
from multicomp._internal import plots
from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.ranks import friedman_ranks
from multicomp._internal.seeds import DEFAULT_SEED, RandomState
from multicomp._internal.validation import check_choice, check_count, check_fraction
from multicomp._internal.vocabulary import (
    RANKING_MATRICES,
    RANKING_TIES,
    RankingMatrix,
    RankingTies,
)
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["MAX_WORK", "BayesianRankingResult", "bayesian_ranking"]


#: Most work of one call: (n_draws + n_chains n_burn) N k latent variables of the sampler
#: (about 4 ns each on one core) and n_draws k^2 terms of the pairwise summaries; 1e10 is
#: about 40 s. The sampler returns at most 1e8 values (800 MB).
MAX_WORK = 1e10

_REFERENCES = """    Calvo, Ceberio & Lozano (2018), "Bayesian inference for algorithm ranking analysis",
    GECCO '18 Companion, 324-325. Calvo, Shir, Ceberio, Doerr, Wang, Back & Lozano (2019),
    "Bayesian performance analysis for black-box optimization benchmarking", GECCO '19
    Companion, 1789-1797. Caron & Doucet (2012), "Efficient Bayesian inference for
    generalized Bradley-Terry models", Journal of Computational and Graphical Statistics
    21(1), 174-196. Plackett (1975), "The analysis of permutations", Applied Statistics 24(2),
    193-202. Gelman, Carlin, Stern, Dunson, Vehtari & Rubin (2013), Bayesian Data Analysis,
    3rd ed., Sec. 11.4 (split R-hat)."""


@dataclass(frozen=True, kw_only=True)
class BayesianRankingResult(_tables.NotebookView):
    __doc__ = f"""Posterior of the Plackett-Luce weights of k algorithms ranked on N data sets.

    The result of :func:`bayesian_ranking`; arrays follow the order of ``algorithms``.

    Attributes
    ----------
    algorithms : tuple of str
        The algorithms.
    n_datasets : int
        N, the rankings (data sets) used.
    mean : numpy.ndarray
        Posterior mean of each normalised weight: the probability that the algorithm ranks
        first on a new data set.
    interval : numpy.ndarray
        k x 2 equal-tailed credible interval of each weight at ``credible_level``.
    p_best : numpy.ndarray
        Posterior probability that each algorithm has the largest weight (sums to 1).
    p_better : numpy.ndarray
        k x k, P(w_a > w_b | data): the posterior probability that a is better than b
        (p_better[a, b] + p_better[b, a] = 1; 0 on the diagonal).
    p_above : numpy.ndarray
        k x k, the posterior mean of w_a / (w_a + w_b): the probability that a ranks above b
        on a new data set (p_above + p_above.T = 1 off the diagonal; 0 on it).
    rhat : numpy.ndarray
        Split R-hat of each weight over the chains (near 1 when the chains agree; NaN
        with fewer than 4 draws per chain).
    samples : numpy.ndarray
        The n_draws x k posterior draws of the normalised weights (rows sum to 1), the
        draws of each chain in turn.
    credible_level : float
        The level of ``interval``.
    prior : float
        The Dirichlet concentration of the prior of the weights.
    n_chains, n_burn : int
        The chains and the sweeps each discarded at its start.
    ties : str
        ``'integrate'`` or ``'random'``.
    n_ties : int
        The data sets with at least one tie.
    omitted : tuple of str
        The data sets left out by ``nan_policy='omit'``.

    References
    ----------
{_REFERENCES}

    Examples
    --------
    >>> import multicomp as mc
    >>> result = mc.bayesian_ranking(mc.load_example("demsar2006"), n_draws=4000)
    >>> result.to_frame(sort=True).round(2)
               mean  lower  upper  p_best  rhat
    algorithm
    C4.5+m+cf  0.39   0.21   0.59    0.51   1.0
    C4.5+m     0.38   0.21   0.58    0.49   1.0
    C4.5+cf    0.13   0.05   0.25    0.00   1.0
    C4.5       0.10   0.03   0.19    0.00   1.0
    >>> p_better = result.matrix("p_better")  # P(row's weight > column's)
    >>> round(float(p_better.loc["C4.5+m+cf", "C4.5"]), 3)
    0.997
    >>> round(float(p_better.loc["C4.5+m+cf", "C4.5+m"]), 2)  # a toss-up
    0.51
    """

    algorithms: tuple[str, ...]
    n_datasets: int
    mean: np.ndarray = field(repr=False, compare=False)
    interval: np.ndarray = field(repr=False, compare=False)
    p_best: np.ndarray = field(repr=False, compare=False)
    p_better: np.ndarray = field(repr=False, compare=False)
    p_above: np.ndarray = field(repr=False, compare=False)
    rhat: np.ndarray = field(repr=False, compare=False)
    samples: np.ndarray = field(repr=False, compare=False)
    credible_level: float
    prior: float
    n_chains: int
    n_burn: int
    ties: RankingTies
    n_ties: int
    omitted: tuple[str, ...] = ()

    @strict
    def to_frame(self, sort: bool = False) -> pd.DataFrame:
        """One row per algorithm: ``mean``, ``lower``, ``upper`` (the credible interval),
        ``p_best`` and ``rhat``; with ``sort``, by decreasing mean weight."""
        frame = pd.DataFrame(
            {
                "mean": self.mean,
                "lower": self.interval[:, 0],
                "upper": self.interval[:, 1],
                "p_best": self.p_best,
                "rhat": self.rhat,
            },
            index=pd.Index(self.algorithms, name="algorithm"),
        )
        return frame.iloc[np.argsort(-self.mean, kind="stable")] if sort else frame

    @strict
    def matrix(self, which: RankingMatrix = "p_better") -> pd.DataFrame:
        """``p_better`` or ``p_above`` as a k x k DataFrame (row a, column b)."""
        which = check_choice("which", which, RANKING_MATRICES)
        names = list(self.algorithms)
        return pd.DataFrame(getattr(self, which), index=names, columns=names)

    def _table(self, dialect: _tables.Dialect) -> str:
        level = f"{100 * self.credible_level:g}%"
        frame = self.to_frame(sort=True)
        table = _tables.Table(
            title=(
                f"Bayesian Plackett-Luce ranking of {len(self.algorithms)} algorithms on "
                f"{self.n_datasets} data sets (Dirichlet({self.prior:g}) prior, "
                f"{self.samples.shape[0]:,} draws in {self.n_chains} chains)"
            ),
            header=("Algorithm", "Weight", f"{level} interval", "P(best)"),
            rows=tuple(
                (
                    _tables.Cell(str(name)),
                    _tables.Cell(f"{row['mean']:.3f}"),
                    _tables.Cell(f"[{row['lower']:.3f}, {row['upper']:.3f}]"),
                    _tables.Cell(f"{row['p_best']:.3f}"),
                )
                for name, row in frame.iterrows()
            ),
            align="lrrr",
            note=self._note(),
        )
        return _tables.render(table, dialect)

    def to_text(self) -> str:
        """The table of :meth:`__str__`: the algorithms by decreasing weight."""
        return self._table(_tables.TEXT)

    def to_markdown(self) -> str:
        return self._table(_tables.MARKDOWN)

    def to_latex(self) -> str:
        return self._table(_tables.LATEX) + "\n"

    def to_html(self) -> str:
        return self._table(_tables.HTML)

    def to_csv(self) -> str:
        """``to_frame(sort=True)`` as CSV, safe to open in a spreadsheet (a name that starts
        with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
        apostrophe)."""
        return _tables.frame_csv(self.to_frame(sort=True))

    @strict
    def to_json(self, *, indent: int | None = 2) -> str:
        """``to_frame(sort=True)`` as JSON: one object per algorithm, keyed by its name
        (``indent``: spaces per level, None for one line)."""
        return str(self.to_frame(sort=True).to_json(orient="index", indent=indent))

    def __str__(self) -> str:
        return self.to_text()

    def _note(self) -> str:
        ties = (
            f" {self.n_ties} data set(s) with tied scores ("
            + ("orders integrated over)." if self.ties == "integrate" else "broken at random).")
            if self.n_ties
            else ""
        )
        omitted = f" Omitted (a missing score): {', '.join(self.omitted)}." if self.omitted else ""
        return (
            "Weight: the probability of ranking first on a new data set (posterior mean). "
            f"Largest split R-hat: {np.nanmax(self.rhat):.3f}.{ties}{omitted}"
            if np.isfinite(self.rhat).any()
            else f"Weight: the probability of ranking first on a new data set.{ties}{omitted}"
        )

    @strict
    def plot(self, *, ax: Any = None, title: str | None = None) -> Any:
        """The posterior weights with their intervals, sorted
        (:func:`multicomp.plotting.ranking.plot_ranking`)."""
        return plots.ranking(self, ax=ax, title=title)


@takes_scores(ScoreOptions)
def bayesian_ranking(
    data: Scores,
    *,
    prior: float = 1.0,
    n_draws: int = 10_000,
    n_chains: int = 4,
    n_burn: int = 500,
    ties: RankingTies = "integrate",
    credible_level: float = 0.95,
    random_state: RandomState = DEFAULT_SEED,
    **reading: Unpack[ScoreOptions],
) -> BayesianRankingResult:
    """Bayesian analysis of the rankings of k algorithms on N data sets (Plackett-Luce).

    Each data set ranks the algorithms by score; the posterior of their Plackett-Luce weights
    (the probability of ranking first on a new data set) is sampled by a Gibbs sampler (Caron
    & Doucet 2012) in the Rust core, without Stan or a compiler, seeded, in parallel chains
    whose draws do not depend on the number of threads. See :mod:`multicomp.ranking.plackett_luce`.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        The scores, in any form :func:`multicomp.compare` accepts (rows = data sets).
    prior : float
        Concentration of the Dirichlet prior of the normalised weights (1: uniform, as
        scmamp's ``bPlackettLuceModel``); the shape of the Gamma prior of each weight.
    n_draws : int
        Posterior draws kept, in all (split over the chains). The Monte Carlo error of a
        probability p is about sqrt(p (1 - p) / n_draws) times a small inefficiency factor.
    n_chains : int
        Independent chains, run in parallel, each started from equal weights.
    n_burn : int
        Sweeps discarded at the start of each chain.
    ties : {'integrate', 'random'}
        Tied scores on a data set: 'integrate' (default) sums over the orders of the tied
        algorithms; 'random' breaks each tie once at random (scmamp), which makes the
        posterior too narrow when ties are frequent (measured, see the module docstring).
    credible_level : float
        Level of the equal-tailed credible intervals, in (0, 1).
    random_state : int, numpy.random.Generator or None
        Seed of the chains (and of the random tie-breaks); the default gives the same result
        at every call, None fresh entropy.

    Returns
    -------
    BayesianRankingResult
        The posterior mean and credible interval of each weight, the probability that each
        algorithm is the best, the pairwise probabilities and the draws.

    Notes
    -----
    Work and memory grow like (n_draws + n_chains n_burn) N k and n_draws k; a call beyond
    :data:`MAX_WORK` is refused before any work. k = 50 algorithms on N = 100 data sets
    with 10,000 draws take 0.35 s of CPU, about 0.2 s on two idle cores
    (benches/RESULTS-plackett-luce.md).

    References
    ----------
    {references}

    Examples
    --------
    >>> import numpy as np
    >>> import multicomp as mc
    >>> rng = np.random.default_rng(1)
    >>> scores = rng.normal(size=(40, 3)) + [0.0, 0.5, 1.0]
    >>> result = mc.bayesian_ranking(scores, n_draws=4000)
    >>> print(result)
    Bayesian Plackett-Luce ranking of 3 algorithms on 40 data sets (Dirichlet(1) prior, 4,000 draws in 4 chains)
    ------------------------------------------------------------------------------------------------------------
    Algorithm  Weight    95% interval  P(best)
    ---------  ------  --------------  -------
    A3          0.497  [0.373, 0.621]    0.960
    A2          0.302  [0.204, 0.411]    0.040
    A1          0.201  [0.126, 0.290]    0.001
    Weight: the probability of ranking first on a new data set (posterior mean). Largest split R-hat: 1.001.
    """
    prior_value = _check_prior(prior)
    ties = check_choice("ties", ties, RANKING_TIES)
    level = check_fraction(credible_level, "credible_level")
    n_chains = check_count(n_chains, "n_chains", 1, 1_000)
    n_draws = check_count(n_draws, "n_draws", n_chains)
    n_burn = check_count(n_burn, "n_burn", 0)
    scores = data
    n, k = scores.values.shape
    work = (n_draws + n_chains * n_burn) * n * k + n_draws * k * k
    if work > MAX_WORK:
        raise ValueError(
            f"(n_draws + n_chains n_burn) N k + n_draws k^2 = {work:.3g} exceeds "
            f"{MAX_WORK:.0e} (N = {n}, k = {k}): use fewer draws"
        )
    rng = np.random.default_rng(random_state)
    seed = int(rng.integers(2**64, dtype=np.uint64))
    ranks = friedman_ranks(scores.oriented())
    order, tied = rankings(ranks, rng if ties == "random" else None)
    samples = plackett_luce_gibbs(
        order, tied, n_draws=n_draws, n_chains=n_chains, n_burn=n_burn, prior=prior_value, seed=seed
    )
    samples.setflags(write=False)
    return BayesianRankingResult(
        algorithms=scores.algorithms,
        n_datasets=n,
        **summaries(samples, n_chains, level),
        samples=samples,
        credible_level=level,
        prior=prior_value,
        n_chains=n_chains,
        n_burn=n_burn,
        ties=ties,
        n_ties=int(np.count_nonzero(rankings(ranks, None)[1].any(axis=1))),
        omitted=scores.omitted,
    )


# The references written once (Python 3.13 dedents docstrings when compiling: clean both).
bayesian_ranking.__doc__ = inspect.cleandoc(bayesian_ranking.__doc__ or "").replace(
    "{references}", textwrap.dedent(_REFERENCES)
)


def rankings(ranks: np.ndarray, rng: np.random.Generator | None) -> tuple[np.ndarray, np.ndarray]:
    """(order, tied) of N x k within-row ranks (1 = best, ties averaged): ``order[i]`` lists
    the algorithms of data set i from best to worst, ``tied[i, j]`` says that positions j and
    j + 1 tie. With ``rng``, ties are broken at random and ``tied`` is all False."""
    if rng is None:
        order = np.argsort(ranks, axis=1, kind="stable")
        ordered = np.take_along_axis(ranks, order, axis=1)
        tied = np.zeros(ranks.shape, dtype=bool)
        tied[:, :-1] = ordered[:, :-1] == ordered[:, 1:]
        return order, tied
    keys = rng.random(ranks.shape)
    order = np.array([np.lexsort((key, row)) for key, row in zip(keys, ranks)], dtype=np.int64)
    return order.reshape(ranks.shape), np.zeros(ranks.shape, dtype=bool)


def summaries(samples: np.ndarray, n_chains: int, level: float) -> dict[str, np.ndarray]:
    """The result's summaries of n_draws x k draws: mean, interval, p_best, p_better,
    p_above and rhat (each read-only)."""
    s, k = samples.shape
    tail = (1.0 - level) / 2
    p_better, p_above = plackett_luce_pairs(samples)
    out = {
        "mean": samples.mean(axis=0),
        "interval": np.quantile(samples, [tail, 1.0 - tail], axis=0).T,
        "p_best": np.bincount(np.argmax(samples, axis=1), minlength=k) / s,
        "p_better": p_better,
        "p_above": p_above,
        "rhat": split_rhat(samples, n_chains),
    }
    for value in out.values():
        value.setflags(write=False)
    return out


def split_rhat(samples: np.ndarray, n_chains: int) -> np.ndarray:
    """Split R-hat of each column of ``samples``, the draws of ``n_chains`` chains in turn
    (chain c has n // n_chains draws, one more for c < n % n_chains): each chain is cut into
    halves of equal length m (Gelman et al. 2013, Sec. 11.4); NaN when m < 2."""
    n, k = samples.shape
    sizes = n // n_chains + (np.arange(n_chains) < n % n_chains)
    m = int(sizes.min()) // 2
    if m < 2:
        return np.full(k, np.nan)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    halves = np.stack(
        [samples[start + offset : start + offset + m] for start in starts for offset in (0, m)]
    )  # (2 n_chains, m, k)
    within = halves.var(axis=1, ddof=1).mean(axis=0)
    between = m * halves.mean(axis=1).var(axis=0, ddof=1)
    pooled = (m - 1) / m * within + between / m
    with np.errstate(divide="ignore", invalid="ignore"):
        rhat: np.ndarray = np.sqrt(pooled / within)
    return rhat


def _check_prior(prior: object) -> float:
    """The prior's concentration as a float, or TypeError/ValueError unless finite and > 0."""
    if isinstance(prior, bool) or not isinstance(prior, (int, float, np.integer, np.floating)):
        raise TypeError(f"prior must be a finite number > 0; got {prior!r}")
    if not (np.isfinite(prior) and prior > 0):
        raise ValueError(f"prior must be a finite number > 0; got {prior!r}")
    return float(prior)
