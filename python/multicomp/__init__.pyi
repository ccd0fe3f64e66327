"""Type stub of the package (its public names, imported lazily at run time), written by
scripts/write_init_stub.py from the table ``_PUBLIC`` of __init__.py: do not edit."""

from multicomp import results as results
from multicomp import typing as typing
from multicomp._core import __version__ as __version__
from multicomp.analysis import compare as compare
from multicomp.data.examples import load_example as load_example
from multicomp.data.readers import read_scores as read_scores
from multicomp.data.scores import Scores as Scores
from multicomp.data.scores import ShapeWarning as ShapeWarning
from multicomp.pairs.bayesian import bayesian_sign_test as bayesian_sign_test
from multicomp.pairs.bayesian import bayesian_signed_rank_test as bayesian_signed_rank_test
from multicomp.pairs.bayesian_comparison import compare_bayesian as compare_bayesian
from multicomp.pairs.contrast import contrast_estimation as contrast_estimation
from multicomp.pairs.cross_validation import (
    bayesian_correlated_t_test as bayesian_correlated_t_test,
)
from multicomp.pairs.cross_validation import combined_f_test_5x2cv as combined_f_test_5x2cv
from multicomp.pairs.cross_validation import (
    corrected_resampled_t_test as corrected_resampled_t_test,
)
from multicomp.pairs.cross_validation import paired_t_test_5x2cv as paired_t_test_5x2cv
from multicomp.pairs.effect_size import effect_sizes as effect_sizes
from multicomp.pairs.hierarchical import bayesian_hierarchical_test as bayesian_hierarchical_test
from multicomp.pairs.holdout import compare_holdout as compare_holdout
from multicomp.pairs.holdout import mcnemar as mcnemar
from multicomp.pairs.multiple_sign import (
    multiple_sign_critical_value as multiple_sign_critical_value,
)
from multicomp.pairs.multiple_sign import multiple_sign_test as multiple_sign_test
from multicomp.pairs.two_sample import paired_t_test as paired_t_test
from multicomp.pairs.two_sample import sign_test as sign_test
from multicomp.pairs.two_sample import sign_test_critical_wins as sign_test_critical_wins
from multicomp.pairs.wilcoxon import wilcoxon as wilcoxon
from multicomp.pairs.wilcoxon import wilcoxon_critical_value as wilcoxon_critical_value
from multicomp.parametric.anova import rm_anova as rm_anova
from multicomp.parametric.conditions import check_conditions as check_conditions
from multicomp.parametric.family import choose_family as choose_family
from multicomp.parametric.posthoc import posthoc_parametric as posthoc_parametric
from multicomp.plotting.cd_diagram import cd_diagram as cd_diagram
from multicomp.plotting.posterior import plot_posterior as plot_posterior
from multicomp.posthoc import posthoc_all_pairs as posthoc_all_pairs
from multicomp.posthoc import posthoc_control as posthoc_control
from multicomp.posthoc import posthoc_incomplete as posthoc_incomplete
from multicomp.procedures.adjust import adjust_all_pairs as adjust_all_pairs
from multicomp.procedures.adjust import adjust_control as adjust_control
from multicomp.procedures.critical_difference import critical_difference as critical_difference
from multicomp.procedures.critical_difference import critical_difference_q as critical_difference_q
from multicomp.ranking.cd_groups import cd_groups as cd_groups
from multicomp.ranking.letters import compact_letters as compact_letters
from multicomp.ranking.multi_comparison import comparison_matrix as comparison_matrix
from multicomp.ranking.plackett_luce import bayesian_ranking as bayesian_ranking
from multicomp.ranktests.incomplete import durbin as durbin
from multicomp.ranktests.incomplete import skillings_mack as skillings_mack
from multicomp.ranktests.omnibus import friedman as friedman
from multicomp.ranktests.omnibus import friedman_aligned_ranks as friedman_aligned_ranks
from multicomp.ranktests.omnibus import iman_davenport as iman_davenport
from multicomp.ranktests.omnibus import quade as quade
from multicomp.report.report import Report as Report
from multicomp.simulation import simulate as simulate

__all__ = [
    "__version__",
    "results",
    "typing",
    "Scores",
    "ShapeWarning",
    "load_example",
    "read_scores",
    "Report",
    "cd_diagram",
    "cd_groups",
    "compare",
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
    "durbin",
    "posthoc_incomplete",
    "skillings_mack",
    "adjust_all_pairs",
    "adjust_control",
    "critical_difference",
    "critical_difference_q",
    "posthoc_all_pairs",
    "posthoc_control",
    "contrast_estimation",
    "effect_sizes",
    "comparison_matrix",
    "compact_letters",
    "multiple_sign_critical_value",
    "multiple_sign_test",
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
    "wilcoxon",
    "wilcoxon_critical_value",
    "compare_holdout",
    "mcnemar",
    "check_conditions",
    "choose_family",
    "posthoc_parametric",
    "rm_anova",
    "bayesian_sign_test",
    "bayesian_signed_rank_test",
    "compare_bayesian",
    "plot_posterior",
    "bayesian_ranking",
    "bayesian_correlated_t_test",
    "combined_f_test_5x2cv",
    "corrected_resampled_t_test",
    "paired_t_test_5x2cv",
    "bayesian_hierarchical_test",
    "simulate",
]
