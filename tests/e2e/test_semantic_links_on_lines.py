"""A page of links whose words sit in no paragraph has enough to go on (issue 31, design note
264: pypiserver's package index, the fifty-third held-out set, and gitweb's and cgit's pages of
links in table cells, read as `unknown`): through the extension and the host in Debian
Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_package_index_of_links_on_lines_is_a_list(browser: Browser, pages_url: str) -> None:
    # A heading and seven file links, each ended by a <br>: no paragraph, list item or table.
    for result in both_reads(browser, pages_url + "understanding/list_links_on_lines.html"):
        signals = [s["signal"] for s in result.page["signals"]]
        assert result.type == "list", result.page["signals"][:8]
        assert "learned:no rule decided" in signals
