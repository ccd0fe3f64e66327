"""Write ``python/multicomp/__init__.pyi``, the type stub of the package's ``__init__.py``, from
its table of public names (``multicomp._PUBLIC``): what type checkers and editors read, since the
names are imported lazily at run time. Run after changing the table:
``python scripts/write_init_stub.py`` (tests/test_cold_start.py checks that the stub follows the
table)."""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import multicomp

STUB = Path(__file__).resolve().parents[1] / "python" / "multicomp" / "__init__.pyi"


def imports(public: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """The names each module gives, for the stub's imports (``results`` and ``typing`` from
    ``multicomp`` itself: they are modules)."""
    found: dict[str, list[str]] = defaultdict(list)
    for names in public.values():
        for name, module in names.items():
            found["multicomp" if module == f"multicomp.{name}" else module].append(name)
    return {module: sorted(names) for module, names in sorted(found.items())}


def render(public: dict[str, dict[str, str]]) -> str:
    """The stub's text: an explicit re-export (``name as name``) of each public name."""
    lines = [
        '"""Type stub of the package (its public names, imported lazily at run time), written by',
        'scripts/write_init_stub.py from the table ``_PUBLIC`` of __init__.py: do not edit."""',
        "",
        "from multicomp._core import __version__ as __version__",
    ]
    for module, names in imports(public).items():
        lines += [f"from {module} import {name} as {name}" for name in names]
    everything = ["__version__", *(n for names in public.values() for n in names)]
    lines += ["", "__all__ = [", *(f'    "{name}",' for name in everything), "]", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    STUB.write_text(render(multicomp._PUBLIC), encoding="utf-8")
    # in the form ruff keeps (its import order, long lines wrapped)
    subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "-q", str(STUB)], check=True)
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(STUB)], check=True)
