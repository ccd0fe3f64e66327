"""Whether a report's LaTeX can be compiled here: pdflatex with the packages it needs
(``kpsewhich`` finds each), else the reason the tests that compile it skip."""

from __future__ import annotations

import shutil
import subprocess

import pytest

#: The packages a report's LaTeX needs (``\usepackage{booktabs,graphicx}``).
PACKAGES = ("booktabs", "graphicx")


def missing() -> str:
    """Why a report's LaTeX cannot be compiled here ("" when it can)."""
    if shutil.which("pdflatex") is None:
        return "pdflatex is not installed"
    if shutil.which("kpsewhich") is None:
        return "kpsewhich is not installed: the LaTeX packages cannot be looked up"
    absent = [
        name
        for name in PACKAGES
        if not subprocess.run(
            ["kpsewhich", f"{name}.sty"], capture_output=True, text=True, timeout=60
        ).stdout.strip()
    ]
    return f"LaTeX package(s) not installed: {', '.join(absent)}" if absent else ""


_WHY = missing()

#: Marks a test that compiles a report's LaTeX: skipped, with the reason, where it cannot be.
needs_latex = pytest.mark.skipif(bool(_WHY), reason=_WHY or "LaTeX is available")
