"""The fast encodings of a large report's outputs keep every value exactly (issue 31.1): the
tidy CSV's post-hoc rows written by the Rust core are byte for byte what Python's csv module
writes, and the JSON's typed arrays (version 3) read back to the same bits."""

from __future__ import annotations

import base64
import dataclasses
import functools
import io
import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import multicomp as mc
from multicomp import _core
from multicomp.report import json as report_json
from multicomp.report import tidy, typed
from multicomp.report.model import Hypotheses
from multicomp.report.report import Report

ALL_PAIRS = mc.compare(mc.load_example("demsar2006"))
CONTROL = mc.compare(mc.load_example("garcia2010"), control="PDFC")


_ZERO = (np.zeros(1, np.int64), np.zeros(1, np.int64))  # each row labelled heads[0] + tails[0]
_ROW = np.zeros(1, np.int64)  # the table's one row


def _row(x: float) -> bytes:
    """The CSV row the core writes for one number ``x``."""
    return _core.csv_rows("t", ["r"], [""], *_ZERO, ["c"], [np.array([x])], [], _ROW)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_the_core_writes_a_float_as_python_repr(x: float) -> None:
    assert _row(x) == f'"t","r","c",{x!r}\n'.encode()


def test_the_core_writes_every_kind_of_float_as_python_repr() -> None:
    """Random bit patterns (every exponent, subnormals), floats of few mantissa bits (where
    a float can lie halfway between its two shortest forms: Python picks the even one if
    both read back), powers of two and the edges of repr's two forms."""
    rng = np.random.default_rng(0)
    bits = rng.integers(0, 2**64, size=20_000, dtype=np.uint64).view(np.float64)
    odd = (rng.integers(1, 2**53, size=20_000) | 1).astype(np.float64)
    halfway = np.ldexp(odd, rng.integers(-30, 80, size=20_000))
    edges = [0.0, -0.0, 1e-5, 1e-4, 9.999e-5, 1e16, 9999999999999998.0, 5e-324, 1.5, 123.0]
    edges += [17179720819105.8125, -897910207200143.25]  # halfway: ...812 and ...143.2
    powers = np.ldexp(1.0, np.arange(-1074, 1024))  # halfway, the gap below half the gap above
    values = np.concatenate([bits, halfway, edges, powers, np.nextafter(powers, np.inf)])
    values = values[np.isfinite(values)]
    rows = _core.csv_rows(
        "t",
        [str(i) for i in range(len(values))],
        [""],
        np.arange(len(values)),
        np.zeros(len(values), np.int64),
        ["c"],
        [values],
        [],
        np.arange(len(values)),
    )
    expected = "".join(f'"t","{i}","c",{x!r}\n' for i, x in enumerate(values.tolist()))
    assert rows.decode() == expected


