"""Compact letter display: multcompView's documented examples, validity for any decisions,
the results it takes, the figure."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from scipy.spatial.distance import pdist, squareform

import multicomp as mc
from multicomp.ranking.letters import compact_letters
from multicomp.ranking.multi_comparison import comparison_matrix

HERE = Path(__file__).parent


def _from_pairs(names: list[str], pairs: dict[str, bool]) -> pd.DataFrame:
    frame = pd.DataFrame(False, index=names, columns=names)
    for pair, differs in pairs.items():
        a, b = pair.split("-")
        frame.loc[a, b] = frame.loc[b, a] = differs
    return frame


def test_multcompview_examples_1_and_2() -> None:
    """multcompLetters' examples 1 and 2 and their printed letters (multcompView's reference
    page); example 2 at threshold 0.05 and with Letters = c("*", ".")."""
    dif3 = _from_pairs(list("ABC"), {"A-B": False, "A-C": False, "B-C": True})
    assert compact_letters(dif3).letters.to_dict() == {"A": "ab", "B": "a", "C": "b"}
    assert compact_letters(dif3).monospaced.tolist() == ["ab", "a ", " b"]
    p = {"a-b": 0.01, "a-c": 0.02, "b-d": 0.03, "a-d": 1.0}
    dif4 = _from_pairs(list("abcd"), {pair: value < 0.05 for pair, value in p.items()})
    assert compact_letters(dif4).letters.tolist() == ["a", "b", "bc", "ac"]
    assert compact_letters(dif4, letters=["*", "."]).letters.tolist() == [
        "*",
        ".*",
        ".*..*",
        "*..*",
    ]


JUDGES = """abcdefg abhijkl abcdefghijmnop hkl qr abhijkl s q hikl hijmno abcdefgjmnopt cdfpt
acdefp tuv abceghijmn abcdefgjmnoptu ptuw cdefgmnoptu abcefghijmno wx cdfptu dptuw rv
abcdefgjmno hikls kls abceghijklmn hikls abeghijklmn k bghijmn abcefgijmno hijklm hikl qrx
hijklmns abceghijmn abcefghijmno dfoptuw hijlmn uw abceghijklmn cdefgnoptu"""


def test_multcompview_example_3_judges() -> None:
    """Example 3: 43 judges differ when their Euclidean distance exceeds the median distance;
    23 letters, each judge's as multcompView prints them (its order of letters included)."""
    ratings = pd.read_csv(HERE / "multcompview" / "USJudgeRatings.csv", index_col=0)
    distance = pdist(ratings.to_numpy())
    differs = squareform(distance) > np.median(distance)
    np.fill_diagonal(differs, False)
    frame = pd.DataFrame(differs, index=ratings.index, columns=ratings.index)
    assert compact_letters(frame).letters.tolist() == JUDGES.split()


def _maximal_cliques(same: np.ndarray) -> set[frozenset[int]]:
    """Bron-Kerbosch without pivoting: an independent enumeration of the maximal groups."""
    found: set[frozenset[int]] = set()

    def grow(r: set[int], p: set[int], x: set[int]) -> None:
        if not p and not x:
            found.add(frozenset(r))
        for v in list(p):
            near = set(np.flatnonzero(same[v])) - {v}
            grow(r | {v}, p & near, x & near)
            p.remove(v)
            x.add(v)

    grow(set(), set(range(len(same))), set())
    return found


@settings(max_examples=150)
@given(st.integers(1, 9).flatmap(lambda k: st.lists(st.booleans(), min_size=k * k, max_size=k * k)))
def test_valid_for_any_decisions(bits: list[bool]) -> None:
    """For every pair: a shared letter if and only if not rejected (non-transitive decisions
    included), and the letters are exactly the maximal groups without a rejected pair."""
    k = round(len(bits) ** 0.5)
    upper = np.triu(np.array(bits, dtype=bool).reshape(k, k), 1)
    reject = upper | upper.T
    display = compact_letters(reject)
    held = display.matrix.to_numpy()
    share = (held.astype(int) @ held.T.astype(int)) > 0
    np.testing.assert_array_equal(share, ~reject)
    groups = {frozenset(np.flatnonzero(col)) for col in held.T}
    assert groups == _maximal_cliques(~reject)
    assert len(groups) == held.shape[1]


