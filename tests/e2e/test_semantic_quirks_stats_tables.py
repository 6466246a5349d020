"""A paragraph holding a table is no prose (issue 31: page type; design note 316), through the
extension and the host in Debian Chromium, on a web log analyser's monthly report written
without a doctype (tests/pages/understanding/quirks_stats_tables.html), as Webalizer writes
it: each table of figures opens with ``<p>``. In quirks mode a ``<p>`` does not end at a
``<table>``, so each paragraph holds a whole table; counted as prose, the tables' figures made
three long text blocks and "1500+ characters of prose", and the report read as an article.
It is a dashboard: a panel of totals, each a label and its figure, over tables of figures.
Both reads type it: the first screen (the host's counts) and the whole page (the walker's
tally)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/quirks_stats_tables.html"
PROSE_SIGNALS = ("stats:3+ long text blocks", "stats:1500+ characters of prose")


def test_a_report_of_tables_in_paragraphs_is_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert browser.run_in_target("return document.compatMode") == "BackCompat"
        assert result.page["type"] == "dashboard", (result.page["type"], fired(result))
        assert not set(PROSE_SIGNALS) & set(fired(result)), fired(result)
