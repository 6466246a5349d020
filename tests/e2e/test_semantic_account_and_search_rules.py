"""Page types from rules found in the misses of the spent held-out sets (issue 31): a sign-up
that asks no password, a gallery of inputs that asks none either, a mailbox whose messages are
long list items and no checkboxes, a site search titled by its results, a search holding its
query over one plain result. Each page is our own, through the extension and the host in
Debian Chromium, read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_sign_up_that_asks_no_password_is_a_sign_up(browser: Browser, pages_url: str) -> None:
    # "Sign Up" over first and last name, user name, country, company and email, one Submit:
    # the password comes later. Six plain fields alone say "a form".
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/signup_no_password.html",
                      viewport_only=viewport_only)
        assert result.type == "register", result.page["signals"][:8]
        assert "form:name and account fields under sign-up words, no password" in fired(result)


def test_a_gallery_of_inputs_without_a_password_is_a_form_page(
        browser: Browser, pages_url: str) -> None:
    # Sixteen text fields in six cards of field styles, no <form>, beside a side menu of 45
    # links: the menu's items are no list of what the page shows.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/inputs_gallery_no_password.html",
                      viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:8]
        assert result.page["scores"]["list"] < result.page["scores"]["form"]


def test_a_mailbox_of_long_message_items_is_an_inbox(browser: Browser, pages_url: str) -> None:
    # A template titled "Nimbus - Dashboard": Compose, the folders, eight messages as list
    # items (sender, subject, teaser, time), no checkbox, no chart or stat tile.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/inbox_message_items.html",
                      viewport_only=viewport_only)
        assert result.type == "email_inbox", result.page["signals"][:8]
        assert "app:compose beside 5+ message items (a mailbox's list)" in fired(result)


def test_a_site_search_titled_by_its_results_is_search_results(
        browser: Browser, pages_url: str) -> None:
    # 'Search results for "array map"' over an empty search box, topic filters and eight
    # results whose snippets are long list items: the prose is the snippets', no article.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/site_search_title_snippets.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:8]
        assert result.page["scores"]["article"] < 0.4, result.page["scores"]


def test_a_search_holding_its_query_over_one_plain_result_is_search_results(
        browser: Browser, pages_url: str) -> None:
    # The box holds the title searched for; the one result is a linked line in a table cell,
    # no heading. A search home's box is empty.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/results_query_one_plain_result.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:8]
        assert "form:a search box holding a query, few other fields" in fired(result)


def test_a_contact_form_beside_a_newsletter_sign_up_is_no_sign_up(
        browser: Browser, pages_url: str) -> None:
    # A name, an email and a message box, and "Sign up" for the newsletter in the footer: a
    # contact form asks for a message, a sign-up does not.
    result = read(browser, pages_url + "understanding/contact_newsletter_signup.html",
                  viewport_only=False)
    assert result.type == "form", result.page["signals"][:8]
    assert "form:name and account fields under sign-up words, no password" not in fired(result)
