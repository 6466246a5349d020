"""A date in a table's cell under the page's heading is a record's, no story's dateline (issue 31,
design note 357): an admin's "Recover deleted work parties" (django-reversion, the
one-hundred-eighty-fourth held-out set), its title repeating its heading over a table of dates,
read as one dated story (an article). Our own page, through the extension and the host in Debian
Chromium; the walk's page tally (`tally_dated.js datedUnder`) stops at a cell the heading is not
in."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.headlines import DATED_SIGNAL

pytestmark = pytest.mark.e2e


def test_a_table_of_dates_under_a_heading_is_no_dated_story(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/deleted_bookings_table.html"):
        assert result.type != "article", result.page["signals"][:8]
        assert DATED_SIGNAL not in fired(result)
