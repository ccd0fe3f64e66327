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

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from multicomp._internal import tables as _tables
from multicomp._internal.names import BAYESIAN_TEST_NAMES
from multicomp._internal.ranks import at_data_precision
from multicomp._internal.validation import check_bool, check_choice, check_count, check_nonnegative
from multicomp._internal.vocabulary import DATASETS_TESTS, BayesianTest, DataSetsTest, NanPolicy
from multicomp._internal.work import check_work, progress
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import (
    Scores,
    index_of,
    paired_differences,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "BayesianComparison",
    "BayesianResult",
    "bayesian_sign_test",
    "bayesian_signed_rank_test",
    "compare_bayesian",
]

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
    >>> res = mc.bayesian_sign_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, seed=0)
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

    def plot(self, **kwargs: Any) -> Any:
        """The posterior as baycomp draws it (:func:`multicomp.plot_posterior`)."""
        from multicomp.plotting.posterior import plot_posterior

        return plot_posterior(self, **kwargs)


def bayesian_signed_rank_test(
    x: object,
    y: object,
    *,
    rope: float = 0.0,
    prior: float = SIGNED_RANK_PRIOR,
    n_samples: int = 50_000,
    seed: int | np.random.Generator | None = None,
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
    n_samples : number S of posterior samples (Monte Carlo error about sqrt(p(1-p)/S)).
    seed : seed or ``numpy.random.Generator`` of the sampling, for reproducible results.
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
    >>> res = mc.bayesian_signed_rank_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, seed=0)
    >>> print(res)
    Bayesian signed-rank test of C4.5+m+cf vs C4.5 (rope = 0.01, prior = 0.5)
    C4.5+m+cf better   0.9659
    equivalent         0.0338
    C4.5 better        0.0003
    """
    d, rope, prior, n_samples, rng, names, omitted = _prepare(
        x, y, rope, prior, n_samples, seed, higher_is_better, names, nan_policy
    )
    snap = _snap(x, y, rope)
    check_work(
        n_samples * (d.size + 1),
        check_nonnegative(max_work, "max_work"),
        f"the signed-rank posterior of N = {d.size:,} data sets needs n_samples * (N + 1) "
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
    samples = np.empty((n_samples, 3))
    step = max(1, _CHUNK // (alpha.size + 1))
    with progress(n_samples, "signed-rank posterior samples") as bar:
        for start in range(0, n_samples, step):
            w = _dirichlet(rng, alpha, min(step, n_samples - start))[order]  # a sample a column
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


def bayesian_sign_test(
    x: object,
    y: object,
    *,
    rope: float = 0.0,
    prior: float = SIGN_PRIOR,
    n_samples: int = 50_000,
    seed: int | np.random.Generator | None = None,
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
    n_samples : int
        Posterior samples.
    seed : int or numpy.random.Generator, optional
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
    >>> res = mc.bayesian_sign_test(scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, seed=0)
    >>> print(res)
    Bayesian sign test of C4.5+m+cf vs C4.5 (rope = 0.01, prior = 1)
    C4.5+m+cf better   0.9536
    equivalent         0.0457
    C4.5 better        0.0007
    """
    d, rope, prior, n_samples, rng, names, omitted = _prepare(
        x, y, rope, prior, n_samples, seed, higher_is_better, names, nan_policy
    )
    snap = _snap(x, y, rope)
    n_x = int((snap(d - rope) > 0).sum())
    n_y = int((snap(-d - rope) > 0).sum())
    alpha = np.array([n_x, d.size - n_x - n_y + prior, n_y], dtype=np.float64)
    samples = np.ascontiguousarray(_dirichlet(rng, alpha, n_samples).T)
    return _result("sign", samples, rope, names, {"prior": prior}, omitted)


