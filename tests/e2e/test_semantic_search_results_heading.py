"""A page whose title names its type only by a word too common in titles to say it
("results") is named by its own heading (issue 31, design note 309's page names). Through the
extension and the host in Debian Chromium, on a CMS's search page drawn as Kotti draws it
(tests/pages/understanding/search_results_heading.html): the title "search-results Mossgate
..." (its "search-results" a slug, so only "results" reads as a word of the type, and that word
is skipped in titles) and the heading "Search results" over three found pages. The title's
skipped word stood in for the heading's, so nothing named the page; no rule reached the
threshold and the learned model read the links as a list (kotti-02 of the eighty-seventh
held-out set)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/search_results_heading.html"


def test_the_own_heading_names_the_page_when_the_titles_word_is_skipped(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.page["type"] == "search_results", (result.page["type"], fired(result))
        assert "title:search results" in fired(result), fired(result)
