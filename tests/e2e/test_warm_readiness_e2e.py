"""The warm first read: the readiness content script watches each document from its
navigation on, so a page that has been quiet for the window is read at once, and a page
that keeps changing is still waited on (extension/content/readiness.js,
lib/session/stabilize.js)."""

from __future__ import annotations

import time

import pytest

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

QUIET_MS = 1000


def test_a_page_quiet_since_load_is_read_without_the_quiet_window(
    browser: Browser, pages_url: str
) -> None:
    browser.open(pages_url + "login.html")
    time.sleep(QUIET_MS * 1.5 / 1000)  # the page sits still: nothing reads it meanwhile
    reply = browser.snapshot_raw(stabilize={"quiet_ms": QUIET_MS, "max_wait_ms": 5000})
    report = reply["result"]["snapshot"]["stabilization"]
    assert report["stabilized"] is True and report["reasons"] == [], report
    assert report["source"] == "navigation"  # the clock watched since the navigation ...
    assert report["observed_since_ms"] >= QUIET_MS  # ... for longer than the window
    assert report["quiet_for_ms"] >= QUIET_MS  # already quiet when the request came,
    assert report["waited_ms"] < QUIET_MS  # so the read did not start a quiet window
    assert report["load_state"] == "complete"
    assert report["mutations"] == 0


def test_a_page_that_keeps_mutating_is_still_waited_on(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "mutating.html")
    time.sleep(QUIET_MS * 1.5 / 1000)
    reply = browser.snapshot_raw(stabilize={"quiet_ms": QUIET_MS, "max_wait_ms": 1500})
    report = reply["result"]["snapshot"]["stabilization"]
    assert report["source"] == "navigation"
    assert report["stabilized"] is False
    assert report["reasons"] == ["dom_mutations", "max_wait"], report
    assert report["waited_ms"] >= 1500  # the whole of max_wait, not an early answer
    assert report["quiet_for_ms"] < QUIET_MS
    assert report["mutations"] >= 1
