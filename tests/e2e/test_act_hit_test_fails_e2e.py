"""A hit test that does not answer is not "clear" (issue 32, design note 119).

A button in a cross-site frame (127.0.0.2: out of process, its own DevTools session) below
the frame's fold: the act scrolls it into view and hit-tests its point in checkHit. The test
holds the act right there (a breakpoint in the extension's service worker, over a CDP
connection of its own: no sleep, no race) and swaps the frame's page for a same-site decoy
whose one button fills the frame. The frame's session is gone: DevTools' hit test fails,
and so does the page's own (the node's world went with its document). The act must refuse
with ``hit_test_failed``, naming the frame, and click nothing. Before note 119 the failed
hit test counted as "nothing there" and the act clicked the decoy.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_cdp import BrowserCDP
from page_waits import WITHIN_S, wait_in_page
from worker_hold import act_held_at

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

# checkHit's first statement, the same on main before note 119: the act is held there once
# its point is found (scrolled to, its frame's offset read) and before its hit test
HIT_TEST_START = "const { frame, objectId, contextId } = node;"


def check_hit_line(extension_dir: Path) -> int:
    """The 0-based line of checkHit's first statement in the extension under test."""
    lines = (extension_dir / "lib" / "act" / "geometry.js").read_text().splitlines()
    found = [i for i, line in enumerate(lines) if line.strip() == HIT_TEST_START]
    assert len(found) == 1, found
    return found[0]


def evaluate(cdp: BrowserCDP, target: str, expression: str) -> object:
    return cdp.evaluate_in(target, expression)


def framed_button_id(browser: Browser) -> str:
    """The button's element id, read over a CDP connection of the test's own: frame 1 (the
    page's one frame), its backendNodeId in the frame's own target (below the fold it is in
    no read of the window)."""
    cdp = BrowserCDP(browser)
    try:
        frame = next(info["targetId"] for info in cdp.call("Target.getTargets")["targetInfos"]
                     if info["type"] == "iframe" and info["url"].endswith("/framed.html"))
        session = cdp.call("Target.attachToTarget",
                           {"targetId": frame, "flatten": True})["sessionId"]
        found = cdp.call("Runtime.evaluate", {"expression": "document.getElementById('framed')"},
                         session=session)
        described = cdp.call("DOM.describeNode", {"objectId": found["result"]["objectId"]},
                             session=session)
        cdp.call("Target.detachFromTarget", {"sessionId": session})
    finally:
        cdp.close()
    return f"1-{described['node']['backendNodeId']}"


@pytest.mark.parametrize("mode", ["in_page", "exact"])
def test_a_frame_gone_at_the_hit_test_is_refused_and_nothing_is_clicked(
        browser: Browser, pages_url: str, cross_site_url: str, mode: str) -> None:
    browser.open(f"{pages_url}act/hit_test/frame_goes.html?x={cross_site_url}")
    wait_in_page(browser, "document.body.dataset.ready === '1'")
    page = browser.target_handle
    target = framed_button_id(browser)
    pager = BrowserCDP(browser)
    options = {"exact": True} if mode == "exact" else {}

    def swap_the_frame() -> None:
        # the act is at its hit test: the frame's page becomes a same-site decoy
        evaluate(pager, page, "swapFrame()")
        deadline = time.monotonic() + WITHIN_S
        while evaluate(pager, page, "document.body.dataset.swapped === '1'") is not True:
            assert time.monotonic() < deadline, "the frame was never swapped"
            time.sleep(0.05)

    try:
        result = act_held_at(browser, {
            "urlRegex": r"/lib/act/geometry\.js$",
            "lineNumber": check_hit_line(browser.extension_dir)},
            lambda: browser.act(target, "click", **options), swap_the_frame)
    finally:
        pager.close()
    clicked = str(browser.run_in_target("return document.body.dataset.hits || ''")).split()
    assert clicked == [], f"the act clicked at a point nothing verified: {clicked} ({result})"
    assert not result.ok and result.error is not None, result
    assert result.error.code == "hit_test_failed", result.error
    failure = result.error.hit_test
    assert failure is not None and failure.frame and failure.url.endswith("framed.html"), failure
    assert failure.devtools and failure.in_page, failure
    assert "Nothing was clicked" in result.error.message and result.error.hint
    # the page is read again and acted on as it is now: the decoy takes a click
    again = browser.act("Decoy", "click")
    assert again.ok, again
    wait_in_page(browser, "(document.body.dataset.hits || '').includes('decoy')")
