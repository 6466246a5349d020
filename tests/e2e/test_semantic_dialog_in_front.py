"""A page with a modal form open is typed from the form (issue 31, design note 261: Syncthing's
settings and add-folder dialogs, the fifty-second held-out set, typed as the overview's list):
through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_settings_dialog_over_a_list_is_a_settings_page(
        browser: Browser, pages_url: str) -> None:
    # A class-only modal (Bootstrap's "modal in", fixed over a dimmed page) holding five
    # fields under "Settings", over a table of twelve folders with their buttons.
    url = pages_url + "understanding/settings_dialog_over_a_list.html"
    for result in both_reads(browser, url):
        assert result.type == "settings", result.page["signals"][:8]
        # every control is still listed: only what the page is for changed
        names = {e.get("label") or e.get("name") for e in result.elements}
        assert {"Device Name", "Rescan All"} <= names, sorted(filter(None, names))[:20]
    # closed, the page behind is what a person sees again
    browser.run_in_target("document.getElementById('settings').style.display = 'none';")
    closed = read(browser)
    assert closed.type == "list", closed.page["signals"][:8]


def test_a_cookie_choices_dialog_leaves_the_page_what_it_is(
        browser: Browser, pages_url: str) -> None:
    # The same page under a consent dialog of three checkboxes: a person dismisses it.
    for result in both_reads(browser, pages_url + "understanding/cookie_choices_over_a_list.html"):
        assert result.type == "list", result.page["signals"][:8]


def test_a_search_open_over_a_guide_is_its_results(browser: Browser, pages_url: str) -> None:
    # (design note 276: Material for MkDocs' search, "brake" in its box and four matching
    # documents with their passages, open over a guide behind a dimming overlay)
    url = pages_url + "understanding/search_open_over_a_guide.html"
    for result in both_reads(browser, url):
        assert result.type == "search_results", result.page["signals"][:8]
    # closed, the guide behind is what a person reads again
    browser.run_in_target("document.querySelector('.search').remove();"
                          "document.querySelector('.overlay').remove();")
    closed = read(browser)
    assert closed.type == "article", closed.page["signals"][:8]


def test_a_search_popped_open_with_no_dialog_marker_is_its_results(
        browser: Browser, pages_url: str) -> None:
    # (design note 287: VitePress's local search, a fixed combobox wrapper expanded over a
    # backdrop, no dialog role or class; "brake" in its box, its results a list of options)
    url = pages_url + "understanding/search_popped_over_a_guide.html"
    for result in both_reads(browser, url):
        assert result.type == "search_results", result.page["signals"][:8]
    browser.run_in_target("document.querySelector('.popbox').remove();")
    closed = read(browser)
    assert closed.type == "article", closed.page["signals"][:8]
