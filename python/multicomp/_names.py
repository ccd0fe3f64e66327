"""Display names and number formats shared by the results, the report renderers and the plots,
and the default procedure of a comparison (one choice for ``compare``, ``Report.plot``,
``cd_diagram`` and the command line)."""

from __future__ import annotations

from multicomp._vocabulary import INCOMPLETE_TESTS, PAIRWISE_TESTS

__all__ = [
    "BAYESIAN_TEST_NAMES",
    "POSTHOC_NAMES",
    "RANK_NAMES",
    "TEST_NAMES",
    "default_procedure",
    "fmt_alpha",
    "fmt_p",
]

RANK_NAMES = {
    "friedman": "Friedman ranks",
    "aligned": "aligned ranks",
    "quade": "Quade ranks",
    "wilcoxon": "Friedman ranks",
    "sign": "Friedman ranks",
    "skillings_mack": "Skillings-Mack ranks",
    "durbin": "Durbin ranks",
}
# what a post-hoc compares: the ranks of a rank test, or pairwise tests
POSTHOC_NAMES = {**RANK_NAMES, "wilcoxon": "Wilcoxon signed-rank tests", "sign": "sign tests"}
BAYESIAN_TEST_NAMES = {
    "signed_rank": "Bayesian signed-rank test",
    "sign": "Bayesian sign test",
    "correlated_t": "Bayesian correlated t-test",
}
TEST_NAMES = {
    "friedman": "Friedman",
    "iman_davenport": "Iman-Davenport",
    "aligned": "Friedman Aligned Ranks",
    "quade": "Quade",
    "skillings_mack": "Skillings-Mack",
    "durbin": "Durbin",
    "durbin_f": "Durbin (Conover's F)",
}

# Why the default procedure is the default (said once in the summary).
WHY_DEFAULT = {
    "holm": "Holm's step-down procedure controls the family-wise error rate under any "
    "dependence between the comparisons and is never less powerful than Bonferroni-Dunn",
    "bergmann_hommel": "Bergmann-Hommel's procedure is the most powerful of those that control the "
    "family-wise error rate for all pairs (Garcia & Herrera 2008)",
    "shaffer": "Shaffer's procedure controls the family-wise error rate for all pairs and is more "
    "powerful than Holm's (Bergmann-Hommel's is out of reach at this number of algorithms)",
}


def default_procedure(k: int, control: str | int | None, test: str = "friedman") -> str:
    """The procedure whose decisions a comparison of ``k`` algorithms reports and draws by
    default: Holm with a control or after pairwise tests (``test`` "wilcoxon" or "sign", which
    offer no other step-wise procedure); for all pairs Bergmann-Hommel, or Shaffer beyond the
    largest k its exact computation for rank post-hocs handles
    (``multicomp._core.MAX_K_ROBINSON``, docs/robinson.md; ``MAX_K`` after the
    incomplete-block tests "skillings_mack" and "durbin")."""
    from multicomp import _core

    if control is not None or test in PAIRWISE_TESTS:
        return "holm"
    # the incomplete-block post-hocs' p-values are in no rank order: the general route's limit
    limit = _core.MAX_K if test in INCOMPLETE_TESTS else _core.MAX_K_ROBINSON
    return "bergmann_hommel" if k <= limit else "shaffer"


def fmt_alpha(alpha: float) -> str:
    """0.05, 0.10 (two decimals, as the papers print levels), 0.001."""
    return f"{alpha:.2f}" if round(alpha, 2) == alpha else f"{alpha:g}"


def fmt_p(p: float) -> str:
    """A p-value with four decimals, or in scientific notation below 0.001."""
    return f"{p:.4f}" if p >= 1e-3 or p == 0 else f"{p:.2e}"
