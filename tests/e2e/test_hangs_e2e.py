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
    """``scope: "page"`` from Chromium's tree reads the whole DOM tree (the read that hung;
    the walk, the whole page's default source, reads none: design note 68); the default
    window scope does not read it at all."""
    options = {"scope": scope, "ax_source": "chromium"} if scope else {}
    result = browser.snapshot(pages_url + "hangs/deep.html", format="outline", **FAST, **options)
    assert isinstance(result, OutlineResult)
    assert "button: Deepest button" in result.combinedTree
    assert "button: Top button" in result.combinedTree
    if scope == "page":
        assert "dom_depth_fallback" in (result.frames[0].get("notes") or [])


def test_what_the_depth_limit_leaves_out_is_said_in_the_text(browser: Browser,
                                                             pages_url: str) -> None:
    """A button 300 levels deep is past the walker's limit: DOM text, the window outline
    and the semantic view say so in their text, not only in stats (issue 28)."""
    url = pages_url + "hangs/deeper.html"
    dom = browser.snapshot(url, format="domtext", **FAST)
    assert "Top button" in dom.domtext and "Deep button" not in dom.domtext
    assert "nest deeper than" in dom.domtext
    outline = browser.snapshot(format="outline", **FAST).combinedTree
    assert "nest deeper than" in outline
    semantic = browser.snapshot(format="semantic_text", **FAST).text
    assert "nest deeper than" in semantic


def test_a_deeply_nested_out_of_process_frame_is_read_in_slices_at_once(
    browser: Browser, pages_url: str, cross_site_url: str
) -> None:
    """The deep DOM inside a cross-site (out-of-process) frame: its process is probed up
    front like the main frame's, so its tree is read in slices at once, not after the
    whole-tree read's deadline (issue 28): Chromium's tree's read (the walk reads no DOM tree,
    design note 68). Which path was taken is in the frame's
    ``dom_tree_depth`` error: the probe's reason, not the deadline's."""
    url = f"{pages_url}dom/xorigin.html?src={cross_site_url}hangs/deep.html"
    result = browser.snapshot(url, format="outline", scope="page", ax_source="chromium",
                              reuse=False, **FAST)
    assert isinstance(result, OutlineResult)
    assert "button: Deepest button" in result.combinedTree
    oopif = [f for f in result.frames if f.get("outOfProcess")]
    assert len(oopif) == 1 and "dom_depth_fallback" in (oopif[0].get("notes") or [])
    # the main frame's reason starts "main:", a child frame's "frame <id>:"
    reasons = [e["message"] for e in result.raw.get("errors", [])
               if e["step"] == "dom_tree_depth" and e["message"].startswith("frame ")]
    assert reasons and "levels deep" in reasons[0], result.raw.get("errors")
    assert "did not answer" not in reasons[0]
