"""Kinds of page the twenty-fifth held-out set missed (issue 31, note 118), each read from what
a person sees on it, each page our own, through the extension and the host in Debian Chromium,
from the first screen and from the whole page; each read another type on the old main:

- a site's newsletter box in its footer is no field of the page's and no sign-in's first step
  (beside the menu's "Login" link): a table of orders under it is a list;
- a quantity beside "Proceed to Checkout" is a cart; radios naming ways to pay beside "Place
  Order" are a checkout's payment step; fields under "Update Personal Information" edit the
  account: its settings;
- post cards whose bylines say "2 days ago" are a blog's front page; short boxes each a linked
  job title and "Details" are a list of open positions;
- rows of labelled checkboxes beside charts are a dashboard's options, whatever a side menu's
  "Inbox" and "Spam" links say;
- three fields all labelled "Username" beside one password are a sign-up: each field counts."""

from __future__ import annotations

import pytest
from semantic_reads import signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

FIRST_STEP = "form:one account field and sign-in words, no password (a first step)"
THREE_FIELDS = "form:3+ fields, no sign-up, card or message"
TABLE = "stats:a table of 4+ named columns over 3+ rows, nothing else asked (records)"
CART = "form:a quantity asked beside a control that goes on to the checkout (a cart)"
PAYMENT = "form:a choice of how to pay beside a control that places the order"
SETTINGS_HEADING = "form:fields under a heading naming settings"
DATED = "stats:3+ linked headlines each beside its date, no article body (a front page)"
ITEMS = "stats:5+ alike short boxes each a linked heading and a control (a list of items)"
MAILBOX = "stats:rows with checkboxes"
NEW_ACCOUNT = "form:a new account's form (a user name and an email, or a sign-up button)"


def test_a_table_of_orders_under_a_footer_newsletter_box_is_a_list(
        browser: Browser, pages_url: str) -> None:
    # "My Orders": six named columns over three orders; the footer's newsletter box asks an
    # "Email address", the menu links "Login". The old main read login (a first step).
    for signals in signals_of_kind(browser, pages_url, "orders_table_newsletter.html", "list"):
        assert TABLE in signals
        assert FIRST_STEP not in signals


def test_a_quantity_beside_proceed_to_checkout_is_a_cart(
        browser: Browser, pages_url: str) -> None:
    # "Your Basket": one line with its quantity, a coupon code, "Proceed to Checkout", prices in
    # rupees, the footer's newsletter box. The old main read form (three fields).
    for signals in signals_of_kind(browser, pages_url, "shop_cart_newsletter.html", "checkout"):
        assert CART in signals
        assert THREE_FIELDS not in signals


def test_ways_to_pay_beside_place_order_are_a_payment_step(
        browser: Browser, pages_url: str) -> None:
    # "Choose how to pay": Credit card, PayPal, UPI, Cash on delivery, a reference and a note,
    # "Place Order" as a link; no card number asked, no price shown. The old main read form.
    for signals in signals_of_kind(browser, pages_url, "shop_payment_step.html", "checkout"):
        assert PAYMENT in signals


def test_fields_under_update_personal_information_are_settings(
        browser: Browser, pages_url: str) -> None:
    # Name, email, phone, birth date and gender under "Update Personal Information", an
    # "Update" button. The old main read form.
    for signals in signals_of_kind(browser, pages_url, "profile_edit_details.html", "settings"):
        assert SETTINGS_HEADING in signals


def test_post_cards_dated_days_ago_are_a_front_page(browser: Browser, pages_url: str) -> None:
    # Four cards each a linked title over "Ines Varga 2 days ago" (excerpts in <div>s, the
    # cards' classes all different after their first). The old main read unknown.
    for signals in signals_of_kind(browser, pages_url, "blog_cards_relative_dates.html", "list"):
        assert DATED in signals


def test_job_boxes_each_with_details_are_a_list(browser: Browser, pages_url: str) -> None:
    # Five boxes over two departments, each a linked job title, its hours, its city and
    # "Details". The old main read unknown.
    for signals in signals_of_kind(browser, pages_url, "open_positions.html", "list"):
        assert ITEMS in signals


def test_option_checkboxes_beside_charts_under_a_mail_menu_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # Three charts and four labelled checkboxes ("Visits per page") beside a side menu linking
    # Inbox, Sent, Spam and Trash. The old main read email_inbox (rows with checkboxes).
    for signals in signals_of_kind(browser, pages_url, "dashboard_mail_menu.html", "dashboard"):
        assert MAILBOX not in signals


def test_three_fields_named_alike_beside_a_password_are_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # Three fields each labelled "Username", a password, "Remember me", "Register" as a link.
    # The old main read unknown (no user name and email pair, no sign-up button).
    for signals in signals_of_kind(browser, pages_url, "signup_repeated_labels.html", "register"):
        assert NEW_ACCOUNT in signals
