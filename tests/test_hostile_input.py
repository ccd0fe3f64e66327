"""Hostile and extreme input (issue 9): bounded memory, clean refusals, no wrong numbers.

The fuzz suite (tests/test_fuzz.py) covers the same ground at random; these are the cases
the issue names, one regression test each.
"""

from __future__ import annotations

import math
import tracemalloc
from io import StringIO

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import multicomp as mc
from multicomp import adjust_all_pairs, adjust_control
from multicomp._internal.vocabulary import CONTROL_PROCEDURES

# --- item 3: validate before copying ------------------------------------------------------


def _peak_bytes(call) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(ValueError):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


_BIG = np.random.default_rng(0).random(1 << 22)  # 32 MiB; 2^22 is no k(k-1)/2


@pytest.mark.parametrize(
    ("pvalues", "call"),
    [
        pytest.param(_BIG, lambda p: adjust_all_pairs(p, "holm"), id="all_pairs_wrong_length"),
        pytest.param(
            _BIG[1:].reshape(-1, 3),
            lambda p: adjust_all_pairs(p, "holm", n_algorithms=4),
            id="all_pairs_wrong_k",
        ),
        pytest.param(
            np.where(_BIG > 0.5, np.nan, _BIG),
            lambda p: adjust_control(p, "hommel"),
            id="control_nan",
        ),
        pytest.param(_BIG * 2, lambda p: adjust_control(p, "holm"), id="control_above_one"),
        pytest.param(_BIG.reshape(2, 2, -1), lambda p: adjust_control(p, "holm"), id="control_3d"),
    ],
)
def test_bad_input_is_refused_before_it_is_copied(pvalues: np.ndarray, call) -> None:
    peak = _peak_bytes(lambda: call(pvalues))
    assert peak < pvalues.nbytes // 8, (
        f"{peak} bytes allocated to refuse a {pvalues.nbytes}-byte input"
    )


# --- items 10 and 11: wrong numbers where an error belongs ---------------------------------


@pytest.mark.parametrize("function", [mc.posthoc_control, mc.posthoc_all_pairs])
@pytest.mark.parametrize(
    ("ranks", "error", "match"),
    [
        ([0.0, 99.0, -5.0], ValueError, r"lie in \[1, 3\]"),
        ([1.0, 1.0, 1.0], ValueError, "sum to 6"),
        (["1", "2", "3"], TypeError, "strings"),
        ([True, False, True], TypeError, "booleans"),
        ([1 + 0j, 2, 3], TypeError, "complex"),
        ({"a": 1.0, "b": "2", "c": 3.0}, TypeError, "'2'"),
    ],
)
def test_ranks_that_cannot_be_average_ranks_are_refused(function, ranks, error, match) -> None:
    with pytest.raises(error, match=match):
        function(ranks=ranks, n_datasets=5)


def test_rounded_published_ranks_pass() -> None:
    # Two-decimal ranks of D06's example (sum 9.99 for k = 4 instead of 10).
    mc.posthoc_control(ranks=[3.14, 2.39, 2.21, 2.25], n_datasets=14, control=0)
    mc.posthoc_control(
        ranks=[20.0, 15.5, 11.0], n_datasets=10, control=0, test="aligned", se="garcia2010"
    )


@pytest.mark.parametrize(
    ("pvalues", "match"),
    [
        (["0.1", "0.2"], "strings"),
        ([True, False], "booleans"),
        ([0.1 + 0j, 0.2], "complex"),
        (np.array([0.1, "0.2"], dtype=object), "'0.2'"),
    ],
)
def test_pvalues_must_be_real_numbers(pvalues, match) -> None:
    for call in (
        lambda: adjust_control(pvalues, "holm"),
        lambda: adjust_all_pairs([*pvalues, 0.3], "holm"),
    ):
        with pytest.raises(TypeError, match=match):
            call()


def test_paired_t_test_of_equal_samples_is_refused() -> None:
    x = np.array([0.8, 0.7, 0.9, 0.6])
    with pytest.raises(ValueError, match="differences that vary"):
        mc.paired_t_test(x, x)
    with pytest.raises(ValueError, match="differences that vary"):
        mc.paired_t_test(x + 0.1, x)


