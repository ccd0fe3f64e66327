"""The pair table's files: the tidy CSV of a :class:`multicomp.Report` (:meth:`Report.to_csv`,
``report.csv`` of :meth:`Report.save`): every table in columns ``table,row,column,value``,
written in blocks of :data:`BLOCK` hypotheses, so that the long table of half a million
pairs (seven million cells at k = 1000) is never held whole; and the table of
:meth:`Report.to_frame` as Parquet (``report-pairs.parquet``), built by pyarrow.

Names that a spreadsheet would run as formulas start with an apostrophe
(:func:`multicomp._internal.tables.inert`); every text cell is quoted, so a carriage return
inside a name cannot split a record.
"""

from __future__ import annotations

import csv as _csv
import functools
from collections.abc import Callable, Iterator

import numpy as np
import pandas as pd

from multicomp import _core
from multicomp._internal import tables as _tables
from multicomp.report import extras
from multicomp.report.model import ReportData
from multicomp.report.render import family_lines

__all__ = ["BLOCK", "blocks", "csv", "parquet"]

#: The hypotheses written per block (a few MB of text: smaller blocks stay in the caches and
#: reuse freed memory; at k = 1,000 the CSV is written in half the time of blocks of 20,000).
BLOCK = 5_000
# Characters that the csv module would escape or double inside a quoted name.
_SPECIAL = ('"', "\\", "\r", "\n")


def csv(r: ReportData) -> str:
    """The report's tidy CSV as one string (:func:`blocks` joined)."""
    return b"".join(blocks(r)).decode("utf-8")


def blocks(r: ReportData) -> Iterator[bytes]:
    """The tidy CSV of ``r`` in pieces of UTF-8: the ranks, the omnibus tests (with how each
    p-value was computed), the post-hoc block by block, how its unadjusted p-values were
    computed (``posthoc_pvalues``), the report's notes and the extras asked."""
    said = [*family_lines(r), *r.notes]  # the parametric side when checked, then the notes
    notes = pd.DataFrame({"note": said}, index=pd.RangeIndex(1, len(said) + 1))
    source = pd.DataFrame(
        {"method": [r.pvalue_method], "n_resamples": pd.array([r.pvalue_resamples], dtype="Int64")},
        index=["pvalue"],
    )
    yield _long("ranks", r.rank_frame, header=True)
    yield _long("omnibus", r.omnibus_frame)
    order = r.by_pvalue()
    if len(order):
        write = _writer(r)
        for start in range(0, len(order), BLOCK):
            yield write(order[start : start + BLOCK])
    for name, frame in (("posthoc_pvalues", source), ("notes", notes), *extras.csv_frames(r)):
        yield _long(name, frame)


def _long(name: str, frame: pd.DataFrame, header: bool = False) -> bytes:
    """``frame`` as rows ``name,row,column,value`` (row by row)."""
    long = _tables.inert_frame(frame).astype(object).stack(future_stack=True).reset_index()
    long.columns = ["row", "column", "value"]
    long.insert(0, "table", name)
    # CPython 3.10's writer asks for an escape character (fields are quoted, never escaped)
    text = long.to_csv(index=False, header=header, quoting=_csv.QUOTE_NONNUMERIC, escapechar="\\")
    return str(text).encode("utf-8")


def _writer(r: ReportData) -> Callable[[np.ndarray], bytes]:
    """What writes a block of the post-hoc table (the hypotheses at the positions given) as
    :func:`_long` writes it: the Rust core, with the GIL released, given the table's columns
    once as they are (it gathers each block's rows and joins each pair's label from the
    names: the first names with " vs " and the second names), when the names need no
    escaping and every number is finite (what the csv module would write: names quoted,
    floats as ``repr``, booleans as ``True``/``False``); else pandas and the csv module."""
    h = r.hypotheses
    names = list(h.names)
    columns = r.pair_columns(slice(None))  # views of the hypotheses' arrays, and the flags
    numbers = {name: c for name, c in columns.items() if c.dtype != bool}
    flags = {name: c for name, c in columns.items() if c.dtype == bool}
    finite = all(np.isfinite(c).all() for c in numbers.values())
    if any(c in name for name in names for c in _SPECIAL) or not finite:
        return functools.partial(_frame_rows, r)
    # inert("a vs b") is inert("a") + " vs b"
    heads = [f"{_tables.inert(name)} vs " for name in names]
    first, second = h.first.astype(np.int64), h.second.astype(np.int64)
    order = [*numbers, *flags]
    return lambda block: _core.csv_rows(
        "posthoc",
        heads,
        names,
        first,
        second,
        order,
        [*numbers.values()],
        [*flags.values()],
        block.astype(np.int64),
    )


def _frame_rows(r: ReportData, block: np.ndarray) -> bytes:
    """A block of the post-hoc table as pandas and the csv module write it."""
    return _long("posthoc", r.pair_frame(block))


def parquet(r: ReportData) -> bytes:
    """The table of ``Report.to_frame()`` as a Parquet file (pandas' schema and metadata, so
    ``pandas.read_parquet`` gives that frame back), its arrays handed to pyarrow as they are
    and its labels joined by pyarrow, with the GIL released; without dictionary encoding,
    which pandas' ``to_parquet()`` tries on every column: the pairs' labels and numbers are
    nearly all distinct, so the file is smaller and written in about half the time."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    order = r.by_pvalue()
    h = r.hypotheses
    schema = pa.Schema.from_pandas(r.pair_frame(order[:1]))  # pandas' columns and metadata
    heads = pa.array([f"{name} vs " for name in h.names], type=pa.string())
    tails = pa.array(list(h.names), type=pa.string())
    labels = pc.binary_join_element_wise(
        heads.take(h.first[order]), tails.take(h.second[order]), ""
    )
    columns = [pa.array(c) for c in r.pair_columns(order).values()]
    table = pa.Table.from_arrays([*columns, labels.cast(schema.field(-1).type)], schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="snappy", use_dictionary=False)
    return bytes(sink.getvalue())
