"""A dashboard's panels read from its tables (issue 31, design note 267: Syncthing's overview
and django-helpdesk's dashboard were typed `list`): through the extension and the host in
Debian Chromium, from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser
from axsnap_host.semantic.status_panels import PANELS_SIGNAL, STATUS_SIGNAL

pytestmark = pytest.mark.e2e

# (page, the signal that makes it a dashboard)
PAGES = [
    # A sync tool's overview: folders and remote devices in rows with their state buttons,
    # beside this device's status table of a label and its figure (Download Rate 0 B/s,
    # Uptime 2h 14m, ...).
    ("dashboard_status_rows.html", STATUS_SIGNAL),
    # A helpdesk's dashboard: three tables of two rows or fewer (your open tickets, those you
    # submitted, the unassigned) under a search box: its panels, no table of records.
    ("dashboard_ticket_panels.html", PANELS_SIGNAL),
]


@pytest.mark.parametrize(("page", "signal"), PAGES)
def test_panels_read_from_tables_make_the_page_a_dashboard(
        browser: Browser, pages_url: str, page: str, signal: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/" + page):
        signals = [s["signal"] for s in result.page["signals"]]
        assert result.type == "dashboard", result.page["signals"][:8]
        assert signal in signals
        assert not any(s.startswith("stats:a table's 4+") for s in signals)
