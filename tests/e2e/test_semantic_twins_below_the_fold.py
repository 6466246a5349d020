"""Twins a read's window may hold one of, parted as the whole page parts them (issue 31, design
note 94, sixth part), through the extension and the host in Debian Chromium: an account form's
"Email address" field, whose twin (the footer's newsletter box, labelled alike) is far below the
first screen; news cards whose thumbnail links (alt "post-thumbnail", all to one post page) are
told apart by the title under each, one card a screen; a console's Linux/macOS and Windows tabs,
radios labelled by icon-font glyphs with a title. Every id is the same in the first screen, the
whole page, after a scroll to the end (the footer's twin scrolls into view) and after a notice
is added above, and nothing is numbered."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_twins_below_the_fold.html"
ADD_NOTE = """
document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>The harbour is closed '
  + 'on Sunday: <a href="closed.html">read why</a></p>');
window.scrollTo(0, 0);
"""


def test_twins_out_of_the_window_are_parted_as_in_the_whole_page(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    said = set(ids_by_node(whole).values())
    assert "input_email_address_in_form_at_account_email" in said, sorted(said)
    assert "input_email_address_near_subscribe_to_our_newsletter" in said, sorted(said)
    thumbnails = sorted(i for i in said if i.startswith("link_post_thumbnail"))
    assert thumbnails == [f"link_post_thumbnail_in_main_to_post_under_{title}" for title in (
        "ferry_timetable_changes_for", "fish_market_moves_to", "new_lighthouse_museum_opens")], \
        thumbnails
    # the first screen holds the form and one card: its twins are out of it
    shown = set(ids_by_node(first).values())
    assert "input_email_address_in_form_at_account_email" in shown, sorted(shown)
    assert len([i for i in shown if i.startswith("link_post_thumbnail")]) == 1, sorted(shown)
    ids_stay(browser, first, whole, ADD_NOTE)
    assert not [e["id"] for e in whole.elements if e["relations"].get("alike")
                and e["type"] != "radio"], sorted(said)  # (the tabs: the test below)


def test_tabs_drawn_by_icon_glyphs_are_named_by_their_titles(
        browser: Browser, pages_url: str) -> None:
    for result in (read(browser, pages_url + PAGE), read(browser, viewport_only=False)):
        radios = sorted(e["id"] for e in result.elements if e["type"] == "radio")
        assert radios == ["radio_linux_macos", "radio_windows"], radios
