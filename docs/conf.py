"""Sphinx configuration of the multicomp documentation.

Build (warnings are errors): ``python -m sphinx -W --keep-going -b html docs docs/_build/html``.
The API reference (``docs/api/index.rst``, written here before the build) is generated from
``multicomp.__all__``, ``multicomp.results`` and ``multicomp.typing``, so it follows the package
as it changes; the gallery runs ``examples/*.py`` at build time.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from functools import partial
from pathlib import Path
from typing import Any

from sphinx_gallery.scrapers import matplotlib_scraper

import multicomp

project = "multicomp"
author = "the multicomp developers"
copyright = "2026, the multicomp developers"
release = multicomp.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "validity.md"]
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]

autosummary_generate = True
autodoc_typehints = "none"  # numpydoc's Parameters sections give the types
autodoc_default_options = {"members": False}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()

html_theme = "pydata_sphinx_theme"
html_title = f"multicomp {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path = ["_static"]
html_css_files = ["multicomp.css"]  # wider article, wrapped code (laptop widths)


sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
    "matplotlib_animations": False,
    # the examples draw into pyplot's figures (ax=); cropped to the drawing, so that a wide
    # critical difference diagram fills its thumbnail rather than a box of white margins
    "image_scrapers": (partial(matplotlib_scraper, bbox_inches="tight"),),
    "reset_modules": ("matplotlib",),
    "capture_repr": (),  # printed output only: no stray "<Figure size ...>"
    "thumbnail_size": (640, 300),  # the aspect of a critical difference diagram
}

HERE = Path(__file__).resolve().parent


def grouped_public_names() -> list[tuple[str, list[str]]]:
    """``multicomp.__all__`` in the groups of its table (``multicomp._PUBLIC``), in order."""
    return [(title, list(names)) for title, names in multicomp._PUBLIC.items()]


def describe_alias(value: object) -> str:
    """The values of a ``Literal`` option type, or the alias as typing writes it."""
    if typing.get_origin(value) is typing.Literal:
        return ", ".join(f"``{arg!r}``" for arg in literal_values(value))
    return f"``{value!r}``".replace("typing.", "")


def literal_values(value: object) -> list[object]:
    """The values of a (possibly nested) ``Literal``."""
    values: list[object] = []
    for arg in typing.get_args(value):
        values += literal_values(arg) if typing.get_origin(arg) is typing.Literal else [arg]
    return values


def is_type_alias(value: object) -> bool:
    return not (inspect.isclass(value) or inspect.isfunction(value) or inspect.ismodule(value))


def autosummary(module: str, names: list[str]) -> list[str]:
    """An autosummary table with a page per object."""
    body = [f".. currentmodule:: {module}", "", ".. autosummary::", "   :toctree: generated", ""]
    return [*body, *(f"   {name}" for name in names), ""]


def alias_table(module: str, names: list[str]) -> list[str]:
    """The option types: their values (they are ``Literal`` types or aliases, not classes)."""
    lines = [f".. currentmodule:: {module}", ""]
    for name in names:
        lines += [
            f".. py:data:: {name}",
            "",
            f"   {describe_alias(getattr(importlib.import_module(module), name))}",
            "",
        ]
    return lines


def section(title: str, underline: str) -> list[str]:
    return [title[0].upper() + title[1:], underline * len(title), ""]


def api_reference() -> str:
    """The text of ``api/index.rst``: every public name, once, under its public path."""
    lines = [
        "API reference",
        "=============",
        "",
        "Every public name of :mod:`multicomp`, grouped as ``multicomp.__all__`` groups them,",
        "then the result classes (:mod:`multicomp.results`) and the types of the signatures",
        "(:mod:`multicomp.typing`).",
        "",
    ]
    # the namespaces themselves, and the result classes also exported at the top (Report)
    skipped = {"results", "typing", *multicomp.results.__all__}
    for title, names in grouped_public_names():
        shown = [name for name in names if not name.startswith("__") and name not in skipped]
        if shown:
            lines += section(title, "-") + autosummary("multicomp", shown)
    lines += section("Result classes", "-")
    lines += ["The classes of :mod:`multicomp.results`, which the functions return.", ""]
    lines += autosummary("multicomp.results", list(multicomp.results.__all__))
    types = list(multicomp.typing.__all__)
    classes = [name for name in types if not is_type_alias(getattr(multicomp.typing, name))]
    lines += section("Types of the signatures", "-")
    lines += ["The values an option accepts (``typing.Literal`` types) and the input types.", ""]
    lines += alias_table("multicomp.typing", [name for name in types if name not in classes])
    lines += autosummary("multicomp.typing", classes) if classes else []
    return "\n".join(lines)


def write_api_reference() -> None:
    """Write ``api/index.rst`` (when Sphinx starts, before autosummary reads the sources)."""
    page = HERE / "api" / "index.rst"
    page.parent.mkdir(exist_ok=True)
    text = api_reference()
    if not page.exists() or page.read_text(encoding="utf-8") != text:
        page.write_text(text, encoding="utf-8")


def setup(app: Any) -> None:
    app.connect("config-inited", lambda app, config: write_api_reference())
