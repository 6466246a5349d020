"""A password form nothing calls a sign-in, beside other forms: one sample of a page of forms.

A person takes a form of an address and a password for a sign-in when something says so: the
title, a heading or line of the page, its button ("Sign in"), the address ("/login"), a link of
its own ("Forgot password?"), or when the page holds nothing else. A menu's "Login" link names
another page. An admin template's page of sample forms shows such a form first ("Email address",
"Password", "Check me out", "Submit") beside other forms (a disabled fieldset's input, select
and tick): no word of it signs in and the page asks more than a sign-in does, so the page is a
page of forms, its password form one sample.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from axsnap_host.semantic.keywords import URL_RES, keyword_hits
from axsnap_host.semantic.page_features import Features

SILENT_SIGNAL = "form:a password form nothing calls a sign-in, beside other forms (a sample)"
SILENT_WEIGHT = 0.5
# What is left of the sign-in signal's weight on such a page.
SIGN_IN_KEPT = 0.25


def says_sign_in(f: Features) -> bool:
    """Something of the page's own says signing in: its words outside links or its title
    ("Sign in to your account", "Remember me"), a form's button, the address, or a link to
    recover a forgotten password (a sign-in's own; a menu's "Login" names another page)."""
    path = urlsplit(f.url).path
    return bool(keyword_hits("login", f.said + " " + f.title) or f.sign_in_button
                or URL_RES["login"].search(path)
                or keyword_hits("password_reset", f.text))


def silent_sample(f: Features, confirm: bool) -> bool:
    """One password form that looks like a sign-in (a field or two beside the password, no
    person's name: an account's settings ask more) and that nothing calls one, among two forms
    or more that ask three things or more besides the password (a sign-in asks one: who you
    are)."""
    inputs = f.text_inputs - f.search_named - f.newsletter_fields
    asked = inputs + f.selects + f.textareas
    return (f.passwords == 1 and f.login_forms >= 1 and not confirm and f.forms >= 2
            and inputs <= 2 and not f.name_fields and asked >= 3 and not f.card_fields
            and not says_sign_in(f))


def fire_silent_password(fire: Callable[[str, str, float, bool], None], f: Features,
                         confirm: bool) -> float:
    """Fires the form signal of a silent password sample; the share of the sign-in signal's
    weight the page keeps (1: all of it)."""
    silent = silent_sample(f, confirm)
    fire("form", SILENT_SIGNAL, SILENT_WEIGHT, silent)
    return SIGN_IN_KEPT if silent else 1.0
