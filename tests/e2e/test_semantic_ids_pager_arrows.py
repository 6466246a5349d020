"""A pager's arrows are named by the way they point, never numbered (issue 31, design note 171),
through the extension and the host in Debian Chromium, on an admin template's tables page
(tests/pages/understanding/ids_pager_arrows.html): each card's pager shows "«" and "»" (or
"‹" and "›") beside its page numbers. The element model names an arrow by its context, the
card's heading, so both arrows of one pager were "Bordered Table" and told apart only by a
counter over the read (on adminlte3-10, ``link_bordered_table_near_1`` and
``link_bordered_table_near_1_2``). A person calls them the table's previous and next page."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_pager_arrows.html"


def test_a_pagers_arrows_are_its_previous_and_next(browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    arrows = [e for e in whole.elements if e["type"] == "link"
              and not any(ch.isdigit() for ch in (e["label"] or ""))]
    assert [e["id"] for e in arrows] == [
        "link_bordered_table_previous", "link_bordered_table_next",
        "link_simple_full_width_table_previous", "link_simple_full_width_table_next"], [
        (e["id"], e["label"], e.get("relations")) for e in arrows]
    assert not any("alike" in e.get("relations", {}) for e in arrows), arrows
    # (the window's read, the same page: the same names)
    first = read(browser)
    assert {e["id"] for e in first.elements} >= {e["id"] for e in arrows}
