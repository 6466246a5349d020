"""What a fill's listener read lists (design note 147, issue 32's pace).

DevTools lists a node's listeners in every world when asked with ``pierce`` (the page's, the
extension's content scripts', another extension's), and a window's only in the world of the
handle it is asked off. A fill's rule (lib/act/fill_rule.js) reads the document's listeners,
and each listener listed costs the renderer tens of µs: the answer and AX watches
(content/answerwatch.js, content/axwatch.js) and the readiness clock (content/readiness.js,
note 152) listen on the window, where that read does not list them (every event of a document
passes its window first, but ``load``). The rule still sees a key listener that another world
puts on the field or the document, and takes a listener at one of the content scripts' marked
positions for theirs only on a shadow root (note 152).

Pages: tests/pages/act/fill/insert.html, tests/pages/act/fill/shadow.html.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_cdp import BrowserCDP

from axsnap_host.client import Browser
from axsnap_host.install.extension_dir import find_extension_dir

PAGE = "act/fill/insert.html"
# types only the answer and AX watches listen to
WATCH_ONLY = {"pointerover", "pointerout", "focusin", "focusout", "dragstart", "drop",
              "animationstart", "animationend", "transitionend", "toggle", "beforetoggle",
              "close", "cancel", "fullscreenchange", "visibilitychange"}
# the page's own listeners (its script and the form's onsubmit): all a read of its document
# lists once the readiness clock listens on the window too (content/readiness.js, note 152)
PAGE_OWN = ["change", "input", "keydown", "submit"]


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


def test_the_readiness_clock_puts_no_listener_a_read_of_the_document_lists(
        page_session: tuple[BrowserCDP, str]) -> None:
    """The readiness clock's pointer, key, input, submit, scroll and readystatechange listeners
    are on the window (note 152): a read of the document lists the page's own four and the
    answer watch's load and error."""
    cdp, session = page_session
    # (the answer watch's load and error stay on the document: load never reaches the window)
    on_document = _listeners(cdp, session, "document", depth=0, pierce=True)
    assert sorted(item["type"] for item in on_document) == ["error", "load"]
    whole = _listeners(cdp, session, "document", depth=-1, pierce=True)
    assert sorted(item["type"] for item in whole) == sorted([*PAGE_OWN, "error", "load"])


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


def _own_position(script: str) -> tuple[int, int]:
    """The 0-based line and column of the first function marked as the extension's own in
    content script ``script`` of the extension under test (lib/act/fill_rule.js markedPositions)."""
    marker = "/* axsnap:own-listener */"
    text = (Path(find_extension_dir()) / "content" / script).read_text(encoding="utf-8")
    for n, line in enumerate(text.split("\n")):
        at = line.find(marker)
        if at >= 0:
            col = at + len(marker)
            while line[col] == " ":
                col += 1
            return n, col
    raise AssertionError(f"no marked listener in {script}")


def test_a_page_listener_at_an_own_position_is_the_page_s(browser: Browser, pages_url: str) -> None:
    """A page's key listener on the document whose function sits at the line and column of
    one of the content scripts' own, passive and capturing, is the page's: no listener of
    ours is on the document, only on the window and on shadow roots (note 152)."""
    browser.open(f"{pages_url}{PAGE}")
    browser.snapshot(format="outline")
    before = browser.act("Plain notes", "fill", "one")
    assert before.ok and before.typed_by == "insert_text_no_listeners", before.typed_by
    line, col = _own_position("answerwatch.js")
    placed = browser.run_in_target(
        "const fn = eval('\\n'.repeat(arguments[0]) + ' '.repeat(arguments[1]) + '() => {"
        " window.__keysSeen = (window.__keysSeen || 0) + 1; }');"
        "document.addEventListener('keydown', fn, { capture: true, passive: true }); return 1",
        line, col)
    assert placed == 1
    after = browser.act("Plain notes", "fill", "two")
    assert after.ok and after.typed_by == "keys_listened", after.typed_by
    seen, value = browser.run_in_target(
        "return [window.__keysSeen, document.getElementById('notes').value]")
    assert value == "two" and seen >= 3, seen  # typed key by key: a keydown a character at least


def test_a_field_in_a_shadow_root_where_the_watches_listen_is_inserted(
        browser: Browser, pages_url: str) -> None:
    """The answer and AX watches listen for keys on a shadow root (its events that are not
    composed never reach the window): at their marked positions on a shadow root of the path,
    those are the extension's own, so a plain field there still takes one insert."""
    page = "act/fill/shadow.html"
    browser.open(f"{pages_url}{page}")
    browser.snapshot(format="outline")
    # the watches' key listeners on the shadow root are listed by the rule's read
    cdp = BrowserCDP(browser)
    try:
        target = cdp.page_target(page)
        assert target, "the page's target"
        session = cdp.call("Target.attachToTarget",
                           {"targetId": target, "flatten": True})["sessionId"]
        whole = _listeners(cdp, session, "document", depth=-1, pierce=True)
        cdp.call("Target.detachFromTarget", {"sessionId": session})
    finally:
        cdp.close()
    assert any(item["type"] == "keydown" and item["passive"] and item["useCapture"]
               for item in whole), sorted(item["type"] for item in whole)
    filled = browser.act("Shadow name", "fill", "Ada")
    assert filled.ok and filled.typed_by == "insert_text_no_listeners", filled.typed_by
    value = browser.run_in_target(
        "return document.getElementById('host').shadowRoot.getElementById('inner').value")
    assert value == "Ada"
