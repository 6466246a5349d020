"""A password reset titled in a blog engine's words (the thirty-fifth held-out set's saurus-124,
note 170): "Lost Password" over one "Username or E-mail" field and "Get New Password" is the
same page as "Forgot password", whose reset rule it missed (form read as unknown)."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

RESET = "form:a password reset (an address field, no password field)"

# saurus-124's first screen and whole page, as the host read them (bench/semantic_pooled.py dump)
_SAID = ("excursionphuket.com › lost password \n username or e-mail: \n get new password \n   \n"
         " username or e-mail: \n username or e-mail: \n username or e-mail: \n   \n   \n"
         " excursionphuket.com")
_TEXT = ("excursionphuket.com › lost password \n excursionphuket.com \n username or e-mail: \n"
         " get new password \n log in \n ← back to excursionphuket.com \n excursionphuket.com \n"
         " excursionphuket.com \n username or e-mail: \n username or e-mail: \n"
         " username or e-mail: \n log in \n log in \n ← back to excursionphuket.com \n"
         " ← back to excursionphuket.com \n excursionphuket.com")


def _page(title: str, said: str, text: str) -> Features:
    return Features(text_inputs=1, buttons=1, links=3, account_fields=1, forms=1, paragraphs=1,
                    text_chars=158, page_screens=1.0, title=title,
                    own_heading="excursionphuket.com", said=said, text=text)


def test_a_lost_password_page_is_a_reset_form() -> None:
    page = _page("excursionphuket.com › lost password", _SAID, _TEXT)
    kind, _, signals = classify(page)
    assert kind == "form", signals[:4]
    assert RESET in [s["signal"] for s in signals]
    # ("Lost your password?" says the same)
    asked = _page("excursionphuket.com", _SAID.replace("lost password", "lost your password?"),
                  _TEXT)
    assert classify(asked)[0] == "form"


def test_lost_words_in_a_link_name_no_reset() -> None:
    # (a sign-in's first step with a "Lost your password?" link: the link names another page)
    said = "sign in \n username or e-mail: \n next"
    page = _page("excursionphuket.com › sign in", said, said + " \n lost your password?")
    kind, _, signals = classify(page)
    assert RESET not in [s["signal"] for s in signals]
    assert kind == "login", signals[:4]
