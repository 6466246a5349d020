"""Kinds of page the thirty-fourth held-out set missed (issue 31, note 165), each read from what a
person sees, each page our own, through the extension and the host in Debian Chromium, from the
first screen and from the whole page; each read otherwise on the old main:

- a contact form written before placeholders, each field holding its own prompt as its value
  ("Full name", "Your e-mail address", "Your message"): a form, its prompts no saved values (not
  settings);
- "Recover Password" over a new password asked twice and "Change password": a password reset (a
  form), not a sign-up."""

from __future__ import annotations

import pytest
from semantic_reads import signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SAVED = "form:3+ fields holding saved values"
MESSAGE = ("form:a box to write a message in beside the writer's name or address, no recipient "
           "(a message to the site)")
RENEW = "form:a new password twice under reset words (a password reset)"
CONFIRM = "form:password confirmation"


def test_a_contact_form_holding_its_prompts_as_values_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # Name, e-mail, phone, a captcha's code and a message box, each holding its placeholder's
    # words as its value, "SEND" beside them. The old main read settings (saved values).
    for signals in signals_of_kind(browser, pages_url, "contact_prompts_as_values.html", "form"):
        assert SAVED not in signals
        assert MESSAGE in signals


def test_a_recovery_asking_a_new_password_twice_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # "Recover Password" in the title, "Password", "Confirm Password", "Change password", a
    # "Login" link back. The old main read register (the confirmation).
    for signals in signals_of_kind(browser, pages_url, "recover_password_new_twice.html", "form"):
        assert RENEW in signals
        assert CONFIRM not in signals
