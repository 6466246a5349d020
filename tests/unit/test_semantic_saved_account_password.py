"""A cause of a spent page's miss (issue 31; note 198), a rule a person states for any page: an
issue tracker's "your details" page (roundup-01: the signed-in user's name and login name filled
in, a password asked twice, "Submit Changes") read as a sign-up. A form that holds the account's
own values and keeps changes to them edits that account: its password asked twice is a new
one, no sign-up's. A blank form with the same fields is a sign-up still.

The page's numbers are the host's own read of its first screen (bench/semantic_pooled.py
dump), its text cut to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import saves_changes


def _details_page(**changes: object) -> Features:
    said = ("roundup issue tracker \n user3 editing \n search \n name login name login password"
            " confirm password phone \n organisation \n timezone \n e-mail address \n submit"
            " changes \n your queries (edit) \n issues create new show unassigned show all"
            " search \n administration user list \n hello, demo \n help")
    page = Features(passwords=2, text_inputs=7, search_inputs=2, filled=2, textareas=1,
                    buttons=5, links=11, name_fields=1, confirm=True, column_heads=1,
                    account_fields=3, forms=3, address_fields=2, save_changes=1,
                    text_chars=171, tables=2, rows=13, page_screens=1.0, signup_forms=1,
                    title="roundup issue tracker", said=said, text=said)
    return replace(page, **changes)


def test_a_password_asked_twice_beside_the_accounts_saved_values_is_its_settings() -> None:
    kind, _, signals = classify(_details_page())
    assert kind == "settings", signals[:4]


def test_the_same_fields_blank_are_a_sign_up() -> None:
    kind, _, signals = classify(_details_page(filled=0))
    assert kind == "register", signals[:4]


def test_submit_changes_keeps_changes_and_submit_details_sends() -> None:
    assert saves_changes("Submit Changes") and saves_changes("Save changes")
    assert not saves_changes("Submit details") and not saves_changes("Submit")
