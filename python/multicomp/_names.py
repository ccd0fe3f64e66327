"""Display names and number formats shared by the results, the report renderers and the plots,
and the default procedure of a comparison (one choice for ``compare``, ``Report.plot``,
``cd_diagram`` and the command line)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from multicomp import ranktests
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


class _Names(Mapping[str, str]):
    """A read-only mapping of names: ``fixed`` ones, then those of the registered rank tests
    (``of_test(entry)``: pairs of name and display name), read at each access so that a test
    registered later is named too."""

    def __init__(
        self, fixed: Mapping[str, str], of_test: Callable[[ranktests.RankTest], dict[str, str]]
    ) -> None:
        self._fixed, self._of_test = dict(fixed), of_test

    def _all(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for name in ranktests.names():
            found.update(self._of_test(ranktests.get(name)))
        return {**found, **self._fixed}

    def __getitem__(self, key: str) -> str:
        return self._fixed[key] if key in self._fixed else self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


_PAIRWISE_RANKS: dict[str, str] = dict.fromkeys(PAIRWISE_TESTS, "Friedman ranks")  # they order
_INCOMPLETE = {"skillings_mack": "Skillings-Mack", "durbin": "Durbin"}
#: What each test's post-hoc compares, for readers: a registered rank test's ranks, the
#: Friedman ranks that order the pairwise tests, an incomplete-block test's ranks.
RANK_NAMES: Mapping[str, str] = _Names(
    {**_PAIRWISE_RANKS, **{t: f"{name} ranks" for t, name in _INCOMPLETE.items()}},
    lambda entry: {entry.name: entry.ranks_name},
)
#: What a post-hoc compares: the ranks of a rank test, or pairwise tests.
POSTHOC_NAMES: Mapping[str, str] = _Names(
    {
        **{t: f"{name} ranks" for t, name in _INCOMPLETE.items()},
        "wilcoxon": "Wilcoxon signed-rank tests",
        "sign": "sign tests",
    },
    lambda entry: {entry.name: entry.ranks_name},
)
BAYESIAN_TEST_NAMES = {
    "signed_rank": "Bayesian signed-rank test",
    "sign": "Bayesian sign test",
    "correlated_t": "Bayesian correlated t-test",
}
#: The omnibus tests' names: the registered rank tests' and those derived from them, and
#: the incomplete-block tests'.
TEST_NAMES: Mapping[str, str] = _Names(
    {**_INCOMPLETE, "durbin_f": "Durbin (Conover's F)"},
    lambda entry: {
        entry.name: entry.display,
        **{derived.name: derived.display for derived in entry.derived},
    },
)

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
    incomplete-block tests "skillings_mack" and "durbin"), and Holm beyond Shaffer's
    (``MAX_K_SHAFFER``)."""
    from multicomp import _core

    if control is not None or test in PAIRWISE_TESTS:
        return "holm"
    # the incomplete-block post-hocs' p-values are in no rank order: the general route's limit
    limit = _core.MAX_K if test in INCOMPLETE_TESTS else _core.MAX_K_ROBINSON
    if k <= limit:
        return "bergmann_hommel"
    return "shaffer" if k <= _core.MAX_K_SHAFFER else "holm"


def fmt_alpha(alpha: float) -> str:
    """0.05, 0.10 (two decimals, as the papers print levels), 0.001."""
    return f"{alpha:.2f}" if round(alpha, 2) == alpha else f"{alpha:g}"


def fmt_p(p: float) -> str:
    """A p-value with four decimals, or in scientific notation below 0.001."""
    return f"{p:.4f}" if p >= 1e-3 or p == 0 else f"{p:.2e}"
