"""Twins a person tells apart by the row or card they sit in, or by what each field asks for
(issue 31, design note 156), through the extension and the host in Debian Chromium, on a page
laid out as old shops lay theirs out (tests/pages/understanding/ids_rows_stars_pairs.html):
each product card's colour swatches (pictures no words name, each calling the shop's
script: ``javascript:Shop.pick(101, this, 5002)``), each card's five rating stars (pictures
alt "0" side by side under a title link, no heading), "First/Last Name:" asked in two boxes named
FirstName and LastName and a phone in AreaCode and PhoneNumber. A swatch is named by its
product's title and numbered within its card, a star by its product's title and numbered among
its five, a field by what its markup says it asks for; every id holds in the first screen, after
a scroll, after a scroll to the end and after a product is added above, and an act by an id
hits the control the whole page named so after each."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_rows_stars_pairs.html"
ADD_ABOVE = """
const card = document.createElement('div');
card.className = 'card';
card.innerHTML = '<div class="name"><a href="/p/white-plate.html">White Stoneware Dinner Plate'
  + '</a></div><p class="swatches"><a href="javascript:void(0);" class="on" data-pick="white-1">'
  + '<img width="28" height="28" alt=""></a><a href="javascript:Shop.pick(100, this, 4002);" '
  + 'data-pick="white-2"><img width="28" height="28" alt=""></a></p><div class="stars">'
  + '<img src="/stars/off.png" alt="0" width="16" height="16" data-star="white-1">'.repeat(5)
  + ' (0 votes)</div>';
document.querySelector('.products').prepend(card);
window.scrollTo(0, 0);
"""
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def swatches(result: PageResult, title: str) -> list[str]:
    """The ids of the reply's links with no label of the product ``title`` (its words as an
    id says them), in document order: its colour swatches."""
    return [e["id"] for e in result.elements if not e["label"] and e["type"] == "link"
            and e["relations"].get("twin", "").startswith(f"for_{title}")]


def by_label(result: PageResult, label: str) -> list[str]:
    return [e["id"] for e in result.elements if e["label"] == label]


def test_swatches_stars_and_paired_fields_are_named_by_their_row_and_hold(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    green = swatches(whole, "green_porcelain_noodle_bowl")
    # named by the product's card, numbered within it (the first is the card's own)
    assert green == ["link_in_main_for_green_porcelain_noodle_bowl"] + [
        f"link_in_main_for_green_porcelain_noodle_bowl_{n}" for n in (2, 3, 4)], green
    assert not [i for i in ids_by_node(whole).values() if "javascript" in i]
    # each product's stars carry its title: its five numbered among themselves
    stars = by_label(whole, "0")
    assert len(stars) == 15 and len(set(stars)) == 15, stars
    red = [i for i in stars if "for_red_earthenware_water_jug" in i]
    assert len(red) == 5 and red[1].endswith("_2") and red[4].endswith("_5"), red
    # two boxes under one label: what each asks for, no number
    names = by_label(whole, "First/Last Name:") + by_label(whole, "Daytime phone:")
    assert [n.rsplit("_", 2)[-2:] for n in names] == [
        ["first", "name"], ["last", "name"], ["area", "code"], ["phone", "number"]], names
    every = ids_by_node(whole)
    for _ in range(3):
        browser.run_in_target(SCROLL)
        shown = ids_by_node(read(browser))
        assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target("window.scrollTo(0, 0);")
    after = ids_stay(browser, first, whole, ADD_ABOVE)
    # the product added above has ids of its own, not the others'
    assert swatches(after, "white_stoneware_dinner_plate") == [
        "link_in_main_for_white_stoneware_dinner_plate",
        "link_in_main_for_white_stoneware_dinner_plate_2"]


SHOW = "document.querySelectorAll('.card')[{}].scrollIntoView();"


def test_an_act_by_a_swatch_star_or_field_id_hits_it_after_a_scroll_and_an_insertion(
        browser: Browser, pages_url: str) -> None:
    read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    red_swatch = swatches(whole, "red_earthenware_water_jug")[2]
    green_star = [i for i in by_label(whole, "0") if "for_green_porcelain_noodle" in i][3]
    last_name = by_label(whole, "First/Last Name:")[1]
    # each act after a read of the window it sits in: scrolled to its card, then again with a
    # product added above (the cards after it move down one)
    for card, target in ((2, red_swatch), (1, green_star), (2, green_star), (3, red_swatch)):
        if card == 2 and target == green_star:
            browser.run_in_target(ADD_ABOVE)
        browser.run_in_target(SHOW.format(card))
        read(browser)
        done = browser.act(target, "click")
        assert done.ok, (target, done.error)
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight);")
    read(browser)
    done = browser.act(last_name, "click")
    assert done.ok, (last_name, done.error)
    clicked = browser.run_in_target("return window.clicked;")
    assert clicked == ["red-3", "green-4", "green-4", "red-3", "LastName"], clicked


def test_an_id_of_the_whole_page_read_acts_on_its_control_after_a_window_read_without_it(
        browser: Browser, pages_url: str) -> None:
    """A swatch and a star below the window, named by a whole-page read, acted on right after
    a read of the first screen that does not list them: each act hits that control (before,
    the id, unknown to the last read, was taken as words and clicked its card's title link
    with ``ok: true``); once its card is gone the id is ``stale_element``, nothing clicked."""
    read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    red_swatch = swatches(whole, "red_earthenware_water_jug")[2]
    red_star = [i for i in by_label(whole, "0") if "for_red_earthenware_water_jug" in i][3]
    for target, picked in ((red_swatch, "red-3"), (red_star, "red-4")):
        browser.run_in_target("window.scrollTo(0, 0); window.clicked = [];")
        top = read(browser)
        assert target not in {e["id"] for e in top.elements}, target
        done = browser.act(target, "click")
        assert done.ok, (target, done.error)
        assert browser.run_in_target("return window.clicked;") == [picked]
    browser.run_in_target(
        "window.scrollTo(0, 0); window.clicked = [];"
        "for (const c of document.querySelectorAll('.card')) if (/Red Earthenware/"
        ".test(c.textContent)) c.remove();")
    read(browser)
    gone = browser.act(red_swatch, "click")
    assert not gone.ok and gone.error is not None, gone
    assert gone.error.code == "stale_element", gone.error
    assert browser.run_in_target("return window.clicked;") == []