@pytest.mark.parametrize(
    "numbers, flags, rows, message",
    [
        ([np.array([math.nan])], [], [0], "not finite"),
        ([np.array([1.0]), np.array([2.0])], [], [0], "are not 1 columns of 1 rows"),
        ([], [np.array([True, False])], [0], "are not 1 columns of 1 rows"),
        ([np.array([1.0])], [], [1], "row 0 lies outside the 1 rows of the table"),
        ([np.array([1.0])], [], [0, -1], "row 1 lies outside the 1 rows of the table"),
    ],
)
def test_the_core_refuses_cells_that_do_not_fit(
    numbers: list[np.ndarray], flags: list[np.ndarray], rows: list[int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _core.csv_rows("t", ["r"], [""], *_ZERO, ["c"], numbers, flags, np.array(rows))


@pytest.mark.parametrize("first, second", [(1, 0), (0, 1), (-1, 0), (0, -1)])
def test_the_core_refuses_label_positions_outside_the_names(first: int, second: int) -> None:
    at = (np.array([first], np.int64), np.array([second], np.int64))
    with pytest.raises(ValueError, match="row 0's label lies outside the heads or tails"):
        _core.csv_rows("t", ["r"], [""], *at, ["c"], [np.array([1.0])], [], _ROW)


def test_the_core_gathers_the_rows_asked_in_their_order() -> None:
    """Rows 2, 0, 2 of a table of three, columns of any stride (an array's column)."""
    table = np.array([[0.5, 1.5], [2.5, 3.5], [4.5, 5.5]])
    rows = _core.csv_rows(
        "t",
        ["a vs ", "b vs "],
        ["x", "y"],
        np.array([0, 1, 1]),
        np.array([1, 0, 1]),
        ["u", "v", "w"],
        [table[:, 0], table[:, 1]],
        [table[:, 0] > 1],
        np.array([2, 0, 2]),
    )
    one = '"t","b vs y","u",4.5\n"t","b vs y","v",5.5\n"t","b vs y","w",True\n'
    assert (
        rows.decode()
        == one + '"t","a vs y","u",0.5\n"t","a vs y","v",1.5\n"t","a vs y","w",False\n' + one
    )


def _named(names: list[str]) -> pd.DataFrame:
    """Eight data sets of normal scores for algorithms of these names."""
    return pd.DataFrame(np.random.default_rng(1).normal(size=(8, len(names))), columns=names)


def _csv_module_only(report: Report, monkeypatch: pytest.MonkeyPatch) -> str:
    """The report's CSV with every post-hoc block written by pandas and the csv module."""
    monkeypatch.setattr(tidy, "_writer", lambda r: functools.partial(tidy._frame_rows, r))
    text = report.to_csv()
    monkeypatch.undo()
    return text


@pytest.mark.parametrize(
    "report",
    [
        ALL_PAIRS,
        CONTROL,
        mc.compare(mc.load_example("garcia2008"), test="wilcoxon"),
        # names a spreadsheet would run (made inert), with commas, quotes and line breaks
        mc.compare(_named(["=SUM(A1)", "+b", "c,d", "-e", "@f", ""])),
        mc.compare(_named(['a"b', "c\nd", "e\\"])),
    ],
    ids=["all pairs", "control", "wilcoxon", "formulas", "quotes"],
)
def test_the_csv_is_what_the_csv_module_writes(
    report: Report, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = report.to_csv()
    assert fast == _csv_module_only(report, monkeypatch)
    assert fast.count('"posthoc"') == len(report.hypotheses) * (3 + 2 * len(report.procedures))


def test_the_csv_keeps_blocks_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of a few hypotheses join to the same CSV as one block."""
    whole = ALL_PAIRS.to_csv()
    monkeypatch.setattr(tidy, "BLOCK", 4)
    assert ALL_PAIRS.to_csv() == whole


def _with_columns(report: Report, draw: st.DrawFn) -> Report:
    """``report`` with its hypotheses' numbers drawn: any float for the difference and z
    (NaN, infinities, -0.0, subnormals), p-values and APVs in [0, 1]."""
    h = report.hypotheses
    m, width = h.apvs.shape
    anything = st.floats(width=64)
    probability = st.floats(0.0, 1.0)
    columns = [
        np.array(draw(st.lists(kind, min_size=m, max_size=m)), dtype=np.float64)
        for kind in (anything, anything, probability)
    ]
    apvs = np.array(draw(st.lists(probability, min_size=m * width, max_size=m * width)))
    drawn = Hypotheses(h.names, h.first, h.second, *columns, apvs.reshape(m, width))
    return dataclasses.replace(report, hypotheses=drawn)


@given(st.data())
def test_typed_columns_read_back_bit_for_bit(data: st.DataObject) -> None:
    report = _with_columns(data.draw(st.sampled_from([ALL_PAIRS, CONTROL])), data.draw)
    text = "".join(report_json.encode(report, typed_min=1))
    document = json.loads(text)
    assert document["version"] == 3 and document["hypotheses"]["z"]["dtype"] == "f8"
    back = Report.from_json(text).hypotheses
    for name in ("first", "second"):
        assert np.array_equal(getattr(back, name), getattr(report.hypotheses, name))
    for name in ("difference", "z", "pvalue", "apvs"):
        bits = getattr(back, name).view(np.uint64)
        assert np.array_equal(bits, getattr(report.hypotheses, name).view(np.uint64)), name
    assert "".join(report_json.encode(Report.from_json(text), typed_min=1)) == text


def test_short_columns_stay_json_numbers_in_a_version_2_document() -> None:
    """Below TYPED_MIN hypotheses the document is the version 2 one (readable by an older
    multicomp); from it on, version 3 with typed columns, read to an equal report."""
    document = json.loads(ALL_PAIRS.to_json())
    assert document["version"] == 2 and isinstance(document["hypotheses"]["z"], list)
    text = "".join(report_json.encode(ALL_PAIRS, typed_min=len(ALL_PAIRS.hypotheses)))
    assert json.loads(text)["version"] == 3
    assert Report.from_json(text) == ALL_PAIRS
    assert typed.TYPED_MIN > 100 * 99 // 2  # k = 100 all pairs: JSON numbers


def _typed_document() -> dict[str, object]:
    return json.loads("".join(report_json.encode(ALL_PAIRS, typed_min=1)))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda h: h["z"].update(dtype="f4"), r'hypotheses\.z must be .*"dtype": "f8"'),
        (lambda h: h["first"].update(dtype="f8"), r'hypotheses\.first must be .*"dtype": "i4"'),
        (lambda h: h["pvalue"].update(extra=1), r"hypotheses\.pvalue must be an array or a typed"),
        (lambda h: h["apvs"][1].update(bdata="%%%"), r"hypotheses\.apvs\[1\]\.bdata must be"),
        (lambda h: h["z"].update(bdata=7), r"hypotheses\.z\.bdata must be base64 text"),
        (
            lambda h: h["z"].update(bdata=base64.b64encode(b"1234567").decode()),
            r"hypotheses\.z\.bdata holds 7 bytes",
        ),
        (
            lambda h: h["pvalue"].update(bdata=base64.b64encode(b"\0" * 8).decode()),
            "must all hold one value per hypothesis",
        ),
        (
            lambda h: h["pvalue"].update(
                bdata=base64.b64encode(np.full(6, 2.0).tobytes()).decode()
            ),
            r"report\.hypotheses\[0\]\.pvalue must be in \[0, 1\]",
        ),
        (
            lambda h: h["second"].update(
                bdata=base64.b64encode(np.full(6, 9, "<i4").tobytes()).decode()
            ),
            r"hypotheses\.second must index",
        ),
    ],
)
def test_a_wrong_typed_array_is_named(change: object, message: str) -> None:
    document = _typed_document()
    change(document["hypotheses"])  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        Report.from_json(json.dumps(document))


def test_typed_arrays_need_version_3_and_an_unknown_version_is_refused() -> None:
    document = _typed_document()
    document["version"] = 2
    with pytest.raises(ValueError, match=r"hypotheses\.first must be an array of integers"):
        Report.from_json(json.dumps(document))
    document["version"] = 4
    with pytest.raises(
        ValueError, match=r"unsupported report version 4; .* reads versions 1, 2, 3"
    ):
        Report.from_json(json.dumps(document))


@pytest.mark.parametrize("report", [ALL_PAIRS, CONTROL, mc.compare(_named(["=a", "b,c", "d"]))])
def test_the_parquet_pairs_read_back_as_the_frame(report: Report) -> None:
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    data = tidy.parquet(report)
    back = pd.read_parquet(io.BytesIO(data))
    pd.testing.assert_frame_equal(back, report.to_frame())
    assert back.index.dtype == report.to_frame().index.dtype
    columns = pq.ParquetFile(io.BytesIO(data)).metadata.row_group(0)
    assert not any(
        "DICTIONARY" in str(columns.column(j).encodings) for j in range(columns.num_columns)
    )
