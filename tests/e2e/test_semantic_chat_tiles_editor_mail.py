"""Stat tiles beside a chat's box, and a mail written in an editor (issue 31, note 100). A
dashboard's figures stay its tiles when a box to write in sits beside them with nothing asking
who writes or about what; beside a message form (name, email, subject) the same figures are a
contact page's boasts. A recipient and a subject asked over an editor's text are a mail being
written, whatever the mailbox beside it holds. Each page is our own, through the extension and
the host in Debian Chromium, read from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

TILES = "stats:3+ figures each over a few words (stat tiles)"


def test_stat_tiles_beside_a_chats_box_are_a_dashboard(browser: Browser, pages_url: str) -> None:
    # "Site Analysis" under a template's title: six tiles ("2540" over "Total Users"), six posts
    # under their own headings with Edit and Delete, and a chat whose box asks only for the
    # message. The old main read it unknown: the chat's box vetoed the tiles.
    for result in both_reads(browser, pages_url + "understanding/dashboard_tiles_beside_chat.html"):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert TILES in fired(result)


def test_figures_beside_a_contact_form_are_no_stat_tiles(
        browser: Browser, pages_url: str) -> None:
    # "Get in touch": three boasts ("97,354" over "Companies") over a form asking a name, an
    # email, a subject and a message: a contact form, its figures no dashboard's.
    for result in both_reads(browser, pages_url + "understanding/contact_boasts_message_box.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert TILES not in fired(result)


def test_a_recipient_and_a_subject_over_an_editors_text_are_a_mail_being_written(
        browser: Browser, pages_url: str) -> None:
    # "New Message" in a mail client: To, Cc and Subject fields over the body an editor drew as
    # plain text (no <textarea>, not editable without its script), Send and Discard; beside it
    # the mailbox's menu (Compose, Inbox 12, Sent) and a top bar's note with "Reply". The old
    # main read an inbox: Compose and Reply made a mail client's reading view.
    for result in both_reads(browser,
                             pages_url + "understanding/to_cc_subject_over_editor_text.html"):
        assert result.type == "email_compose", result.page["signals"][:8]
        assert "app:compose with reply or forward (a mail client)" not in fired(result)
