"""Compact letter display (Piepho 2004): algorithms that share a letter do not differ.

The insert-absorb algorithm of Piepho (2004), as R's multcompView (``multcompLetters``) runs it
(without Piepho's optional sweeping step): start with one letter shared by all; for each pair
that differs, split every letter both hold into one without the first and one without the
second, then drop any letter whose holders are a subset of another's. The letters that remain
are exactly the maximal groups in which no pair differs (the maximal cliques of the graph of
pairs not rejected), so the display is valid for any decisions, transitive or not: two
algorithms share a letter if and only if their difference was not rejected. The letters are
ordered as multcompView orders them (by their first holder in the given order, then the next,
...), so with the algorithms sorted best first, 'a' marks the top group.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pandas as pd

from multicomp._internal import plots
from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha
from multicomp._internal.vocabulary import ALL_PAIRS_PROCEDURES

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["LetterDisplay", "compact_letters"]

#: multcompView's default letters: the last one prefixes a reuse of the others ('.a', ...).
LETTERS: tuple[str, ...] = (*"abcdefghijklmnopqrstuvwxyz", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ", ".")
#: The all-pairs procedures a post-hoc result's letters use by default, most powerful first
#: (the vocabulary lists them the other way round).
PREFERRED = ("bergmann_hommel", "shaffer", "holm", *ALL_PAIRS_PROCEDURES)

_REFERENCES = """Piepho (2004), An algorithm for a letter-based representation of all-pairwise
    comparisons, J. Comput. Graph. Stat. 13(2):456-466.
    Graves, Piepho & Selzer, multcompView: visualizations of paired comparisons, R package
    (``multcompLetters``), https://CRAN.R-project.org/package=multcompView."""


