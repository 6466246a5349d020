"""A hit test that answered, then went stale before the press (issue 32, design note 124).

The page shows a cover over "Pay now" on the first mousemove over it. The act's hit test
before any input finds the button clear; on the main before note 124 the move and the press
went back to back, the press landed on the cover and the act said ``ok: true``. Now the move
goes alone, the point is hit-tested again with the pointer on it, and the act is refused as
``occluded``, naming the cover, with nothing pressed. A tip shown beside a button on hover
refuses nothing, and a button the page replaces by its twin on hover is clicked as before.
No sleeps: the page reacts in its mousemove handler, before the move's input is answered.

A page that changes between that second hit test and the press (design note 124, part 3):
the test holds the act there (a breakpoint in the extension's worker, on the line that sends
the presses) and shows a cover. On the main before the press watch the act said ``ok: true``
for a press the cover took; now the press's own target, read by a capture listener of the
act's world put on for that press, fails the act as ``press_missed``, naming the cover. A
clear press says ``press_seen: true``; a press the page stops at window capture before the
watch sees it, ``press_seen: false`` and no failure; a checkbox pressed through its label
passes. Nothing of the watch stays on the page's window.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from act_results import settled_or_quiet
from browser_cdp import BrowserCDP
from page_waits import wait_in_page
from worker_hold import act_held_at

from axsnap_host.client import Browser
from axsnap_host.models.act import ActionResult

pytestmark = pytest.mark.e2e

MODES = pytest.mark.parametrize("exact", [False, True], ids=["in_page", "exact"])


def opened(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/press_race/cover_on_move.html")
    browser.run_in_target("arm()")
    wait_in_page(browser, "document.body.dataset.armed === '1'")


def hits(browser: Browser) -> list[str]:
    return str(browser.run_in_target("return document.body.dataset.hits || ''")).split()


@MODES
def test_a_cover_shown_when_the_pointer_comes_is_refused_and_nothing_is_pressed(
        browser: Browser, pages_url: str, exact: bool) -> None:
    opened(browser, pages_url)
    pager = BrowserCDP(browser)
    try:
        listening = window_listeners(pager, browser.target_handle)
        result = browser.act("Pay now", "click", exact=exact)
        # refused before the press: the press's watch was taken off all the same
        assert window_listeners(pager, browser.target_handle) == listening, result
    finally:
        pager.close()
    pressed = hits(browser)
    assert pressed == [], f"a press went to {pressed} ({result})"
    assert not result.ok and result.error is not None, result
    assert result.error.code == "occluded", result.error
    cover = result.error.cover
    assert cover is not None and cover.tag == "div", cover
    assert "Special offer" in (cover.label or ""), cover
    assert "nothing was pressed" in result.error.message, result.error.message
    # the page as it is now: the cover shows, and a click on it is the agent's to make
    assert browser.run_in_target("return getComputedStyle(cover).display") == "block"


@MODES
def test_a_hover_tip_beside_and_a_twin_on_hover_take_the_click(
        browser: Browser, pages_url: str, exact: bool) -> None:
    opened(browser, pages_url)
    kept = browser.act("Keep browsing", "click", exact=exact)
    assert kept.ok, kept.error
    assert hits(browser) == ["down:keep", "click:keep"]
    assert browser.run_in_target("return getComputedStyle(tip).display") == "block"
    swapped = browser.act("Swap on hover", "click", exact=exact)
    assert swapped.ok, swapped.error
    assert hits(browser)[-2:] == ["down:swap", "click:swap"]


# -- the press's own target (note 124, part 3) ------------------------------------------------

# input.js clickAt: the line that sends a part of the click; the part after the move (i > 0)
# is the presses, sent once the hit test again with the pointer there passed. The same line on
# main before the press watch: the act is held there, after every check, before the press.
PRESS_LINE = ("if (session.sendInOrder) await session.sendInOrder("
              "part.map((params) => ['Input.dispatchMouseEvent', params]));")
PRESS_EVENTS = ("pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick",
                "dblclick", "contextmenu")


def press_line(extension_dir: Path) -> int:
    """The 0-based line of clickAt's send of its parts in the extension under test."""
    lines = (extension_dir / "lib" / "act" / "input.js").read_text().splitlines()
    found = [i for i, line in enumerate(lines) if line.strip() == PRESS_LINE]
    assert len(found) == 1, found
    return found[0]


