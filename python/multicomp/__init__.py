"""multicomp: statistical comparison of algorithms over multiple data sets.

Implements Demsar (2006, JMLR 7:1-30), Garcia & Herrera (2008, JMLR 9:2677-2694) and
Garcia, Fernandez, Luengo & Herrera (2010, Inf. Sci. 180:2044-2064), with valid defaults and
the papers' forms behind options. Map of the package (every function below is importable from
``multicomp``; the result classes from ``multicomp.results``, the types from
``multicomp.typing``):

One call
    compare(scores, control=None) -> Report (module analysis): ranks, omnibus tests, post-hoc
    APVs and a plain summary; Report.to_text / to_markdown / to_latex / to_json / to_csv / plot.
    Command line: ``multicomp scores.csv`` (``multicomp --help``).

Input (every function that takes scores)
    A 2-D array (rows = data sets, columns = algorithms), a wide or long DataFrame, or a CSV
    path (read_scores: sep, decimal, .tsv). Options: aggregate= ('mean', 'median', a callable)
    for repeated runs (folds, seeds); nan_policy= ('raise', 'omit') for missing scores.
    ShapeWarning flags tables that look transposed, k = 2 and few data sets.

Omnibus tests (package ranktests, beside their registry entries)
    friedman, iman_davenport, friedman_aligned_ranks, quade. P-values (and those of the rank
    post-hocs): method= 'auto' (default), 'asymptotic', 'exact' or 'permutation'
    (PValueMethod), with random_state= (RandomState) and n_resamples= for Monte Carlo.

Missing scores (package ranktests; the post-hoc in package posthoc)
    skillings_mack (any pattern), durbin (balanced incomplete blocks), posthoc_incomplete.

Post-hoc comparisons (module posthoc) and adjusted p-values (package procedures)
    posthoc_control (1 x N), posthoc_all_pairs (N x N); adjust_control, adjust_all_pairs;
    critical_difference, critical_difference_q; cd_diagram (package plotting), cd_groups
    (package ranking).
    Critical values of the papers' tables: wilcoxon_critical_value, sign_test_critical_wins,
    multiple_sign_critical_value.

How large, and which differ (packages pairs and ranking)
    effect_sizes (Cohen's d, Cliff's delta, Akinshin's gamma with labels and intervals),
    comparison_matrix (the multi-comparison matrix of Ismail-Fawaz et al. 2023, with its heat
    map), compact_letters (Piepho's letter display of any all-pairs decisions, with a figure
    for hundreds of algorithms).

Other tests (package pairs: tests of two algorithms)
    Two algorithms: wilcoxon, sign_test, paired_t_test; bayesian_signed_rank_test,
    bayesian_sign_test, compare_bayesian and its plot_posterior (package plotting);
    multiple_sign_test; contrast_estimation. bayesian_ranking: the Plackett-Luce posterior of
    k algorithms' rankings (package ranking; its plot in plotting.ranking). Two algorithms on
    one data set: corrected_resampled_t_test, bayesian_correlated_t_test, paired_t_test_5x2cv,
    combined_f_test_5x2cv (module pairs.cross_validation); on one holdout set: mcnemar,
    compare_holdout (module pairs.holdout).

Parametric side (package parametric)
    check_conditions (normality, equal variances, sphericity), choose_family, rm_anova,
    posthoc_parametric; compare(family=...) picks the family.

Evidence
    simulate: family-wise error and power of any procedure by Monte Carlo (package simulation).
    load_example: the papers' data (demsar2006, garcia2008, garcia2010).

Results
    Every function returns a frozen dataclass (statistic, pvalue, to_frame(), a readable str);
    module results gathers these classes (multicomp.results.FriedmanResult, ...).

Types
    The option Literals and input types of the signatures (PValueMethod, ScoresLike, ...)
    live in module typing (multicomp.typing.PValueMethod, ...).

The layers, lowest first (docs/development.md, "Layout"; tests/test_structure.py keeps them):
_internal, data, pairs and procedures, ranktests, posthoc and parametric, ranking, report and
simulation, plotting, analysis, then cli, results and typing. A module imports its own
package and lower layers only; the results' .plot() go up to plotting through one lazy
place, multicomp._internal.plots.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

from multicomp._core import __version__

if TYPE_CHECKING:
    from multicomp import results, typing
    from multicomp.analysis import compare
    from multicomp.data.examples import load_example
    from multicomp.data.readers import read_scores
    from multicomp.data.scores import Scores, ShapeWarning
    from multicomp.pairs.bayesian import bayesian_sign_test, bayesian_signed_rank_test
    from multicomp.pairs.bayesian_comparison import compare_bayesian
    from multicomp.pairs.contrast import contrast_estimation
    from multicomp.pairs.cross_validation import (
        bayesian_correlated_t_test,
        combined_f_test_5x2cv,
        corrected_resampled_t_test,
        paired_t_test_5x2cv,
    )
    from multicomp.pairs.effect_size import effect_sizes
    from multicomp.pairs.holdout import compare_holdout, mcnemar
    from multicomp.pairs.multiple_sign import multiple_sign_critical_value, multiple_sign_test
    from multicomp.pairs.two_sample import paired_t_test, sign_test, sign_test_critical_wins
    from multicomp.pairs.wilcoxon import wilcoxon, wilcoxon_critical_value
    from multicomp.parametric.anova import rm_anova
    from multicomp.parametric.conditions import check_conditions
    from multicomp.parametric.family import choose_family
    from multicomp.parametric.posthoc import posthoc_parametric
    from multicomp.plotting.cd_diagram import cd_diagram
    from multicomp.plotting.posterior import plot_posterior
    from multicomp.posthoc import posthoc_all_pairs, posthoc_control, posthoc_incomplete
    from multicomp.procedures.adjust import adjust_all_pairs, adjust_control
    from multicomp.procedures.critical_difference import critical_difference, critical_difference_q
    from multicomp.ranking.cd_groups import cd_groups
    from multicomp.ranking.letters import compact_letters
    from multicomp.ranking.multi_comparison import comparison_matrix
    from multicomp.ranking.plackett_luce import bayesian_ranking
    from multicomp.ranktests.incomplete import durbin, skillings_mack
    from multicomp.ranktests.omnibus import friedman, friedman_aligned_ranks, iman_davenport, quade
    from multicomp.report.report import Report
    from multicomp.simulation import simulate

#: The module of each public name, imported when the name is first used (PEP 562): ``import
#: multicomp`` loads neither scipy.stats, pandas nor matplotlib (tests/test_cold_start.py).
#: ``results`` and ``typing`` are modules.
_LAZY = {
    "Report": "multicomp.report.report",
    "Scores": "multicomp.data.scores",
    "ShapeWarning": "multicomp.data.scores",
    "adjust_all_pairs": "multicomp.procedures.adjust",
    "adjust_control": "multicomp.procedures.adjust",
    "bayesian_correlated_t_test": "multicomp.pairs.cross_validation",
    "bayesian_ranking": "multicomp.ranking.plackett_luce",
    "bayesian_sign_test": "multicomp.pairs.bayesian",
    "bayesian_signed_rank_test": "multicomp.pairs.bayesian",
    "cd_diagram": "multicomp.plotting.cd_diagram",
    "cd_groups": "multicomp.ranking.cd_groups",
    "check_conditions": "multicomp.parametric.conditions",
    "choose_family": "multicomp.parametric.family",
    "combined_f_test_5x2cv": "multicomp.pairs.cross_validation",
    "compact_letters": "multicomp.ranking.letters",
    "compare": "multicomp.analysis",
    "compare_bayesian": "multicomp.pairs.bayesian_comparison",
    "compare_holdout": "multicomp.pairs.holdout",
    "comparison_matrix": "multicomp.ranking.multi_comparison",
    "contrast_estimation": "multicomp.pairs.contrast",
    "corrected_resampled_t_test": "multicomp.pairs.cross_validation",
    "critical_difference": "multicomp.procedures.critical_difference",
    "critical_difference_q": "multicomp.procedures.critical_difference",
    "durbin": "multicomp.ranktests.incomplete",
    "effect_sizes": "multicomp.pairs.effect_size",
    "friedman": "multicomp.ranktests.omnibus",
    "friedman_aligned_ranks": "multicomp.ranktests.omnibus",
    "iman_davenport": "multicomp.ranktests.omnibus",
    "load_example": "multicomp.data.examples",
    "mcnemar": "multicomp.pairs.holdout",
    "multiple_sign_critical_value": "multicomp.pairs.multiple_sign",
    "multiple_sign_test": "multicomp.pairs.multiple_sign",
    "paired_t_test": "multicomp.pairs.two_sample",
    "paired_t_test_5x2cv": "multicomp.pairs.cross_validation",
    "plot_posterior": "multicomp.plotting.posterior",
    "posthoc_all_pairs": "multicomp.posthoc",
    "posthoc_control": "multicomp.posthoc",
    "posthoc_incomplete": "multicomp.posthoc",
    "posthoc_parametric": "multicomp.parametric.posthoc",
    "quade": "multicomp.ranktests.omnibus",
    "read_scores": "multicomp.data.readers",
    "results": "multicomp.results",
    "rm_anova": "multicomp.parametric.anova",
    "sign_test": "multicomp.pairs.two_sample",
    "sign_test_critical_wins": "multicomp.pairs.two_sample",
    "simulate": "multicomp.simulation",
    "skillings_mack": "multicomp.ranktests.incomplete",
    "typing": "multicomp.typing",
    "wilcoxon": "multicomp.pairs.wilcoxon",
    "wilcoxon_critical_value": "multicomp.pairs.wilcoxon",
}

__all__ = [
    "__version__",
    # the result classes and the types of the signatures, one namespace each
    "results",
    "typing",
    # input
    "Scores",
    "ShapeWarning",
    "load_example",
    "read_scores",
    # one-call analysis, its report and CD diagrams
    "Report",
    "cd_diagram",
    "cd_groups",
    "compare",
    # omnibus tests
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
    # missing scores: incomplete blocks
    "durbin",
    "posthoc_incomplete",
    "skillings_mack",
    # post-hoc comparisons, adjusted p-values and critical differences
    "adjust_all_pairs",
    "adjust_control",
    "critical_difference",
    "critical_difference_q",
    "posthoc_all_pairs",
    "posthoc_control",
    # two algorithms, a control and several
    "contrast_estimation",
    # how large, and which differ: effect sizes, the multi-comparison matrix, letters
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
    # two classifiers on a holdout set
    "compare_holdout",
    "mcnemar",
    # the parametric side: conditions, repeated-measures ANOVA, the choice of family
    "check_conditions",
    "choose_family",
    "posthoc_parametric",
    "rm_anova",
    # Bayesian comparison
    "bayesian_sign_test",
    "bayesian_signed_rank_test",
    "compare_bayesian",
    "plot_posterior",
    "bayesian_ranking",
    # two algorithms on one data set, from cross-validation
    "bayesian_correlated_t_test",
    "combined_f_test_5x2cv",
    "corrected_resampled_t_test",
    "paired_t_test_5x2cv",
    # error rates and power by simulation
    "simulate",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept in the namespace); a
    submodule (``multicomp.ranktests.omnibus``) likewise."""
    if name not in _LAZY:
        if not name.startswith("_") and importlib.util.find_spec(f"multicomp.{name}"):
            return importlib.import_module(f"multicomp.{name}")
        raise AttributeError(f"module 'multicomp' has no attribute {name!r}")
    module = _LAZY[name]
    value = importlib.import_module(module)
    if module != f"multicomp.{name}":  # a function or class of the module, not the module
        value = getattr(value, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
