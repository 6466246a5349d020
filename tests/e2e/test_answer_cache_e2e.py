"""Cached answers (extension/lib/reuse/answer_cache.js, extension/content/answerwatch.js) in real
Chromium.

A re-read of a page that did not change is answered from the last answer; every kind of
change the proof watches makes the next read a capture again, and that read equals a fresh
capture of the same page (``reuse: False``). The page (tests/pages/kept/) has a text, an
input, a button, a hover-only tip, a wide-window-only line, an inner scroller, an image that
loads late, a same-origin iframe and a line far below the window.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from page_waits import wait_for_the_preparation
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

PAGE = "kept/index.html"


def _content(reply: dict[str, Any]) -> dict[str, Any]:
    """What a read says of the page: without its ids, times, stabilization report and the
    host's own figures (its memory, the request's bytes, the size the ids are part of)."""
    result = json.loads(json.dumps(reply["result"]))
    # indices: the index changes since the tab's previous read (none on a kept re-read)
    for key in ("timings", "snapshot_id", "trace_id", "size", "indices"):
        result.pop(key, None)
    # how the capture travelled and what the host reused: the capture's own, not the page's
    for key in ("request_bytes", "host_peak_rss_kb", "walker", "ax_stream", "dom_base",
                "rows_reused"):
        result.get("stats", {}).pop(key, None)
    snapshot = result.get("snapshot")
    if snapshot:
        for key in ("snapshot_id", "ts", "trace_id", "stabilization"):
            snapshot.pop(key, None)
    return result


def _names(reply: dict[str, Any]) -> set[str]:
    return {n["name"] for n in node_records(reply["result"]["snapshot"])}


def _kept(reply: dict[str, Any]) -> bool:
    return reply["timings"].get("kept_answer") is not None


def _settled(browser: Browser, pages_url: str, **options: Any) -> dict[str, Any]:
    """The page opened and read twice: the second read is a cached answer equal to the first."""
    browser.open(pages_url + PAGE)
    first = browser.snapshot_raw(**options)
    second = browser.snapshot_raw(**options)
    assert _kept(second), second["timings"]
    assert second["timings"]["kept_answer"]["reads"] >= 1
    assert second["timings"]["capture_steps"] == {} and second["timings"]["host_ms"] == 0
    assert _content(second) == _content(first)
    assert second["result"].get("indices", {}).get("added", []) == []
    return second


def _changed(browser: Browser, before: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The read after a change: captured, and equal to a fresh capture of the same page."""
    after = browser.snapshot_raw(**options)
    assert not _kept(after), "a change was missed: the answer was kept"
    fresh = browser.snapshot_raw(reuse=False, **options)
    assert not _kept(fresh)
    assert _content(after) == _content(fresh)
    assert _content(after) != _content(before)
    again = browser.snapshot_raw(**options)  # and the new answer is kept in turn
    assert _kept(again) and _content(again) == _content(after)
    return after


def _script(code: str) -> Callable[[Browser], None]:
    return lambda browser: browser.driver.execute_script(code)


def _scroll(target: str, code: str) -> Callable[[Browser], None]:
    """Scroll, and return once the scroll event fired and a frame followed: the page's own
    activity after a scroll (its event) comes before the reads, however late a loaded
    renderer runs it."""
    script = ("const done = arguments[arguments.length - 1];"
              f"{target}.addEventListener('scroll', () => requestAnimationFrame(() => done(true)),"
              " { once: true });"
              f"{code};")
    return lambda browser: browser.driver.execute_async_script(script)


def _type(browser: Browser) -> None:
    browser.driver.find_element(By.ID, "name").send_keys("Ada")


def _hover(browser: Browser) -> None:
    target = browser.driver.find_element(By.ID, "hover")
    ActionChains(browser.driver).move_to_element(target).perform()


def _bbox(reply: dict[str, Any], name: str) -> Any:
    nodes = node_records(reply["result"]["snapshot"])
    return next(n.get("bbox") for n in nodes if n["name"] == name)


def _focused(reply: dict[str, Any], name: str) -> bool:
    return any(n["name"] == name and n.get("state", {}).get("focused")
               for n in node_records(reply["result"]["snapshot"]))


Reply = dict[str, Any]
# each change, and what the read after it shows that the read before did not
CHANGES: dict[str, tuple[Callable[[Browser], None], Callable[[Reply, Reply], bool]]] = {
    "text": (_script("document.getElementById('text').textContent = 'Changed text'"),
             lambda b, a: "Changed text" in _names(a) and "Changed text" not in _names(b)),
    "typed input": (_type, lambda b, a: "Ada" in json.dumps(a["result"])
                    and "Ada" not in json.dumps(b["result"])),
    "focus": (_script("document.getElementById('go').focus()"),
              lambda b, a: _focused(a, "Go") and not _focused(b, "Go")),
    "window scroll": (_scroll("window", "window.scrollTo(0, 1700)"),
                      lambda b, a: "Far below" in _names(a) and "Far below" not in _names(b)),
    "inner scroll": (_scroll("document.getElementById('box')",
                             "document.getElementById('box').scrollTop = 200"),
                     lambda b, a: _bbox(a, "Row 10 link") != _bbox(b, "Row 10 link")),
    "hover": (_hover, lambda b, a: "Tip shown on hover" in _names(a)
              and "Tip shown on hover" not in _names(b)),
    "iframe": (_script("document.getElementById('frame').contentDocument"
                       ".getElementById('inner').textContent = 'Inner changed'"),
               lambda b, a: "Inner changed" in _names(a) and "Inner changed" not in _names(b)),
}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_change_makes_the_next_read_a_fresh_one(browser: Browser, pages_url: str,
                                                  kind: str) -> None:
    change, shows = CHANGES[kind]
    before = _settled(browser, pages_url)
    change(browser)
    after = _changed(browser, before)
    assert shows(before, after)