@dataclass(frozen=True)
class LetterDisplay(_tables.NotebookView):
    __doc__ = f"""A compact letter display.

    Attributes
    ----------
    letters : pandas.Series
        Each algorithm's letters (algorithms in the display's order).
    matrix : pandas.DataFrame
        k x m booleans: which algorithm holds which letter (multcompView's ``LetterMatrix``).
    values : pandas.Series or None
        What the algorithms were ordered by (average ranks or mean scores), if known.
    value_name : str
        What ``values`` are ('average rank', 'mean score' or '').
    source : str
        Which decisions: the procedure and level, or 'decisions given'.

    References
    ----------
    {_REFERENCES}

    Examples
    --------
    >>> import multicomp as mc
    >>> pairs = mc.posthoc_all_pairs(mc.load_example("garcia2008"), method="asymptotic")
    >>> display = mc.compact_letters(pairs)
    >>> print(display.letters.to_string())
    C4.5          a
    NaiveBayes    a
    CN2           b
    1-NN          b
    Kernel        c
    """

    letters: pd.Series
    matrix: pd.DataFrame = field(repr=False)
    values: pd.Series | None = field(default=None, repr=False)
    value_name: str = ""
    source: str = "decisions given"

    @property
    def monospaced(self) -> pd.Series:
        """The letters padded so that each letter keeps its column (multcompView's
        ``monospacedLetters``)."""
        columns = list(self.matrix.columns)
        rows = self.matrix.to_numpy()
        blank = [" " * len(c) for c in columns]
        return pd.Series(
            ["".join(c if held else b for c, b, held in zip(columns, blank, row)) for row in rows],
            index=self.letters.index,
            name="letters",
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per algorithm: its value (if known) and its letters."""
        frame = self.letters.to_frame("letters")
        if self.values is not None:
            frame.insert(0, self.value_name.replace(" ", "_"), self.values)
        return frame

    @strict
    def plot(self, *, per_panel: int = 200) -> Figure:
        """The letters beside the ranks, sorted, for k up to thousands
        (:func:`multicomp.plotting.letters.plot_letters`; ``per_panel``: algorithms per panel)."""
        return cast("Figure", plots.letters(self, per_panel=per_panel))

    def __str__(self) -> str:
        return (
            f"Compact letter display ({self.source}; {self.matrix.shape[1]} letters): "
            "algorithms sharing a letter do not differ\n"
            f"{self.to_frame().to_string(float_format='{:.4g}'.format)}"
        )


@strict
def compact_letters(
    decisions: Any,
    *,
    procedure: str | None = None,
    alpha: float | None = None,
    letters: Sequence[str] = LETTERS,
) -> LetterDisplay:
    """The compact letter display of all-pairs decisions (Piepho 2004; R's multcompView).

    Parameters
    ----------
    decisions : array_like, DataFrame, PosthocAllPairsResult or ComparisonMatrix
        A symmetric k x k boolean matrix, True where the pair differs (a DataFrame names the
        algorithms, in its order; an array calls them A1, A2, ...); or an all-pairs result,
        whose algorithms are then sorted best first: a
        :class:`multicomp.results.PosthocAllPairsResult` (by average rank, decisions of
        ``procedure``) or a :class:`multicomp.ranking.multi_comparison.ComparisonMatrix` (by mean
        score, its adjusted p-values).
    procedure : str, optional
        For a post-hoc result: whose decisions (default: the first of 'bergmann_hommel',
        'shaffer', 'holm', 'nemenyi' that the result has).
    alpha : float, optional
        For a result: the level (default: the result's).
    letters : sequence of str
        The letters; the last one prefixes a reuse of the others when more are needed
        (multcompView's ``Letters``: 'a'-'z', 'A'-'Z', then '.a', '.b', ...).

    Returns
    -------
    LetterDisplay
        ``letters`` (a Series), ``matrix``, ``to_frame()`` and ``plot()``.

    References
    ----------
    {refs}

    Examples
    --------
    multcompView's first documented example (A-B and A-C do not differ, B-C does):

    >>> import numpy as np, pandas as pd
    >>> from multicomp.ranking.letters import compact_letters
    >>> differs = pd.DataFrame([[0, 0, 0], [0, 0, 1], [0, 1, 0]], index=list("ABC"),
    ...                        columns=list("ABC")).astype(bool)
    >>> compact_letters(differs).letters.tolist()
    ['ab', 'a', 'b']

    From a post-hoc result, best-ranked first:

    >>> import multicomp as mc
    >>> pairs = mc.posthoc_all_pairs(mc.load_example("garcia2008"), method="asymptotic")
    >>> compact_letters(pairs, alpha=0.05).letters.to_dict()
    {'C4.5': 'a', 'NaiveBayes': 'a', 'CN2': 'b', '1-NN': 'b', 'Kernel': 'c'}
    """
    reject, names, values, value_name, source = _decisions(decisions, procedure, alpha)
    letters = _check_letters(letters)
    columns = _insert_absorb(reject)
    held = np.array([[bool(c >> i & 1) for c in columns] for i in range(len(names))], dtype=bool)
    held = held[:, _multcomp_order(held)] if columns else held
    labels = [label for label, _ in zip(_labels(letters), range(held.shape[1]))]
    matrix = pd.DataFrame(held, index=names, columns=labels)
    return LetterDisplay(
        letters=pd.Series(
            ["".join(np.array(labels, dtype=object)[row]) for row in held],
            index=names,
            name="letters",
        ),
        matrix=matrix,
        values=values,
        value_name=value_name,
        source=source,
    )


compact_letters.__doc__ = (compact_letters.__doc__ or "").replace("{refs}", _REFERENCES)


def _decisions(
    decisions: Any, procedure: str | None, alpha: float | None
) -> tuple[np.ndarray, list[str], pd.Series | None, str, str]:
    """The reject matrix, the names, the values the order follows, their name and the source,
    from any accepted input."""
    from multicomp.posthoc import PosthocAllPairsResult
    from multicomp.ranking.multi_comparison import ComparisonMatrix

    if isinstance(decisions, PosthocAllPairsResult):
        level = decisions.alpha if alpha is None else check_alpha(alpha)
        chosen = procedure or next(p for p in PREFERRED if p in decisions.procedures)
        ranks = decisions.ranks.sort_values(kind="stable")
        apv = decisions.matrix(chosen).loc[ranks.index, ranks.index].to_numpy()
        return (
            apv <= level,
            list(ranks.index),
            ranks,
            "average rank",
            f"{chosen}, alpha = {level:g}",
        )
    if procedure is not None:
        raise ValueError("procedure= applies to a PosthocAllPairsResult only")
    if isinstance(decisions, ComparisonMatrix):
        level = decisions.alpha if alpha is None else check_alpha(alpha)
        names = list(decisions.algorithms)
        reject = decisions.adjusted.to_numpy() <= level
        return (
            reject,
            names,
            decisions.means,
            "mean score",
            f"{decisions.procedure}, alpha = {level:g}",
        )
    if alpha is not None:
        raise ValueError("alpha= applies to a result; decisions given are already decided")
    return _reject_matrix(decisions)


def _reject_matrix(decisions: Any) -> tuple[np.ndarray, list[str], None, str, str]:
    """A k x k boolean matrix given directly, checked: square, symmetric, False diagonal."""
    names = [str(n) for n in decisions.index] if isinstance(decisions, pd.DataFrame) else None
    array = np.asarray(decisions)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 1:
        raise ValueError(f"decisions must be a square k x k matrix; got shape {array.shape}")
    if array.dtype != np.bool_:
        raise TypeError(
            f"decisions must be booleans (True where a pair differs); got dtype {array.dtype}"
        )
    if not np.array_equal(array, array.T):
        raise ValueError("decisions must be symmetric: a pair differs or not, in either order")
    if array.diagonal().any():
        raise ValueError(
            "decisions must have a False diagonal (an algorithm never differs from itself)"
        )
    if isinstance(decisions, pd.DataFrame) and list(decisions.columns.map(str)) != names:
        raise ValueError(
            "decisions' rows and columns must name the same algorithms in the same order"
        )
    k = array.shape[0]
    return array.copy(), names or [f"A{i + 1}" for i in range(k)], None, "", "decisions given"


def _check_letters(letters: Sequence[str]) -> tuple[str, ...]:
    chosen = tuple(letters)
    if len(chosen) < 2 or not all(isinstance(c, str) and c for c in chosen):
        raise ValueError(
            "letters must be at least two non-empty strings (the last one prefixes reuses)"
        )
    if len(set(chosen)) != len(chosen):
        raise ValueError("letters must be distinct")
    return chosen


def _labels(letters: tuple[str, ...]) -> Iterator[str]:
    """'a', ..., 'Z', then '.a', ..., then '..a', ...: the last letter prefixes reuses."""
    *usable, prefix = letters
    for depth in count():
        for letter in usable:
            yield prefix * depth + letter


def _insert_absorb(reject: np.ndarray) -> list[int]:
    """Piepho's insert and absorb steps, in multcompView's order; each letter is a bit set of
    its holders (bit i: row i).

    multcompView inserts the differing pairs (i, j), i < j, one by one (i the outer loop),
    splitting each letter held by both into one without j (in place) and one without i
    (appended), then drops every letter contained in another (of equal ones, the later). All
    pairs of one i are taken at once here, which leaves the same letters in the same places:
    a letter loses all of i's partners it holds in place, and its copy without i is appended
    at the step of the first of them it holds. Only the letters just split can have become
    redundant, so only they are checked."""
    k = reject.shape[0]
    columns = [(1 << k) - 1]
    for i in range(k):
        partners = sum(1 << int(j) for j in np.flatnonzero(reject[i, i + 1 :]) + i + 1)
        if not partners:
            continue
        bit = 1 << i
        changed, appended = [], []
        for position, c in enumerate(columns):
            if c & bit and c & partners:
                first = (c & partners) & -(c & partners)  # the lowest partner it holds
                columns[position] = c & ~partners
                changed.append(position)
                appended.append((first, position, c & ~bit))
        appended.sort()
        changed += range(len(columns), len(columns) + len(appended))
        columns += [c for _, _, c in appended]
        columns = _absorb(columns, set(changed))
    return columns


def _absorb(columns: list[int], changed: set[int]) -> list[int]:
    """``columns`` without the changed ones contained in another (or equal to an earlier
    one); the others keep their order."""
    keep = []
    for p, c in enumerate(columns):
        redundant = p in changed and any(
            q != p and c & other == c and (other != c or q < p) for q, other in enumerate(columns)
        )
        keep.append(not redundant)
    return [c for c, kept in zip(columns, keep) if kept]


def _multcomp_order(held: np.ndarray) -> np.ndarray:
    """multcompView's order of the letters: by the first row holding each (stable); then one
    left-to-right pass over neighbours first held by the same row, swapping a pair when the
    second comes first by its next holders (its ``sortCols`` compares each tied neighbouring
    pair once, which is not a full sort of runs of three or more: kept, to give its letters)."""
    keys = [(*np.flatnonzero(col), held.shape[0]) for col in held.T]
    order = sorted(range(len(keys)), key=lambda c: keys[c][0])
    for i in range(len(order) - 1):
        a, b = order[i], order[i + 1]
        if keys[a][0] == keys[b][0] and keys[b] < keys[a]:
            order[i], order[i + 1] = b, a
    return np.array(order, dtype=np.intp)
