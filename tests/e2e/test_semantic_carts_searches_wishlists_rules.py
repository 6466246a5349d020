"""Page types from rules found in the misses of the twentieth held-out set (issue 31), once it
was spent: a cart of two lines whose remove icon's class is on its wrapper, a cart whose lines
are alike boxes of "−" [count] "+", a search whose results are counted under the page's own
search box, and a wishlist whose buttons say "add to card". Each page is our own, through the
extension and the host in Debian Chromium, read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

TAKEOUT = "form:rows of priced products a person can take out (a cart)"
QUANTITIES = "form:quantity fields in rows of priced products (a cart)"
COUNTED = ("form:a line counting results under the page's own search box, a search by its "
           "title")
WISHLIST = "stats:prices under a heading naming a wishlist"


def test_two_lines_each_taken_out_by_an_icon_in_a_trash_box_are_a_cart(
        browser: Browser, pages_url: str) -> None:
    # "2 Courses in Cart": two alike lines, each a price and an icon link (no words) inside a
    # <div class="trash-icon">, a summary and a "Checkout" link. The old main read it unknown:
    # the remove rule read only the link's own class and wanted three lines.
    for result in both_reads(browser, pages_url
                             + "understanding/cart_two_lines_trash_wrappers.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert TAKEOUT in fired(result)


def test_three_alike_boxes_of_a_count_between_minus_and_plus_are_a_cart(
        browser: Browser, pages_url: str) -> None:
    # "Your Bag": three <div> lines, each "−" [1] "+" and a price, an order summary and a
    # "Checkout" link. The old main took the counts for saved settings (unknown): a stepper's
    # line was asked to be one of four alike boxes, as a list's row is.
    for result in both_reads(browser, pages_url + "understanding/cart_div_lines_steppers.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert QUANTITIES in fired(result)


def test_results_counted_under_the_pages_own_search_box_are_a_search(
        browser: Browser, pages_url: str) -> None:
    # "Course Search": a search box in the page (the top bar has the site's own), then
    # "1, 254 results found." over six course cards with prices and filters beside them. The
    # old main read a list.
    for result in both_reads(browser, pages_url + "understanding/search_box_count_results.html"):
        assert result.type == "search_results", result.page["signals"][:8]
        assert COUNTED in fired(result)


def test_a_shops_count_beside_its_sorting_is_no_search(
        browser: Browser, pages_url: str) -> None:
    # The shop's catalogue: a search box beside its sorting, "65,867 Results found." over the
    # products, and a title naming the shop, not a search: a list still.
    for result in both_reads(browser, pages_url
                             + "understanding/shop_count_beside_sort_search.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert COUNTED not in fired(result)


def test_prices_under_a_wishlist_heading_are_a_list_whatever_the_buttons_say(
        browser: Browser, pages_url: str) -> None:
    # "Wishlist" over a table of products, each a price, a stock status, "add to card" (the
    # template's slip) and a remove button. The old main read it unknown.
    for result in both_reads(browser, pages_url
                             + "understanding/wishlist_heading_card_slip.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert WISHLIST in fired(result)
        assert TAKEOUT not in fired(result)
