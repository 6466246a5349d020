"""Issue 26, "never a stale page": one regression test per way a fast path answered with a page
that was no longer there. Each opens tests/pages/stale/, reads it (so every kept state exists:
the cached answer, the AX window, the AX cache), changes it in a way no ordinary DOM mutation
shows, and reads again: the read must show the change, and equal an ``exact`` read (every
fast path off, models/fast_paths.py) of the same state.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest
from page_waits import wait_in_page
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

PAGE = "stale/index.html"
WINDOW_PAGE = "stale/window.html"  # nothing the journals are blind to: the patched path
Reply = dict[str, Any]


def _content(reply: Reply) -> Any:
    """What a read says of the page, without ids, times and how it was read."""
    result = json.loads(json.dumps(reply["result"]))
    for key in ("timings", "snapshot_id", "trace_id", "size", "indices", "stats"):
        result.pop(key, None)
    snapshot = result.get("snapshot")
    if snapshot:
        for key in ("snapshot_id", "ts", "trace_id", "stabilization", "quality", "timings"):
            snapshot.pop(key, None)
    return result


def _rows(reply: Reply) -> list[tuple[Any, ...]]:
    return [(n["depth"], n["role"], n["name"], json.dumps(n["state"], sort_keys=True),
             n.get("url"), n.get("isClickable"))
            for n in node_records(reply["result"]["snapshot"])]


def _says(reply: Reply, text: str) -> bool:
    return text in json.dumps(reply["result"])


def _kept(reply: Reply) -> bool:
    return reply["timings"].get("kept_answer") is not None


def _read_twice(browser: Browser, url: str, **options: Any) -> Reply:
    """Open ``url`` and read it twice: every fast path holds this state afterwards."""
    browser.open(url)
    wait_in_page(browser, "document.readyState === 'complete'")
    browser.snapshot_raw(**options)
    return browser.snapshot_raw(**options)


def _exact_equal(browser: Browser, after: Reply, **options: Any) -> None:
    exact = browser.snapshot_raw(exact=True, **options)
    assert not _kept(exact)
    assert _content(after) == _content(exact), "the read differs from an exact read"


READS: dict[str, dict[str, Any]] = {
    "domtext": {"format": "domtext"},
    "snapshot": {"format": "snapshot"},
    "outline": {"format": "outline"},
    "snapshot page": {"format": "snapshot", "scope": "page"},
}

# item 1 (and 4): a change the cached answer's proof (and the AX caches) did not see:
# (the change, a condition it has taken effect, the text the read must show or not show)
CHANGES: dict[str, tuple[str, str, str, bool]] = {
    "waapi fill forwards": (
        "document.getElementById('anim').animate([{visibility: 'hidden'}],"
        " {duration: 30, fill: 'forwards'})",
        "document.getAnimations().every((a) => a.playState === 'finished')",
        "Animated line", False),
    "custom state": (
        "document.getElementById('state').states.add('open')",
        "getComputedStyle(document.querySelector('#state > button')).display !== 'none'",
        "State shown", True),
    "slot assign": ("document.getElementById('manual').shadowRoot.querySelector('slot')"
                    ".assign(document.getElementById('mb'))", "true", "Manual B", True),
    "popover in shadow root": (
        "document.getElementById('popper').shadowRoot.getElementById('pop').showPopover()",
        "true", "Popover text", True),
    "setCustomValidity": ("document.getElementById('code').setCustomValidity('bad')",
                          "document.querySelector('#code:invalid')", "Invalid marker", True),
    "customElements.define": ("customElements.define('x-late', class extends HTMLElement {})",
                              "customElements.get('x-late')", "Defined later", True),
    "closed root on a div": (
        "window.closedRoot.querySelector('button').textContent = 'Closed after'",
        "true", "Closed after", True),
    "CSSOM rule edited": (
        "[...document.getElementById('rules').sheet.cssRules]"
        ".find((r) => r.selectorText === '#cssom').style.display = 'block'",
        "getComputedStyle(document.getElementById('cssom')).display === 'block'",
        "CSSOM line", True),
}


@pytest.mark.parametrize("read", list(READS))
@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_change_no_mutation_shows_is_read(browser: Browser, pages_url: str, kind: str,
                                           read: str) -> None:
    options = READS[read]
    change, done, text, shown = CHANGES[kind]
    before = _read_twice(browser, pages_url + PAGE, **options)
    assert _says(before, text) is not shown
    browser.driver.execute_script(change)
    wait_in_page(browser, done)
    after = browser.snapshot_raw(**options)
    assert _says(after, text) is shown, f"stale: {text!r} {'missing' if shown else 'still there'}"
    # item 4: turning cached answers off is a safe fallback (the AX caches see it too)
    assert _says(browser.snapshot_raw(reuse=False, **options), text) is shown
    _exact_equal(browser, after, **options)


def test_media_muted_is_not_answered_from_before(browser: Browser, pages_url: str) -> None:
    """A muted or louder video changes its controls with no mutation."""
    before = _read_twice(browser, pages_url + PAGE, format="snapshot")
    browser.driver.execute_script("document.getElementById('vid').muted = true;"
                                  "document.getElementById('vid').volume = 0.2")
    after = browser.snapshot_raw(format="snapshot")
    assert not _kept(after), "a muted video was answered from before"
    assert before is not after
    _exact_equal(browser, after, format="snapshot")


def test_hover_after_document_open_is_read(browser: Browser, pages_url: str) -> None:
    """document.open() drops the content scripts' listeners: no hover is heard after it."""
    browser.open(pages_url + "stale/rewrite.html")
    browser.driver.execute_script(
        "document.open(); document.write('<!doctype html><style>.tip{display:none}"
        "#hov:hover .tip{display:inline}</style><div id=\"hov\" style=\"padding:20px\">"
        "Hover here <button class=\"tip\">Tip on hover</button></div>'); document.close();")
    wait_in_page(browser, "document.getElementById('hov')")
    browser.snapshot_raw(format="domtext")
    before = browser.snapshot_raw(format="domtext")
    assert not _says(before, "Tip on hover")
    hover = browser.driver.find_element(By.ID, "hov")
    ActionChains(browser.driver).move_to_element(hover).perform()
    wait_in_page(browser, "document.querySelector('#hov:hover')")
    after = browser.snapshot_raw(format="domtext")
    assert _says(after, "Tip on hover"), "stale: the hover after document.open() was missed"


