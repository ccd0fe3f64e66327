"""The changelog keeps the Keep a Changelog form (https://keepachangelog.com/en/1.1.0/).

Each release section (``## ...``) has each category (``### Added``, ``### Changed``, ...) at
most once and only the categories Keep a Changelog names; an ``## [Unreleased]`` section comes
first; lines are wrapped at 100 characters; entries stand on their own for a user, so they cite
no internal issue numbers ("issue 23", "(#12)", "item 6").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"
CATEGORIES = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
MAX_LINE = 100
INTERNAL_REFERENCE = re.compile(r"\b(?:issues?|items?)\s+\d+|#\d+", re.IGNORECASE)


def sections(text: str) -> dict[str, list[str]]:
    """Map each release heading (``## ...``) to the category headings (``### ...``) under it."""
    found: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            found[current] = []
        elif line.startswith("### "):
            assert current is not None, f"category outside a release section: {line!r}"
            found[current].append(line[4:].strip())
    return found


@pytest.fixture(scope="module")
def text() -> str:
    return CHANGELOG.read_text(encoding="utf-8")


def test_unreleased_comes_first(text: str) -> None:
    assert next(iter(sections(text))) == "[Unreleased]"


def test_each_category_at_most_once_per_release(text: str) -> None:
    for release, categories in sections(text).items():
        assert set(categories) <= CATEGORIES, (release, set(categories) - CATEGORIES)
        repeated = {name for name in categories if categories.count(name) > 1}
        assert not repeated, f"{release}: {sorted(repeated)} more than once"


def test_lines_are_wrapped(text: str) -> None:
    long = [n for n, line in enumerate(text.splitlines(), 1) if len(line) > MAX_LINE]
    assert not long, f"lines over {MAX_LINE} characters: {long}"


def test_no_internal_issue_numbers(text: str) -> None:
    cited = [m.group(0) for m in INTERNAL_REFERENCE.finditer(text)]
    assert not cited, cited


@pytest.mark.parametrize(
    ("sample", "problem"),
    [
        ("## [Unreleased]\n### Added\n- a\n### Added\n- b\n", "repeated"),
        ("## [Unreleased]\n### Improved\n- a\n", "unknown"),
        ("## [Unreleased]\n### Fixed\n- the crash (issue 23)\n", "reference"),
        ("## [Unreleased]\n### Fixed\n- the crash (#12)\n", "reference"),
        ("## [Unreleased]\n### Fixed\n- " + "x" * MAX_LINE + "\n", "long"),
    ],
)
def test_the_checks_catch_each_problem(sample: str, problem: str) -> None:
    checks = {
        "repeated": test_each_category_at_most_once_per_release,
        "unknown": test_each_category_at_most_once_per_release,
        "reference": test_no_internal_issue_numbers,
        "long": test_lines_are_wrapped,
    }
    with pytest.raises(AssertionError):
        checks[problem](sample)
