"""An id no semantic read of the tab named is no words (issue 32, design note 162), through
the extension and the host in Debian Chromium, on the shop page of
tests/pages/understanding/ids_rows_stars_pairs.html (each card's colour swatches are links
named for its title, numbered within the card; a click on any control is noted in
window.clicked and goes nowhere). Before, an id one past a card's last swatch was taken as
words ("link in main for blue stoneware breakfast mug 9") and clicked the card's title link
with ``ok: true``; now the act clicks nothing and says why, naming the ids the read did name
nearest it, and find answers alike. The ids the read named and plain words still act."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_rows_stars_pairs.html"
MUG = "blue_stoneware_breakfast_mug"


def test_an_id_no_read_named_clicks_nothing_and_says_why(browser: Browser,
                                                          pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    named = {e["id"] for e in first.elements}
    swatch = f"link_in_main_for_{MUG}"
    assert {swatch, f"{swatch}_2", f"{swatch}_4"} <= named, sorted(named)
    unnamed = f"{swatch}_9"
    assert unnamed not in named
    browser.run_in_target("window.clicked = [];")
    done = browser.act(unnamed, "click")
    assert not done.ok and done.error is not None, done
    assert done.error.code == "stale_element", done.error
    assert "no semantic read" in done.error.message and unnamed in done.error.message
    nearest = [c.model_dump().get("semantic_id") for c in done.error.candidates]
    assert nearest and set(nearest) <= named and nearest[0].startswith(swatch), nearest
    assert browser.run_in_target("return window.clicked;") == []
    assert browser.run_in_target("return location.pathname;").endswith(PAGE)
    found = browser.find(unnamed)
    assert found.decision == "not_found" and not found.matches, found
    assert found.nearest and found.nearest[0].model_dump().get("semantic_id") in named
    # the ids the read named, and words, act as before
    assert browser.act(f"{swatch}_2", "click").ok
    assert browser.act("Blue Stoneware Breakfast Mug", "click").ok
    assert browser.run_in_target("return window.clicked;") == [
        "blue-2", "Blue Stoneware Breakfast Mug"]