# item 2: an element shown by CSS keyed on another element; item 6: a button moved to another
# slot; items 8, 9: what a patched window read rendered after an unrelated change (a label's
# text rows, node counts, ListMarker rows with pruned: false). (Item 7: further down.)
WINDOW_CHANGES: dict[str, tuple[str, Callable[[Reply], bool]]] = {
    ":has() shows a sibling": ("document.getElementById('hascheck').checked = true",
                               lambda r: _says(r, "Extra shown")),
    ":first-child carousel": ("document.querySelector('#slides > button').remove()",
                              lambda r: _says(r, "Slide two")),
    "el.slot moved": ("document.getElementById('moved').slot = 'b'",
                      lambda r: _group_of(r, "Moved button") == "Group B"),
    "unrelated text": ("document.getElementById('other').textContent = 'Other changed'",
                       lambda r: _says(r, "Other changed")),
}


def _group_of(reply: Reply, name: str) -> str | None:
    records = node_records(reply["result"]["snapshot"])
    by_id = {n["id"]: n for n in records}
    node = next((n for n in records if n["name"] == name), None)
    while node is not None:
        if node["role"] == "group":
            return node["name"]
        node = by_id.get(node["parent"])
    return None


@pytest.mark.parametrize("pruned", [True, False])
@pytest.mark.parametrize("kind", list(WINDOW_CHANGES))
def test_a_window_read_after_a_change_equals_an_exact_read(
        browser: Browser, pages_url: str, kind: str, pruned: bool) -> None:
    options = {"format": "snapshot", "pruned": pruned}
    change, shows = WINDOW_CHANGES[kind]
    # the same change in a document no read has seen: nothing kept to patch
    browser.open(pages_url + WINDOW_PAGE)
    wait_in_page(browser, "document.readyState === 'complete'")
    browser.driver.execute_script(change)
    fresh = browser.snapshot_raw(**options)
    before = _read_twice(browser, pages_url + WINDOW_PAGE, **options)
    assert not shows(before)
    browser.driver.execute_script(change)
    after = browser.snapshot_raw(**options)
    assert shows(after), f"stale after {kind}"
    assert _rows(after) == _rows(fresh), "differs from a first read of the same page"
    counts = ("nodes_total", "nodes_kept", "nodes_pruned")
    quality = (after["result"]["snapshot"]["quality"], fresh["result"]["snapshot"]["quality"])
    assert [quality[0].get(k) for k in counts] == [quality[1].get(k) for k in counts]
    assert shows(browser.snapshot_raw(reuse=False, **options))
    assert _rows(after) == _rows(browser.snapshot_raw(exact=True, **options))


