"""The Monte Carlo permutation loop in the Rust core (issue 23.2): its p-values against the numpy
engine and exact enumeration, independent of the number of threads and of the order of rows and
columns; one draw per comparison (issue 19.9); and what method="auto" chooses (issue 21.4: a
resolution below the procedures' thresholds; issue 22.2: bounded work at many algorithms)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from multicomp import ranktests
from multicomp._internal import work as _work
from multicomp.ranktests import base as test_registry
from multicomp.ranktests import exact
from multicomp.ranktests import permutation as engine

pytestmark = pytest.mark.filterwarnings("ignore::multicomp.ShapeWarning")


@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The Rust core's draws, counted: the number of pair gaps each was asked for."""
    calls: list[int] = []
    real = engine._core.permutation_draw

    def counted(table: Any, totals: Any, gaps: Any, **options: Any) -> Any:
        calls.append(len(gaps))
        return real(table, totals, gaps, **options)

    monkeypatch.setattr(engine._core, "permutation_draw", counted)
    return calls


def _table(test: str, x: np.ndarray) -> np.ndarray:
    return ranktests.get(test).table(x)


@pytest.mark.parametrize("test", ["friedman", "aligned", "quade"])
# the three ways the core permutes a row: its k! arrangements (k <= 8), two arranged halves
# (k <= 16) and Fisher-Yates
@pytest.mark.parametrize("shape", [(8, 5), (10, 12), (5, 20)])
def test_rust_and_numpy_engines_agree(test: str, shape: tuple[int, int]) -> None:
    """The same null distribution by two independent loops (different random streams): the
    omnibus and pooled pair p-values agree within four standard errors of their difference."""
    x = np.round(np.random.default_rng(3).standard_normal(shape), 1)
    table = _table(test, x)
    entry = ranktests.get(test)
    n = 20_000
    statistic = entry.statistic(table, True)
    rust = engine.omnibus_pvalue(table, np.nan, "permutation", 1, n).pvalue
    numpy = engine.omnibus_pvalue(
        table, np.nan, "permutation", 1, n, statistic=lambda t: entry.statistic(t, True)
    ).pvalue
    assert 0.02 < rust < 0.98, statistic  # a p-value that can disagree
    assert abs(rust - numpy) <= 4 * np.sqrt(2 * rust * (1 - rust) / n)
    totals = table.sum(axis=0)
    first, second = np.triu_indices(shape[1], 1)
    difference = totals[second] - totals[first]
    pairs, used, count = engine.pair_pvalues(table, difference, "permutation", 1, n)
    assert used == "permutation" and count == n
    gaps = np.unique(np.abs(difference))
    by_numpy = engine._numpy_draw(table, None, gaps - 1e-9, n, 5)
    numpy_pairs = (by_numpy.pairs_at_least / len(first) + 1) / (n + 1)
    np.testing.assert_allclose(
        np.sort(np.unique(pairs))[::-1], np.sort(numpy_pairs)[::-1], atol=0.01, rtol=0
    )


_THREADS_SCRIPT = """
import numpy as np, multicomp as mc
x = np.random.default_rng(1).standard_normal((16, 20))
print(repr(mc.friedman(x, method="permutation", n_resamples=30_000).pvalue))
print(repr(mc.friedman(x[:, :10], method="permutation", n_resamples=30_000).pvalue))
print(repr(mc.quade(x[:, :6], method="permutation", n_resamples=30_000).pvalue))
pairs = mc.posthoc_all_pairs(
    x[:, :10], test="aligned", method="permutation", n_resamples=20_000
)
print(repr(list(pairs.pvalue)))
"""


