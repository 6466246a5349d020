"""A blog's front page showing its posts whole, each an <article> under its linked title, none
holding half the prose, is a list of posts, not an article (issue 31, design note 288: the
sixty-fourth held-out set's hexo-01, Hexo's default theme, read as an article); a story over
its comments, each comment an <article> with no title, stays an article. Through the extension
and the host in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.card_lists import ARTICLES_SIGNAL

pytestmark = pytest.mark.e2e


def test_posts_shown_whole_are_a_list(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/blog_posts_whole_as_articles.html"
    for result in both_reads(browser, page):
        assert result.type == "list", result.page["signals"][:8]
        assert ARTICLES_SIGNAL in fired(result)


def test_a_story_over_its_comments_is_an_article(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/post_over_comment_articles.html"
    for result in both_reads(browser, page):
        assert result.type == "article", result.page["signals"][:8]
        assert ARTICLES_SIGNAL not in fired(result)
