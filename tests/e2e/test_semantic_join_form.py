"""A form under a heading joining something is an application, no settings (issue 31: page
type; design note 318), through the extension and the host in Debian Chromium, on a club's
waiting-list form with its fields filled in (tests/pages/understanding/waiting_list_join.html):
"Join the Riverside allotment waiting list" over a name, an address, a plot size and a note,
no password. Its filled fields read as saved values, "3+ fields holding saved values", a
settings page, as marimo's waiting-list app did (the ninety-second held-out set's marimo-01);
they are what a person typed to join."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.record_forms import NEW_SIGNAL

pytestmark = pytest.mark.e2e

PAGE = "understanding/waiting_list_join.html"


def test_a_form_joining_a_waiting_list_is_a_form(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.page["type"] == "form", (result.page["type"], fired(result))
        assert NEW_SIGNAL in fired(result), fired(result)
