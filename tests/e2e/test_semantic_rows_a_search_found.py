"""A table of records under a search box holding a query is what the search found (issue 31,
design note 265: cgit's repository search typed `list`): through the extension and the host in
Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_repositories_found_for_a_word_are_search_results(
        browser: Browser, pages_url: str) -> None:
    # A git viewer's index searched for "tide": the box holds the word, and six repositories
    # in a table naming Name, Description, Owner and Idle are what it found.
    url = pages_url + "understanding/search_results_table_under_a_query.html"
    for result in both_reads(browser, url):
        signals = [s["signal"] for s in result.page["signals"]]
        assert result.type == "search_results", result.page["signals"][:8]
        assert not any(s.startswith("stats:a table's 4+ named columns") for s in signals)
