"""Every output of a report written at once (:meth:`multicomp.Report.save` and the command
line's ``--outdir``): the text, Markdown, LaTeX, HTML, JSON and CSV reports, the pair table
as Parquet (with pyarrow), and the figures as PNG and SVG, with names that say what each is.

No file is replaced unless asked: every name is checked before anything is written, so a
refused call leaves the directory as it was. The outputs are first written whole into a
hidden staging directory (beside a new directory, inside an existing one) and then moved into
place; should a move fail, those already moved are put back and the old files restored, so a
save that fails leaves the old set of files, never a mix of two runs.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import secrets
import shutil
from collections.abc import Callable, Collection, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

__all__ = [
    "FILES",
    "MATRIX_FILES",
    "PARQUET_FILES",
    "RANKING_FILES",
    "check",
    "figure_bytes",
    "framed",
    "targets",
    "write_all",
]

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
#: The plot of the Bayesian ranking, when the report holds it (``extras``).
RANKING_FILES: dict[str, str] = {
    "ranking_png": "bayesian-ranking.png",
    "ranking_svg": "bayesian-ranking.svg",
}
#: The Bayesian hierarchical tests of the pairs, when the report holds them (``extras``).
HIERARCHICAL_FILES: dict[str, str] = {
    "hierarchical_png": "bayesian-hierarchical.png",
    "hierarchical_svg": "bayesian-hierarchical.svg",
}
#: The pair table (``Report.to_frame()``) as Parquet, when pyarrow is installed.
PARQUET_FILES: dict[str, str] = {"pairs_parquet": "report-pairs.parquet"}

#: The resolution of the PNG figures (dots per inch).
PNG_DPI = 150
#: What a renderer gives: the whole file, or its text in pieces (written one by one).
Content = str | bytes | Iterable[str] | Iterable[bytes]


def targets(directory: str | os.PathLike[str], extras: Sequence[str] = ()) -> dict[str, Path]:
    """The path of each output in ``directory``, by kind (the keys of :data:`FILES`, of
    :data:`MATRIX_FILES`, :data:`RANKING_FILES` and :data:`HIERARCHICAL_FILES` when ``extras``
    holds the matrix, the Bayesian ranking and the hierarchical tests, and of :data:`PARQUET_FILES` when pyarrow is installed)."""
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path (str or os.PathLike); got {directory!r}")
    if os.fspath(directory) in ("", b""):
        raise ValueError("directory must name a directory; got '' (give '.' for this one)")
    root = Path(directory)
    names = {
        **FILES,
        **(MATRIX_FILES if "matrix" in extras else {}),
        **(RANKING_FILES if "bayesian_ranking" in extras else {}),
        **(HIERARCHICAL_FILES if "bayesian_hierarchical" in extras else {}),
        **(PARQUET_FILES if importlib.util.find_spec("pyarrow") is not None else {}),
    }
    return {kind: root / name for kind, name in names.items()}


def check(paths: dict[str, Path], option: str | None) -> None:
    """Refuse, before anything is written, a directory that is a file or a dangling symbolic
    link, an output name held by a directory, and (unless ``option`` is None: replacing is
    allowed) a file of an output's name: FileExistsError naming it and ``option``."""
    root = next(iter(paths.values())).parent
    if root.is_symlink() and not root.exists():
        raise FileNotFoundError(
            f"{str(root)!r} is a symbolic link to {os.readlink(root)!r}, which does not exist"
        )
    if root.exists() and not root.is_dir():
        raise NotADirectoryError(f"{str(root)!r} exists and is not a directory")
    for path in paths.values():
        if path.is_dir():
            raise IsADirectoryError(f"{str(path)!r} is a directory: nothing written")
        if option is not None and (path.exists() or path.is_symlink()):
            raise FileExistsError(f"{str(path)!r} exists: give {option} to replace it")


