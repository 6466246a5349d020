"""A line saying the words searched for makes the rows under it that search's results (issue
31: page type; design note 317), through the extension and the host in Debian Chromium, on a
mail admin's list searched across its tables (tests/pages/understanding/admin_search_echo.html):
"Searching for: finch" over an alias table and a mailbox table, the top bar's search box
emptied after the search, as Postfix Admin draws its Virtual List searched (the ninety-third
held-out set's postfixadmin-02, read as a list: its tables' column heads under a filter box,
and nothing said a search had been made)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/admin_search_echo.html"
SIGNAL = "form:a line saying what was searched for"


def test_tables_under_the_words_searched_for_are_results(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.page["type"] == "search_results", (result.page["type"], fired(result))
        assert SIGNAL in fired(result), fired(result)
