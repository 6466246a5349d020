"""A lower-case word in a page whose text font falls back to "Segoe UI Symbol" is the word a
person reads, no icon font's ligature (issue 31, design note 327): Allure's sorters ("order",
"name", "duration", "status", each beside an arrow `<svg class="a-icon a-icon_size_s">`) were
named "s" from the arrow's size class, numbered as four twins, each near "ordernameduration_tatus":
the row's words run together and the "s" taken out of "status". Through the extension and
the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, DomResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/lowercase_words_symbol_fallback.html"


@pytest.mark.parametrize("viewport_only", [True, False])
def test_lower_case_words_in_a_text_font_name_their_controls(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    ids = {e["id"]: e for e in result.elements}
    for word in ("order", "name", "duration", "status", "archive"):
        assert f"btn_{word}" in ids, sorted(ids)
        assert ids[f"btn_{word}"]["label"] == word, ids[f"btn_{word}"]
    assert not any(i.startswith("btn_s_") or i == "btn_s" for i in ids), sorted(ids)
    # the sorters written with nothing between them are words apart in each one's row, and
    # each one's own word is out of its row's ("order", not the "s" of "status")
    assert ids["btn_order"]["relations"]["context"] == "name_duration_status", ids["btn_order"]
    assert ids["btn_status"]["relations"]["context"] == "order_name_duration", ids["btn_status"]


def test_the_words_are_the_texts_name_and_an_icon_fonts_ligature_stays_a_symbol(
        browser: Browser, pages_url: str) -> None:
    dom = browser.snapshot(pages_url + PAGE, format="domtext")
    assert isinstance(dom, DomResult)
    named = {e["name"]: e for e in dom.elements}
    for word in ("order", "name", "duration", "status", "archive"):
        assert named[word]["nameSource"] == "text", named[word]
    # the glyph drawn by the icon font asked for first is its ligature: an icon's name
    assert named["delete"]["nameSource"] == "icon", named["delete"]
