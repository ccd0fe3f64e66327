"""Grouping logic of CD diagrams (multicomp.ranking.cd_groups): pure, no drawing."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from multicomp.ranking.cd_groups import cd_groups
from reference_cases import case


def brute_force_groups(ranks: pd.Series, rejected: np.ndarray) -> list[tuple[str, ...]]:
    """All maximal intervals (of size >= 2) of the rank order without a rejected pair."""
    order = list(np.argsort(ranks.to_numpy(), kind="stable"))
    k = len(order)
    clean = [
        (s, e)
        for s in range(k)
        for e in range(s + 1, k)
        if not any(rejected[order[a], order[b]] for a in range(s, e + 1) for b in range(s, e + 1))
    ]
    maximal = [
        iv for iv in clean if not any(o != iv and o[0] <= iv[0] and iv[1] <= o[1] for o in clean)
    ]
    return [tuple(ranks.index[order[i]] for i in range(s, e + 1)) for s, e in sorted(maximal)]


def test_every_pair_differs_gives_no_group_at_all() -> None:
    ranks = pd.Series({"a": 1.0, "b": 2.0, "c": 3.0})
    assert cd_groups(ranks, cd=0.5) == []
    assert cd_groups(ranks, np.ones((3, 3), dtype=bool)) == []


def test_no_pair_differs_gives_one_group_of_all_in_rank_order() -> None:
    ranks = pd.Series({"c": 3.0, "a": 1.0, "b": 2.0})
    assert cd_groups(ranks, cd=10.0) == [("a", "b", "c")]
    assert cd_groups(ranks, []) == [("a", "b", "c")]


def test_groups_follow_rank_order_not_input_order() -> None:
    ranks = pd.Series({"w": 4.0, "x": 1.0, "y": 3.0, "z": 2.0})
    # x-z and y-w are close; z-y too; x-y and z-w differ.
    groups = cd_groups(ranks, [("x", "y"), ("x", "w"), ("z", "w")])
    assert groups == [("x", "z"), ("z", "y"), ("y", "w")]


def test_overlapping_groups_are_not_redundant() -> None:
    ranks = pd.Series({"a": 1.0, "b": 1.5, "c": 2.0, "d": 2.5})
    groups = cd_groups(ranks, [("a", "c"), ("b", "d"), ("a", "d")])
    assert groups == [("a", "b"), ("b", "c"), ("c", "d")]
    for g, h in itertools.permutations(groups, 2):
        assert not set(g) <= set(h)


def test_a_group_never_skips_an_algorithm_ranked_inside_it() -> None:
    # a and c are not different, but b (ranked between them) differs from a:
    # joining a and c would contradict the rank order, so they are not joined.
    ranks = pd.Series({"a": 1.0, "b": 2.0, "c": 3.0})
    assert cd_groups(ranks, [("a", "b")]) == [("b", "c")]


def test_tied_ranks() -> None:
    ranks = pd.Series({"a": 2.0, "b": 2.0, "c": 1.0, "d": 4.0})
    assert cd_groups(ranks, cd=0.5) == [("a", "b")]
    # A group of two tied algorithms is still a group (it is drawn with a visible width).
    assert cd_groups(ranks, cd=1.5) == [("c", "a", "b")]
    # Ranks that differ by the CD up to floating-point noise are compared at 1e-9.
    noisy = pd.Series({"a": 1.0, "b": (0.7 + 0.1) * 10 / 4})  # 1.9999999999999998
    assert noisy["b"] - noisy["a"] < 1.0
    assert cd_groups(noisy, cd=1.0) == []


def test_exactly_cd_apart_differs() -> None:
    # Demsar 2006, Sec. 3.2.2: different "if the average ranks differ by at least the CD".
    ranks = pd.Series({"a": 1.0, "b": 2.0})
    assert cd_groups(ranks, cd=1.0) == []
    assert cd_groups(ranks, cd=1.0 + 1e-6) == [("a", "b")]


def test_demsar2006_groups_from_nemenyi_cd() -> None:
    expected = case("demsar2006_friedman_from_auc")["expected"]
    ranks = pd.Series(expected["average_ranks"]["value"])
    best_first = tuple(ranks.sort_values(kind="stable").index)
    # At alpha = 0.05 no pair differs (1.214 < CD = 1.254): one group of all four.
    assert cd_groups(ranks, cd=expected["CD_nemenyi_0.05"]["value"]) == [best_first]
    # At alpha = 0.10 (CD = 1.118) C4.5 differs from the two best: two overlapping groups.
    assert cd_groups(ranks, cd=expected["CD_nemenyi_0.10"]["value"]) == [
        best_first[:3],
        best_first[2:],
    ]


def test_rejected_as_dataframe_in_any_label_order_and_from_apvs() -> None:
    ranks = pd.Series({"a": 1.0, "b": 2.0, "c": 3.0})
    apv = pd.DataFrame(
        [[np.nan, 0.2, 0.01], [0.2, np.nan, 0.3], [0.01, 0.3, np.nan]],
        index=["a", "b", "c"],
        columns=["a", "b", "c"],
    ).loc[["c", "a", "b"], ["b", "c", "a"]]
    assert cd_groups(ranks, apv <= 0.05) == [("a", "b"), ("b", "c")]
    # Only one triangle marked: the matrix is read symmetrically.
    upper = np.zeros((3, 3), dtype=bool)
    upper[0, 2] = True
    assert cd_groups(ranks, upper) == [("a", "b"), ("b", "c")]


def test_plain_sequence_and_mapping_ranks() -> None:
    assert cd_groups([1.0, 3.0, 2.0], cd=1.5) == [("A1", "A3"), ("A3", "A2")]
    assert cd_groups([1.0, 3.0, 2.0], cd=2.5) == [("A1", "A3", "A2")]
    assert cd_groups({"p": 2.0, "q": 1.0}, cd=0.1) == []


@pytest.mark.parametrize(
    ("ranks", "kwargs", "error"),
    [
        ({"a": 1.0}, {"cd": 1.0}, "at least 2"),
        ({"a": 1.0, "b": np.nan}, {"cd": 1.0}, "finite"),
        ({"a": 1.0, "b": 2.0}, {}, "exactly one"),
        ({"a": 1.0, "b": 2.0}, {"cd": 1.0, "rejected": []}, "exactly one"),
        ({"a": 1.0, "b": 2.0}, {"cd": -1.0}, "cd must be a finite number >= 0"),
        ({"a": 1.0, "b": 2.0}, {"rejected": [("a", "zz")]}, "unknown algorithm"),
        ({"a": 1.0, "b": 2.0}, {"rejected": np.zeros((3, 3), dtype=bool)}, "2 x 2"),
        ({"a": 1.0, "b": 2.0}, {"rejected": pd.DataFrame({"a": [True]}, index=["a"])}, "lacks"),
    ],
)
def test_bad_input(ranks: dict, kwargs: dict, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        cd_groups(ranks, **kwargs)


@st.composite
def rank_problems(draw: st.DrawFn) -> tuple[pd.Series, np.ndarray]:
    k = draw(st.integers(2, 8))
    # Half-integers make ties frequent.
    values = draw(st.lists(st.integers(2, 2 * k).map(lambda v: v / 2), min_size=k, max_size=k))
    ranks = pd.Series(values, index=[f"alg{j}" for j in range(k)])
    bits = draw(st.lists(st.booleans(), min_size=k * (k - 1) // 2, max_size=k * (k - 1) // 2))
    rejected = np.zeros((k, k), dtype=bool)
    for (i, j), bit in zip(itertools.combinations(range(k), 2), bits):
        rejected[i, j] = rejected[j, i] = bit
    return ranks, rejected


@given(rank_problems())
def test_agrees_with_brute_force_on_any_rejection_pattern(
    problem: tuple[pd.Series, np.ndarray],
) -> None:
    ranks, rejected = problem
    groups = cd_groups(ranks, rejected)
    assert groups == brute_force_groups(ranks, rejected)
    position = {n: r for r, n in enumerate(ranks.sort_values(kind="stable").index)}
    for g in groups:
        assert len(g) >= 2
        assert [position[n] for n in g] == list(range(position[g[0]], position[g[-1]] + 1))


@given(rank_problems(), st.floats(0.0, 5.0))
def test_cd_groups_are_the_groups_of_the_implied_rejections(
    problem: tuple[pd.Series, np.ndarray], cd: float
) -> None:
    ranks, _ = problem
    values = ranks.to_numpy()
    rejected = np.round(np.abs(values[:, None] - values[None, :]), 9) >= round(cd, 9)
    np.fill_diagonal(rejected, False)
    assert cd_groups(ranks, cd=cd) == brute_force_groups(ranks, rejected)


def test_huge_values_round_without_overflow_warnings() -> None:
    """Rounding at the data's precision multiplies by 10**DECIMALS: beyond 1e299 it overflows
    to infinity, which still means "apart", and must not warn (found by hypothesis)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cd_groups({"0": 1.797693134862316e299, "": 0.0}, cd=0.0) == []
        assert cd_groups({"a": 1e300, "b": 1e300}, cd=1.0) == [("a", "b")]
