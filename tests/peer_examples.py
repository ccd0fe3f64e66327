"""Examples of the peers' documentation shared by the tests (not a test file)."""

from __future__ import annotations

import numpy as np
import pandas as pd

#: Sachs (1997, p. 675), the example of PMCMRplus' frdManyOneNemenyiTest, frdAllPairsExactTest
#: and frdAllPairsConoverTest (man pages): six
#: persons (blocks) received six diuretics A to F; Na concentration 2 hours after. R fills
#: the matrix by columns, so each run of six values is one diuretic.
SACHS = pd.DataFrame(
    np.array(
        [
            [3.88, 5.64, 5.76, 4.25, 5.91, 4.33],
            [30.58, 30.14, 16.92, 23.19, 26.74, 10.91],
            [25.24, 33.52, 25.45, 18.85, 20.45, 26.67],
            [4.44, 7.94, 4.04, 4.4, 4.23, 4.36],
            [29.41, 30.72, 32.92, 28.23, 23.35, 12.0],
            [38.87, 33.12, 39.15, 28.06, 38.23, 26.65],
        ]
    ).T,
    columns=list("ABCDEF"),
)
