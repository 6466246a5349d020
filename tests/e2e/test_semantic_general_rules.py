"""Page types from rules found by pooling the misses of every spent held-out set (issue 31):
articles read as search results, a sign-in page read as unknown, a search home whose box holds
its own prompt. Each page is our own, through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("page", ["article_linked_teasers.html", "article_br_paragraphs.html"])
def test_one_long_text_beside_linked_teaser_headings_is_an_article(
        browser: Browser, pages_url: str, page: str) -> None:
    # Four long paragraphs of one story under one parent, seven linked "more news" headings, an
    # empty search box in the header: the headings are teasers, not a search's results. The
    # second page writes the same paragraphs as text runs ended by <br>, no <p>.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/" + page, viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
        fired = {s["signal"]: s["weight"] for s in result.page["signals"]}
        assert fired.get("stats:5+ result blocks", 0) < 0.3, fired


def test_a_search_box_holding_its_own_prompt_holds_no_query(
        browser: Browser, pages_url: str) -> None:
    # An old-style search home: the box's value is "Search the web", written in by the page.
    result = read(browser, pages_url + "understanding/search_home_prompt_value.html")
    assert result.type == "search_engine", result.page["signals"][:8]


def test_a_field_whose_words_ask_for_the_password_is_a_password_field(
        browser: Browser, pages_url: str) -> None:
    # A template's sign-in box: its password field is typed "email" under the words "Password".
    result = read(browser, pages_url + "understanding/login_password_by_words.html")
    assert result.type == "login", result.page["signals"][:8]
    assert "log_in" in {i["intent"] for i in result.page["intents"]}


def test_a_profile_with_setting_toggles_and_conversations_is_no_inbox(
        browser: Browser, pages_url: str) -> None:
    # Five toggles in list rows, each with a sentence of its own ("Email me when someone follows
    # me"), five conversations with Reply links, and a notification "New message from Laura" in
    # the top bar: the toggles are settings, not a mailbox's row selectors, and a sentence
    # holding "new message" is no Compose button.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/profile_toggles_conversations.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:8]
        fired = {s["signal"] for s in result.page["signals"]}
        assert "app:compose with reply or forward (a mail client)" not in fired
        assert "stats:rows with checkboxes" not in fired
        assert "form:toggles" in fired


def test_a_password_confirmation_on_a_page_of_forms_is_one_forms(
        browser: Browser, pages_url: str) -> None:
    # Three sample forms with fifteen fields, one of them asking for a password twice.
    result = read(browser, pages_url + "understanding/forms_page_with_confirmation.html")
    assert result.type == "form", result.page["signals"][:8]


def test_a_dashboards_table_and_task_list_beside_a_chart_and_figures_are_no_list_page(
        browser: Browser, pages_url: str) -> None:
    # Four big figures, a chart, a twelve-row table of orders with View links and a to-do list
    # with labelled checkboxes: the dashboard's parts, not a list of records.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/dashboard_chart_table.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]


def test_a_sign_ins_first_step_asking_for_the_address_only_is_a_sign_in(
        browser: Browser, pages_url: str) -> None:
    # "Sign in" over one field for the email or phone and a Next button; the password is asked
    # on the next page. No password field, no other field.
    result = read(browser, pages_url + "understanding/login_two_step_email.html")
    assert result.type == "login", result.page["signals"][:8]


def test_a_page_with_stat_tiles_and_a_chart_is_a_dashboard_whatever_its_lists(
        browser: Browser, pages_url: str) -> None:
    # Three stat tiles and a chart (two of the three marks of a dashboard, with fewer than four
    # big figures), a twelve-row table with Open links and a linked activity feed.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/dashboard_tiles_chart_table.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]


@pytest.mark.parametrize("page", ["inputs_gallery_passwords.html", "two_signup_samples.html"])
def test_a_gallery_of_inputs_with_password_fields_is_a_form_page_not_a_sign_up(
        browser: Browser, pages_url: str, page: str) -> None:
    # Twenty-four fields of every kind (a password and its confirmation among them) with no
    # <form> around them; then three sample forms, two of them each asking for a password twice.
    # A sign-up asks a handful of things in one form: these passwords are samples'.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/" + page, viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:8]
        fired = {s["signal"]: s["weight"] for s in result.page["signals"]}
        assert fired.get("form:password confirmation", 0) <= 0.3, fired


def test_a_chart_beside_a_table_is_a_dashboard_without_stat_tiles(
        browser: Browser, pages_url: str) -> None:
    # A chart, a six-row table of recent orders with Details links and nine linked top
    # products under a side menu; no stat tiles and no big figures.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/dashboard_chart_no_tiles.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]


def test_a_front_page_of_post_teasers_is_a_list(browser: Browser, pages_url: str) -> None:
    # Seven linked post headings, each over a one-sentence teaser, its date beside an unsized
    # inline icon (drawn 300 by 150, no chart), and a search box in the sidebar holding nothing.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/blog_front_page.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:8]
        assert "stats:charts" not in {s["signal"] for s in result.page["signals"]}


def test_a_post_written_in_br_runs_with_a_div_postscript_is_an_article(
        browser: Browser, pages_url: str) -> None:
    # A short post whose body is text runs ended by <br>, its postscript a <div> of plain
    # text, beside a sidebar of three "widget" boxes (subscribe, archive, labels): they show
    # no figure, so they are no dashboard's stat widgets.
    result = read(browser, pages_url + "understanding/post_br_body_postscript.html")
    assert result.type == "article", result.page["signals"][:8]
    assert "stats:3+ stat or chart widgets" not in {s["signal"] for s in result.page["signals"]}


def test_small_canvases_beside_a_table_are_a_dashboards_charts(
        browser: Browser, pages_url: str) -> None:
    # Two canvases 100 by 40 (a script would draw and size the charts) under "Area example" and
    # "Bar example", three cards without figures, and a fourteen-row table under a filter box:
    # a canvas of some size is a chart, and a chart beside a table a dashboard's panels.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/dashboard_small_canvases.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]
