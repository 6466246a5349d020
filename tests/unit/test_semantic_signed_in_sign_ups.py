"""A password asked twice on a page that shows its reader signed in (issue 31, design note 330).

Supysonic's "Add user" (supy-03: its menu marks "Users" current) and Modoboa's new account
(modoboa-02: "Identities" current) were read as sign-ups: a password and its confirmation under
no side menu. Their reader is signed in, and the form adds a user to the app: a form. A page
saying "Log out" is read signed in the same way. A sign-up page stands before any sign-in: no
sign-out, no app's collection of people marked current.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.signed_in_forms import SIGNED_IN_SIGNAL

_ADD_USER_SAID = ("supysonic \n username \n password \n confirm password \n email \n add \n"
                  " supysonic home playlists users folders \n add user \n admin \n add")


def _add_user(**changes: object) -> Features:
    page = Features(passwords=2, text_inputs=2, filled=2, checkboxes=2, buttons=1, links=6,
                    confirm=True, prose_sections=1, account_fields=2, forms=1, switches=1,
                    paragraphs=1, text_chars=146, page_screens=1.0, signup_forms=1,
                    title="supysonic", said=_ADD_USER_SAID, text=_ADD_USER_SAID)
    return replace(page, **changes)


@pytest.mark.parametrize("current", ["users", "identities", "home\nmembers", "User Accounts"])
def test_a_password_asked_twice_under_a_current_collection_of_people_adds_a_user(
        current: str) -> None:
    kind, _, signals = classify(_add_user(current_item=current.lower()))
    assert kind == "form", (current, signals[:4])
    assert any(s["signal"] == SIGNED_IN_SIGNAL for s in signals), signals[:4]


@pytest.mark.parametrize("words", ["log out", "logout", "sign out", "abmelden"])
def test_a_page_saying_log_out_is_read_signed_in(words: str) -> None:
    said = f"{_ADD_USER_SAID} \n {words}"
    kind, _, signals = classify(_add_user(said=said, text=said))
    assert kind == "form", (words, signals[:4])


@pytest.mark.parametrize("current", ["", "join the association", "pages\ncreate account",
                                     "user"])
def test_a_sign_up_page_with_no_sign_out_and_no_people_current_stays_a_sign_up(
        current: str) -> None:
    # (a single "user" item names a person's own page, not the app's collection of people;
    # "logout" inside another word, "blogouts", is no sign-out)
    said = f"{_ADD_USER_SAID} \n blogouts"
    kind, _, signals = classify(_add_user(current_item=current, said=said, text=said))
    assert kind == "register", (current, signals[:4])
    assert not any(s["signal"] == SIGNED_IN_SIGNAL for s in signals), signals[:4]
