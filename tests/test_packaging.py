"""Packaging: the version comes from one place."""

from __future__ import annotations

from pathlib import Path

import pytest

import multicompare
from multicompare import _core

ROOT = Path(__file__).resolve().parent.parent
tomllib = pytest.importorskip("tomllib")  # Python >= 3.11


def test_version_comes_from_cargo_workspace() -> None:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert multicompare.__version__ == _core.__version__ == cargo["workspace"]["package"]["version"]
