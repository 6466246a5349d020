"""A DOM read after a change walks in the evaluate that asks the cached answer's proof.

A DOM format's read of a one-frame document this worker walked sends one Runtime.evaluate in
the walker's cached world, beside the frame tree: the page's watch gives the proof and, unless
it is the cached answer's, the cached walker runs in the same task (walker_capture.js:
walkWithProof; ``capture_steps.walker_with_proof``). The capture uses that walk only when the
frames show the one document of that world; with no child frame in the window the walk
tells the frames itself (``frames_from_walk``) and the listener read off the kept root
proves the document (``document_proven``): no frame tree is asked. Each kind of change
below is made to a settled page (its last answer kept), and the read after it must equal a
cold read: a new document of the same page with the same changes made before its first
(injected) read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from axsnap_host.client import Browser

NO_WAIT = {"stabilize": {"enabled": False}}
# a document's own first read is what these tests look at: no preparation races it (conftest)
pytestmark = pytest.mark.usefixtures("unprepared")
PAGE = "padded.html"

# What names a document's nodes, not what they are: a new document numbers them anew.
NAMING = ("index", "backendNodeId", "id", "elementId")
_INDEX = re.compile(r"^\[\d+\]", re.MULTILINE)

# each change as a script, and a text the read after it shows
CHANGES: dict[str, tuple[str, str]] = {
    "text": ("document.querySelector('button').textContent = 'Ship it'", "Ship it"),
    "attribute": ("document.querySelector('a').setAttribute('aria-label', 'the terms, read them')",
                  "the terms, read them"),
    "added element": ("const b = document.createElement('button'); b.textContent = 'Added one';"
                      "document.querySelector('form').append(b)", "Added one"),
    "removed element": ("document.querySelector('label[for=speed]').remove();"
                        "document.getElementById('speed').remove()", None),
    # a listener changes no DOM: the proof cannot see it (a cached answer's known gap), so its
    # read asks for a capture (reuse: false), which still walks in the proof's evaluate
    "listener added": ("document.querySelector('h1').addEventListener('click', () => {})", "<h1>"),
    "value": ("document.getElementById('name').value = 'Grace'", "Grace"),
    # the URL moves with no new document: the frames the walk tells carry the URL it read
    "pushed URL": ("history.pushState({}, '', '?moved=1#here');"
                   "document.querySelector('h1').textContent = 'Moved on'", "?moved=1#here"),
}


def _read(browser: Browser, **options: Any) -> dict[str, Any]:
    return browser.snapshot_raw(format="elements", **NO_WAIT, **options)


def _lines(reply: dict[str, Any]) -> str:
    return _INDEX.sub("[#]", reply["result"]["domtext"])


def _elements(reply: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in NAMING} for e in reply["result"]["elements"]]


def _kept(reply: dict[str, Any]) -> bool:
    return reply["timings"].get("kept_answer") is not None


# Reads a page may take to settle after it opens: a late event of its loading (the load event,
# a font, the window's focus on a loaded machine) rightly moves the proof once or twice.
SETTLE_READS = 5


def _settled(browser: Browser, url: str) -> dict[str, Any]:
    """The page opened and read until a read is a cached answer (the next read's proof has one
    to match); the read that answer was kept from."""
    browser.open(url)
    last = _read(browser)
    for _ in range(SETTLE_READS):
        again = _read(browser)
        if _kept(again):
            return last
        last = again
    raise AssertionError(f"no read of {url} was kept in {SETTLE_READS}: {again['timings']}")


def _cold(browser: Browser, url: str, script: str) -> dict[str, Any]:
    """A new document changed the same way before its first read: nothing kept for it."""
    browser.open("about:blank")  # a pushed URL is the document's own: start from the page's
    browser.open(url)
    browser.driver.execute_script(script)
    fresh = _read(browser)
    steps = fresh["timings"]["capture_steps"]
    assert "walker_with_proof" not in steps and steps["walker_sources"] >= 1, steps
    return fresh


@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_read_after_a_change_walks_with_the_proof_and_equals_a_cold_read(
        browser: Browser, pages_url: str, kind: str) -> None:
    script, shown = CHANGES[kind]
    url = pages_url + PAGE
    before = _settled(browser, url)
    browser.driver.execute_script(script)
    after = _read(browser, **({"reuse": False} if kind == "listener added" else {}))
    assert not _kept(after), "the change was missed"
    steps = after["timings"]["capture_steps"]
    assert steps.get("walker_with_proof") == 1, after["timings"]
    # no frame tree asked: the walk told the one frame, the kept root proved the document
    assert steps.get("frames_from_walk") == 1 and steps.get("document_proven") == 1, steps
    assert "frame_tree_ms" not in steps and "oopif_ms" not in steps, steps
    assert _lines(after) != _lines(before)
    if shown:
        assert shown in after["result"]["domtext"]
    again = _read(browser)  # nothing changed since: the new answer is kept
    assert _kept(again) and _lines(again) == _lines(after)
    assert _elements(again) == _elements(after)
    cold = _cold(browser, url, script)
    assert _lines(after) == _lines(cold)
    assert _elements(after) == _elements(cold)
    assert "pad-S3CRET-91" not in json.dumps(after)


def test_reuse_false_walks_with_the_proof_and_keeps_its_answer(browser: Browser,
                                                              pages_url: str) -> None:
    """reuse: false asks no cached answer: the proof's evaluate always walks."""
    _settled(browser, pages_url + PAGE)
    fresh = _read(browser, reuse=False)
    assert not _kept(fresh)
    assert fresh["timings"]["capture_steps"].get("walker_with_proof") == 1
    assert _kept(_read(browser))


FRAMES: dict[str, tuple[Callable[[str, str], str], str]] = {
    "same-origin iframe": (lambda same, _cross: same + "frame_inner.html", "main"),
    "cross-site iframe": (lambda _same, cross: cross + "frame_inner.html", "main"),
    # window.length does not count a frame in a shadow tree: the watch's holders do
    "cross-site iframe in a shadow root": (lambda _same, cross: cross + "frame_inner.html",
                                           "shadow"),
    # below the window: no record of the walk names it
    "cross-site iframe in a shadow root, below the window": (
        lambda _same, cross: cross + "frame_inner.html", "shadow below"),
}


@pytest.mark.parametrize("kind", list(FRAMES))
def test_a_frame_added_sends_the_read_back_to_the_injection(
        browser: Browser, pages_url: str, cross_site_url: str, kind: str) -> None:
    """A new frame: the walk sent with the proof read the top world only; the frames (asked
    as the walk cannot tell them) show two, so it walks every frame as a fresh read does."""
    source, where = FRAMES[kind]
    src = source(pages_url, cross_site_url)
    host = ("document.querySelector('main')" if where == "main" else
            "(() => { const h = document.createElement('div');"
            + ("h.style.marginTop = '3000px';" if "below" in where else "")
            + "document.body.append(h); return h.attachShadow({ mode: 'open' }); })()")
    script = ("return new Promise((done) => { const f = document.createElement('iframe');"
              f"f.onload = () => done(true); f.src = {json.dumps(src)};"
              f"{host}.append(f); }})")
    url = pages_url + PAGE
    _settled(browser, url)
    assert browser.driver.execute_script(script) is True
    after = _read(browser)
    steps = after["timings"]["capture_steps"]
    assert not _kept(after) and "frames_from_walk" not in steps, steps
    assert "walker_with_proof" not in steps, steps
    cold = _cold(browser, url, script)
    assert _lines(after) == _lines(cold)
    assert _elements(after) == _elements(cold)
