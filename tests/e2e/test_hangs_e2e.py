"""Pages that used to hang a capture step: every step has a deadline now.

- ``<iframe src="javascript:void(0)">`` (ad slots): its document never finishes loading, and
  an injection that waits for it never returned, so DOM text, elements and SoM never
  answered. The walker is injected at once (and the all-frames walk has a deadline).
- A DOM nested ~95-149 deep: Chromium does not answer ``DOM.getDocument(depth -1)``; the
  outline's read has a deadline and falls back to slices (frame note ``dom_depth_fallback``).
"""

from __future__ import annotations

import pytest

from axsnap_host.client import Browser, DomResult, OutlineResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 2000}}


@pytest.mark.parametrize("fmt", ["domtext", "elements", "som"])
def test_javascript_url_iframes_do_not_hold_the_dom_channel(
    browser: Browser, pages_url: str, fmt: str
) -> None:
    result = browser.snapshot(pages_url + "hangs/jsframe.html", format=fmt, **FAST)
    assert isinstance(result, DomResult)
    names = {e["name"] for e in result.elements}
    assert {"Read more", "Next story"} <= names


@pytest.mark.parametrize("scope", ["page", None])
def test_a_deeply_nested_dom_does_not_hold_the_outline(
    browser: Browser, pages_url: str, scope: str | None
) -> None:
    """``scope: "page"`` reads the whole DOM tree (the read that hung); the default window
    scope does not read it at all."""
    options = {"scope": scope} if scope else {}
    result = browser.snapshot(pages_url + "hangs/deep.html", format="outline", **FAST, **options)
    assert isinstance(result, OutlineResult)
    assert "button: Deepest button" in result.combinedTree
    assert "button: Top button" in result.combinedTree
    if scope == "page":
        assert "dom_depth_fallback" in (result.frames[0].get("notes") or [])
