"""A mail being written whose recipient box asks only by its placeholder, "Add a recipient",
beside its chips (SOGo's compose window), names whom the mail goes to: with a subject over a
body drawn as rich text it is a mail being written (issue 31, design note 297: the
sixty-ninth held-out set's sogo-03, read as unknown). Through the extension and the host in
Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_compose_window_whose_to_box_asks_to_add_a_recipient_is_a_mail_being_written(
        browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/chips_recipient_window.html"
    for result in both_reads(browser, page):
        assert result.type == "email_compose", result.page["signals"][:8]
        assert "form:a recipient and a subject asked, the body no text box" in fired(result)
