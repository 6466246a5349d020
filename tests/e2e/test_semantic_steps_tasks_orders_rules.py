"""Page types from rules found in the misses of the sixteenth held-out set (issue 31), once it
was spent: a cart whose quantities are fields between "−" and "+", a cart whose remove controls
are bare icons, a billing step that asks no card under a "Place Order" button, a member's
dashboard of three figures, a form filled in numbered steps beside a side menu, a dashboard
whose tasks are ticked in a table of checkboxes, a sign-up whose button says "Login", a story
written as <br> runs in one <p>. Each page is our own, through the extension and the host in
Debian Chromium, read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

QUANTITY_CART = "form:quantity fields in rows of priced products (a cart)"
TAKEOUT_CART = "form:rows of priced products a person can take out (a cart)"


def test_a_cart_of_quantities_between_minus_and_plus_is_a_checkout_step(
        browser: Browser, pages_url: str) -> None:
    # "My Shopping Cart": three table rows, each a price, a text field holding "01" between a
    # "-" and a "+" and a subtotal; the totals and "Proceed to checkout" below.
    for result in both_reads(browser, pages_url + "understanding/cart_stepper_quantities.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert QUANTITY_CART in fired(result)
        assert "form:3+ fields holding saved values" not in fired(result)


def test_a_cart_whose_remove_controls_are_bare_icons_is_a_checkout_step(
        browser: Browser, pages_url: str) -> None:
    # "Your bag": three rows, each a price and a button with no words, an svg cross whose only
    # name is its class ("del"); a subtotal and a "Checkout" link.
    for result in both_reads(browser, pages_url + "understanding/cart_icon_remove_buttons.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert TAKEOUT_CART in fired(result)


def test_billing_details_under_a_place_order_button_are_a_checkout(
        browser: Browser, pages_url: str) -> None:
    # "Billing Information": name, phone, email and order notes, no address or card field; an
    # order summary of two priced lines and a total, and "Place Order".
    for result in both_reads(browser, pages_url + "understanding/billing_place_order.html"):
        assert result.type == "checkout", result.page["signals"][:8]
        assert "form:fields beside a control that places the order (a checkout)" in fired(result)


def test_three_figures_under_a_dashboard_title_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # "Dashboard": a side menu of eight links in list items, three figures (posted, favourite
    # and expired ads) and a table of five recent ads with their prices.
    for result in both_reads(browser, pages_url + "understanding/dashboard_three_figures.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert "stats:8+ list items" not in fired(result)
        assert "stats:4+ prices" not in fired(result)


def test_a_form_under_numbered_steps_is_a_form(browser: Browser, pages_url: str) -> None:
    # A side menu of eight links in list items; three tabs "Steps 01/02/03" over five fields
    # (two selects) and "Next Steps".
    for result in both_reads(browser, pages_url + "understanding/wizard_numbered_steps.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:fields under numbered steps (a wizard)" in fired(result)
        assert "stats:8+ list items" not in fired(result)


def test_a_dashboard_whose_tasks_are_ticked_in_a_table_is_no_mailbox(
        browser: Browser, pages_url: str) -> None:
    # A side menu, three stat cards, an email-statistics card ("Campaign sent 2 days ago") and
    # a "Tasks" card: five table rows, each a checkbox (some ticked), a task and edit and
    # remove buttons. The title is a product's ("... by Northwind Studio").
    for result in both_reads(browser, pages_url + "understanding/dashboard_tasks_checkboxes.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert "stats:rows with checkboxes" not in fired(result)


def test_a_user_name_and_an_email_over_one_password_are_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # Titled "Register": user name, email and one password in one form, "Remember me",
    # "Forgot password", a button that says "Login" and "Already have an Account? Sign Up".
    for result in both_reads(browser, pages_url + "understanding/register_title_login_button.html"):
        assert result.type == "register", result.page["signals"][:8]
        assert "form:one password field, few inputs" not in fired(result)


def test_a_story_written_as_br_runs_in_one_paragraph_is_an_article(
        browser: Browser, pages_url: str) -> None:
    # A story's four paragraphs, each 200 characters or more, in one <p><span> parted by
    # <br><br>; a rail of twelve linked headings, each over a one-line teaser, and a comment
    # form beside it.
    for result in both_reads(browser, pages_url + "understanding/article_br_runs_in_span.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert ("stats:5+ linked headings over short teasers (a front page of posts)"
                not in fired(result))
