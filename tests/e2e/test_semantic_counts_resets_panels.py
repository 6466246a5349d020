"""Kinds of page and controls the twenty-sixth held-out set missed (issue 31, note 123), each
read from what a person sees, each page our own, through the extension and the host in Debian
Chromium, from the first screen and from the whole page; each read otherwise on the old main:

- a line counting results as only a search counts them ("About 18 300 (0.42 sec.) results")
  over alike cards: a search's results page, not a list of cards;
- "Reset your password" over an email, a new password asked twice and "Reset password": a
  password reset (a form), not a sign-up, whatever its terms box;
- stat tiles over a transactions table under its search and its "From"/"To" dates, beside a
  chat's reply box: a dashboard (the dates' "To" is where a range ends, no recipient);
- tables of records beside a to-do list in a panel kept off the canvas until a button slides
  it in: a list (the panel's ticks are no settings of the page's);
- a field whose label is visually hidden is named by the placeholder a person reads, where it
  says the label's words and more; a select with no name by the first option it shows."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

COUNTED = "form:a line counting results for a query"
CARDS = "stats:3+ alike cards each a title over short text (a list of posts or products)"
RENEW = "form:a new password twice under reset words (a password reset)"
CONFIRM = "form:password confirmation"
TERMS = "form:password with a name field or terms"
TILES = "stats:3+ figures each over a few words (stat tiles)"
FILTERED = "stats:a table's 4+ column headings under a filter box"
TOGGLES = "form:toggles"
RECORDS = "stats:a table of 4+ named columns over 3+ rows, nothing else asked (records)"


def test_an_estimated_timed_count_over_cards_is_a_search_results_page(
        browser: Browser, pages_url: str) -> None:
    # Four result cards (a linked title, a place, a blurb, a price, "Learn More") under "About
    # 18 300 (0.42 sec.) results", a top bar's search box. The old main read list (cards).
    for signals in signals_of_kind(browser, pages_url, "search_count_cards.html", "search_results"):
        assert COUNTED in signals
        assert CARDS not in signals


def test_a_reset_asking_the_address_and_a_new_password_twice_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # "Reset your password": "Your email", "New password", "Confirm New Password", a terms box,
    # "Reset password". The old main read register (the confirmation, the terms).
    for signals in signals_of_kind(browser, pages_url, "reset_password_with_email.html", "form"):
        assert RENEW in signals
        assert CONFIRM not in signals and TERMS not in signals


def test_tiles_over_a_table_filtered_by_dates_beside_a_chat_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # "$45,385 Sales this week" and two more tiles, a transactions table of six columns under a
    # search box and "From"/"To" date fields, a team chat's reply box. The old main read list
    # (the "To" and the reply box made a message form, which took the tiles away).
    for signals in signals_of_kind(browser, pages_url, "dashboard_range_chat.html", "dashboard"):
        assert TILES in signals
        assert FILTERED not in signals


def test_ticks_in_a_panel_off_the_canvas_are_no_settings(
        browser: Browser, pages_url: str) -> None:
    # Two tables of people's progress; a fixed panel right of the page (right: -300px) holds a
    # to-do list's five ticks and its "Add To-do" box. The old main read settings (toggles).
    for signals in signals_of_kind(browser, pages_url, "tables_offcanvas_todo.html", "list"):
        assert TOGGLES not in signals
        assert RECORDS in signals


def test_a_hidden_label_gives_way_to_the_placeholder_and_a_select_to_its_first_option(
        browser: Browser, pages_url: str) -> None:
    # "Search" is a visually hidden label over the placeholder "Search for products"; "Email"
    # is one over the example "name@company.com" (the label stays); the select shows
    # "Country" first and has no label. The old main said "Search" and nothing.
    page = pages_url + "understanding/products_hidden_label_select.html"
    for result in both_reads(browser, page):
        by_label = {e["label"]: e for e in result.elements}
        assert by_label["Search for products"]["id"] == "input_search_for_products"
        assert by_label["Email"]["type"] == "text_input"
        assert by_label["Country"]["id"] == "select_country"
        assert by_label["Country"]["type"] == "select"
