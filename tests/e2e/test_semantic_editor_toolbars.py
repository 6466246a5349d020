"""An editor's toolbar is no list (issue 31, design note 359): a Django admin's add page
(djangocms-blog, the one-hundred-eighty-first held-out set: dcblog-04) holds two rich-text
editors, each a box of toolbars of "javascript:" links, and a date picker's calendar of links
hidden until it opens; the walk's page tally counted the toolbars as alike rows with links, and
the page read as a list. Our own page, through the extension and the host in Debian Chromium:
the tally's rows of links (`tally.js rowLink`) leave out links to scripts, links in a toolbar,
menu or tab strip, and links nobody sees."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

ROWS_OF_LINKS = "stats:8+ alike rows with links"


def test_editor_toolbars_and_a_hidden_calendar_are_no_rows_of_links(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/makers_workshop_add.html"):
        assert ROWS_OF_LINKS not in fired(result), result.page["signals"][:8]
        assert result.type == "form", result.page["signals"][:8]
