"""Twins the nearest text names alike keep what the walker parts them by (issue 31, design
note 291: a theme's demo of its table styles shows the same projects in each table, each row's
users an avatar group of list items titled by their people; the whole page said
``item_lilian_fuller_near_tours_project``, ``_2``, ``_3``, one a table, the first screen said
the first table's without a number: the nearest text, which parts the avatars of one table's
rows, replaced the heading the walker had found above each table), through the extension and
the host in Debian Chromium: each avatar is said by its row and its table's heading, in the
whole page, in the first screen, scrolled to the last table and after a table is added on
top."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/avatar_groups_in_demo_tables.html"


def avatars(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith("item_lilian_fuller")}


def test_avatars_alike_in_each_table_are_said_by_their_tables_heading_in_every_read(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = avatars(whole)
    assert sorted(every.values()) == sorted(
        f"item_lilian_fuller_near_{row}_project_under_{table}"
        for row in ("tours", "sports") for table in ("table_basic", "table_dark", "striped_rows"))
    assert not [e["id"] for e in whole.elements if e["relations"].get("alike")], every
    # the first screen holds the first table only: its avatars named as in the whole page
    shown = avatars(read(browser))
    assert len(shown) == 2 and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled to the last table: named as in the whole page too
    browser.run_in_target("[...document.querySelectorAll('.card')].pop().scrollIntoView()")
    scrolled = avatars(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled, (scrolled, every)
    # a table added on top: the others keep their ids, the new one's are said by its heading
    browser.run_in_target("window.addTableOnTop()")
    after = avatars(read(browser, viewport_only=False))
    assert {k: after[k] for k in every} == every, (after, every)
    assert set(after.values()) - set(every.values()) == {
        "item_lilian_fuller_near_tours_project_under_table_hover",
        "item_lilian_fuller_near_sports_project_under_table_hover"}, after