BASES: dict[str, str] = {
    "pushState": "history.pushState({}, '', 'app/v2/index.html')",
    "base href": "const b = document.createElement('base'); b.href = 'app/v2/';"
                 " document.head.prepend(b)",
}


@pytest.mark.parametrize("scope", ["viewport", "page"])
@pytest.mark.parametrize("how", list(BASES))
def test_link_urls_follow_the_documents_base(browser: Browser, pages_url: str, how: str,
                                             scope: str) -> None:
    """Item 3: a relative link resolves against the base URL of now."""
    options = {"format": "snapshot", "scope": scope}
    before = _read_twice(browser, pages_url + WINDOW_PAGE, **options)
    assert _says(before, "stale/settings.html")
    browser.driver.execute_script(BASES[how])
    href = browser.driver.execute_script("return document.getElementById('rel').href")
    assert href.endswith("/stale/app/v2/settings.html")
    for reply in (browser.snapshot_raw(**options), browser.snapshot_raw(reuse=False, **options)):
        links = [n for n in node_records(reply["result"]["snapshot"]) if n["name"] == "Settings"
                 and n["role"] == "link"]
        # a same-origin URL is said as its path
        assert links and all(n["state"].get("url") == urlsplit(href).path for n in links), links



# item 5: updates every 100 ms where the light DOM's observer does not look; each tick is
# noted on the page's own clock (window.__ticks)
EVERY_100_MS = ("window.__ticks = []; window.__busy = setInterval(() => {"
                " window.__ticks.push(performance.now()); %s }, 100)")
BUSY: dict[str, str] = {
    "shadow root": EVERY_100_MS % (
        "document.getElementById('shadowclick').shadowRoot"
        ".getElementById('target').textContent = `T ${performance.now()}`;"),
    "same-origin frame": EVERY_100_MS % (
        "document.getElementById('inner').contentDocument"
        ".getElementById('tick').textContent = `${performance.now()}`;"),
    "input value": EVERY_100_MS % "document.getElementById('prop').value = `${performance.now()}`;",
    # a counter in binary over ten boxes: a box toggled back and forth would leave the state the
    # last reading compared with after an even number of ticks (states set by a script are
    # compared at each reading, not watched), and the verdict would hang on that parity
    "checked state": EVERY_100_MS % "const n = window.__ticks.length;"
                                    " document.querySelectorAll('.bit').forEach((c, i) => {"
                                    " c.checked = ((n >> i) & 1) === 1; });",
}
BUSY_PAGE = {"checked state": "stale/bits.html"}
QUIET = {"quiet_ms": 1000, "max_wait_ms": 2500}
READS_OF_A_STARVED_PAGE = 5  # reads a ticker paused past the quiet window may make quiet


def _longest_pause(browser: Browser, since: float) -> float:
    """The longest time since ``since`` (the page's clock) that the page's ticker did not run.
    A renderer starved on a loaded machine can pause its 100 ms timer past the quiet window:
    the page then really was quiet that long, and a quiet verdict is honest."""
    return float(browser.driver.execute_script(
        "const t = [arguments[0], ...window.__ticks.filter((x) => x >= arguments[0]),"
        " performance.now()];"
        "let gap = 0; for (let i = 1; i < t.length; i++) gap = Math.max(gap, t[i] - t[i - 1]);"
        "return gap;", since))


def _busy_reads(browser: Browser, ticks_seen: bool = False) -> None:
    """A read and a wait_ready of the busy page both say it is not ready. ``ticks_seen``: the
    ticker is the page's own (window.__ticks), so a quiet verdict is checked against it: allowed
    only when the ticker paused a whole quiet window, and the read is then made again."""
    def snapshot() -> tuple[bool, Any]:
        report = browser.snapshot_raw(format="snapshot", stabilize=QUIET)["result"]["snapshot"]
        return report["stabilization"]["stabilized"], report["stabilization"]

    def ready() -> tuple[bool, Any]:
        got = browser.wait_ready(**QUIET)
        return got.ready, got

    for read in (snapshot, ready):
        for _ in range(READS_OF_A_STARVED_PAGE if ticks_seen else 1):
            since = browser.driver.execute_script("return performance.now()") if ticks_seen else 0
            quiet, verdict = read()
            if not quiet:
                break
            assert ticks_seen and _longest_pause(browser, since) >= QUIET["quiet_ms"], verdict
        else:
            pytest.fail(f"the page's ticker paused past the quiet window in every read: {verdict}")
        if read is snapshot:
            assert "dom_mutations" in verdict["reasons"], verdict