@pytest.mark.parametrize("method", CONTROL_PROCEDURES)
@pytest.mark.parametrize("p", [0.3, 0.1 + 0.2, 1e-300, 0.7, 0.999999])
def test_apv_is_never_below_p(method: str, p: float) -> None:
    assert adjust_control([p], method)[0] >= p
    assert (adjust_control([p, 0.5, p / 2], method) >= [p, 0.5, p / 2]).all()


@pytest.mark.parametrize("method", CONTROL_PROCEDURES)
def test_negative_zero_comes_back_as_zero(method: str) -> None:
    assert not np.signbit(adjust_control([-0.0, 0.5], method)).any()


# --- item 12: options are typed ------------------------------------------------------------

X = np.random.default_rng(3).random((12, 4))


@pytest.mark.parametrize(
    "call",
    [
        lambda: mc.adjust_all_pairs([0.1, 0.2, 0.3], "bergmann_hommel", monotone="no"),
        lambda: mc.posthoc_all_pairs(X, monotone="no"),
        lambda: mc.wilcoxon(X[:, 0], X[:, 1], tie_correction=None),
        lambda: mc.friedman(X, tie_correction=None),
        lambda: mc.friedman_aligned_ranks(X, tie_correction="False"),
        lambda: mc.quade(X, tie_correction=0),
        lambda: mc.compare(X, monotone="yes"),
        lambda: mc.cd_diagram(X, show_ranks="no"),
        lambda: mc.cd_diagram(X, procedure="holm", monotone=1),
    ],
)
def test_bool_options_must_be_bool(call) -> None:
    with pytest.raises(TypeError, match="must be True or False"):
        call()


def test_counts_must_be_integers() -> None:
    with pytest.raises(TypeError, match="n_datasets must be an integer"):
        mc.cd_diagram(ranks=[1.5, 1.5], n_datasets=2.7)
    with pytest.raises(ValueError, match="n_datasets must be >= 2"):
        mc.critical_difference(4, 1)


# --- item 13: cd_groups and unclear messages -----------------------------------------------


def test_cd_groups_rejected_must_be_boolean() -> None:
    ranks = {"a": 1.0, "b": 2.0, "c": 3.0}
    apv = np.full((3, 3), 0.5)
    with pytest.raises(TypeError, match="boolean matrix"):
        mc.cd_groups(ranks, apv)
    assert mc.cd_groups(ranks, apv <= 0.05) == [("a", "b", "c")]


