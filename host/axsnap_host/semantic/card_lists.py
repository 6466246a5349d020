"""A list of cards: alike blocks, each a title of its own over short text (a post's excerpt,
a product's blurb) and a link or button, holding the page's prose (the walker's tally
``list_cards``, extension/lib/walker/src/tally_cards.js).

A person sees a blog's page of posts or a shop's grid of products there, not an article: an
article's sections are headings over long prose of their own. The excerpts are the cards',
so the prose signals count half beside them, as beside a front page's linked teasers.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

CARDS_SIGNAL = "stats:3+ alike cards each a title over short text (a list of posts or products)"
CARDS_WEIGHT = 0.5


def card_list(f: Features, panels: bool) -> bool:
    """Three cards or more holding the page's prose, on a page that asks for nothing (no
    password, no query, few fields) and is no dashboard (its panels are cards too)."""
    fields = f.text_inputs - f.search_named + f.passwords + f.textareas + f.selects
    return (f.list_cards >= 3 and not panels and f.queries == 0 and not f.passwords
            and fields < 3)


def fire_card_list(fire: Callable[[str, str, float, bool], None], f: Features,
                   panels: bool) -> bool:
    """Fires the list signal of a list of cards; whether it fired (the prose is the cards')."""
    cards = card_list(f, panels)
    fire("list", CARDS_SIGNAL, CARDS_WEIGHT, cards)
    return cards
