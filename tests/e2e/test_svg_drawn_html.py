"""HTML an svg draws in a foreignObject is text a person reads (issue 31; design note 346),
through the extension and the host in Debian Chromium: a slide deck drawn as Marp draws its
slides (each an svg holding the slide's HTML, the hidden ones aria-hidden) and a diagram whose
boxes' labels are HTML (as Mermaid and draw.io draw them). Before, the walker never entered an
svg: the window's outline, the semantic view and its text left the slide and the labels out,
and each slide counted as a chart, the deck read as a dashboard."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/svg_slide_and_diagram.html"
SHOWN = ("Before you launch", "Book a tide window on the sheet by the pontoon",
         "Launch coach on duty", "Harbour master, channel 12")


def test_an_svgs_html_is_in_the_outline(browser: Browser, pages_url: str) -> None:
    tree = browser.snapshot(pages_url + PAGE, format="outline").combinedTree
    for words in SHOWN:
        assert words in tree, tree
    # (the slide hidden from the accessibility tree stays out)
    assert "Rowing through the winter\n" not in tree.split("\n", 1)[1], tree


def test_a_slide_is_read_as_text_and_no_chart(browser: Browser, pages_url: str) -> None:
    for viewport_only in (True, False):
        result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
        assert result.type != "dashboard", result.page["signals"][:8]
        # (the diagram is one drawing; the two slides are none)
        assert "stats:3+ charts" not in {str(s["signal"]) for s in result.page["signals"]}
        said = " ".join(str(block.get("text", "")) for block in result.content)
        assert "Book a tide window on the sheet by the pontoon" in said, result.content
