"""Large suites (issue 25): the report's hypotheses as columns, the procedures' limits beyond
which another is used, and reports that summarise many algorithms (sizes asserted, not
times: benches/bench_large.py measures those)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp import _core, procedures
from multicomp._names import default_procedure
from multicomp.report.model import Hypotheses, Hypothesis


def suite(k: int, n: int = 30, seed: int = 0) -> pd.DataFrame:
    """n data sets x k algorithms, normal scores plus a trend (so that some pairs differ)."""
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(n, k)) + np.linspace(0.0, 3.0, k)
    return pd.DataFrame(values, columns=[f"algorithm {j:03d}" for j in range(k)])


@pytest.fixture(scope="module")
def wide() -> mc.Report:
    return mc.compare(suite(40), method="asymptotic")


def test_hypotheses_are_columns_read_as_hypothesis(wide: mc.Report) -> None:
    """The report's hypotheses are columns; read one by one they are the post-hoc's pairs,
    and equal to the same hypotheses as a tuple (as a report built by hand holds them)."""
    h = wide.hypotheses
    assert isinstance(h, Hypotheses) and len(h) == 40 * 39 // 2
    result = mc.posthoc_all_pairs(suite(40), method="asymptotic")
    rows = tuple(h)
    assert [(x.first, x.second) for x in rows] == list(result.pairs)
    assert [x.pvalue for x in rows] == result.pvalue.tolist()
    assert [list(x.apvs) for x in rows] == result.adjusted.to_numpy().tolist()
    assert h == rows and h == Hypotheses.of(rows, len(wide.procedures))
    assert h[-1] == rows[-1] and h[1:3] == rows[1:3]
    with pytest.raises(IndexError):
        h[len(h)]
    with pytest.raises(AttributeError, match="read-only"):
        h.z = np.zeros(len(h))  # type: ignore[misc]
    assert not h.pvalue.flags.writeable


def test_tables_and_decisions_from_columns(wide: mc.Report) -> None:
    """to_frame, rejected and rejected_mask agree with the hypotheses read one by one."""
    frame = wide.to_frame()
    rows = sorted(wide.hypotheses, key=lambda x: x.pvalue)
    assert list(frame.index) == [x.label for x in rows]
    j = wide.procedures.index(wide.procedure)
    assert frame[f"apv_{wide.procedure}"].tolist() == [x.apvs[j] for x in rows]
    expected = [x for x in rows if x.apvs[j] <= wide.alpha]
    assert wide.rejected() == expected
    assert int(wide.rejected_mask().sum()) == len(expected) > 0


def test_json_round_trip_of_columns(wide: mc.Report) -> None:
    document = json.loads(wide.to_json())
    assert document["hypotheses"][0] == {
        "first": "algorithm 000",
        "second": "algorithm 001",
        **{name: getattr(wide.hypotheses[0], name) for name in ("difference", "z", "pvalue")},
        "apvs": list(wide.hypotheses[0].apvs),
    }
    assert mc.Report.from_json(wide.to_json()) == wide


def test_a_report_built_with_a_tuple_of_hypotheses_holds_columns(wide: mc.Report) -> None:
    import dataclasses

    again = dataclasses.replace(wide, hypotheses=tuple(wide.hypotheses))
    assert isinstance(again.hypotheses, Hypotheses) and again == wide
    ragged = [Hypothesis("a", "b", 1.0, 1.0, 0.5, (0.5,)), Hypothesis("a", "c", 1.0, 1.0, 0.5, ())]
    with pytest.raises(ValueError, match=r"hypotheses\[1\].apvs must hold 1 values"):
        Hypotheses.of(ragged, 1)


def test_shaffer_stops_at_its_limit_and_holm_decides_beyond() -> None:
    """Shaffer's S(k) is computed up to MAX_K_SHAFFER algorithms; beyond, it is left out with
    its reason, and the report's default procedure is Holm's."""
    limit = _core.MAX_K_SHAFFER
    assert default_procedure(limit, None) == "shaffer"
    assert default_procedure(limit + 1, None) == "holm"
    m = (limit + 1) * limit // 2
    chosen, skipped = procedures.plan("all_pairs", None, m, procedures.Context(limit + 1))
    assert "shaffer" not in chosen and "holm" in chosen
    assert f"largest k ({limit}) of Shaffer's S(k)" in skipped["shaffer"]
