"""Pages whose text is listed as it is, and the signals that misread them (issue 31, design
note 350): a source file listed line by line (a coverage report's file page) is a document,
not a table of records; a manual page's contents (links to its own sections) are no list's
items; a mail archive's message under a search box is no search home; a gtk-doc type page
("enum TarLockState" under Functions and Types and Values) is its API reference. A month's
calendar counts days up as a listing counts lines, and holds no code: no listing. Our own
pages, through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired, read

from axsnap_host.client import Browser
from axsnap_host.semantic.code_listings import SIGNAL as LISTING

pytestmark = pytest.mark.e2e

REFERENCE = (
    "stats:a line naming a class or function and 2+ of its members' sections (an API reference)")


def _stats_of(result: object, kind: str) -> list[str]:
    signals = result.page["signals"]  # type: ignore[attr-defined]
    return [s["signal"] for s in signals if s["type"] == kind
            and str(s["signal"]).startswith("stats:")]


def test_a_source_file_listed_line_by_line_is_a_document(
        browser: Browser, pages_url: str) -> None:
    # a coverage report's page of paddles.c: totals, 33 numbered lines of highlighted code in a
    # table with an execution count each (read as a table of records before)
    for result in both_reads(browser, pages_url + "understanding/source_listing_coverage.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert LISTING in fired(result)
        assert not _stats_of(result, "list"), result.page["signals"]


def test_a_months_calendar_counts_up_but_lists_no_code(
        browser: Browser, pages_url: str) -> None:
    result = read(browser, pages_url + "understanding/calendar_month_numbers.html",
                  viewport_only=False)
    assert LISTING not in fired(result)


def test_a_manual_pages_contents_are_no_lists_items(browser: Browser, pages_url: str) -> None:
    # pod2html's layout: a title bar, an index of 14 links to the page's own sections (nested
    # under METHODS), then the sections; the first screen holds the index and little else
    for result in both_reads(browser, pages_url + "understanding/pod_sections_contents.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert not _stats_of(result, "list"), result.page["signals"]


def test_a_mail_archives_message_under_a_search_box_is_no_search_home(
        browser: Browser, pages_url: str) -> None:
    # public-inbox's message page: the list's search box in a line of links, then 1,500+
    # characters of one message in a <pre>
    result = read(browser, pages_url + "understanding/mail_archive_message_search_box.html")
    assert "form:a search box and little else" not in fired(result)
    assert result.type == "article", result.page["signals"][:8]


def test_a_gtk_doc_type_page_is_its_api_reference(browser: Browser, pages_url: str) -> None:
    # "TarLock" over Functions, Types and Values (with "enum TarLockState"), the description
    # and each function's signature: its tables of links read as a list before
    for result in both_reads(browser, pages_url + "understanding/gtkdoc_type_page.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert REFERENCE in fired(result)
