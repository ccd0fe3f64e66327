"""Cold start (issue 23 item 5): ``import multicomp`` loads neither scipy.stats, pandas nor
matplotlib (its public names are imported where first used, PEP 562), ``multicomp
--version`` none of them either, and ``multicomp --help`` not even numpy. Timings are in ``benches/bench_cold_start.py``, not here."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import multicomp as mc

HEAVY = ("scipy.stats", "pandas", "matplotlib")


def _loaded_after(code: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The ``heavy`` modules loaded by a fresh interpreter running ``code``."""
    probe = f"{code}\nimport sys\nprint('loaded:', *(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return out.splitlines()[-1].split()[1:]


def test_import_multicomp_loads_no_heavy_module() -> None:
    assert _loaded_after("import multicomp") == []
    assert _loaded_after("import multicomp; multicomp.__version__") == []


def test_a_public_name_imports_its_module_when_first_used() -> None:
    assert "pandas" in _loaded_after("import multicomp; multicomp.friedman")
    assert _loaded_after("from multicomp import __version__") == []


def _command_line(option: str) -> str:
    return f"from multicomp.cli import main\ntry:\n    main([{option!r}])\nexcept SystemExit:\n    pass"


def test_the_command_line_s_version_and_help_load_no_heavy_module() -> None:
    for option in ("--version", "--help"):
        assert _loaded_after(_command_line(option)) == [], option


def test_the_command_line_s_version_loads_neither_numpy_nor_the_registries() -> None:
    """``multicomp --version`` took 0.55 s, most of it numpy's import (0.12 s without)."""
    assert _loaded_after(_command_line("--version"), ("numpy", "multicomp.ranktests")) == []


def test_the_command_line_s_help_loads_no_numpy() -> None:
    """``multicomp --help`` lists the registries' tests and procedures: their modules import
    numpy in the functions that compute, so the help loads none of the numerical libraries."""
    heavy = ("numpy", "pandas", "scipy", "matplotlib")
    assert _loaded_after(_command_line("--help"), heavy) == []
    assert "multicomp.ranktests" in _loaded_after(
        _command_line("--help"), ("multicomp.ranktests", "multicomp.procedures")
    )


def test_every_public_name_is_reachable_and_listed() -> None:
    for name in mc.__all__:
        assert getattr(mc, name) is not None, name
    assert set(mc.__all__) <= set(dir(mc))
    assert mc.results.FriedmanResult.__name__ == "FriedmanResult"
    assert mc.typing.__name__ == "multicomp.typing"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        mc.no_such_function  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "no_such_function" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("no AttributeError")


def test_one_table_gives_all_the_lazy_imports_and_the_stub() -> None:
    """``__all__`` and ``_LAZY`` (where ``__getattr__`` finds a name) follow from the table
    ``_PUBLIC``, and the stub ``__init__.pyi`` (what mypy and editors read) re-exports each
    public name from the same module (``python scripts/write_init_stub.py`` writes it)."""
    listed = [name for names in mc._PUBLIC.values() for name in names]
    assert mc.__all__ == ["__version__", *listed] and len(set(listed)) == len(listed)
    assert {n: m for names in mc._PUBLIC.values() for n, m in names.items()} == mc._LAZY
    stub = ast.parse(Path(mc.__file__).with_suffix(".pyi").read_text(encoding="utf-8"))
    imported = {
        alias.asname: f"{node.module}.{alias.name}" if node.module == "multicomp" else node.module
        for node in stub.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name  # an explicit re-export
    }
    assert imported == {**mc._LAZY, "__version__": "multicomp._core"}
    (exported,) = (
        ast.literal_eval(node.value)
        for node in stub.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__"
    )
    assert exported == mc.__all__
