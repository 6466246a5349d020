"""Page types of app and search pages whose prose, hidden forms or below-the-fold controls misled
the classifier (issue 31, the fourth and fifth held-out sets' misses), through the extension and
the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_sign_up_form_hidden_at_opacity_zero_does_not_make_a_sign_in_page_a_register(
        browser: Browser, pages_url: str) -> None:
    # The sign-up form (its own password field) sits under the sign-in form at opacity 0 until
    # a link swaps them: a person sees one password field, so does the classifier.
    result = read(browser, pages_url + "understanding/login_hidden_signup.html")
    assert result.type == "login", result.page["signals"][:6]
    assert "log_in" in {i["intent"] for i in result.page["intents"]}


def test_a_teaser_repeated_in_a_dashboards_widgets_is_no_article(
        browser: Browser, pages_url: str) -> None:
    # Stat tiles, a chart and a widget that repeats one long teaser four times.
    result = read(browser, pages_url + "understanding/dashboard_repeated_text.html")
    assert result.type == "dashboard", result.page["signals"][:6]
    assert not [s for s in result.page["signals"] if s["signal"].startswith("stats:3+ long")]


def test_a_mail_client_with_a_message_open_is_an_inbox(browser: Browser, pages_url: str) -> None:
    # Compose above the message rows, the open message's three paragraphs beside them with
    # Reply and Forward under it.
    result = read(browser, pages_url + "understanding/mail_reading_pane.html")
    assert result.type == "email_inbox", result.page["signals"][:6]


def test_a_form_beside_a_sidebar_menu_is_a_form(browser: Browser, pages_url: str) -> None:
    # The twelve linked items of the <aside> menu are the site's chrome, not a list page.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/form_layout_menu.html",
                      viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:6]


def test_result_snippets_under_a_query_are_no_article_on_the_first_screen(
        browser: Browser, pages_url: str) -> None:
    # Six results with long snippets under a search box holding the query, first screen only.
    result = read(browser, pages_url + "understanding/results_snippets.html")
    assert result.type == "search_results", result.page["signals"][:6]


def test_a_table_of_records_with_row_checkboxes_and_a_top_bar_search_is_a_list(
        browser: Browser, pages_url: str) -> None:
    # Row checkboxes without a word of mail are a table's, not a mailbox's; the top bar's
    # search field beside a "Forgot password" menu link is no password reset form.
    result = read(browser, pages_url + "understanding/records_checkboxes.html")
    assert result.type == "list", result.page["signals"][:6]
    assert not [s for s in result.page["signals"] if "password reset" in s["signal"]]


# The fifth held-out set's misses (issue 31): the whole page's facts, whatever the window.

def test_canvas_charts_say_dashboard_from_the_walkers_whole_page_count(
        browser: Browser, pages_url: str) -> None:
    # Stat cards whose numbers are plain bold text, each over a <canvas> chart, and a traffic
    # chart: the walker records no empty canvas, its tally counts them.
    result = read(browser, pages_url + "understanding/dashboard_canvas_charts.html")
    assert result.type == "dashboard", result.page["signals"][:6]
    assert [s for s in result.page["signals"] if s["signal"] == "stats:charts"]


def test_a_reply_below_the_first_screen_still_makes_a_mail_client(
        browser: Browser, pages_url: str) -> None:
    # Compose over 22 message rows that fill the first screen; the open message with Reply and
    # Forward is below it. The default read is the first screen.
    result = read(browser, pages_url + "understanding/mail_reply_below_fold.html")
    assert result.type == "email_inbox", result.page["signals"][:6]


def test_a_page_titled_forms_is_a_form_page_even_with_a_profile_form(
        browser: Browser, pages_url: str) -> None:
    # A template's "Forms" page showing a profile form (two selects, "settings" and
    # "notifications" words, Save changes): the title names what the page is.
    result = read(browser, pages_url + "understanding/forms_title_profile.html")
    assert result.type == "form", result.page["signals"][:6]


def test_four_forms_of_different_purposes_are_a_page_of_forms(
        browser: Browser, pages_url: str) -> None:
    # A payment form, a company address, a sign-up and a sign-in form on one page, whose title
    # says nothing: no one form names the page; its address and its prices are different forms'.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/forms_gallery.html",
                      viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:6]


def test_a_logo_or_a_share_button_drawn_in_svg_is_no_chart(
        browser: Browser, pages_url: str) -> None:
    # An article under a masthead whose logo is a 320×64 svg in a link, a share svg in the
    # footer: neither is a chart, in the window's records nor in the walker's whole-page tally.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/article_svg_logos.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:6]
        assert not [s for s in result.page["signals"] if s["signal"] == "stats:charts"]


def test_an_account_form_with_an_address_is_no_checkout_for_a_billing_menu_link(
        browser: Browser, pages_url: str) -> None:
    # Account settings with address fields; the only checkout word is the "Billing" link of the
    # account menu, which names another page.
    result = read(browser, pages_url + "understanding/account_billing_menu.html")
    assert result.type == "settings", result.page["signals"][:6]


# The sixth held-out set's misses (issue 31): a password change, menu links, a filtered table.

def test_a_password_change_beside_a_delete_account_form_is_settings_not_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # Current, new and confirmation password fields: the account's, whose owner is signed in;
    # the "I agree" of a delete-account box is no sign-up's terms.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/password_change.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:6]
        assert not [s for s in result.page["signals"] if s["type"] == "register"
                    and s["signal"].startswith("form:")]


def test_a_settings_form_under_a_menu_with_password_reset_links_is_settings(
        browser: Browser, pages_url: str) -> None:
    # The side menu's open "Auth" submenu links to "Forgot password" and "Reset password"
    # pages: words of links, said of other pages, not this one's.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/settings_menu_reset_links.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:6]
        assert not [s for s in result.page["signals"] if "password reset" in s["signal"]]


def test_a_short_table_of_records_with_row_checkboxes_under_a_filter_form_is_a_list(
        browser: Browser, pages_url: str) -> None:
    # Six posts, each row with a checkbox, under a bulk-action select and a search field; the
    # side menu links to password reset pages.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/posts_filter_table.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:6]


def test_an_apps_top_bar_search_beside_a_form_with_a_message_box_is_no_search_engine(
        browser: Browser, pages_url: str) -> None:
    # A side menu, a search box in the top bar, and a problem report: a select, an email field
    # and a message box. The search box is the app's, the page is the report's form.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/bug_report_topbar_search.html",
                      viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:6]
        assert not [s for s in result.page["signals"] if s["type"] == "search_engine"]


def test_the_fields_of_a_page_titled_settings_are_its_settings_not_a_form_page(
        browser: Browser, pages_url: str) -> None:
    # An account's name, email, phone number and company under a side menu, on a page titled
    # "Settings": the fields say "a form", the title says whose.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/settings_titled_form.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:6]


def test_a_quick_message_form_below_a_mailboxs_rows_leaves_the_page_an_inbox(
        browser: Browser, pages_url: str) -> None:
    # Six messages with checkboxes under "Inbox", a Compose button, and below the first screen a
    # To / Subject / Message form: the mail client's own, the page its inbox, in every read.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/inbox_quick_message.html",
                      viewport_only=viewport_only)
        assert result.type == "email_inbox", result.page["signals"][:6]


@pytest.mark.parametrize(("page", "kind"), [("template_title_inbox.html", "email_inbox"),
                                            ("template_title_records.html", "list")])
def test_a_templates_name_in_the_title_does_not_outvote_what_the_page_is(
        browser: Browser, pages_url: str, page: str, kind: str) -> None:
    # Every page of an admin template is titled "Nimbus - Bootstrap 5 Admin Dashboard
    # Template": the mailbox's rows and the table of records say what each page is.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/" + page, viewport_only=viewport_only)
        assert result.type == kind, result.page["signals"][:6]
        assert not [s for s in result.page["signals"] if s["signal"] == "title:dashboard"]


def test_message_rows_with_checkboxes_drawn_by_their_labels_are_an_inbox(
        browser: Browser, pages_url: str) -> None:
    # Six message rows whose checkboxes are transparent inputs under a label's drawn box (the
    # way Bootstrap's custom controls are made), folders in a side menu, a title that says
    # nothing: the rows a person ticks are a mailbox's.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/label_drawn_checkboxes_inbox.html",
                      viewport_only=viewport_only)
        assert result.type == "email_inbox", result.page["signals"][:6]
        assert {"type": "email_inbox", "signal": "stats:rows with checkboxes",
                "weight": 0.35} in result.page["signals"]


def test_results_in_alike_div_rows_under_a_search_box_holding_the_query_are_results(
        browser: Browser, pages_url: str) -> None:
    # A search engine's plain-HTML mode: ten results as alike <div> rows whose titles are
    # links, not headings, under a search box holding "what happened": results, no list page.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/results_div_rows_query.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:6]


def test_an_account_form_holding_its_saved_values_beside_profile_stats_is_settings(
        browser: Browser, pages_url: str) -> None:
    # Six fields holding the account's saved values (a page that edits what is saved), beside
    # a profile card with four big stat numbers: settings, not a dashboard and not unknown.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/profile_settings_prefilled.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:6]


def test_a_search_box_holding_a_query_over_one_result_is_a_results_page(
        browser: Browser, pages_url: str) -> None:
    # One result (a linked heading, its authors, a snippet, "Cited by") under a search box
    # holding "graph neural networks": a search home's box is empty, this one says what was
    # searched for.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/results_one_query.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:6]


def test_the_help_text_of_a_page_of_sample_forms_is_no_article(
        browser: Browser, pages_url: str) -> None:
    # Three paragraphs of help on the first screen, four sample forms (15 fields: a sign-in, a
    # sign-up with a password confirmation, an address, an inline form) below it.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/form_examples_help.html",
                      viewport_only=viewport_only)
        assert result.type == "form", result.page["signals"][:6]


def test_a_password_change_below_the_first_screen_is_an_accounts_settings(
        browser: Browser, pages_url: str) -> None:
    # A side menu of ten account links on the first screen; below it the current password,
    # a new one and its confirmation, a time zone and a language: no sign-up, no list page.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/account_password_change_below.html",
                      viewport_only=viewport_only)
        assert result.type == "settings", result.page["signals"][:6]


def test_result_headings_in_closed_drop_downs_do_not_make_a_table_of_records_results(
        browser: Browser, pages_url: str) -> None:
    # A top bar's empty search box and two closed drop-downs of eight linked message and
    # notification headings (display: none until opened) over a table of eleven students:
    # a person sees no result, only the records.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/records_hidden_previews.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:6]


def test_a_field_asking_what_to_search_for_holding_a_query_is_a_search_box(
        browser: Browser, pages_url: str) -> None:
    # A German shop's field "Wonach suchen Sie?" (name _kw, no type or role search, no
    # English word) holds "Lampe" over six linked result headings; a filter column of prices,
    # a postcode and a radius beside them is no form page.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/shop_results_query_words.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:6]


def test_a_table_under_its_column_headings_and_a_filter_box_is_a_list(
        browser: Browser, pages_url: str) -> None:
    # A data table whose rows a script fills: six column headings under a "Search any
    # column" box and a page-size select, no rows yet, no chart, no stat tiles.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/records_table_headings_filter.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:6]


def test_alike_cards_under_their_own_headings_below_a_search_box_are_a_list(
        browser: Browser, pages_url: str) -> None:
    # An empty search box in the top bar over eight alike staff cards, each under its own
    # heading (a name, a subject, a room), no link in them: records, no search engine's home.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/people_cards_search.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:6]
