"""The words naming a secret typed into a password box that is no password of the account
(models/field_secrets.py, design note 303): whole words of the field's names, "-" and "_" as
spaces, camel case split."""

from __future__ import annotations

import re

import pytest

from axsnap_host.models.field_secrets import OTHER_SECRET_WORDS, names_other_secret


@pytest.mark.parametrize("names", [
    "Passphrase passphrase", "Totp (time-based one-time password) totp", "llm-api-key",
    "apiKey", 'Click "Generate Token" to create a new static access token', "snmp_priv_passphrase",
    "Security code", "2FA code", "Recovery code", "Private Key"])
def test_a_secret_named_as_another_is_no_account_password(names: str) -> None:
    assert names_other_secret(names)


@pytest.mark.parametrize("names", [
    "Password password new-password", "Confirm password", "current-password Password",
    "Tokenizer seed", "Passwort", "PIN", "Repeat your password"])
def test_an_account_password_is_one(names: str) -> None:
    assert not names_other_secret(names)


def test_the_pattern_the_walker_compiles_needs_no_escape() -> None:
    assert all(re.fullmatch(r"[a-z0-9 ]+", w) for w in OTHER_SECRET_WORDS)