def write_all(
    paths: dict[str, Path],
    renderers: dict[str, Callable[[], Content]],
    beside: Collection[str] = (),
) -> dict[str, Path]:
    """Render each output into a staging directory (``renderers`` by kind, as ``paths``),
    then move them all into place (creating the directory); returns ``paths``. The kinds
    in ``beside`` are rendered on a second thread meanwhile (outputs whose work releases the
    GIL, such as the long pair table's CSV and Parquet, overlap the drawing of the figures);
    an error there is raised here once both threads are done, before anything is moved."""
    root = next(iter(paths.values())).parent
    fresh = not root.exists()
    if fresh:
        root.parent.mkdir(parents=True, exist_ok=True)
    stage = (
        root.parent if fresh else root
    ) / f".{root.name or 'report'}.{secrets.token_hex(8)}.tmp"
    os.mkdir(stage)  # the mode of a directory made by mkdir (umask respected)
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            second = pool.submit(_render, stage, paths, renderers, set(beside))
            _render(stage, paths, renderers, set(paths) - set(beside))
            second.result()
        if fresh:
            os.rename(stage, root)
        else:
            _move_in(stage, paths)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return paths


def _render(
    stage: Path,
    paths: dict[str, Path],
    renderers: dict[str, Callable[[], Content]],
    kinds: set[str],
) -> None:
    """Render and write the outputs of ``kinds`` into ``stage``, in the order of ``paths``."""
    for kind, path in paths.items():
        if kind in kinds:
            _write(stage / path.name, renderers[kind]())


def _move_in(stage: Path, paths: dict[str, Path]) -> None:
    """Move the staged files to ``paths``, the files they replace into ``stage/old``; on a
    failure, undo the moves made (the new files back, the old ones restored) and raise."""
    old = stage / "old"
    os.mkdir(old)
    kept: list[Path] = []
    placed: list[Path] = []
    try:
        for path in paths.values():
            if path.exists() or path.is_symlink():
                os.replace(path, old / path.name)
                kept.append(path)
            os.replace(stage / path.name, path)
            placed.append(path)
    except BaseException:
        for path in placed:
            with contextlib.suppress(OSError):
                os.replace(path, stage / path.name)
        for path in kept:
            with contextlib.suppress(OSError):
                os.replace(old / path.name, path)
        raise


def _write(path: Path, content: Content) -> None:
    """Write ``content`` to a new file ``path``, with the permissions an ordinary ``open()``
    gives (0o666 less the umask: readable by co-authors, artefact stores and web servers),
    not ``mkstemp``'s private 0o600; text in pieces is written piece by piece."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    with os.fdopen(os.open(path, flags, 0o666), "wb") as stream:
        pieces: Iterable[str | bytes] = [content] if isinstance(content, (str, bytes)) else content
        for piece in pieces:
            stream.write(piece.encode("utf-8") if isinstance(piece, str) else piece)


def framed(figure: Any) -> tuple[Any, Any]:
    """``figure`` laid out (its layout engine run once, then the layout kept) beside its
    bounding box in inches: what ``savefig(bbox_inches="tight")`` finds (the box of every
    artist, padded by ``savefig.pad_inches``), found once for both of :func:`figure_bytes`'
    formats. The layout and the texts are measured at the PNG's resolution (as savefig lays
    out and measures a PNG), the texts on a renderer of one pixel: nothing is drawn
    (savefig's own pass allocates and keeps a canvas of the figure's size, 80 MB for a
    thousand names at 150 dpi). The SVG gets that box too: its texts measure a little
    differently at 72 dpi, so its margin differs from its own tight box by a few points,
    within the padding (0.1 inch: nothing is cut)."""
    import matplotlib
    from matplotlib.backends.backend_agg import RendererAgg

    dpi = figure.get_dpi()
    figure.set_dpi(PNG_DPI)
    try:
        engine = figure.get_layout_engine()
        if engine is not None:
            engine.execute(figure)  # as savefig's first draw does
            figure.set_layout_engine("none")  # kept (a constrained layout moves at each draw)
        renderer = RendererAgg(1, 1, PNG_DPI)  # type: ignore[no-untyped-call, unused-ignore]
        box = figure.get_tightbbox(renderer)
    finally:
        figure.set_dpi(dpi)
    return figure, box.padded(matplotlib.rcParams["savefig.pad_inches"])


def figure_bytes(figure: tuple[Any, Any], fmt: str) -> bytes:
    """A figure :func:`framed` as PNG (:data:`PNG_DPI`) or SVG (no date, so the same report gives
    the same file) bytes, cut to its box."""
    import io

    drawn, box = figure
    buffer = io.BytesIO()
    options: dict[str, Any] = {"dpi": PNG_DPI} if fmt == "png" else {"metadata": {"Date": None}}
    drawn.savefig(buffer, format=fmt, bbox_inches=box, **options)
    return buffer.getvalue()
