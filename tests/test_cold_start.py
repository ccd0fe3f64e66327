"""Cold start (issue 23 item 5): ``import multicomp`` loads neither scipy.stats, pandas nor
matplotlib (its public names are imported where first used, PEP 562), and ``multicomp
--version`` none of them either. Timings are in ``benches/bench_cold_start.py``, not here."""

from __future__ import annotations

import subprocess
import sys

import multicomp as mc

HEAVY = ("scipy.stats", "pandas", "matplotlib")


def _loaded_after(code: str) -> list[str]:
    """The heavy modules loaded by a fresh interpreter running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return out.split()


def test_import_multicomp_loads_no_heavy_module() -> None:
    assert _loaded_after("import multicomp") == []
    assert _loaded_after("import multicomp; multicomp.__version__") == []


def test_a_public_name_imports_its_module_when_first_used() -> None:
    assert "pandas" in _loaded_after("import multicomp; multicomp.friedman")
    assert _loaded_after("from multicomp import __version__") == []


def test_the_version_of_the_command_line_loads_no_heavy_module() -> None:
    assert _loaded_after("from multicomp.cli import main; main(['--version'])") == []


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
