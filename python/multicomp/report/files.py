"""Every output of a report written at once (:meth:`multicomp.Report.save` and the command
line's ``--outdir``): the text, Markdown, LaTeX, HTML, JSON and CSV reports and the critical
difference diagram as PNG and SVG, with names that say what each is.

No file is replaced unless asked: every name is checked before the first is written, so a
refused call leaves the directory as it was. Each file is written to a temporary file in the
same directory and renamed, so a reader never sees half a report.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["FILES", "MATRIX_FILES", "check_free", "figure_bytes", "targets", "write_all"]

#: What each file holds, by its name in the directory (the keys of ``Report.save``'s answer).
FILES: dict[str, str] = {
    "text": "report.txt",
    "markdown": "report.md",
    "latex": "report.tex",
    "html": "report.html",
    "json": "report.json",
    "csv": "report.csv",
    "cd_diagram_png": "cd-diagram.png",
    "cd_diagram_svg": "cd-diagram.svg",
}
#: The heat map of the multi-comparison matrix, when the report holds it (``extras``).
MATRIX_FILES: dict[str, str] = {
    "matrix_png": "comparison-matrix.png",
    "matrix_svg": "comparison-matrix.svg",
}


def targets(directory: str | os.PathLike[str], extras: Sequence[str] = ()) -> dict[str, Path]:
    """The path of each output in ``directory``, by kind (the keys of :data:`FILES`, and of
    :data:`MATRIX_FILES` when ``extras`` holds the matrix)."""
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path (str or os.PathLike); got {directory!r}")
    root = Path(directory)
    names = {**FILES, **(MATRIX_FILES if "matrix" in extras else {})}
    return {kind: root / name for kind, name in names.items()}


def check_free(paths: dict[str, Path], option: str) -> None:
    """FileExistsError naming the first of ``paths`` that exists (and ``option``, which
    replaces it), or NotADirectoryError if their directory is a file."""
    root = next(iter(paths.values())).parent
    if root.exists() and not root.is_dir():
        raise NotADirectoryError(f"{str(root)!r} exists and is not a directory")
    for path in paths.values():
        if path.exists() or path.is_symlink():
            raise FileExistsError(f"{str(path)!r} exists: give {option} to replace it")


def write_all(
    paths: dict[str, Path], renderers: dict[str, Callable[[], str | bytes]]
) -> dict[str, Path]:
    """Render each output and write it to its path (``renderers`` by kind, as ``paths``),
    creating the directory; returns ``paths``."""
    next(iter(paths.values())).parent.mkdir(parents=True, exist_ok=True)
    for kind, path in paths.items():
        _replace(path, renderers[kind]())
    return paths


def _replace(path: Path, content: str | bytes) -> None:
    """Write ``content`` to a temporary file beside ``path``, then rename it to ``path``. The
    file gets the permissions an ordinary ``open()`` gives (0o666 less the umask: readable by
    co-authors, artefact stores and web servers), not ``mkstemp``'s private 0o600."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = path.parent / f".{path.name}.{secrets.token_hex(8)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    handle = os.open(temporary, flags, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def figure_bytes(figure: Any, fmt: str) -> bytes:
    """A matplotlib figure as PNG (150 dpi) or SVG (no date, so the same report gives the
    same file) bytes."""
    import io

    buffer = io.BytesIO()
    options: dict[str, Any] = {"dpi": 150} if fmt == "png" else {"metadata": {"Date": None}}
    figure.savefig(buffer, format=fmt, bbox_inches="tight", **options)
    return buffer.getvalue()
