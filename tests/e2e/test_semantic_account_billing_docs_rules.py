"""Page types from the recurring miss kinds of twenty-one held-out sets (issue 31, note 100),
each decided by what a person reads first: the form a person meets first of a sign-in and a
sign-up, a form's "Save Changes" (it edits what the account holds), a checkout's address
fields below the first screen, and a document's headings each over prose of its own. Each page
is our own, through the extension and the host in Debian Chromium, read from the first screen
and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SIGN_IN_BESIDE = "form:a sign-in form beside a sign-up form"
SAVED = "form:fields kept by a \"Save Changes\" control (the account's values)"
ADDRESS = "form:address fields with shipping or checkout words"
SECTIONS = "stats:3+ unlinked headings each over prose (a document in sections)"


def test_a_sign_in_form_met_before_a_sign_up_form_is_a_sign_in(
        browser: Browser, pages_url: str) -> None:
    # "Corner Shop - Account": a sign-in form (email, password), then a sign-up form (name,
    # email, password, repeat password, terms), side by side in the content. The old main read a
    # sign-up: the second form's confirmation and terms outweighed the first form.
    for result in both_reads(browser, pages_url
                             + "understanding/account_sign_in_beside_sign_up.html"):
        assert result.type == "login", result.page["signals"][:8]
        assert fired(result)[SIGN_IN_BESIDE] == 0.6
    # The same two forms, the sign-up first: the page a person meets is the sign-up.
    for result in both_reads(browser, pages_url
                             + "understanding/account_sign_up_beside_sign_in.html"):
        assert result.type == "register", result.page["signals"][:8]
        assert fired(result)[SIGN_IN_BESIDE] == 0.5


def test_an_address_kept_by_save_changes_under_the_accounts_menu_is_settings(
        browser: Browser, pages_url: str) -> None:
    # "Billing information" under "My Account": name, address, city, zip, country, state,
    # phone and email fields, nothing priced, and "Save Changes". The old main read a checkout
    # (address fields under billing words).
    for result in both_reads(browser, pages_url
                             + "understanding/account_billing_save_changes.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert SAVED in fired(result)
        assert ADDRESS not in fired(result)


def test_a_checkouts_address_fields_below_the_first_screen_are_the_pages(
        browser: Browser, pages_url: str) -> None:
    # A checkout's first step: its steps fill the first screen; below them the billing fields
    # (labels in each field's box, tied to none), "Continue" and an order summary with prices.
    # The old main read the first screen a form: it counted address fields on that screen only.
    for result in both_reads(browser, pages_url
                             + "understanding/checkout_billing_below_first_screen.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert ADDRESS in fired(result)


def test_documentation_in_headed_sections_is_an_article(
        browser: Browser, pages_url: str) -> None:
    # "Getting Started" in an admin template: Quick Start, Environment Setup, Folder Structure
    # (a tree in <pre>), Colors (eight alike swatch cards, each under its own heading) and
    # Typography, each heading over prose of its own. The old main read a list (the swatches).
    for result in both_reads(browser, pages_url + "understanding/docs_sections_swatches.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert SECTIONS in fired(result)
