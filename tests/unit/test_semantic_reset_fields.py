"""Rules from the eighteenth held-out set's misses (issue 31): a password reset beside the
account's locked address, and a text field whose words, each apart, ask a password again."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.page_features import _asks_password


def _signals(f: Features) -> str:
    return " ".join(str(s["signal"]) for s in classify(f)[2])


def test_a_reset_beside_a_locked_address_is_a_reset_form() -> None:
    page = Features(passwords=2, confirm=True, text_inputs=1, account_fields=1, locked_fields=1,
                    said="reset password\nyour email\nconfirm password",
                    text="reset password\nconfirm password\nback to log in")
    kind, _, signals = classify(page)
    assert kind == "form", signals[:4]
    assert "password confirmation" not in _signals(page)
    assert "sign-up words" not in _signals(page)
    # (the address asked, not locked, under reset words: whose password is reset, as
    # flowbiteadmin-05 asks it (note 123); a name asked beside it says who signs up)
    asked = Features(passwords=2, confirm=True, text_inputs=1, account_fields=1,
                     said="reset password\nyour email\nconfirm password",
                     text="reset password\nconfirm password")
    assert classify(asked)[0] == "form" and "a password reset" in _signals(asked)
    named = Features(passwords=2, confirm=True, text_inputs=2, account_fields=1, name_fields=1,
                     said="reset password\nyour name\nyour email\nconfirm password",
                     text="reset password\nconfirm password")
    assert "a password reset" not in _signals(named)


def _field(label: str, hint: str, kind: str = "text") -> Any:
    return SimpleNamespace(source=SimpleNamespace(aria="", text=label, hint=hint),
                           node=SimpleNamespace(attrs={"type": kind}))


def test_a_text_field_asks_a_password_by_each_of_its_words() -> None:
    assert _asks_password(_field("New Password Confirmation", "Enter your new password again"))
    assert _asks_password(_field("Password", ""))
    # (an address or a user name asked beside the word: no password field)
    assert not _asks_password(_field("Email or password hint", "Password"))
    assert not _asks_password(_field("Username", "Your password"))
    # (a sample field's name beside a helper line about a password: it asks a name)
    assert not _asks_password(_field("Valid input Your password is strong.", "Jane Doe"))
    assert _asks_password(_field("Password", "At least 8 characters"))
    # (no word of a password, or only in a long sentence)
    assert not _asks_password(_field("Company", "Creative Code Inc."))
    assert not _asks_password(_field(
        "Tell us why you want to change your password today", ""))
