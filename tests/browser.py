"""Headless Chromium for the tests that open built pages (the documentation, large HTML
reports): where it is, and which images of a page fail to load."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

CHROMIUM = next(
    (path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None
)

#: Run in the page once it has loaded: the images that did not load, as JSON in the DOM.
IMAGE_CHECK = """<script>
window.addEventListener("load", () => {
  const broken = [...document.images]
    .filter((image) => !image.complete || image.naturalWidth === 0)
    .map((image) => image.getAttribute("src"));
  const out = document.createElement("pre");
  out.id = "image-check";
  out.textContent = JSON.stringify({images: document.images.length, broken: broken});
  document.body.appendChild(out);
});
</script>"""


def images_in_chromium(page: Path) -> dict[str, object]:
    """Load ``page`` in headless Chromium (a copy beside it with the check above) and return
    how many images it has and which did not load."""
    probe = page.with_name(f"_probe_{page.name}")
    probe.write_text(
        page.read_text(encoding="utf-8").replace("</body>", IMAGE_CHECK + "</body>"),
        encoding="utf-8",
    )
    try:
        dom = subprocess.run(
            [
                str(CHROMIUM),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--allow-file-access-from-files",
                "--virtual-time-budget=10000",
                "--dump-dom",
                probe.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
    finally:
        probe.unlink()
    report = dom.split('id="image-check"', 1)[1].split(">", 1)[1].split("</pre>", 1)[0]
    return dict(json.loads(report.replace("&quot;", '"')))
