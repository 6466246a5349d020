"""Twins told apart by their nearest text, alike in its first words, are told by its next
words, never numbered (issue 31, design note 94), through the extension and the host in
Debian Chromium: three search results each with a "Cached" link to the cache through a token
of its own, two of them titled "Hello | Definition of Hello by Merriam-Webster" and "... at
Dictionary.com". The first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/results_cached_links.html"
CACHED = {"link_cached_near_hello_definition_of_by_merriam_webster",
          "link_cached_near_hello_wikipedia_en",
          "link_cached_near_hello_definition_of_at_dictionary_com"}


def cached(result: PageResult) -> dict[str, dict[str, object]]:
    return {e["id"]: e["relations"] for e in result.elements if e.get("label") == "Cached"}


@pytest.mark.parametrize("viewport_only", [True, False], ids=["first_screen", "whole_page"])
def test_cached_links_are_told_by_the_words_of_their_results_titles(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    found = cached(read(browser, pages_url + PAGE, viewport_only=viewport_only))
    assert set(found) == CACHED, sorted(found)
    assert not any("alike" in relations for relations in found.values()), found
