"""A form making one new thing of a kind is a form, its values the new thing's, whatever
words of the account follow the thing: "Add Printer Profile" makes a printer's profile (the
account's "profile" only opening the thing, "Add profile", is the account's), and "Add Channel
to Network [marsh] of User [marta]" makes a channel (what it goes to, "of user ...", is no part
of it). Main read both as settings or nothing ("3+ fields holding saved values"): OctoPrint's
Add Printer Profile dialog and ZNC's Add Channel page, the seventy-seventh and eightieth
held-out sets. Issue 31, design note 305. Through the extension and the host in Debian
Chromium."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.record_forms import NEW_SIGNAL

pytestmark = pytest.mark.e2e

PAGE = "understanding/add_printer_profile.html"
CHANNEL = "ZNC - Add Channel to Network [marsh] of User [marta]"


@pytest.mark.parametrize("query", ["", "?title=" + quote(CHANNEL)])
def test_a_form_making_one_thing_is_a_form(browser: Browser, pages_url: str, query: str) -> None:
    for result in both_reads(browser, pages_url + PAGE + query):
        assert result.page["type"] == "form", result.page["signals"][:8]
        assert NEW_SIGNAL in fired(result), result.page["signals"][:8]
