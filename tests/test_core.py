"""The native module multicomp._core: exhaustive sets, Shaffer and Bergmann-Hommel.

Expected values come from tests/reference/expected.json (Garcia & Herrera 2008).
"""

from __future__ import annotations

import itertools
import threading
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from multicomp import _core
from plain_all_pairs import bergmann_hommel, cached_exhaustive_sets
from reference_cases import case, read_csv

G08 = "garcia2008_exhaustive_sets"


def names(mask: int, k: int) -> str:
    """A set as G08 writes it: its hypotheses 'ij' (1-based) separated by spaces."""
    pairs = itertools.combinations(range(1, k + 1), 2)
    return " ".join(f"{a}{b}" for h, (a, b) in enumerate(pairs) if mask >> h & 1)


def random_family(rng: np.random.Generator, k: int, kind: int) -> np.ndarray:
    m = k * (k - 1) // 2
    if kind == 0:
        return rng.uniform(size=m)
    if kind == 1:
        return 10.0 ** rng.uniform(-10, 0, size=m)
    return rng.choice([0.0, 0.001, 0.004, 0.01, 0.0125, 0.05, 0.2, 1.0], size=m)


# --- exhaustive sets and Shaffer's S(k), t_i -------------------------------------------


def test_exhaustive_set_counts_match_table1() -> None:
    entry = case(G08)["expected"]["n_exhaustive_sets"]
    for k, count in entry["value"].items():
        assert len(_core.exhaustive_sets(int(k))) == count


@pytest.mark.parametrize("k", [4, 5])
def test_exhaustive_sets_equal_the_papers_lists_in_its_order(k: int) -> None:
    expected = case(G08)["expected"][f"exhaustive_sets_k{k}"]["value"]
    assert [names(s, k) for s in _core.exhaustive_sets(k)] == expected


def test_table4_sets_are_exhaustive_sets() -> None:
    printed = {
        " ".join(sorted(str(h).split()))
        for h in read_csv("garcia2008_table4_exhaustive_sets_k5.csv")["hypotheses"]
    }
    ours = {names(s, 5) for s in _core.exhaustive_sets(5)}
    assert len(printed) == 48
    assert printed <= ours


