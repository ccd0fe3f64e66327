"""Names and help (issue 10, items 10 and 11): procedure names in any case and the same
everywhere, every type of a public signature exported, numpydoc docstrings, a map of the
package in help(multicomp), and a README whose quick start prints what it computes."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import multicomp as mc
from multicomp import procedures
from multicomp._internal.validation import one_of
from multicomp.cli import main
from readme import GUIDE, README, page_blocks, readme_blocks, section

ROOT = Path(__file__).resolve().parents[1]
DATA = mc.load_example("demsar2006")


def test_procedure_names_in_any_spelling() -> None:
    with_control = mc.compare(DATA, control="C4.5", procedure="Bonferroni-Dunn")
    assert with_control.procedure == "bonferroni"  # the 1xN Bonferroni correction is Dunn's
    assert mc.compare(DATA, procedure="Bergmann-Hommel").procedure == "bergmann_hommel"
    assert mc.compare(DATA, procedure="BONFERRONI").procedure == "bonferroni"  # m p over all pairs
    assert with_control.rejected("HOLM") == with_control.rejected("holm")
    p = np.array([0.01, 0.04, 0.03, 0.002, 0.2, 0.5])
    np.testing.assert_array_equal(mc.adjust_control(p, "Hommel"), mc.adjust_control(p, "hommel"))
    np.testing.assert_array_equal(
        mc.adjust_all_pairs(p, "Bergmann Hommel"), mc.adjust_all_pairs(p, "bergmann_hommel")
    )
    assert mc.posthoc_all_pairs(DATA, procedures=["Shaffer"]).procedures == ("shaffer",)
    assert mc.critical_difference(4, 14, procedure="Bonferroni") == mc.critical_difference(
        4, 14, procedure="bonferroni_dunn"
    )
    for method in ("Bonferroni-Dunn", "bonferroni"):
        mc.cd_diagram(DATA, procedure=method, control="C4.5")
    with pytest.raises(
        ValueError,
        match=f"^{re.escape(one_of('procedure', 'tukey', procedures.names('all_pairs')))}$",
    ):
        mc.compare(DATA, procedure="tukey")
    with pytest.raises(ValueError, match=r"^procedure must be one of .*; got 'tukey'$"):
        mc.cd_diagram(DATA, procedure="tukey")


def test_cli_takes_the_same_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "cd.png"
    assert (
        main(
            [
                "--example",
                "demsar2006",
                "--control",
                "C4.5",
                "--procedure",
                "bonferroni_dunn",
                "--plot-procedure",
                "Bonferroni",
                "--plot",
                str(plot),
                "--format",
                "json",
            ]
        )
        == 0
    )
    assert mc.Report.from_json(capsys.readouterr().out).procedure == "bonferroni"
    assert plot.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(SystemExit) as exit_status:  # argparse: usage error, status 2
        main(["--example", "demsar2006", "--plot-procedure", "tukey", "--plot", str(plot)])
    assert exit_status.value.code == 2
    assert "--plot-procedure must be one of 'nemenyi', 'bonferroni_dunn'" in capsys.readouterr().err


#: Names in annotations that come from elsewhere (numpy, pandas, matplotlib, typing, ...).
FOREIGN = {
    "Any",
    "ArrayLike",
    "Callable",
    "DataFrame",
    "Executor",
    "Figure",
    "Generator",
    "Iterable",
    "Literal",
    "Mapping",
    "NDArray",
    "None",
    "PathLike",
    "Sequence",
    "Series",
    "Union",
    "Axes",
    "Hashable",
    "SeedSequence",
}


def public_functions() -> list[tuple[str, Any]]:
    return [
        (name, getattr(mc, name)) for name in mc.__all__ if inspect.isfunction(getattr(mc, name))
    ]


def test_a_small_surface() -> None:
    """At most 60 top-level names (issue 19.8): the functions users call, ``Report``,
    ``Scores``, the warnings and errors; the result classes live in ``multicomp.results``,
    the option ``Literal``s and input types in ``multicomp.typing``."""
    assert len(mc.__all__) <= 60
    assert len(set(mc.__all__)) == len(mc.__all__)
    for name in mc.__all__:
        value = getattr(mc, name)
        assert (
            inspect.isfunction(value)
            or inspect.ismodule(value)
            or name in {"__version__", "Report", "Scores"}
            or (inspect.isclass(value) and issubclass(value, (Warning, Exception)))
        ), f"{name} belongs in multicomp.results or multicomp.typing"
    assert not set(mc.__all__) & set(mc.typing.__all__)
    assert not set(mc.__all__) & set(mc.results.__all__) - {"Report"}
    for name in mc.typing.__all__:
        assert re.search(rf"\b{name}\b", mc.typing.__doc__ or ""), f"typing's docstring: {name}"


def test_types_in_public_signatures_are_exported() -> None:
    exported = {*mc.__all__, *mc.results.__all__, *mc.typing.__all__}
    missing = {}
    for name, function in public_functions():
        for annotation in function.__annotations__.values():
            for word in re.findall(r"\b[A-Z]\w*", str(annotation)):
                if word not in FOREIGN and word not in exported:
                    missing.setdefault(word, []).append(name)
    assert not missing, f"types in public signatures but not exported: {missing}"


def test_help_maps_every_public_function() -> None:
    doc = mc.__doc__ or ""
    absent = [name for name, _ in public_functions() if not re.search(rf"\b{name}\b", doc)]
    assert not absent, f"help(multicomp) does not mention {absent}"


ABBREVIATIONS = {"D06": ("Dem", "2006"), "G08": ("Garc", "2008"), "G10": ("Garc", "2010")}


@pytest.mark.parametrize("name", [name for name, _ in public_functions()])
def test_numpydoc_docstrings(name: str) -> None:
    doc = inspect.getdoc(getattr(mc, name)) or ""
    assert "Parameters\n----------" in doc and "Returns\n-------" in doc, name
    _spelled_out(name, doc)


@pytest.mark.parametrize(
    ("page", "after"), [(README, "## Quick start"), (GUIDE / "tour.md", "# A tour of the API")]
)
def test_quick_starts_print_their_expressions(page: Path, after: str) -> None:
    for block in readme_blocks("python", after, page):
        for statement in ast.parse(block).body:
            if isinstance(statement, ast.Expr):
                call = statement.value
                assert isinstance(call, ast.Call), ast.unparse(statement)
                function = ast.unparse(call.func)
                assert function == "print" or function.endswith(".savefig"), (
                    f"a bare expression prints nothing in a script: {ast.unparse(statement)}"
                )


def test_readme_prerequisites_come_before_the_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8")
    set_up = section(text, "## Set up")
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    rust = re.search(r'rust-version = "([\d.]+)"', cargo)
    assert rust and f"Rust ≥ {rust.group(1)}" in set_up
    assert set_up.index(f"Rust ≥ {rust.group(1)}") < set_up.index("```bash")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = re.search(r"^sklearn = \[(.*)\]", pyproject, flags=re.MULTILINE)
    assert extra and "scikit-learn" in extra.group(1)  # the holdout example's dependency
    example, tests = readme_blocks("bash", "## Set up")
    assert '".[sklearn]"' in example and "multicomp --example demsar2006" in example
    assert "python -m nox -s " in tests
    assert "pip install multicomp" in section(text, "## Install")
    assert 'pip install "multicomp[sklearn]"' in section(text, "## Install")
    assert text.index("## Quick start") < text.index("## Set up")  # quick start first
    assert len(text.splitlines()) <= 200  # read in five minutes (issue 20.4)


def test_real_experiments_block_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    for block in page_blocks("python", GUIDE / "input.md"):  # one namespace, as a reader would
        exec(compile(block, "input.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "Skillings-Mack test" in out and "omitted (incomplete): heart" in out


def public(name: str) -> Any:
    """The public object ``name``: from ``multicomp``, ``multicomp.results`` or
    ``multicomp.typing``."""
    for namespace in (mc, mc.results, mc.typing):
        if name in namespace.__all__:
            return getattr(namespace, name)
    raise AttributeError(name)


def public_dataclasses() -> list[str]:
    return [
        name
        for name in [*mc.__all__, *mc.results.__all__]
        if inspect.isclass(public(name)) and dataclasses.is_dataclass(public(name))
    ]


def documented_attributes(doc: str) -> list[str]:
    """The names an ``Attributes`` section of a numpydoc docstring documents (``name : type``
    lines, several names as ``a, b : type``)."""
    section = doc.split("Attributes\n----------\n", 1)[1]
    section = re.split(r"\n\S[^\n]*\n-{3,}\n", section, maxsplit=1)[0]  # up to the next section
    return [
        name
        for line in section.splitlines()
        if (entry := re.match(r"^(\w+(?:, \w+)*) : \S", line))
        for name in entry.group(1).split(", ")
    ]


def test_every_public_dataclass_is_checked() -> None:
    assert len(public_dataclasses()) >= 25  # the result classes, Report and its parts, Scores


@pytest.mark.parametrize("name", public_dataclasses())
def test_result_classes_document_every_field(name: str) -> None:
    cls = public(name)
    doc = inspect.getdoc(cls) or ""
    assert "Attributes\n----------\n" in doc, f"{name} has no numpydoc Attributes section"
    documented = documented_attributes(doc)
    fields = [f.name for f in dataclasses.fields(cls)]
    assert not [f for f in fields if f not in documented], f"{name}: fields not documented"
    assert len(documented) == len(set(documented)), f"{name} documents a name twice"
    extra = [a for a in documented if a not in fields and not hasattr(cls, a)]
    assert not extra, f"{name} documents {extra}, which it does not have"
    _spelled_out(name, doc)


def _spelled_out(name: str, doc: str) -> None:
    for short, (author, year) in ABBREVIATIONS.items():
        if re.search(rf"\b{short}\b", doc):
            spelled = re.search(rf"{author}\w*[^\n]*{year}|{year}[^\n]*{author}", doc)
            assert spelled, f"{name} uses {short} without spelling it out ({author} ... {year})"


def test_the_attributes_parser_reads_numpydoc() -> None:
    doc = "Title.\n\nAttributes\n----------\na, b : int\n    Two.\nc : str\n    C.\n\nNotes\n-----\nd : x\n"
    assert documented_attributes(doc) == ["a", "b", "c"]
