"""A story dated under its headline (issue 31, note 223): a page whose own heading is a headline
its title repeats, with a line of its date right under it, is one story however little of its
prose a person reads (a photo under it, "See more photos:"), and the dated linked headlines
below it ("You may like these posts") are the site's. A list's heading with its items' dates
under it, each over a heading of its own, stays a list. Each page is our own, through the
extension and the host in Debian Chromium, read from the first screen and from the whole page;
the story read `list` on the old main (the related posts' dated headlines)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.card_lists import DATED_SIGNAL as DATED_LIST
from axsnap_host.semantic.headlines import DATED_SIGNAL as DATED_STORY

pytestmark = pytest.mark.e2e


def test_a_headline_over_its_dateline_is_one_story(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/article_dated_photo_story.html"):
        assert result.type == "article", result.page["signals"][:8]
        assert DATED_STORY in fired(result)
        assert DATED_LIST not in fired(result)


def test_a_lists_heading_over_its_items_dates_stays_a_list(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/news_front_dates_over_headlines.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert DATED_STORY not in fired(result)
