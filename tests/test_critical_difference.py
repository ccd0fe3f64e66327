"""critical_difference / critical_difference_q: Demsar Table 5, the papers' CDs, monotonicity, errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from multicomp import critical_difference, critical_difference_q
from reference_cases import assert_matches, case, read_csv

TABLE5 = "demsar2006_table5_posthoc_critical_values"


@pytest.mark.parametrize("key", list(case(TABLE5)["expected"]))
def test_demsar_table5(key: str) -> None:
    method, alpha = key.rsplit("_q_", 1)
    entry = case(TABLE5)["expected"][key]
    actual = {k: critical_difference_q(int(k), float(alpha), method) for k in entry["value"]}
    assert_matches(actual, entry)


@pytest.mark.parametrize(
    ("name", "method"), [("5a_nemenyi", "nemenyi"), ("5b_bonferroni_dunn", "bonferroni_dunn")]
)
def test_demsar_table5_printed(name: str, method: str) -> None:
    """Every printed cell to 3 decimals, except the documented k = 9 Bonferroni-Dunn misprint."""
    table = read_csv(f"demsar2006_table{name}_critical_values.csv")
    misprint = case(TABLE5)["expected"]["bonferroni_dunn_q_0.05"]["deviations"][0]["printed"]
    for k, row in table.iterrows():
        for column, printed in row.items():
            alpha = float(str(column).removeprefix("q_"))
            q = critical_difference_q(int(k), alpha, method)
            if method == "bonferroni_dunn" and printed == misprint:
                assert abs(q - printed) > 0.005
            else:
                assert abs(q - printed) <= 0.001, (k, column)


@pytest.mark.parametrize(
    "cid", ["demsar2006_friedman_from_auc", "demsar2006_friedman_from_printed_ranks"]
)
def test_demsar_cds(cid: str) -> None:
    expected = case(cid)["expected"]
    k = len(expected["average_ranks"]["value"])
    n = len(expected["ranks"]["value"]["index"])
    for key, entry in expected.items():
        if key.startswith("CD_"):
            method, alpha = key.removeprefix("CD_").rsplit("_", 1)
            assert_matches(critical_difference(k, n, float(alpha), method), entry)


def test_sci2s_bonferroni_dunn_cd() -> None:
    c = case("sci2s_website_bonferroni_dunn_cd")
    for key, entry in c["expected"].items():
        alpha = float(key.rsplit("_", 1)[1])
        assert_matches(
            critical_difference(c["inputs"]["k"], c["inputs"]["N"], alpha, "bonferroni_dunn"), entry
        )


@given(st.integers(2, 30), st.integers(2, 200), st.sampled_from([0.01, 0.05, 0.1]))
def test_monotonicity(k: int, n: int, alpha: float) -> None:
    nemenyi = critical_difference(k, n, alpha)
    dunn = critical_difference(k, n, alpha, "bonferroni_dunn")
    assert dunn <= nemenyi * (1 + 1e-9)  # k-1 comparisons need less than k(k-1)/2
    assert critical_difference(k + 1, n, alpha) > nemenyi
    assert critical_difference(k, n + 1, alpha) < nemenyi
    assert critical_difference(k, n, alpha / 2) > nemenyi
    assert np.isclose(nemenyi, critical_difference_q(k, alpha) * np.sqrt(k * (k + 1) / (6 * n)))


def test_two_algorithms_is_the_normal_quantile() -> None:
    assert critical_difference_q(2, 0.05) == pytest.approx(
        critical_difference_q(2, 0.05, "bonferroni_dunn"), rel=1e-9
    )


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((1, 10), ValueError, "n_algorithms must be >= 2"),
        ((4, 0), ValueError, "n_datasets must be >= 2"),
        ((4.0, 10), TypeError, "n_algorithms must be an integer"),
        ((True, 10), TypeError, "n_algorithms must be an integer"),
        ((4, "10"), TypeError, "n_datasets must be an integer"),
        ((4, 10, 0.0), ValueError, "alpha"),
        ((4, 10, 1.5), ValueError, "alpha"),
        (
            (4, 10, 0.05, "holm"),
            ValueError,
            "procedure must be one of 'nemenyi', 'bonferroni_dunn'; got 'holm'",
        ),
    ],
)
def test_errors(args: tuple, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        critical_difference(*args)


def test_nemenyi_refuses_more_algorithms_than_it_computes_accurately() -> None:
    """Found by the fuzz suite: at k = 8.4e9 scipy's studentized-range quadrature fails."""
    from multicomp.procedures.critical_difference import MAX_K_NEMENYI

    assert critical_difference_q(MAX_K_NEMENYI) > critical_difference_q(1000)
    with pytest.raises(ValueError, match=r"too many for the Nemenyi.*bonferroni_dunn"):
        critical_difference_q(8_369_389_832)
    assert critical_difference_q(8_369_389_832, procedure="bonferroni_dunn") > 6
