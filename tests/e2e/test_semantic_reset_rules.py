"""Page types from rules found in the misses of the eighteenth held-out set (issue 31), once it
was spent: a password reset whose two fields are typed as text (a script makes them password
fields; without it their words still ask a new password and ask it again), and a password reset
that shows the account's address locked beside the new password and its confirmation; and, from
the twentieth set's misses, a sign-in whose fields keep its sign-up's ids and a recovery under
"Forget Password". Each page is our own, through the extension and the host in Debian Chromium,
read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_new_password_asked_again_in_text_fields_is_a_reset_form(
        browser: Browser, pages_url: str) -> None:
    # "Reset Password": two fields with no type, labelled "New Password" and "New Password
    # Confirmation" (placeholders "Enter your new password" and "... again"), "Reset Password".
    for result in both_reads(browser, pages_url + "understanding/password_reset_text_typed.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:one password field, few inputs" not in fired(result)
        assert "form:a new password twice under reset words (a password reset)" in fired(result)


def test_a_reset_beside_the_accounts_locked_address_is_a_reset_form(
        browser: Browser, pages_url: str) -> None:
    # "Reset password": the account's address in a read-only field, a password and its
    # confirmation, "Reset password"; a "Back to log in" link above.
    for result in both_reads(browser,
                             pages_url + "understanding/password_reset_locked_address.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:password confirmation" not in fired(result)
        assert "form:password and sign-up words" not in fired(result)
        assert "form:a new password twice under reset words (a password reset)" in fired(result)


def test_a_sign_in_keeping_its_sign_ups_ids_is_a_sign_in(
        browser: Browser, pages_url: str) -> None:
    # "Sign in": "Email" over a field whose id is "name", "Password" over a password field whose
    # id is "confirm-password", "Remember me" beside a checkbox whose id is "agree", "Sign in";
    # the top bar's "Sign Up" link. The words a person reads say sign in; the ids, copied from
    # the sign-up page, say confirmation and terms.
    for result in both_reads(browser, pages_url + "understanding/signin_signup_ids.html"):
        assert result.type == "login", result.page["signals"][:8]
        assert "form:password confirmation" not in fired(result)
        assert "form:password with a name field or terms" not in fired(result)


def test_one_address_field_under_forget_password_is_a_reset_form(
        browser: Browser, pages_url: str) -> None:
    # "Forget Password" (the common slip of "Forgot"), one "Email Address" field, "Send Code";
    # "Sign In" and "Sign Up" only as links. No sign-in's first step: the page asks where to send
    # a code that lets the person back in.
    for result in both_reads(browser, pages_url + "understanding/forget_password_one_field.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:a password reset (an address field, no password field)" in fired(result)
