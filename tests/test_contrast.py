"""Contrast estimation based on medians (G10 Sec. 3.3, Tables 5 and 6)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from reference_cases import REFERENCE, assert_matches, case


def test_garcia2010_table6():
    c = case("garcia2010_contrast_estimation")
    expected = c["expected"]
    result = mc.contrast_estimation(REFERENCE / c["input"])
    names = list(result.m.index)
    pairs = [(u, v) for u in range(4) for v in range(u + 1, 4)]
    differences = {
        f"D_i({u + 1}{v + 1})": result.differences[f"{names[u]} - {names[v]}"] for u, v in pairs
    }
    assert_matches(pd.DataFrame(differences), expected["differences"])
    medians = {f"Z_{u + 1}{v + 1}": result.medians.iloc[u, v] for u, v in pairs}
    assert_matches(medians, expected["medians_Z"])
    assert_matches(result.m, expected["m_u"])
    assert_matches(result.to_frame(), expected["estimator_matrix"])
    assert_matches(result.estimates.iloc[0, 1], expected["estimate_M1_minus_M2"])


@given(
    arrays(
        np.int64, st.tuples(st.integers(2, 12), st.integers(2, 5)), elements=st.integers(0, 1000)
    )
)
def test_properties(values):
    data = values / 1000.0
    result = mc.contrast_estimation(data)
    e = result.estimates.to_numpy()
    np.testing.assert_array_equal(e, -e.T)  # antisymmetric, zero diagonal
    k = data.shape[1]
    for u in range(k):  # additive: (u - v) + (v - w) = u - w
        for v in range(k):
            assert e[u, v] == pytest.approx(e[u, 0] - e[v, 0], abs=1e-12)
    np.testing.assert_allclose(result.m.sum(), 0.0, atol=1e-12)
    # a constant shift of one algorithm shifts its contrasts by that constant
    shifted = data.copy()
    shifted[:, 0] += 0.25
    moved = mc.contrast_estimation(shifted).estimates.to_numpy()
    np.testing.assert_allclose(moved[0, 1:], e[0, 1:] + 0.25, atol=1e-9)


def test_labels_and_input_unchanged():
    frame = pd.DataFrame({"a": [0.1, 0.2, 0.3], "b": [0.2, 0.2, 0.5]}, index=["d1", "d2", "d3"])
    before = frame.copy()
    result = mc.contrast_estimation(frame)
    pd.testing.assert_frame_equal(frame, before)
    assert list(result.estimates.index) == ["a", "b"]
    assert result.estimates.loc["b", "a"] == pytest.approx(0.1)
    with pytest.raises(ValueError, match="finite"):
        mc.contrast_estimation(np.array([[1.0, np.nan], [2.0, 3.0]]))