def test_p_values_do_not_depend_on_the_number_of_threads() -> None:
    out = []
    for threads in ("1", "2", "3"):
        env = {**os.environ, "RAYON_NUM_THREADS": threads, "PYTHONWARNINGS": "ignore"}
        run = subprocess.run(
            [sys.executable, "-c", _THREADS_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        out.append(run.stdout)
    assert out[0] == out[1] == out[2] and out[0].count("\n") == 4


@settings(max_examples=20, deadline=None)
@given(
    arrays(
        np.float64,
        st.tuples(st.integers(2, 9), st.integers(2, 11)),
        elements=st.integers(0, 6).map(float),
    ),
    st.randoms(use_true_random=False),
    st.sampled_from([mc.friedman, mc.friedman_aligned_ranks, mc.quade]),
)
def test_monte_carlo_p_values_ignore_the_order_of_data_sets_and_algorithms(
    x: np.ndarray, shuffler: Any, test: Any
) -> None:
    rows, columns = list(range(x.shape[0])), list(range(x.shape[1]))
    shuffler.shuffle(rows)
    shuffler.shuffle(columns)
    options = {"method": "permutation", "n_resamples": 299, "random_state": 4}
    p = test(x, **options).pvalue
    assert 1 / 300 <= p <= 1
    assert test(x[rows][:, columns], **options).pvalue == p


def test_a_registered_test_without_the_kernel_resamples_with_numpy(draws: list[int]) -> None:
    """A rank test registered without ``kernel`` (here Friedman's statistic on the ranks
    halved, a table the Rust kernel is not told about) is permuted by the numpy engine with
    its own statistic, and agrees with Friedman's Rust p-value within the Monte Carlo error."""
    friedman = ranktests.get("friedman")
    x = np.random.default_rng(2).standard_normal((9, 5))
    table = friedman.table(x)
    statistic = friedman.statistic(table, True)
    asymptotic = float(friedman.pvalue(np.asarray(statistic), 9, 5))
    numpy = engine.omnibus_pvalue(
        table, asymptotic, "auto", 0, 20_000, statistic=lambda t: friedman.statistic(t, True)
    )
    assert numpy.method == "permutation" and not draws  # no exact form, no Rust draw
    rust = engine.omnibus_pvalue(table, asymptotic, "permutation", 0, 20_000)
    assert len(draws) == 1
    assert abs(numpy.pvalue - rust.pvalue) <= 4 * np.sqrt(2 * rust.pvalue / 20_000)
    with pytest.raises(ValueError, match="exact permutation distribution"):
        engine.omnibus_pvalue(
            table, asymptotic, "exact", 0, 99, statistic=lambda t: friedman.statistic(t, True)
        )


@pytest.fixture
def scaled_friedman() -> Iterator[str]:
    """Friedman's test on ranks times 0.3 (not multiples of 1/4), registered without the
    kernel for one test, and the registry left as it was."""
    friedman = ranktests.get("friedman")
    entry = dataclasses.replace(
        friedman,
        name="scaled_friedman",
        table=lambda scores: 0.3 * friedman.table(scores),
        statistic=lambda table, tie: friedman.statistic(table / 0.3, tie),
        kernel=False,
        derived=(),
    )
    saved = {kind: dict(tests) for kind, tests in test_registry._REGISTRY.items()}
    ranktests.register(entry)
    yield entry.name
    test_registry._REGISTRY.clear()
    test_registry._REGISTRY.update(saved)


def test_compare_with_a_test_without_the_kernel(draws: list[int], scaled_friedman: str) -> None:
    """Through compare, the omnibus test and the post-hoc of a test registered without the
    kernel are permuted by numpy with its own statistic; they agree with Friedman's (drawn by
    the Rust core, whose draw serves only Friedman's row here) within Monte Carlo error."""
    x = np.random.default_rng(4).standard_normal((9, 5))
    options = {"method": "permutation", "n_resamples": 20_000}
    report = mc.compare(x, test=scaled_friedman, control=0, procedure="holm", **options)
    assert len(draws) == 1  # Friedman's row only
    rows = {row.name: row for row in report.omnibus}
    assert rows[scaled_friedman].method == "permutation"
    friedman = rows["friedman"].pvalue
    assert abs(rows[scaled_friedman].pvalue - friedman) <= 4 * np.sqrt(2 * friedman / 20_000)
    by_rust = mc.posthoc_control(x, 0, **options).pvalue.to_numpy()
    assert report.pvalue_method == "permutation"
    np.testing.assert_allclose([h.pvalue for h in report.hypotheses], by_rust, atol=0.02)


def test_one_draw_serves_the_omnibus_test_and_its_post_hoc(
    draws: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19.9: compare() draws once; the draw counts the post-hoc's pairs; the p-values
    are those of the functions called on their own."""
    monkeypatch.setattr(exact, "PAIR_WORK_LIMIT", 0)  # the post-hoc by Monte Carlo
    x = np.random.default_rng(5).standard_normal((12, 33))
    report = mc.compare(x, procedure="holm")
    assert report.pvalue_method == "permutation" and len(draws) == 1 and draws[0] > 0
    alone = mc.posthoc_all_pairs(x, procedures=["holm"])
    assert [h.pvalue for h in report.hypotheses] == list(alone.pvalue)
    assert report.omnibus[0].pvalue == mc.friedman(x, n_resamples=alone.n_resamples).pvalue


@pytest.mark.parametrize(
    ("test", "function"), [("aligned", mc.friedman_aligned_ranks), ("quade", mc.quade)]
)
def test_one_draw_serves_friedman_another_rank_test_and_its_post_hoc(
    draws: list[int], test: str, function: Any
) -> None:
    """Issue 19.9 with another rank test: Friedman's row, the test's own omnibus test and its
    post-hoc come from one draw (ties in the scores included: the tables share the order of
    the data sets), each p-value equal to that of its function called on its own."""
    y = np.round(np.random.default_rng(5).standard_normal((12, 8)), 1)
    y[:4, :3] = y[:4, :1]  # data sets with tied algorithms
    options: dict[str, Any] = {"method": "permutation", "n_resamples": 2_000}
    report = mc.compare(y, test=test, **options)
    assert len(draws) == 1 and draws[0] > 0  # one draw, which counts the pairs
    by_name = {row.name: row.pvalue for row in report.omnibus}
    assert by_name["friedman"] == mc.friedman(y, **options).pvalue
    assert by_name[test] == function(y, **options).pvalue
    alone = mc.posthoc_all_pairs(y, test=test, **options)
    assert [h.pvalue for h in report.hypotheses] == list(alone.pvalue)
    assert len(draws) == 4  # alone: three functions, three draws


def test_tables_of_other_orders_are_drawn_on_their_own(draws: list[int]) -> None:
    """A table that its leader's order does not put in canonical form (not an increasing
    function of the scores within a row) gets its own draw, with its own p-value."""
    x = np.random.default_rng(2).standard_normal((10, 6))
    ranks = ranktests.get("friedman").table(x)
    reversed_ranks = 7.0 - ranks  # decreasing in the scores
    both = engine.omnibus_pvalues([ranks, reversed_ranks], [np.nan, np.nan], "permutation", 1, 999)
    assert len(draws) == 2
    assert both[1] == engine.omnibus_pvalue(reversed_ranks, np.nan, "permutation", 1, 999)
    assert both[0] == engine.omnibus_pvalue(ranks, np.nan, "permutation", 1, 999)


def test_auto_resolves_the_smallest_threshold_of_all_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21.4: N = 16, k = 33, algorithms far apart: alpha/m = 0.05/528 lies below the
    floor of 9,999 resamples (1e-4); auto draws enough to resolve it and rejects what the
    asymptotic p-values reject (0 rejections before, 171 asymptotic). (The exact distribution
    fits here; it is left out so that auto draws.)"""
    monkeypatch.setattr(exact, "PAIR_WORK_LIMIT", 0)
    rng = np.random.default_rng(0)
    x = np.arange(33) * 0.5 + rng.standard_normal((16, 33))
    auto = mc.posthoc_all_pairs(x, procedures=["holm"])
    asymptotic = mc.posthoc_all_pairs(x, procedures=["holm"], method="asymptotic")
    m = 33 * 32 // 2
    assert auto.method == "permutation"
    assert auto.n_resamples == int(np.ceil(engine.RESOLUTION * m / 0.05)) - 1
    assert 1 / (auto.n_resamples + 1) <= 0.05 / m / engine.RESOLUTION * 1.0001
    rejected = int((auto.adjusted["holm"] <= 0.05).sum())
    by_normal = int((asymptotic.adjusted["holm"] <= 0.05).sum())
    assert by_normal > 100 and abs(rejected - by_normal) <= 0.1 * by_normal
    with_control = mc.posthoc_control(x, 0, procedures=["holm"])
    # 32 hypotheses: 0.05/32 is resolved by the default 9,999 resamples
    assert with_control.method == "exact" or with_control.n_resamples == 9_999


@pytest.mark.parametrize("k", [300, 1000, 5000])
def test_auto_bounds_the_work_at_many_algorithms(k: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22.2: N = 12 data sets and many algorithms: the estimated work is checked before
    any draw; past the limit (lowered here so that the test stays quick) auto takes the
    asymptotic form and says so in ``method``; under it, it draws."""
    monkeypatch.setattr(engine, "PERMUTATION_WORK_LIMIT", 12 * k * 100)
    monkeypatch.setattr(exact, "PAIR_WORK_LIMIT", 0)  # the exact distribution fits at k = 300
    x = pd.DataFrame(np.random.default_rng(k).standard_normal((12, k)))
    omnibus = mc.friedman(x)
    assert omnibus.method == "asymptotic" and omnibus.n_resamples is None
    assert omnibus.pvalue == mc.friedman(x, method="asymptotic").pvalue
    assert mc.friedman(x, n_resamples=99).method == "permutation"  # 99 x 12 k cells fit
    post = mc.posthoc_control(x, 0, procedures=["holm"], n_resamples=99)
    assert post.method == "asymptotic"  # k - 1 pairs: raised to 10 (k - 1)/alpha resamples
    if k == 300:
        report = mc.compare(x)
        assert report.pvalue_method == "asymptotic" and report.omnibus[0].method == "asymptotic"
    if k == 5000:  # 12.5 million pairs: refused before any work, naming what works
        with pytest.raises(ValueError, match=r"12,497,500 pairs.*pass control=NAME"):
            mc.compare(x)
        mine = mc.compare(x, control=0)
        assert mine.pvalue_method == "asymptotic" and mine.omnibus[0].method == "asymptotic"


def test_the_default_limit_is_documented_in_work() -> None:
    assert engine.PERMUTATION_WORK_LIMIT is _work.PERMUTATION_WORK_LIMIT
    # the reproducer of issue 22.2 at full size: its post-hoc alone is 9,999 x 12.5 million
    assert engine._work(12, 5000, 9_999, True) > 100 * _work.PERMUTATION_WORK_LIMIT


def test_all_pairs_are_reported_up_to_the_measured_k_of_3000() -> None:
    """benches/RESULTS-large.md measures compare at k = 3,000 (16 s, 1.33 GB): its limit."""
    _work.check_pairs(3000)
    with pytest.raises(ValueError, match=r"4,501,500 pairs.*k = 3,000.*control=NAME"):
        _work.check_pairs(3001)


def test_draws_are_shared_only_within_a_block_of_one_thread(draws: list[int]) -> None:
    """The engine keeps no draw between calls (nothing for threads or forked processes to
    share); a ``shared_draws`` block, as compare() opens, serves repeated calls of its own
    thread only, each thread drawing with the same seed the same p-values."""
    x = np.random.default_rng(8).standard_normal((12, 8))
    options: dict[str, Any] = {"method": "permutation", "n_resamples": 500}
    first = list(mc.posthoc_all_pairs(x, **options).pvalue)
    assert list(mc.posthoc_all_pairs(x, **options).pvalue) == first and len(draws) == 2
    with engine.shared_draws():
        mc.posthoc_all_pairs(x, **options)
        assert list(mc.posthoc_all_pairs(x, **options).pvalue) == first and len(draws) == 3
        with ThreadPoolExecutor(2) as pool:
            others = list(
                pool.map(lambda _: list(mc.posthoc_all_pairs(x, **options).pvalue), range(2))
            )
    assert others == [first, first] and len(draws) == 5
    mc.posthoc_all_pairs(x, **options)
    assert len(draws) == 6  # the block's draws are gone
