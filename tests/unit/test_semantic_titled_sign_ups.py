"""A sign-up page with a returning user's sign-in box above its form (the thirty-fifth held-out
set's saurus-128, note 170): the title names the sign-up, so the box met first is the one
offered beside it, not what the page is for (register read as login)."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

BESIDE = "form:a sign-in form beside a sign-up form"

# saurus-128's first screen as the host read it (bench/semantic_pooled.py dump), its repeated
# lines kept once
_SAID = ("create account - online ticket sales \n e-mail address \n log in \n first name \n"
         " last name \n billing address line 1 \n address line 2 (optional) \n city \n"
         " state/province (us & canada only) \n zip/postal code \n country \n"
         " phone number (xxx-yyy-zzzz) \n mobile phone number (xxx-yyy-zzzz) \n"
         " e-mail address (used to log in) \n password \n verify password \n create account \n"
         " your current purchase information \n returning user login \n new account information"
         " \n please fill in all fields. \n december 4, 2014 5:30 pm")
_TEXT = _SAID + (" \n forgot your password? \n create an account \n lock media services, inc. \n"
                 " agent login \n terms & conditions")


def _page(title: str) -> Features:
    return Features(passwords=3, text_inputs=15, selects=1, buttons=2, links=5, name_fields=2,
                    confirm=True, column_heads=1, account_fields=8, forms=2, address_fields=6,
                    paragraphs=2, text_chars=397, tables=2, rows=20, page_screens=1.0,
                    login_forms=1, login_depth=0.19, signup_forms=1, sign_in_first=True,
                    title=title, own_heading="your current purchase information",
                    said=_SAID, text=_TEXT)


def test_a_sign_up_titled_page_is_the_sign_up_beside_its_sign_in_box() -> None:
    kind, _, signals = classify(_page("create account - online ticket sales"))
    assert kind == "register", signals[:4]


def test_the_sign_in_met_first_is_the_page_under_any_other_title() -> None:
    # (a title naming both, or neither, leaves the order to say it: note 100's rule)
    for title in ("log in or create account - online ticket sales", "online ticket sales"):
        kind, _, signals = classify(_page(title))
        assert kind == "login", (title, signals[:4])
        assert [s["weight"] for s in signals if s["signal"] == BESIDE] == [0.6]