@pytest.mark.parametrize("where", list(BUSY))
def test_readiness_sees_changes_beyond_the_light_dom(browser: Browser, pages_url: str,
                                                     where: str) -> None:
    page = BUSY_PAGE.get(where, PAGE)
    browser.open(pages_url + page)
    if page == PAGE:
        wait_in_page(browser,
                     "document.getElementById('inner').contentDocument?.getElementById('tick')")
    browser.driver.execute_script(BUSY[where])
    # the first tick before the first read: a read before it may find the page as quiet as it
    # was since it loaded, which it then was
    wait_in_page(browser, "window.__ticks.length > 0")
    try:
        _busy_reads(browser, ticks_seen=True)
    finally:
        browser.driver.execute_script("clearInterval(window.__busy)")


def test_readiness_sees_a_busy_frame_of_another_origin(browser: Browser, pages_url: str,
                                                       cross_site_url: str) -> None:
    browser.open(pages_url + PAGE)
    # the read starts once the frame of another origin has loaded its ticking document (its
    # load event, seen from this side): before, a read on a loaded machine could be over while
    # the frame still showed the quiet document it replaces
    browser.driver.execute_script(
        "const inner = document.getElementById('inner');"
        "inner.onload = () => { window.__innerTicking = true; };"
        "inner.src = arguments[0];", cross_site_url + "stale/inner.html?tick")
    wait_in_page(browser, "window.__innerTicking === true")
    try:
        _busy_reads(browser)
    finally:
        browser.driver.execute_script("document.getElementById('inner').remove()")


# Item 7: a click listener added, after the page was read, to an element inside a shadow root
# (open, nested, closed on a plain element, in a frame of the same origin and of another one)
# makes that element act in every read: the cached answer, the kept window tree and the AX cache
# are not reused (the listener read before each capture sees it), and the walker's listener
# read (DOMDebugger.getEventListeners, depth -1, pierce) reaches into shadow roots. The element
# is a <div> holding its text: SnapshotV1 marks the div's node (a generic holding the text's
# StaticText), DOM text lists the <div>.
LISTENER_TARGETS = {
    "light DOM": ("light", "Light target"),
    "open root": ("open", "Open target"),
    "nested roots": ("nested", "Nested target"),
    "closed root": ("closed", "Closed target"),
    "frame": ("frame", "Frame target"),
}
LISTENER_READS = {"snapshot": {"format": "snapshot"},
                  "snapshot page": {"format": "snapshot", "scope": "page"},
                  "domtext": {"format": "domtext"}}


def _acts(reply: Reply, text: str) -> bool:
    """The element holding ``text`` acts: its node is clickable (SnapshotV1), it is listed
    as a ``<div>`` (DOM text)."""
    result = reply["result"]
    if "snapshot" not in result:  # DOM text lists an element that acts, not plain text
        return any('<div> id="' in line and f'"{text}"' in line
                   for line in result["domtext"].splitlines())
    records = node_records(result["snapshot"])
    by_id = {n["id"]: n for n in records}
    texts = [n for n in records if n["name"] == text]
    assert texts, f"{text!r} is not in the read"
    return any(n.get("isClickable") or by_id[n["parent"]].get("isClickable") for n in texts)


@pytest.mark.parametrize("read", list(LISTENER_READS))
@pytest.mark.parametrize("where", [*LISTENER_TARGETS, "frame of another origin"])
def test_a_click_listener_added_in_a_shadow_root_makes_its_element_act(
        browser: Browser, pages_url: str, cross_site_url: str, where: str, read: str) -> None:
    options = LISTENER_READS[read]
    browser.open(pages_url + "stale/listeners.html")
    if where == "frame of another origin":
        browser.driver.execute_script("document.getElementById('same').src = arguments[0]",
                                      cross_site_url + "stale/listeners_inner.html")
    wait_in_page(browser, "document.readyState === 'complete'")
    name, text = LISTENER_TARGETS.get(where, ("frame", "Frame target"))
    deadline = time.monotonic() + 60  # a failure bound only
    while not _says(browser.snapshot_raw(format="snapshot"), text):  # a frame loads later
        assert time.monotonic() < deadline, f"{text!r} never read"
    browser.snapshot_raw(**options)
    assert not _acts(browser.snapshot_raw(**options), text)  # every fast path holds it now
    add = "addEventListener('click', () => {})"
    if where == "frame of another origin":
        browser.driver.switch_to.frame(browser.driver.find_element(By.ID, "same"))
        try:
            browser.driver.execute_script(f"window.shadowTarget().{add}")
        finally:
            browser.driver.switch_to.default_content()
    else:
        browser.driver.execute_script(f"window.targets.{name}().{add}")
    after = browser.snapshot_raw(**options)
    assert _acts(after, text), f"{text!r} does not act after its click listener was added"
    _exact_equal(browser, after, **options)


