"""Fields named alike by their labels, or named by nothing, told apart by what a person reads
in and beside them, over the whole page (issue 31, design note 94), through the extension and
the host in Debian Chromium: three "Username" fields of a gallery's input groups by their
add-on's icon (and the side it sits on), a card's unlabelled date and time boxes by their kind,
a cart's unlabelled quantity boxes by their line's words. No counter, and the same ids in the
first screen, the whole page, after a scroll and after a cart line is added on top. (The
input groups sit in a form holding an input named "id", which shadows the form's ``id``
property: the walker reads attributes, or the walk fails and the read lists no control.) A
listbox's options alike in every word are numbered over the whole page, as other twins are.)"""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/fields_alike_by_addon_and_box.html"
FIELDS = ("text_input",)


def ids(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["type"] in FIELDS}


def test_fields_alike_are_told_apart_by_their_add_on_kind_and_box_in_every_read(
        browser: Browser, pages_url: str) -> None:
    first = ids(read(browser, pages_url + PAGE))
    whole_read = read(browser, viewport_only=False)
    whole = ids(whole_read)
    said = sorted(whole.values())
    assert len(said) == 10 and len(set(said)) == 10, said
    assert not [e["id"] for e in whole_read.elements if e["relations"].get("alike")], said
    usernames = [i for i in said if i.startswith("input_username")]
    assert [i.split("input_groups_")[-1] for i in usernames] == [
        "with_menu", "with_menu_after", "with_shield_outline"], usernames
    assert [i.rsplit("_", 1)[-1] for i in said if i.startswith("input_time_and_date")] == [
        "date", "time"], said
    quantities = [i for i in said if i.startswith("input_number")]
    assert len(quantities) == 4 and any("_s_color_white" in i for i in quantities), quantities
    assert any("_l_color_gray" in i for i in quantities), quantities
    assert 1 <= len(first) < 10 and {k: whole[k] for k in first} == first, (first, whole)
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = ids(read(browser))
    assert set(below) - set(first), below
    assert {k: whole[k] for k in below} == below, (below, whole)
    browser.run_in_target(
        "window.scrollTo(0, 0); document.getElementById('lines').insertAdjacentHTML("
        "'afterbegin', window.cartLine('XS', 'Blue'))")
    after = ids(read(browser, viewport_only=False))
    assert {k: after[k] for k in whole} == whole, after


def test_options_alike_in_every_word_are_numbered_over_the_whole_page_in_every_read(
        browser: Browser, pages_url: str) -> None:
    # Three "Search All GitHub / Jump to" options of one listbox, each a screen tall: nothing
    # a person reads parts them, so each keeps its number in the page's order in every read
    # (the first screen, the whole page, after a scroll, after an option unlike them on top).
    def items(result: PageResult) -> dict[int, str]:
        return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
                if e["type"] == "list_item"}

    first = items(read(browser, pages_url + "understanding/options_alike.html"))
    whole_read = read(browser, viewport_only=False)
    whole = items(whole_read)
    assert len(whole) == 3 and len(set(whole.values())) == 3, whole
    said = [e["relations"].get("alike") for e in whole_read.elements if e["type"] == "list_item"]
    assert said[1] == {"number": 2, "of": 3, "over": "page"}, said
    assert 1 <= len(first) < 3 and {k: whole[k] for k in first} == first, (first, whole)
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = items(read(browser))
    assert set(below) - set(first), below
    assert {k: whole[k] for k in below} == below, (below, whole)
    browser.run_in_target(
        "window.scrollTo(0, 0); document.getElementById('results').insertAdjacentHTML("
        "'beforebegin', '<p>Press / to search. <a href=\"/settings\">Settings</a></p>')")
    after = items(read(browser, viewport_only=False))
    assert {k: after[k] for k in whole} == whole, after
