"""The comparison helper itself must be able to fail."""

import pytest

from reference_cases import assert_matches, case


def test_assert_matches_accepts_the_value_and_rejects_a_perturbation() -> None:
    entry = case("garcia2010_friedman")["expected"]["posthoc_p"]
    assert_matches(dict(entry["value"]), entry)
    bumped = {k: v + 1e-4 for k, v in entry["value"].items()}
    with pytest.raises(AssertionError):
        assert_matches(bumped, entry)


def test_split_tables_compare_by_label() -> None:
    entry = case("garcia2010_friedman")["expected"]["ranks"]
    table = entry["value"]
    rows = {i: dict(zip(table["columns"], row)) for i, row in zip(table["index"], table["data"])}
    assert_matches(rows, entry)
    first = table["index"][0]
    rows[first] = {c: 0.0 for c in table["columns"]}
    with pytest.raises(AssertionError):
        assert_matches(rows, entry)
