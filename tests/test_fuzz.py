"""Fuzz suite over the public API and the command line (issue 9, item 14).

Every bad input either raises ValueError or TypeError naming the problem, or gives the same
result as its clean equivalent; and the properties found true stay asserted: p-values and
adjusted p-values (APVs) in [0, 1], APV >= p, Bergmann-Hommel <= Shaffer <= Holm <= Nemenyi,
invariance to the order of rows (data sets) and columns (algorithms), inputs never mutated,
and the JSON round trip of a report. Example counts are modest (the CI profile of
tests/conftest.py is derandomized).
"""

from __future__ import annotations

import io
import itertools
import math
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import multicomp as mc
from multicomp._internal.vocabulary import ALL_PAIRS_PROCEDURES, CONTROL_PROCEDURES
from multicomp.cli import main

FAST = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(
    max_examples=15,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

PVALUES = st.one_of(
    st.floats(0.0, 1.0), st.sampled_from([0.0, -0.0, 1.0, 5e-324, 1e-300, 0.05, 0.5])
)

# Anything a careless or hostile caller might pass where numbers are expected.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.complex_numbers(allow_nan=False, max_magnitude=10),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**20), 10**20),
    st.lists(
        st.one_of(st.floats(allow_nan=True), st.text(max_size=2), st.booleans(), st.none()),
        max_size=6,
    ),
    st.dictionaries(
        st.one_of(st.integers(0, 3), st.text(max_size=2)), st.floats(allow_nan=True), max_size=4
    ),
    st.lists(st.lists(st.floats(-2, 2), max_size=3), max_size=3),
)


def refuses_cleanly(call) -> object | None:
    """The result of ``call()``, or None when it raised ValueError/TypeError with a message (or
    FileNotFoundError: a string in place of scores is the path of a CSV file)."""
    try:
        return call()
    except (ValueError, TypeError, FileNotFoundError) as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        return None


# --- adjusted p-values ----------------------------------------------------------------------


@FAST
@given(
    st.lists(PVALUES, min_size=1, max_size=12), st.sampled_from(CONTROL_PROCEDURES), st.randoms()
)
def test_adjust_control_properties(p: list[float], method: str, rnd) -> None:
    array = np.array(p)
    before = array.copy()
    apv = mc.adjust_control(array, method)
    np.testing.assert_array_equal(array, before)  # not mutated
    assert ((apv >= 0) & (apv <= 1)).all() and (apv >= array).all()
    assert not np.signbit(apv).any()
    order = list(range(len(p)))
    rnd.shuffle(order)
    np.testing.assert_array_equal(mc.adjust_control(array[order], method), apv[order])


@FAST
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12))
def test_control_methods_are_ordered(p: list[float]) -> None:
    apv = {m: mc.adjust_control(p, m) for m in ("bonferroni", "holm", "hochberg", "hommel")}
    tol = 1e-12
    assert (apv["bonferroni"] >= apv["holm"] - tol).all()
    assert (apv["holm"] >= apv["hochberg"] - tol).all()
    assert (apv["hochberg"] >= apv["hommel"] - tol).all()


