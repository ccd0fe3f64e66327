"""Bergmann-Hommel for rank post-hocs in polynomial time (the Robinson route, docs/robinson.md):
the p-values of the rank tests are Robinson in rank order, the route agrees bit for bit with the
general one, and the post-hocs, compare and the CLI use it beyond the general route's k <= 20."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from multicomp import _core, adjust_all_pairs


def robinson_by_definition(p: np.ndarray, order: np.ndarray) -> bool:
    """p_il <= min(p_ij, p_jl) for all positions i < j < l of ``order`` (O(k^3))."""
    k = len(order)
    q = np.ones((k, k))
    for h, (a, b) in enumerate(itertools.combinations(range(k), 2)):
        q[a, b] = q[b, a] = p[h]
    q = q[np.ix_(order, order)]
    return all(q[i, m] <= min(q[i, j], q[j, m]) for i, j, m in itertools.combinations(range(k), 3))


scores_tables = st.integers(3, 9).flatmap(
    lambda k: arrays(
        np.float64, st.tuples(st.integers(3, 8), st.just(k)), elements=st.integers(0, 4).map(float)
    )
)  # few values: many ties in ranks and differences


@settings(max_examples=40)
@given(scores_tables, st.sampled_from(["friedman", "aligned", "quade"]))
def test_rank_posthoc_pvalues_are_robinson_in_rank_order(x: np.ndarray, test: str) -> None:
    result = mc.posthoc_all_pairs(x, test=test, procedures=["bergmann_hommel"])
    p = result.pvalue.to_numpy()
    order = np.argsort(result.ranks.to_numpy(), kind="stable")
    assert _core.is_robinson(p, x.shape[1], order)
    assert robinson_by_definition(p, order)
    # The route is the general one, bit for bit.
    general = adjust_all_pairs(p, "bergmann_hommel")
    assert np.array_equal(result.adjusted["bergmann_hommel"].to_numpy(), general)


@given(
    st.integers(3, 7).flatmap(
        lambda k: st.tuples(
            st.lists(st.integers(0, 5), min_size=k, max_size=k),
            st.permutations(range(k)),
            st.sampled_from([0.0, 0.3, 1.0]),
        )
    )
)
def test_the_robinson_check_is_the_definition(case: tuple[list[int], list[int], float]) -> None:
    """On rank families (g non-increasing in the rank difference), possibly with an ulp of
    noise added, and in a random order or the rank order, is_robinson equals the O(k^3)
    definition."""
    x, shuffled, noise = case
    k = len(x)
    pairs = list(itertools.combinations(range(k), 2))
    p = np.array([np.exp(-abs(x[a] - x[b]) / 2) for a, b in pairs])
    p = np.minimum(np.where(np.arange(len(p)) % 3 == 0, np.nextafter(p, 2.0 * noise), p), 1.0)
    for order in (np.array(shuffled), np.argsort(x, kind="stable")):
        assert _core.is_robinson(p, k, order) == robinson_by_definition(p, order)


def test_adjust_all_pairs_with_order_agrees_bitwise_and_reads_every_layout() -> None:
    rng = np.random.default_rng(15)
    k = 9
    ranks = rng.integers(0, 12, size=(4, k)) / 2
    pairs = np.array(list(itertools.combinations(range(k), 2)))
    p = 2 * np.exp(-np.abs(ranks[:, pairs[:, 0]] - ranks[:, pairs[:, 1]]))
    p = np.minimum(p, 1.0)
    orders = np.argsort(ranks, axis=1, kind="stable")
    stacked = adjust_all_pairs(p, "bergmann_hommel", order=orders)
    assert np.array_equal(stacked, adjust_all_pairs(p, "bergmann_hommel"))
    one = adjust_all_pairs(p[0], "bergmann_hommel", order=orders[0])
    assert np.array_equal(one, stacked[0])
    matrix = np.ones((k, k))
    matrix[pairs[:, 0], pairs[:, 1]] = matrix[pairs[:, 1], pairs[:, 0]] = p[0]
    out = adjust_all_pairs(matrix, "bergmann_hommel", order=list(orders[0]), monotone=True)
    assert np.array_equal(
        out[pairs[:, 0], pairs[:, 1]], adjust_all_pairs(p[0], "bergmann_hommel", monotone=True)
    )


def test_order_errors() -> None:
    p = np.array([0.5, 0.01, 0.2])  # k = 3; Robinson in the order 0, 1, 2 only up to reversal
    assert adjust_all_pairs(p, "bergmann_hommel", order=[0, 1, 2]).shape == (3,)
    with pytest.raises(ValueError, match="not Robinson in the given order"):
        adjust_all_pairs(p, "bergmann_hommel", order=[1, 0, 2])
    with pytest.raises(ValueError, match="order must list each algorithm 0 to 2 once"):
        adjust_all_pairs(p, "bergmann_hommel", order=[0, 1, 1])  # k = 3: 0 to 2 (issue 22.9)
    with pytest.raises(ValueError, match="order must list each algorithm"):
        adjust_all_pairs(p, "bergmann_hommel", order=[0, 1])
    with pytest.raises(ValueError, match="order must list each algorithm"):
        adjust_all_pairs(p, "bergmann_hommel", order=[0, 1, -2])
    with pytest.raises(TypeError, match="order must hold integer"):
        adjust_all_pairs(p, "bergmann_hommel", order=[0.0, 1.0, 2.0])
    with pytest.raises(ValueError, match="order= applies to procedure='bergmann_hommel' only"):
        adjust_all_pairs(p, "shaffer", order=[0, 1, 2])
    k = _core.MAX_K_ROBINSON + 1
    with pytest.raises(ValueError, match=rf"k = {k} exceeds the largest k \({k - 1}\)"):
        adjust_all_pairs(np.full(k * (k - 1) // 2, 0.5), "bergmann_hommel", order=np.arange(k))
    with pytest.raises(ValueError, match=r"pass order= .* for the p-values of a rank post-hoc"):
        adjust_all_pairs(np.full(21 * 20 // 2, 0.5), "bergmann_hommel")


@pytest.fixture(scope="module")
def fifty() -> pd.DataFrame:
    """50 algorithms on 60 data sets, true merits spread out, scores on a coarse grid (ties)."""
    rng = np.random.default_rng(50)
    scores = np.round(np.arange(50) * 0.05 + rng.normal(size=(60, 50)), 1)
    return pd.DataFrame(scores, columns=[f"m{j:02d}" for j in range(50)])


def test_bergmann_hommel_at_k_50_in_posthoc_compare_and_cd_diagram(fifty: pd.DataFrame) -> None:
    result = mc.posthoc_all_pairs(fifty)
    assert "bergmann_hommel" in result.procedures and not result.skipped
    bh, p = result.adjusted["bergmann_hommel"], result.pvalue
    assert ((bh >= p) & (bh <= result.adjusted["shaffer"])).all()
    assert (bh < result.adjusted["shaffer"]).any()  # sharper than Shaffer somewhere
    report = mc.compare(fifty)
    assert report.procedure == "bergmann_hommel"
    import matplotlib

    matplotlib.use("Agg")
    figure = mc.cd_diagram(fifty, procedure="bergmann_hommel")
    assert figure.axes


def test_cli_uses_bergmann_hommel_at_k_50(fifty: pd.DataFrame, tmp_path, capsys) -> None:
    from multicomp.cli import main

    path = tmp_path / "scores.csv"
    fifty.rename(index=lambda i: f"d{i}").to_csv(path, index_label="dataset")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "Bergmann-Hommel" in out and "left out" not in out
