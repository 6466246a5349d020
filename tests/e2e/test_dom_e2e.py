"""DOM channel end to end: the walker in real Chromium through the extension and the host."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser, DomResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def dom(browser: Browser, url: str | None = None, **options: Any) -> DomResult:
    result = browser.snapshot(url, format="elements", **FAST, **options)
    assert isinstance(result, DomResult)
    return result


def by_text(result: DomResult) -> dict[str, dict[str, Any]]:
    return {e["text"] or e["name"]: e for e in result.elements}


def test_reaches_shadow_roots_and_iframe_and_drops_hidden(browser: Browser, pages_url: str) -> None:
    result = dom(browser, pages_url + "dom/basic.html")
    found = by_text(result)
    for text in ("Open shadow button", "Closed shadow button", "Frame button", "Clickable div",
                 "Settings", "Role button", "Focusable", "Action attr", "Editable", "Home",
                 "Listener div"):
        assert text in found, (text, sorted(found))
    for text in ("Hidden by display", "Hidden by opacity", "Hidden by visibility",
                 "Covered by modal", "Below the fold", "Just text, not interactive"):
        assert text not in found, text
    assert "#shadow-root" in found["Closed shadow button"]["xpath"]
    assert found["Frame button"]["frame"] == 1
    assert found["Frame button"]["xpath"] == "/html/body/iframe/html/body/button"
    # the same-origin frame is walked from the top frame; its own injection stands down
    walker_stats = result.raw["stats"]["walker"]
    assert walker_stats["frames_injected"] == 2 and walker_stats["subframes_walked"] == 0
    assert all(e["backendNodeId"] for e in result.elements)
    assert found["Settings"]["reasons"] == ["pointer"]
    assert found["Clickable div"]["tagName"] == "div"
    # a click listener is invisible to the isolated world; DOMSnapshot isClickable sees it
    assert found["Listener div"]["reasons"] == ["clickable"]
    lines = result.domtext.splitlines()
    assert lines[0] == "[Viewport: 1265x757]" and lines[5] == "Interactive Elements:"
    create = found["+"]
    line = f'[{create["index"]}] <button> role="button" id="create" aria-label="Create" "+"'
    assert line in lines
    # the password's value stays in the host
    assert "hunter2secret" not in result.domtext
    assert "hunter2secret" not in str(result.raw)


def test_viewport_options(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "dom/basic.html")
    assert "Below the fold" not in by_text(dom(browser))
    whole = by_text(dom(browser, viewport_only=False))
    assert whole["Below the fold"]["inViewport"] is False
    assert "Covered by modal" not in whole
    expanded = by_text(dom(browser, viewport_expand_px=2000))
    assert "Below the fold" in expanded
    near = by_text(dom(browser, viewport_expand_px=50))
    assert "Below the fold" not in near


def test_snapshot_makes_no_mutation(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "dom/basic.html")
    browser.run_in_target("window.__mutations = 0; window.__mutationLog = [];"
                     "document.querySelector('iframe').contentWindow.__mutations = 0;")
    dom(browser)
    dom(browser, viewport_only=False)
    assert browser.run_in_target("return window.__mutationLog") == []
    frame_mutations = "return document.querySelector('iframe').contentWindow.__mutations"
    assert browser.run_in_target(frame_mutations) == 0


def _indices(result: DomResult) -> dict[str, int]:
    """text → index, for elements with a unique text (the Delete buttons use their row)."""
    out: dict[str, int] = {}
    for e in result.elements:
        key = e["text"]
        if key == "Delete":
            key = "Delete " + e["xpath"]
        out[key] = e["index"]
    return out


def test_indices_are_stable(browser: Browser, pages_url: str) -> None:
    first = dom(browser, pages_url + "dom/list.html")
    again = dom(browser)
    assert [e["index"] for e in again.elements] == [e["index"] for e in first.elements]
    assert again.indices == {"added": [], "removed": []}
    before = {e["text"]: e["index"] for e in first.elements if e["text"] != "Delete"}
    deletes = [e["index"] for e in first.elements if e["text"] == "Delete"]

    browser.run_in_target("insertTop()")
    inserted = dom(browser)
    now = {e["text"]: e["index"] for e in inserted.elements if e["text"] != "Delete"}
    assert now["Inserted at top"] > max(before.values())
    assert {k: v for k, v in now.items() if k != "Inserted at top"} == before
    assert inserted.indices["added"] == [now["Inserted at top"]]

    browser.run_in_target("window.scrollTo(0, 200)")
    scrolled = {e["text"]: e["index"] for e in dom(browser).elements if e["text"] != "Delete"}
    assert "Inserted at top" not in scrolled
    assert all(now[k] == v for k, v in scrolled.items())
    browser.run_in_target("window.scrollTo(0, 0)")
    back = {e["text"]: e["index"] for e in dom(browser).elements if e["text"] != "Delete"}
    assert back == now

    browser.run_in_target("render()")
    rerendered = dom(browser)
    assert {e["text"]: e["index"] for e in rerendered.elements if e["text"] != "Delete"} == now
    assert [e["index"] for e in rerendered.elements if e["text"] == "Delete"] == deletes
    assert rerendered.indices == {"added": [], "removed": []}

    browser.run_in_target("removeItem('Beta'); addItem('Epsilon')")
    changed = dom(browser)
    after = {e["text"]: e["index"] for e in changed.elements if e["text"] != "Delete"}
    gone = {now["Open Beta"], deletes[1]}
    assert "Open Beta" not in after
    assert not gone & {e["index"] for e in changed.elements}
    assert set(changed.indices["removed"]) == gone
    high = max(max(now.values()), *deletes)
    assert after["Open Epsilon"] > high
    assert {k: v for k, v in after.items() if k != "Open Epsilon"} == {
        k: v for k, v in now.items() if k != "Open Beta"}
    remaining = [e["index"] for e in changed.elements if e["text"] == "Delete"]
    assert remaining[:3] == [deletes[0], deletes[2], deletes[3]] and remaining[3] > high


def test_new_document_starts_fresh(browser: Browser, pages_url: str) -> None:
    dom(browser, pages_url + "dom/list.html")
    browser.run_in_target("insertTop()")
    dom(browser)
    reloaded = dom(browser, pages_url + "dom/list.html")
    assert sorted(e["index"] for e in reloaded.elements) == list(
        range(1, len(reloaded.elements) + 1))


def test_cross_origin_frame_is_walked_and_stitched(
    browser: Browser, pages_url: str, cross_site_url: str
) -> None:
    url = f"{pages_url}dom/xorigin.html?src={cross_site_url}dom/frame.html"
    result = dom(browser, url)
    found = by_text(result)
    assert found["Top button"]["name"] == "Top button"  # AX facts stay per frame
    inner = found["Frame button"]
    assert inner["frame"] == 1
    assert inner["xpath"] == "/html/body/div/iframe/html/body/button"
    # iframe at x = 10px margin + 3px border, below the 21px top button + 3px border
    assert (inner["rect"]["x"], inner["rect"]["y"]) == (13, 24)
    stats = result.raw["stats"]["walker"]
    assert stats["all_frames"] is True and stats["frames_skipped"] == 1
    assert stats["subframes_walked"] == 1


def test_dom_text_delta_after_a_click(browser: Browser, pages_url: str) -> None:
    """compression="delta" on DOM text: after a click that checks one box and adds a row,
    the delta holds exactly that checkbox line, the row's two controls and the taller
    page's scroll line, and the result
    rebuilt from the base is the DOM text a full read gives."""
    page = pages_url + "outline/compact.html"
    first = browser.snapshot(page, format="domtext", compression="delta", **FAST)
    assert isinstance(first, DomResult) and first.delta is not None
    assert first.delta["applied"] is False and first.snapshot_id.startswith("dom-")
    browser.run_in_target("document.getElementById('complete').click()")
    second = browser.snapshot(format="domtext", compression="delta", **FAST)
    assert isinstance(second, DomResult) and second.is_delta and second.materialized
    delta = second.delta or {}
    assert delta["base_snapshot_id"] == first.snapshot_id
    ops = [(c["op"], c["line"]) for c in delta["changes"]]
    # the page grew by a row: the scroll header says so too
    assert [op for op, _line in ops] == ["changed"] * 2 + ["added"] * 2, delta["text"]
    assert ops[0][1].startswith("[Scroll: Y=0/")
    assert 'aria-label="Done: Write report" checked' in ops[1][1]
    assert 'aria-label="Done: Buy milk"' in ops[2][1] and '"Delete Buy milk"' in ops[3][1]
    assert delta["size"]["tokens"] < first.size["tokens"] / 3
    full = browser.snapshot(format="domtext", **FAST)
    assert isinstance(full, DomResult)
    assert second.domtext == full.domtext and second.elements == full.elements
    assert second.hash == full.hash and second.size == delta["full_size"]
