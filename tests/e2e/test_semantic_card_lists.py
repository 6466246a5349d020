"""A page that is a list of cards (issue 31): alike blocks, each a title of its own over a short
excerpt and a "Read more" link, the page's prose all in them, read as a list, not as an article
in sections. An article's sections (headings over long prose of their own) stay an article.
Each page is our own, through the extension and the host in Debian Chromium, read from the
first screen and from the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.card_lists import CARDS_SIGNAL

pytestmark = pytest.mark.e2e

SECTIONS = "stats:3+ unlinked headings each over prose (a document in sections)"


def test_post_cards_each_a_title_over_an_excerpt_are_a_list(
        browser: Browser, pages_url: str) -> None:
    # "Field Notes": four <article class=post-card> blocks, each an unlinked <h3>, an author
    # and a date, an excerpt of about 220 characters and "Read more", a quote box between them,
    # a sidebar of categories. The old main read an article: each heading over a paragraph
    # fired "a document in sections", and the excerpts "3+ paragraphs".
    for result in both_reads(browser, pages_url + "understanding/blog_post_cards.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert fired(result)[CARDS_SIGNAL] == 0.5
        assert SECTIONS not in fired(result)


def test_an_articles_sections_are_no_list_of_cards(
        browser: Browser, pages_url: str) -> None:
    # A documentation page's headings over long prose of their own, a manual's sections: the
    # rule silent, articles still.
    for page in ("docs_sections_swatches.html", "manual_page_sections.html"):
        for result in both_reads(browser, pages_url + "understanding/" + page):
            assert result.type == "article", (page, result.page["signals"][:8])
            assert CARDS_SIGNAL not in fired(result), page
