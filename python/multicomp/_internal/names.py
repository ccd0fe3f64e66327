"""Display names and number formats shared by the results, the report renderers and the plots
(nothing here reads a registry: the registered tests' names are in multicomp.report.names)."""

from __future__ import annotations

from multicomp._internal.vocabulary import ReportExtra

__all__ = ["BAYESIAN_TEST_NAMES", "REPORT_EXTRA_HELP", "fmt_alpha", "fmt_p"]

#: What each extra adds, for the command line's help (``--effect-sizes``, ``--matrix``,
#: ``--bayesian-ranking``, ``--bayesian-hierarchical``).
REPORT_EXTRA_HELP: dict[ReportExtra, str] = {
    "effect_sizes": "add the effect sizes of the pairs (Cohen's d_z, Cliff's delta, Akinshin's "
    "gamma, with intervals and magnitude labels) and, in the summary, how large the best "
    "algorithm's lead is",
    "matrix": "add the multi-comparison matrix (Ismail-Fawaz et al. 2023: mean difference, "
    "wins/ties/losses, Wilcoxon and Holm-adjusted p-values of each pair)",
    "bayesian_ranking": "add the Bayesian Plackett-Luce ranking (posterior mean weight of each "
    "algorithm with its credible interval and its probability of being the best; "
    "seeded, reproducible) and, in the summary, the most probable best algorithm",
    "bayesian_hierarchical": "add the Bayesian hierarchical test of each pair (or each against "
    "--control) from the folds of a long table (Corani et al. 2017: posterior probabilities "
    "for the next data set with --rope and --runs, R-hat and ESS; seeded, reproducible) and, "
    "in the summary, the pairs it decides",
}


BAYESIAN_TEST_NAMES = {
    "signed_rank": "Bayesian signed-rank test",
    "sign": "Bayesian sign test",
    "correlated_t": "Bayesian correlated t-test",
    "hierarchical": "Bayesian hierarchical test",
}


def fmt_alpha(alpha: float) -> str:
    """0.05, 0.10 (two decimals, as the papers print levels), 0.001."""
    return f"{alpha:.2f}" if round(alpha, 2) == alpha else f"{alpha:g}"


def fmt_p(p: float) -> str:
    """A p-value with four decimals, or in scientific notation below 0.001."""
    return f"{p:.4f}" if p >= 1e-3 or p == 0 else f"{p:.2e}"