@dataclass(frozen=True, kw_only=True)
class BayesianComparison(_tables.NotebookView):
    """Bayesian comparisons of k algorithms over N data sets, pair by pair.

    The result of :func:`compare_bayesian`.

    A pair's ``decision`` is the outcome whose posterior probability reaches ``threshold``
    ("<first> better", "equivalent", "<second> better"), else "inconclusive" (Benavoli et al.
    2017, Sec. 5: decide only when one outcome is probable enough).

    Attributes
    ----------
    test : str
        ``'signed_rank'`` or ``'sign'``.
    rope : float
        Half-width of the region of practical equivalence, in score units.
    threshold : float
        The posterior probability an outcome needs to be decided.
    algorithms : tuple of str
        The algorithms compared.
    n_datasets : int
        N, the data sets used.
    control : str or None
        The control, or None for all pairs.
    pairs : tuple of (str, str)
        (first, second) in ``itertools.combinations`` order, or (control, other).
    results : tuple of BayesianResult
        The comparison of each pair (x = first, y = second).
    omitted : tuple of str
        The data sets left out by ``nan_policy='omit'`` (a missing score).

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), Time for a change: a tutorial for comparing
    multiple classifiers through Bayesian analysis, JMLR 18(77):1-36.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.compare_bayesian(scores, control="C4.5+m+cf", rope=0.01, seed=0)
    >>> res.to_frame()[["p_first_better", "decision"]]
                          p_first_better          decision
    pair
    C4.5+m+cf vs C4.5            0.96514  C4.5+m+cf better
    C4.5+m+cf vs C4.5+m          0.23758      inconclusive
    C4.5+m+cf vs C4.5+cf         0.77968      inconclusive
    """

    test: DataSetsTest
    rope: float
    threshold: float
    algorithms: tuple[str, ...]
    n_datasets: int
    control: str | None
    pairs: tuple[tuple[str, str], ...]
    results: tuple[BayesianResult, ...] = field(repr=False, compare=False)
    omitted: tuple[str, ...] = ()

    def decision(self, result: BayesianResult) -> str:
        """The outcome of one pair at ``threshold`` (see the class docstring)."""
        x, y = result.names
        for p, outcome in (
            (result.p_x_better, f"{x} better"),
            (result.p_equivalent, "equivalent"),
            (result.p_y_better, f"{y} better"),
        ):
            if p >= self.threshold:
                return outcome
        return "inconclusive"

    def to_frame(self) -> pd.DataFrame:
        """One row per pair "a vs b": ``first``, ``second``, ``p_first_better``,
        ``p_equivalent``, ``p_second_better`` and ``decision``."""
        return pd.DataFrame(
            {
                "first": [a for a, _ in self.pairs],
                "second": [b for _, b in self.pairs],
                "p_first_better": [r.p_x_better for r in self.results],
                "p_equivalent": [r.p_equivalent for r in self.results],
                "p_second_better": [r.p_y_better for r in self.results],
                "decision": [self.decision(r) for r in self.results],
            },
            index=pd.Index([f"{a} vs {b}" for a, b in self.pairs], name="pair"),
        )

    def _table(self, dialect: _tables.Dialect) -> str:
        options = f"rope = {self.rope:g}, prior = {self.results[0].options['prior']:g}"
        table = _tables.Table(
            title=f"{BAYESIAN_TEST_NAMES[self.test]}s on {self.n_datasets} data sets ({options})",
            header=("Pair", "P(first better)", "P(equivalent)", "P(second better)", "Decision"),
            rows=tuple(
                (
                    _tables.Cell(f"{a} vs {b}"),
                    *(
                        _tables.Cell(f"{p:.4f}", strong=p >= self.threshold)
                        for p in (r.p_x_better, r.p_equivalent, r.p_y_better)
                    ),
                    _tables.Cell(self.decision(r)),
                )
                for (a, b), r in zip(self.pairs, self.results)
            ),
            align="lrrrl",
            note=f"{dialect.strong_name.capitalize()}: posterior probability >= {self.threshold:g}."
            + (f" Omitted (a missing score): {', '.join(self.omitted)}." if self.omitted else ""),
        )
        return _tables.render(table, dialect)

    def to_text(self) -> str:
        return self._table(_tables.TEXT)

    def to_markdown(self) -> str:
        return self._table(_tables.MARKDOWN)

    def to_latex(self) -> str:
        return self._table(_tables.LATEX) + "\n"

    def to_csv(self) -> str:
        return self.to_frame().to_csv()

    def to_json(self, **kwargs: Any) -> str:
        """The table as JSON: one object per pair, keyed by "a vs b"."""
        return str(self.to_frame().to_json(orient="index", **{"indent": 2, **kwargs}))

    def __str__(self) -> str:
        return self.to_text()