def test_a_resize_makes_the_next_read_a_fresh_one(browser: Browser, pages_url: str) -> None:
    size = browser.driver.get_window_size()
    before = _settled(browser, pages_url)
    assert "Shown on wide windows only" in json.dumps(before["result"]), size
    try:
        browser.driver.set_window_size(600, size["height"])
        after = _changed(browser, before)
        assert "Shown on wide windows only" not in json.dumps(after["result"])
    finally:
        browser.driver.set_window_size(size["width"], size["height"])


def test_an_image_that_loads_late_makes_the_next_read_a_fresh_one(
        browser: Browser, pages_url: str) -> None:
    """The picture arrives with no mutation: only its load (and the layout it moves)."""
    before = _settled(browser, pages_url)
    assert browser.driver.execute_script("return document.getElementById('late').complete") is False
    deadline = time.monotonic() + 30  # the server holds it 8 s (other tests end before)
    while not browser.driver.execute_script("return document.getElementById('late').complete"):
        assert time.monotonic() < deadline, "the late image never loaded"
        time.sleep(0.1)
    after = _changed(browser, before)
    assert _bbox(after, "Card") != _bbox(before, "Card")  # the frame below it moved


def test_options_each_keep_their_answer(browser: Browser, pages_url: str) -> None:
    """Another options set is another answer; reuse=False and unredacted reads capture."""
    snapshot = _settled(browser, pages_url)
    outline = browser.snapshot_raw(format="outline")
    assert not _kept(outline)
    outline_again = browser.snapshot_raw(format="outline")
    assert _kept(outline_again) and _content(outline_again) == _content(outline)
    snapshot_again = browser.snapshot_raw()
    assert _kept(snapshot_again) and _content(snapshot_again) == _content(snapshot)
    budget = browser.snapshot_raw(format="outline", max_tokens=200)
    assert not _kept(budget)
    assert not _kept(browser.snapshot_raw(reuse=False))
    browser.snapshot_raw(format="domtext", redact=False)
    assert not _kept(browser.snapshot_raw(format="domtext", redact=False)), "unredacted: never kept"


def test_a_kept_answer_reports_this_reads_stabilization(browser: Browser, pages_url: str) -> None:
    _settled(browser, pages_url)
    kept = browser.snapshot_raw(stabilize={"enabled": False})
    assert _kept(kept)
    assert kept["result"]["snapshot"]["stabilization"]["reasons"] == ["disabled"]


def test_the_first_read_of_a_prepared_document_is_a_kept_answer(
        browser: Browser, pages_url: str) -> None:
    """A tab read in the last seconds: its next small document is read with the tab's last
    options while it settles (lib/reuse/prepare.js), so the first read is a cached answer that
    equals a fresh capture."""
    url = pages_url + "kept/frame.html"
    browser.open(url)
    browser.snapshot_raw(format="domtext")
    browser.open(url)  # a new document, loaded in a tab being read
    assert wait_for_the_preparation(browser) == "prepared"  # after its quiet window
    first = browser.snapshot_raw(format="domtext")
    assert _kept(first), first["timings"]
    assert first["timings"]["kept_answer"]["prepared"] is True
    assert first["result"]["indices"]["added"], "its first delivery: every index is new"
    fresh = browser.snapshot_raw(format="domtext", reuse=False)
    assert _content(first) == _content(fresh)
    again = browser.snapshot_raw(format="domtext")
    assert _kept(again) and again["result"]["indices"] == {"added": [], "removed": []}


@pytest.mark.parametrize("options", [{"format": "domtext"}, {"format": "outline"},
                                     {"format": "elements"}, {"scope": "page"}],
                         ids=["domtext", "outline", "elements", "whole page"])
def test_every_kept_format_reads_a_change(browser: Browser, pages_url: str,
                                          options: dict[str, Any]) -> None:
    before = _settled(browser, pages_url, **options)
    browser.driver.execute_script(  # a control's name: in every format's output
        "document.getElementById('frame').contentDocument.querySelector('button')"
        ".textContent = 'Inner changed'")
    after = _changed(browser, before, **options)
    assert "Inner changed" in json.dumps(after["result"])


@pytest.mark.parametrize("options", [{"format": "domtext"}, {}, {"scope": "page"}],
                         ids=["domtext", "snapshot", "whole page"])
@pytest.mark.parametrize("where", ["document", "iframe"])
def test_a_click_listener_added_by_a_script_makes_the_next_read_a_fresh_one(
        browser: Browser, pages_url: str, options: dict[str, Any], where: str) -> None:
    """A listener changes no DOM and fires no event, so the proof does not see it; the click
    listeners read before each capture do (router.js: answerCheck). The read after it is
    captured, differs from the cached answer (the text became clickable) and equals a fresh
    capture; the read after that is kept again."""
    before = _settled(browser, pages_url, **options)
    target = ("document.getElementById('text')" if where == "document" else
              "document.getElementById('frame').contentDocument.getElementById('inner')")
    browser.driver.execute_script(f"{target}.addEventListener('click', () => {{}})")
    _changed(browser, before, **options)
