"""The package's structure: one validation layer with one wording, one vocabulary of options,
no import circles (issue 12)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

import numpy as np
import pytest

import extension
from multicomp._internal import validation as _validation
from multicomp._internal import vocabulary as _vocabulary

PACKAGE = Path(_validation.__file__).parents[1]


def _dotted(path: Path) -> str:
    """A module's name inside the package: ``report``, ``ranktests.permutation``, and a
    subpackage's ``__init__.py`` by the subpackage's name (``ranktests``)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if len(parts) > 1 and parts[-1] == "__init__" else parts)


#: Every module of the package, subpackages included, by its dotted name.
MODULES = {_dotted(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _source(name: str) -> str:
    return MODULES[name].read_text(encoding="utf-8")


# --- one validation layer, one wording -------------------------------------------------------

#: Wordings and helpers that the validation module replaced; none may come back.
OLD = {
    "; allowed:": "an option list as 'allowed: ...'",
    "use one of": "an option list as 'use one of ...'",
    "; available:": "an option list as 'available: ...'",
    "unknown rom=": "an option as 'unknown rom=...'",
    "unknown test": "an option as 'unknown test ...; use ...'",
    "unknown example": "an option as 'unknown example'",
    "unknown method": "an option as 'unknown method'",
    "must be True or False, got": "a flag without '; got'",
    "must be in (0, 1), got": "a level without '; got'",
    "must be a positive integer": "a count without its bound",
    "def _choose(": "adjust's own option check",
    "def _check_choice(": "two_sample's own option check",
    "def _choices(": "simulation's own option check",
    "def _count(": "critical_difference's own count check",
    "def _positive_int(": "an own count check",
    "def _check_n_datasets(": "posthoc's own count check",
    "def _check_rho(": "cross_validation's own fraction check",
    "def _ranks_series(": "posthoc's own reading of ranks",
    "def _as_rank_series(": "plot's own reading of ranks",
}


@pytest.mark.parametrize("name", sorted(set(MODULES) - {"_internal.validation"}))
def test_no_old_wording_or_private_validator(name: str) -> None:
    source = _source(name)
    found = {old: why for old, why in OLD.items() if old in source}
    assert not found, f"{name}.py: {found}"
    # every "must be one of" message goes through _validation.one_of ("...; got ..."): none
    # spells out its options by hand ("must be one of {list(...)}", or continued on a new line)
    by_hand = re.findall(r"must be one of ?(?:\{|\[|[\"']\s*$)", source, re.M)
    assert not by_hand, f"{name}.py words an option list by hand: {by_hand}"


def test_private_helpers_are_not_imported_across_modules() -> None:
    """No ``from multicomp.x import _y`` between the package's modules: a helper that two
    modules share is named without an underscore (package-internal, outside ``__all__``) or
    lives in a shared private module (_validation, _data, ...)."""
    crossing = set()
    for name in MODULES:
        for node in ast.walk(ast.parse(_source(name))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("multicomp."):
                source = node.module.split(".")[1]  # type: ignore[union-attr]
                for alias in node.names:
                    if alias.name.startswith("_") and not source.startswith("_"):
                        crossing.add((name, source, alias.name))
    assert not crossing, sorted(crossing)


def test_one_wording() -> None:
    with pytest.raises(ValueError, match=r"^test must be one of 'a', 'b'; got 'c'$"):
        _validation.check_choice("test", "c", ("a", "b"))
    with pytest.raises(ValueError, match=r"^alpha must be in \(0, 1\); got 1.5$"):
        _validation.check_alpha(1.5)
    with pytest.raises(TypeError, match=r"^alpha must be a number in \(0, 1\); got '0.05'$"):
        _validation.check_alpha("0.05")
    with pytest.raises(ValueError, match=r"^n must be >= 2; got 1$"):
        _validation.check_count(1, "n", 2)
    with pytest.raises(ValueError, match=r"^n must be in \[1, 1,000\]; got 1001$"):
        _validation.check_count(1001, "n", 1, 1000)
    with pytest.raises(TypeError, match=r"^n must be an integer >= 2; got 2.5$"):
        _validation.check_count(2.5, "n", 2)
    with pytest.raises(TypeError, match=r"^n must be an integer >= 1; got True$"):
        _validation.check_count(True, "n")
    with pytest.raises(ValueError, match=r"^rope must be a finite number >= 0; got -1$"):
        _validation.check_nonnegative(-1, "rope")
    with pytest.raises(TypeError, match=r"^flag must be True or False; got 'no'$"):
        _validation.check_bool("no", "flag")
    with pytest.raises(TypeError, match=r"^methods must be a name or a sequence of names"):
        _validation.check_choices("methods", [1], ("a",))
    # names in any case, '-' as '_', repetitions dropped; the procedures' other names
    assert _validation.check_choices(
        "m", ["Bergmann-Hommel", "holm", "HOLM"], ("holm", "bergmann_hommel")
    ) == (
        "bergmann_hommel",
        "holm",
    )
    assert _validation.check_choice("m", "bonferroni_dunn", ("bonferroni", "holm")) == "bonferroni"
    assert (
        _validation.check_choice("m", "dunn", ("nemenyi", "bonferroni_dunn")) == "bonferroni_dunn"
    )
    assert _validation.check_count(np.int64(3), "n") == 3


# --- one vocabulary -----------------------------------------------------------------------------


def _module_level_literals(name: str) -> list[str]:
    """Names bound at module level to a ``Literal[...]`` (an option list)."""
    found = []
    for node in ast.parse(_source(name)).body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if (
            isinstance(value, ast.Subscript)
            and isinstance(value.value, ast.Name)
            and value.value.id == "Literal"
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [t.id for t in targets if isinstance(t, ast.Name)]
    return found


def test_option_lists_are_defined_once_in_the_vocabulary() -> None:
    elsewhere = {
        name: found
        for name in MODULES
        if name != "_internal.vocabulary" and (found := _module_level_literals(name))
    }
    assert not elsewhere, f"option lists outside _vocabulary: {elsewhere}"
    # each tuple is the values of its Literal (typing.get_args), defined once
    source = _source("_internal.vocabulary")
    tuples = re.findall(r"^([A-Z_]+): tuple\[(\w+), \.\.\.\] = get_args\((\w+)\)$", source, re.M)
    assert tuples and all(kind == of for _, kind, of in tuples)
    names = [name for name, _, _ in tuples]
    assert len(names) == len(set(names))
    assert set(names) | set(_module_level_literals("_internal.vocabulary")) == set(
        _vocabulary.__all__
    )


# --- no import circles ------------------------------------------------------------------------


def _resolve(dotted: str) -> str | None:
    """The package module that an import of ``dotted`` (without the leading ``multicomp.``)
    runs: the longest prefix of it that is a module or subpackage of the package."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in MODULES:
            return ".".join(parts[:end])
    return None


def _imports(name: str) -> set[str]:
    """The package modules that ``name`` imports, at module level, inside functions or under
    ``if TYPE_CHECKING:`` (an import for annotations is an arrow too: issue 19.6), with the
    packages that an import runs on the way (``report.decisions`` runs ``report/__init__.py``)
    unless ``name`` lives inside them."""
    tree = ast.parse(_source(name))
    package = name.split(".")[:-1] if MODULES[name].name != "__init__.py" else name.split(".")
    imported: list[str] = []  # dotted names below multicomp, each with its imported names
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or node.module):
            if node.level:  # from . import x, from .x import y, from ..x import y
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module == "multicomp" or node.module.startswith("multicomp."):  # type: ignore[union-attr]
                module = node.module.removeprefix("multicomp").lstrip(".")  # type: ignore[union-attr]
            else:
                continue
            imported += [".".join(filter(None, [module, a.name])) for a in node.names]
        elif isinstance(node, ast.Import):
            imported += [a.name[10:] for a in node.names if a.name.startswith("multicomp.")]
    found = {module for dotted in imported if (module := _resolve(dotted))}
    own = {".".join(package[:end]) for end in range(1, len(package) + 1)}
    parents = {
        ".".join(module.split(".")[:end])
        for module in found
        for end in range(1, module.count(".") + 1)
    }
    return (found | ((parents & set(MODULES)) - own)) - {name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, path)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return cycles


def test_no_import_circles() -> None:
    graph = {name: _imports(name) for name in MODULES}
    assert "report.model" in graph["analysis"]  # the graph is read at all
    assert "report" in _imports("plotting.cd_diagram")  # packages on the way count
    assert not _cycles(graph), _cycles(graph)
    # the finder finds a circle through a function-level import
    assert _cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b", "a"]]


def test_an_annotation_import_is_an_arrow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from multicomp.x import A\n"
    (tmp_path / "y.py").write_text(source)
    monkeypatch.setitem(MODULES, "y", tmp_path / "y.py")
    monkeypatch.setitem(MODULES, "x", tmp_path / "y.py")
    assert _imports("y") == {"x"}


def _closure(name: str) -> set[str]:
    """Every package module that importing ``name`` imports, directly or not."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for module in _imports(todo.pop()) - seen:
            seen.add(module)
            todo.append(module)
    return seen


#: The layers of the package, lowest first (docs/development.md, "Layout"): a module imports
#: modules of its own package and of lower layers only, never of a higher layer nor of
#: another package of its own layer.
LAYERS = (
    ("_internal",),  # checks, option lists, ranks, names, tables, work limits, seeds
    ("data",),  # every input form -> Scores; the input keywords
    ("pairs", "procedures"),  # tests of two algorithms; multiple-comparison procedures
    ("ranktests",),  # the registry of tests (pairwise tests run pairs'), the public omnibus tests
    ("posthoc", "parametric"),  # post-hoc pipelines; the parametric side
    ("ranking",),  # CD groups, letters, the multi-comparison matrix, Plackett-Luce
    ("report", "simulation"),  # the report's data, decisions, renderers; error rates and power
    ("plotting",),  # draws what the layers below decided
    ("analysis",),  # compare(): the one-call analysis
    ("cli", "results", "typing"),  # the command line; the public namespaces
    ("__init__", "__main__"),
)
LAYER = {package: rank for rank, packages in enumerate(LAYERS) for package in packages}
#: The one way up: the .plot() methods of the results reach the plotting layer through this
#: module, whose imports of it are inside functions.
GATEWAY = "_internal.plots"


def _upward(name: str) -> set[str]:
    """The modules that ``name`` imports from a higher layer or another package of its own."""
    own = name.split(".")[0]
    return {
        module
        for module in _imports(name)
        if module.split(".")[0] != own and LAYER[module.split(".")[0]] >= LAYER[own]
    }


def test_every_package_has_a_layer() -> None:
    assert {name.split(".")[0] for name in MODULES} == set(LAYER)


def test_no_import_from_a_lower_layer_up() -> None:
    upward = {name: found for name in MODULES if name != GATEWAY and (found := _upward(name))}
    assert not upward, upward
    # the gateway goes up to plotting only, from inside its functions
    assert {m.split(".")[0] for m in _upward(GATEWAY)} == {"plotting"}
    top_level = {
        node.module
        for node in ast.parse(_source(GATEWAY)).body
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not {m for m in top_level if m.startswith("multicomp.plotting")}
    # each .plot() of a result below plotting goes through it
    plotting = [m for m in MODULES if m.startswith("plotting.")]
    for name in MODULES:
        if "def plot(" in _source(name) and not name.startswith("plotting"):
            assert GATEWAY in _imports(name), name  # a result's .plot() goes through it
            assert not set(plotting) & _imports(name), name


def test_an_upward_import_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "y.py").write_text("def f():\n    from multicomp.report import render\n")
    monkeypatch.setitem(MODULES, "data.y", tmp_path / "y.py")
    assert _upward("data.y") == {"report", "report.render"}


def _loaded(module: str) -> set[str]:
    """The package modules that a fresh interpreter has loaded after importing ``module``."""
    code = (
        f"import sys, {module}\n"
        "print(*sorted(m[10:] for m in sys.modules if m.startswith('multicomp.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_report_data_imports_nothing_of_what_uses_it() -> None:
    """The report's data classes (issue 19.6) import nothing of the report package but the
    registered tests' names, nothing of the plotting layer, the post-hocs or the procedures:
    the orchestration, the decisions, the renderers and the JSON codec import them. Checked
    twice: on the import graph and by what importing it loads."""
    users = ("report", "plotting", "posthoc", "procedures", "analysis")
    for reached in (_closure("report.model"), _loaded("multicomp.report.model")):
        found = {m for m in reached if m.split(".")[0] in users} - {
            "report",
            "report.model",
            "report.names",
            "report.extra_data",
        }
        assert not found, f"report.model imports {sorted(found)}"
    for name in ("report.render", "report.json", "report.decisions", "analysis"):
        assert "report.model" in _imports(name), name


#: Packages whose ``__init__`` imports nothing, so that importing one of their modules runs
#: no other (their docstrings say so).
EMPTY_INITS = ("_internal", "data", "pairs", "parametric", "plotting", "ranking", "report")


@pytest.mark.parametrize("package", EMPTY_INITS)
def test_the_package_init_imports_nothing(package: str) -> None:
    assert not _imports(package)
    assert "imports nothing" in " ".join(
        (ast.get_docstring(ast.parse(_source(package))) or "").split()
    )


def test_the_lowest_layer_imports_nothing_above_it() -> None:
    """The private helpers load no other layer (but the gateway when a plot is drawn)."""
    for name in [m for m in MODULES if m.startswith("_internal.") and m != GATEWAY]:
        assert {m.split(".")[0] for m in _closure(name)} <= {"_internal"}, name
    loaded = _loaded("multicomp._internal.names, multicomp._internal.plots")
    assert {m.split(".")[0] for m in loaded} <= {"_internal", "_core"}, loaded


def test_the_registry_of_tests_loads_without_their_public_functions() -> None:
    """The public rank-test functions sit beside the registry in modules of their own, which
    importing the registry does not load (it loads numpy alone: the command line's --help
    reads it, tests/test_cold_start.py)."""
    loaded = _loaded("multicomp.ranktests")
    public = {"ranktests.omnibus", "ranktests.incomplete", "ranktests.results", "ranktests.rows"}
    assert not public & loaded
    assert {m.split(".")[0] for m in loaded} <= {"_core", "_internal", "ranktests"}, loaded


def test_drawing_draws_given_decisions() -> None:
    """One place decides (issue 19.5): the summary, Report.plot and cd_diagram read
    report.decisions; the plotting layer never runs a post-hoc by itself (cd_diagram given
    scores calls the post-hoc API once, at module level) and knows nothing of reports."""
    assert "report.decisions" in _imports("report.render")
    assert "report.decisions" in _imports("report.report")
    assert "report.decisions" in _imports("plotting.cd_diagram")
    for name in [m for m in MODULES if m.startswith("plotting")]:
        reports = {m for m in _imports(name) if m.startswith("report")}
        assert reports <= {"report", "report.decisions", "report.names"}, name
    for name in ("ranking.cd_groups", "plotting.cd_layout", "plotting.posterior"):
        assert not {m for m in _imports(name) if m.split(".")[0] in ("posthoc", "report")}, name
    assert not re.search(r"^\s*(from|import) matplotlib", _source("ranking.cd_groups"), re.M)
    assert not {"pairs.bayesian"} & _imports("plotting.posterior")


#: The most lines a module of the package may have.
MODULE_LINES = 600


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_are_short(name: str) -> None:
    assert len(_source(name).splitlines()) <= MODULE_LINES


#: The comment that lets a function run over 80 lines: it says why, inside the function.
LONG_BECAUSE = "# over 80 lines:"


def _long_functions(name: str, limit: int = 80) -> list[str]:
    """The functions of module ``name`` whose code, after the docstring, is longer than
    ``limit`` lines, unless a comment inside them says why (``# over 80 lines: ...``)."""
    source = _source(name)
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            if body and (length := body[-1].end_lineno - body[0].lineno + 1) > limit:  # type: ignore[operator]
                code = lines[node.lineno - 1 : node.end_lineno]
                if not any(line.strip().startswith(LONG_BECAUSE) for line in code):
                    found.append(f"{name}.{node.name} ({length} lines)")
    return found


@pytest.mark.parametrize("name", sorted(MODULES))
def test_functions_are_short(name: str) -> None:
    """No function of the package over 80 lines without a comment saying why (issue 19.10:
    compare(), the CD layout engine, the CLI parser, simulate's checks and the Wilcoxon test
    split into steps)."""
    assert not _long_functions(name)


def test_a_long_function_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = "".join(f"    a{i} = {i}\n" for i in range(81))
    (tmp_path / "y.py").write_text(f'def f():\n    """Doc."""\n{body}')
    monkeypatch.setitem(MODULES, "y", tmp_path / "y.py")
    assert _long_functions("y") == ["y.f (81 lines)"]
    (tmp_path / "y.py").write_text(f"def f():\n    {LONG_BECAUSE} a table\n{body}")
    assert _long_functions("y") == []


def _documented_layout() -> dict[str, str]:
    """The layout of docs/development.md: the text of each package's entry (a line
    ``  name/`` and the lines indented below it), and of the top level (``""``)."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "development.md").read_text(
        encoding="utf-8"
    )
    layout = page[page.index("## Layout") :]
    start = layout.index("```")
    block = layout[start : layout.index("```", start + 3)]
    block = block[block.index("python/multicomp/") :]
    entries: dict[str, str] = {"": ""}
    current = ""
    for line in block.splitlines()[1:]:
        if not line.startswith("  "):
            break
        if (match := re.match(r"^  (\w+)/", line)) is not None:
            current = match.group(1)
        elif not line.startswith("   "):
            current = ""
        entries[current] = entries.get(current, "") + line + "\n"
    return entries


def test_the_documented_layout_names_every_module() -> None:
    """Each module is named in its package's entry of the documented layout (and each entry
    is a package), so the layout says where each module is."""
    entries = _documented_layout()
    missing = []
    for name, path in MODULES.items():
        package = str(path.parent.relative_to(PACKAGE)).strip(".")
        if package not in entries or (
            path.name != "__init__.py" and path.name not in entries[package]
        ):
            missing.append(name)
    assert not missing, f"the layout of docs/development.md misplaces or lacks {missing}"
    assert set(entries) - {""} == {
        name for name in MODULES if "." not in name and (PACKAGE / name).is_dir()
    }


#: Modules whose tuples of names are not option lists although they equal one: the aliases
#: of the procedures (an order of preference) live beside the validator.
NOT_OPTION_LISTS = {"_internal.validation"}


@pytest.mark.parametrize("name", sorted(set(MODULES) - {"_internal.vocabulary", *NOT_OPTION_LISTS}))
def test_option_lists_are_not_written_out_again(name: str) -> None:
    """A tuple of string literals equal to an option list of the vocabulary is a second copy
    of it (e.g. ``test in ("wilcoxon", "sign")`` for ``PAIRWISE_TESTS``): derive it instead.
    Inline ``Literal[...]`` of names are options outside the vocabulary too, except a result's
    fixed labels (a distribution's name) and a sentinel value."""
    from multicomp._internal import vocabulary as _vocabulary

    lists = {
        option: set(getattr(_vocabulary, option))
        for option in _vocabulary.__all__
        if option.isupper()
    }
    source = _source(name)
    copies = []
    for match in re.finditer(r'\(\s*((?:"[^"\n]*"\s*,\s*)+"[^"\n]*"\s*,?)\s*\)', source):
        values = set(re.findall(r'"([^"\n]*)"', match.group(1)))
        copies += [f"{match.group(0)} = {option}" for option, v in lists.items() if v == values]
    assert not copies, f"{name}.py writes out option lists of _vocabulary: {copies}"
    allowed = {'Literal["chi2", "F"]', 'Literal["best"]'}
    inline = set(re.findall(r"Literal\[[^\]]*\]", source)) - allowed
    assert not inline, f"{name}.py defines options outside _vocabulary: {inline}"


def test_an_unknown_rank_test_is_worded_as_every_option() -> None:
    from multicomp import ranktests

    with pytest.raises(
        ValueError, match=r"test must be one of 'friedman', 'aligned', 'quade', .*; got 'sign'"
    ):
        ranktests.get("sign")


# --- one input layer --------------------------------------------------------------------------

INPUT_KEYWORDS = {"higher_is_better", "dataset", "algorithm", "score", "aggregate", "nan_policy"}


def test_no_function_takes_the_input_keywords_by_hand() -> None:
    """The input keywords are declared, checked and documented once, in data/decorators.py
    (issue 19.4): no function outside the input layer declares them (but the paired tests of
    two samples ``x``, ``y``, whose direction and missing pairs are their own), and no call
    passes them on (``dataset=dataset``)."""
    by_hand, forwarded = [], []
    for name in MODULES:
        if name.split(".")[0] == "data":
            continue
        for node in ast.walk(ast.parse(_source(name))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
                declared = {a.arg for a in [*node.args.args, *node.args.kwonlyargs]}
                if declared & INPUT_KEYWORDS and args[:1] != ["x"]:
                    by_hand.append(f"{name}.{node.name}: {sorted(declared & INPUT_KEYWORDS)}")
            if isinstance(node, ast.Call):
                forwarded += [
                    f"{name}: {kw.arg}={kw.arg}"
                    for kw in node.keywords
                    if kw.arg in INPUT_KEYWORDS
                    and isinstance(kw.value, ast.Name)
                    and kw.value.id == kw.arg
                ]
    assert not by_hand, by_hand
    assert not forwarded, forwarded


def test_every_public_function_that_takes_scores_goes_through_the_input_layer() -> None:
    import inspect

    import multicomp as mc

    taking = [
        name
        for name in mc.__all__
        if inspect.isfunction(getattr(mc, name))
        and list(inspect.signature(getattr(mc, name)).parameters)[:1] == ["data"]
    ]
    assert len(taking) >= 15
    for name in taking:
        function = getattr(mc, name)
        assert hasattr(function, "__wrapped__"), name  # decorated by takes_scores
        parameters = inspect.signature(function).parameters
        assert {"dataset", "algorithm", "score", "aggregate"} <= set(parameters), name
        doc = function.__doc__ or ""
        assert doc.count("aggregate : {'mean', 'median'} or callable") == 1, name


#: Comparisons with a registered name that are not dispatch: the critical-difference forms of
#: D06 (Nemenyi's and Bonferroni-Dunn's CD, drawn as a bar or an interval) and Friedman's test,
#: which every comparison of a complete table shows.
NOT_DISPATCH = {
    ("plotting.cd_diagram", "nemenyi"),
    ("plotting.cd_diagram", "bonferroni_dunn"),
    ("report.decisions", "bonferroni_dunn"),
    ("plotting.cd_diagram", "friedman"),
    ("report.model", "friedman"),
}


#: Option lists of the vocabulary that name registered tests: a membership test against one
#: (``test in PAIRWISE_TESTS``) chooses a kind of test by hand, which a test registered later
#: escapes; the registry says which kind a test is (``ranktests.kind_of``).
KIND_LISTS = {"RANK_TESTS", "Z_TESTS", "PAIRWISE_TESTS", "INCOMPLETE_TESTS", "POSTHOC_TESTS"}


def _registered_names() -> set[str]:
    """Every registered procedure's and test's name (each kind), and the omnibus tests'
    (Iman-Davenport's, Durbin's F)."""
    from multicomp import procedures, ranktests
    from multicomp._internal.vocabulary import TEST_KINDS

    registered = {*procedures.names("control"), *procedures.names("all_pairs")}
    for kind in TEST_KINDS:
        for entry in ranktests.base.entries(kind):
            registered |= {entry.name, *entry.omnibus_names()}
    return registered | {"bonferroni_dunn"}


def _dispatch(name: str, registered: set[str]) -> tuple[set[tuple[str, str]], set[str]]:
    """The comparisons of module ``name`` with a registered name (``test == "durbin"``, in
    ``==``, ``!=`` or a chain of them), and the vocabulary lists of test names it tests
    membership in (``test in PAIRWISE_TESTS``)."""
    found, kinds = set(), set()
    for node in ast.walk(ast.parse(_source(name))):
        if not isinstance(node, ast.Compare):
            continue
        for op, side in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                listed = side.id if isinstance(side, ast.Name) else getattr(side, "attr", "")
                kinds |= {listed} & KIND_LISTS
        if any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in registered:
                    found.add((name, side.value))
    return found, kinds


def test_procedures_and_tests_are_chosen_through_their_registries() -> None:
    """No ``procedure == "holm"``, ``test == "quade"`` or ``test == "durbin"`` outside the
    registries, nor ``test in PAIRWISE_TESTS`` (issue 19.10): a registered procedure or test
    (rank, pairwise or incomplete-block) is looked up, so a new one needs no edit elsewhere."""
    registered = _registered_names()
    assert {"durbin", "durbin_f", "wilcoxon", "iman_davenport", "holm"} <= registered
    found, kinds = set(), {}
    for name in MODULES:
        if name.split(".")[0] in ("procedures", "ranktests"):
            continue
        compared, listed = _dispatch(name, registered)
        found |= compared
        if listed:
            kinds[name] = listed
    assert found - NOT_DISPATCH == set(), sorted(found - NOT_DISPATCH)
    assert found & NOT_DISPATCH  # the scan finds comparisons at all
    assert not kinds, f"kinds of test chosen from option lists, not the registry: {kinds}"


def test_the_dispatch_scan_finds_chains(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = (
        'if test == "skillings_mack":\n    a = 1\nelif "durbin" != test:\n    a = 2\n'
        "if test in PAIRWISE_TESTS or x in _vocabulary.INCOMPLETE_TESTS:\n    a = 3\n"
    )
    (tmp_path / "y.py").write_text(source)
    monkeypatch.setitem(MODULES, "y", tmp_path / "y.py")
    found, kinds = _dispatch("y", _registered_names())
    assert found == {("y", "skillings_mack"), ("y", "durbin")}
    assert kinds == {"PAIRWISE_TESTS", "INCOMPLETE_TESTS"}


def test_the_vocabulary_types_name_the_built_in_registry_entries() -> None:
    """The option Literals of the signatures (multicomp.typing) name every test, procedure and
    SE form the package registers itself, in their order; the registries are what the
    checks, the command line and the renderers read (a test may register more:
    tests/extension.py, left out here)."""
    from multicomp import procedures, ranktests

    def built_in(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(name for name in names if name not in extension.extension_names())

    assert built_in(procedures.names("control")) == _vocabulary.CONTROL_PROCEDURES
    assert built_in(procedures.names("all_pairs")) == _vocabulary.ALL_PAIRS_PROCEDURES
    assert built_in(ranktests.names()) == _vocabulary.RANK_TESTS
    assert ranktests.names()[: len(_vocabulary.Z_TESTS)] == _vocabulary.Z_TESTS
    assert built_in(ranktests.names("pairwise")) == _vocabulary.PAIRWISE_TESTS
    assert built_in(ranktests.names("incomplete")) == _vocabulary.INCOMPLETE_TESTS
    assert built_in(ranktests.posthoc_tests()) == _vocabulary.POSTHOC_TESTS
    assert built_in(ranktests.compare_tests()) == _vocabulary.COMPARE_TESTS
    assert built_in(ranktests.se_forms()) == get_args(_vocabulary.SEForm)
    omnibus = {
        name
        for kind in _vocabulary.TEST_KINDS
        for entry in ranktests.base.entries(kind)
        for name in entry.omnibus_names()
        if name not in extension.extension_names()
    }
    assert omnibus == set(get_args(_vocabulary.OmnibusName))
