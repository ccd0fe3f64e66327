"""multicompare: statistical comparison of algorithms over multiple data sets.

Demsar (JMLR 2006), Garcia & Herrera (JMLR 2008), Garcia et al. (Inf. Sci. 2010).
"""

from multicompare._core import shaffer_counts
from multicompare.contrast import contrast_estimation
from multicompare.examples import load_example
from multicompare.multiple_sign import multiple_sign_critical_value, multiple_sign_test
from multicompare.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade
from multicompare.two_sample import (
    paired_t_test,
    sign_test,
    sign_test_critical_wins,
    wilcoxon,
    wilcoxon_critical_value,
)

__all__ = [
    "shaffer_counts",
    # omnibus tests
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
    # contrast estimation
    "contrast_estimation",
    # multiple sign test
    "multiple_sign_critical_value",
    "multiple_sign_test",
    # two algorithms
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
    "wilcoxon",
    "wilcoxon_critical_value",
    # example data
    "load_example",
]
