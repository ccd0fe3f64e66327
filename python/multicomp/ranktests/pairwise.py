"""The pairwise tests of the post-hocs, as registered tests: each pair of algorithms compared
by its own two-sided test of the two algorithms' scores alone (Benavoli, Corani & Mangili 2016,
JMLR 17:5), with the defaults of :func:`multicomp.wilcoxon` and :func:`multicomp.sign_test`.

``"wilcoxon"``: the Wilcoxon signed-rank test, z signed as R+ - R-; ``"sign"``: the sign test,
z signed as wins - losses (positive when the first algorithm of a pair is the better). The
average Friedman ranks order the algorithms (for the diagrams, as aeon draws them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from multicomp.ranktests.base import PairwiseTest, register

if TYPE_CHECKING:
    import numpy as np

__all__: list[str] = []


# The tests are imported when first run, so that the registry stays light (the command line
# builds its options from it without scipy.stats or pandas).


def _wilcoxon(x: np.ndarray, y: np.ndarray) -> Any:
    from multicomp.pairs.wilcoxon import wilcoxon

    return wilcoxon(x, y)


def _sign_test(x: np.ndarray, y: np.ndarray) -> Any:
    from multicomp.pairs.two_sample import sign_test

    return sign_test(x, y)


WILCOXON = register(
    PairwiseTest(
        name="wilcoxon",
        display="Wilcoxon signed-rank tests",
        run=_wilcoxon,
        direction=lambda result: result.r_plus - result.r_minus,
    )
)
SIGN = register(
    PairwiseTest(
        name="sign",
        display="sign tests",
        run=_sign_test,
        direction=lambda result: result.wins - result.losses,
    )
)
