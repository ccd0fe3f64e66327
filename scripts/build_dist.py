"""Build the release files locally: ``python scripts/build_dist.py [--out DIR] [--no-zig]``.

1. The source distribution (``maturin sdist``).
2. The wheel, built from a clean unpack of that sdist, so that a missing file in the sdist
   fails here rather than on a user's machine. One wheel per platform: the native module
   uses the stable ABI (abi3) of CPython >= 3.10. On Linux the wheel is manylinux2014
   (glibc >= 2.17) when zig is available (``pip install ziglang``; maturin links with
   ``zig cc`` against old glibc symbols, no Docker needed); without zig, maturin's audit
   tags it with the oldest manylinux the build machine allows.
3. On Linux, ``auditwheel show``: the platform tag it finds must be the wheel's.

Needs maturin (``pip install maturin``) and Rust; ``CARGO_TARGET_DIR`` (default: the
checkout's ``target/``) keeps compiled dependencies between runs. Prints the two paths.
maturin's warning that ``build-backend`` is not maturin is expected: the project's backend
wraps maturin's (build_backend/multicomp_build_backend.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
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
    report = run([sys.executable, "-m", "auditwheel", "show", str(wheel)], ROOT, env)
    found = re.search(r'consistent\s+with\s+the\s+following\s+platform\s+tag:\s+"([^"]+)"', report)
    if found is None or found.group(1) not in wheel.name:
        raise SystemExit(
            f"{wheel.name} is not consistent with its platform tag (auditwheel show above)"
        )


def build(out: Path, zig: bool) -> tuple[Path, Path]:
    """Build the sdist and, from its clean unpack, the wheel into ``out``; return both paths."""
    out.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "CARGO_TARGET_DIR": os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target")),
        # the zig of this interpreter's ziglang package, whatever PATH maturin's launcher sets
        "CARGO_ZIGBUILD_PYTHON_PATH": sys.executable,
    }
    sdist = built(run([*maturin(), "sdist", "--out", str(out)], ROOT, env))
    options = (
        ["--zig", "--compatibility", "manylinux2014"] if zig and sys.platform == "linux" else []
    )
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(sdist) as archive:
            archive.extractall(tmp, filter="data")
        # The sdist's files all carry one fixed old date (reproducible archives); cargo judges
        # freshness by date, so it would reuse what CARGO_TARGET_DIR holds from an older sdist.
        for path in Path(tmp).rglob("*"):
            os.utime(path)
        (unpacked,) = Path(tmp).iterdir()
        wheel = built(
            run(
                [
                    *maturin(),
                    "build",
                    "--release",
                    "--locked",
                    "--interpreter",
                    sys.executable,
                    "--out",
                    str(out),
                    *options,
                ],
                unpacked,
                env,
            )
        )
    if sys.platform == "linux":
        check_manylinux(wheel, env)
    return sdist, wheel


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
    args = parser.parse_args()
    for path in build(args.out.resolve(), args.zig and have_zig()):
        print(path)


if __name__ == "__main__":
    main()
