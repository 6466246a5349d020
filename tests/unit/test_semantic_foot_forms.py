"""The site's own small forms beside a page's matter (issue 31, note 155), read on a page's
features: a sign-in box at the foot of a board index, a few long rows among many, a sidebar's
sign-in box beside a front page of teasers."""

from __future__ import annotations

from axsnap_host.semantic.card_lists import ARTICLES_SIGNAL
from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.foot_forms import (
    FOOT_LIST_SIGNAL,
    bullets,
    login_depth,
    sign_in_at_foot,
    site_boxes_only,
)

LOGIN = "form:one password field, few inputs"
FRONT = "stats:5+ linked headings over short teasers (a front page of posts)"


def _board(**changes: object) -> Features:
    # A forum's board index: 24 forum rows, three of them with a long description, and a
    # "Login" box of a user name and a password after three screens of them.
    f = Features(passwords=1, text_inputs=1, checkboxes=1, buttons=1, forms=1, login_forms=1,
                 links=60, list_items=24, linked_items=2, long_items=3, div_rows=8,
                 paragraphs=1, long_blocks=0, text_chars=2400, page_screens=3.6,
                 login_depth=3.3, title="pinecone forums - board index",
                 text="forums topics posts login username password",
                 said="forums topics posts login username password")
    for key, value in changes.items():
        setattr(f, key, value)
    return f


def _front(**changes: object) -> Features:
    # A front page of seven stories, each a linked heading over a byline and its teaser, with
    # a sign-in box and a poll in the sidebar.
    f = Features(passwords=1, text_inputs=1, radios=3, buttons=2, forms=2, login_forms=1,
                 links=30, teaser_heads=7, result_blocks=7, long_blocks=7, paragraphs=14,
                 text_chars=2600, prose_run=1, post_bylines=7, described_items=7,
                 page_screens=3.0, login_depth=0.3, title="admin notes",
                 text="admin notes posted by read the rest members user name password log in",
                 said="admin notes posted by members user name password log in")
    for key, value in changes.items():
        setattr(f, key, value)
    return f


def test_the_tallys_login_top_is_screens_down() -> None:
    assert login_depth({"login_top": 1800}, 600.0) == 3.0
    for tally in ({}, {"login_top": None}, {"login_top": True}, {"login_top": "1800"}):
        assert login_depth(tally, 600.0) == 0.0
    assert login_depth({"login_top": 1800}, 0.0) == 0.0


def test_a_sign_in_box_at_a_board_index_foot_is_the_sites() -> None:
    f = _board()
    assert sign_in_at_foot(f)
    kind, _, signals = classify(f)
    assert kind == "list", signals[:5]
    weights = {s["signal"]: s["weight"] for s in signals}
    assert weights[LOGIN] == 0.6 * 0.4
    assert FOOT_LIST_SIGNAL in weights


def test_a_sign_in_box_where_the_person_lands_is_a_sign_in() -> None:
    # (the first screens, or the page's first part, or beside a sign-up: the page's own form)
    for changes in ({"login_depth": 1.2}, {"login_depth": 2.2, "page_screens": 6.0},
                    {"signup_forms": 1}, {"passwords": 2}):
        assert not sign_in_at_foot(_board(**changes)), changes
    f = _board(login_depth=0.4, list_items=4, long_items=0, div_rows=0)
    kind, _, signals = classify(f)
    assert kind == "login"
    assert FOOT_LIST_SIGNAL not in {s["signal"] for s in signals}


def test_a_few_long_rows_among_many_are_entries_no_prose_in_bullets() -> None:
    assert bullets(_board()) == 0
    # (few items, many long ones, or a page of paragraphs: its long items are prose still)
    assert bullets(_board(list_items=8)) == 3
    assert bullets(_board(long_items=13)) == 13  # (more than half of 24: note 192)
    assert bullets(_board(paragraphs=8)) == 3


def test_a_sidebar_sign_in_box_beside_teasers_leaves_a_front_page() -> None:
    f = _front()
    assert site_boxes_only(f)
    kind, _, signals = classify(f)
    assert kind == "list", signals[:5]
    assert FRONT in {s["signal"] for s in signals}


def test_more_than_a_sites_boxes_asks_something_of_its_own() -> None:
    # (a sign-up, a message to write, a card, five fields: the page asks them)
    for changes in ({"passwords": 2}, {"signup_forms": 1}, {"confirm": True}, {"textareas": 1},
                    {"card_fields": 1}, {"text_inputs": 4}):
        assert not site_boxes_only(_front(**changes)), changes
    # (a search box and a newsletter's address are the site's too)
    assert site_boxes_only(_front(text_inputs=4, search_named=1, newsletter_fields=1))


def test_article_posts_beside_a_search_box_are_a_blogs_front_page() -> None:
    f = Features(search_inputs=1, links=40, articles=6, result_blocks=6, paragraphs=6,
                 text_chars=900, prose_run=1, sidebar=True, page_screens=3.0,
                 title="a wedding diary", text="a wedding diary search archives comments",
                 said="a wedding diary search archives comments")
    kind, _, signals = classify(f)
    assert kind == "list", signals[:5]
    assert ARTICLES_SIGNAL in {s["signal"] for s in signals}
    # (a query held, a long story, a chart: a search's results, an article, a dashboard)
    for changes in ({"queries": 1}, {"prose_run": 3}, {"charts": 1}):
        g = Features(**{**f.__dict__, **changes})
        assert ARTICLES_SIGNAL not in {s["signal"] for s in classify(g)[2]}, changes
