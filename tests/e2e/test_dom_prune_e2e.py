"""The walker's viewport pruning, end to end: cheap cuts keep what still shows in the window.

tests/pages/dom/prune.html puts controls in the viewport under ancestors whose boxes lie
outside it (fixed and absolute boxes, overflowing content, shadow trees) next to controls
that really are outside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from axsnap_host.client import Browser, DomResult
from axsnap_host.client.file_server import serve_directory

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
PAGES = Path(__file__).resolve().parents[1] / "pages"


def texts(result: DomResult) -> set[str]:
    return {e["text"] for e in result.elements}


def elements(browser: Browser, url: str, **options: Any) -> DomResult:
    result = browser.snapshot(url, format="elements", **FAST, **options)
    assert isinstance(result, DomResult)
    return result


def test_pruned_boxes_keep_what_escapes_them(browser: Browser, pages_url: str) -> None:
    result = elements(browser, pages_url + "dom/prune.html")
    found = texts(result)
    expected = {"Expected top button", "Expected in display contents", "Expected overflow child",
                "Expected fixed in far box", "Expected absolute escapee",
                "Expected fixed in open shadow", "Expected fixed in closed shadow",
                "Expected fixed in clipped box"}
    assert found == expected
    assert all(e["backendNodeId"] for e in result.elements)
    stats = result.raw["stats"]["walker"]
    assert stats["offscreen_subtrees"] >= 3 and stats["positioned"] >= 4
    assert stats["ids"]["resolved"] >= len(expected)


def test_whole_page_walks_the_pruned_boxes_too(browser: Browser, pages_url: str) -> None:
    result = elements(browser, pages_url + "dom/prune.html", viewport_only=False)
    assert {"Pruned far button", "Pruned open shadow button", "Pruned closed shadow button",
            "Pruned clipped button", "Expected fixed in far box"} <= texts(result)
    # the whole page takes the ids of the records it can list from the walk (dom_source
    # "walk", the default), no DOMSnapshot
    assert all(e["backendNodeId"] for e in result.elements)
    assert result.raw["stats"]["walker"]["ids"]["listable"] == 1


def test_same_site_cross_origin_frame_is_resolved_in_its_own_world(
    browser: Browser, pages_url: str
) -> None:
    # another port of 127.0.0.1: cross-origin (walked by its own run) but same site, so the
    # same renderer: its records get backendNodeIds and the frame its CDP id
    with serve_directory(PAGES) as other:
        result = elements(browser, f"{pages_url}dom/xorigin.html?src={other}dom/frame.html")
        found = {e["text"] or e["name"]: e for e in result.elements}
        inner = found["Frame button"]
        assert inner["frame"] == 1 and inner["backendNodeId"]
        assert inner["xpath"] == "/html/body/div/iframe/html/body/button"
        stats = result.raw["stats"]["walker"]
        assert stats["subframes_walked"] == 1 and stats["ids"]["worlds"] == 2
