"""adjust_all_pairs: G08 Table 5 from expected.json, and properties against plain-Python versions."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import plain_all_pairs as plain
from multicomp import _core, adjust_all_pairs, adjust_control, procedures
from multicomp._internal.validation import one_of
from multicomp._internal.vocabulary import ALL_PAIRS_PROCEDURES
from reference_cases import G08_PROCEDURES, assert_matches, case

G08 = "garcia2008_friedman_all_pairwise"


def _g08() -> tuple[list[str], np.ndarray]:
    """Hypothesis labels in itertools.combinations order of the CSV columns, and their p-values."""
    expected = case(G08)["expected"]
    algorithms = list(expected["average_ranks"]["value"])  # CSV column order
    labels = [f"{a} vs {b}" for a, b in itertools.combinations(algorithms, 2)]
    return labels, np.array([expected["p"]["value"][h] for h in labels])


@pytest.mark.parametrize(
    ("key", "method", "monotone"),
    [
        ("apv_nemenyi", "bonferroni", False),  # G08's "Nemenyi" (tests/reference/README.md)
        ("apv_holm", "holm", False),
        ("apv_shaffer", "shaffer", False),
        ("apv_bergmann_hommel", "bergmann_hommel", False),
        ("apv_bergmann_hommel_monotone", "bergmann_hommel", True),
    ],
)
def test_g08_table5(key: str, method: str, monotone: bool) -> None:
    labels, p = _g08()
    apv = adjust_all_pairs(p, method, monotone=monotone)
    assert_matches(dict(zip(labels, apv)), case(G08)["expected"][key])


def test_g08_rejections_acceptance_set_and_shaffer_t() -> None:
    labels, p = _g08()
    expected = case(G08)["expected"]
    counts = {g08: int((adjust_all_pairs(p, m) <= 0.05).sum()) for g08, m in G08_PROCEDURES.items()}
    assert_matches(counts, expected["number_rejected_alpha_0.05"])
    by_p = expected["hypothesis_order"]["value"]
    accepted = _core.bergmann_hommel_accepted(p, 5, 0.05)
    assert_matches(
        [h for h in by_p if accepted[labels.index(h)]],
        expected["bergmann_hommel_acceptance_set_alpha_0.05"],
    )
    order = np.argsort(p, kind="stable")
    assert [labels[i] for i in order] == by_p
    t = _core.shaffer_multipliers(5)
    assert_matches({labels[i]: t[rank] for rank, i in enumerate(order)}, expected["shaffer_t"])


def test_plain_versions_against_expected() -> None:
    """The test's own enumeration and S(k) reproduce G08 Tables 1 and 4 and S(k)."""
    expected = case("garcia2008_exhaustive_sets")["expected"]
    for key, count in expected["n_exhaustive_sets"]["value"].items():
        if int(key) <= 7:
            assert len(plain.cached_exhaustive_sets(int(key))) == count
    pairs = list(itertools.combinations(range(1, 6), 2))
    as_text = {
        " ".join(f"{pairs[h][0]}{pairs[h][1]}" for h in sorted(s)) for s in plain.exhaustive_sets(5)
    }
    assert as_text == set(expected["exhaustive_sets_k5"]["value"])
    assert_matches(
        {k: sorted(plain.shaffer_counts(int(k))) for k in expected["shaffer_S"]["value"]},
        expected["shaffer_S"],
    )


# --------------------------------------------------------------------------- properties

P_VALUE = st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 1e-4, 0.01, 0.02, 0.05, 1.0]))


@st.composite
def families(draw: st.DrawFn, k_max: int = 7) -> tuple[int, np.ndarray]:
    k = draw(st.integers(2, k_max))
    m = k * (k - 1) // 2
    return k, np.array(draw(st.lists(P_VALUE, min_size=m, max_size=m)))


