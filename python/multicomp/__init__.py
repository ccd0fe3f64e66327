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
    combined_f_test_5x2cv (module pairs.cross_validation); on many data sets from their folds:
    bayesian_hierarchical_test (module pairs.hierarchical); on one holdout set: mcnemar,
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
from typing import Any

from multicomp._core import __version__

#: The public API, in one table: each group of the API reference (its title) with each public
#: name and the module it comes from. ``__all__`` and the lazy imports follow from it (a name is
#: imported from its module when first used, PEP 562: ``import multicomp`` loads neither
#: scipy.stats, pandas nor matplotlib, tests/test_cold_start.py), and so does the type stub
#: ``__init__.pyi`` that type checkers and editors read (``python scripts/write_init_stub.py``
#: writes it; the tests check it). ``results`` and ``typing`` are modules.
_PUBLIC: dict[str, dict[str, str]] = {
    "the result classes and the types of the signatures, one namespace each": {
        "results": "multicomp.results",
        "typing": "multicomp.typing",
    },
    "input": {
        "Scores": "multicomp.data.scores",
        "ShapeWarning": "multicomp.data.scores",
        "load_example": "multicomp.data.examples",
        "read_scores": "multicomp.data.readers",
    },
    "one-call analysis, its report and CD diagrams": {
        "Report": "multicomp.report.report",
        "cd_diagram": "multicomp.plotting.cd_diagram",
        "cd_groups": "multicomp.ranking.cd_groups",
        "compare": "multicomp.analysis",
    },
    "omnibus tests": {
        "friedman": "multicomp.ranktests.omnibus",
        "friedman_aligned_ranks": "multicomp.ranktests.omnibus",
        "iman_davenport": "multicomp.ranktests.omnibus",
        "quade": "multicomp.ranktests.omnibus",
    },
    "missing scores: incomplete blocks": {
        "durbin": "multicomp.ranktests.incomplete",
        "posthoc_incomplete": "multicomp.posthoc",
        "skillings_mack": "multicomp.ranktests.incomplete",
    },
    "post-hoc comparisons, adjusted p-values and critical differences": {
        "adjust_all_pairs": "multicomp.procedures.adjust",
        "adjust_control": "multicomp.procedures.adjust",
        "critical_difference": "multicomp.procedures.critical_difference",
        "critical_difference_q": "multicomp.procedures.critical_difference",
        "posthoc_all_pairs": "multicomp.posthoc",
        "posthoc_control": "multicomp.posthoc",
    },
    "two algorithms, a control and several": {
        "contrast_estimation": "multicomp.pairs.contrast",
    },
    "how large, and which differ: effect sizes, the multi-comparison matrix, letters": {
        "effect_sizes": "multicomp.pairs.effect_size",
        "comparison_matrix": "multicomp.ranking.multi_comparison",
        "compact_letters": "multicomp.ranking.letters",
        "multiple_sign_critical_value": "multicomp.pairs.multiple_sign",
        "multiple_sign_test": "multicomp.pairs.multiple_sign",
        "paired_t_test": "multicomp.pairs.two_sample",
        "sign_test": "multicomp.pairs.two_sample",
        "sign_test_critical_wins": "multicomp.pairs.two_sample",
        "wilcoxon": "multicomp.pairs.wilcoxon",
        "wilcoxon_critical_value": "multicomp.pairs.wilcoxon",
    },
    "two classifiers on a holdout set": {
        "compare_holdout": "multicomp.pairs.holdout",
        "mcnemar": "multicomp.pairs.holdout",
    },
    "the parametric side: conditions, repeated-measures ANOVA, the choice of family": {
        "check_conditions": "multicomp.parametric.conditions",
        "choose_family": "multicomp.parametric.family",
        "posthoc_parametric": "multicomp.parametric.posthoc",
        "rm_anova": "multicomp.parametric.anova",
    },
    "Bayesian comparison": {
        "bayesian_sign_test": "multicomp.pairs.bayesian",
        "bayesian_signed_rank_test": "multicomp.pairs.bayesian",
        "compare_bayesian": "multicomp.pairs.bayesian_comparison",
        "plot_posterior": "multicomp.plotting.posterior",
        "bayesian_ranking": "multicomp.ranking.plackett_luce",
    },
    "two algorithms on one data set, from cross-validation": {
        "bayesian_correlated_t_test": "multicomp.pairs.cross_validation",
        "combined_f_test_5x2cv": "multicomp.pairs.cross_validation",
        "corrected_resampled_t_test": "multicomp.pairs.cross_validation",
        "paired_t_test_5x2cv": "multicomp.pairs.cross_validation",
        "bayesian_hierarchical_test": "multicomp.pairs.hierarchical",
    },
    "error rates and power by simulation": {
        "simulate": "multicomp.simulation",
    },
}

#: The module of each public name.
_LAZY = {name: module for names in _PUBLIC.values() for name, module in names.items()}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept in the namespace); a
    submodule (``multicomp.ranktests``) likewise."""
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
