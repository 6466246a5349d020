"""The site's own small forms beside a page's matter (issue 31, note 155), each page our own,
modelled on the thirty-second held-out set's misses, read through the extension and the host in
Debian Chromium from the first screen and from the whole page; each read otherwise on the old
main:

- a forum's board index, eighteen forum rows (three with a long description) and a "Login" box
  of a user name and a password after them, screens down: a list (old: login);
- seven stories, each a linked heading over a byline and its teaser, beside a sidebar's sign-in
  box and poll: a list (old: article);
- six blog posts, each an ``<article>`` of a linked title, a date line and a short entry, beside
  a sidebar's search box: a list (old: search_results)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

LOGIN = "form:one password field, few inputs"
FRONT = "stats:5+ linked headings over short teasers (a front page of posts)"
BULLETS = "stats:3+ long list items (prose in bullets)"
POSTS = "stats:4+ <article> posts, no long text of one and no query (a blog's front page)"


def test_a_sign_in_box_at_a_board_indexs_foot_is_the_sites(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/foot_sign_in_board_index.html"):
        assert result.type == "list", result.page["signals"][:8]
        signals = fired(result)
        # (the box counts less below screens of boards, in the window read too: the walker's
        # tally says where it is; the long descriptions are no prose in bullets)
        assert signals[LOGIN] == pytest.approx(0.24)
        assert BULLETS not in signals


def test_story_teasers_beside_a_sidebar_sign_in_box_are_a_list(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/side_sign_in_story_teasers.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert FRONT in fired(result)


def test_article_posts_beside_a_sidebar_search_box_are_a_list(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/article_posts_sidebar_search.html"):
        assert result.type == "list", result.page["signals"][:8]
        signals = fired(result)
        assert POSTS in signals
        # (the posts' titles are no search's results: the box's signal counts half, and half
        # again as nothing says a search was made, note 188)
        assert signals["form:a search box over results"] == pytest.approx(0.0875)
