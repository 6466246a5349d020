"""Page types from rules found in the misses of the fourteenth held-out set (issue 31), once it
was spent: a sign-in whose password field is typed text, a shopping cart (products, prices and
quantity fields, no address or card yet), an account form of saved values under a template's
"Dashboard" title, a sign-in whose sign-up words are an invitation to another page. Each page
is our own, through the extension and the host in Debian Chromium, read from the first screen
and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_sign_in_whose_password_field_is_typed_text_is_a_sign_in(
        browser: Browser, pages_url: str) -> None:
    # A user name and a field typed text under the placeholder "Password", and below them the
    # password-recovery form a script would hide (an address field, "Recover"): the worded
    # field is the page's password field in the whole-page tally too, not a third text field.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/login_password_typed_text_recover.html",
                      viewport_only=viewport_only)
        assert result.type == "login", result.page["signals"][:8]
        assert "form:one password field, few inputs" in fired(result)


def test_a_cart_is_a_checkout_step(browser: Browser, pages_url: str) -> None:
    # Three products in table rows, each with its price, a quantity field and a subtotal, a
    # coupon box, "Subtotal" and "Shipping" said, a link to check out; no address or card yet.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/cart_products_quantities.html",
                      viewport_only=viewport_only)
        assert result.type == "checkout", result.page["signals"][:8]
        assert "form:quantity fields in rows of priced products (a cart)" in fired(result)
        assert "stats:4+ prices" not in fired(result)


def test_an_account_form_of_saved_values_under_a_dashboard_title_is_settings(
        browser: Browser, pages_url: str) -> None:
    # "Nimbus Dashboard Lite - Free Bootstrap Admin Template": a profile card and an account
    # form whose name and email fields hold the saved values, no chart, tile or figure.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/profile_saved_values_template_title.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:8]
        scores = result.page["scores"]
        assert scores["dashboard"] < scores["settings"], scores


def test_a_sign_in_inviting_to_sign_up_is_a_sign_in(browser: Browser, pages_url: str) -> None:
    # One password field beside an email field, "Sign up" in the top bar and "Don't have an
    # account? Register" below the form, a newsletter box in the footer: the sign-up words name
    # another page.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/signin_signup_links_one_password.html",
                      viewport_only=viewport_only)
        assert result.type == "login", result.page["signals"][:8]
        assert result.page["scores"]["register"] < result.page["scores"]["login"]
