"""The page's own matter against the site's navigation (issue 31, note 145), each page our own,
unstyled as the thirtieth held-out set's saved shops show, read through the extension and the
host in Debian Chromium; each read otherwise on the old main:

- a form under the heading "Order Status" below screens of bare department, brand and A-Z link
  lists, no landmarks: a form (the old main read both reads a list);
- a password reset whose heading and field sit below a site's long menu: a form from the first
  screen too (old: unknown, the reset's words unseen);
- "Your Basket" over "0 items", its steps and four paragraphs of terms: an empty cart (old:
  article);
- a contact form asking a postal address under "Contact Us", "Free Shipping" in the title: a
  form (old: checkout);
- a menu's linked room headings in the site's navigation are no search's results (old: the
  "5+ result blocks" signal fired on the sign-in page under them)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

LIST_SIGNALS = ("stats:8+ list items", "stats:8+ linked list items",
                "stats:8+ alike rows with links")
CART = "form:the page's own heading names a cart (a cart, empty or not)"


def test_a_form_under_its_heading_below_bare_link_lists_is_a_form(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/own_matter_order_lookup.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert not set(LIST_SIGNALS) & set(fired(result)), result.page["signals"][:8]


def test_a_reset_below_the_site_menu_is_a_form_from_the_first_screen(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/own_matter_reset_below_menus.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:a password reset (an address field, no password field)" in fired(result)


def test_an_empty_basket_over_its_terms_is_a_cart(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/own_matter_empty_cart.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert CART in fired(result)


def test_a_contact_form_asking_an_address_is_a_form(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/own_matter_contact_address.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:address fields with shipping or checkout words" not in fired(result)


def test_linked_headings_in_the_site_menu_are_no_results(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/own_matter_menu_headings.html"):
        assert result.type == "login", result.page["signals"][:8]
        assert "stats:5+ result blocks" not in fired(result), result.page["signals"][:8]