@given(families())
def test_against_plain_python(fam: tuple[int, np.ndarray]) -> None:
    k, p = fam
    expected = plain.bergmann_hommel(p.tolist(), plain.cached_exhaustive_sets(k))
    np.testing.assert_allclose(adjust_all_pairs(p, "bergmann_hommel"), expected, rtol=1e-15)
    np.testing.assert_allclose(adjust_all_pairs(p, "shaffer"), plain.shaffer(p, k), rtol=1e-15)


@given(families(k_max=8))
def test_ordering_and_bounds(fam: tuple[int, np.ndarray]) -> None:
    k, p = fam
    bh, shaffer, holm, bonferroni, nemenyi = (
        adjust_all_pairs(p, m, n_algorithms=k)
        for m in ("bergmann_hommel", "shaffer", "holm", "bonferroni", "nemenyi")
    )
    assert np.all(bh <= shaffer) and np.all(shaffer <= holm) and np.all(holm <= bonferroni)
    assert np.all(bh >= p) and np.all(bonferroni <= 1.0)
    # Tukey's studentized range is exact for the maximum, Bonferroni bounds it from above
    assert np.all((p <= nemenyi * (1 + 1e-9)) & (nemenyi <= bonferroni * (1 + 1e-9)))


@given(families(k_max=8), st.randoms(use_true_random=False))
def test_relabelling(fam: tuple[int, np.ndarray], rnd) -> None:
    k, p = fam
    perm = np.array(rnd.sample(range(k), k))  # algorithm a gets label perm[a]
    rows, cols = np.triu_indices(k, 1)
    relabelled = np.empty(k * (k - 1) // 2)
    new_index = {pair: h for h, pair in enumerate(zip(rows, cols))}
    for h, (a, b) in enumerate(zip(rows, cols)):
        relabelled[new_index[tuple(sorted((perm[a], perm[b])))]] = p[h]
    for method in ALL_PAIRS_PROCEDURES:
        for monotone in (False, True):
            apv = adjust_all_pairs(p, method, monotone=monotone)
            apv_new = adjust_all_pairs(relabelled, method, monotone=monotone)
            for h, (a, b) in enumerate(zip(rows, cols)):
                assert apv_new[new_index[tuple(sorted((perm[a], perm[b])))]] == apv[h]


@given(families(k_max=8))
def test_monotone(fam: tuple[int, np.ndarray]) -> None:
    _, p = fam
    for method in ALL_PAIRS_PROCEDURES:
        apv = adjust_all_pairs(p, method)
        expected = np.array([apv[p <= p[i]].max() for i in range(p.size)])
        np.testing.assert_array_equal(adjust_all_pairs(p, method, monotone=True), expected)
        if method != "bergmann_hommel":
            np.testing.assert_array_equal(expected, apv)  # already monotone in p


@given(
    st.integers(2, 9).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.lists(
                st.lists(P_VALUE, min_size=k * (k - 1) // 2, max_size=k * (k - 1) // 2),
                min_size=1,
                max_size=5,
            ),
        )
    )
)
def test_batch_rows_equal_single_calls(fam: tuple[int, list[list[float]]]) -> None:
    k, rows = fam
    batch = np.array(rows)
    for method in ALL_PAIRS_PROCEDURES:
        for monotone in (False, True):
            out = adjust_all_pairs(batch, method, n_algorithms=k, monotone=monotone)
            assert out.shape == batch.shape
            for row, got in zip(batch, out):
                np.testing.assert_array_equal(got, adjust_all_pairs(row, method, monotone=monotone))


@given(families(k_max=8), st.sampled_from([0.0, 1.0, np.nan]))
def test_matrix_round_trip(fam: tuple[int, np.ndarray], diagonal: float) -> None:
    k, p = fam
    rows, cols = np.triu_indices(k, 1)
    matrix = np.full((k, k), diagonal)
    matrix[rows, cols] = matrix[cols, rows] = p
    before = matrix.copy()
    for method in ALL_PAIRS_PROCEDURES:
        out = adjust_all_pairs(matrix, method)
        assert out.shape == (k, k) and np.isnan(np.diag(out)).all()
        np.testing.assert_array_equal(out, out.T)
        np.testing.assert_array_equal(out[rows, cols], adjust_all_pairs(p, method))
    np.testing.assert_array_equal(matrix, before)  # caller's array untouched


