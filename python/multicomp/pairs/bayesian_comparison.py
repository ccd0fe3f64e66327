"""Bayesian comparison of every pair of algorithms over the data sets (compare_bayesian): the
Bayesian signed-rank or sign test of each pair, with the rope and the decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from multicomp._internal import mcmc, plots
from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.names import BAYESIAN_TEST_NAMES
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import DATASETS_TESTS, DataSetsTest
from multicomp.data.decorators import ScoreOptions, ScoresInput, takes_scores
from multicomp.data.scores import (
    Scores,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

from multicomp.pairs.bayesian import (
    SIGN_PRIOR,
    SIGNED_RANK_PRIOR,
    BayesianResult,
    bayesian_sign_test,
    bayesian_signed_rank_test,
)
from multicomp.pairs.hierarchical import MAX_HIERARCHICAL_WORK, HierarchicalResult
from multicomp.pairs.hierarchical_pairs import hierarchical_pairs, pair_positions

__all__ = ["CHAINS_NOTE", "BayesianComparison", "compare_bayesian"]

#: What the hierarchical tests' R-hat and ESS columns are.
CHAINS_NOTE = (
    " R-hat: the largest split R-hat, ESS: the smallest effective sample size of delta0, std0 "
    f"and nu (converged: R-hat <= {mcmc.RHAT_LIMIT} and ESS >= {mcmc.ESS_LIMIT:.0f})."
)


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
        ``'signed_rank'``, ``'sign'`` or ``'hierarchical'``.
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
        The comparison of each pair (x = first, y = second); with ``test='hierarchical'``
        their :class:`HierarchicalResult`, whose R-hat and effective sample sizes the
        table shows (the largest R-hat and the smallest ESS of delta0, std0 and nu).
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
    >>> res = mc.compare_bayesian(scores, control="C4.5+m+cf", rope=0.01, random_state=0)
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

    @strict
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
        ``p_equivalent``, ``p_second_better`` and ``decision`` (hierarchical: and ``rhat``,
        ``ess``, the largest R-hat and the smallest ESS of the pair's chains)."""
        return pd.DataFrame(
            {
                "first": [a for a, _ in self.pairs],
                "second": [b for _, b in self.pairs],
                "p_first_better": [r.p_x_better for r in self.results],
                "p_equivalent": [r.p_equivalent for r in self.results],
                "p_second_better": [r.p_y_better for r in self.results],
                "decision": [self.decision(r) for r in self.results],
                **(
                    {
                        "rhat": [max(r.rhat.values()) for r in self._chains()],
                        "ess": [min(r.ess.values()) for r in self._chains()],
                    }
                    if self.test == "hierarchical"
                    else {}
                ),
            },
            index=pd.Index([f"{a} vs {b}" for a, b in self.pairs], name="pair"),
        )

    @strict
    def plot(self, *, ax: Any = None, title: str | None = None) -> Any:
        """Each pair's P(first better), P(equivalent) and P(second better) as one split bar,
        the ``threshold`` dotted, and return the Figure (each pair's simplex: its result's
        ``.plot()``).

        Examples
        --------
        >>> import multicomp as mc
        >>> res = mc.compare_bayesian(mc.load_example("demsar2006"), rope=0.01,
        ...                           n_draws=2000, random_state=0)
        >>> len(res.plot().axes[0].get_yticklabels())
        6
        """
        return plots.pair_probabilities(
            self.pairs,
            [(r.p_x_better, r.p_equivalent, r.p_y_better) for r in self.results],
            threshold=self.threshold,
            title=title
            if title is not None
            else f"{BAYESIAN_TEST_NAMES[self.test]}s on {self.n_datasets} data sets "
            f"(rope = {self.rope:g})",
            ax=ax,
        )

    def _chains(self) -> list[HierarchicalResult]:
        return [r for r in self.results if isinstance(r, HierarchicalResult)]

    def _table(self, dialect: _tables.Dialect) -> str:
        options = self.results[0].options
        chains: list[tuple[str, ...]] = [()] * len(self.pairs)
        header: tuple[str, ...]
        if self.test == "hierarchical":
            shown = f"rope = {self.rope:g}, rho = {options['rho']:g}"
            header, align = ("R-hat", "ESS"), "rr"
            chains = [(f"{r:.3f}", f"{e:.0f}") for r, e in self.to_frame()[["rhat", "ess"]].values]
        else:
            shown = f"rope = {self.rope:g}, prior = {options['prior']:g}"
            header, align = (), ""
        table = _tables.Table(
            title=f"{BAYESIAN_TEST_NAMES[self.test]}s on {self.n_datasets} data sets ({shown})",
            header=(
                "Pair",
                "P(first better)",
                "P(equivalent)",
                "P(second better)",
                "Decision",
                *header,
            ),
            rows=tuple(
                (
                    _tables.Cell(f"{a} vs {b}"),
                    *(
                        _tables.Cell(f"{p:.4f}", strong=p >= self.threshold)
                        for p in (r.p_x_better, r.p_equivalent, r.p_y_better)
                    ),
                    _tables.Cell(self.decision(r)),
                    *map(_tables.Cell, diagnostics),
                )
                for (a, b), r, diagnostics in zip(self.pairs, self.results, chains)
            ),
            align="lrrrl" + align,
            note=f"{dialect.strong_name.capitalize()}: posterior probability >= {self.threshold:g}."
            + (CHAINS_NOTE if self.test == "hierarchical" else "")
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
        """The table as CSV, safe to open in a spreadsheet (a name that starts with ``=``,
        ``+``, ``-``, ``@``, a tab or a carriage return gets a leading apostrophe)."""
        return _tables.frame_csv(self.to_frame())

    @strict
    def to_json(self, *, indent: int | None = 2) -> str:
        """The table as JSON: one object per pair, keyed by "a vs b" (``indent``: spaces per
        level, None for one line)."""
        return str(self.to_frame().to_json(orient="index", indent=indent))

    def __str__(self) -> str:
        return self.to_text()


@takes_scores(ScoreOptions, raw=True)
def compare_bayesian(
    data: ScoresInput,
    *,
    test: DataSetsTest = "signed_rank",
    rope: float = 0.0,
    control: str | int | None = None,
    threshold: float = 0.95,
    prior: float | None = None,
    runs: int | None = None,
    n_draws: int = 50_000,
    random_state: int | None = None,
    max_work: float = MAX_HIERARCHICAL_WORK,
    **reading: Unpack[ScoreOptions],
) -> BayesianComparison:
    """The Bayesian companion of :func:`multicomp.compare`: every pair of algorithms (or
    each against ``control``) by the Bayesian signed-rank, sign or hierarchical test over the
    data sets.

    Parameters
    ----------
    data : anything :func:`multicomp.compare` accepts (array, wide or long DataFrame, CSV).
        For ``test="hierarchical"``: the scores of the folds, e.g. a long table with a fold
        column (a pair compares the folds of the same label; every algorithm of a data set
        needs the same labels), a 3-D array (data sets x algorithms x folds) or a dict of
        lists (the folds in the order given); every data set and algorithm with the same
        number of folds.
    test : ``"signed_rank"`` (:func:`bayesian_signed_rank_test`), ``"sign"``
        (:func:`bayesian_sign_test`) or ``"hierarchical"``
        (:func:`bayesian_hierarchical_test` of the folds).
    rope : half-width of the region of practical equivalence, in score units.
    control : compare each algorithm with this one only (a name or position).
    threshold : posterior probability at which a pair's outcome is decided (0.95).
    prior : prior strength of the signed-rank and sign tests (default: the test's, 0.5
        signed-rank, 1 sign).
    runs : with ``test="hierarchical"``: the repetitions of the cross-validation (default 1:
        the folds are one K-fold cross-validation; rho = runs / folds).
    n_draws, random_state : posterior samples per pair, and the random_state of all of them (each pair gets
        an independent stream spawned from it, so the result is reproducible).
    max_work : with ``test="hierarchical"``: most sweeps of one data set, pairs x (n_draws +
        4,000 warm-up) x data sets, started (default 10^9, about a minute); more is refused
        before the first pair starts.

    Returns
    -------
    BayesianComparison
        The posterior probabilities and decision of each pair (``to_frame()``, ``str()``,
        ``to_markdown()``, ``to_latex()``, ``to_csv()``, ``to_json()``); with
        ``test="hierarchical"`` each pair's :class:`HierarchicalResult` with its R-hat and
        effective sample sizes (a RuntimeWarning naming the pair when they are poor).

    References
    ----------
    Benavoli, Corani, Demsar & Zaffalon (2017), "Time for a change: a tutorial for comparing
    multiple classifiers through Bayesian analysis", JMLR 18(77).
    Corani, Benavoli, Demsar, Mangili & Zaffalon (2017), "Statistical comparison of
    classifiers through Bayesian hierarchical modelling", Machine Learning 106:1817-1837.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> res = mc.compare_bayesian(scores, control="C4.5+m+cf", rope=0.01, random_state=0)
    >>> print(res)
    Bayesian signed-rank tests on 14 data sets (rope = 0.01, prior = 0.5)
    ---------------------------------------------------------------------
    Pair                  P(first better)  P(equivalent)  P(second better)  Decision
    --------------------  ---------------  -------------  ----------------  ----------------
    C4.5+m+cf vs C4.5             0.9651*         0.0344            0.0004  C4.5+m+cf better
    C4.5+m+cf vs C4.5+m            0.2376         0.7604            0.0020  inconclusive
    C4.5+m+cf vs C4.5+cf           0.7797         0.2195            0.0008  inconclusive
    *: posterior probability >= 0.95.

    The hierarchical test reads the folds (here 6 data sets x 3 algorithms x 10 folds):

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> folds = rng.uniform(0.7, 0.9, (6, 1, 1)) + rng.normal(0, 0.02, (6, 3, 10))
    >>> folds[:, 0] += 0.03  # A1 better by 0.03
    >>> res = mc.compare_bayesian(folds, test="hierarchical", rope=0.01, n_draws=8000,
    ...                           random_state=0)
    >>> res.to_frame()[["p_first_better", "p_equivalent", "decision"]].round(2)
              p_first_better  p_equivalent      decision
    pair
    A1 vs A2            0.98          0.02     A1 better
    A1 vs A3            1.00          0.00     A1 better
    A2 vs A3            0.30          0.64  inconclusive
    """
    test = check_choice("test", test, DATASETS_TESTS)
    _check_options(test, threshold, random_state, prior, runs, data.options)
    results: tuple[BayesianResult, ...]
    if test == "hierarchical":
        cells, pairs, results = hierarchical_pairs(
            data,
            control,
            rope=rope,
            runs=runs,
            n_draws=n_draws,
            random_state=random_state,
            max_work=max_work,
            stacklevel=4,  # the user's call, above the input layer's wrapper
        )
    else:
        cells = data.scores()
        pairs, results = _pairwise(cells, test, control, rope, prior, n_draws, random_state)
    return BayesianComparison(
        test=test,
        rope=float(rope),
        threshold=float(threshold),
        algorithms=cells.algorithms,
        n_datasets=cells.n_datasets,
        control=None if control is None else pairs[0][0],
        pairs=pairs,
        results=results,
        omitted=cells.omitted,
    )


def _check_options(
    test: str,
    threshold: object,
    random_state: object,
    prior: object,
    runs: object,
    reading: dict[str, object],
) -> None:
    """TypeError or ValueError for a bad threshold or random_state, or an option of another
    test."""
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float, np.floating))
        or not 0.5 < threshold <= 1.0
    ):
        raise ValueError(f"threshold must be a probability in (0.5, 1], got {threshold!r}")
    if random_state is not None and (
        isinstance(random_state, bool) or not isinstance(random_state, (int, np.integer))
    ):
        raise TypeError(f"random_state must be an integer or None; got {random_state!r}")
    if test == "hierarchical" and prior is not None:
        raise ValueError("prior= applies to the signed-rank and sign tests, not the hierarchical")
    if test != "hierarchical" and runs is not None:
        raise ValueError(f"runs= applies to test='hierarchical'; got it with test={test!r}")
    if test == "hierarchical" and reading.get("aggregate") is not None:
        raise ValueError(
            "aggregate= combines the folds, which test='hierarchical' models one by one: "
            "leave it out"
        )


def _pairwise(
    scores: Scores,
    test: str,
    control: str | int | None,
    rope: float,
    prior: float | None,
    n_draws: int,
    random_state: int | None,
) -> tuple[tuple[tuple[str, str], ...], tuple[BayesianResult, ...]]:
    """The pairs and their Bayesian signed-rank or sign tests, each seeded by its stream of
    ``SeedSequence(random_state).spawn``."""
    names = scores.algorithms
    pairs = pair_positions(names, control)
    func = bayesian_signed_rank_test if test == "signed_rank" else bayesian_sign_test
    if prior is None:
        prior = SIGNED_RANK_PRIOR if test == "signed_rank" else SIGN_PRIOR
    values = scores.oriented()
    seeds = np.random.SeedSequence(random_state).spawn(len(pairs))
    results = tuple(
        func(
            values[:, a],
            values[:, b],
            rope=rope,
            n_draws=n_draws,
            random_state=np.random.default_rng(s),
            names=(names[a], names[b]),
            prior=prior,
        )
        for (a, b), s in zip(pairs, seeds)
    )
    return tuple((names[a], names[b]) for a, b in pairs), results
