"""The README and the documentation's pages, and their code blocks, for the tests that run or
check them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "user_guide"


def section(text: str, after: str) -> str:
    """The part of ``text`` from the heading ``after`` to the next heading of its level."""
    level = after.split(" ", 1)[0]
    part = text[text.index(after) :]
    ends = [m.start() for m in re.finditer(rf"\n{level} ", part)]
    return part[: ends[0]] if ends else part


def readme_blocks(language: str, after: str, page: Path = README) -> list[str]:
    """The ```language code blocks of the section of ``page`` (the README by default) that
    starts with the heading ``after``."""
    text = page.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", section(text, after), flags=re.S)


def page_blocks(language: str, page: Path) -> list[str]:
    """Every ```language code block of a page."""
    return re.findall(rf"```{language}\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