@takes_scores(ScoreOptions)
def compare_bayesian(
    data: Scores,
    *,
    test: DataSetsTest = "signed_rank",
    rope: float = 0.0,
    control: str | int | None = None,
    threshold: float = 0.95,
    prior: float | None = None,
    n_samples: int = 50_000,
    seed: int | None = None,
    **reading: Unpack[ScoreOptions],
) -> BayesianComparison:
    """The Bayesian companion of :func:`multicomp.compare`: every pair of algorithms (or
    each against ``control``) by the Bayesian signed-rank or sign test over the data sets.

    Parameters
    ----------
    data : anything :func:`multicomp.compare` accepts (array, wide or long DataFrame, CSV).
    test : ``"signed_rank"`` (:func:`bayesian_signed_rank_test`) or ``"sign"``
        (:func:`bayesian_sign_test`).
    rope : half-width of the region of practical equivalence, in score units.
    control : compare each algorithm with this one only (a name or position).
    threshold : posterior probability at which a pair's outcome is decided (0.95).
    prior : prior strength (default: the test's, 0.5 signed-rank, 1 sign).
    n_samples, seed : posterior samples per pair, and the seed of all of them (each pair gets
        an independent stream spawned from it, so the result is reproducible).

    Returns
    -------
    BayesianComparison
        The posterior probabilities and decision of each pair (``to_frame()``, ``str()``,
        ``to_markdown()``, ``to_latex()``, ``to_csv()``, ``to_json()``).

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), "Time for a change: a tutorial for comparing
    multiple classifiers through Bayesian analysis", JMLR 18(77).

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.compare_bayesian(scores, control="C4.5+m+cf", rope=0.01, seed=0)
    >>> print(res)
    Bayesian signed-rank tests on 14 data sets (rope = 0.01, prior = 0.5)
    ---------------------------------------------------------------------
    Pair                  P(first better)  P(equivalent)  P(second better)  Decision
    --------------------  ---------------  -------------  ----------------  ----------------
    C4.5+m+cf vs C4.5             0.9651*         0.0344            0.0004  C4.5+m+cf better
    C4.5+m+cf vs C4.5+m            0.2376         0.7604            0.0020  inconclusive
    C4.5+m+cf vs C4.5+cf           0.7797         0.2195            0.0008  inconclusive
    *: posterior probability >= 0.95.
    """
    test = check_choice("test", test, DATASETS_TESTS)
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float, np.floating))
        or not 0.5 < threshold <= 1.0
    ):
        raise ValueError(f"threshold must be a probability in (0.5, 1], got {threshold!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise TypeError(f"seed must be an integer or None; got {seed!r}")
    scores = data
    names = scores.algorithms
    if control is None:
        pairs = list(itertools.combinations(range(len(names)), 2))
        shown = None
    else:
        c = index_of(names, control)
        pairs = [(c, j) for j in range(len(names)) if j != c]
        shown = names[c]
    func = bayesian_signed_rank_test if test == "signed_rank" else bayesian_sign_test
    if prior is None:
        prior = SIGNED_RANK_PRIOR if test == "signed_rank" else SIGN_PRIOR
    values = scores.oriented()
    seeds = np.random.SeedSequence(seed).spawn(len(pairs))
    results = tuple(
        func(
            values[:, a],
            values[:, b],
            rope=rope,
            n_samples=n_samples,
            seed=np.random.default_rng(s),
            names=(names[a], names[b]),
            prior=prior,
        )
        for (a, b), s in zip(pairs, seeds)
    )
    return BayesianComparison(
        test=test,
        rope=float(rope),
        threshold=float(threshold),
        algorithms=names,
        n_datasets=scores.n_datasets,
        control=shown,
        pairs=tuple((names[a], names[b]) for a, b in pairs),
        results=results,
        omitted=scores.omitted,
    )


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
    n_samples: int,
    seed: int | np.random.Generator | None,
    higher_is_better: bool,
    names: tuple[str, str] | None,
    nan_policy: NanPolicy,
) -> tuple[np.ndarray, float, float, int, np.random.Generator, tuple[str, str], tuple[str, ...]]:
    """Validated (oriented differences, rope, prior, S, generator, names, omitted data sets)."""
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    rope = check_nonnegative(rope, "rope")
    prior = check_nonnegative(prior, "prior")
    n_samples = check_count(n_samples, "n_samples", 1, MAX_SAMPLES)
    labels = pair_names(x, y, names)
    differences, omitted = paired_differences(x, y, nan_policy)
    d = differences.to_numpy()
    return (
        (d if higher_is_better else -d),
        rope,
        float(prior),
        n_samples,
        np.random.default_rng(seed),
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
