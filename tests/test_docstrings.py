"""Examples that run (issue 20 item 3): every public function and result class shows one.

Public here is what the API reference shows: the functions and classes of ``multicomp.__all__``
and the result classes of ``multicomp.results``. Each needs a numpydoc ``Examples`` section
with at least one doctest (a ``>>>`` line), and the doctests of every module of the package run
here, so the README's test command (``python -m pytest``) runs them. They compare the printed
output (ELLIPSIS and NORMALIZE_WHITESPACE, nothing else), so an example that stops matching
the code fails.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re

import matplotlib

matplotlib.use("Agg")  # the plotting examples draw without a display

import matplotlib.pyplot as plt
import pytest

import multicomp
import multicomp.results

#: Not imported for their doctests: the command line's entry point runs on import.
NOT_IMPORTED = {"multicomp.__main__"}
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(multicomp.__path__, "multicomp.")
    if info.name not in NOT_IMPORTED
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def public_objects() -> dict[str, object]:
    """The functions and classes of the API reference, by the name it shows them under."""
    found: dict[str, object] = {}
    for name in multicomp.__all__:
        value = getattr(multicomp, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            found[name] = value
    for name in multicomp.results.__all__:
        found.setdefault(name, getattr(multicomp.results, name))
    return found


PUBLIC = public_objects()


#: The numpydoc section titles that may follow Examples.
SECTIONS = "|".join(
    ["Parameters", "Returns", "Yields", "Raises", "Warns", "See Also", "Notes", "References"]
)


def examples_section(obj: object) -> str:
    """The text of a docstring's numpydoc ``Examples`` section ("" without one)."""
    doc = inspect.getdoc(obj) or ""
    match = re.search(rf"^Examples\n-{{8}}\n(.*?)(?=^(?:{SECTIONS})\n-+\n|\Z)", doc, re.M | re.S)
    return match.group(1) if match else ""


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_object_has_a_doctest_in_its_examples(name: str) -> None:
    section = examples_section(PUBLIC[name])
    assert section, f"{name}: no Examples section in its docstring"
    tests = doctest.DocTestParser().get_examples(section)
    assert tests, f"{name}: its Examples section has no doctest (>>> lines)"
    assert any(example.want.strip() for example in tests), (
        f"{name}: its examples show no output to compare"
    )


def test_the_section_finder_reads_numpydoc() -> None:
    def documented() -> None:
        """Summary.

        Examples
        --------
        >>> 1 + 1
        2

        References
        ----------
        None.
        """

    def undocumented() -> None:
        """Summary without examples."""

    assert ">>> 1 + 1" in examples_section(documented)
    assert "References" not in examples_section(documented)
    assert examples_section(undocumented) == ""


@pytest.mark.parametrize("module_name", MODULES)
def test_doctests_run(module_name: str) -> None:
    """The doctests of one module (those of the objects it defines), in its namespace."""
    module = importlib.import_module(module_name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    try:
        for test in doctest.DocTestFinder().find(module, module_name):
            runner.run(test, out=report.append)
    finally:
        plt.close("all")
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
