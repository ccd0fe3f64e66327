"""The bundled examples are the papers' tables as transcribed in tests/reference."""

import pandas as pd
import pytest

import multicomp as mc
from multicomp.data.examples import EXAMPLES
from reference_cases import read_csv

SOURCES = {
    "demsar2006": "demsar2006_table6_auc.csv",
    "garcia2008": "garcia2008_table2_accuracy.csv",
    "garcia2010": "garcia2010_table3_accuracy.csv",
}


def test_every_example_has_a_source() -> None:
    assert set(SOURCES) == set(EXAMPLES)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_example_equals_the_reference_table(name: str) -> None:
    pd.testing.assert_frame_equal(mc.load_example(name), read_csv(SOURCES[name]))
