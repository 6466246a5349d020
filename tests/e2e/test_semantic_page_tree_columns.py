"""Links of a page tree laid out by columns are named by the page each cell names by id (issue
31, design note 270: django CMS's page tree numbered its rows' "Edit/View", "New sub page" and
"Options" links, ``link_edit_view_in_form_to_edit_2``), through the extension and the host in
Debian Chromium: no element holds a page's row, each action cell ties itself to its page's
tree item by the item's id, and that item's words tell the links apart in every read, after a
scroll and after a page is added above."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/page_tree_columns.html"


def actions(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith(("link_edit_page", "link_new_sub_page"))}


def test_page_tree_links_are_named_by_their_pages_in_every_read(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = actions(whole)
    assert len(every) == 8 and len(set(every.values())) == 8, every
    assert not [e["id"] for e in whole.elements
                if e["id"] in every.values() and e["relations"].get("alike")], every
    for page in ("about_us", "events", "visit_us"):
        assert sum(name.endswith(f"_{page}") for name in every.values()) == 2, (page, every)
    # the first screen's read names them as the whole page's does
    shown = actions(read(browser))
    assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled past the tree and back: the same ids
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    read(browser)
    browser.run_in_target("window.scrollTo(0, 0)")
    again = actions(read(browser))
    assert again and {k: every[k] for k in again} == again, (again, every)
    # a page added at the top: every link there before keeps its id
    browser.run_in_target("window.addPageOnTop()")
    added = actions(read(browser, viewport_only=False))
    assert len(added) == 10 and len(set(added.values())) == 10, added
    assert {k: added[k] for k in every} == every, (added, every)
