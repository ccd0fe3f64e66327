"""The JSON form of a :class:`multicomp.Report`: writing it, and reading it back with every
field checked (:meth:`Report.to_json`, :meth:`Report.from_json`).

The reader is driven by the dataclass fields and their annotations, so a field added to the
report (or to :class:`multicomp.Hypothesis`, :class:`multicomp.OmnibusTest`) is written
and read without code here; a field of a type the reader does not know is a TypeError at once
(tests/test_report.py round-trips every field). A document that anyone may have edited is
checked in full before a report is built (:func:`check_report`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import MISSING, asdict, fields, is_dataclass, replace
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

import numpy as np
import pandas as pd

from multicomp import procedures, ranktests
from multicomp._internal.validation import check_alpha, check_count, one_of
from multicomp.ranktests.permutation import MAX_RESAMPLES
from multicomp.report import hierarchical_extra
from multicomp.report.extras import MEASURE_NAMES
from multicomp.report.large import SUMMARY_LIMIT
from multicomp.report.model import Hypotheses, Hypothesis, ReportData, rounded_ranks
from multicomp.report.names import TEST_NAMES
from multicomp.report.typed import DTYPES, TYPED_MIN, typed_array, untyped

__all__ = ["COLUMNS", "FORMAT", "READS", "VERSION", "check_report", "decode", "encode"]

FORMAT = "multicomp.report"
"""The ``"format"`` of a report's JSON document."""
VERSION = 3
"""The ``"version"`` of the JSON document this multicomp writes when a column of its
hypotheses is a typed array (:data:`multicomp.report.typed.TYPED_MIN`); a document without one is version 2."""
READS = (1, 2, 3)
"""The versions this multicomp reads (version 1: the hypotheses one object each; 2: as
columns of JSON numbers; 3: the long columns as typed arrays)."""

#: The longest document :func:`decode` reads unless told otherwise, in characters: parsing
#: takes about 8 bytes of memory a character (the report of 10 data sets x 3,000 algorithms,
#: 384 MB of text, peaks at 2.9 GB), so this keeps reading near what ``compare`` itself needs
#: for about 2,000 algorithms. ``Report.from_json(max_size=)`` raises it.
MAX_CHARS = 200_000_000
COLUMNS = ("names", "first", "second", "difference", "z", "pvalue", "apvs")
"""The columns of the hypotheses in a version-2 document."""

R = TypeVar("R", bound=ReportData)


def encode(
    report: ReportData, *, indent: int | None = 2, typed_min: int = TYPED_MIN
) -> Iterator[str]:
    """The report as strict JSON, in pieces (joined: :meth:`Report.to_json`; written one by
    one: ``Report.save``, 45 MB at k = 1000): every field, non-finite numbers as strings
    ("Infinity"). The scores are written one data set per line, the hypotheses as columns
    (:data:`COLUMNS`: the names once, each pair as two indices into them, one array per
    number and one per procedure's APVs), each column on one line by the C encoder (the
    indenting encoder is Python's own, a hundred times slower: 499,500 hypotheses at
    k = 1000), spliced in where a one-off token stands for them; from ``typed_min``
    hypotheses on, each column a typed array (version 3), its base64 text a piece."""
    options: dict[str, Any] = {"indent": indent, "allow_nan": False}
    tokens = {name: f"{name}-{uuid.uuid4().hex}" for name in ("values", "hypotheses")}
    rest = replace(report, values=(), hypotheses=report.hypotheses.take([]))  # written below
    typed = len(report.hypotheses) >= typed_min
    payload = {"format": FORMAT, "version": VERSION if typed else 2, **asdict(rest), **tokens}
    text = json.dumps(_strict(payload), **options)
    one_line = json.JSONEncoder(**{**options, "indent": None})
    try:  # a data set per line; a report read from elsewhere may hold non-finite scores
        rows = ",\n".join(map(one_line.encode, report.values))
    except ValueError:
        rows = ",\n".join(map(one_line.encode, _strict(report.values)))
    at = 0
    for start, name in sorted((text.index(json.dumps(t)), name) for name, t in tokens.items()):
        yield text[at:start]
        if name == "values":
            yield from ("[\n", rows, "\n]")
        else:
            yield from _hypotheses(report.hypotheses, one_line, typed)
        at = start + len(json.dumps(tokens[name]))
    yield text[at:]