def test_exhaustive_sets_are_distinct_partitions() -> None:
    for k in range(2, 8):
        sets = _core.exhaustive_sets(k)
        assert len(set(sets)) == len(sets)
        assert 0 not in sets
        assert max(sets) == 2 ** (k * (k - 1) // 2) - 1


def test_shaffer_counts_and_multipliers() -> None:
    expected = case(G08)["expected"]
    for k, counts in expected["shaffer_S"]["value"].items():
        assert _core.shaffer_counts(int(k)) == counts
    assert _core.shaffer_multipliers(5) == expected["shaffer_t_k5"]["value"]
    for k in range(2, 30):
        s = _core.shaffer_counts(k)
        m = k * (k - 1) // 2
        assert _core.shaffer_multipliers(k) == [max(x for x in s if x <= m - i) for i in range(m)]


def test_shaffer_counts_agree_with_big_integer_bit_sets() -> None:
    """S(n) = union over j of C(j,2) + S(n-j), as Python integers used as bit sets (an
    independent route to the core's windowed recursion, which keeps a dense prefix)."""
    sets = [1, 1]
    for n in range(2, 301):
        bits = 0
        for j in range(1, n + 1):
            bits |= sets[n - j] << (j * (j - 1) // 2)
        sets.append(bits)
    for k in (2, 3, 50, 101, 200, 256, 300):
        assert _core.shaffer_counts(k) == [
            x for x in range(k * (k - 1) // 2 + 1) if sets[k] >> x & 1
        ]


def test_shaffer_counts_at_the_largest_k() -> None:
    # 1,901,855 values: the count the earlier full-width bit sets gave (minutes at k = 2000).
    s = _core.shaffer_counts(2000)
    assert len(s) == 1_901_855
    top = 1998 * 1997 // 2  # C(1998, 2) + S(2), then C(1999, 2) + S(1), C(2000, 2) + S(0)
    assert s[-4:] == [top, top + 1, 1999 * 1998 // 2, 2000 * 1999 // 2]


def test_limits() -> None:
    assert _core.MAX_K == 20
    assert _core.MAX_K_ENUMERATE == 11


# --- Garcia & Herrera 2008, Tables 3 and 5 -------------------------------------------


def g08_pvalues() -> tuple[np.ndarray, list[str]]:
    c = case("garcia2008_friedman_all_pairwise")
    algorithms = c["expected"]["ranks"]["value"]["columns"]
    keys = [f"{a} vs {b}" for a, b in itertools.combinations(algorithms, 2)]
    p = c["expected"]["p"]["value"]
    return np.array([p[key] for key in keys]), keys


@pytest.mark.parametrize("algorithm", ["auto", "enumerate", "subset_dp"])
def test_bergmann_hommel_apv_g08(algorithm: str) -> None:
    from reference_cases import assert_matches

    p, keys = g08_pvalues()
    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    apv = _core.bergmann_hommel_apv(p, 5, algorithm)
    assert_matches(dict(zip(keys, apv)), expected["apv_bergmann_hommel"])
    assert_matches(dict(zip(keys, _core.shaffer_apv(p, 5))), expected["apv_shaffer"])


def test_bergmann_hommel_acceptance_set_g08() -> None:
    p, keys = g08_pvalues()
    expected = case("garcia2008_friedman_all_pairwise")["expected"]
    accepted = _core.bergmann_hommel_accepted(p, 5, 0.05)
    assert accepted.dtype == np.bool_
    assert sorted(key for key, a in zip(keys, accepted) if a) == sorted(
        expected["bergmann_hommel_acceptance_set_alpha_0.05"]["value"]
    )
    assert (
        int((~accepted).sum()) == expected["number_rejected_alpha_0.05"]["value"]["bergmann_hommel"]
    )


# --- agreement of the two routes and with a plain-Python enumeration ------------------


@pytest.mark.parametrize("k", range(2, 10))
def test_enumerate_and_subset_dp_agree_bitwise(k: int) -> None:
    rng = np.random.default_rng(k)
    families = np.vstack([random_family(rng, k, kind) for kind in range(3) for _ in range(8)])
    by_enum = _core.bergmann_hommel_apv(families, k, "enumerate")
    by_dp = _core.bergmann_hommel_apv(families, k, "subset_dp")
    np.testing.assert_array_equal(by_enum.view(np.uint64), by_dp.view(np.uint64))


@pytest.mark.parametrize("k", range(2, 7))
def test_agrees_with_plain_python_enumeration(k: int) -> None:
    rng = np.random.default_rng(100 + k)
    for kind in range(3):
        p = random_family(rng, k, kind)
        expected = bergmann_hommel(p.tolist(), cached_exhaustive_sets(k))
        np.testing.assert_array_equal(_core.bergmann_hommel_apv(p, k), expected)


@given(st.data())
def test_routes_agree_on_arbitrary_floats(data: st.DataObject) -> None:
    k = data.draw(st.integers(2, 8))
    m = k * (k - 1) // 2
    values = st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 5e-324, 0.05, 0.5, 1.0]))
    p = np.array(data.draw(st.lists(values, min_size=m, max_size=m)))
    by_enum = _core.bergmann_hommel_apv(p, k, "enumerate")
    np.testing.assert_array_equal(
        by_enum.view(np.uint64), _core.bergmann_hommel_apv(p, k, "subset_dp").view(np.uint64)
    )
    np.testing.assert_array_equal(by_enum, bergmann_hommel(p.tolist(), cached_exhaustive_sets(k)))


@given(st.data())
def test_routes_agree_on_spread_pvalues(data: st.DataObject) -> None:
    """Log-uniform p-values leave few pairs to the greedy partitions: the subset DP builds
    its tables up to nearly complete graphs, where its updates skip dominated subsets."""
    k = data.draw(st.integers(6, 11))
    m = k * (k - 1) // 2
    exponents = data.draw(st.lists(st.floats(0.0, 12.0), min_size=m, max_size=m))
    p = 10.0 ** -np.array(exponents)
    np.testing.assert_array_equal(
        _core.bergmann_hommel_apv(p, k, "enumerate").view(np.uint64),
        _core.bergmann_hommel_apv(p, k, "subset_dp").view(np.uint64),
    )


@given(st.data())
def test_tied_pvalues_do_not_depend_on_order(data: st.DataObject) -> None:
    k = data.draw(st.integers(3, 7))
    m = k * (k - 1) // 2
    levels = st.sampled_from([0.0, 0.001, 0.01, 0.02, 0.05, 0.3, 1.0])
    p = np.array(data.draw(st.lists(levels, min_size=m, max_size=m)))
    perm = np.array(data.draw(st.permutations(range(k))))
    # Relabel the algorithms: pair (a, b) becomes (perm[a], perm[b]).
    pairs = list(itertools.combinations(range(k), 2))
    index = {pair: h for h, pair in enumerate(pairs)}
    target = [index[tuple(sorted((perm[a], perm[b])))] for a, b in pairs]
    q = np.empty(m)
    q[target] = p
    for fn in (_core.shaffer_apv, _core.bergmann_hommel_apv):
        np.testing.assert_array_equal(fn(q, k)[target], fn(p, k))
    bh, sh = _core.bergmann_hommel_apv(p, k, "subset_dp"), _core.shaffer_apv(p, k)
    assert np.all((p <= bh) & (bh <= sh) & (sh <= 1.0))


# --- batches and input handling ------------------------------------------------------


def test_batch_shapes() -> None:
    rng = np.random.default_rng(1)
    k, m = 6, 15
    families = rng.uniform(size=(7, m))
    for fn in (_core.shaffer_apv, _core.bergmann_hommel_apv):
        out = fn(families, k)
        assert out.shape == (7, m) and out.dtype == np.float64
        for row, p in zip(out, families):
            np.testing.assert_array_equal(row, fn(p, k))
        assert fn(np.empty((0, m)), k).shape == (0, m)
        assert fn(families[0], k).shape == (m,)
    # Lists, integers and non-contiguous arrays are accepted; the input is not modified.
    assert _core.bergmann_hommel_apv([0, 1, 0], 3).tolist() == [0.0, 1.0, 0.0]
    view = np.asfortranarray(families)[:, :]
    before = view.copy()
    np.testing.assert_array_equal(
        _core.bergmann_hommel_apv(view, k), _core.bergmann_hommel_apv(before, k)
    )
    np.testing.assert_array_equal(view, before)


@pytest.mark.parametrize("k", [12, 15])
def test_large_k_runs(k: int) -> None:
    rng = np.random.default_rng(k)
    p = rng.uniform(size=k * (k - 1) // 2) ** 4
    apv = _core.bergmann_hommel_apv(p, k)
    assert np.all((apv >= p) & (apv <= _core.shaffer_apv(p, k)))
    # One family alone splits its work over threads; in a stack it does not.
    np.testing.assert_array_equal(_core.bergmann_hommel_apv(np.vstack([p, p]), k)[1], apv)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: _core.bergmann_hommel_apv(np.full(10, 0.1), 6),
            r"expected m = k\(k-1\)/2 = 15 .* got 10",
        ),
        (lambda: _core.bergmann_hommel_apv(np.full((2, 9), 0.1), 5), r"= 10 .* got 9"),
        (lambda: _core.shaffer_apv(np.full(3, 0.1), 1), "at least 2 algorithms"),
        (
            lambda: _core.bergmann_hommel_apv(np.full(231, 0.1), 22),
            "use Shaffer's static procedure, which works for any k",
        ),
        (
            lambda: _core.bergmann_hommel_apv(np.full(10, 0.1), 5, "fast"),
            "unknown algorithm 'fast'; expected 'auto', 'enumerate' or 'subset_dp'",
        ),
        (lambda: _core.bergmann_hommel_apv(np.full(66, 0.1), 12, "enumerate"), "subset_dp"),
        (lambda: _core.bergmann_hommel_apv([0.1, np.nan, 0.2], 3), r"\[0, 1\]; pair 1 is NaN"),
        (
            lambda: _core.shaffer_apv(np.array([[0.1, 0.2, 0.3], [0.1, 0.2, -0.3]]), 3),
            r"family 1, pair 2 is -0.3",
        ),
        (lambda: _core.shaffer_apv([0.1, 1.5, 0.2], 3), "pair 1 is 1.5"),
        (
            lambda: _core.bergmann_hommel_accepted(np.full(3, 0.1), 3, 0.0),
            r"open interval \(0, 1\)",
        ),
        (
            lambda: _core.bergmann_hommel_accepted(np.full(3, 0.1), 3, float("nan")),
            r"open interval \(0, 1\)",
        ),
        (
            lambda: _core.bergmann_hommel_accepted(np.full((2, 3), 0.1), 3, 0.05),
            r"must be 1-D \(m,\): one family",
        ),
        (lambda: _core.bergmann_hommel_apv(np.full((1, 1, 3), 0.1), 3), "got 3 dimension"),
        (lambda: _core.exhaustive_sets(12), "above the largest k whose exhaustive sets are listed"),
        (lambda: _core.shaffer_counts(-4), "at least 2 algorithms"),
        (lambda: _core.shaffer_multipliers(2001), r"largest k for Shaffer's S\(k\) \(2000\)"),
        # Integers beyond the i64 range meet the same checks (not an OverflowError).
        (
            lambda: _core.bergmann_hommel_apv(np.full(3, 0.1), 2**70),
            "use Shaffer's static procedure",
        ),
        (lambda: _core.shaffer_apv(np.full(3, 0.1), -(2**70)), "at least 2 algorithms"),
        (
            lambda: _core.exhaustive_sets(2**64),
            "above the largest k whose exhaustive sets are listed",
        ),
        (lambda: _core.shaffer_counts(2**63), r"largest k for Shaffer's S\(k\)"),
    ],
)
def test_errors_are_value_errors_that_name_the_fix(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


def test_gil_is_released_during_the_computation() -> None:
    """While one thread computes, another keeps running Python code."""
    p = np.random.default_rng(5).uniform(size=18 * 17 // 2) ** 3
    started = threading.Event()

    def compute() -> None:
        started.set()
        _core.bergmann_hommel_apv(p, 18)

    worker = threading.Thread(target=compute)
    worker.start()
    started.wait()
    begin = last = time.perf_counter()
    longest_pause = 0.0
    while worker.is_alive():
        now = time.perf_counter()
        longest_pause = max(longest_pause, now - last)
        last = now
    worker.join()
    duration = last - begin
    # Holding the GIL would freeze this loop for the whole call.
    assert longest_pause < 0.5 * duration, (longest_pause, duration)
