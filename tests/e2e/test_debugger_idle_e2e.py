"""The tab's debugger attachment between an agent's requests (lib/session/debugger.js hold,
design note 137): held from the request naming its tab to its reply, then kept the agents'
idle time. A re-attach costs a page with custom elements Chromium's whole accessibility tree
again (the walk's custom-element asks: 0.7-3.4 s on rustdoc pages) and the kept contexts."""

from __future__ import annotations

from typing import Any

import pytest
from page_waits import wait_in_page, wait_until_axsnap_lets_go

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

# a whole-page SnapshotV1 from the walk, every fast path off (no kept answer: a real read)
WHOLE = {"format": "snapshot", "scope": "page", "exact": True, "stabilize": {"enabled": False}}
PAGE = "stale/custom.html?internals"  # custom elements named by their ElementInternals
OLD_IDLE_MS = 10_000  # the idle before note 137, counted from the capture


def _read(browser: Browser) -> dict[str, Any]:
    return browser.snapshot_raw(**WHOLE)


def _named(reply: dict[str, Any]) -> list[tuple[str, str]]:
    return [(n["role"], n["name"]) for n in reply["result"]["snapshot"]["ax_tree"]["nodes"]
            if n["role"] not in ("StaticText", "generic")]


def test_an_agents_reads_further_apart_than_the_old_idle_share_one_session(
        browser: Browser, pages_url: str) -> None:
    """The old idle (10 s from the capture) passes between two reads, on the page's own clock:
    the second read joins the first one's attachment (its session_uses counts on) instead of
    attaching anew, and names the custom elements alike."""
    browser.open(pages_url + PAGE)
    first = _read(browser)
    since = float(browser.run_in_target("return performance.now()"))
    wait_in_page(browser, f"performance.now() >= {since + OLD_IDLE_MS + 500}")
    second = _read(browser)
    assert second["timings"]["session_uses"] == first["timings"]["session_uses"] + 1, (
        first["timings"], second["timings"])
    assert _named(second) == _named(first)
    assert ("checkbox", "Aria box") in _named(first)


def test_the_agents_idle_set_to_nothing_lets_the_tab_go_at_each_reply(
        browser: Browser, pages_url: str) -> None:
    """The test hook (bridge.js setAgentIdle) sets the agents' idle for the browser session:
    at nothing each read attaches anew; null puts the default back (reads share one)."""
    browser.open(pages_url + PAGE)
    _read(browser)
    wait_until_axsnap_lets_go(browser)
    assert browser.bridge_call("setAgentIdle", 0) == {"ok": True, "agentIdleMs": 0}
    try:
        assert [_read(browser)["timings"]["session_uses"] for _ in range(2)] == [1, 1]
    finally:
        assert browser.bridge_call("setAgentIdle", None) == {"ok": True, "agentIdleMs": None}
    first = _read(browser)
    assert _read(browser)["timings"]["session_uses"] == first["timings"]["session_uses"] + 1
