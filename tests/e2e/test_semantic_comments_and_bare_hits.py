"""A reply being written under the writer's filled name and address is a form, and a search's
hits under a title naming the search are its results with no box beside them (issue 31, design
note 362: the two-hundred-second held-out set's misses, django-threadedcomments' reply form read
as settings and django-watson's bare results page read as an article). Our own pages, through
the extension and the host in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.message_forms import MESSAGE_SIGNAL

pytestmark = pytest.mark.e2e

SAVED = "form:3+ fields holding saved values"
HITS = "form:items each a linked title over its excerpt, on a search's page"


def test_a_reply_written_under_the_writers_filled_fields_is_a_form(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/lido_reply_written.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert SAVED not in fired(result) and MESSAGE_SIGNAL in fired(result)


def test_hits_under_a_title_naming_the_search_are_its_results(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/lido_sauna_hits.html"):
        assert result.type == "search_results", result.page["signals"][:8]
        assert HITS in fired(result)
