"""The README and its code blocks, for the tests that run or check them."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_blocks(language: str, after: str) -> list[str]:
    """The ```language code blocks of the README section that starts with ``after``."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index(after) :]
    section = section[: section.find("\n## ", 1)] if "\n## " in section[1:] else section
    return re.findall(rf"```{language}\n(.*?)```", section, flags=re.S)
