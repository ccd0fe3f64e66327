"""adjust_control: the 1xN APVs of expected.json, Rom's constants, and properties of every method."""

from __future__ import annotations

import gc
import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

from multicomp import adjust_control
from multicomp._internal.vocabulary import CONTROL_PROCEDURES
from multicomp.procedures.adjust import rom_reject
from multicomp.procedures.control import ROM_GARCIA2010, rom_critical_values
from reference_cases import assert_matches, case

# case id -> key of its unadjusted p-values
CASES = {
    "garcia2010_friedman": "posthoc_p",
    "garcia2010_friedman_aligned_ranks": "posthoc_p",
    "garcia2010_friedman_aligned_ranks_from_printed_ranks": "posthoc_p",
    "garcia2010_quade": "posthoc_p",
    "garcia2010_quade_with_printed_Q": "posthoc_p",
    "demsar2006_friedman_from_auc": "p",
    "demsar2006_friedman_from_printed_ranks": "p",
}
APV_ENTRIES = [
    (cid, key) for cid in CASES for key in case(cid)["expected"] if key.startswith("apv_")
]


def _case_p(cid: str) -> tuple[list[str], np.ndarray]:
    values = case(cid)["expected"][CASES[cid]]["value"]
    return list(values), np.array(list(values.values()))


@pytest.mark.parametrize(("cid", "key"), APV_ENTRIES)
def test_expected_apvs(cid: str, key: str) -> None:
    names, p = _case_p(cid)
    apv = adjust_control(p, key.removeprefix("apv_"), rom="garcia2010")
    assert_matches(dict(zip(names, apv)), case(cid)["expected"][key])


def test_every_method_has_expected_values() -> None:
    covered = {key.removeprefix("apv_") for _, key in APV_ENTRIES}
    # the false discovery rate's procedures are no paper's: tests/test_fdr.py checks them
    # against statsmodels; the single-step one: tests/test_single_step.py
    assert covered == set(CONTROL_PROCEDURES) - {"fdr_bh", "fdr_by", "single_step"}


@pytest.mark.parametrize("cid", [c for c in CASES if "rejected_alpha_0.05" in case(c)["expected"]])
def test_expected_rejections(cid: str) -> None:
    names, p = _case_p(cid)
    entry = case(cid)["expected"]["rejected_alpha_0.05"]
    by_p = np.argsort(p, kind="stable")
    actual = {}
    for label in entry["value"]:
        apv = adjust_control(p, label.lower())
        actual[label] = [names[i] for i in by_p if apv[i] <= 0.05]
    assert_matches(actual, entry)


def test_rom_1990_constants() -> None:
    entry = case("garcia2010_rom_coefficients")
    alpha = entry["parameters"]["alpha"]
    m = len(entry["expected"]["r_rom1990"]["value"])
    assert_matches(list(alpha / rom_critical_values(alpha, m)), entry["expected"]["r_rom1990"])
    assert_matches(list(ROM_GARCIA2010), entry["expected"]["r_garcia2010"])


def _rom_reference(alpha: float, m: int) -> list[float]:
    """Rom (1990) recursion, written out independently with exact binomials."""
    c = [math.nan, alpha, alpha / 2]
    for i in range(3, m + 1):
        total = sum(alpha**j for j in range(1, i))
        total -= sum(math.comb(i, j) * c[j + 1] ** (i - j) for j in range(1, i - 1))
        c.append(total / i)
    return c[1 : m + 1]


@given(st.floats(1e-6, 0.999), st.integers(1, 25))
def test_rom_critical_values(alpha: float, m: int) -> None:
    c = rom_critical_values(alpha, m)
    np.testing.assert_allclose(c, _rom_reference(alpha, m), rtol=1e-12)
    i = np.arange(1, m + 1)
    assert np.all(c <= alpha * (1 + 1e-12)) and np.all(c >= alpha / i * (1 - 1e-12))
    assert np.all(rom_critical_values(alpha * 0.99, m) < c)  # increasing in alpha


def _rom_step_up_rejects(p: np.ndarray, alpha: float) -> np.ndarray:
    """Rom's step-up at level alpha: H_(i) is rejected iff p_(j) <= alpha_{m-j+1} for some j >= i."""
    m = p.size
    c = _rom_reference(alpha, m)
    order = np.argsort(p, kind="stable")
    passes = [p[order[j]] <= c[m - j - 1] for j in range(m)]
    rejected = np.zeros(m, dtype=bool)
    for j in range(m):
        rejected[order[j]] = any(passes[j:])
    return rejected


