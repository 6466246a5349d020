"""A monitoring console's graphs drawn as pictures (issue 31: Munin's node and category pages,
the fiftieth held-out set, typed as lists; MRTG's gauge pages, the one-hundred-fourth, read as
no type: design note 323): through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_nodes_graphs_drawn_for_each_period_are_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    # Four measures, each a picture the server drew for a day and one for a week
    # ("load-day.svg", "load-week.svg"), under a menu of categories with their period links:
    # the pictures are the page's charts, its menu no list page's items.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/graphs_by_period.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]
        assert any(s["signal"] == "stats:charts" for s in result.page["signals"]), \
            result.page["signals"][:8]


@pytest.mark.parametrize("viewport_only", [True, False])
def test_graphs_whose_alt_is_their_period_are_a_dashboards_charts(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    # A gauge drawn for a day, a week, a month and a year, each picture's alt its period
    # alone and its file no period's name (MRTG's, saved into the page): four charts.
    result = read(browser, pages_url + "understanding/graphs_named_by_alt.html",
                  viewport_only=viewport_only)
    assert result.type == "dashboard", result.page["signals"][:8]
    assert any(s["signal"] == "stats:charts" for s in result.page["signals"]), \
        result.page["signals"][:8]
