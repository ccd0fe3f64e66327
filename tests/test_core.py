"""The native module is built and importable."""

import multicompare


def test_shaffer_counts_k5() -> None:
    assert multicompare.shaffer_counts(5) == [0, 1, 2, 3, 4, 6, 10]
