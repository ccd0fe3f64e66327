"""Build the release files locally: ``python scripts/build_dist.py [--out DIR] [--no-zig]
[--all-targets] [--check]``.

1. The source distribution (``maturin sdist``).
2. The wheel, built from a clean unpack of that sdist, so that a missing file in the sdist
   fails here rather than on a user's machine. One wheel per platform: the native module
   uses the stable ABI (abi3) of CPython >= 3.10. On Linux the wheel is manylinux2014
   (glibc >= 2.17) when zig is available (``pip install ziglang``; maturin links with
   ``zig cc`` against old glibc symbols, no Docker needed); without zig, maturin's audit
   tags it with the oldest manylinux the build machine allows.
3. On Linux, ``auditwheel show``: the platform tag it finds must be the wheel's.
4. With ``--all-targets`` (Linux, zig): also the manylinux2014 aarch64 and the musllinux_1_2
   x86_64 wheels, cross-compiled from the same unpack (``rustup target add`` their targets).
5. With ``--check``: every file through ``twine check --strict``, every wheel through
   ``check-wheel-contents`` and ``abi3audit --strict`` and (Linux) auditwheel's tag check
   (``pip install twine check-wheel-contents abi3audit auditwheel``).

Needs maturin (``pip install maturin``) and Rust; ``CARGO_TARGET_DIR`` (default: the
checkout's ``target/``) keeps compiled dependencies between runs. Prints the paths, the sdist's
first.
maturin's warning that ``build-backend`` is not maturin is expected: the project's backend
wraps maturin's (build_backend/multicomp_build_backend.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def maturin() -> list[str]:
    """The maturin command: this interpreter's package, else the one on PATH."""
    if importlib.util.find_spec("maturin") is not None:
        return [sys.executable, "-m", "maturin"]
    found = shutil.which("maturin")
    if found is None:
        raise SystemExit("maturin not found: pip install maturin")
    return [found]


def have_zig() -> bool:
    return importlib.util.find_spec("ziglang") is not None or shutil.which("zig") is not None


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run ``cmd``; its output (stdout and stderr) is echoed to stderr and returned."""
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    done = subprocess.run(
        cmd,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    print(done.stdout, end="", file=sys.stderr)  # maturin's messages also when it fails
    done.check_returncode()
    return done.stdout


def built(output: str) -> Path:
    """The file named by maturin's last "Built ... to PATH" line."""
    return Path(re.findall(r"Built .* to (.+)$", output, flags=re.MULTILINE)[-1].strip())


def check_manylinux(wheel: Path, env: dict[str, str]) -> None:
    """``auditwheel show`` must find the platform tag that the wheel's name declares."""
    if importlib.util.find_spec("auditwheel") is None:
        print("auditwheel not installed: platform tag not checked", file=sys.stderr)
        return
    if "musllinux" in wheel.name and platform.libc_ver()[0] != "musl":
        # auditwheel reads the host's musl loader to check a musllinux wheel (on glibc it stops
        # with an ELFError); the release workflow installs and smoke-tests it in Alpine
        print(f"{wheel.name}: musllinux tag checked on a musl host only", file=sys.stderr)
        return
    report = run([sys.executable, "-m", "auditwheel", "show", str(wheel)], ROOT, env)
    found = re.search(r'consistent\s+with\s+the\s+following\s+platform\s+tag:\s+"([^"]+)"', report)
    if found is None or found.group(1) not in wheel.name:
        raise SystemExit(
            f"{wheel.name} is not consistent with its platform tag (auditwheel show above)"
        )


# The other Linux wheels of --all-targets: Rust target and platform tag, cross-built with zig
CROSS = {
    "aarch64-unknown-linux-gnu": "manylinux2014",
    "x86_64-unknown-linux-musl": "musllinux_1_2",
}


def wheel_options(zig: bool, all_targets: bool) -> list[list[str]]:
    """maturin's options for each wheel to build: this platform's, then the cross-built ones."""
    if not (zig and sys.platform == "linux"):
        if all_targets:
            raise SystemExit("--all-targets needs Linux and zig: pip install ziglang")
        return [[]]
    native = [["--zig", "--compatibility", "manylinux2014"]]
    cross = [["--zig", "--compatibility", tag, "--target", t] for t, tag in CROSS.items()]
    return native + cross if all_targets else native


def build(out: Path, zig: bool, all_targets: bool = False) -> list[Path]:
    """Build the sdist and, from its clean unpack, the wheels into ``out``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "CARGO_TARGET_DIR": os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target")),
        # the zig of this interpreter's ziglang package, whatever PATH maturin's launcher sets
        "CARGO_ZIGBUILD_PYTHON_PATH": sys.executable,
    }
    sdist = built(run([*maturin(), "sdist", "--out", str(out)], ROOT, env))
    if all_targets:
        run(["rustup", "target", "add", *CROSS], ROOT, env)
    wheels = []
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(sdist) as archive:
            archive.extractall(tmp, filter="data")
        # The sdist's files all carry one fixed old date (reproducible archives); cargo judges
        # freshness by date, so it would reuse what CARGO_TARGET_DIR holds from an older sdist.
        for path in Path(tmp).rglob("*"):
            os.utime(path)
        (unpacked,) = Path(tmp).iterdir()
        for options in wheel_options(zig, all_targets):
            build_cmd = [*maturin(), "build", "--release", "--locked", "--out", str(out)]
            # the native wheel for this interpreter; abi3 needs none when cross-compiling
            interpreter = [] if "--target" in options else ["--interpreter", sys.executable]
            wheels.append(built(run([*build_cmd, *interpreter, *options], unpacked, env)))
    if sys.platform == "linux":
        for wheel in wheels:
            check_manylinux(wheel, env)
    return [sdist, *wheels]


def check(paths: list[Path]) -> None:
    """twine check, check-wheel-contents and abi3audit on the release files."""
    wheels = [str(path) for path in paths if path.suffix == ".whl"]
    env = dict(os.environ)
    run([sys.executable, "-m", "twine", "check", "--strict", *map(str, paths)], ROOT, env)
    run([sys.executable, "-m", "check_wheel_contents", *wheels], ROOT, env)
    run([sys.executable, "-m", "abi3audit", "--strict", "--report", *wheels], ROOT, env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "dist", help="output directory (default dist/)"
    )
    parser.add_argument(
        "--no-zig",
        dest="zig",
        action="store_false",
        help="build without zig even when it is installed",
    )
    parser.add_argument(
        "--all-targets",
        action="store_true",
        help="also the manylinux aarch64 and musllinux x86_64 wheels (Linux, zig)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="twine check, check-wheel-contents and abi3audit on every file",
    )
    args = parser.parse_args()
    paths = build(args.out.resolve(), args.zig and have_zig(), args.all_targets)
    if args.check:
        check(paths)
    for path in paths:
        print(path)


if __name__ == "__main__":
    main()
