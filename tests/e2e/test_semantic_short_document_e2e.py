"""A short document is an article (issue 31, design note 269: pypiserver's welcome page, a few
short paragraphs of how to use it and three links, was `unknown`): through the extension and
the host in Debian Chromium, from the first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser
from axsnap_host.semantic.short_documents import SIGNAL

pytestmark = pytest.mark.e2e


def test_a_servers_welcome_page_of_short_paragraphs_is_an_article(
        browser: Browser, pages_url: str) -> None:
    url = pages_url + "understanding/short_document_welcome.html"
    for result in both_reads(browser, url):
        assert result.type == "article", result.page["signals"][:8]
        assert SIGNAL in [s["signal"] for s in result.page["signals"]]
