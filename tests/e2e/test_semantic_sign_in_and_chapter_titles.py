"""Rules from the twenty-seventh held-out set's misses (issue 31, note 133), each read from what
a person sees on a page of our own, through the extension and the host in Debian Chromium;
each read otherwise on the old main:

- a "Welcome back" card asking a name, an address and one password under a "Sign in" button
  and a "Remember for 14 days" box, a "Don't have an account? Sign up" line below: a sign-in,
  whatever name its template asks besides (a sign-up's slipped "Sign in" button sits under a
  heading saying the sign-up, which still decides)."""

from __future__ import annotations

import pytest
from semantic_reads import signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

FEW_INPUTS = "form:one password field, few inputs"
SIGN_UP_WORDS = "form:password and sign-up words"
NAME_OR_TERMS = "form:password with a name field or terms"


def test_a_sign_in_card_asking_a_name_is_a_sign_in(browser: Browser, pages_url: str) -> None:
    # Name, Email Address, Password, "Remember for 14 days", "Sign in", "Sign in with Google";
    # a nav's "Sign Up" link and "Don't have an account? Sign up". The old main read register
    # (the name field beside the sign-up words).
    for signals in signals_of_kind(browser, pages_url, "sign_in_asking_a_name.html", "login"):
        assert FEW_INPUTS in signals
        assert SIGN_UP_WORDS not in signals and NAME_OR_TERMS not in signals


def test_a_sign_up_with_a_slipped_sign_in_button_stays_a_sign_up(
        browser: Browser, pages_url: str) -> None:
    # "Create an account" over a name, an address, one password and a "Sign in" button: the
    # heading says what the form is for (read register before this rule too).
    for signals in signals_of_kind(browser, pages_url, "sign_up_heading_sign_in_button.html",
                                   "register"):
        assert FEW_INPUTS not in signals

