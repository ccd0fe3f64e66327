"""The post-hoc comparisons of the rank tests of incomplete blocks (Skillings-Mack, Durbin;
:mod:`multicomp.ranktests.incomplete`), all pairs or with a control, through the registry of tests and
the one post-hoc pipeline (:func:`multicomp.posthoc.family.family`).

References: Skillings, J. H. & Mack, G. A. (1981), Technometrics 23(2):171-177. Conover, W. J.
(1999), Practical Nonparametric Statistics, 3rd ed., Wiley.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import numpy as np
import pandas as pd

from multicomp import ranktests
from multicomp._internal.validation import check_alpha, check_bool
from multicomp._internal.vocabulary import IncompleteTest
from multicomp.data.decorators import IncompleteOptions, takes_scores
from multicomp.data.scores import Scores, index_of
from multicomp.posthoc.family import family
from multicomp.posthoc.results import PosthocAllPairsResult, PosthocControlResult
from multicomp.procedures import base as procedures_registry
from multicomp.ranktests.blocks import blocks as incomplete_blocks

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["posthoc_incomplete"]


@takes_scores(IncompleteOptions, keep_missing=True)
def posthoc_incomplete(
    data: Scores,
    control: str | int | None = None,
    *,
    test: IncompleteTest = "skillings_mack",
    alpha: float = 0.05,
    procedures: Sequence[str] | None = None,
    tie_correction: bool = True,
    **reading: Unpack[IncompleteOptions],
) -> PosthocControlResult | PosthocAllPairsResult:
    """Post-hoc comparisons after :func:`skillings_mack` or :func:`durbin`.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores with missing cells, as for :func:`skillings_mack`.
    control : str or int, optional
        Compare every algorithm with this one (1 x N); by default all pairs (N x N).
    test : {'skillings_mack', 'durbin'}
        ``'skillings_mack'`` (any design): z = (A_l - A_j)/sqrt(Var(A_l - A_j)) from the
        adjusted rank sums and their covariance (on complete data the Friedman post-hoc z of
        Demsar 2006). ``'durbin'`` (a BIBD): Conover's t = (R_l - R_j) /
        sqrt((A - C) 2r (1 - T1/(b(k-1))) / (bk - b - t + 1)) with bk - b - t + 1 degrees of
        freedom (the ``z`` column then holds t), as scikit-posthocs' ``posthoc_durbin`` and
        PMCMRplus' ``durbinAllPairsTest`` compute it.
    alpha : float
        Significance level of ``reject``.
    procedures : sequence of str, optional
        Any registered procedure of the family (all pairs, or 1 x N with a control); default:
        those computed when none is named (not Finner, Li, Miller, the peers' single-step, the
        false discovery rate's), and Bergmann-Hommel only where k allows, as
        :func:`multicomp.posthoc_all_pairs` (those beyond their size limit, such as exact Rom
        beyond 100 comparisons, are left out and named in ``result.skipped``).
    tie_correction
        As for :func:`skillings_mack`.

    Returns
    -------
    PosthocControlResult or PosthocAllPairsResult
        As :func:`multicomp.posthoc_control` / :func:`multicomp.posthoc_all_pairs`;
        ``ranks`` are the average ranks of the test, ``se`` is NaN (it differs between pairs).

    Examples
    --------
    >>> import multicomp as mc
    >>> import numpy as np
    >>> scores = mc.load_example("demsar2006")
    >>> scores.iloc[0, 1] = scores.iloc[3, 2] = scores.iloc[5, 0] = np.nan  # three missing
    >>> res = mc.posthoc_incomplete(scores, control="C4.5+m+cf")
    >>> res.adjusted[["holm"]].round(4)
               holm
    C4.5     0.0141
    C4.5+m   1.0000
    C4.5+cf  0.0600
    """
    alpha = check_alpha(alpha)
    entry = ranktests.get_incomplete(test)
    blocks = incomplete_blocks(data)
    names = list(blocks.algorithms)
    k = len(names)
    comparison = "all_pairs" if control is None else "control"
    # no rank order: unequal SEs break the Robinson property of the p-values (before any work:
    # a requested procedure that does not apply); Durbin's t degrees of freedom for the peers'
    # single-step
    df = None if entry.posthoc_df is None else float(entry.posthoc_df(blocks))
    context = procedures_registry.Context(k, df=df)
    size = k * (k - 1) // 2 if control is None else k - 1
    planned = procedures_registry.plan(
        comparison, procedures, size, context, where=f" after {entry.name}"
    )
    if control is None:
        first, second = (
            np.array(side, dtype=int) for side in zip(*itertools.combinations(range(k), 2))
        )
    else:
        c = index_of(names, control)
        second = np.array([j for j in range(k) if j != c])
        first = np.full(second.size, c)
    tests = entry.posthoc(blocks, check_bool(tie_correction, "tie_correction"), first, second)
    ranks = pd.Series(tests.ranks, index=names, name="average_rank")
    difference = tests.ranks[second] - tests.ranks[first]
    if control is None:
        pairs = tuple((names[a], names[b]) for a, b in zip(first, second))
        labels = [f"{a} vs {b}" for a, b in pairs]
        hypotheses: dict[str, object] = {"pairs": pairs}
    else:
        labels = [names[j] for j in second]
        hypotheses = {"control": names[int(first[0])]}
    index = pd.Index(labels)
    columns = zip(("difference", "z", "pvalue"), (difference, tests.z, tests.pvalue))
    tested = {
        "test": entry.name,
        "alpha": alpha,
        "se": float("nan"),
        "n_datasets": len(blocks.datasets),
        "ranks": ranks,
        **{name: pd.Series(values, index=index, name=name) for name, values in columns},
        "options": {"tie_correction": bool(tie_correction)},
    }
    result = family(comparison, tested, planned, context, **hypotheses)
    return cast(PosthocControlResult | PosthocAllPairsResult, result)
