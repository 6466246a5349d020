"""Boxes that only their row names are twins to the walker as to the host, and so parted by
their columns, not numbered (issue 31: ids from labels or context, no counters; design note
313), through the extension and the host in Debian Chromium, on an actions editor
(tests/pages/understanding/action_radio_grid.html): each action's row holds three radio
buttons (or boxes) under the columns "Enable", "Disable" and "No Change", with no label of
their own and the values "Y", "N" and "X". The host names each by its row ("block"), so the
three of a row read alike; the walker keyed its twins by the values, took the three for three
names and sent no column to part them, so the read numbered them: Privoxy's action editor
(the ninetieth held-out set) had 142 ids ending in a counter."""

from __future__ import annotations

import re

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/action_radio_grid.html"
COLUMNS = ("enable", "disable", "no_change")


@pytest.mark.parametrize("viewport_only", [True, False])
def test_a_rows_boxes_are_named_by_their_columns(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    boxes = [e for e in result.elements if e["type"] in ("radio", "checkbox")]
    ids = [str(e["id"]) for e in boxes]
    assert len(boxes) == 15 and len(set(ids)) == 15, ids
    for row, action in enumerate(("add_header", "block", "crunch_cookies", "hide_referrer",
                                  "filter_r35")):
        three = ids[row * 3:row * 3 + 3]
        assert all(action in i for i in three), three
        for id_, column in zip(three, COLUMNS, strict=True):
            assert id_.endswith("_" + column), three
            assert not re.search(r"_\d+$", id_), three
    # the checked one reads as checked, under the column its id names
    block = [e for e in boxes if "block" in str(e["id"])]
    assert [bool((e.get("state") or {}).get("checked")) for e in block] == [True, False, False]
