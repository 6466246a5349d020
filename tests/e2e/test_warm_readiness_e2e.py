"""The warm first read: the readiness content script watches each document from its
navigation on, so a page that has been quiet for the window is read at once, and a page
that keeps changing is still waited on (extension/content/readiness.js,
lib/session/stabilize.js)."""

from __future__ import annotations

import pytest
from page_waits import wait_until_axsnap_lets_go, wait_until_the_document_is_older_than

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

QUIET_MS = 2000


def test_a_page_quiet_since_load_is_read_without_the_quiet_window(
    browser: Browser, pages_url: str
) -> None:
    browser.open(pages_url + "login.html")
    # the page sits still: nothing reads it meanwhile, and axsnap holds no debugger session on
    # the tab, so this read is the first reading of the document's clock (its form controls
    # appeared after the clock started: that is no activity)
    wait_until_axsnap_lets_go(browser)
    wait_until_the_document_is_older_than(browser, QUIET_MS * 1.5)
    reply = browser.snapshot_raw(stabilize={"quiet_ms": QUIET_MS, "max_wait_ms": 8000})
    report = reply["result"]["snapshot"]["stabilization"]
    assert report["stabilized"] is True and report["reasons"] == [], report
    assert report["source"] == "navigation"  # the clock watched since the navigation ...
    assert report["observed_since_ms"] >= QUIET_MS  # ... for longer than the window
    assert report["quiet_for_ms"] >= QUIET_MS  # already quiet when the request came,
    assert report["quiet_at_start"] is True  # so the read waited no quiet window
    assert report["load_state"] == "complete"
    assert report["mutations"] == 0


def test_a_page_that_keeps_mutating_is_still_waited_on(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "mutating.html")
    wait_until_the_document_is_older_than(browser, QUIET_MS * 1.5)
    reply = browser.snapshot_raw(stabilize={"quiet_ms": QUIET_MS, "max_wait_ms": 3000})
    report = reply["result"]["snapshot"]["stabilization"]
    assert report["source"] == "navigation"
    assert report["stabilized"] is False
    assert report["reasons"] == ["dom_mutations", "max_wait"], report
    assert report["waited_ms"] >= 3000  # the whole of max_wait, not an early answer
    assert report["quiet_for_ms"] < QUIET_MS
    assert report["mutations"] >= 1
