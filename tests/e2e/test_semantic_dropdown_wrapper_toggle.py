"""A dropdown's scripted wrapper and the toggle inside it are one control listed twice, not twins
to number (issue 31, design note 272: Wagtail's breadcrumb "Actions" was
``checkbox_actions_in_navigation_at_actions_2``, the walker's number over the page), through the
extension and the host in Debian Chromium: no id of the pair holds a number or says it is
alike, in the whole page's read, the first screen's and after a scroll."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/dropdown_wrapper_toggle.html"


def actions(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e.get("label") == "Actions"}


def test_a_wrapper_and_its_toggle_are_not_numbered_twins(browser: Browser,
                                                         pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = actions(whole)
    assert every and len(set(every.values())) == len(every), every
    assert not [v for v in every.values() if v.rsplit("_", 1)[-1].isdigit()], every
    assert not [e["id"] for e in whole.elements
                if e["id"] in every.values() and e["relations"].get("alike")], every
    shown = actions(read(browser))
    assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled: the header stays on top (sticky), its ids as before
    browser.run_in_target("window.scrollBy(0, 600)")
    scrolled = actions(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled, (scrolled, every)
