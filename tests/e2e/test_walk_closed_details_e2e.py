"""What a closed ``<details>`` holds past its summary, and what ``hidden="until-found"`` holds,
is not shown, and every read says so, whatever a page's script measured before it (design
note 324), through the extension and the host in Debian Chromium
(tests/pages/closed_details.html, after pretalx's side menu, the search in a closed
``<details>``). Chromium renders neither, and its accessibility tree holds neither. Their boxes
are zero until a script asks for one, then real. The walk read "no box: hidden" on a fresh
page and "shown" once the page's own layout code (or any earlier measure) had asked: pretalx's
search box was in the second read of the same page and not in the first."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "closed_details.html"
HIDDEN = ("Search plots", "Go", "Search help", "I have read the rules")
# what a page's layout code does: measure boxes (no change to the document)
MEASURE = ("for (const id of ['finder-query', 'finder-go', 'finder-help', 'rules-ok'])"
           " document.getElementById(id).getBoundingClientRect();")


def _labels(elements: list[dict[str, Any]]) -> list[str]:
    return [" ".join(str(e.get(k) or "") for k in ("label", "name", "text", "placeholder"))
            for e in elements]


def _said(result: Any) -> str:
    return result.domtext if hasattr(result, "domtext") else " | ".join(_labels(result.elements))


@pytest.mark.parametrize("measured", [False, True])
@pytest.mark.parametrize("viewport_only", [True, False])
def test_a_closed_details_content_is_hidden_in_every_read(
        browser: Browser, pages_url: str, measured: bool, viewport_only: bool) -> None:
    browser.open(pages_url + PAGE)
    if measured:
        browser.run_in_target(MEASURE)
    for fmt in ("domtext", "semantic"):
        said = _said(browser.snapshot(None, format=fmt, viewport_only=viewport_only,
                                      reuse=False))
        assert "Find a plot" in said and "Book plot 14" in said, (fmt, said)
        for words in HIDDEN:
            assert words not in said, (fmt, words, said)


def test_the_content_is_read_once_the_details_opens(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    browser.run_in_target(MEASURE)
    browser.act("Find a plot", "click")
    said = _said(browser.snapshot(None, format="domtext", reuse=False))
    for words in ("Search plots", "Go", "Search help"):
        assert words in said, (words, said)
    assert "I have read the rules" not in said, said


def test_the_walks_accessibility_rows_hold_what_chromiums_tree_holds(
        browser: Browser, pages_url: str) -> None:
    # SnapshotV1 of the whole page from the walk (no Chromium tree) names what Chromium's
    # own tree names: the summary, not the search past it nor what is hidden until found.
    browser.open(pages_url + PAGE)
    browser.run_in_target(MEASURE)
    names = {}
    for source in ("chromium", "walk"):
        snap = browser.snapshot(None, scope="page", ax_source=source, reuse=False)
        names[source] = [(n.role, n.name) for n in snap.ax_tree.nodes if n.name]
    assert ("DisclosureTriangle", "Find a plot") in names["chromium"], names
    assert names["walk"] == names["chromium"], names
