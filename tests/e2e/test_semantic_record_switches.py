"""A switch in each of a list's record rows, beside the record's linked name and its buttons,
pauses or enables that record: the page is the list of records, not settings (issue 31,
design note 293: the sixty-fifth held-out set's af-03, Apache Airflow's DAGs as cards, each a
pause switch, read as settings). Rows of switches with no record link and no button stay
settings (test_semantic_cart_contact_settings_rules.py's connected accounts). Through the
extension and the host in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SWITCHES = "form:3+ switches, half the fields or more (settings turned on and off)"


def test_record_cards_with_pause_switches_are_a_list(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/record_cards_with_pause_switches.html"
    for result in both_reads(browser, page):
        assert result.type == "list", result.page["signals"][:8]
        assert SWITCHES not in fired(result)
        assert "form:toggles" not in fired(result)
