"""Ids a person reads off the page, none a counter and none saying its words twice (issue 31,
design note 94, fourth part), through the extension and the host in Debian Chromium: a card's
header tools drawn by Feather's icon font ("ft-minus", "ft-rotate-cw") named by their icons,
under each card's title; a footer gallery's links to six pictures of one folder, all "Image",
named by the file each goes to; comments' "reply" links, each to its comment's number, by
the comment's author; an order line's unlabelled selects beside its price ("$14")
by the names the page gives them, not by the price; links to one term in a section whose id
and heading say the same words ("basic-usage", "Basic Usage") said once. The ids are the same
in the first screen, in the whole page, after a scroll to the end (the last card's tools,
twins of the first cards', and the gallery scroll into view) and after a card, a picture, a
comment, a note and a section are added above them."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_panel_tools_gallery_sections.html"
TOOLS = ("minus", "rotate_cw", "maximize", "x")
CARDS = {f"btn_{tool}_in_main_at_cards_under_{card}" for tool in TOOLS
         for card in ("departures", "arrivals")} | {
    f"btn_{tool}_in_main_under_cancellations" for tool in TOOLS}
GALLERY = {f"link_image_in_footer_to_photos_harbour0{n}" for n in range(1, 7)}
REPLIES = {"link_reply_in_main_at_comments_under_ines",
           "link_reply_in_main_at_comments_under_tomas"}
SELECTS = {"select_cabin", "select_berths", "select_meals"}
TICKETS = {"link_ticket_in_main_to_types_ticket_at_basic_usage",
           "link_ticket_in_main_to_types_ticket_at_basic_usage_under_refunds",
           "link_ticket_in_main_to_types_ticket_at_season_passes"}
ADD_CARD = """
const card = document.querySelector('#cards .card').cloneNode(true);
card.querySelector('h4').textContent = 'Delays';
card.querySelector('table').remove();
document.getElementById('cards').prepend(card);
window.scrollTo(0, 0);
"""
ADD_PICTURE = """
document.getElementById('gallery').insertAdjacentHTML('afterbegin',
  '<a href="photos/quay07.jpg"><img src="photos/quay07.jpg" alt="Image"></a>');
window.scrollTo(0, 0);
"""
ADD_COMMENT = """
document.querySelector('#comments h2').insertAdjacentHTML('afterend',
  '<div class="comment"><div class="comment-content"><div class="content"><h3 class="name">'
  + 'Maren</h3><p>Season passes sold out by noon.</p></div></div><div class="meta"><span>'
  + 'April 6, 2026</span><ul '
  + 'class="links"><li><a href="/comment/reply/6786/22301">reply</a></li></ul></div></div>');
window.scrollTo(0, 0);
"""
ADD_NOTE = """
document.getElementById('order-form').insertAdjacentHTML('afterbegin',
  '<p>Cabins are <label>held <input type="checkbox" name="hold"></label> for an hour.</p>');
window.scrollTo(0, 0);
"""
ADD_SECTION = """
document.getElementById('basic-usage').insertAdjacentHTML('beforebegin',
  '<section id="day-returns"><h2>Day Returns</h2><p>A day return is one <a '
  + 'href="types.html#ticket">ticket</a> for the crossing out and the crossing back on the '
  + 'same day, at the price of the two single crossings less a fifth.</p></section>');
window.scrollTo(0, 0);
"""


def numbered(result: PageResult, prefix: str) -> list[str]:
    """Elements whose id starts with ``prefix`` and holds a number among twins
    (``relations.alike``): counters."""
    return [e["id"] for e in result.elements
            if e["id"].startswith(prefix) and e["relations"].get("alike")]


def same_in_every_read(browser: Browser, url: str, kind: str, wanted: set[str],
                       add_above: str, added: str) -> set[str]:
    """The whole page's ids, after checking ``wanted`` among them, none starting with ``kind``
    numbered, and each element's id the same in the first screen, after a scroll to the end
    and after ``add_above`` (which names its new element ``added``, not numbered either)."""
    first = read(browser, url)
    whole = read(browser, viewport_only=False)
    assert not numbered(first, kind) and not numbered(whole, kind), (
        numbered(first, kind), numbered(whole, kind))
    said = set(ids_by_node(whole).values())
    assert said >= wanted, (sorted(wanted - said), sorted(said))
    after = ids_stay(browser, first, whole, add_above)
    assert not numbered(after, kind), numbered(after, kind)
    assert added in set(ids_by_node(after).values()), sorted(ids_by_node(after).values())
    return said


def test_card_tools_drawn_by_an_icon_font_are_named_by_their_icons(
        browser: Browser, pages_url: str) -> None:
    # (the last card's tools are below the first screen: twins that scroll into view)
    said = same_in_every_read(browser, pages_url + PAGE, "btn_", CARDS, ADD_CARD,
                              "btn_minus_in_main_at_cards_under_delays")
    assert not [i for i in said if i.startswith("btn_in_")], sorted(said)


def test_gallery_links_are_named_by_the_picture_each_goes_to(
        browser: Browser, pages_url: str) -> None:
    same_in_every_read(browser, pages_url + PAGE, "link_image", GALLERY, ADD_PICTURE,
                       "link_image_in_footer_to_photos_quay07")


def test_a_section_whose_id_and_heading_say_the_same_words_is_said_once(
        browser: Browser, pages_url: str) -> None:
    said = same_in_every_read(browser, pages_url + PAGE, "link_ticket", TICKETS, ADD_SECTION,
                              "link_ticket_in_main_to_types_ticket_at_day_returns")
    assert not [i for i in said if "basic_usage_under_basic_usage" in i], sorted(said)


def test_an_order_lines_selects_beside_its_price_are_not_named_by_the_price(
        browser: Browser, pages_url: str) -> None:
    said = same_in_every_read(browser, pages_url + PAGE, "select_", SELECTS, ADD_NOTE,
                              "checkbox_held")
    assert not [i for i in said if i.startswith("select_14")], sorted(said)


def test_comments_reply_links_are_named_by_the_comments_author(
        browser: Browser, pages_url: str) -> None:
    # each "reply" goes to its own comment's number: the same link under two comments
    same_in_every_read(browser, pages_url + PAGE, "link_reply", REPLIES, ADD_COMMENT,
                       "link_reply_in_main_at_comments_under_maren")
