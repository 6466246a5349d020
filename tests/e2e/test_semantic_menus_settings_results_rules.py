"""Page types from rules found in the misses of the seventeenth held-out set (issue 31), once it
was spent: a contact form under menus drawn as plain lists in <div>s, a settings page known by
its heading, a password change whose fields are named only by camelCase ids, a search's results
whose box is empty under a line counting them, a member's dashboard of three figures each over a
few words, a password reset of two fields, a cart whose remove buttons are crosses; and, from the
twentieth set's misses, a cart whose summary lines ("Subtotal" over "$49.99") are no stat tiles.
Each page is our own, through the extension and the host in Debian Chromium, read from the first
screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_contact_form_under_menus_drawn_in_divs_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # A top bar's six links in a <div class="main-menu"> list, a breadcrumb list, a contact form
    # (name, email, subject, message) and a footer <div> of three link lists: no <nav>, no
    # <header>, no <footer>.
    for result in both_reads(browser, pages_url + "understanding/contact_div_menus.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "stats:8+ list items" not in fired(result)
        assert "stats:8+ linked list items" not in fired(result)


def test_fields_under_an_account_settings_heading_are_settings(
        browser: Browser, pages_url: str) -> None:
    # A title that is the site's name only, a side column of six links, "Account Settings" over
    # three empty fields and two selects, "Save Changes".
    for result in both_reads(browser, pages_url + "understanding/settings_heading_fields.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert "form:fields under a heading naming settings" in fired(result)


def test_a_password_change_named_by_camel_case_ids_is_no_sign_up(
        browser: Browser, pages_url: str) -> None:
    # "Change Password": three password fields, each under a <label> not tied to it and the
    # placeholder "Password"; only their ids say which is which (currentPassword, ...).
    for result in both_reads(browser, pages_url + "understanding/password_change_camel_ids.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert "form:password confirmation" not in fired(result)
        assert "form:a password change (the current password and a new one)" in fired(result)


def test_results_for_a_query_over_an_empty_box_are_search_results(
        browser: Browser, pages_url: str) -> None:
    # A search bar whose two boxes are empty, 'Results For "Chairs"' and "48 Results on ...",
    # a category list and eight priced ads in list items.
    for result in both_reads(browser, pages_url + "understanding/results_for_empty_box.html"):
        assert result.type == "search_results", result.page["signals"][:8]
        assert "form:a line counting results for a query" in fired(result)
        assert "stats:8+ list items" not in fired(result)


def test_three_figures_each_over_a_few_words_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # A side column of six links (a <div>, no <aside>), three tiles ("589" over "Applied jobs",
    # the figure no bigger than the text) and a table of four applied jobs with their salaries.
    for result in both_reads(browser, pages_url + "understanding/dashboard_figure_tiles.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert "stats:3+ figures each over a few words (stat tiles)" in fired(result)


def test_a_new_password_asked_twice_under_reset_words_is_a_reset_form(
        browser: Browser, pages_url: str) -> None:
    # "Reset Password": a new password and its confirmation, nothing else, "Reset Password".
    for result in both_reads(browser, pages_url + "understanding/password_reset_two_fields.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:password confirmation" not in fired(result)


def test_a_cart_whose_remove_buttons_are_crosses_is_a_checkout_step(
        browser: Browser, pages_url: str) -> None:
    # "Shopping Cart (3)": three course lines, each a button with no words whose class says
    # "cross", a price and "Move to Wishlist"; a total, a coupon box and "Proceed to checkout".
    for result in both_reads(browser, pages_url + "understanding/cart_cross_buttons.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert "form:rows of priced products a person can take out (a cart)" in fired(result)


def test_priced_rows_that_add_to_the_cart_are_a_wishlist_list(
        browser: Browser, pages_url: str) -> None:
    # "My Wishlist": a table of four products, each a price and "Add to Cart"; a newsletter
    # form of three fields below (no menus counted as list items help it).
    for result in both_reads(browser, pages_url + "understanding/wishlist_add_to_cart_rows.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert "stats:3+ priced rows that add to the cart (a wishlist)" in fired(result)


def test_a_carts_summary_lines_are_no_stat_tiles(browser: Browser, pages_url: str) -> None:
    # "2 Courses in Cart": two course lines, each a price; a summary whose lines are a bill's
    # words over figures ("Subtotal" over "$49.99", "Coupon Discount", "Taxes", "Total:"), a
    # "Checkout" link and a coupon box. The figures sum what is bought: no dashboard's tiles.
    # (Its lines ask no quantity and have no control taking them out, so nothing yet says a
    # cart strongly enough for a checkout: the page is no longer a dashboard, its type unsure.)
    for result in both_reads(browser, pages_url + "understanding/cart_summary_lines.html"):
        assert "stats:3+ figures each over a few words (stat tiles)" not in fired(result)
        assert result.type != "dashboard", result.page["signals"][:8]

