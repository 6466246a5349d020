"""Mail pages no earlier rule read (issue 31): a mailing list's archive, whose index and
messages are pages to read (design note 338), and a mailbox's rows drawn as links beside its
folders, with no checkbox (design note 340). Our own pages, through the extension and the
host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SENDERS = "stats:4+ lines each naming a sender and address (a list of mail)"
MESSAGE = ("stats:a mail's From, Subject and Date lines under its subject, no control "
           "(an archived message)")
FOLDERS = "stats:4+ alike rows beside the folders Inbox and Sent (a mailbox)"



def test_an_archives_index_of_linked_messages_is_a_list(
        browser: Browser, pages_url: str) -> None:
    # Nine messages, each a linked subject over "From: name <address>", a Thread Index link,
    # no button and no field: the list's archive, no mailbox.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/mail_archive_index.html",
                      viewport_only=viewport_only)
        assert result.type == "list", result.page["signals"][:8]
        assert SENDERS not in fired(result)


def test_an_archived_message_under_its_headers_is_an_article(
        browser: Browser, pages_url: str) -> None:
    # Date and thread links, the subject as heading, To, Subject, From and Date, the body,
    # then the follow-ups each naming its sender: one message to read.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/mail_archive_message.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
        assert MESSAGE in fired(result)


def test_message_rows_beside_inbox_and_sent_are_a_mailbox(
        browser: Browser, pages_url: str) -> None:
    # "Write a message", "Inbox (5)", "Sent" and "Archive" beside five messages, each a link
    # of its subject over its sender, date and first line; no checkbox, no reply.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/inbox_folders_rows.html",
                      viewport_only=viewport_only)
        assert result.type == "email_inbox", result.page["signals"][:8]
        assert FOLDERS in fired(result)