@st.composite
def all_pairs_family(draw, max_k: int = 7) -> tuple[int, np.ndarray]:
    k = draw(st.integers(2, max_k))
    p = draw(hnp.arrays(np.float64, k * (k - 1) // 2, elements=PVALUES))
    return k, p


@FAST
@given(all_pairs_family(), st.permutations(range(7)))
def test_adjust_all_pairs_properties(family: tuple[int, np.ndarray], relabel: list[int]) -> None:
    k, p = family
    before = p.copy()
    apv = {m: mc.adjust_all_pairs(p, m) for m in ALL_PAIRS_PROCEDURES}
    np.testing.assert_array_equal(p, before)
    for values in apv.values():
        assert ((values >= 0) & (values <= 1)).all() and (values >= p).all()
        assert not np.signbit(values).any()
    assert (apv["bergmann_hommel"] <= apv["shaffer"]).all()
    assert (apv["shaffer"] <= apv["holm"]).all()
    assert (apv["holm"] <= apv["bonferroni"]).all()
    # Relabelling the algorithms permutes the pairs and their APVs alike.
    perm = [x for x in relabel if x < k]
    pairs = list(itertools.combinations(range(k), 2))
    index = {pair: h for h, pair in enumerate(pairs)}
    moved = [index[tuple(sorted((perm[a], perm[b])))] for a, b in pairs]
    for method in ("shaffer", "bergmann_hommel"):
        np.testing.assert_array_equal(mc.adjust_all_pairs(p[moved], method), apv[method][moved])


# --- bad input: a clean refusal or the clean equivalent's result ----------------------------


@FAST
@given(JUNK, st.sampled_from(CONTROL_PROCEDURES + ALL_PAIRS_PROCEDURES))
def test_junk_pvalues(junk: object, method: str) -> None:
    adjust = mc.adjust_control if method in CONTROL_PROCEDURES else mc.adjust_all_pairs
    out = refuses_cleanly(lambda: adjust(junk, method))
    if out is not None:  # accepted: then it was a clean array of p-values
        clean = np.asarray(junk, dtype=np.float64)
        np.testing.assert_array_equal(out, adjust(clean, method))


@FAST
@given(JUNK, JUNK)
def test_junk_ranks_and_counts(ranks: object, n: object) -> None:
    for call in (
        lambda: mc.posthoc_control(ranks=ranks, n_datasets=n, control=0),
        lambda: mc.posthoc_all_pairs(ranks=ranks, n_datasets=n),
        lambda: mc.cd_groups(ranks, cd=n),
        lambda: mc.critical_difference(n, n),
        lambda: mc.multiple_sign_critical_value(n, n),
        lambda: mc.sign_test_critical_wins(n),
        lambda: mc.wilcoxon_critical_value(n),
    ):
        refuses_cleanly(call)


@FAST
@given(JUNK, st.sampled_from(["monotone", "tie_correction", "higher_is_better"]))
def test_junk_options(junk: object, option: str) -> None:
    x = np.arange(24.0).reshape(6, 4) % 5
    call = {
        "monotone": lambda: mc.posthoc_all_pairs(x, monotone=junk),
        "tie_correction": lambda: mc.friedman(x, tie_correction=junk),
        "higher_is_better": lambda: mc.friedman(x, higher_is_better=junk),
    }[option]
    out = refuses_cleanly(call)
    assert (out is None) == (not isinstance(junk, bool))


@FAST
@given(JUNK, JUNK)
def test_junk_scores(x: object, y: object) -> None:
    for call in (
        lambda: mc.friedman(x),
        lambda: mc.wilcoxon(x, y),
        lambda: mc.sign_test(x, y),
        lambda: mc.paired_t_test(x, y),
    ):
        refuses_cleanly(call)


# --- scores: invariances and no mutation ----------------------------------------------------

SCORES = hnp.arrays(
    np.float64,
    st.tuples(st.integers(3, 12), st.integers(3, 6)),
    elements=st.sampled_from([0.1, 0.25, 0.5, 0.7, 0.75, 0.9, 1.0]),
)


@FAST
@given(SCORES, st.randoms())
def test_row_and_column_order_do_not_matter(x: np.ndarray, rnd) -> None:
    frame = pd.DataFrame(x, columns=[f"a{j}" for j in range(x.shape[1])])
    before = frame.copy()
    result = mc.posthoc_all_pairs(frame)
    pd.testing.assert_frame_equal(frame, before)
    rows = list(range(x.shape[0]))
    cols = list(frame.columns)
    rnd.shuffle(rows)
    rnd.shuffle(cols)
    shuffled = mc.posthoc_all_pairs(frame.iloc[rows][cols])
    for a, b in itertools.combinations(frame.columns, 2):
        mine = result.matrix("bergmann_hommel").loc[a, b]
        theirs = shuffled.matrix("bergmann_hommel").loc[a, b]
        assert math.isclose(mine, theirs, rel_tol=1e-12, abs_tol=1e-15)
    np.testing.assert_allclose(
        mc.friedman(frame.iloc[rows]).pvalue, mc.friedman(frame).pvalue, rtol=1e-12
    )


@SLOW
@given(SCORES, st.booleans())
def test_json_round_trip(x: np.ndarray, with_control: bool) -> None:
    report = mc.compare(x, control="A1" if with_control else None)
    assert mc.Report.from_json(report.to_json()) == report


# --- command line ---------------------------------------------------------------------------

CELLS = st.one_of(
    st.floats(-1e3, 1e3, allow_nan=False).map(repr),
    st.sampled_from(["", "NaN", "x", "1,5", '"', "=1+1", "inf"]),
    st.text(alphabet="abc;\t,\n\"'\\ 0123.", max_size=4),
)


@SLOW
@given(
    st.lists(st.lists(CELLS, min_size=1, max_size=5), min_size=0, max_size=8),
    st.sampled_from(
        [[], ["--control", "A"], ["--format", "json"], ["--test", "quade"], ["--format", "csv"]]
    ),
)
def test_cli_never_crashes(
    tmp_path_factory: pytest.TempPathFactory, rows: list[list[str]], options: list[str]
) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "scores.csv"
    path.write_text("name,A,B,C\n" + "\n".join(",".join(r) for r in rows) + "\n")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([str(path), "--no-progress", *options])
    assert status in (0, 2)
    assert "Traceback" not in err.getvalue()
    if status == 2:
        assert err.getvalue().startswith("multicomp: error: ")
