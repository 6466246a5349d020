"""A password box holds more than the account's password: a private key's passphrase and a
one-time code (WebSSH's connect form: Password, Passphrase, Totp), an access token the page
shows once made, read-only (Directus's profile: Password beside Token). Counted as passwords,
two of them read as a password asked twice, a sign-up: main read both pages as ``register``
(webssh-01 of the seventy-fourth held-out set, directus-01 of the seventy-ninth). A box its
names call another secret (``models/field_secrets.py``), or one a person cannot change, is no
password of the account, in the walker's page tally and in the host's features alike. Issue
31, design note 303. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

CONFIRMATION = "form:password confirmation"


def test_a_profile_with_a_read_only_token_beside_its_password_is_settings(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/profile_password_and_token.html"):
        assert result.page["type"] == "settings", result.page["signals"][:8]
        assert CONFIRMATION not in fired(result), result.page["signals"][:8]


def test_a_passphrase_and_a_one_time_code_are_no_password_asked_twice(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/ssh_connect_secrets.html"):
        assert result.page["type"] != "register", result.page["signals"][:8]
        assert CONFIRMATION not in fired(result), result.page["signals"][:8]
