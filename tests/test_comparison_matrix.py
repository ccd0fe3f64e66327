"""The multi-comparison matrix: against multi-comp-matrix (optional), its stability under the
comparate set, the package's own Wilcoxon test and Holm adjustment, and the figure."""

from __future__ import annotations

import contextlib
import io
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from multicomp.ranking.multi_comparison import comparison_matrix


def _tables() -> list[pd.DataFrame]:
    """Continuous scores (exact p-values), dyadic fractions and integers (ties and zero
    differences, exact in floating point, so scipy and the data's precision agree)."""
    rng = np.random.default_rng(0)
    return [
        pd.DataFrame(rng.normal(size=(30, 6)) + np.linspace(0, 0.5, 6), columns=list("abcdef")),
        pd.DataFrame(rng.integers(0, 64, (40, 5)) / 64 + np.arange(5) / 16, columns=list("abcde")),
        pd.DataFrame(rng.integers(0, 20, (60, 5)) + np.arange(5), columns=list("abcde")),
    ]


@pytest.mark.parametrize("table", range(3))
def test_equals_multi_comp_matrix(table: int) -> None:
    """Cell for cell equal to the multi-comp-matrix package (Ismail-Fawaz et al.'s code): order,
    mean difference, wins/ties/losses, Wilcoxon p-value."""
    mcm = pytest.importorskip("multi_comp_matrix.MCM")
    df = _tables()[table]
    with contextlib.redirect_stderr(io.StringIO()):  # its progress bar
        analysis = mcm.get_analysis(df, save_as_json=False)
    ours = comparison_matrix(df)
    assert list(analysis["ordered-comparate-names"]) == list(ours.algorithms)
    for r in ours.algorithms:
        for c in ours.algorithms:
            if r != c:
                cell = analysis[f"{r}-vs-{c}"]
                assert (ours.wins.loc[r, c], ours.ties.loc[r, c], ours.losses.loc[r, c]) == (
                    cell["win"],
                    cell["tie"],
                    cell["loss"],
                )
                assert ours.pvalue.loc[r, c] == pytest.approx(cell["pvalue"], rel=1e-12)
                assert ours.statistic.loc[r, c] == pytest.approx(cell["mean"], rel=1e-12)


def test_pvalues_are_the_packages_wilcoxon_and_holm() -> None:
    data = mc.load_example("garcia2010")
    res = comparison_matrix(data)
    frame = res.to_frame()
    for row in frame.itertuples():
        test = mc.wilcoxon(data[row.first], data[row.second], zero_method="pratt")
        assert row.pvalue == pytest.approx(test.pvalue, rel=1e-12)
        assert row.mean_difference == pytest.approx(
            data[row.first].mean() - data[row.second].mean(), rel=1e-12
        )
    np.testing.assert_allclose(frame["adjusted"], mc.adjust_all_pairs(frame["pvalue"], "holm"))
    bonferroni = comparison_matrix(data, procedure="bonferroni").to_frame()["adjusted"]
    np.testing.assert_allclose(bonferroni, np.minimum(1, 6 * frame["pvalue"]))
    assert (frame["wins"] + frame["ties"] + frame["losses"] == len(data)).all()


def test_order_and_direction() -> None:
    data = mc.load_example("garcia2010")
    res = comparison_matrix(data)
    assert list(res.means) == sorted(res.means, reverse=True)
    lower = comparison_matrix(-data, higher_is_better=False)
    assert lower.algorithms == res.algorithms
    pd.testing.assert_frame_equal(lower.wins, res.wins)
    pd.testing.assert_frame_equal(lower.statistic, -res.statistic)
    pd.testing.assert_frame_equal(lower.pvalue, res.pvalue)


scores = arrays(
    np.float64,
    st.tuples(st.integers(5, 15), st.integers(3, 6)),
    elements=st.integers(0, 30).map(lambda v: v / 4),
)