P_VALUE = st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 1e-4, 0.01, 0.05, 0.2, 1.0]))
P_LISTS = st.lists(P_VALUE, min_size=1, max_size=12).map(np.array)
TOL = 1e-12


@given(P_LISTS)
def test_bounds_and_order(p: np.ndarray) -> None:
    for method in CONTROL_PROCEDURES:
        for rom in ("exact", "garcia2010") if method == "rom" and p.size <= 7 else ("exact",):
            apv = adjust_control(p, method, rom=rom)
            assert apv.shape == p.shape
            assert np.all(apv >= p * (1 - TOL)) and np.all(apv <= 1.0), (method, rom)
            lower = p[:, None] <= p[None, :]  # p_i <= p_j  =>  APV_i <= APV_j
            assert np.all((apv[:, None] <= apv[None, :] * (1 + TOL)) | ~lower), (method, rom)


@given(P_LISTS)
def test_power_ordering(p: np.ndarray) -> None:
    bonferroni, holm, hochberg, hommel, rom = (
        adjust_control(p, m) for m in ("bonferroni", "holm", "hochberg", "hommel", "rom")
    )
    assert np.all(bonferroni >= holm * (1 - TOL))
    assert np.all(holm >= hochberg * (1 - TOL))
    assert np.all(hochberg >= hommel * (1 - TOL))
    assert np.all(hochberg >= rom * (1 - TOL))


@given(P_LISTS)
def test_statsmodels_agreement(p: np.ndarray) -> None:
    for ours, theirs in [
        ("holm", "holm"),
        ("hochberg", "simes-hochberg"),
        ("hommel", "hommel"),
        ("holland", "holm-sidak"),
    ]:
        # statsmodels' holm-sidak takes log(0) at p = 1; its holm calls gc.collect() (slow here)
        with np.errstate(all="ignore"), mock.patch.object(gc, "collect", lambda *args: 0):
            expected = multipletests(p, method=theirs)[1]
        np.testing.assert_allclose(
            adjust_control(p, ours), expected, rtol=1e-10, atol=1e-15, err_msg=ours
        )


#: Families beyond the Rust core's O(m^2) cut-off for Hommel (m > 16), with ties: equal values
#: and multiples of one step, whose slopes p_(j) / j tie.
P_FAMILIES = st.lists(
    st.one_of(P_VALUE, st.integers(1, 20).map(lambda k: k * 0.0015)), min_size=17, max_size=400
).map(np.array)


@given(P_FAMILIES)
def test_fast_hommel_equals_the_quadratic_algorithm(p: np.ndarray) -> None:
    # Issue 23 item 6: the O(m log m) route against G10 Fig. 2 itself (vectorised NumPy,
    # tests/plain_adjust.py; an ulp apart at most where slopes tie) and statsmodels; one
    # family alone or in a stack; the input is neither modified nor shared by the result.
    from plain_adjust import adjust

    before = p.copy()
    apv = adjust_control(p, "hommel")
    np.testing.assert_array_equal(p, before)
    assert not np.shares_memory(apv, p)
    np.testing.assert_allclose(apv, np.maximum(adjust(p, "hommel"), p), rtol=1e-15, atol=0)
    np.testing.assert_allclose(apv, multipletests(p, method="hommel")[1], rtol=1e-12, atol=1e-15)
    stacked = adjust_control(np.stack([p[::-1], p]), "hommel")
    np.testing.assert_array_equal(stacked, [apv[::-1], apv])


@given(P_LISTS, st.randoms(use_true_random=False))
def test_input_order(p: np.ndarray, rnd) -> None:
    perm = np.array(rnd.sample(range(p.size), p.size))
    for method in CONTROL_PROCEDURES:
        np.testing.assert_array_equal(
            adjust_control(p[perm], method), adjust_control(p, method)[perm]
        )


