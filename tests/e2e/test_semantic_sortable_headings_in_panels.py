"""Column headings alike in a report's panels keep one id in every read (issue 31, design note
268: GoAccess's report numbered its panels' "Hits" and "Visitors" by the read's order, and the
numbers moved on a scroll), through the extension and the host in Debian Chromium: a sortable
heading is a control by its class and pointer alone, and the panel it sorts tells it apart."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/sortable_headings_in_panels.html"


def headings(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith(("btn_hits", "btn_visitors"))}


def test_sortable_headings_are_told_apart_by_their_panel_in_every_read(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = headings(whole)
    assert len(every) == 6 and len(set(every.values())) == 6, every
    assert not [e["id"] for e in whole.elements
                if e["id"] in every.values() and e["relations"].get("alike")], every
    for panel in ("requests", "static", "not_found"):
        assert sum(panel in name for name in every.values()) == 2, (panel, every)
    # the first screen holds the first panel only: its headings named as in the whole page
    shown = headings(read(browser))
    assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled to the last panel: named as in the whole page too
    browser.run_in_target("document.querySelector('#panel-not-found').scrollIntoView()")
    scrolled = headings(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled, (scrolled, every)