def _hypotheses(h: Hypotheses, one_line: json.JSONEncoder, typed: bool) -> Iterator[str]:
    """The hypotheses' object, each column on its line, one column (one procedure's APVs) in
    Python objects at a time, so that memory stays near the size of the text (k = 3,000: 4.5
    million pairs); as typed arrays when ``typed``."""

    def column(values: np.ndarray, dtype: str) -> Iterator[str]:
        if typed:
            yield from typed_array(values, dtype)
        else:
            yield one_line.encode(_strict_column(values) if dtype == "f8" else values.tolist())

    yield f'{{\n"names": {one_line.encode(list(h.names))}'
    for name, dtype in DTYPES.items():
        yield f",\n{json.dumps(name)}: "
        yield from column(getattr(h, name), dtype)
    yield ',\n"apvs": ['
    for j, values in enumerate(h.apvs.T):
        yield from ([", "] if j else [])
        yield from column(values, "f8")
    yield "]\n}"


def _strict_column(values: np.ndarray) -> list[Any]:
    """A float array as (nested) lists, its non-finite values as :func:`_strict` writes them."""
    if np.isfinite(values).all():
        return list(values.tolist())
    return list(_strict(values.tolist()))


def decode(cls: type[R], text: str, max_size: int = MAX_CHARS) -> R:
    """The report of class ``cls`` that :func:`encode` wrote as ``text``, or ValueError naming
    the first thing that is wrong (not JSON, not a report, another version, a field); a
    document longer than ``max_size`` characters is refused before it is parsed."""
    max_size = check_count(max_size, "max_size")
    if not isinstance(text, str):
        raise TypeError(f"a JSON report is a str; got {type(text).__name__}")
    if len(text) > max_size:
        raise ValueError(
            f"the JSON report holds {len(text):,} characters, more than max_size={max_size:,} "
            "allows (reading takes about 8 bytes of memory a character); pass a larger "
            "max_size= to read it"
        )
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON report: {exc}") from exc
    except RecursionError:
        raise ValueError("not a multicomp report: nested too deeply") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ValueError(f'not a multicomp report (missing "format": "{FORMAT}")')
    version = payload.get("version")
    if type(version) is not int or version not in READS:  # true == 1 in Python, not here
        raise ValueError(
            f"unsupported report version {version!r}; this multicomp reads versions "
            + ", ".join(map(str, READS))
        )
    body = {key: value for key, value in payload.items() if key not in ("format", "version")}
    if version == 3 and isinstance(body.get("hypotheses"), dict):
        body["hypotheses"] = untyped(body["hypotheses"], "report.hypotheses")
    try:
        report: R = _decode(cls, body, "report")
        check_report(report)
    except ValueError as exc:
        raise ValueError(f"malformed multicomp report: {exc}") from None
    return report


