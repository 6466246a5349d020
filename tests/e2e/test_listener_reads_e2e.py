"""What a fill's listener read lists (design note 147, issue 32's pace).

DevTools lists a node's listeners in every world when asked with ``pierce`` (the page's, the
extension's content scripts', another extension's), and a window's only in the world of the
handle it is asked off. A fill's rule (lib/act/fill_rule.js) reads the document's listeners,
and each listener listed costs the renderer tens of µs: the answer and AX watches
(content/answerwatch.js, content/axwatch.js) listen on the window, where that read does not list
them (every event of a document passes its window first, but ``load``). The rule still sees a
key listener that another world puts on the field or the document.

Page: tests/pages/act/fill/insert.html.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from browser_cdp import BrowserCDP

from axsnap_host.client import Browser

PAGE = "act/fill/insert.html"
# types only the answer and AX watches listen to (readiness.js listens on the document for
# pointer, key, input, change, submit, wheel, scroll and readystatechange)
WATCH_ONLY = {"pointerover", "pointerout", "focusin", "focusout", "dragstart", "drop",
              "animationstart", "animationend", "transitionend", "toggle", "beforetoggle",
              "close", "cancel", "fullscreenchange", "visibilitychange"}


@pytest.fixture
def page_session(browser: Browser, pages_url: str) -> Iterator[tuple[BrowserCDP, str]]:
    """The fill page opened, and a DevTools session on its tab (flattened)."""
    browser.open(f"{pages_url}{PAGE}")
    browser.snapshot(format="outline")
    cdp = BrowserCDP(browser)
    target = cdp.page_target(PAGE)
    assert target, "the page's target"
    session = cdp.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        yield cdp, session
    finally:
        with contextlib.suppress(RuntimeError):
            cdp.call("Target.detachFromTarget", {"sessionId": session})
        cdp.close()


def _listeners(cdp: BrowserCDP, session: str, expression: str, **read: Any) -> list[Any]:
    found = cdp.call("Runtime.evaluate", {"expression": expression}, session=session)
    got = cdp.call("DOMDebugger.getEventListeners",
                   {"objectId": found["result"]["objectId"], **read}, session=session)
    return list(got["listeners"])


def _in_another_world(cdp: BrowserCDP, session: str, script: str) -> None:
    """Run ``script`` in a fresh isolated world of the top frame, as another extension's
    content script runs."""
    frame = cdp.call("Page.getFrameTree", session=session)["frameTree"]["frame"]["id"]
    world = cdp.call("Page.createIsolatedWorld", {"frameId": frame, "worldName": "another"},
                     session=session)["executionContextId"]
    cdp.call("Runtime.evaluate", {"expression": script, "contextId": world}, session=session)


def test_the_watches_put_no_listener_a_read_of_the_document_lists(
        page_session: tuple[BrowserCDP, str]) -> None:
    cdp, session = page_session
    on_document = _listeners(cdp, session, "document", depth=0, pierce=True)
    listed = sorted({item["type"] for item in on_document} & WATCH_ONLY)
    assert not listed, f"the watches still listen on the document: {listed}"
    # what the fill rule reads: the whole document, every world (22 on this page, 63 before)
    whole = _listeners(cdp, session, "document", depth=-1, pierce=True)
    assert not {item["type"] for item in whole} & WATCH_ONLY


def test_a_key_listener_another_world_puts_on_the_field_or_its_document_is_seen(
        browser: Browser, pages_url: str, page_session: tuple[BrowserCDP, str]) -> None:
    cdp, session = page_session
    plain = browser.act("Plain name", "fill", "Ada")
    assert plain.ok and plain.typed_by == "insert_text_no_listeners", plain.typed_by
    _in_another_world(cdp, session, "document.getElementById('plain')"
                      ".addEventListener('keydown', () => {}); 1")
    on_field = browser.act("Plain name", "fill", "Grace")
    assert on_field.ok and on_field.typed_by == "keys_listened", on_field.typed_by
    notes = browser.act("Plain notes", "fill", "one")
    assert notes.ok and notes.typed_by == "insert_text_no_listeners", notes.typed_by
    _in_another_world(cdp, session, "document.addEventListener('input', () => {}); 1")
    on_document = browser.act("Plain notes", "fill", "two")
    assert on_document.ok and on_document.typed_by == "keys_listened", on_document.typed_by
    assert browser.run_in_target("return document.getElementById('notes').value") == "two"
