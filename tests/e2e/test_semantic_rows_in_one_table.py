"""Rows counted as one table's (issue 31, design note 258: Syncthing's settings dialog over its
overview, the fifty-second held-out set, typed as a list): through the extension and the host
in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

TEN_ROWS = "stats:10+ table rows"


def test_rows_spread_over_small_status_tables_are_no_list_of_ten(
        browser: Browser, pages_url: str) -> None:
    # A device's settings beside its status panels: four tables of three or four rows (14 in
    # all, the largest 4) and a panel of recent changes. The fields under "Settings" are the
    # page's; no table holds ten records.
    page = pages_url + "understanding/settings_beside_small_tables.html"
    for result in both_reads(browser, page):
        signals = fired(result)
        assert result.type == "settings", result.page["signals"][:8]
        assert TEN_ROWS not in signals, result.page["signals"][:8]


def test_a_list_grouped_in_small_tables_stays_a_list(browser: Browser, pages_url: str) -> None:
    # Tickets by milestone: five tables of the same columns, three to six rows each. Each table
    # is a table of records; the page is one list of them.
    for result in both_reads(browser, pages_url + "understanding/list_tables_by_milestone.html"):
        signals = fired(result)
        assert result.type == "list", result.page["signals"][:8]
        assert TEN_ROWS not in signals, result.page["signals"][:8]
