"""Twins alike in every word told apart by what a person sees of them (issue 31, design note
94, fifth part), through the extension and the host in Debian Chromium: a blog's post cards
alike in title, date and destination, under "Latest Posts" and again under "All Posts", named
by their section's heading and their card's picture (coast-01.jpg ...), not by the card before
each (note 333); a footer's two "Follow
us" buttons by the icon each draws (Twitter's, Dribbble's). Only the cards alike in all of it
(three "Recent Posts" cards, no picture) are numbered, over the whole page. Every id is the
same in the first screen, the whole page, after a scroll to the end (the "All Posts" cards,
twins of the first ones, scroll into view) and after an element is added above."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_cards_seen_apart.html"
# Each card by its section's heading and its picture: the card before it in its row, which
# changes when a card is added before it, is said only where nothing else parts them (note 333).
CARDS = {f"link_{kind}_under_{section}_coast0{n}"
         for kind in ("image_in_main_to_post", "a_weekend_on_the_coast_in_main_to_post")
         for section, pictures in [("latest_posts", range(1, 7)), ("all_posts", (1, 2, 3, 5))]
         for n in pictures}
FOLLOW = {"btn_follow_us_near_thank_you_for_reading_with_twitter",
          "btn_follow_us_near_thank_you_for_reading_with_dribbble"}
ADD_SECTION = """
document.querySelector('main').insertAdjacentHTML('afterbegin', '<section class="posts">'
  + '<h2>Editor\\'s Pick</h2><div class="row"><div class="post"><a href="pick.html"><img '
  + 'src="pictures/harbour-01.jpg" alt="Image"></a><h3><a href="pick.html">Harbour lights</a>'
  + '</h3><a href="pick.html" class="btn">Read Article</a></div></div></section>');
window.scrollTo(0, 0);
"""
ADD_NOTE = """
document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>New posts every '
  + 'Friday: <a href="subscribe.html">subscribe to the journal</a></p>');
window.scrollTo(0, 0);
"""


def counted(result: PageResult) -> dict[str, dict[str, object]]:
    """Each id holding a number among twins alike in everything (``relations.alike``)."""
    return {e["id"]: e["relations"]["alike"] for e in result.elements
            if e["relations"].get("alike")}


def kept_in_every_read(browser: Browser, url: str, add_above: str) -> tuple[
        set[str], dict[str, dict[str, object]]]:
    """The whole page's ids and its numbered ones, after checking each element keeps its id
    in the first screen, after a scroll to the end and after ``add_above``."""
    first = read(browser, url)
    whole = read(browser, viewport_only=False)
    ids_stay(browser, first, whole, add_above)
    return set(ids_by_node(whole).values()), counted(whole)


def test_post_cards_alike_in_words_are_named_by_section_and_picture(
        browser: Browser, pages_url: str) -> None:
    said, numbered = kept_in_every_read(browser, pages_url + PAGE, ADD_SECTION)
    assert said >= CARDS, (sorted(CARDS - said), sorted(said))
    # (only the three "Recent Posts" cards, alike in all a person sees, are numbered: the
    # second and third, after a card alike, over the whole page)
    assert numbered and all("recent_posts" in i and n["over"] == "page"
                            for i, n in numbered.items()), numbered
    assert len(numbered) == 4, numbered  # (their titles and their "Read Article" links)


def test_follow_buttons_alike_in_name_are_named_by_their_icons(
        browser: Browser, pages_url: str) -> None:
    said, numbered = kept_in_every_read(browser, pages_url + PAGE, ADD_NOTE)
    assert said >= FOLLOW, sorted(said)
    assert not [i for i in numbered if i.startswith("btn_")], numbered
