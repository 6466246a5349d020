"""A dashboard's panels read from its tables (issue 31, design note 267: Syncthing's overview
and django-helpdesk's dashboard were typed `list`): through the extension and the host in
Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser
from axsnap_host.semantic.status_panels import PANELS_SIGNAL, STATUS_SIGNAL

pytestmark = pytest.mark.e2e


def test_a_devices_status_rows_make_its_overview_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # A sync tool's overview: folders and remote devices in rows with their state buttons,
    # beside this device's status table of a label and its figure (Download Rate 0 B/s,
    # Uptime 2h 14m, ...).
    url = pages_url + "understanding/dashboard_status_rows.html"
    for result in both_reads(browser, url):
        signals = [s["signal"] for s in result.page["signals"]]
        assert result.type == "dashboard", result.page["signals"][:8]
        assert STATUS_SIGNAL in signals


def test_short_ticket_tables_under_a_dashboards_title_are_its_panels(
        browser: Browser, pages_url: str) -> None:
    # A helpdesk's dashboard: three tables of two rows or fewer (your open tickets, those you
    # submitted, the unassigned) under a search box: its panels, no table of records.
    url = pages_url + "understanding/dashboard_ticket_panels.html"
    for result in both_reads(browser, url):
        signals = [s["signal"] for s in result.page["signals"]]
        assert result.type == "dashboard", result.page["signals"][:8]
        assert PANELS_SIGNAL in signals
        assert not any(s.startswith("stats:a table's 4+") for s in signals)
