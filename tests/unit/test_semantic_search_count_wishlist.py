"""Rules from the twentieth held-out set's misses (issue 31), on a page's features: results
counted under the page's own search box on a page its title calls a search, and prices under a
heading naming a wishlist."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

COUNTED = "a line counting results under the page's own search box"


def _signals(f: Features) -> str:
    return " ".join(str(s["signal"]) for s in classify(f)[2])


def test_results_counted_under_the_pages_search_box_on_a_search_page_are_results() -> None:
    page = Features(search_inputs=2, results_under_search=1, heading_cards=6, prices=12,
                    checkboxes=6, row_checkboxes=6, title="course search-eduguard",
                    text="1, 254 results found.")
    kind, _, signals = classify(page)
    assert kind == "search_results", signals[:4]
    # (its cards are the results: no list's alike cards)
    assert "alike cards" not in _signals(page)
    # (the same page titled as a shop: a catalogue's count, a list)
    shop = Features(search_inputs=2, results_under_search=1, heading_cards=6, prices=12,
                    title="clicon - ecommerce html template", text="65,867 results found.")
    assert classify(shop)[0] == "list"
    assert COUNTED not in _signals(shop)
    # (beside a password field the count is no search's)
    assert COUNTED not in _signals(Features(results_under_search=1, passwords=1,
                                            title="search"))


def test_prices_under_a_wishlist_heading_are_a_list_and_no_cart() -> None:
    page = Features(wishlist_headings=1, prices=6, removable_rows=3, tables=1, rows=4,
                    text="wishlist\nadd to card\ncheckout")
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]
    assert "take out (a cart)" not in _signals(page)
    # (the same rows with no such heading, under a checkout's words: a cart)
    cart = Features(prices=6, removable_rows=3, tables=1, rows=4, text="cart\ncheckout")
    assert classify(cart)[0] == "checkout"
