"""Kinds of page the twenty-eighth held-out set missed (issue 31, note 139), each read from what
a person sees on it, each page our own, through the extension and the host in Debian Chromium;
each read otherwise on the old main:

- quantity fields in priced rows under "View Cart" / "Shopping Cart", the totals and "Checkout"
  below the first screen: a cart (the old main read the first screen a list);
- product cards (classed as widgets) with prices and "Add to Cart" / "Buy Now": a catalogue, a
  list (the old main read unknown, the cards as a dashboard's widgets);
- four count tiles over a long table of orders with "View" buttons: the orders, a list (old:
  dashboard);
- a contact form beside a checkout form on a page titled "Forms": a page of forms (old:
  checkout);
- a documentation chapter whose headings carry their own "¶" anchors, whose sections' ids say
  "cookies", beside a long table of contents: an article, its body above the contents, its
  short "First, <a>install the toolkit</a>." read (old: list, the body in "dialog" regions);
- a side menu's links drawn with an SVG icon titled as the link ("dashboard" beside
  "Dashboard") keep their ids when the page scrolls and the breadcrumb's "Dashboard" leaves
  the screen (old: ``link_dashboard_...`` became ``link_dashboard``)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired, ids_by_node, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

CART_ROWS = "form:quantity fields in rows of priced products (a cart)"
CATALOGUE = "stats:3+ controls putting a product in the cart (a catalogue)"
TILES = "stats:3+ figures each over a few words (stat tiles)"
NAMED_FORMS = "form:2+ forms of different purposes under a title naming forms"
FRONT = "stats:5+ linked headings over short teasers (a front page of posts)"
CHROME = frozenset({"navigation", "header", "footer", "dialog"})


def test_quantities_in_priced_rows_under_a_cart_title_are_a_cart(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/cart_totals_below_fold.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert CART_ROWS in fired(result)


def test_product_cards_that_add_to_the_cart_are_a_catalogue(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/product_cards_widgets.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert CATALOGUE in fired(result)


def test_count_tiles_over_a_long_table_of_orders_are_the_orders(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/orders_under_counts.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert TILES not in fired(result)


def test_a_contact_form_beside_a_checkout_form_titled_forms_is_a_page_of_forms(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/forms_contact_and_checkout.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert NAMED_FORMS in fired(result)


def test_a_chapter_whose_headings_carry_their_own_anchors_is_an_article(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/doc_chapter_permalinks.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert FRONT not in fired(result)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    texts = [s["text"] for s in result.content]
    assert "dialog" not in kinds.values(), result.page["regions"]
    first_chrome = min(i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME)
    for start in ("First, install the toolkit.", "The toolkit reads and writes",
                  "Call jar.set(name, value)"):
        rank = next(i for i, t in enumerate(texts) if t.startswith(start))
        assert rank < first_chrome, (start, texts[:first_chrome + 1])


def test_side_menu_links_drawn_with_titled_icons_keep_their_ids_on_a_scroll(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + "understanding/side_menu_icon_titles.html")
    menu = [e["id"] for e in first.elements if e.get("label") == "Dashboard"]
    assert len(menu) == 2, menu  # the side menu's and the breadcrumb's
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = read(browser)
    before = ids_by_node(first)
    moved = {before[k]: v for k, v in ids_by_node(scrolled).items() if k in before
             and before[k] != v}
    assert not moved, moved
    assert [e for e in scrolled.elements if e.get("label") == "Dashboard"], scrolled.elements
