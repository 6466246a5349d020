"""Twins a person tells apart by where they sit and by what their card says (issue 31, design
note 161), through the extension and the host in Debian Chromium, on a page laid out as old
shops lay theirs out (tests/pages/understanding/ids_list_sides.html): the toolbar's "Sort by"
and "Per page" selects above the products and again below them, each card's loader picture
(alt "Loading image") beside a ``<noscript>`` copy of the product's picture, two cards of one
shoe told apart by their sizes, two radio buttons each followed by its words. The selects are
named by their side of the list, the loaders by their cards, the radios by their own words; no
id is numbered among the read's own elements, and every id holds in the first screen, after a
scroll to the end and after a notice is added above; a product added to the list leaves the
selects' ids; an act by the lower "Sort by"'s id after a read of the first screen (which does
not list it) changes that select."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_list_sides.html"
NOTICE_ABOVE = """
const note = document.createElement('p');
note.innerHTML = 'Free returns until January. <a href="/returns">Read more</a>';
document.querySelector('h1').after(note);
window.scrollTo(0, 0);
"""
PRODUCT_IN_LIST = """
const card = document.querySelector('.product').cloneNode(true);
card.querySelector('.title').textContent = 'Leather Moccasin';
document.querySelector('.count').after(card);
"""


def ids_of(result: PageResult, kind: str, label: str) -> list[str]:
    """The ids of the reply's elements of ``kind`` labelled ``label``, in document order."""
    return [e["id"] for e in result.elements if e["type"] == kind and e["label"] == label]


def test_selects_around_the_list_loaders_and_radios_are_named_by_place_and_card(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    sort = ids_of(whole, "select", "Sort by")
    per_page = ids_of(whole, "select", "Per page")
    assert len(sort) == 2 and sort[0].endswith("_above_list") \
        and sort[1].endswith("_below_list"), sort
    assert len(per_page) == 2 and per_page[0].endswith("_above_list") \
        and per_page[1].endswith("_below_list"), per_page
    loaders = ids_of(whole, "image", "Loading image")
    assert len(loaders) == 6 and len(set(loaders)) == 6, loaders
    # the two cards of one shoe: by their card's words, a <noscript>'s markup read as none
    shoe = [i for i in loaders if "_for_deck_shoe_two_eye" in i]
    assert len(shoe) == 2 and "available_in_sizes" in shoe[1], shoe
    assert not [i for i in ids_by_node(whole).values() if "itemprop" in i or "margin" in i]
    # each radio by the words that follow it, not the first one's
    assert ids_of(whole, "radio", "Canada subscription") == ["radio_canada_subscription"]
    assert ids_of(whole, "radio", "US subscription") == ["radio_us_subscription"]
    # a label before each radio on a line that opens with words still names it
    assert ids_of(whole, "radio", "Man") == ["radio_man"]
    assert ids_of(whole, "radio", "Woman") == ["radio_woman"]
    numbered = [e["id"] for e in whole.elements
                if e["relations"].get("alike", {}).get("over") == "read"]
    assert not numbered, numbered
    ids_stay(browser, first, whole, NOTICE_ABOVE)
    browser.run_in_target(PRODUCT_IN_LIST)
    after = read(browser, viewport_only=False)
    assert ids_of(after, "select", "Sort by") == sort
    assert ids_of(after, "select", "Per page") == per_page


def test_an_act_by_the_lower_sort_box_id_changes_that_box(browser: Browser,
                                                          pages_url: str) -> None:
    read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    lower = ids_of(whole, "select", "Sort by")[1]
    browser.run_in_target("window.scrollTo(0, 0); window.changed = [];")
    top = read(browser)
    assert lower not in {e["id"] for e in top.elements}, lower
    done = browser.act(lower, "select", "Newest")
    assert done.ok, (lower, done.error)
    changed = browser.run_in_target("return window.changed;")
    assert changed and all(c.startswith("sort-bottom-") for c in changed), changed
    shown = browser.run_in_target(
        "return [...document.querySelectorAll('select[name=sort]')].map((s) => s.value);")
    assert shown == ["Best match", "Newest"], shown
