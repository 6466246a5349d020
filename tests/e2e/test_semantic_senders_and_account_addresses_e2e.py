"""Two kinds of page the rules missed on held-out sets (issue 31, design note 284), read through
the extension and the host in Debian Chromium, from the first screen and the whole page:

- a mail catcher's inbox: messages listed by their senders ("Harbour office
  <office@...>") beside the open one, no compose, reply or row checkbox (MailDev's inbox and
  open mail were typed `form` and `article`);
- an account's e-mail addresses: one made primary, one unverified, radios to pick and an
  address to add (allauth's page was typed `form` by the learnt fallback).
"""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.mail_pages import SENDERS_SIGNAL
from axsnap_host.semantic.named_settings import ADDRESSES_SIGNAL

pytestmark = pytest.mark.e2e


def test_messages_listed_by_their_senders_are_an_inbox(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/mail_catcher_senders.html"):
        assert result.type == "email_inbox", result.page["signals"][:8]
        assert SENDERS_SIGNAL in fired(result)


def test_an_accounts_addresses_made_primary_are_its_settings(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/account_email_addresses.html"):
        assert result.type == "settings", result.page["signals"][:8]
        assert ADDRESSES_SIGNAL in fired(result)
