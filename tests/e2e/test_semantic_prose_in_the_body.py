"""Paragraphs written straight in the body, between headings and empty boxes with no <p> of their
own, are an article's paragraphs (issue 31, design note 365). On the two-hundred-seventh held-out
set tth's note on borrowing a bat group's detectors (TeX turned into HTML, no <p> anywhere) said
no paragraph to the page's tally, no rule decided it and the learnt model read its contents'
links as a list. Our own page (tests/pages/understanding/fellside_detector_notes.html), through
the extension and the host in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_notes_paragraphs_in_the_body_make_it_an_article(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/fellside_detector_notes.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert "stats:3+ paragraphs" in fired(result)
