"""Multiple sign test (G10 Sec. 3.2, Table A.1): exact critical values, the paper's example."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp.pairs.multiple_sign import _prob_any_at_most
from reference_cases import REFERENCE, assert_attributes, assert_matches, case, read_csv

ACCURACY = REFERENCE / "garcia2010_table3_accuracy.csv"


def _table(critical_values: str) -> dict:
    """Table A.1 in expected.json's split layout, computed by the library."""
    entry = case("garcia2010_tableA1_multiple_sign_test_critical_values")["expected"][
        "critical_values_exact_one_sided"
    ]["value"]
    data = []
    for label in entry["index"]:
        n, alpha = label.split("|")
        data.append(
            [
                mc.multiple_sign_critical_value(
                    int(n), int(col[2:]), float(alpha), critical_values=critical_values
                )
                for col in entry["columns"]
            ]
        )
    return {"columns": entry["columns"], "index": entry["index"], "data": data}


def test_exact_table_a1():
    expected = case("garcia2010_tableA1_multiple_sign_test_critical_values")["expected"]
    assert_matches(_table("exact"), expected["critical_values_exact_one_sided"])


def test_printed_table_a1_option_reproduces_the_paper():
    printed = read_csv("garcia2010_tableA1_multiple_sign_test_critical_values.csv").reset_index()
    ours = _table("garcia2010")
    for label, row in zip(ours["index"], ours["data"]):
        n, alpha = label.split("|")
        line = printed[(printed["n"] == int(n)) & np.isclose(printed["alpha"], float(alpha))]
        want = [None if pd.isna(v) else int(v) for v in line.iloc[0, 2:]]
        assert row == want, label


def test_printed_table_is_never_above_exact():
    exact, printed = _table("exact"), _table("garcia2010")
    diff = [
        (e if e is not None else -1) - (p if p is not None else -1)
        for er, pr in zip(exact["data"], printed["data"])
        for e, p in zip(er, pr)
    ]
    assert min(diff) == 0 and sum(d != 0 for d in diff) == 30  # G10 erratum: 30 cells differ


def test_garcia2010_example():
    c = case("garcia2010_multiple_sign_test")
    params, expected = c["parameters"], c["expected"]
    result = mc.multiple_sign_test(
        ACCURACY, params["control"], alpha=params["alpha"], alternative="less"
    )
    assert_attributes(
        result,
        expected,
        {
            "signs": "signs",
            "minus": "number_of_minuses",
            "plus": "number_of_pluses",
            "ties": "number_of_ties",
            "statistic": "r_j",
            "critical_value": "critical_value_m3_n24_alpha_0.05",
            "rejected": "rejected_alpha_0.05",
        },
    )
    fwe = {f"c={c}": _prob_any_at_most(24, 3, False)[c] for c in (6, 7)}
    assert_matches(fwe, expected["familywise_error_at_critical_value"])
    assert result.familywise_error == pytest.approx(fwe["c=6"])
    printed = mc.multiple_sign_test(ACCURACY, "PDFC", critical_values="garcia2010")
    assert printed.critical_value == 6 and printed.rejected == result.rejected
    assert list(result.to_frame().columns) == ["plus", "minus", "ties", "statistic", "reject"]


def _brute_force(n: int, m: int, two_sided: bool) -> np.ndarray:
    """P(some count <= c) by enumerating every ordering of the m+1 values in each data set."""
    perms = list(itertools.permutations(range(m + 1)))  # position 0 is the control
    wins = np.array([[p[j] > p[0] for j in range(1, m + 1)] for p in perms], dtype=int)
    probs = np.zeros(n)
    for rows in itertools.product(range(len(perms)), repeat=n):
        r = wins[list(rows)].sum(axis=0)
        for c in range(n):
            probs[c] += bool(np.any((r <= c) | (r >= n - c))) if two_sided else bool(np.any(r <= c))
    return probs / len(perms) ** n


@pytest.mark.parametrize("n,m", [(4, 2), (3, 3), (5, 1)])
@pytest.mark.parametrize("two_sided", [False, True])
def test_exact_probabilities_match_enumeration(n, m, two_sided):
    np.testing.assert_allclose(
        _prob_any_at_most(n, m, two_sided), _brute_force(n, m, two_sided), atol=1e-12
    )


def test_alternatives_and_orientation():
    data = read_csv("garcia2010_table3_accuracy.csv")
    less = mc.multiple_sign_test(data, "PDFC", alternative="less")
    lower = mc.multiple_sign_test(-data, "PDFC", alternative="less", higher_is_better=False)
    flipped = mc.multiple_sign_test(-data, "PDFC", alternative="greater")
    pd.testing.assert_series_equal(less.reject, lower.reject)
    pd.testing.assert_series_equal(less.reject, flipped.reject)
    assert mc.multiple_sign_test(data, "PDFC", alternative="greater").rejected == []
    two = mc.multiple_sign_test(data, "PDFC", alternative="two-sided")
    assert two.critical_value == mc.multiple_sign_critical_value(24, 3, alternative="two-sided")
    assert two.critical_value <= less.critical_value
    pd.testing.assert_series_equal(
        two.statistic, np.minimum(two.plus, two.minus).rename("statistic")
    )


def test_no_admissible_critical_value_rejects_nothing():
    data = np.arange(15.0).reshape(5, 3)
    result = mc.multiple_sign_test(data, 2, alpha=0.05)
    assert result.critical_value is None and result.rejected == []


def test_errors():
    with pytest.raises(ValueError, match="no entry"):
        mc.multiple_sign_critical_value(26, 3, critical_values="garcia2010")
    with pytest.raises(ValueError, match="no entry"):
        mc.multiple_sign_critical_value(24, 10, critical_values="garcia2010")
    with pytest.raises(ValueError, match="no entry"):
        mc.multiple_sign_critical_value(24, 3, 0.01, critical_values="garcia2010")
    with pytest.raises(ValueError, match="one-sided"):
        mc.multiple_sign_critical_value(
            24, 3, alternative="two-sided", critical_values="garcia2010"
        )
    with pytest.raises(ValueError, match="too large"):
        mc.multiple_sign_critical_value(1000, 30)
    with pytest.raises(ValueError, match="alternative"):
        mc.multiple_sign_test(ACCURACY, "PDFC", alternative="bigger")
    with pytest.raises(ValueError, match="unknown control"):
        mc.multiple_sign_test(ACCURACY, "SVM")
    with pytest.raises(ValueError, match="alpha"):
        mc.multiple_sign_test(ACCURACY, "PDFC", alpha=1.5)
    with pytest.raises(ValueError, match="n_datasets must be >= 1; got 0"):
        mc.multiple_sign_critical_value(0, 3)


@pytest.mark.parametrize("n", [5, 12, 24, 31])
def test_familywise_error_bounds(n):
    """m = 1 is the one-sided sign test; for m > 1 the level lies between the single test's and
    the Bonferroni bound, and grows with m and c."""
    from scipy import stats

    single = stats.binom.cdf(np.arange(n), n, 0.5)
    np.testing.assert_allclose(_prob_any_at_most(n, 1, False), single, atol=1e-13)
    previous = single
    for m in range(2, 8):
        probs = _prob_any_at_most(n, m, False)
        assert np.all(probs >= previous - 1e-13) and np.all(
            probs <= np.minimum(m * single, 1) + 1e-13
        )
        assert np.all(np.diff(probs) >= -1e-13)
        previous = probs


def test_too_large_error_names_the_requested_m():
    with pytest.raises(ValueError, match=r"n=30, m=30 need"):
        mc.multiple_sign_critical_value(30, 30)