@settings(max_examples=60)
@given(scores, st.data())
def test_stable_under_the_comparate_set(x: np.ndarray, data: st.DataObject) -> None:
    """Removing an algorithm deletes its row and column and changes no other cell (nor the
    order of the others); only the adjusted p-values (a family of k(k-1)/2) may change."""
    names = [f"m{j}" for j in range(x.shape[1])]
    full = comparison_matrix(pd.DataFrame(x, columns=names))
    dropped = data.draw(st.sampled_from(names))
    kept = [n for n in names if n != dropped]
    part = comparison_matrix(pd.DataFrame(x, columns=names)[kept])
    assert part.algorithms == tuple(a for a in full.algorithms if a != dropped)
    order = list(part.algorithms)
    for name in ("mean_difference", "wins", "ties", "losses", "pvalue"):
        pd.testing.assert_frame_equal(part.cells(name), full.cells(name).loc[order, order])


def test_identical_algorithms() -> None:
    x = np.array([[1.0, 1.0, 2.0], [2.0, 2.0, 3.5], [3.0, 3.0, 3.0], [5.0, 5.0, 4.0]] * 3)
    res = comparison_matrix(x)
    assert res.pvalue.loc["A1", "A2"] == 1.0
    assert res.ties.loc["A1", "A2"] == len(x)


def test_bad_input_and_inputs_unchanged() -> None:
    data = mc.load_example("demsar2006")
    before = data.copy()
    with pytest.raises(ValueError, match="procedure must be one of 'bonferroni', 'holm'"):
        comparison_matrix(data, procedure="shaffer")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="zero_method must be one of"):
        comparison_matrix(data, zero_method="demsar")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="alpha must be in"):
        comparison_matrix(data, alpha=0)
    res = comparison_matrix(data)
    with pytest.raises(ValueError, match="name must be one of"):
        res.cells("effect")
    with pytest.raises(ValueError, match="annotate must be one of"):
        res.plot(annotate="all")
    pd.testing.assert_frame_equal(data, before)


@pytest.mark.parametrize(("k", "texts"), [(4, 12), (15, 210), (30, 0)])
def test_figure_thins_its_text(k: int, texts: int) -> None:
    rng = np.random.default_rng(1)
    df = pd.DataFrame(
        rng.normal(size=(40, k)) * 0.05 + np.linspace(0, 0.1, k),
        columns=[f"algorithm_{j:02d}" for j in range(k)],
    )
    res = comparison_matrix(df)
    ax = res.plot().axes[0]
    assert len(ax.texts) == texts
    assert [t.get_text().split("\n")[0] for t in ax.get_yticklabels()] == list(res.algorithms)
    if k == 30:  # the pairs that differ are marked by dots
        assert len(ax.lines) == int(res.reject.to_numpy().sum())
    upper = res.plot(upper_only=True, annotate="mean").axes[0]
    assert len(upper.texts) == k * (k - 1) // 2


def test_str_frame_notebook() -> None:
    res = comparison_matrix(mc.load_example("demsar2006"))
    frame = res.to_frame()
    assert list(frame.columns) == [
        "first", "second", "mean_difference", "wins", "ties", "losses", "pvalue", "adjusted", "reject"
    ]  # fmt: skip
    assert len(frame) == len(list(combinations(range(4), 2)))
    assert "Multi-comparison matrix" in str(res) and "<table" in res._repr_html_()


def test_the_pairs_are_computed_in_blocks_with_the_same_cells(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The differences are held a block of pairs at a time (k = 3000 from a 240 KB input took
    5.3 GB at once); the cells do not depend on the block."""
    from multicomp.ranking import multi_comparison

    data = pd.DataFrame(np.random.default_rng(2).normal(size=(9, 12)).round(1))
    whole = comparison_matrix(data).to_frame()
    monkeypatch.setattr(multi_comparison, "_BLOCK", 7)
    pd.testing.assert_frame_equal(comparison_matrix(data).to_frame(), whole)
