"""Packaging: the version comes from one place; the wheel works where there is no Rust.

``test_wheel_in_fresh_venv`` builds the sdist and, from it, the wheel (scripts/build_dist.py),
installs the wheel into a new virtual environment and runs tests/wheel_smoke.py there. It takes
a release build and a download of the dependencies, so it is marked ``wheel``: deselected by
default, run by the README's test command (hence CI) with ``python -m pytest -m wheel``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import multicomp
from multicomp import _core

ROOT = Path(__file__).resolve().parent.parent
tomllib = pytest.importorskip("tomllib")  # Python >= 3.11


def test_version_comes_from_cargo_workspace() -> None:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert multicomp.__version__ == _core.__version__ == cargo["workspace"]["package"]["version"]


def path_without_rust() -> str:
    """PATH without the directories that hold cargo or rustc."""
    return os.pathsep.join(
        d
        for d in os.environ["PATH"].split(os.pathsep)
        if d and not any((Path(d) / tool).exists() for tool in ("cargo", "rustc"))
    )


def test_source_build_without_cargo_stops_with_a_message() -> None:
    """The build backend refuses at once (maturin alone would download a Rust toolchain)."""
    pytest.importorskip("maturin")
    env = {
        k: v for k, v in os.environ.items() if k not in ("MATURIN_NO_INSTALL_RUST", "PYTHONPATH")
    }
    env["PATH"] = path_without_rust()
    hook = "import multicomp_build_backend as b; b.prepare_metadata_for_build_wheel('.')"
    result = subprocess.run(
        [sys.executable, "-c", hook],
        cwd=ROOT / "build_backend",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert (
        "needs a Rust toolchain" in result.stderr and "pip install --only-binary" in result.stderr
    )


@pytest.mark.wheel
def test_wheel_in_fresh_venv(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_dist.py"), "--out", str(tmp_path / "dist")],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    sdist, wheel = (Path(line) for line in out.split())
    assert sdist.name == f"multicomp-{multicomp.__version__}.tar.gz"
    # the MIT licence travels with both (PEP 639: the wheel's dist-info/licenses/)
    with tarfile.open(sdist) as archive:
        assert f"multicomp-{multicomp.__version__}/LICENSE" in archive.getnames()
    with zipfile.ZipFile(wheel) as archive:
        licence = f"multicomp-{multicomp.__version__}.dist-info/licenses/LICENSE"
        assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
        # every module of the package, and the stubs type checkers read
        package = ROOT / "python" / "multicomp"
        sources = {
            path.relative_to(package.parent).as_posix()
            for pattern in ("*.py", "*.pyi", "py.typed")
            for path in package.rglob(pattern)
        }
        assert sources <= set(archive.namelist()), sources - set(archive.namelist())
    tag = "manylinux_2_" if sys.platform == "linux" else ""
    assert re.fullmatch(
        rf"multicomp-{re.escape(multicomp.__version__)}-cp310-abi3-.*{tag}.*\.whl", wheel.name
    ), wheel.name

    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CARGO", "RUSTUP"))
    }
    env["PATH"] = os.pathsep.join([str(bin_dir), path_without_rust()])
    assert shutil.which("cargo", path=env["PATH"]) is None
    work = tmp_path / "elsewhere"  # away from the source tree, with only the smoke script
    work.mkdir()
    shutil.copy(ROOT / "tests" / "wheel_smoke.py", work)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        cwd=work,
        env=env,
        check=True,
    )
    result = subprocess.run(
        [str(python), "-I", "wheel_smoke.py"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke tests passed" in result.stdout
