"""The multi-comparison matrix (Ismail-Fawaz et al. 2023): every pair of algorithms compared on
its own, ordered by mean score, so that adding or removing an algorithm changes no other cell.

For each pair (row r, column c): the mean difference of their scores over the data sets, the
data sets on which r wins, ties and loses against c, the p-value of the Wilcoxon signed-rank
test of r against c and, unlike the original, that p-value adjusted for the k(k-1)/2 pairs
(Holm by default). The p-values are the pair's own (Benavoli, Corani & Mangili 2016): they do
not depend on the other algorithms compared, and neither does the rest of a cell. The adjusted
p-value is the one entry that does (the family grows with k); the stability holds for the
others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import numpy as np
import pandas as pd
from scipy import stats

from multicomp._internal import plots
from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.ranks import difference
from multicomp._internal.validation import check_alpha, check_choice
from multicomp._internal.vocabulary import MATRIX_ZERO_METHODS, MatrixAnnotate, MatrixZeroMethod
from multicomp.data.decorators import ScoreOptions, takes_scores
from multicomp.data.scores import Scores
from multicomp.pairs.wilcoxon import EXACT_MAX_N
from multicomp.procedures.adjust import adjust_all_pairs
from multicomp.procedures.base import after_pairwise

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from typing_extensions import Unpack

__all__ = ["ComparisonMatrix", "comparison_matrix"]


#: The pairs whose differences are held at once (N x this many floats, a few times over).
_BLOCK = 100_000
#: The cells of the matrix, one k x k table each (the columns of ``to_frame``).
CELLS = ("mean_difference", "wins", "ties", "losses", "pvalue", "adjusted")


@dataclass(frozen=True)
class ComparisonMatrix(_tables.NotebookView):
    """The multi-comparison matrix of k algorithms over N data sets.

    Attributes
    ----------
    algorithms : tuple of str
        The algorithms, best mean score first (ties in input order): the order of the rows
        and columns of every table.
    means : pandas.Series
        The mean score of each algorithm over the data sets.
    statistic : pandas.DataFrame
        k x k mean differences, row minus column, in score units (the matrix's
        ``mean_difference``).
    wins, ties, losses : pandas.DataFrame
        k x k counts of data sets on which the row is better than, equal to (at the precision
        of the data), worse than the column.
    pvalue : pandas.DataFrame
        k x k two-sided p-values of the Wilcoxon signed-rank test of each pair (symmetric,
        NaN diagonal).
    adjusted : pandas.DataFrame
        ``pvalue`` adjusted for the k(k-1)/2 pairs by ``procedure``.
    procedure : str
        'holm' (default) or 'bonferroni'.
    alpha : float
        Level of the decisions (``reject``) and of the bold cells of the figure.
    zero_method : str
        How the Wilcoxon test treats zero differences ('pratt', as the original).
    n_datasets : int
        N.
    higher_is_better : bool
        The direction of the scores (wins count the better score).
    omitted : tuple of str
        The data sets that ``nan_policy='omit'`` left out.

    References
    ----------
    Ismail-Fawaz, Dempster, Tan, Herrmann, Miller, Schmidt, Berretti, Weber, Devanne,
    Forestier & Webb (2023), An approach to multiple comparison benchmark evaluations that is
    stable under manipulation of the comparate set, arXiv:2305.11921.
    Benavoli, Corani & Mangili (2016), Should we really use post-hoc tests based on mean-ranks?,
    JMLR 17(5):1-10.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> mcm = mc.comparison_matrix(scores)
    >>> mcm.means.round(4)
    C4.5+m+cf    0.8272
    C4.5+m       0.8204
    C4.5+cf      0.8088
    C4.5         0.8049
    Name: mean, dtype: float64
    """

    algorithms: tuple[str, ...]
    means: pd.Series
    statistic: pd.DataFrame
    wins: pd.DataFrame
    ties: pd.DataFrame
    losses: pd.DataFrame
    pvalue: pd.DataFrame
    adjusted: pd.DataFrame
    procedure: str
    alpha: float
    zero_method: MatrixZeroMethod
    n_datasets: int
    higher_is_better: bool = True
    omitted: tuple[str, ...] = field(default=(), repr=False)

    @property
    def reject(self) -> pd.DataFrame:
        """k x k decisions at ``alpha`` (adjusted p-value <= alpha)."""
        return self.adjusted <= self.alpha

    @strict
    def cells(self, name: str) -> pd.DataFrame:
        """One k x k table by name: 'mean_difference', 'wins', 'ties', 'losses', 'pvalue' or
        'adjusted'."""
        name = check_choice("name", name, CELLS)
        return self.statistic if name == "mean_difference" else getattr(self, name)

    def to_frame(self) -> pd.DataFrame:
        """One row per pair "r vs c" (r before c in the order): first, second, and the cells."""
        first, second = np.triu_indices(len(self.algorithms), k=1)
        names = np.array(self.algorithms, dtype=object)
        frame = pd.DataFrame(
            {"first": names[first], "second": names[second]},
            index=[f"{a} vs {b}" for a, b in zip(names[first], names[second])],
        )
        for name in CELLS:
            frame[name] = self.cells(name).to_numpy()[first, second]
        frame["reject"] = frame["adjusted"] <= self.alpha
        return frame

    @strict
    def plot(
        self,
        *,
        annotate: MatrixAnnotate = "auto",
        upper_only: bool = False,
        cmap: str = "coolwarm",
        precision: int = 3,
        ax: Axes | None = None,
    ) -> Figure:
        """The heat map in the style of the paper (:func:`multicomp.plotting.matrix.plot_matrix`,
        which documents the keywords)."""
        figure = plots.matrix(
            self,
            annotate=annotate,
            upper_only=upper_only,
            cmap=cmap,
            precision=precision,
            ax=ax,
        )
        return cast("Figure", figure)

    def __str__(self) -> str:
        better = "higher" if self.higher_is_better else "lower"
        return (
            f"Multi-comparison matrix (N = {self.n_datasets}, k = {len(self.algorithms)}, "
            f"{better} is better; Wilcoxon p-values, {self.procedure} at alpha = "
            f"{self.alpha:g})\nmeans: "
            + ", ".join(f"{a} {m:.4g}" for a, m in self.means.items())
            + f"\n{self.to_frame().drop(columns=['first', 'second']).to_string(float_format='{:.4g}'.format)}"
        )


@takes_scores(ScoreOptions, shape_warnings=False)  # its warnings concern the rank tests
def comparison_matrix(
    data: Scores,
    *,
    alpha: float = 0.05,
    procedure: str = "holm",
    zero_method: MatrixZeroMethod = "pratt",
    **reading: Unpack[ScoreOptions],
) -> ComparisonMatrix:
    """The multi-comparison matrix (MCM) of Ismail-Fawaz et al. (2023).

    The algorithms are ordered by mean score (best first); each pair is described by its own
    data only (mean difference, wins/ties/losses, Wilcoxon p-value), so adding or removing an
    algorithm inserts or deletes a row and a column and changes no other of these cells. The
    adjusted p-values (``procedure`` over the k(k-1)/2 pairs, which the original leaves out)
    depend on k by design.

    Parameters
    ----------
    data : array_like, DataFrame, str or os.PathLike
        Scores, as for :func:`multicomp.friedman`.
    alpha : float
        Level of the decisions (``reject``, bold cells).
    procedure : {'holm', 'bonferroni'}
        The adjustment of the pairwise p-values: Holm (default) or Bonferroni ('bonferroni', as
        :func:`multicomp.posthoc_all_pairs` names it); the procedures valid for pairwise tests
        (see :func:`multicomp.posthoc_all_pairs` with ``test='wilcoxon'``).
    zero_method : {'pratt', 'wilcox', 'zsplit'}
        Zero differences in the Wilcoxon test (:func:`multicomp.wilcoxon`); 'pratt' as the
        original (scipy's ``wilcoxon(x, y, zero_method='pratt')``).

    Returns
    -------
    ComparisonMatrix
        ``to_frame()``: one row per pair; ``cells(name)``: a k x k table; ``plot()``: the
        heat map.

    References
    ----------
    Ismail-Fawaz et al. (2023), arXiv:2305.11921 (the matrix); Middlehurst, Schaefer & Bagnall
    (2024), Bake off redux: a review and experimental evaluation of recent time series
    classification algorithms, Data Min. Knowl. Disc. 38:1958-2031 (its use); Holm (1979),
    A simple sequentially rejective multiple test procedure, Scand. J. Statist. 6:65-70.

    Examples
    --------
    >>> import multicomp as mc
    >>> from multicomp.ranking.multi_comparison import comparison_matrix
    >>> mcm = comparison_matrix(mc.load_example("demsar2006"))
    >>> mcm.algorithms
    ('C4.5+m+cf', 'C4.5+m', 'C4.5+cf', 'C4.5')
    >>> [int(n) for n in mcm.to_frame().loc["C4.5+m+cf vs C4.5", ["wins", "ties", "losses"]]]
    [11, 1, 2]
    """
    alpha = check_alpha(alpha)
    procedure = check_choice("procedure", procedure, after_pairwise("all_pairs"))
    zero_method = check_choice("zero_method", zero_method, MATRIX_ZERO_METHODS)
    means = data.values.mean(axis=0)
    order = np.argsort(-means if data.higher_is_better else means, kind="stable")
    names = [data.algorithms[j] for j in order]
    raw = data.values[:, order]
    table = _cells(raw, 1.0 if data.higher_is_better else -1.0, procedure, zero_method)

    def frame(name: str, dtype: type = float) -> pd.DataFrame:
        return pd.DataFrame(table[name].astype(dtype), index=names, columns=names)

    return ComparisonMatrix(
        algorithms=tuple(names),
        means=pd.Series(means[order], index=names, name="mean"),
        statistic=frame("mean_difference"),
        wins=frame("wins", int),
        ties=frame("ties", int),
        losses=frame("losses", int),
        pvalue=frame("pvalue"),
        adjusted=frame("adjusted"),
        procedure=procedure,
        alpha=alpha,
        zero_method=zero_method,
        n_datasets=data.n_datasets,
        higher_is_better=data.higher_is_better,
        omitted=data.omitted,
    )


def _cells(
    raw: np.ndarray, sign: float, procedure: str, zero_method: MatrixZeroMethod
) -> dict[str, np.ndarray]:
    """The k x k tables of scores ``raw`` (columns in the matrix's order); ``sign`` +1 when
    higher scores are better, -1 otherwise."""
    k = raw.shape[1]
    table = {name: np.zeros((k, k)) for name in CELLS}
    first, second = np.triu_indices(k, 1)  # the pairs in the order of itertools.combinations
    pvalues = np.empty(len(first))
    for start in range(0, len(first), _BLOCK):  # memory bounded by a block of pairs
        a, b = first[start : start + _BLOCK], second[start : start + _BLOCK]
        d = difference(raw[:, a], raw[:, b])  # N x pairs, at the precision of the data
        better = sign * d
        for name, counts in (("wins", better > 0), ("ties", better == 0), ("losses", better < 0)):
            table[name][a, b] = counts.sum(axis=0)
        pvalues[start : start + _BLOCK] = _wilcoxon_pvalues(d, zero_method)
    table["wins"][second, first] = table["losses"][first, second]
    table["losses"][second, first] = table["wins"][first, second]
    table["ties"][second, first] = table["ties"][first, second]
    mean = raw.mean(axis=0)
    table["mean_difference"] = mean[:, None] - mean[None, :]
    for name, values in (("pvalue", pvalues), ("adjusted", adjust_all_pairs(pvalues, procedure))):
        table[name][:] = np.nan
        table[name][first, second] = table[name][second, first] = values
    return table


def _wilcoxon_pvalues(d: np.ndarray, zero_method: MatrixZeroMethod) -> np.ndarray:
    """Two-sided Wilcoxon p-values of each column of differences, as :func:`multicomp.wilcoxon`
    computes them (exact without ties or zeros up to N = 50, else the tie-corrected normal
    approximation), in two vectorised calls; 1 for a column of zeros (identical scores)."""
    magnitudes = np.sort(np.abs(d), axis=0)
    ties_or_zeros = np.any(magnitudes == 0, axis=0) | np.any(
        np.diff(magnitudes, axis=0) == 0, axis=0
    )
    exact = ~ties_or_zeros & (d.shape[0] <= EXACT_MAX_N)
    pvalues = np.ones(d.shape[1])
    for chosen, method in ((exact, "exact"), (~exact & np.any(d != 0, axis=0), "asymptotic")):
        if chosen.any():
            pvalues[chosen] = stats.wilcoxon(
                d[:, chosen], zero_method=zero_method, method=method, axis=0
            ).pvalue
    return pvalues