@pytest.mark.parametrize(
    "function", [mc.cd_groups, lambda r: mc.posthoc_control(ranks=r, n_datasets=5)]
)
def test_keys_1_and_text_1_are_the_same_name(function) -> None:
    with pytest.raises(ValueError, match="duplicate algorithm names"):
        function({1: 1.0, "1": 2.0})


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: mc.cd_diagram(X, alpha=1e-300, procedure="nemenyi"),
            ValueError,
            "alpha = 1e-300 is too small",
        ),
        (
            lambda: mc.cd_groups({"a": 1.0, "b": 2.0}, cd="1"),
            TypeError,
            "cd must be a finite number >= 0",
        ),
        (
            lambda: mc.posthoc_all_pairs(X, procedures=5),
            TypeError,
            "procedures must be a name or a sequence of names",
        ),
    ],
)
def test_clear_messages(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


# --- items 2 and 4: bounded memory and time ------------------------------------------------


def test_multiple_sign_refuses_what_the_exact_computation_cannot_do() -> None:
    with pytest.raises(ValueError, match="critical_values='normal'"):
        mc.multiple_sign_critical_value(10**6, 3)  # 14.6 TiB before
    with pytest.raises(ValueError, match=r"need about 10\^414651882 quadrature terms"):
        mc.multiple_sign_critical_value(10**9, 10**9)  # the count alone took minutes before
    assert abs(mc.multiple_sign_critical_value(10**6, 3, critical_values="normal") - 498953) <= 1


@pytest.mark.parametrize(("n", "m"), [(20, 3), (50, 5), (100, 2), (30, 9), (60, 4)])
@pytest.mark.parametrize("alternative", ["less", "two-sided"])
def test_multiple_sign_normal_approximation_is_close_to_exact(
    n: int, m: int, alternative: str
) -> None:
    exact = mc.multiple_sign_critical_value(n, m, alternative=alternative)
    normal = mc.multiple_sign_critical_value(
        n, m, alternative=alternative, critical_values="normal"
    )
    assert exact is not None and normal is not None and abs(exact - normal) <= 1


def test_multiple_sign_test_in_bounded_memory() -> None:
    x = np.random.default_rng(0).random((2000, 3))
    tracemalloc.start()
    try:
        result = mc.multiple_sign_test(x, 0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.critical_values == "exact" and result.critical_value is not None
    assert peak < 400 * 2**20, (
        f"{peak / 2**20:.0f} MiB"
    )  # 2000 x 1001 x 2 x 16 B = 61 MiB in `powers` alone before
    normal = mc.multiple_sign_test(x, 0, critical_values="normal")
    assert (
        normal.critical_values == "normal"
        and abs(normal.critical_value - result.critical_value) <= 1
    )


def test_sign_test_critical_wins_for_huge_n() -> None:
    w = mc.sign_test_critical_wins(10**9)
    assert w is not None and abs(w - (5e8 + 1.959964 * math.sqrt(1e9) / 2)) < 3
    # Equal to the search over every w (the implementation before), for small n.
    for n in (1, 5, 6, 17, 23, 24, 100):
        for alternative in ("two-sided", "greater"):
            level = 0.025 if alternative == "two-sided" else 0.05
            w_all = np.arange(-(-n // 2), n + 1)
            ok = w_all[stats.binom.sf(w_all - 1, n, 0.5) <= level]
            assert mc.sign_test_critical_wins(n, alternative=alternative) == (
                int(ok[0]) if ok.size else None
            )


def test_wilcoxon_critical_value_exact_limit_and_normal() -> None:
    with pytest.raises(ValueError, match="method='normal'"):
        mc.wilcoxon_critical_value(2000)  # 108 s before
    mean, sd = 2000 * 2001 / 4, math.sqrt(2000 * 2001 * 4001 / 24)
    assert abs(mc.wilcoxon_critical_value(2000, method="normal") - (mean - 1.959964 * sd)) < 2
    assert (
        abs(mc.wilcoxon_critical_value(500) - mc.wilcoxon_critical_value(500, method="normal")) <= 2
    )
    for n in (6, 10, 25):  # against scipy's exact p-value at the critical value and one above
        t = mc.wilcoxon_critical_value(n)
        ranks = np.arange(1, n + 1)
        assert t is not None
        assert stats.wilcoxon(_signed(ranks, t), method="exact", alternative="less").pvalue <= 0.025
        assert (
            stats.wilcoxon(_signed(ranks, t + 1), method="exact", alternative="less").pvalue > 0.025
        )


def _signed(ranks: np.ndarray, t: int) -> np.ndarray:
    """Ranks 1..n with the signs that make R+ = t (a greedy subset sum)."""
    signs = -np.ones(ranks.size)
    for r in ranks[::-1]:
        if r <= t:
            signs[r - 1], t = 1.0, t - r
    return signs * ranks


def test_rom_limit_names_the_alternative() -> None:
    with pytest.raises(ValueError, match=r"rom='exact' is limited to m <= 100.*'hochberg'"):
        adjust_control(np.full(101, 0.5), "rom")
    x = np.random.default_rng(0).random((12, 103))
    result = mc.posthoc_control(x, "A1")
    assert "rom" in result.skipped and "rom" not in result.procedures
    assert "rom left out" in mc.compare(x, control="A1").to_text()


def _families(kind: str, rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    p = rng.random(shape)
    return {
        "uniform": p,
        "cubed": p**3,
        "rounded": np.round(p, 1),
        "log_uniform": 10 ** (-8 * p),
        "multiples": np.ceil(p * 20) / 20 * 0.03,  # slopes p/j tie exactly or nearly
        "zeros_and_ones": np.where(p < 0.3, 0.0, np.where(p > 0.7, 1.0, p)),
    }[kind]


KINDS = ["uniform", "cubed", "rounded", "log_uniform", "multiples", "zeros_and_ones"]


@pytest.mark.parametrize("kind", KINDS)
def test_native_hommel_equals_the_quadratic_algorithm_and_statsmodels(kind: str) -> None:
    # Issue 23 item 6: Hommel in O(m log m) in the Rust core, the values of G10 Fig. 2 (R's
    # algorithm) to the last place or so: bit for bit unless slopes p/j tie in real arithmetic
    # (as for p-values rounded to one decimal), where the two roundings may differ by an ulp;
    # statsmodels' implementation agrees to rounding.
    from statsmodels.stats.multitest import multipletests

    from plain_adjust import adjust

    rng = np.random.default_rng(7)
    for m in [1, 2, 3, *rng.integers(4, 60, 40), 700]:
        p = _families(kind, rng, (int(m),))
        apv = adjust_control(p, "hommel")
        np.testing.assert_allclose(apv, np.maximum(adjust(p, "hommel"), p), rtol=1e-15, atol=0)
        if kind in ("uniform", "cubed", "log_uniform"):
            np.testing.assert_array_equal(apv, np.maximum(adjust(p, "hommel"), p))
        np.testing.assert_allclose(apv, multipletests(p, method="hommel")[1], rtol=1e-12, atol=0)


@pytest.mark.parametrize("procedure", ["bonferroni", "holm", "hochberg", "hommel"])
@pytest.mark.parametrize("kind", KINDS)
def test_native_batch_adjustments_equal_numpy(procedure: str, kind: str) -> None:
    # Issue 23 item 7: a 2-D array of families in one native call, equal to vectorised NumPy.
    from plain_adjust import adjust

    p = _families(kind, np.random.default_rng(3), (300, 9))
    before = p.copy()
    apv = adjust_control(p, procedure)
    np.testing.assert_array_equal(p, before)
    expected = np.maximum(adjust(p, procedure), p)
    np.testing.assert_allclose(apv, expected, rtol=1e-15 if procedure == "hommel" else 0, atol=0)
    for row in range(0, 300, 37):
        np.testing.assert_array_equal(apv[row], adjust_control(p[row], procedure))
    np.testing.assert_array_equal(
        adjust_control(np.asfortranarray(p), procedure), apv
    )  # not contiguous by rows


def test_hommel_for_a_large_family() -> None:
    from plain_adjust import adjust

    p = np.random.default_rng(2).random(200_000) ** 2  # O(m^2) before: hours at 10^6
    apv = adjust_control(p, "hommel")
    assert (apv >= p).all() and (apv <= adjust_control(p, "hochberg") + 1e-15).all()
    small = p[:3000]
    np.testing.assert_array_equal(adjust_control(small, "hommel"), adjust(small, "hommel"))
    rounded = np.round(small, 2)
    np.testing.assert_allclose(
        adjust_control(rounded, "hommel"), adjust(rounded, "hommel"), rtol=1e-15, atol=0
    )


def test_shaffer_at_the_largest_k_is_fast_enough_to_run() -> None:
    p = np.random.default_rng(1).random(2000 * 1999 // 2)
    apv = adjust_all_pairs(p, "shaffer")
    assert apv.shape == p.shape and (apv >= p).all()


# --- issue 22, item 4: the native core after fork() --------------------------------------

_FORKED_SIMULATION = """
import concurrent.futures as cf, multiprocessing as mp
import numpy as np, multicomp as mc
rng = np.random.default_rng(0)
mc.adjust_all_pairs(np.sort(rng.uniform(size=(200, 66)), 1), "bergmann_hommel")  # pool in use
with cf.ProcessPoolExecutor(2, mp_context=mp.get_context("fork")) as pool:
    result = mc.simulate(6, n_datasets=30, n_replications=400, chunk_size=100, random_state=1,
                         comparisons=["all_pairs"], tests=["friedman"], executor=pool)
alone = mc.simulate(6, n_datasets=30, n_replications=400, chunk_size=100, random_state=1,
                    comparisons=["all_pairs"], tests=["friedman"])
assert result.to_frame().equals(alone.to_frame())
print("ok")
"""


@pytest.mark.skipif(
    "fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork()"
)
def test_simulate_in_a_forked_process_pool_after_the_native_pool_ran() -> None:
    # Issue 22 item 4: the forked children inherited the native thread pool's state but not
    # its threads, and waited forever on their first parallel call.
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _FORKED_SIMULATION], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


# --- issue 22, round two: the CLI's reading, encodings, aggregate ---------------------------


def _cli(tmp_path, content: bytes | None, *args: str, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    """(exit status, standard error) of the command line on a file holding ``content`` (or
    on standard input)."""
    import io
    import sys
    from contextlib import redirect_stderr, redirect_stdout

    from multicomp.cli import main

    target = "-"
    if content is not None:
        target = str(tmp_path / "scores.csv")
        (tmp_path / "scores.csv").write_bytes(content)
    err, out = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""))
    try:
        with redirect_stderr(err), redirect_stdout(out):
            status = main([target, *args])
    finally:
        sys.stdin = saved
    return status, err.getvalue(), out.getvalue()


@pytest.mark.parametrize(
    "content, message",
    [
        (b"dataset,a,b,c\n", "need at least 2 data sets"),  # a header without rows
        (b"a,b\n" + b'"' * 500_000 + b"\n", "need at least 2 algorithms"),
    ],
)
def test_the_cli_says_what_is_wrong_not_an_internal_error(tmp_path, content, message) -> None:  # type: ignore[no-untyped-def]
    """Issue 22.7: these ended in "error: 'int' object is not iterable"."""
    status, err, _ = _cli(tmp_path, content)
    assert status == 2 and message in err and "not iterable" not in err


def test_a_wide_line_is_read(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 22.7: a 12 x 5000 table (a line of 60 KB) failed in the line-length check."""
    from multicomp.cli.run import _copy_checked

    chunks: list[bytes] = []
    line = b",".join(b"0.123456789" for _ in range(5000)) + b"\n"
    _copy_checked(__import__("io").BytesIO(line * 12), "x", 1 << 30, chunks.append)
    assert b"".join(chunks) == line * 12


def test_errors_on_standard_input_name_standard_input(tmp_path) -> None:  # type: ignore[no-untyped-def]
    status, err, _ = _cli(tmp_path, None, stdin=b"dataset;a;b\nx;1;2\ny;2;1\n")
    assert status == 2 and "standard input has a single column" in err
    assert "/tmp" not in err and ".csv" not in err


_TABLE = "dataset,a,b,c\nd1,1,2,3\nd2,2,3,1\nd3,3,1,2\nd4,1,3,2\nd5,2,1,3\nd6,3,2,1\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32", "utf-8-sig"])
def test_a_byte_order_mark_names_the_encoding(tmp_path, encoding: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "scores.csv"
    path.write_bytes(_TABLE.encode(encoding))
    assert (
        mc.friedman(str(path)).statistic
        == mc.friedman(pd.read_csv(StringIO(_TABLE), index_col=0)).statistic
    )


@pytest.mark.parametrize(
    "data, message",
    [
        (
            _TABLE.replace("d1", "dé1").encode("latin-1"),
            r"is not UTF-8 text \(byte 0xe9.*CSV UTF-8",
        ),
        (_TABLE.encode("utf-16-le"), "UTF-16 or UTF-32 text without a byte-order mark"),
    ],
)
def test_other_encodings_say_how_to_resave(tmp_path, data: bytes, message: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 22.9: UTF-16/UTF-32/Latin-1 files got a raw decode error."""
    path = tmp_path / "scores.csv"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=message):
        mc.friedman(str(path))
    status, err, _ = _cli(tmp_path, data)
    assert status == 2 and "UTF-8" in err


@pytest.mark.parametrize("sep", [None, ";"])
def test_excels_sep_line_is_understood(tmp_path, sep: str | None) -> None:  # type: ignore[no-untyped-def]
    """Issue 22.9: Excel's `sep=;` first line was not understood, even with --sep ';'."""
    path = tmp_path / "scores.csv"
    path.write_text("sep=;\n" + _TABLE.replace(",", ";"))
    expected = mc.friedman(pd.read_csv(StringIO(_TABLE), index_col=0))
    assert mc.friedman(mc.read_scores(path, sep=sep)).statistic == expected.statistic
    status, _, out = _cli(tmp_path, path.read_bytes(), *(["--sep", ";"] if sep else []))
    assert status == 0 and "3 algorithms compared on 6 data sets" in out


def test_an_aggregate_returning_a_huge_integer_is_a_type_error() -> None:
    """Issue 22.8: OverflowError where the API promises TypeError."""
    long = pd.DataFrame(
        {"dataset": [0, 0, 1, 1, 2, 2] * 2, "algorithm": ["a"] * 6 + ["b"] * 6, "score": range(12)}
    )
    with pytest.raises(TypeError, match="aggregate must return a number within the range"):
        mc.friedman(long, aggregate=lambda v: 10**400)


def test_the_mean_of_runs_ties_what_ties_in_the_scores() -> None:
    """Issue 21.1: the float mean of the same fold scores in another order differed in the last
    bit and split a tie (iris: Friedman 60.276 where exact sums give 60.006)."""
    rng = np.random.default_rng(21)
    n, k, folds = 30, 12, 10
    runs = np.round(rng.integers(30, 50, size=(n, k, folds)) / 50, 3)
    runs[:, 1] = rng.permuted(runs[:, 0], axis=1)  # algorithm 1: algorithm 0's folds reordered
    d, a, f = np.meshgrid(np.arange(n), np.arange(k), np.arange(folds), indexing="ij")
    long = pd.DataFrame(
        {"dataset": d.ravel(), "algorithm": a.ravel(), "fold": f.ravel(), "score": runs.ravel()}
    )
    exact = np.rint(runs * 1000).astype(np.int64).sum(axis=2)  # integer sums: exact means
    result = mc.friedman(long, aggregate="mean")
    assert result.statistic == pytest.approx(mc.friedman(exact).statistic, rel=1e-12)
    assert result.ranks.iloc[0] == result.ranks.iloc[1]


def test_a_mistyped_control_suggests_the_closest_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 21.8: --control with a typo listed the names without suggesting the closest."""
    scores = mc.load_example("garcia2010")
    with pytest.raises(ValueError, match=r"unknown control 'PDCF' \(did you mean 'PDFC'\?\)"):
        mc.compare(scores, control="PDCF")
    status, err, _ = _cli(tmp_path, scores.to_csv().encode(), "--control", "pdfx")
    assert status == 2 and "did you mean 'PDFC'?" in err


@pytest.mark.parametrize("where", ["pvalues", "order"])
def test_masked_arrays_are_refused_not_unmasked(where: str) -> None:
    """Issue 22.9: masked entries of order= or of the p-values were silently read."""
    p = np.linspace(0.001, 0.05, 6)
    order = np.arange(4)
    if where == "pvalues":
        p = np.ma.masked_array(p, mask=[0, 1, 0, 0, 0, 0])
    else:
        order = np.ma.masked_array(order, mask=[0, 0, 1, 0])
    with pytest.raises(ValueError, match=f"{where} is a masked array with 1 masked entries"):
        mc.adjust_all_pairs(p, "bergmann_hommel", order=order)
    complete = np.ma.masked_array(np.linspace(0.001, 0.05, 6))  # nothing masked: read as is
    assert (
        mc.adjust_all_pairs(complete, "holm") == mc.adjust_all_pairs(complete.data, "holm")
    ).all()


class _NotAFuture:
    def submit(self, *args: object) -> int:
        return 1


def _shut_down() -> object:
    import concurrent.futures as cf

    pool = cf.ThreadPoolExecutor(1)
    pool.shutdown()
    return pool


@pytest.mark.parametrize(
    "executor, error, message",
    [
        (object(), TypeError, "executor must be a concurrent.futures.Executor"),
        (_NotAFuture(), TypeError, "executor.submit must return a concurrent.futures.Future"),
        (_shut_down(), ValueError, "executor refused the work"),
    ],
)
def test_simulate_names_a_bad_executor(executor: object, error: type, message: str) -> None:
    """Issue 22.8: AttributeError and RuntimeError, not naming executor."""
    with pytest.raises(error, match=message):
        mc.simulate(
            4,
            n_datasets=10,
            n_replications=20,
            chunk_size=10,
            tests=["friedman"],
            comparisons=["control"],
            executor=executor,  # type: ignore[arg-type]
        )


# --- issue 22, item 1: exact p-values bounded before they start ----------------------------


def test_exact_pvalues_of_many_data_sets_are_refused_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # N = 60,000 and k = 2 fitted each enumeration step and ran for hours; N = 5,000 took 3 s.
    # The refusal must come from the check made before the enumeration, which never starts.
    from multicomp.ranktests import exact

    with pytest.raises(ValueError, match="or 50,000,000 in all"):
        mc.friedman(np.random.default_rng(0).normal(size=(5000, 2)), method="exact")

    def enumerated(*args: object) -> None:
        raise AssertionError("the enumeration started")

    with monkeypatch.context() as patched:
        patched.setattr(exact, "_omnibus_distribution", enumerated)
        with pytest.raises(ValueError, match="exact permutation distribution"):
            mc.friedman(np.random.default_rng(0).normal(size=(60000, 2)), method="exact")
    small = mc.friedman(np.random.default_rng(0).normal(size=(300, 2)), method="exact")
    assert small.method == "exact"
