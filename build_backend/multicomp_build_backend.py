"""PEP 517 build backend: maturin's, except that a source build without Rust stops at once.

Without ``cargo`` on PATH, maturin's backend quietly downloads a Rust toolchain (about
660 MB, through ``puccinialin``) into the user's cache. This backend stops instead, with a
message that says what to do: install the wheel, or install Rust. Setting the environment
variable ``MATURIN_NO_INSTALL_RUST`` to an empty string restores maturin's download.
"""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable
from typing import TypeVar

import maturin
from maturin import (
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

os.environ.setdefault("MATURIN_NO_INSTALL_RUST", "1")  # maturin reads it in every hook

NO_RUST = (
    "multicomp: building from source needs a Rust toolchain (Rust >= 1.85 with cargo), "
    "and cargo is not on PATH.\n"
    "  - Install a prebuilt wheel instead: pip install --only-binary multicomp multicomp\n"
    "  - or install Rust (https://rustup.rs) and retry."
)

Hook = TypeVar("Hook", bound=Callable[..., str])


def _needs_cargo(hook: Hook) -> Hook:
    """``hook`` preceded by the check that cargo is on PATH (unless the download is allowed)."""

    @functools.wraps(hook)
    def checked(*args: object, **kwargs: object) -> str:
        if os.environ["MATURIN_NO_INSTALL_RUST"] and shutil.which("cargo") is None:
            raise SystemExit(NO_RUST)
        return hook(*args, **kwargs)

    return checked  # type: ignore[return-value]


build_editable = _needs_cargo(maturin.build_editable)
build_sdist = _needs_cargo(maturin.build_sdist)
build_wheel = _needs_cargo(maturin.build_wheel)
prepare_metadata_for_build_editable = _needs_cargo(maturin.prepare_metadata_for_build_editable)
prepare_metadata_for_build_wheel = _needs_cargo(maturin.prepare_metadata_for_build_wheel)