def cover_at_press(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/press_race/cover_at_press.html")
    wait_in_page(browser, "document.body.dataset.ready === '1'")


def window_listeners(cdp: BrowserCDP, page: str) -> list[tuple[str, bool, int, int]]:
    """The press's event listeners on the page's window, of every world (the page's, the
    extension's content scripts', an act's): (type, capture, line, column)."""
    session = cdp.call("Target.attachToTarget", {"targetId": page, "flatten": True})["sessionId"]
    try:
        win = cdp.call("Runtime.evaluate", {"expression": "window"}, session=session)
        got = cdp.call("DOMDebugger.getEventListeners",
                       {"objectId": win["result"]["objectId"], "depth": 0}, session=session)
    finally:
        with contextlib.suppress(RuntimeError):
            cdp.call("Target.detachFromTarget", {"sessionId": session})
    return sorted((str(item["type"]), bool(item["useCapture"]), int(item["lineNumber"]),
                   int(item["columnNumber"]))
                  for item in got["listeners"] if item["type"] in PRESS_EVENTS)


def act_held_at_the_press(browser: Browser, target: str, exact: bool,
                          meanwhile: str) -> tuple[ActionResult, bool]:
    """Click ``target`` with the act held (a breakpoint in the worker) on the line that sends
    the presses, every check passed; ``meanwhile`` runs in the page there. The result, and
    whether the page's listeners on its window are as before the act."""
    page = browser.target_handle
    pager = BrowserCDP(browser)
    try:
        listening = window_listeners(pager, page)

        def change_the_page() -> None:
            # every check has passed, the presses are not sent: the page changes now
            assert pager.evaluate_in(page, meanwhile) is True

        result = act_held_at(browser, {
            "urlRegex": r"/lib/act/input\.js$", "lineNumber": press_line(browser.extension_dir),
            "condition": "i > 0"}, lambda: browser.act(target, "click", exact=exact),
            change_the_page)
        return result, window_listeners(pager, page) == listening
    finally:
        pager.close()
        pager.close()


def assert_the_cover_took_it(result: ActionResult) -> None:
    assert not result.ok and result.error is not None, f"ok for the cover's press: {result}"
    assert result.error.code == "press_missed", result.error
    cover = result.error.cover
    assert cover is not None and cover.tag == "div", cover
    assert "Special offer" in (cover.label or ""), cover
    assert "took the press" in result.error.message, result.error.message
    assert "read the page again" in result.error.hint, result.error.hint


@MODES
def test_a_cover_shown_between_the_check_and_the_press_fails_the_act_naming_it(
        browser: Browser, pages_url: str, exact: bool) -> None:
    cover_at_press(browser, pages_url)
    result, unchanged = act_held_at_the_press(browser, "Pay now", exact, "showCover()")
    # the page had the press: it went to the cover (as a person's would have)
    assert hits(browser) == ["down:cover", "click:cover"], result
    assert_the_cover_took_it(result)
    assert unchanged, "the act's watch stayed on the page's window"


@MODES
def test_a_cover_over_a_frame_shown_before_the_press_is_named_from_the_top_document(
        browser: Browser, pages_url: str, exact: bool) -> None:
    """The framed button's own document sees no press: the top document's watch does, and
    names the cover there (not a press "not seen")."""
    browser.open(f"{pages_url}act/press_race/framed_cover.html")
    wait_in_page(browser, "document.body.dataset.ready === '1'")
    result, unchanged = act_held_at_the_press(browser, "Framed pay", exact, "showCover()")
    assert hits(browser) == ["down:cover"], result
    assert browser.run_in_target("return frameHits()") == "", result
    assert_the_cover_took_it(result)
    assert unchanged, "the act's watch stayed on the page's window"


@MODES
def test_a_clear_press_a_press_the_page_stops_first_and_a_press_on_a_label(
        browser: Browser, pages_url: str, exact: bool) -> None:
    cover_at_press(browser, pages_url)
    pager = BrowserCDP(browser)
    try:
        page = browser.target_handle
        listening = window_listeners(pager, page)
        plain = browser.act("Plain button", "click", exact=exact)
        assert plain.ok and plain.press_seen is True, plain
        # the watch sets no timer: readiness still proves nothing was scheduled (when it ended
        # on a settle check: under load one past its second leaves it to the quiet window)
        if not exact and settled_or_quiet(plain):
            assert plain.readiness and plain.readiness.settled_by == "nothing_scheduled", plain
        assert hits(browser) == ["down:plain", "click:plain"]
        # the page stops the press at window capture, before the act's watch: not seen, no failure
        guarded = browser.act("Guarded action", "click", exact=exact)
        assert guarded.ok and guarded.press_seen is False, guarded
        assert hits(browser)[-1] == "guarded"
        # a hidden checkbox under its shown label: the press went to the label, the target's own
        terms = browser.act("Accept the terms", "check", exact=exact)
        assert terms.ok and terms.press_seen is True, terms
        assert hits(browser)[-3:] == ["down:label", "click:label", "click:terms"], terms.timings
        assert browser.run_in_target("return document.getElementById('terms').checked") is True
        assert window_listeners(pager, page) == listening, "the act's watch stayed on the window"
    finally:
        pager.close()


# The worker's DevTools commands from now on: [method, its function's head or its event type].
TRACE_CALLS = """(() => {
  globalThis.__axsnapPressCalls = [];
  if (!globalThis.__axsnapPressWrapped) {
    globalThis.__axsnapPressWrapped = true;
    const send = chrome.debugger.sendCommand.bind(chrome.debugger);
    chrome.debugger.sendCommand = (target, method, params, ...rest) => {
      globalThis.__axsnapPressCalls?.push([method,
        String(params?.functionDeclaration ?? params?.type ?? '').slice(0, 300)]);
      return send(target, method, params, ...rest);
    };
  }
  return true;
})()"""
TAKE_CALLS = """(() => {
  const got = globalThis.__axsnapPressCalls;
  globalThis.__axsnapPressCalls = null;
  return got;
})()"""


@MODES
def test_a_clear_press_is_read_beside_the_move_and_its_handle_is_not_released_after(
        browser: Browser, pages_url: str, exact: bool) -> None:
    # note 134: the watch's read goes beside the move, and the page answers it as the watch sees
    # the last release; on main 46e693e the read (finish()) and the release of the watch's handle
    # only followed the presses. The answer at release usually reaches the worker before the
    # presses' own, but not always (a fresh-clone CI run under load saw it come after them, and
    # readPress then asks finish(), which brings the same record): so whether a finish() follows
    # is not asserted, only what is certain
    cover_at_press(browser, pages_url)
    cdp = BrowserCDP(browser)
    try:
        worker = cdp.worker_target()
        assert worker is not None, "the extension's service worker is not running"
        assert cdp.evaluate_in(worker, TRACE_CALLS) is True
        plain = browser.act("Plain button", "click", exact=exact)
        sent = cdp.evaluate_in(worker, TAKE_CALLS)
    finally:
        cdp.close()
    assert plain.ok and plain.press_seen is True, plain
    assert hits(browser) == ["down:plain", "click:plain"]
    assert isinstance(sent, list), "the worker was restarted during the act"
    mouse = [i for i, (method, _) in enumerate(sent) if method == "Input.dispatchMouseEvent"]
    assert [sent[i][1] for i in mouse] == ["mouseMoved", "mousePressed", "mouseReleased"], sent
    assert any("whenOff" in head for _, head in sent[:mouse[0]]), "the read goes beside the move"
    after = sent[mouse[-1] + 1:]
    assert not [c for c in after if "whenOff" in c[1]], after
    assert "Runtime.releaseObject" not in [method for method, _ in after], after