@given(st.lists(st.floats(1e-12, 1.0), min_size=1, max_size=9).map(np.array))
def test_rom_exact_is_smallest_rejecting_alpha(p: np.ndarray) -> None:
    apv = adjust_control(p, "rom")
    for i, a in enumerate(apv):
        if a < 1.0 / (1 + 1e-9):
            assert _rom_step_up_rejects(p, a * (1 + 1e-9))[i]
        if a > 1e-9:
            assert not _rom_step_up_rejects(p, a * (1 - 1e-9))[i]


FAMILIES = (
    st.integers(1, 9)
    .flatmap(lambda m: st.lists(st.lists(P_VALUE, min_size=m, max_size=m), min_size=1, max_size=6))
    .map(np.array)
)


@given(FAMILIES)
def test_families_one_per_row(p: np.ndarray) -> None:
    """A 2-D input adjusts each row as its own family, exactly as the 1-D call does."""
    for method in CONTROL_PROCEDURES:
        for rom in ("exact", "garcia2010") if method == "rom" and p.shape[1] <= 7 else ("exact",):
            expected = np.array([adjust_control(row, method, rom=rom) for row in p])
            np.testing.assert_array_equal(
                adjust_control(p, method, rom=rom), expected, err_msg=method
            )
    assert adjust_control(np.empty((0, 4)), "holm").shape == (0, 4)


@given(FAMILIES, st.sampled_from([0.01, 0.05, 0.1, 0.25]))
def test_rom_reject_is_the_step_up_decision(p: np.ndarray, alpha: float) -> None:
    decided = rom_reject(p, alpha)
    for row, reject in zip(p, decided):
        np.testing.assert_array_equal(reject, _rom_step_up_rejects(row, alpha))
        apv = adjust_control(row, "rom")
        clear = np.abs(apv - alpha) > 1e-9 * alpha  # away from the boundary, APV <= alpha decides
        np.testing.assert_array_equal(reject[clear], (apv <= alpha)[clear])
    np.testing.assert_array_equal(rom_reject(p[0], alpha), decided[0])


def test_rom_two_comparisons_is_hochberg() -> None:
    p = np.array([0.02, 0.04])
    np.testing.assert_allclose(adjust_control(p, "rom"), adjust_control(p, "hochberg"), rtol=1e-14)


def test_rom_garcia2010_limit() -> None:
    adjust_control(np.linspace(0.01, 0.07, 7), "rom", rom="garcia2010")
    with pytest.raises(ValueError, match='rom="exact"'):
        adjust_control(np.linspace(0.01, 0.08, 8), "rom", rom="garcia2010")
    assert adjust_control(np.linspace(0.01, 0.3, 30), "rom").shape == (30,)


def test_caller_input_untouched() -> None:
    p = np.array([0.3, 0.01, 0.02])
    before = p.copy()
    for method in CONTROL_PROCEDURES:
        adjust_control(p, method)
    np.testing.assert_array_equal(p, before)
    assert adjust_control([0.01, 0.02], "holm").dtype == np.float64


@pytest.mark.parametrize(
    ("pvalues", "kwargs", "error", "match"),
    [
        (
            [0.1, 0.2],
            {"procedure": "tukey"},
            ValueError,
            "procedure must be one of 'bonferroni', 'holm'",
        ),
        ([0.1, 0.2], {"procedure": "rom", "rom": "keel"}, ValueError, "garcia2010"),
        ([0.1, np.nan], {"procedure": "holm"}, ValueError, "NaN"),
        ([0.1, 1.5], {"procedure": "holm"}, ValueError, r"\[0, 1\]"),
        ([-0.1, 0.5], {"procedure": "holm"}, ValueError, r"\[0, 1\]"),
        (0.1, {"procedure": "holm"}, ValueError, "0-D"),
        ([], {"procedure": "holm"}, ValueError, "empty"),
        ([[[0.1, 0.2]]], {"procedure": "holm"}, ValueError, "2-D"),
        (["a", "b"], {"procedure": "holm"}, TypeError, "numeric"),
    ],
)
def test_errors(pvalues: object, kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        adjust_control(pvalues, **kwargs)


@pytest.mark.parametrize(
    ("alpha", "m", "match"),
    [(0.0, 3, "alpha"), (1.0, 3, "alpha"), (0.05, 0, "m "), (0.05, 2.5, "m ")],
)
def test_rom_critical_values_errors(alpha: float, m: int, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        rom_critical_values(alpha, m)
