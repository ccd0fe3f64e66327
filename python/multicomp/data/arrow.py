"""Parquet and Arrow tables (with pyarrow: ``pip install "multicomp[arrow]"``), long or wide.

A long table is read in column batches: only its data-set, algorithm, score and run columns,
``BATCH_ROWS`` rows at a time, into :class:`~multicomp.data.frames.LongReader`, which refuses
rows that repeat a run and combines repeated runs (``aggregate=``) group-wise. A table of ten
million scores is thus never a DataFrame: with ``aggregate='mean'`` the memory it takes grows
with its cells (data sets x algorithms; a byte per run of each for the check of repeated runs),
not with its rows (``benches/RESULTS-input.md``). A wide table (a row per data set) is small and read at once.

Sources: a Parquet file (``.parquet``, ``.pq``), an Arrow IPC file or stream (``.arrow``,
``.feather``, ``.ipc``, ``.arrows``), or any table that exports the Arrow C stream interface
(``__arrow_c_stream__``: a pyarrow ``Table`` or ``RecordBatchReader``, a polars DataFrame).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

import pandas as pd

from multicomp.data.columns import roles
from multicomp.data.frames import REPLICATE_COLUMNS, Table
from multicomp.data.long import LongReader, frame_to_table, long_columns
from multicomp.data.runs import Aggregate

__all__ = [
    "BATCH_ROWS",
    "FILE_KINDS",
    "arrow_frame",
    "arrow_table",
    "column_names",
    "decoded_size",
    "file_kind",
    "is_arrow",
]

#: File suffixes read as Parquet or Arrow (IPC file or stream, Feather version 2).
FILE_KINDS = {
    ".parquet": "parquet",
    ".pq": "parquet",
    ".arrow": "arrow",
    ".feather": "arrow",
    ".ipc": "arrow",
    ".arrows": "arrow",
}
#: Rows of a long table read at once.
BATCH_ROWS = 1 << 16


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """'parquet' or 'arrow' by the file's suffix, else None (a CSV file)."""
    return FILE_KINDS.get(os.path.splitext(os.fspath(path))[1].lower())


def is_arrow(data: object) -> bool:
    """Whether ``data`` is a table that exports the Arrow C stream interface (not a pandas
    DataFrame, which does too but is read as a DataFrame)."""
    return not isinstance(data, pd.DataFrame) and hasattr(data, "__arrow_c_stream__")


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError:
        raise ImportError(
            'reading Parquet or Arrow tables needs pyarrow: pip install "multicomp[arrow]"'
        ) from None
    return pyarrow


#: A function yielding the record batches of the given columns (all with None), one pass.
Batches = Callable[[list[str] | None], Iterator[Any]]


def _open(source: object) -> tuple[Any, Batches]:
    """The schema of ``source`` and a function that yields its batches of the given columns
    (all with None), one pass."""
    pa = _pyarrow()
    if isinstance(source, (str, os.PathLike)):
        if not os.path.isfile(source):
            raise FileNotFoundError(f"no such file: {os.fspath(source)!r}")
        if file_kind(source) == "parquet":
            import pyarrow.parquet as pq

            try:
                parquet = pq.ParquetFile(source, memory_map=True)
            except pa.ArrowInvalid as exc:
                raise ValueError(f"cannot read {os.fspath(source)!r} as Parquet: {exc}") from None
            return parquet.schema_arrow, lambda columns: _checked(
                parquet.iter_batches(batch_size=BATCH_ROWS, columns=columns), source
            )
        stream = _ipc(pa, source)
    else:
        stream = pa.RecordBatchReader.from_stream(source)

    def batches(columns: list[str] | None) -> Iterator[Any]:
        for batch in _checked(stream, source):
            yield batch if columns is None else batch.select(columns)

    return stream.schema, batches


def _checked(batches: Iterable[Any], source: object) -> Iterator[Any]:
    """The batches of ``source``, read with a ValueError naming it where its data are
    corrupt or cut short (pyarrow's ArrowInvalid, or an OSError without an errno: a real
    input/output error, which has one, is left as it is)."""
    pa = _pyarrow()
    try:
        yield from batches
    except (pa.ArrowException, OSError) as exc:
        if isinstance(exc, OSError) and exc.errno is not None:
            raise
        what = repr(os.fspath(source)) if isinstance(source, (str, os.PathLike)) else "the table"
        raise ValueError(f"cannot read {what}: corrupt or truncated data ({exc})") from None