# Item 1, focus moved in a BACKGROUND window: a window that is not the focused one hears no
# focus event when a script's focus() or an act's focus moves its focus, so only comparing the
# focused element at each proof and take (watch_env.js watchFocusOf) shows the change. In
# headless Chromium a window opened after the first is not focused (document.hasFocus() is
# false there, checked before and after): the page is read there.
FOCUS_READS = {"snapshot": {"format": "snapshot"}, "domtext": {"format": "domtext"},
               "outline": {"format": "outline"},
               "snapshot page": {"format": "snapshot", "scope": "page"}}


def _focus_state(reply: Reply) -> list[str]:
    """Names of the nodes a SnapshotV1 says are focused (other formats: [])."""
    snapshot = reply["result"].get("snapshot")
    if not snapshot:
        return []
    return [n["name"] for n in node_records(snapshot) if n["state"].get("focused")]


@pytest.mark.parametrize("read", list(FOCUS_READS))
@pytest.mark.parametrize("how", ["script", "act"])
def test_focus_moved_in_a_background_window_is_read(browser: Browser, pages_url: str,
                                                    how: str, read: str) -> None:
    options = FOCUS_READS[read]
    driver = browser.driver
    driver.switch_to.new_window("window")
    handle = driver.current_window_handle
    try:
        driver.get(pages_url + "stale/focus.html")
        wait_in_page(browser, "document.readyState === 'complete'")
        has_focus = "return document.hasFocus()"
        assert driver.execute_script(has_focus) is False, "not a background window"
        browser.snapshot_raw(handle=handle, **options)
        before = browser.snapshot_raw(handle=handle, **options)  # every fast path holds it
        assert _focus_state(before) == []
        if how == "script":
            driver.execute_script("document.getElementById('fullname').focus()")
            name = "Full name"
        else:
            assert browser.act("First name", "focus", handle=handle).ok
            name = "First name"
        focused = driver.execute_script("return [document.hasFocus(), document.activeElement.id]")
        assert focused == [False, "fullname" if how == "script" else "first"]
        after = browser.snapshot_raw(handle=handle, **options)
        exact = browser.snapshot_raw(handle=handle, exact=True, **options)
        assert _content(after) == _content(exact), "the read after the focus moved is stale"
        if "snapshot" in options["format"]:
            assert _focus_state(after) == [name]
        assert driver.execute_script(has_focus) is False
    finally:
        driver.close()
        driver.switch_to.window(browser.target_handle)  # back where Browser.driver rests


# Custom elements (issue 26): the watches cannot see what ElementInternals change (ARIA, form
# state, :state()) or a definition (`:defined` matches anew, the constructor ran), and from
# the isolated world they cannot tell which elements attached ElementInternals, so a
# document with custom elements gets no cached answer and no kept AX tree.
CUSTOM_PAGE = "stale/custom.html"
CUSTOM_CHANGES: dict[str, tuple[str, str, str]] = {  # (query, change, what the read shows)
    "ElementInternals ARIA": ("?internals", "document.querySelector('x-aria').internals"
                              ".ariaLabel = 'Aria changed'", "Aria changed"),
    "defined later": ("", "customElements.define('x-late', class extends HTMLElement {})",
                      "Late button"),
    "defined later with ElementInternals": (
        "", "customElements.define('x-late-aria', class extends HTMLElement { constructor() {"
            " super(); const i = this.attachInternals(); i.role = 'button';"
            " i.ariaLabel = 'Late aria button'; } })", "Late aria button"),
}


@pytest.mark.parametrize("read", list(READS))
@pytest.mark.parametrize("kind", list(CUSTOM_CHANGES))
def test_what_a_custom_element_changes_unseen_is_read(browser: Browser, pages_url: str,
                                                     kind: str, read: str) -> None:
    options = READS[read]
    query, change, text = CUSTOM_CHANGES[kind]
    before = _read_twice(browser, pages_url + CUSTOM_PAGE + query, **options)
    assert not _says(before, text)
    browser.driver.execute_script(change)
    after = browser.snapshot_raw(**options)
    if read != "domtext" or kind == "defined later":  # DOM text lists no ARIA-only control
        assert _says(after, text), f"stale: {text!r} missing"
    _exact_equal(browser, after, **options)
