"""Page types from rules found in the misses of the twenty-first held-out set (issue 31), once it
was spent: a sign-up whose first password field's label slipped to "Current Password" beside
only its confirmation (no new password asked: no password change), a password reset beside
a footer's newsletter box, an order list whose rows show "Pending" beside "Delete", and account
settings whose password change below the first screen is labelled above its fields. Each page
is our own,
through the extension and the host in Debian Chromium, read from the first screen and from the
whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

CHANGE = "form:a password change (the current password and a new one)"


def test_a_current_password_beside_only_its_confirmation_is_no_password_change(
        browser: Browser, pages_url: str) -> None:
    # "Create account in Tideline": a name, an email, "Current Password" (the template's slip for
    # the new one) and "Confirm Password", "Continue". The old main read a password change
    # (settings): a change asks a new password, which nothing here does.
    for result in both_reads(browser,
                             pages_url + "understanding/signup_current_password_slip.html"):
        assert result.type == "register", result.page["signals"][:8]
        assert CHANGE not in fired(result)
        assert "form:password confirmation" in fired(result)


def test_a_reset_beside_a_footers_newsletter_box_is_a_reset_form(
        browser: Browser, pages_url: str) -> None:
    # "Reset Password": "New Password" and "Confirm Passwords" in one form, a top bar's
    # "Search for product..." box out of any form, and the footer's "Subscribe to get
    # notification." form asking an address. The old main took the newsletter's address for one
    # asked of the reset, so its confirmation read as a sign-up's.
    for result in both_reads(browser,
                             pages_url + "understanding/reset_beside_header_search.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:password confirmation" not in fired(result)
        assert "form:a new password twice under reset words (a password reset)" in fired(result)


def test_rows_showing_an_orders_state_are_no_cart(browser: Browser, pages_url: str) -> None:
    # "Pinecrest - Order": a table of five orders, each a name, a price, "Pending" and a
    # countdown, "Checkout now" and "Delete". The old main read the rows as a cart's lines (each
    # a price and a control taking it out); a cart's line shows no order's state.
    for result in both_reads(browser, pages_url + "understanding/order_list_pending_rows.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert "form:rows of priced products a person can take out (a cart)" not in fired(result)


def test_a_password_change_below_the_first_screen_labelled_above_its_fields_is_settings(
        browser: Browser, pages_url: str) -> None:
    # "Account": name, title, biography and country, "Save Changes"; a screen below, "Current
    # Password", "New Password" and "Confirm Password", each a <label> above its field in its own
    # box (no `for`). The old main's whole-document count missed the current password (it read
    # only tied labels), so the first screen read a sign-up's confirmation.
    for result in both_reads(browser,
                             pages_url + "understanding/settings_password_change_below.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert CHANGE in fired(result)
