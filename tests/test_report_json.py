"""The JSON round trip of a Report keeps every dataclass field, and is driven by the fields:
a field added to Report is written and read without code in multicomp._report_json, and a
field of a type it cannot read fails loudly (issue 12.4)."""

from __future__ import annotations

import json
import math
from dataclasses import field, fields, is_dataclass, make_dataclass
from typing import Any

import numpy as np
import pytest

import multicomp as mc
from multicomp.report import json as _report_json
from multicomp.report.model import Hypothesis, OmnibusTest
from multicomp.report.report import Report

MISSING_ONE = np.array([[3, 5, 15], [1, 3, 18], [5, 4, 21], [2, np.nan, 6], [0, 2, 17]], float)


def _reports() -> dict[str, Report]:
    g10, g08 = mc.load_example("garcia2010"), mc.load_example("garcia2008")
    return {
        "control": mc.compare(g10, control="PDFC", rom="garcia2010", tie_correction=False),
        "all pairs": mc.compare(g08, monotone=True),
        "aligned": mc.compare(g08, test="aligned", aligned_se="garcia2010"),
        "pairwise": mc.compare(g08, test="wilcoxon"),
        "parametric": mc.compare(g10, control="PDFC", family="parametric"),
        "incomplete": mc.compare(MISSING_ONE, test="skillings_mack"),
        "omitted": mc.compare(MISSING_ONE, nan_policy="omit", control=0),
    }


REPORTS = _reports()


def _same(a: Any, b: Any) -> bool:
    """Equal, NaN equal to NaN, field by field and element by element."""
    if is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(
            _same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a)
        )
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("name", list(REPORTS))
def test_the_round_trip_keeps_every_field(name: str) -> None:
    report = REPORTS[name]
    text = report.to_json()
    document = json.loads(text)
    assert set(document) == {"format", "version"} | {f.name for f in fields(Report)}
    back = Report.from_json(text)
    for f in fields(Report):  # every field, also one a future change leaves out of ==
        assert _same(getattr(back, f.name), getattr(report, f.name)), f.name
    for kind, items in ((Hypothesis, report.hypotheses), (OmnibusTest, report.omnibus)):
        assert set(document["hypotheses" if kind is Hypothesis else "omnibus"][0]) == {
            f.name for f in fields(kind)
        }
        assert all(type(item) is kind for item in items)
    assert back == report and back.to_json() == text


def test_a_new_field_is_read_without_code_in_the_reader() -> None:
    """A report with more fields (of the types fields have today) round-trips as it is."""
    extended = make_dataclass(
        "ExtendedReport",
        [
            ("spread", tuple[float, ...], field(default=())),
            ("reference", str | None, field(default=None)),
            ("checked", bool, field(default=False)),
            ("pair", tuple[int, str], field(default=(0, ""))),
        ],
        bases=(Report,),
        frozen=True,
    )
    base = REPORTS["control"]
    values = {f.name: getattr(base, f.name) for f in fields(Report)}
    report = extended(
        **values, spread=(0.5, math.inf), reference="G10", checked=True, pair=(2, "x")
    )
    back = _report_json.decode(extended, report.to_json())
    assert type(back) is extended and _same(back, report)
    # a document without the new fields reads as their defaults (older writers)
    assert _same(_report_json.decode(extended, base.to_json()), extended(**values))


def test_a_field_the_reader_cannot_read_fails_loudly() -> None:
    odd = make_dataclass(
        "OddReport", [("when", complex, field(default=0j))], bases=(Report,), frozen=True
    )
    values = {f.name: getattr(REPORTS["all pairs"], f.name) for f in fields(Report)}
    document = json.loads(REPORTS["all pairs"].to_json())
    document["when"] = [1.0, 2.0]
    with pytest.raises(TypeError, match="no JSON reader"):
        _report_json.decode(odd, json.dumps(document))
    with pytest.raises(TypeError):  # nor can it be written
        odd(**values, when=1j).to_json()
