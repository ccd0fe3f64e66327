"""Access to tests/reference/expected.json and a comparison that honours its tolerances.

Expected values are read from the file, never copied into tests.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

REFERENCE = Path(__file__).parent / "reference"
#: G08's names of the all-pairs procedures (the keys of its expected values) and the package's:
#: what G08 call Nemenyi's procedure is Bonferroni's m p (tests/reference/README.md).
G08_PROCEDURES = {
    "nemenyi": "bonferroni",
    "holm": "holm",
    "shaffer": "shaffer",
    "bergmann_hommel": "bergmann_hommel",
}


@cache
def _cases() -> dict[str, dict[str, Any]]:
    with open(REFERENCE / "expected.json", encoding="utf-8") as fh:
        return {c["id"]: c for c in json.load(fh)["cases"]}


def case(case_id: str) -> dict[str, Any]:
    """The case with this id (its 'expected' entries keep value and tolerance)."""
    return _cases()[case_id]


def read_csv(name: str) -> pd.DataFrame:
    """A reference CSV as a wide DataFrame indexed by its first column."""
    return pd.read_csv(REFERENCE / name, index_col=0)


def _as_plain(value: Any) -> Any:
    """Split-oriented tables become {index: {column: value}} so they compare by label."""
    if isinstance(value, dict) and set(value) == {"columns", "index", "data"}:
        return {
            i: dict(zip(value["columns"], row)) for i, row in zip(value["index"], value["data"])
        }
    if isinstance(value, pd.DataFrame):
        return {i: dict(row) for i, row in value.to_dict(orient="index").items()}
    if isinstance(value, pd.Series):
        return dict(value)
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def assert_matches(actual: Any, entry: dict[str, Any], path: str = "") -> None:
    """Assert that ``actual`` equals ``entry['value']`` within ``entry['tolerance']``.

    Dicts (and split tables, Series, DataFrames) compare by key, lists by position;
    a tolerance is a scalar or a structure shaped like the value.
    """
    ((kind, tol),) = entry["tolerance"].items()
    _compare(_as_plain(actual), _as_plain(entry["value"]), kind, _as_plain(tol), path or "value")


def _compare(actual: Any, expected: Any, kind: str, tol: Any, path: str) -> None:
    if isinstance(expected, dict):
        actual = _as_plain(actual)
        assert isinstance(actual, dict), f"{path}: expected a mapping, got {actual!r}"
        assert set(map(str, actual)) == set(map(str, expected)), (
            f"{path}: keys {sorted(map(str, actual))} != {sorted(map(str, expected))}"
        )
        by_name = {str(key): val for key, val in actual.items()}
        for key, val in expected.items():
            sub = tol[key] if isinstance(tol, dict) else tol
            _compare(by_name[str(key)], val, kind, sub, f"{path}[{key!r}]")
    elif isinstance(expected, list):
        actual = list(_as_plain(actual))
        assert len(actual) == len(expected), f"{path}: length {len(actual)} != {len(expected)}"
        for i, val in enumerate(expected):
            sub = tol[i] if isinstance(tol, list) else tol
            _compare(actual[i], val, kind, sub, f"{path}[{i}]")
    elif expected is None or isinstance(expected, (str, bool)):
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"
    else:
        bound = tol if kind == "abs" else tol * abs(expected)
        assert abs(float(actual) - expected) <= bound + 1e-12 * abs(expected), (
            f"{path}: {actual!r} differs from {expected!r} by more than {kind} {tol}"
        )


def assert_attributes(result: Any, expected: dict[str, Any], names: dict[str, str]) -> None:
    """``assert_matches(getattr(result, attribute), expected[key])`` for each attribute -> key."""
    for attribute, key in names.items():
        assert_matches(getattr(result, attribute), expected[key], f"{attribute} ({key})")
