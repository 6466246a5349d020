"""A password asked twice under an app's side menu (issue 31, note 108): the person is signed in,
so the form adds a member to the app, no sign-up; a sign-up, met before signing in, has no app
menu at its side and stays a sign-up. A form kept by "Save and add another" adds records, no
settings (note 279). Each page is our own, through the extension and the host
in Debian Chromium, read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.record_forms import ANOTHER_SIGNAL
from axsnap_host.semantic.signed_in_forms import SIGNED_IN_SIGNAL

pytestmark = pytest.mark.e2e

CONFIRMATION = "form:password confirmation"


def test_a_password_asked_twice_under_an_apps_side_menu_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # "New member" under Quayside's side menu (Overview, Moorings, Members, Invoices, ...):
    # the member's name, e-mail and berth, then a user name, a password and "Repeat password",
    # "Add member". The old main read a sign-up: "password confirmation" (0.6) alone.
    for result in both_reads(browser, pages_url + "understanding/admin_add_user_side_menu.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert fired(result)[SIGNED_IN_SIGNAL] == 0.45
        assert fired(result)[CONFIRMATION] == 0.3


def test_a_sign_up_with_no_side_menu_stays_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # A sign-up asking its password twice, alone on its page or beside a sign-in form.
    for page in ("signup_current_password_slip.html", "account_sign_up_beside_sign_in.html"):
        for result in both_reads(browser, pages_url + "understanding/" + page):
            assert result.type == "register", (page, result.page["signals"][:8])
            assert SIGNED_IN_SIGNAL not in fired(result), page


def test_a_form_kept_by_save_and_add_another_adds_records(
        browser: Browser, pages_url: str) -> None:
    # (design note 279: SQLAdmin's "New Tree" card, the record typed in and three selects,
    # read as settings on main: "3+ fields holding saved values", "several selects")
    page = pages_url + "understanding/admin_new_record_add_another.html"
    for result in both_reads(browser, page):
        assert result.type == "form", result.page["signals"][:8]
        assert ANOTHER_SIGNAL in fired(result)
