"""Fields in a panel folded shut by its overflow clip (`max-height: 0; overflow: hidden`: an
accordion, Whoogle's configuration under its search box, the one-hundred-seventy-third
held-out set) are none a person fills until it opens: the walk's page tally left them in, so a
search home with a folded settings panel read as a form of eight fields. Our own page, through
the extension and the host in Debian Chromium; the panel opened in the page, its fields count."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/search_home_folded_settings.html"
FIELDS = "form:3+ fields, no sign-up, card or message"
SELECTS = "form:several selects"


def test_a_folded_panels_fields_are_not_the_pages_form(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.type != "form", result.page["signals"][:8]
        assert FIELDS not in fired(result) and SELECTS not in fired(result)


def test_the_same_panel_opened_shows_its_fields(browser: Browser, pages_url: str) -> None:
    read(browser, pages_url + PAGE)
    browser.run_in_target("document.querySelector('.panel').style.maxHeight = 'none'")
    opened = read(browser, None, viewport_only=False)
    assert FIELDS in fired(opened) or SELECTS in fired(opened), opened.page["signals"][:8]