def test_from_results_best_first() -> None:
    data = mc.load_example("garcia2008")
    pairs = mc.posthoc_all_pairs(data, method="asymptotic")
    display = compact_letters(pairs)
    assert list(display.letters.index) == list(pairs.ranks.sort_values(kind="stable").index)
    assert display.letters.iloc[0].startswith("a")
    reject = (
        pairs.matrix("bergmann_hommel").loc[display.letters.index, display.letters.index] <= 0.05
    )
    held = display.matrix.to_numpy().astype(int)
    np.testing.assert_array_equal((held @ held.T) > 0, ~reject.to_numpy())
    holm = compact_letters(pairs, procedure="holm", alpha=0.1)
    assert "holm, alpha = 0.1" in str(holm)
    mcm = comparison_matrix(data)
    from_matrix = compact_letters(mcm)
    assert list(from_matrix.letters.index) == list(mcm.algorithms)
    assert "mean_score" in from_matrix.to_frame().columns


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="square"):
        compact_letters(np.zeros((2, 3), dtype=bool))
    with pytest.raises(TypeError, match="booleans"):
        compact_letters(np.zeros((3, 3)))
    asymmetric = np.zeros((3, 3), dtype=bool)
    asymmetric[0, 1] = True
    with pytest.raises(ValueError, match="symmetric"):
        compact_letters(asymmetric)
    with pytest.raises(ValueError, match="diagonal"):
        compact_letters(np.eye(3, dtype=bool))
    with pytest.raises(ValueError, match="alpha= applies to a result"):
        compact_letters(np.zeros((3, 3), dtype=bool), alpha=0.05)
    with pytest.raises(ValueError, match="letters must be distinct"):
        compact_letters(np.zeros((3, 3), dtype=bool), letters=["a", "a"])
    given = np.zeros((3, 3), dtype=bool)
    given[0, 2] = given[2, 0] = True
    before = given.copy()
    compact_letters(given)
    np.testing.assert_array_equal(given, before)


def test_the_title_stands_above_the_names_at_any_height() -> None:
    """The title stays in the figure's top margin: at 200 names a panel (27 inches), the
    default place of a title (2% of the height from the top) was on the first names."""
    k = 220
    data = pd.DataFrame(
        np.random.default_rng(1).normal(size=(20, k)) + np.linspace(0, 4, k),
        columns=[f"model-{i:03d}" for i in range(k)],
    )
    figure = compact_letters(mc.posthoc_all_pairs(data, method="asymptotic")).plot()
    renderer = FigureCanvasAgg(figure).get_renderer()
    title = figure.texts[0].get_window_extent(renderer)
    names = [t.get_window_extent(renderer) for ax in figure.axes[::2] for t in ax.texts]
    assert title.y0 > max(box.y1 for box in names)


def test_wide_names_stay_in_their_panel() -> None:
    """Names of wide letters (measured, not counted) keep clear of the panel on their left."""
    k = 30
    data = pd.DataFrame(
        np.random.default_rng(2).normal(size=(12, k)) + np.linspace(0, 3, k),
        columns=[("W" * 20 if i % 7 == 0 else "i") + f"{i:02d}" for i in range(k)],
    )
    figure = compact_letters(mc.posthoc_all_pairs(data, method="asymptotic")).plot(per_panel=10)
    renderer = FigureCanvasAgg(figure).get_renderer()
    for left, names_of in zip(figure.axes[1::2], figure.axes[2::2]):
        edge = left.get_window_extent(renderer).x1
        assert min(t.get_window_extent(renderer).x0 for t in names_of.texts) > edge


def test_figure_panels() -> None:
    rng = np.random.default_rng(0)
    k = 120
    data = pd.DataFrame(
        rng.normal(size=(30, k)) + np.linspace(0, 3, k),
        columns=[f"model-{i:03d}" for i in range(k)],
    )
    display = compact_letters(mc.posthoc_all_pairs(data, method="asymptotic"))
    figure = display.plot(per_panel=50)
    dots = figure.axes[::2]
    assert len(dots) == 3
    names = [t.get_text() for ax in dots for t in ax.texts]
    assert names == list(display.letters.index)
    assert min(t.get_fontsize() for ax in dots for t in ax.texts) >= 6
    # the bars of each panel fill exactly the cells of the letters held (row i at y = i)
    held = display.matrix.to_numpy()
    for p, ax in enumerate(figure.axes[1::2]):
        drawn = np.zeros((50, held.shape[1]), dtype=bool)
        for path in ax.collections[0].get_paths():
            (left, top), (right, bottom) = path.vertices.min(0), path.vertices.max(0)
            drawn[
                round(top + 0.5) : round(bottom + 0.5), round(left + 0.5) : round(right + 0.5)
            ] = True
        np.testing.assert_array_equal(
            drawn[: len(held[p * 50 : (p + 1) * 50])], held[p * 50 : (p + 1) * 50]
        )
    # no panel's names reach into the panel on their left
    renderer = FigureCanvasAgg(figure).get_renderer()
    for left, names_of in zip(figure.axes[1::2], dots[1:]):
        edge = left.get_window_extent(renderer).x1
        assert min(t.get_window_extent(renderer).x0 for t in names_of.texts) > edge
