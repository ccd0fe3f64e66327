"""Bayesian comparison of every pair of algorithms over the data sets (compare_bayesian): the
Bayesian signed-rank or sign test of each pair, with the rope and the decisions."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.names import BAYESIAN_TEST_NAMES
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import DATASETS_TESTS, DataSetsTest
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import (
    Scores,
    index_of,
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

__all__ = ["BayesianComparison", "compare_bayesian"]


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


@takes_scores(ScoreOptions)
def compare_bayesian(
    data: Scores,
    *,
    test: DataSetsTest = "signed_rank",
    rope: float = 0.0,
    control: str | int | None = None,
    threshold: float = 0.95,
    prior: float | None = None,
    n_draws: int = 50_000,
    random_state: int | None = None,
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
    n_draws, random_state : posterior samples per pair, and the random_state of all of them (each pair gets
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
    """
    test = check_choice("test", test, DATASETS_TESTS)
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
