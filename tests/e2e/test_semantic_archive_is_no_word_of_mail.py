"""Rows with checkboxes beside "Archive" and "Show archived" are a table of records, not a
mailbox: review requests, posts and records are archived as mail is (issue 31, design note
289: the sixty-fifth held-out set's Review Board dashboard, rb-02, read as an email inbox).
Through the extension and the host in Debian Chromium, from the first screen and the whole
page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_review_requests_beside_archive_are_a_list(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/review_requests_archive_rows.html"
    for result in both_reads(browser, page):
        assert result.type == "list", result.page["signals"][:8]
