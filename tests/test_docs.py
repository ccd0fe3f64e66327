"""The documentation (issue 20.2): its API reference names every public name, its code runs,
and the built site (``python -m sphinx -W --keep-going -b html docs docs/_build/html``, a step
of the README's test command before pytest) has no dead internal link and no broken image,
checked in the HTML files and, where Chromium is installed, in a headless browser."""

from __future__ import annotations

import runpy
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import multicomp as mc
from browser import CHROMIUM, images_in_chromium
from readme import GUIDE, ROOT, page_blocks

DOCS = ROOT / "docs"
BUILT = DOCS / "_build" / "html"
needs_build = pytest.mark.skipif(
    not (BUILT / "index.html").exists(),
    reason="the documentation is not built: python -m sphinx -b html docs docs/_build/html",
)


def public_names() -> dict[str, str]:
    """Every public name and the module path under which the reference documents it."""
    names = {
        name: "multicomp" for name in mc.__all__ if name not in ("__version__", "results", "typing")
    }
    names |= {name: "multicomp.results" for name in mc.results.__all__}
    names |= {name: "multicomp.typing" for name in mc.typing.__all__}
    return names


def test_the_api_reference_names_every_public_name() -> None:
    pytest.importorskip("sphinx_gallery", reason="the docs extra builds the reference")
    conf = runpy.run_path(str(DOCS / "conf.py"))
    text = conf["api_reference"]()
    entries = {line.strip() for line in text.splitlines()}
    missing = [
        name
        for name in public_names()
        if name not in entries and f".. py:data:: {name}" not in entries
    ]
    assert not missing, f"the API reference lacks {missing}"
    assert text.count("autosummary::") >= 5  # grouped as multicomp.__all__ groups them


@needs_build
def test_every_public_name_has_its_entry_in_the_built_reference() -> None:
    reference = (BUILT / "api" / "index.html").read_text(encoding="utf-8")
    generated = BUILT / "api" / "generated"
    for name, module in public_names().items():
        page = generated / f"{module}.{name}.html"
        assert page.exists() or f'id="{module}.{name}"' in reference, name


class Links(HTMLParser):
    """The internal hrefs and image sources of a page, and its ids."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag == "img" and values.get("src"):
            self.images.append(str(values["src"]))


def parsed(page: Path) -> Links:
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def dead_links(page: Path, cache: dict[Path, Links]) -> list[str]:
    """The internal links and images of ``page`` whose file, or anchor, does not exist."""
    links = cache.setdefault(page, parsed(page))
    dead = []
    for target in links.links + links.images:
        parts = urlsplit(target)
        if parts.scheme or parts.netloc or target.startswith(("mailto:", "javascript:")):
            continue
        path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
        if path.is_dir():
            path = path / "index.html"
        if not path.exists():
            dead.append(target)
        elif parts.fragment and path.suffix == ".html":
            ids = cache.setdefault(path, parsed(path)).ids
            if unquote(parts.fragment) not in ids:
                dead.append(target)
    return dead


@needs_build
def test_no_dead_internal_link_nor_missing_image() -> None:
    cache: dict[Path, Links] = {}
    pages = sorted(BUILT.rglob("*.html"))
    assert len(pages) > 50  # the pages, the API reference, the gallery
    dead = {str(page.relative_to(BUILT)): dead_links(page, cache) for page in pages}
    dead = {page: targets for page, targets in dead.items() if targets}
    assert not dead, dead


def test_the_link_check_finds_what_is_dead(tmp_path: Path) -> None:
    (tmp_path / "there.html").write_text('<p id="here">x</p>', encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(
        '<a href="there.html#here">ok</a><a href="there.html#gone">x</a>'
        '<a href="missing.html">x</a><img src="missing.png"><a href="https://x.org/a">ok</a>'
        '<a href="#self">x</a>',
        encoding="utf-8",
    )
    assert dead_links(page, {}) == ["there.html#gone", "missing.html", "#self", "missing.png"]


@needs_build
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
@pytest.mark.parametrize(
    "page", ["index.html", "auto_examples/plot_report_from_folds.html"], ids=lambda p: p
)
def test_images_load_in_chromium(page: str) -> None:
    report = images_in_chromium(BUILT / page)
    assert report["broken"] == [] and int(str(report["images"])) >= 1, report


def test_the_papers_page_prints_the_published_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The page's D06 block gives 9.857 from the printed AUCs and, with the voting row ranked as
    the paper ranked it, the printed 9.28 and 3.69 (tests/reference/expected.json)."""
    for block in page_blocks("python", GUIDE / "papers.md"):
        exec(compile(block, "papers.md", "exec"), {})
    out = capsys.readouterr().out
    for printed in ("9.857", "9.28", "3.69", "1.2535", "0.0319"):
        assert printed in out, printed


def test_getting_started_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}  # the page's blocks follow on from each other
    for block in page_blocks("python", DOCS / "getting_started.md"):
        exec(compile(block, "getting_started.md", "exec"), namespace)
    assert (tmp_path / "cd.pdf").read_bytes()[:4] == b"%PDF"


def test_every_page_is_in_a_table_of_contents() -> None:
    """Sphinx warns of orphans (an error with -W); this says which before a build."""
    sources = {
        path.relative_to(DOCS).with_suffix("").as_posix()
        for path in DOCS.rglob("*.md")
        if "_build" not in path.parts and path != DOCS / "validity.md"  # included, not a page
    }
    listed = set()
    for index in (DOCS / "index.md", GUIDE / "index.md"):
        block = index.read_text(encoding="utf-8").split("```{toctree}", 1)[1].split("```")[0]
        prefix = "" if index.parent == DOCS else "user_guide/"
        listed |= {prefix + line.strip() for line in block.splitlines()[1:] if line.strip()}
        listed.add(index.relative_to(DOCS).with_suffix("").as_posix())
    assert sources <= listed, sources - listed


CODE_WIDTH = 76  # what a code block shows at 1366 px with both sidebars


def long_code_lines(page: Path) -> list[str]:
    """The lines of a page's fenced code blocks longer than ``CODE_WIDTH``."""
    long, fence = [], ""
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fence = "" if fence and line.strip() == "```" else fence or line
        elif fence and len(line) > CODE_WIDTH:
            long.append(f"{page.name}:{number} ({len(line)} characters)")
    return long


def test_code_lines_fit_a_laptop_screen() -> None:
    pages = [DOCS / "getting_started.md", DOCS / "index.md", *sorted(GUIDE.glob("*.md"))]
    long = [line for page in pages for line in long_code_lines(page)]
    assert not long, long


def test_the_width_check_finds_long_lines(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    wide = "x" * (CODE_WIDTH + 1)
    page.write_text(f"{wide}\n```python\nok = 1\n{wide}\n```\n{wide}\n", encoding="utf-8")
    assert long_code_lines(page) == ["page.md:4 (77 characters)"]
