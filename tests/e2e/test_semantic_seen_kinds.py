"""Four kinds of page the twenty-fourth held-out set missed (issue 31, note 113), each read from
what a person sees on it: a search box showing the words a heading over it says again ("‘Travel’
here's what we've got") is a search's results; stat cards (a label, a big figure with its change,
a short line) are a dashboard beside a table of orders; linked headlines each beside its date are
a blog's front page, a list; a form whose button says "Create account" is a sign-up beside its
"Forgot password?". Each page is our own, through the extension and the host in Debian
Chromium, read from the first screen and from the whole page; each read another type on the
old main."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.card_lists import DATED_SIGNAL

pytestmark = pytest.mark.e2e

NEW_ACCOUNT = "form:a new account's form (a user name and an email, or a sign-up button)"
ONE_PASSWORD = "form:one password field, few inputs"
TILES = "stats:3+ figures each over a few words (stat tiles)"
QUERY_HELD = "form:a search box holding a query, few other fields"


def test_a_form_whose_button_creates_an_account_is_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # "Welcome aboard": Email, Password, "Create account", and "Forgot password?" under the
    # card. The old main read login (one password field, few inputs, and "Forgot password").
    for result in both_reads(browser, pages_url + "understanding/signup_register_button.html"):
        assert result.type == "register", result.page["signals"][:8]
        assert NEW_ACCOUNT in fired(result)
        assert ONE_PASSWORD not in fired(result)


def test_a_sign_in_with_a_register_link_or_a_slipped_button_stays_a_sign_in(
        browser: Browser, pages_url: str) -> None:
    # The same card with "Sign in" on its button and "New here? Register" a link; and a form
    # headed "Sign in to your account" with "Remember me" whose button says "Create Account" (a
    # template's slip): sign-ins.
    for page in ("signin_register_link.html", "signin_slipped_create_button.html"):
        for result in both_reads(browser, pages_url + "understanding/" + page):
            assert result.type == "login", (page, result.page["signals"][:8])
            assert NEW_ACCOUNT not in fired(result), page


def test_a_search_box_showing_what_a_heading_repeats_is_a_search_results_page(
        browser: Browser, pages_url: str) -> None:
    # "‘Lanterns’ here's what we found" over a box showing "Lanterns" (its placeholder) and a
    # "Search" button, then four post cards. The old main read unknown: no search box was
    # seen holding a query.
    for result in both_reads(browser, pages_url + "understanding/search_echo_results.html"):
        assert result.type == "search_results", result.page["signals"][:8]
        assert QUERY_HELD in fired(result)


def test_a_search_box_showing_its_prompt_holds_no_query(
        browser: Browser, pages_url: str) -> None:
    # "Search the journal" over a box whose placeholder says the same: an invitation to search.
    for result in both_reads(browser, pages_url + "understanding/search_prompt_heading.html"):
        assert result.type != "search_results", result.page["signals"][:8]
        assert QUERY_HELD not in fired(result)


def test_stat_cards_over_a_table_of_orders_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # Four cards ("Total Page Views" over "4,18,902 12.4%" over "You sold an extra 21,000 this
    # season"), then "Recent Orders": ten rows under a filter box. The old main read list (the
    # table's signals; the cards read as nothing).
    for result in both_reads(browser, pages_url + "understanding/stat_cards_orders_table.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert TILES in fired(result)


def test_linked_headlines_beside_their_dates_are_a_front_page(
        browser: Browser, pages_url: str) -> None:
    # "Company Blog": a featured post, "News" of three date lines over linked headlines, three
    # story cards. The old main read unknown.
    for result in both_reads(browser,
                             pages_url + "understanding/news_front_dated_headlines.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert fired(result)[DATED_SIGNAL] == 0.5


def test_a_storys_dated_more_stories_are_no_front_page(
        browser: Browser, pages_url: str) -> None:
    # A story of four long paragraphs, then "More stories": three dated linked headlines. The
    # story's body says what the page is: an article.
    for result in both_reads(browser,
                             pages_url + "understanding/article_dated_more_stories.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert DATED_SIGNAL not in fired(result)
