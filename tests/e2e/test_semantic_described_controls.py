"""A control that shows no words is named by the tooltip its aria-describedby names (issue 31,
design note 308), through the extension and the host in Debian Chromium, on a dashboard's
chart drawn as privacyIDEA draws it (tests/pages/understanding/described_chart_bars.html):
each bar is a button with no words, described by a message in a visually hidden container.
On the eighty-sixth held-out set's privacyidea-01 the 48 bars had no name, so they were
numbered twins (``btn_in_main_under_successful``, ``btn_in_main_2_under_successful``...):
71 of the page's ids came from no name or context. A person hovering a bar reads its hour
and its count."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/described_chart_bars.html"


def test_a_wordless_bar_is_named_by_its_tooltip(browser: Browser, pages_url: str) -> None:
    for result in (read(browser, pages_url + PAGE), read(browser, pages_url + PAGE,
                                                          viewport_only=False)):
        buttons = [e for e in result.elements if e["type"] == "button"]
        bars = [e for e in buttons if e["label"] != "Refresh"]
        assert [e["label"] for e in bars] == [
            f"2026-12-05 {h:02d}:00 – {h + 1:02d}:00: {n} successful"
            for h, n in ((9, 4), (10, 9), (11, 6), (12, 11))], buttons
        assert all(e["id"].startswith(f"btn_2026_12_05_{h:02d}_00")
                   for e, h in zip(bars, (9, 10, 11, 12), strict=True)), bars
        assert not any(e.get("relations", {}).get("alike") for e in bars), bars
        # a control with words of its own keeps them: its description names nothing
        assert [e["id"] for e in buttons if e["label"] == "Refresh"] == ["btn_refresh"], buttons
