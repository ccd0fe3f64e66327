"""The names of the registered tests, read from the registry at each access (a test
registered later is named too), and the default procedure of a comparison (one choice for
``compare``, ``Report.plot``, ``cd_diagram`` and the command line)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from multicomp import ranktests
from multicomp._internal.vocabulary import TEST_KINDS

__all__ = ["POSTHOC_NAMES", "RANK_NAMES", "TEST_NAMES", "WHY_DEFAULT", "default_procedure"]


class _Names(Mapping[str, str]):
    """A read-only mapping of names: those of the registered tests of every kind
    (``of_test(entry)``: pairs of name and display name), then ``fixed`` ones, read at each
    access so that a test registered later is named too."""

    def __init__(
        self,
        of_test: Callable[[ranktests.base.Entry], dict[str, str]],
        fixed: Mapping[str, str] | None = None,
    ) -> None:
        self._fixed, self._of_test = dict(fixed or {}), of_test

    def _all(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for kind in TEST_KINDS:
            for entry in ranktests.base.entries(kind):
                found.update(self._of_test(entry))
        return {**found, **self._fixed}

    def __getitem__(self, key: str) -> str:
        return self._fixed[key] if key in self._fixed else self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: What each test's post-hoc compares, for readers: a rank test's ranks (those that order
#: the pairwise tests: Friedman's), an incomplete-block test's ranks.
RANK_NAMES: Mapping[str, str] = _Names(lambda entry: {entry.name: entry.ranks_name})
#: What a post-hoc compares: the ranks of a rank test, or pairwise tests.
POSTHOC_NAMES: Mapping[str, str] = _Names(lambda entry: {entry.name: entry.compared})
#: The omnibus tests' names: the registered rank tests' and those derived from them, and
#: the incomplete-block tests'.
TEST_NAMES: Mapping[str, str] = _Names(lambda entry: entry.omnibus_names())

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

    kind = ranktests.kind_of(test)
    if control is not None or kind == "pairwise":
        return "holm"
    # the incomplete-block post-hocs' p-values are in no rank order: the general route's limit
    limit = _core.MAX_K if kind == "incomplete" else _core.MAX_K_ROBINSON
    if k <= limit:
        return "bergmann_hommel"
    return "shaffer" if k <= _core.MAX_K_SHAFFER else "holm"
