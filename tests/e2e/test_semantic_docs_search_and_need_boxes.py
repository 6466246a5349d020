"""Two docs pages the rules misread (issue 31), through the extension and the host in Debian
Chromium: a documentation search page saying "Search finished, found 3 page(s) matching the
search query." over its hits with their excerpts (Sphinx's and Jupyter Book's search page,
read as an article: design note 344), and a requirements page whose needs are each a small
table of id, status and tags over a paragraph (Sphinx-needs', read as a console's status grid:
design note 345)."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser
from axsnap_host.semantic.status_panels import GRID_SIGNAL

pytestmark = pytest.mark.e2e



def test_a_docs_search_saying_the_pages_it_found_is_search_results(
        browser: Browser, pages_url: str) -> None:
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/docs_search_pages_found.html",
                      viewport_only=viewport_only)
        assert result.type == "search_results", result.page["signals"][:8]


def test_need_boxes_between_paragraphs_are_no_status_grid(
        browser: Browser, pages_url: str) -> None:
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/requirements_need_boxes.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
        assert GRID_SIGNAL not in fired(result)
