"""A list of cards: alike blocks, each a title of its own over short text (a post's excerpt,
a product's blurb) and a link or button, holding the page's prose (the walker's tally
``list_cards``, extension/lib/walker/src/tally_cards.js); or alike posts, each a title over a
byline ("By Tilo Mitra", a date), holding the page's prose, whatever each post holds under its
title (the tally ``post_bylines``, tally_posts.js): a blog's list of posts.

A person sees a blog's page of posts or a shop's grid of products there, not an article: an
article's sections are headings over long prose of their own. The excerpts are the cards',
so the prose signals count half beside them, as beside a front page's linked teasers.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

CARDS_SIGNAL = "stats:3+ alike cards each a title over short text (a list of posts or products)"
CARDS_WEIGHT = 0.5
POSTS_SIGNAL = "stats:3+ alike posts each a title over a byline (a blog's list of posts)"
POSTS_WEIGHT = 0.5


def asks_nothing(f: Features, panels: bool) -> bool:
    """A page that asks for nothing (no password, no query, few fields) and is no dashboard
    (its panels are cards too)."""
    fields = f.text_inputs - f.search_named + f.passwords + f.textareas + f.selects
    return not panels and f.queries == 0 and not f.passwords and fields < 3


def card_list(f: Features, panels: bool) -> bool:
    """Three cards or more holding the page's prose, on a page that asks for nothing."""
    return f.list_cards >= 3 and asks_nothing(f, panels)


def post_list(f: Features, panels: bool) -> bool:
    """Three posts or more, each a title over a byline, holding the page's prose, on a page
    that asks for nothing."""
    return f.post_bylines >= 3 and asks_nothing(f, panels)


def fire_card_list(fire: Callable[[str, str, float, bool], None], f: Features,
                   panels: bool) -> bool:
    """Fires the list signals of a list of cards and of posts; whether one fired (the prose
    is the cards' or the posts')."""
    cards = card_list(f, panels)
    fire("list", CARDS_SIGNAL, CARDS_WEIGHT, cards)
    posts = post_list(f, panels)
    fire("list", POSTS_SIGNAL, POSTS_WEIGHT, posts)
    return cards or posts
