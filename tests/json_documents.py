"""A report's JSON document as version 1 wrote it (the hypotheses one object each), which
``Report.from_json`` still reads: the tests that edit single hypotheses use it."""

from __future__ import annotations

from typing import Any


def as_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` (version 2, parsed) with its hypotheses as version 1's objects."""
    h = document["hypotheses"]
    names = h["names"]
    apvs = list(zip(*h["apvs"])) if h["apvs"] else [()] * len(h["first"])
    document["hypotheses"] = [
        {
            "first": names[a],
            "second": names[b],
            "difference": d,
            "z": z,
            "pvalue": p,
            "apvs": list(row),
        }
        for a, b, d, z, p, row in zip(
            h["first"], h["second"], h["difference"], h["z"], h["pvalue"], apvs
        )
    ]
    document["version"] = 1
    return document
