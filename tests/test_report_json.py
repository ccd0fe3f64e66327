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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import multicomp as mc
from json_documents import as_version_1
from multicomp.report import json as _report_json
from multicomp.report.model import Hypothesis, OmnibusTest
from multicomp.report.report import Report

MISSING_ONE = np.array([[3, 5, 15], [1, 3, 18], [5, 4, 21], [2, np.nan, 6], [0, 2, 17]], float)


def _reports() -> dict[str, Report]:
    g10, g08 = mc.load_example("garcia2010"), mc.load_example("garcia2008")
    return {
        "control": mc.compare(g10, control="PDFC", rom="garcia2010", tie_correction=False),
        "all pairs": mc.compare(g08, monotone=True),
        "aligned": mc.compare(g08, test="aligned", se="garcia2010"),
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
    # the hypotheses as columns: every field of Hypothesis, and the names they index
    assert set(document["hypotheses"]) == {f.name for f in fields(Hypothesis)} | {"names"}
    assert set(document["omnibus"][0]) == {f.name for f in fields(OmnibusTest)}
    assert all(type(item) is Hypothesis for item in report.hypotheses)
    assert all(type(item) is OmnibusTest for item in report.omnibus)
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


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every scalar of a parsed JSON document."""
    if isinstance(value, dict):
        return [p for key, v in value.items() for p in _leaves(v, (*path, key))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


_DOCUMENTS = [json.loads(REPORTS[name].to_json()) for name in ("control", "all pairs")]
_DOCUMENTS += [as_version_1(json.loads(json.dumps(d))) for d in _DOCUMENTS]  # old documents
_HOSTILE = [10**400, -(10**400), "NaN", "Infinity", "-Infinity", 0, -1, 0.5, 2, 1e308, "", None]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_document_the_reader_accepts_renders_in_every_format(data: st.DataObject) -> None:
    """Issue 22.5: of 15,724 generated documents, 233 raised OverflowError (10**400), 50 failed
    only when rendered (NaN ranks) and 10 raised KeyError (an algorithm paired with itself, a
    pair listed twice). Each document here is a report's JSON with one to three leaves replaced
    by a hostile value or another algorithm's name."""
    document = json.loads(json.dumps(data.draw(st.sampled_from(_DOCUMENTS))))
    leaves = _leaves(document)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(leaves))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        if path[-1] in ("first", "second"):
            parent[path[-1]] = data.draw(st.sampled_from(document["algorithms"]))
        else:
            parent[path[-1]] = data.draw(st.sampled_from(_HOSTILE))
    if document["version"] == 1 and data.draw(st.booleans()):
        document["hypotheses"][1] = document["hypotheses"][0]  # a pair listed twice
    try:
        report = Report.from_json(json.dumps(document))
    except ValueError:
        return  # refused with a message: fine
    for render in ("to_text", "to_html", "to_markdown", "to_latex", "to_csv", "to_json"):
        assert isinstance(getattr(report, render)(), str), render


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(alpha=10**400), r"report\.alpha is too large for a float"),
        (
            lambda d: d["hypotheses"][0].update(z=-(10**400)),
            r"report\.hypotheses\[0\]\.z is too large for a float",
        ),
        (
            lambda d: d["hypotheses"][0].update(second=d["hypotheses"][0]["first"]),
            r"hypotheses\[0\] must compare two algorithms",
        ),
        (
            lambda d: d["hypotheses"].__setitem__(1, d["hypotheses"][0]),
            r"hypotheses\[1\] .* in a pair not listed before",
        ),
        (lambda d: d["test_ranks"].__setitem__(0, "NaN"), r"report\.test_ranks must hold"),
        (lambda d: d["ranks"].__setitem__(0, "Infinity"), r"report\.ranks must hold"),
    ],
)
def test_the_issues_documents_are_refused_naming_the_field(change: Any, message: str) -> None:
    document = as_version_1(json.loads(REPORTS["all pairs"].to_json()))
    change(document)
    with pytest.raises(ValueError, match=message):
        Report.from_json(json.dumps(document))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.pop("z"), r"report\.hypotheses must be an object with the arrays"),
        (lambda h: h["first"].__setitem__(0, 99), r"report\.hypotheses\.first must index"),
        (lambda h: h["second"].__setitem__(0, True), r"hypotheses\.second must be an array of int"),
        (lambda h: h["names"].append(h["names"][0]), r"names must be an array of distinct"),
        (lambda h: h["pvalue"].pop(), "must all hold one value per hypothesis"),
        (lambda h: h["apvs"][0].pop(), "must all hold one value per hypothesis"),
        (lambda h: h["z"].__setitem__(2, 10**400), r"hypotheses\.z\[2\] is too large"),
        (lambda h: h["pvalue"].__setitem__(3, 7), r"report\.hypotheses\[3\]\.pvalue"),
        (lambda h: h["apvs"].pop(), r"report\.hypotheses\[0\]\.apvs must hold \d+"),
        (lambda h: h["first"].__setitem__(1, h["second"][1]), r"hypotheses\[1\] must compare"),
    ],
)
def test_the_columns_of_the_hypotheses_are_checked(change: Any, message: str) -> None:
    """Version 2 writes the hypotheses as columns: each is checked, then the hypotheses as
    version 1's were."""
    document = json.loads(REPORTS["all pairs"].to_json())
    assert document["version"] == 2 and set(document["hypotheses"]) == set(_report_json.COLUMNS)
    change(document["hypotheses"])
    with pytest.raises(ValueError, match=message):
        Report.from_json(json.dumps(document))


def test_a_version_1_document_is_read_as_before() -> None:
    for report in REPORTS.values():
        old = as_version_1(json.loads(report.to_json()))
        assert Report.from_json(json.dumps(old)) == report


def test_a_document_beyond_max_size_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Parsing takes about 8 bytes a character (2.9 GB for the report of 3,000 algorithms):
    a longer document than ``max_size`` allows is refused before ``json.loads`` runs."""
    text = mc.compare(mc.load_example("demsar2006")).to_json()
    assert Report.from_json(text, max_size=len(text)).to_json() == text

    def parsed(*args: object, **kwargs: object) -> None:
        raise AssertionError("the document was parsed")

    with monkeypatch.context() as patched:
        patched.setattr(_report_json.json, "loads", parsed)
        with pytest.raises(
            ValueError, match=rf"holds {len(text):,} characters, more than max_size=100 "
        ):
            Report.from_json(text, max_size=100)
    assert _report_json.MAX_CHARS == 200_000_000
    with pytest.raises(TypeError, match="max_size must be an integer"):
        Report.from_json(text, max_size=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a JSON report is a str; got bytes"):
        Report.from_json(text.encode())  # type: ignore[arg-type]
