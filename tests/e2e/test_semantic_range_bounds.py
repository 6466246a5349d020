"""The two bounds of a range a filter asks for ("From date" 2026-11-01, "To date" 2026-11-15)
are no search box holding a query (issue 31, design note 367). On the two-hundred-nineteenth
held-out set django-admin-rangefilter's bookings, "Select booking to change" filtered to the
first half of November, read as a form: its date bounds sat in a form whose button says
Search, so they counted as search boxes holding a query, and the admin's changelist rule (which
a query turns into a search's results) did not fire. Our own page, through the extension and
the host in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.record_tables import CHANGELIST_SIGNAL

pytestmark = pytest.mark.e2e


def test_a_changelist_filtered_between_two_dates_is_a_list(
        browser: Browser, pages_url: str) -> None:
    page = "understanding/tidewell_seats_between_dates.html"
    for result in both_reads(browser, pages_url + page):
        assert result.type == "list", result.page["signals"][:8]
        assert CHANGELIST_SIGNAL in fired(result)
