"""Page types from rules found in the misses of the fifteenth held-out set (issue 31), once it
was spent: a cart that asks no quantity (only Remove links), a sign-up whose only sign-up words
are "Create Your Account", a contact form that asks for a subject, settings drawn as a table of
checkboxes or as rows of switches, a story whose paragraphs are <div>s of inline text. Each
page is our own, through the extension and the host in Debian Chromium, read from the first
screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

CART = "form:rows of priced products a person can take out (a cart)"


def test_a_cart_of_remove_links_and_no_quantity_is_a_checkout_step(
        browser: Browser, pages_url: str) -> None:
    # "Cart" over three products in table rows, each a price and a "Remove" link, a
    # "Checkout" link below; no quantity field, no address or card yet.
    for result in both_reads(browser, pages_url + "understanding/products_remove_links.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert CART in fired(result)


def test_a_wishlist_whose_rows_add_to_the_cart_is_no_cart(
        browser: Browser, pages_url: str) -> None:
    # The same shop's wishlist: each row a price, "Add to cart" and a remove button (×), and the
    # top bar's "Checkout" link: its rows are what a person keeps, not what they are buying.
    for result in both_reads(browser, pages_url + "understanding/wishlist_remove_add.html"):
        assert result.type != "checkout", result.page["signals"][:8]
        assert CART not in fired(result)


def test_create_your_account_over_one_password_is_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # "Create Your Account" over first and last name, user name, email and one password field
    # named by placeholders, a button that says "Sign In" and a link to log in instead.
    for result in both_reads(browser, pages_url + "understanding/signup_create_your_account.html"):
        assert result.type == "register", result.page["signals"][:8]
        assert "form:password and sign-up words" in fired(result)


def test_a_contact_form_asking_a_subject_is_no_mail_being_written(
        browser: Browser, pages_url: str) -> None:
    # Your name, your email, a subject and a message to the site: no field names whom it goes to.
    for result in both_reads(browser, pages_url + "understanding/message_form_subject.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:to/subject fields with a message body" not in fired(result)


def test_notification_settings_drawn_as_a_table_of_checkboxes_are_settings(
        browser: Browser, pages_url: str) -> None:
    # A template's account-settings tab ("Demo: Account settings" leaves the title as a
    # product's name): four kinds of notice by three channels, a checkbox in each cell, no link
    # in a row; a select and "Save changes" below.
    for result in both_reads(browser, pages_url + "understanding/settings_checkbox_grid.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert "form:3+ table rows of checkboxes, no link (a grid of settings)" in fired(result)
        assert result.page["scores"]["list"] < result.page["scores"]["settings"]


def test_connected_accounts_drawn_as_rows_of_switches_are_settings(
        browser: Browser, pages_url: str) -> None:
    # Five services in alike rows, each its name, a line about it and a checkbox drawn as a
    # switch (twice as wide as high, in a "form-switch" box); no title word of settings.
    for result in both_reads(browser, pages_url + "understanding/settings_switch_rows.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert ("form:3+ switches, half the fields or more (settings turned on and off)"
                in fired(result))


def test_a_story_written_in_divs_of_inline_text_is_an_article(
        browser: Browser, pages_url: str) -> None:
    # Five paragraphs, each a <div> of <span>s and a link in its own box, no <p>; a share list
    # and ten "More news" links beside them.
    for result in both_reads(browser, pages_url + "understanding/article_div_paragraphs.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert "stats:3+ long text blocks" in fired(result)


def test_a_dashboards_figures_make_its_tables_and_lists_panels(
        browser: Browser, pages_url: str) -> None:
    # "Dashboard - Analytics": four figures in tiles, a chart's empty box (a script draws it),
    # eight transactions as list items and a table of recent orders under a filter box.
    for result in both_reads(browser, pages_url + "understanding/dashboard_figures_tables.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert "stats:8+ list items" not in fired(result)
        assert "stats:4+ prices" not in fired(result)
