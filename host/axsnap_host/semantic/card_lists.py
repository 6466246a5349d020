"""A list of cards: alike blocks, each a title of its own over short text (a post's excerpt,
a product's blurb) and a link or button, holding the page's prose (the walker's tally
``list_cards``, extension/lib/walker/src/tally_cards.js); or alike posts, each a title over a
byline ("By Tilo Mitra", a date), holding the page's prose, whatever each post holds under its
title (the tally ``post_bylines``, tally_posts.js): a blog's list of posts; or alike items,
each a linked title over a paragraph of its own (the tally ``described_items``,
tally_described.js): a list of things each described; or alike short
boxes, each a linked heading and a control of its own ("Details"), no prose (the tally
``titled_items``, tally_items.js): open positions, events.

A person sees a blog's page of posts or a shop's grid of products there, not an article: an
article's sections are headings over long prose of their own. The excerpts are the cards',
so the prose signals count half beside them, as beside a front page's linked teasers.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.foot_forms import site_boxes_only
from axsnap_host.semantic.keywords import title_hits
from axsnap_host.semantic.page_features import Features
from axsnap_host.semantic.search_pages import search_named
from axsnap_host.semantic.threads import THREAD_SIGNAL, THREAD_WEIGHT, replies_to_own_heading

CARDS_SIGNAL = "stats:3+ alike cards each a title over short text (a list of posts or products)"
CARDS_WEIGHT = 0.5
POSTS_SIGNAL = "stats:3+ alike posts each a title over a byline (a blog's list of posts)"
POSTS_WEIGHT = 0.5
DATED_SIGNAL = "stats:3+ linked headlines each beside its date, no article body (a front page)"
DATED_WEIGHT = 0.5
ITEMS_SIGNAL = "stats:5+ alike short boxes each a linked heading and a control (a list of items)"
ITEMS_WEIGHT = 0.45
DESCRIBED_SIGNAL = "stats:5+ alike items each a linked title over its paragraph (a list)"
DESCRIBED_WEIGHT = 0.55  # (no long text beside them: the prose is all theirs)
ARTICLES_SIGNAL = "stats:4+ <article> posts, no long text of one and no query (a blog's front page)"
ARTICLES_WEIGHT = 0.45


def asks_nothing(f: Features, panels: bool) -> bool:
    """A page that asks for nothing (no password, no query, few fields; or no more than a
    site's own small boxes, foot_forms.py), says no words it was searched for (its box
    emptied: "Entries for search "hive"", note 332) and is no dashboard (its panels are cards
    too)."""
    fields = f.text_inputs - f.search_named + f.passwords + f.textareas + f.selects
    return not panels and f.queries == 0 and not search_named(f) and (
        (not f.passwords and fields < 3) or site_boxes_only(f))


def card_list(f: Features, panels: bool) -> bool:
    """Three cards or more holding the page's prose, on a page that asks for nothing and
    counts no search's results over them (a line counting them: the cards are the results)."""
    return (f.list_cards >= 3 and asks_nothing(f, panels) and not f.results_for
            and not f.results_under_search)


def post_list(f: Features, panels: bool) -> bool:
    """Three posts or more, each a title over a byline, holding the page's prose, on a page
    that asks for nothing. (A blog's sidebar widgets, an archive and a tag cloud beside no
    chart, stat tiles or figures, are no dashboard's panels beside its posts.)"""
    drawn = f.charts >= 1 or f.metrics >= 3 or f.figure_tiles >= 3
    return f.post_bylines >= 3 and asks_nothing(f, panels and drawn)


def described_list(f: Features, panels: bool) -> bool:
    """Five items or more of one kind, each a linked title over a paragraph of its own and
    holding the page's prose, no long text beside them (the walker's ``described_items``,
    tally_described.js: an e-book's blurb, a post's excerpt over "Read More"), on a page that
    asks for nothing and counts no search's results: a list of things each described."""
    return (f.described_items >= 5 and asks_nothing(f, panels) and f.compose == 0
            and not f.results_for and not f.results_under_search and not _results_titled(f))


def _results_titled(f: Features) -> bool:
    """A search box under a title naming a search's results ("Search results for ..."): the
    items are the results, their paragraphs the snippets."""
    return f.search_inputs + f.search_named >= 1 and any(
        w not in ("results", "items") for w in title_hits("search_results", f.title))


def dated_list(f: Features, panels: bool) -> bool:
    """Three linked headlines or more, each beside a line of its date ("May 12, 2023"), no
    long text of one story (three long paragraphs under one parent), on a page that asks for
    nothing and is no mailbox, no search box over result headings (dated results): a blog's or
    a newsroom's front page, a list of its posts."""
    return (f.dated_headlines >= 3 and f.prose_run < 3 and f.long_blocks < 3
            and f.compose == 0 and asks_nothing(f, panels)
            and not (f.search_inputs and f.result_blocks >= 5))


def item_list(f: Features, panels: bool) -> bool:
    """Five short boxes or more of one kind, each a linked heading and a control of its own
    ("Details"), no paragraph of prose (open positions, events), no long text of one story, on
    a page that asks for nothing and is no search's results (a result's title and its "Cached"
    link; a line counting results over them) or mailbox."""
    return (f.titled_items >= 5 and f.prose_run < 3 and f.long_blocks < 3 and f.compose == 0
            and asks_nothing(f, panels) and not (f.search_inputs and f.result_blocks >= 5)
            and not f.results_for and not f.results_under_search)


def article_posts(f: Features, panels: bool) -> bool:
    """Four ``<article>`` elements or more, no long text of one story (three long paragraphs
    under one parent, or three long blocks) unless the prose is spread over four of them or
    more, none holding half of it (posts shown whole: the tally's ``article_posts``, note 288),
    no chart, figures or widgets, on a page that asks for nothing, holds no query and counts no
    results: each element a post the site wrote as an article of its own (a blog's front page),
    its heading a post's title, no search's result, though a sidebar's search box sits beside
    them (note 155)."""
    short = f.prose_run < 3 and f.long_blocks < 3
    return (f.articles >= 4 and (short or f.article_posts >= 4) and f.compose == 0
            and f.charts == 0 and f.metrics < 3 and f.widgets < 3 and f.figure_tiles < 3
            and asks_nothing(f, panels) and not f.results_for and not f.results_under_search)


def fire_card_list(fire: Callable[[str, str, float, bool], None], f: Features,
                   panels: bool) -> bool:
    """Fires the list signals of a list of cards and of posts; whether one fired (the prose
    is the cards' or the posts'). Posts whose titles reply to the page's own heading are one
    thread's (threads.py, note 245): the list signals stand down and an article's fires."""
    cards = card_list(f, panels)
    posts = post_list(f, panels)
    dated = dated_list(f, panels)
    items = item_list(f, panels)
    described = described_list(f, panels)
    posted = article_posts(f, panels)
    listed = cards or posts or dated or items or described or posted
    thread = listed and replies_to_own_heading(f)
    fire("article", THREAD_SIGNAL, THREAD_WEIGHT, thread)
    fire("list", CARDS_SIGNAL, CARDS_WEIGHT, cards and not thread)
    fire("list", POSTS_SIGNAL, POSTS_WEIGHT, posts and not thread)
    fire("list", DATED_SIGNAL, DATED_WEIGHT, dated and not thread)
    fire("list", ITEMS_SIGNAL, ITEMS_WEIGHT, items and not thread)
    fire("list", DESCRIBED_SIGNAL, DESCRIBED_WEIGHT, described and not thread)
    fire("list", ARTICLES_SIGNAL, ARTICLES_WEIGHT, posted and not thread)
    return listed and not thread
