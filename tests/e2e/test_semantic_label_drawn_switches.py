"""A label standing for its visually hidden checkbox, drawing the switch as an icon inside it,
is that control in every read, the whole page's too: the walker-only read lost it (the
label, with no words of its own, was taken for a container of its icon), so a settings
dialog over a list of runs held no field and the whole page read as the list behind it
(issue 31, design note 295: the sixty-sixth held-out set's dg-03, Dagster's User settings,
right from the first screen, a list from the whole page). Through the extension and the
host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_settings_dialog_of_label_drawn_switches_is_settings_in_both_reads(
        browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/settings_dialog_label_switches.html"
    for result in both_reads(browser, page):
        assert result.type == "settings", result.page["signals"][:8]
        switches = [e for e in result.elements if e["type"] == "checkbox"
                    and e.get("region", "").startswith("dialog")]
        assert len(switches) == 4, [(e["id"], e["type"], e.get("region")) for e in result.elements]
