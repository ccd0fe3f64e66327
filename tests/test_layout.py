"""Rules of the source tree (issue 12.5): a test file imports no other test file (shared
helpers live in modules that are not test files, such as tests/cd_figure.py), and no script
puts tests/ on sys.path."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(
    path
    for folder in ("tests", "benches", "scripts", "docs", "examples")
    for path in (ROOT / folder).rglob("*.py")
)


def imported_modules(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_test_file_is_imported(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    test_files = [
        name for name in imported_modules(tree) if name.split(".")[-1].startswith("test_")
    ]
    assert not test_files, f"{path.name} imports the test files {test_files}: move the shared code"


def sys_path_changes(tree: ast.AST) -> list[str]:
    """Calls such as ``sys.path.insert(...)``: the scripts import by the installed package."""
    return [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and ast.unparse(node.func.value) == "sys.path"
    ]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_script_changes_sys_path(path: Path) -> None:
    changes = sys_path_changes(ast.parse(path.read_text(encoding="utf-8")))
    assert not changes, f"{path.name} changes sys.path: {changes}"


def test_the_rules_catch_what_they_forbid() -> None:
    bad = ast.parse(
        "import sys\nfrom test_cd_diagram import elbow_x\nimport tests.test_report\n"
        "sys.path.insert(0, 'tests')\n"
    )
    assert imported_modules(bad) == ["sys", "test_cd_diagram", "tests.test_report"]
    assert sys_path_changes(bad) == ["sys.path.insert(0, 'tests')"]


def test_the_readme_test_command_runs_the_style_gates() -> None:
    """The command CI runs (.ci/run reads it from the README) runs the nox sessions: the
    wheel first, then the gates (cheapest first), every release target, the documentation
    with warnings as errors, the suite on each CPython and with the lowest and newest
    dependencies; the gates' tools are pinned in pyproject.toml."""
    tomllib = pytest.importorskip("tomllib")  # Python >= 3.11
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = readme.split("<!-- test-command")[1].split("```bash\n")[1].splitlines()[0]
    install, run = (step.strip() for step in command.split("&&"))
    assert install.startswith("python -m pip install") and "nox==" in install
    sessions = run.removeprefix("python -m nox -s ").split()
    assert sessions[:4] == ["wheel", "gates", "targets", "docs"]
    assert {"tests-3.10", "tests-3.11", "tests-3.12", "newest", "lowest"} <= set(sessions)
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    gates = noxfile[
        noxfile.index("def gates(") : noxfile.index("@nox.session", noxfile.index("def gates("))
    ]
    order = [
        '"ruff", "check"',
        '"ruff", "format", "--check"',
        '"cargo", "fmt", "--check"',
        '"mypy"',
        '"mypy.stubtest", "multicomp._core"',
        '"cargo", "clippy"',
    ]
    assert [gates.index(step) for step in order] == sorted(gates.index(step) for step in order)
    docs = noxfile[noxfile.index("def docs(") :]
    assert '"-W"' in docs[: docs.index("@nox.session")]
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["mypy"]["strict"] is True
    assert pyproject["tool"]["mypy"]["files"] == ["python/multicomp"]
    test_extra = pyproject["project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy", "pandas-stubs"):
        assert any(re.fullmatch(rf"{tool}==[\w.]+(; .*)?", r) for r in test_extra), tool
