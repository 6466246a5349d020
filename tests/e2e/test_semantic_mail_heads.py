"""A table headed by a mail's sender and its subject ("From", "To", "Subject", "Received") is
a mailbox, with no checkbox on its rows and no word of mail beside it: a mail catcher's message
list (the seventy-fourth held-out set's MailDump, its senders bare addresses), which main read
as a list. The same table under a search box holding a query is what the search found: its
results. Issue 31, design note 302. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.mail_pages import HEADS_SIGNAL

pytestmark = pytest.mark.e2e


def test_a_table_headed_from_and_subject_is_a_mailbox(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/mail_catcher_inbox.html"):
        assert result.page["type"] == "email_inbox", (result.page["type"], fired(result))
        assert HEADS_SIGNAL in fired(result), fired(result)


def test_the_same_table_under_a_query_is_the_searchs_results(
        browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/mail_catcher_inbox.html?q=regatta"
    for result in both_reads(browser, page):
        assert result.page["type"] == "search_results", (result.page["type"], fired(result))
        assert HEADS_SIGNAL not in fired(result), fired(result)
