"""A text field that is its form's only one, beside a button saying "Search", is a search box
whatever it is named, and a mailbox's table under the words it holds is what the search found
(issue 31, design note 307). Through the extension and the host in Debian Chromium, on a
webmail folder as CiderWebmail draws it (tests/pages/understanding/webmail_quick_search.html):
its quick search is ``<input name="filter">`` with no label beside "Search". The eighty-third
held-out set's cider-02 (the INBOX searched for "plot") read as an inbox: the box was no search
box, so no query was held, and the title "INBOX (4)" named a mailbox."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.mail_pages import FOUND_SIGNAL, HEADS_SIGNAL

pytestmark = pytest.mark.e2e

PAGE = "understanding/webmail_quick_search.html"


def test_a_folder_is_a_mailbox_until_its_quick_search_holds_words(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.page["type"] == "email_inbox", (result.page["type"], fired(result))
        assert HEADS_SIGNAL in fired(result), fired(result)
    for result in both_reads(browser, pages_url + PAGE + "?filter=plot"):
        assert result.page["type"] == "search_results", (result.page["type"], fired(result))
        assert FOUND_SIGNAL in fired(result) and HEADS_SIGNAL not in fired(result), fired(result)
