"""A settled re-read of DOM text reads what a fresh read reads.

A re-read of a one-frame document this worker walked runs the cached walker over CDP in its
known world (walker_capture.js: walkCachedWorld) instead of injecting it with chrome.scripting;
its click listeners and the last frame-tree check go out together. The walk is new every
read, so every change to the page is in it: after changes to text, a value, a checked box, a
disabled button and a click listener, the kept re-read equals a fresh read of a new document
of the same page with the same changes made before its first read.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from axsnap_host.client import Browser

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a cached answer (lib/reuse/answer_cache.js)
NO_WAIT = {"stabilize": {"enabled": False}, "reuse": False}
# a document's first read is what these tests compare with: no preparation races it (conftest)
pytestmark = pytest.mark.usefixtures("unprepared")
CHANGES = """
document.querySelector('button').textContent = 'Ship it';
document.getElementById('name').value = 'Grace';
document.querySelector('input[type=checkbox]').checked = false;
document.getElementById('speed').selectedIndex = 0;
document.querySelector('h1').addEventListener('click', () => {});
document.querySelector('a').setAttribute('aria-label', 'the terms, read them');
"""


def _read(browser: Browser) -> tuple[dict[str, Any], dict[str, Any]]:
    reply = browser.snapshot_raw(format="elements", **NO_WAIT)
    return reply["result"], reply["timings"]["capture_steps"]


# What names a document's nodes, not what they are: a new document numbers them anew, and
# an element that became one (the heading with a click listener) takes the next free index in
# a re-read where a fresh read numbers it in document order.
NAMING = ("index", "backendNodeId", "id", "elementId")
_INDEX = re.compile(r"^\[\d+\]", re.MULTILINE)


def _elements(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in NAMING} for e in result["elements"]]


def _lines(result: dict[str, Any]) -> str:
    return _INDEX.sub("[#]", result["domtext"])


def test_a_settled_reread_runs_the_kept_walker_and_sees_every_change(
        browser: Browser, pages_url: str) -> None:
    url = pages_url + "padded.html"
    browser.open(url)
    first, s1 = _read(browser)
    second, s2 = _read(browser)
    assert "walker_kept_world" not in s1 and s1["walker_sources"] == 1
    assert s2["walker_kept_world"] == 1 and s2["walker_sources"] == 0
    assert second["domtext"] == first["domtext"]
    assert second["elements"] == first["elements"]

    browser.driver.execute_script(CHANGES)
    changed, s3 = _read(browser)
    assert s3["walker_kept_world"] == 1
    assert "Ship it" in changed["domtext"] and "Send" not in changed["domtext"]
    assert changed["domtext"] != first["domtext"]

    browser.open(url)  # a new document, changed before its first (fresh, injected) read
    browser.driver.execute_script(CHANGES)
    fresh, s4 = _read(browser)
    assert "walker_kept_world" not in s4 and s4["walker_sources"] == 1
    assert _lines(changed) == _lines(fresh)
    assert "<h1>" in changed["domtext"]  # the listener made the heading an element
    assert _elements(changed) == _elements(fresh)
    assert "pad-S3CRET-91" not in json.dumps(changed)


def test_a_page_with_frames_is_still_injected(browser: Browser, pages_url: str,
                                              cross_site_url: str) -> None:
    """Frames walk themselves (a cross-site one) or are reached from the top (a same-origin
    one): the kept-world run serves one-frame documents only."""
    browser.open(pages_url + f"frames.html?cross={cross_site_url}")
    first, _ = _read(browser)
    second, steps = _read(browser)
    assert "walker_kept_world" not in steps
    assert second["domtext"] == first["domtext"]