def _ipc(pa: Any, path: str | os.PathLike[str]) -> Any:
    """An Arrow IPC file (random access, Feather version 2) or stream, memory-mapped, as a
    reader of record batches."""
    try:
        source = pa.ipc.open_file(pa.memory_map(os.fspath(path)))
        return pa.RecordBatchReader.from_batches(
            source.schema, (source.get_batch(i) for i in range(source.num_record_batches))
        )
    except pa.ArrowInvalid:
        try:
            return pa.ipc.open_stream(pa.memory_map(os.fspath(path)))
        except pa.ArrowInvalid as exc:
            raise ValueError(f"cannot read {os.fspath(path)!r} as Arrow IPC: {exc}") from None


def _labels(schema: Any) -> list[Hashable]:
    """The columns of names: text, or dictionary-encoded text (pandas' written index left out)."""
    pa = _pyarrow()

    def text(kind: Any) -> bool:
        if pa.types.is_dictionary(kind):
            return text(kind.value_type)
        return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind))

    return [f.name for f in schema if text(f.type) and not f.name.startswith("__index_level_")]


def _integers(schema: Any) -> list[Hashable]:
    """The columns of integers (ids may name data sets)."""
    return [f.name for f in schema if _pyarrow().types.is_integer(f.type)]


def _long(schema: Any, dataset: str, algorithm: str) -> bool:
    """Whether a table is long, by the rule of :func:`multicomp.data.frames.layout` read from
    its schema (columns of text are columns of names; the data-set and algorithm columns
    told by their names, :func:`multicomp.data.columns.roles`)."""
    labels = _labels(schema)
    ds, alg = roles(schema.names, labels, _integers(schema), dataset, algorithm)
    if ds is not None:
        return alg == algorithm or any(c != ds for c in labels)
    return len(labels) >= 2


def decoded_size(path: str | os.PathLike[str]) -> int:
    """The bytes a Parquet file's data take decoded, at least (read from its footer: its row
    groups' uncompressed sizes, and 8 bytes a cell, since a small file can hold many
    repeated values); an Arrow file's size."""
    if file_kind(path) != "parquet":
        return os.path.getsize(path)
    import pyarrow.parquet as pq

    pa = _pyarrow()
    try:
        metadata = pq.ParquetFile(path).metadata
    except (pa.ArrowException, OSError) as exc:
        raise ValueError(f"cannot read {os.fspath(path)!r} as Parquet: {exc}") from None
    encoded = sum(metadata.row_group(i).total_byte_size for i in range(metadata.num_row_groups))
    return int(max(encoded, 8 * metadata.num_rows * metadata.num_columns))


def column_names(source: object) -> list[str]:
    """The columns of a Parquet or Arrow table (read from its schema only)."""
    return [str(name) for name in _open(source)[0].names]


def arrow_frame(source: object) -> pd.DataFrame:
    """A Parquet or Arrow table as a DataFrame, whole (as pyarrow converts it)."""
    schema, batches = _open(source)
    frame: pd.DataFrame = (
        _pyarrow().Table.from_batches(list(batches(None)), schema=schema).to_pandas()
    )
    return frame


def arrow_table(
    source: object,
    *,
    dataset: str = "dataset",
    algorithm: str = "algorithm",
    score: str = "score",
    aggregate: Aggregate | None = None,
    nan_policy: str = "raise",
) -> Table:
    """Data sets x algorithms from a Parquet or Arrow table: a long one read in column batches
    (see the module), a wide one at once as a DataFrame; rows without a name refused, or
    left out under ``nan_policy='omit'``."""
    schema, batches = _open(source)
    if not _long(schema, dataset, algorithm):
        table = _pyarrow().Table.from_batches(list(batches(None)), schema=schema)
        frame = table.to_pandas()
        return frame_to_table(frame, dataset, algorithm, score, aggregate, nan_policy)
    names = [n for n in schema.names if not n.startswith("__index_level_")]
    columns = long_columns(
        pd.DataFrame(columns=names), dataset, algorithm, score, _labels(schema), _integers(schema)
    )
    runs = [c for c in names if c not in columns and c.lower() in REPLICATE_COLUMNS]
    wanted = [str(c) for c in (*columns, *runs)]

    opened = [batches]  # the first pass reads what is open; a second one opens it again

    def chunks() -> Iterator[pd.DataFrame]:
        offset = 0
        for batch in (opened.pop() if opened else _open(source)[1])(wanted):
            chunk = batch.replace_schema_metadata(None).to_pandas()
            chunk.index = pd.RangeIndex(offset, offset + len(chunk))  # rows from 0, as in the table
            offset += len(chunk)
            yield chunk

    # a RecordBatchReader is read once: its repeated rows cannot be looked up again
    once = type(source).__name__ == "RecordBatchReader"
    reader = LongReader(
        columns,
        runs,
        aggregate,
        rows="row numbers, from 0",
        rescan=None if once else chunks,
        nan_policy=nan_policy,
    )
    for chunk in chunks():
        reader.add(chunk)
    return reader.table()
