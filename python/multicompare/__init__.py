"""multicompare: statistical comparison of algorithms over multiple data sets.

Demsar (JMLR 2006), Garcia & Herrera (JMLR 2008), Garcia et al. (Inf. Sci. 2010).
"""

from multicompare._core import __version__
from multicompare.adjust import adjust_all_pairs, adjust_control
from multicompare.bayesian import (
    BayesianComparison,
    BayesianResult,
    bayesian_sign_test,
    bayesian_signed_rank_test,
    compare_bayesian,
)
from multicompare.contrast import contrast_estimation
from multicompare.cross_validation import (
    bayesian_correlated_t_test,
    combined_f_test_5x2cv,
    corrected_resampled_t_test,
    paired_t_test_5x2cv,
)
from multicompare.critical_difference import critical_difference, critical_difference_q
from multicompare.examples import load_example
from multicompare.holdout import compare_holdout, mcnemar
from multicompare.multiple_sign import multiple_sign_critical_value, multiple_sign_test
from multicompare.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade
from multicompare.parametric import check_conditions, choose_family, posthoc_parametric, rm_anova
from multicompare.plot import cd_diagram, cd_groups
from multicompare.posterior_plot import plot_posterior
from multicompare.posthoc import posthoc_all_pairs, posthoc_control
from multicompare.report import Report, compare
from multicompare.simulation import SimulationResult, simulate
from multicompare.two_sample import (
    paired_t_test,
    sign_test,
    sign_test_critical_wins,
    wilcoxon,
    wilcoxon_critical_value,
)

__all__ = [
    "__version__",
    # omnibus tests
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
    # post-hoc comparisons
    "posthoc_all_pairs",
    "posthoc_control",
    # adjusted p-values and critical differences
    "adjust_all_pairs",
    "adjust_control",
    "critical_difference",
    "critical_difference_q",
    # contrast estimation
    "contrast_estimation",
    # two classifiers on a holdout set
    "compare_holdout",
    "mcnemar",
    # multiple sign test
    "multiple_sign_critical_value",
    "multiple_sign_test",
    # two algorithms
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
    "wilcoxon",
    "wilcoxon_critical_value",
    # the parametric side: conditions, repeated-measures ANOVA, the choice of family
    "check_conditions",
    "choose_family",
    "posthoc_parametric",
    "rm_anova",
    # error rates and power by simulation
    "SimulationResult",
    "simulate",
    # Bayesian comparison of algorithms over data sets
    "BayesianComparison",
    "BayesianResult",
    "bayesian_sign_test",
    "bayesian_signed_rank_test",
    "compare_bayesian",
    "plot_posterior",
    # two algorithms on one data set, from cross-validation
    "bayesian_correlated_t_test",
    "combined_f_test_5x2cv",
    "corrected_resampled_t_test",
    "paired_t_test_5x2cv",
    # example data
    "load_example",
    # one-call analysis, reports and CD diagrams
    "Report",
    "cd_diagram",
    "cd_groups",
    "compare",
]