def _strict(value: Any) -> Any:
    """``value`` with non-finite floats as the strings float() reads back ("Infinity", "NaN")."""
    if isinstance(value, float) and not np.isfinite(value):
        return "NaN" if np.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {key: _strict(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(v) for v in value]
    return value


def _decode(kind: Any, value: Any, where: str) -> Any:
    """``value`` (parsed JSON) as the type ``kind`` of a report field: dataclasses field by
    field (driven by their annotations, so a new field is read without code here), tuples
    element by element, floats also from "Infinity"/"NaN". ValueError names ``where``."""
    origin, args = get_origin(kind), get_args(kind)
    if kind is Hypotheses and isinstance(value, dict):  # version 2: columns
        return _columns(value, where)
    if kind is Hypotheses:  # as columns at once, else one by one to name what is wrong
        columns = _hypothesis_columns(value)
        return columns if columns is not None else _decode(tuple[Hypothesis, ...], value, where)
    if isinstance(kind, type) and is_dataclass(kind):
        if not isinstance(value, dict):
            raise ValueError(f"{where} must be a JSON object; got {_json_type(value)}")
        hints = get_type_hints(kind)
        known = {f.name: f for f in fields(kind)}
        unknown = sorted(set(value) - set(known))
        if unknown:
            raise ValueError(f"{where} has unknown field(s) {unknown}")
        decoded = {}
        for name, f in known.items():
            if name in value:
                decoded[name] = _decode(hints[name], value[name], f"{where}.{name}")
            elif f.default is MISSING and f.default_factory is MISSING:
                raise ValueError(f"{where} lacks the field {name!r}")
        return kind(**decoded)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a JSON array; got {_json_type(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            plain = _plain_floats(args[0], value)
            if plain is not None:
                return plain
            return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise ValueError(f"{where} must have {len(args)} elements; got {len(value)}")
        return tuple(_decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
    if origin is Literal:
        if value not in args or not isinstance(value, type(args[0])):
            raise ValueError(one_of(where, value, args))
        return value
    if origin in (Union, UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _decode(inner, value, where)
    if kind is float:
        if isinstance(value, str) and value in _NONFINITE:
            return float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            try:
                return float(value)
            except OverflowError:  # an integer beyond the floats (JSON allows 10**400)
                digits = int(int(value).bit_length() * 0.30103) + 1
                raise ValueError(
                    f"{where} is too large for a float (an integer of about {digits} digits)"
                ) from None
        raise ValueError(f"{where} must be a number; got {_json_type(value)}")
    if kind in (int, bool, str):
        if type(value) is not kind:
            raise ValueError(f"{where} must be {_JSON_NAMES[kind]}; got {_json_type(value)}")
        return value
    raise TypeError(f"no JSON reader for {kind!r} at {where}")  # a new field type: add it here


def _plain_floats(kind: Any, value: list[Any]) -> tuple[float | None, ...] | None:
    """``value`` as a tuple of ``kind`` (float, or float | None) at once when every element is
    a number (or null where allowed) that fits a float, else None (read one by one, which
    names what is wrong): the scores of 100 data sets x 1,000 algorithms in milliseconds."""
    allowed = _PLAIN.get(kind)
    if allowed is None or set(map(type, value)) - allowed:
        return None
    try:
        return tuple(None if v is None else float(v) for v in value)
    except OverflowError:  # an integer beyond the floats
        return None


_PLAIN: dict[Any, set[type]] = {float: {int, float}, float | None: {int, float, type(None)}}
_NONFINITE = ("Infinity", "-Infinity", "NaN")
_JSON_NAMES = {int: "an integer", bool: "true or false", str: "a string"}


_HYPOTHESIS_KEYS = {f.name for f in fields(Hypothesis)}


def _hypothesis_columns(value: Any) -> Hypotheses | None:
    """Parsed JSON hypotheses as columns, when every one is an object with exactly the
    fields of :class:`Hypothesis`, names as strings and finite numbers (int or float) with one
    APV per procedure alike; else None (read one by one, which names what is wrong)."""
    if not isinstance(value, list) or not all(
        type(row) is dict and row.keys() == _HYPOTHESIS_KEYS for row in value
    ):
        return None
    column = {key: [row[key] for row in value] for key in _HYPOTHESIS_KEYS}
    names = column["first"] + column["second"]
    numbers = column["difference"] + column["z"] + column["pvalue"]
    apvs = column["apvs"]
    if (
        set(map(type, names)) - {str}
        or set(map(type, numbers)) - {int, float}
        or set(map(type, apvs)) - {list}
        or len(set(map(len, apvs))) > 1
        or set(map(type, (v for row in apvs for v in row))) - {int, float}
    ):
        return None
    try:
        values = np.array(numbers, dtype=np.float64).reshape(3, -1)
        table = np.array(apvs, dtype=np.float64).reshape(len(value), -1)
    except OverflowError:  # an integer beyond the floats
        return None
    if not (np.isfinite(values).all() and np.isfinite(table).all()):
        return None
    codes, uniques = pd.factorize(np.array(names, dtype=object))
    first, second = codes[: len(value)], codes[len(value) :]
    return Hypotheses(list(uniques), first, second, values[0], values[1], values[2], table)


def _columns(value: dict[str, Any], where: str) -> Hypotheses:
    """The hypotheses of a version-2 or 3 document (:data:`COLUMNS`, typed arrays already
    read by :func:`multicomp.report.typed.untyped`), their types and lengths checked here, their values by :func:`check_report`."""
    if set(value) != set(COLUMNS):
        raise ValueError(f"{where} must be an object with the arrays {list(COLUMNS)}")
    names = value["names"]
    if not isinstance(names, list) or set(map(type, names)) - {str} or len(set(names)) < len(names):
        raise ValueError(f"{where}.names must be an array of distinct strings")
    sides = {}
    for side in ("first", "second"):
        column = value[side]
        if isinstance(column, np.ndarray):  # a typed array, read by typed.untyped
            column = column.astype(np.int64)
        elif not isinstance(column, list) or set(map(type, column)) - {int}:
            raise ValueError(f"{where}.{side} must be an array of integers")
        try:
            sides[side] = np.array(column, dtype=np.int64)
        except OverflowError:
            raise ValueError(f"{where}.{side} holds an integer beyond any index") from None
        if len(column) and (sides[side].min() < 0 or sides[side].max() >= len(names)):
            raise ValueError(f"{where}.{side} must index {where}.names (0 to {len(names) - 1})")
    numbers = {
        name: _float_column(value[name], f"{where}.{name}")
        for name in ("difference", "z", "pvalue")
    }
    apvs = value["apvs"]
    if not isinstance(apvs, list):
        raise ValueError(f"{where}.apvs must be an array of arrays (one per procedure)")
    table = [_float_column(c, f"{where}.apvs[{j}]") for j, c in enumerate(apvs)]
    m = len(sides["first"])
    lengths = [len(sides["second"]), *map(len, numbers.values()), *map(len, table)]
    if any(n != m for n in lengths):
        raise ValueError(f"{where}'s arrays must all hold one value per hypothesis ({m})")
    apv = np.array(table, dtype=np.float64).reshape(len(table), m).T
    difference, z, pvalue = numbers.values()
    return Hypotheses(names, sides["first"], sides["second"], difference, z, pvalue, apv)


def _float_column(value: Any, where: str) -> np.ndarray:
    """An array of numbers (or "Infinity", "NaN") as floats, or ValueError naming ``where``."""
    if isinstance(value, np.ndarray):  # a typed array, read by typed.untyped
        return value
    if not isinstance(value, list):
        raise ValueError(f"{where} must be an array of numbers; got {_json_type(value)}")
    if not set(map(type, value)) - {int, float}:
        try:
            return np.array(value, dtype=np.float64)
        except OverflowError:
            pass  # an integer beyond the floats: named one by one below
    return np.array([_decode(float, v, f"{where}[{i}]") for i, v in enumerate(value)])


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return {
        dict: "an object",
        list: "an array",
        str: "a string",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def check_report(r: ReportData) -> None:
    """Raise ValueError naming the first field of ``r`` that contradicts the others or the
    allowed values (for reports read from JSON, which anyone may have edited)."""

    def fail(where: str, problem: str) -> None:
        raise ValueError(f"report.{where} {problem}")

    try:
        check_alpha(r.alpha)
    except ValueError as exc:
        fail("alpha", f"is invalid: {exc}")
    k, n = len(r.algorithms), len(r.datasets)
    for name, names in (("algorithms", r.algorithms), ("datasets", r.datasets)):
        if len(set(names)) != len(names):
            fail(name, "has duplicate names")
    if k < 2 or n < 2:
        fail("algorithms" if k < 2 else "datasets", "must hold at least 2 names")
    if len(r.values) != n or any(len(row) != k for row in r.values):
        fail("values", f"must be {n} rows (data sets) of {k} scores (algorithms)")
    _check_ranks(r, k, n)
    if not all(v is None or np.isfinite(v) for row in r.values for v in row):
        fail("values", "must hold finite scores (null for a missing one)")
    for i, t in enumerate(r.omnibus):
        if len(t.df) != (1 if t.distribution == "chi2" else 2):
            fail(
                f"omnibus[{i}].df",
                f"must hold one degree of freedom for chi2, two for F; got "
                f"{list(t.df)} for {t.distribution}",
            )
        if not 0.0 <= t.pvalue <= 1.0:
            fail(f"omnibus[{i}].pvalue", f"must be in [0, 1]; got {t.pvalue!r}")
    _check_resamples(r)
    if r.test not in ranktests.compare_tests():
        raise ValueError(one_of("report.test", r.test, ranktests.compare_tests()))
    if r.se not in ranktests.se_forms(r.test):
        raise ValueError(one_of("report.se", r.se, ranktests.se_forms(r.test)))
    for i, t in enumerate(r.omnibus):
        if t.name not in TEST_NAMES:
            raise ValueError(one_of(f"report.omnibus[{i}].name", t.name, list(TEST_NAMES)))
    allowed = procedures.names(r.comparison)
    unknown = [m for m in r.procedures if m not in allowed]
    if unknown or len(set(r.procedures)) != len(r.procedures):
        fail(
            "procedures",
            f"must be distinct procedures of {list(allowed)}; got {list(r.procedures)}",
        )
    if r.procedure not in r.procedures:
        raise ValueError(one_of("report.procedure", r.procedure, r.procedures))
    if (r.control is None) != (r.comparison == "all_pairs") or (
        r.control is not None and r.control not in r.algorithms
    ):
        fail(
            "control",
            f"must name one of the algorithms with comparison 'control', and be null "
            f"with 'all_pairs'; got {r.control!r}",
        )
    expected = k - 1 if r.comparison == "control" else k * (k - 1) // 2
    if len(r.hypotheses) != expected:
        fail(
            "hypotheses",
            f"must hold {expected} hypotheses for {k} algorithms; got {len(r.hypotheses)}",
        )
    wrong = _wrong_hypotheses(r)
    if wrong is not None:  # the checks one by one up to it, to name what is wrong
        _check_hypotheses(r, r.hypotheses[: wrong + 1])
    _check_extras(r)


def _wrong_hypotheses(r: ReportData) -> int | None:
    """The position of the first hypothesis that :func:`_check_hypotheses` would refuse, found
    column by column (no loop over the pairs), or None."""
    h = r.hypotheses
    if len(h) == 0:
        return None
    algorithms = set(r.algorithms)
    known = np.array([name in algorithms for name in h.names], dtype=bool)
    bad = ~known[h.first] | ~known[h.second] | (h.first == h.second)
    low, high = np.minimum(h.first, h.second), np.maximum(h.first, h.second)
    _, earliest = np.unique(low * len(h.names) + high, return_index=True)
    repeated = np.ones(len(h), dtype=bool)
    repeated[earliest] = False
    bad |= repeated
    if r.control is not None:
        c = h.names.index(r.control) if r.control in h.names else -1
        bad |= (h.first != c) & (h.second != c)
    if h.apvs.shape[1] != len(r.procedures):
        bad[:] = True
    in_range = (h.pvalue >= 0.0) & (h.pvalue <= 1.0)
    bad |= ~(in_range & ((h.apvs >= 0.0) & (h.apvs <= 1.0)).all(axis=1))
    return int(np.argmax(bad)) if bad.any() else None


def _check_hypotheses(r: ReportData, hypotheses: Sequence[Hypothesis]) -> None:
    """Raise ValueError naming the first of ``hypotheses`` (the report's first ones) that is
    not a pair of two of its algorithms (one the control, with one) listed once, with one APV
    per procedure and p-values in [0, 1]."""

    def fail(where: str, problem: str) -> None:
        raise ValueError(f"report.{where} {problem}")

    seen: set[frozenset[str]] = set()
    for i, h in enumerate(hypotheses):
        for side in ("first", "second"):
            if getattr(h, side) not in r.algorithms:
                fail(f"hypotheses[{i}].{side}", f"is not an algorithm: {getattr(h, side)!r}")
        pair = frozenset((h.first, h.second))
        if len(pair) == 1 or pair in seen or (r.control is not None and r.control not in pair):
            fail(
                f"hypotheses[{i}]",
                f"must compare two algorithms{'' if r.control is None else ', one the control,'}"
                f" in a pair not listed before; got {h.first!r} and {h.second!r}",
            )
        seen.add(pair)
        if len(h.apvs) != len(r.procedures):
            fail(
                f"hypotheses[{i}].apvs",
                f"must hold {len(r.procedures)} values (one per procedure); got {len(h.apvs)}",
            )
        for name, values in (("pvalue", (h.pvalue,)), ("apvs", h.apvs)):
            if not all(0.0 <= v <= 1.0 for v in values):
                fail(f"hypotheses[{i}].{name}", f"must be in [0, 1]; got {list(values)}")


def _check_ranks(r: ReportData, k: int, n: int) -> None:
    """``ranks`` and ``test_ranks``: k finite values; an average rank lies in [1, k], an
    aligned one in [1, kN], so anything beyond was edited in."""
    for name in ("ranks", "test_ranks"):
        ranks = getattr(r, name)
        if len(ranks) != k or not all(np.isfinite(ranks) & (np.abs(ranks) <= k * max(n, 1))):
            raise ValueError(
                f"report.{name} must hold {k} finite ranks of at most kN = {k * n} (one per "
                f"algorithm); got {list(ranks)}"
            )


def _check_resamples(r: ReportData) -> None:
    """The Monte Carlo resamples of each p-value: a count in [1, MAX_RESAMPLES] for a
    ``'permutation'`` p-value, null otherwise."""
    sources = [(f"omnibus[{i}]", t.method, t.n_resamples) for i, t in enumerate(r.omnibus)]
    sources.append(("pvalue_resamples", r.pvalue_method, r.pvalue_resamples))
    for where, method, count in sources:
        if method != "permutation" and count is not None:
            raise ValueError(f"report.{where} has resamples ({count}) but method {method!r}")
        if method == "permutation" and not (count is not None and 1 <= count <= MAX_RESAMPLES):
            raise ValueError(
                f"report.{where}: a Monte Carlo p-value needs resamples in "
                f"[1, {MAX_RESAMPLES}]; got {count!r}"
            )


def _check_extras(r: ReportData) -> None:
    """The extras' fields: present exactly when asked, naming the report's algorithms, the
    matrix's p-values in [0, 1], the ranking each algorithm once with its probabilities."""
    held = {
        "effect_sizes": r.effect_sizes,
        "matrix": r.matrix,
        "bayesian_ranking": r.bayesian_ranking,
        "bayesian_hierarchical": r.bayesian_hierarchical,
    }
    for name, value in held.items():
        if bool(value) != (name in r.extras):
            raise ValueError(
                f"report.{name} must be given exactly when report.extras holds {name!r}"
            )
    pairs = [
        *((p.first, p.second) for p in r.effect_sizes),
        *((c.first, c.second) for c in r.matrix),
    ]
    strangers = sorted({a for pair in pairs for a in pair} - set(r.algorithms))
    if strangers:
        raise ValueError(
            f"report.effect_sizes or report.matrix names unknown algorithms {strangers}"
        )
    if not all(0.0 <= v <= 1.0 for c in r.matrix for v in (c.pvalue, c.adjusted)):
        raise ValueError("report.matrix p-values must be in [0, 1]")
    if len(set(r.extras)) != len(r.extras):
        raise ValueError(f"report.extras must name each extra once; got {list(r.extras)}")
    _check_effects(r)
    _check_matrix(r)
    _check_ranking(r)
    hierarchical_extra.check(r)


def _pair_set(pairs: Sequence[tuple[str, str]], where: str) -> set[frozenset[str]]:
    """The pairs as sets, or ValueError for a pair of one algorithm or one listed twice."""
    found = {frozenset(pair) for pair in pairs}
    if len(found) != len(pairs) or any(len(pair) != 2 for pair in found):
        raise ValueError(f"{where} must list pairs of two algorithms, each pair once")
    return found


def _check_effects(r: ReportData) -> None:
    """The effect sizes: the pairs that compare() gives (each against the control; beyond
    the summary limit, the best-ranked against each other; else every pair), each with the
    three measures once, in order."""
    if not r.effect_sizes:
        return
    where = "report.effect_sizes"
    found = _pair_set([(p.first, p.second) for p in r.effect_sizes], where)
    k = len(r.algorithms)
    anchor = r.control
    if anchor is None and k > SUMMARY_LIMIT:
        anchor = r.algorithms[int(np.argsort(rounded_ranks(r.test_ranks), kind="stable")[0])]
    if anchor is None:
        expected = {
            frozenset((a, b)) for i, a in enumerate(r.algorithms) for b in r.algorithms[i + 1 :]
        }
        whose = "every pair of the algorithms"
    else:
        expected = {frozenset((anchor, b)) for b in r.algorithms if b != anchor}
        whose = f"the pairs of {anchor!r} with each other algorithm"
    if found != expected:
        raise ValueError(f"{where} must hold {whose} ({len(expected)} pairs); got {len(found)}")
    measures = tuple(MEASURE_NAMES)
    for i, p in enumerate(r.effect_sizes):
        if tuple(e.measure for e in p.effects) != measures:
            raise ValueError(
                f"{where}[{i}].effects must be the measures {list(measures)}, in order"
            )


def _check_matrix(r: ReportData) -> None:
    """The matrix: every pair once, its counts of data sets non-negative and adding to N."""
    if not r.matrix:
        return
    k, n = len(r.algorithms), r.n_datasets
    if len(_pair_set([(c.first, c.second) for c in r.matrix], "report.matrix")) != k * (k - 1) // 2:
        raise ValueError(f"report.matrix must hold every pair of the {k} algorithms once")
    for i, c in enumerate(r.matrix):
        counts = (c.wins, c.ties, c.losses)
        if min(counts) < 0 or sum(counts) > n:
            raise ValueError(
                f"report.matrix[{i}] wins, ties and losses must be counts of at most N = {n} "
                f"data sets in all; got {list(counts)}"
            )


def _check_ranking(r: ReportData) -> None:
    """The Bayesian ranking: each algorithm once, weights and probabilities in [0, 1], its
    draws positive exactly when it is there (0 otherwise)."""
    if (r.ranking_draws > 0) != bool(r.bayesian_ranking) or r.ranking_draws < 0:
        raise ValueError(
            "report.ranking_draws must be positive with report.bayesian_ranking, else 0"
        )
    names = sorted(w.algorithm for w in r.bayesian_ranking)
    if r.bayesian_ranking and names != sorted(r.algorithms):
        raise ValueError("report.bayesian_ranking must name each of report.algorithms once")
    values = [v for w in r.bayesian_ranking for v in (w.mean, w.lower, w.upper, w.p_best)]
    if not all(0.0 <= v <= 1.0 for v in values):
        raise ValueError("report.bayesian_ranking weights and probabilities must be in [0, 1]")
