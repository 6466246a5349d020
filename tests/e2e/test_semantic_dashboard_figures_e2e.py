"""A dashboard read from its figures (issue 31, design note 274: Locust's statistics, AWStats'
report and Fava's income statement were typed `list`): through the extension and the host in
Debian Chromium, from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.dashboard_panels import SIGNAL

pytestmark = pytest.mark.e2e

PAGES = [
    # A load test's statistics: its top bar's figures ("RPS" "6.2", "Failures" "4%") over a
    # table of request timings, each row figures.
    "dashboard_load_test_figures.html",
    # A web log's report: its months, days of the week and hours, each a table of figures.
    "dashboard_report_tables.html",
    # An income statement: a chart of the months over account lines, each a label and its
    # balance, under a top bar's filter fields.
    "dashboard_chart_account_lines.html",
]


@pytest.mark.parametrize("page", PAGES)
def test_figures_in_panels_make_the_page_a_dashboard(
        browser: Browser, pages_url: str, page: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/" + page):
        assert result.type == "dashboard", result.page["signals"][:8]
        assert SIGNAL in fired(result)


def test_one_table_of_figures_is_a_list(browser: Browser, pages_url: str) -> None:
    # the same report's every host: one table of measured things, nothing else
    for result in both_reads(browser, pages_url + "understanding/list_one_table_of_figures.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert SIGNAL not in fired(result)
