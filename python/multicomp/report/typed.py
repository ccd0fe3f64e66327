"""Typed arrays in a report's JSON document (version 3): a long column of its hypotheses as
``{"dtype": "f8", "bdata": "<base64>"}``, the little-endian bytes of the values in base64
(Plotly's convention for typed arrays). Exact (every bit kept, NaN and infinities too), and
written and read several times faster than JSON numbers: 4 million floats at k = 1000.
"""

from __future__ import annotations

import base64
from typing import Any

import numpy as np

__all__ = ["DTYPES", "TYPED_MIN", "typed_array", "untyped"]

#: The hypotheses from which a report's JSON document writes their columns as typed arrays.
TYPED_MIN = 10_000
#: The dtype of each typed column but the APVs (``"f8"``): the indices hold 32-bit integers.
DTYPES = {"first": "i4", "second": "i4", "difference": "f8", "z": "f8", "pvalue": "f8"}


def typed_array(values: np.ndarray, dtype: str) -> tuple[str, str, str]:
    """``values`` as the JSON text of a typed array of ``dtype`` (``"f8"`` or ``"i4"``), in
    three pieces: the base64 text alone in the middle (never copied into a longer string)."""
    data = base64.b64encode(values.astype(f"<{dtype}").tobytes()).decode("ascii")
    return f'{{"dtype": "{dtype}", "bdata": "', data, '"}'  # base64 needs no escapes


def untyped(value: dict[str, Any], where: str) -> dict[str, Any]:
    """The hypotheses of a version-3 document (parsed) with each typed array decoded to a
    numpy array, or ValueError naming it; the other columns as they were."""
    out = dict(value)
    for name, dtype in DTYPES.items():
        if isinstance(value.get(name), dict):
            out[name] = _decode(value[name], dtype, f"{where}.{name}")
    if isinstance(value.get("apvs"), list):
        out["apvs"] = [
            _decode(c, "f8", f"{where}.apvs[{j}]") if isinstance(c, dict) else c
            for j, c in enumerate(value["apvs"])
        ]
    return out


def _decode(value: dict[str, Any], dtype: str, where: str) -> np.ndarray:
    """A typed array ``{"dtype": dtype, "bdata": <base64 of the little-endian values>}``."""
    if set(value) != {"dtype", "bdata"} or value["dtype"] != dtype:
        raise ValueError(
            f'{where} must be an array or a typed array {{"dtype": "{dtype}", "bdata": ...}}'
        )
    try:
        data = base64.b64decode(value["bdata"], validate=True)
    except (TypeError, ValueError):  # not text, not base64 (binascii.Error), not ASCII
        raise ValueError(f"{where}.bdata must be base64 text") from None
    width = np.dtype(dtype).itemsize
    if len(data) % width:
        raise ValueError(f"{where}.bdata holds {len(data)} bytes, not a whole number of {dtype}")
    return np.frombuffer(data, dtype=f"<{dtype}").astype(dtype)  # in the machine's order