def test_ties() -> None:
    p = np.full(10, 0.01)
    for method in ALL_PAIRS_PROCEDURES:
        apv = adjust_all_pairs(p, method)
        assert np.all(apv == apv[0])
    np.testing.assert_allclose(adjust_all_pairs(p, "holm"), 0.1)
    np.testing.assert_allclose(
        adjust_all_pairs(p, "bergmann_hommel"), 0.1
    )  # the full set, |I| = 10


def test_stacked_square_needs_k_when_not_symmetric() -> None:
    rng = np.random.default_rng(1)
    stack = rng.uniform(size=(6, 6))  # 6 families of k = 4, or a (non-symmetric) 6 x 6 matrix
    with pytest.raises(ValueError, match="pass n_algorithms=4"):
        adjust_all_pairs(stack, "holm")
    out = adjust_all_pairs(stack, "holm", n_algorithms=4)
    np.testing.assert_array_equal(out[2], adjust_all_pairs(stack[2], "holm"))


def test_large_k() -> None:
    p = np.linspace(0.0, 1.0, 21 * 20 // 2)
    assert adjust_all_pairs(p, "shaffer").shape == p.shape  # Shaffer works for any k
    with pytest.raises(ValueError):
        adjust_all_pairs(p, "bergmann_hommel")


@pytest.mark.parametrize(
    ("pvalues", "kwargs", "match"),
    [
        (
            np.full(3, 0.1),
            {"procedure": "tukey"},
            re.escape(one_of("procedure", "tukey", procedures.names("all_pairs"))),
        ),
        (np.full(4, 0.1), {"procedure": "holm"}, "number of pairs"),
        (np.full(6, 0.1), {"procedure": "holm", "n_algorithms": 5}, "k = 5"),
        (np.array([0.1, 0.2, np.nan]), {"procedure": "holm"}, "NaN"),
        (np.array([0.1, 0.2, 1.2]), {"procedure": "shaffer"}, r"\[0, 1\]"),
        (np.array([0.1, 0.2, -0.2]), {"procedure": "bergmann_hommel"}, r"\[0, 1\]"),
        (np.float64(0.1), {"procedure": "holm"}, "0-D"),
        (np.full((2, 2, 3), 0.1), {"procedure": "holm"}, "3-D"),
        (np.triu(np.full((5, 5), 0.1)), {"procedure": "holm"}, "symmetric"),
        (np.full(3, 0.1), {"procedure": "holm", "n_algorithms": 1}, "n_algorithms must be"),
    ],
)
def test_errors(pvalues: np.ndarray, kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        adjust_all_pairs(pvalues, **kwargs)


def test_type_error() -> None:
    with pytest.raises(TypeError, match="numeric"):
        adjust_all_pairs(["a", "b", "c"], "holm")


def test_empty_stack_and_negative_zero() -> None:
    for method in ALL_PAIRS_PROCEDURES:
        for monotone in (False, True):
            out = adjust_all_pairs(np.empty((0, 6)), method, monotone=monotone)
            assert out.shape == (0, 6) and out.dtype == np.float64
        # -0.0 is 0.0 for every method (the Rust core already normalises it).
        assert not np.signbit(adjust_all_pairs([-0.0, 0.5, 1.0], method)).any()
    with pytest.raises(ValueError, match="number of pairs"):
        adjust_all_pairs(np.empty((0, 4)), "holm")
    with pytest.raises(ValueError, match="0 p-values per family"):
        adjust_all_pairs([], "holm")


@pytest.mark.parametrize(
    "adjust", [lambda p: adjust_all_pairs(p, "holm"), lambda p: adjust_control(p, "holm")]
)
def test_complex_pvalues_are_refused(adjust) -> None:
    with pytest.raises(TypeError, match="complex"):
        adjust(np.full(3, 0.1 + 0.0j))
