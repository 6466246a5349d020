"""Rows alike in every cell but their first, whose first words run past what an id holds of a
row (issue 31; design note 342), through the extension and the host in Debian Chromium: a debug
panel's request history (django-debug-toolbar's, the one-hundred-twenty-ninth held-out set)
opens each row with its time to the millisecond, and an id holds a row's first four words, so
every row of one minute read alike ("2026_12_07t09_54") and the rows of one minute and status
were numbered. Each row's Switch is now told by the rest of its time, in every window as over
the whole page."""

from __future__ import annotations

import re

import pytest
from semantic_reads import ids_by_node, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/request_history_seconds.html"
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def _switches(result: PageResult) -> list[str]:
    return [str(e["id"]) for e in result.elements
            if e["type"] == "button" and str(e["id"]).startswith("btn_switch")]


def test_each_requests_switch_is_told_by_its_time_in_every_window(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    switches = _switches(whole)
    assert len(switches) == 8 and len(set(switches)) == 8, switches
    # no counter: each id says its row's own words (its seconds, or a status alone in its minute)
    assert not any(re.search(r"_[2-9]$", i) for i in switches), switches
    assert "btn_switch_near_2026_12_07t09_54_56_487z" in switches, switches
    every = ids_by_node(whole)
    windows = [ids_by_node(first)]
    for _ in range(6):
        browser.run_in_target(SCROLL)
        windows.append(ids_by_node(read(browser)))
    for shown in windows:
        assert shown and {k: every[k] for k in shown} == shown, (shown, every)
