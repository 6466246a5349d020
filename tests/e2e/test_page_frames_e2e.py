"""Whole-page reads place frame content by the owners' borders
(extension/lib/capture/frameborders.js).

Every whole-page DOMSnapshot but the outline's is taken without DOM rects (they cost more
than half of the call on a big page); the host then places a frame's document at its
<iframe>'s box plus the border read from the owner (``clientLeft``/``clientTop``). The
frame's content must land where it is on screen, in a same-origin frame and a cross-site
(out-of-process) one, in SnapshotV1 and in the DOM channel's whole-page read.
"""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a cached answer (lib/reuse/answer_cache.js)
NOW = {"stabilize": {"enabled": False}, "reuse": False}
# dom/xorigin.html: the iframe at x = 10px margin + 3px border, below the 21px top button + 3px
FRAME_BUTTON_AT = (13, 24)


def _page_url(pages_url: str, frame_base: str) -> str:
    return f"{pages_url}dom/xorigin.html?src={frame_base}dom/frame.html"


def _frame_button(snapshot: dict[str, Any]) -> dict[str, Any]:
    rows = [n for n in node_records(snapshot)
            if n["role"] == "button" and n["name"] == "Frame button"]
    assert len(rows) == 1, rows
    return rows[0]


@pytest.mark.parametrize("site", ["same-origin", "cross-site"])
def test_whole_page_snapshot_places_frame_content_by_the_owner_border(
    browser: Browser, pages_url: str, cross_site_url: str, site: str
) -> None:
    url = _page_url(pages_url, pages_url if site == "same-origin" else cross_site_url)
    browser.open(url)
    # (Chromium's tree with a DOMSnapshot: the walk, the other source, places by its own
    # rects, checked below)
    reply = browser.snapshot_raw(format="snapshot", scope="page", ax_source="chromium", **NOW)
    steps = reply["timings"]["capture_steps"]
    assert "frame_border_ms" in steps  # the borders were read: no DOM rects were asked
    button = _frame_button(reply["result"]["snapshot"])
    assert tuple(button["bbox"][:2]) == FRAME_BUTTON_AT
    # the window read places it from the walker's own rects: the same box
    window = browser.snapshot_raw(format="snapshot", **NOW)["result"]["snapshot"]
    assert _frame_button(window)["bbox"] == button["bbox"]
    # and the whole page from the walk, from the walker's rects: the same box
    walk = browser.snapshot_raw(format="snapshot", scope="page", ax_source="walk", **NOW)
    assert _frame_button(walk["result"]["snapshot"])["bbox"] == button["bbox"]


@pytest.mark.parametrize("source", ["snapshot", "walk"])
def test_whole_page_dom_read_places_frame_content_by_the_owner_border(
    browser: Browser, pages_url: str, source: str
) -> None:
    """Joined to a DOMSnapshot, the frame's content is placed by its owner's border read over
    CDP; from the walk (the default), by the walker's own content-box origin: the same place."""
    browser.open(_page_url(pages_url, pages_url))
    reply = browser.snapshot_raw(format="elements", viewport_only=False, dom_source=source, **NOW)
    assert ("frame_border_ms" in reply["timings"]["capture_steps"]) == (source == "snapshot")
    inner = [e for e in reply["result"]["elements"] if e.get("text") == "Frame button"]
    assert len(inner) == 1
    assert (inner[0]["rect"]["x"], inner[0]["rect"]["y"]) == FRAME_BUTTON_AT
