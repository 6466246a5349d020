"""A member picked under "To user" is whom a message goes to (issue 31, design note 355): a
site's private messages (pinax-messages' New Message, the one-hundred-eightieth held-out set)
ask the recipient with a select named "To user" over Subject and Content, read as a message to
the site (a form) while only a field named "To" counted. Our own page, through the extension and
the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_message_to_a_member_picked_under_to_user_is_mail_being_written(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/trough_note.html"):
        assert result.type == "email_compose", result.page["signals"][:8]
        assert "form:to/subject fields with a message body" in fired(result)
