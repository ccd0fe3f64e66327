"""The GitHub workflows under .github/ pass actionlint (with shellcheck on their scripts, when
it is installed); skipped where actionlint is not on PATH (``nox -s actionlint`` installs it
where GitHub is reachable, the ``ci`` workflow runs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ACTIONLINT = shutil.which("actionlint")


def test_there_are_workflows() -> None:
    assert {path.name for path in WORKFLOWS} >= {"ci.yml", "release.yml"}


@pytest.mark.skipif(ACTIONLINT is None, reason="actionlint is not installed")
@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_actionlint_finds_nothing(workflow: Path) -> None:
    assert ACTIONLINT is not None
    run = subprocess.run(
        [ACTIONLINT, "-no-color", str(workflow)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
