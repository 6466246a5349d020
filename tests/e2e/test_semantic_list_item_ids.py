"""A list's items keep their ids when an item is added to the same list above them (issue 31,
design note 94), through the extension and the host in Debian Chromium. Two listboxes offer
"Small" and "Large" and two lists offer "Red" and "Blue" with a "Pick" button: an item is told
from its twin in the other list by that list's own name (its label, its heading), never by its
siblings' words, which an added item would change. The first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/options_inserted_in_list.html"
ADD_ON_TOP = (
    "document.getElementById('frame-sizes').insertAdjacentHTML('afterbegin', "
    "'<li role=\"option\">Tiny</li>');"
    "document.getElementById('frame-colours').insertAdjacentHTML('afterbegin', "
    "'<li>Green <button>Pick</button></li>')")
ITEMS = {
    "item_small_in_main_at_frame_sizes", "item_medium", "item_large_in_main_at_frame_sizes",
    "item_red_pick_in_main_at_frame_colours", "item_blue_pick_in_main_at_frame_colours",
    "item_small_in_main_at_wheel_sizes", "item_large_in_main_at_wheel_sizes",
    "item_red_pick_in_main_at_trim_colours", "item_blue_pick_in_main_at_trim_colours",
}


def ids(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements}


def items(result: PageResult) -> set[str]:
    return {e["id"] for e in result.elements if e["type"] == "list_item"}


@pytest.mark.parametrize("viewport_only", [True, False], ids=["first_screen", "whole_page"])
def test_items_keep_their_ids_when_an_item_is_added_above_them_in_the_same_list(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    before_read = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    before = ids(before_read)
    browser.run_in_target(ADD_ON_TOP)
    after_read = read(browser, viewport_only=viewport_only)
    after = ids(after_read)
    assert {"item_tiny", "item_green_pick"} <= items(after_read), items(after_read)
    assert {k: after.get(k) for k in before} == before, (before, after)
    assert items(before_read) == ITEMS, items(before_read)
