"""One story under its headline (issue 31, note 193).

A person who lands on a page whose own heading is a headline, the same words its title says,
and finds a story's prose under it reads that story: an article. The lists around it (related
stories, the most read, a lyrics site's other songs, the site's menus) and a comment box at its
foot are the site's, whatever their number; a list page's heading names a collection ("Debian
User Forums", "Projects using Sphinx") over rows and items, not prose of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from axsnap_host.semantic.foot_forms import site_boxes_only
from axsnap_host.semantic.search_pages import search_said

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

STORY_SIGNAL = "stats:a headline its title repeats over a story's prose (one story)"
STORY_WEIGHT = 0.5
DATED_SIGNAL = "stats:a headline its title repeats over its dateline (one story)"
COMMENTED_SIGNAL = "stats:a headline its title repeats over prose and a comment box (one story)"
# A headline says what happened in a clause: four words or more ("Meanwhile: Developments in
# Greece..."); a collection's or a site's name is shorter.
HEADLINE_WORDS = 4
# The story's own prose: this many characters in paragraphs, list items and quotes, one
# paragraph of them at least (a forum's rows hold many characters and no paragraph).
STORY_CHARS = 1500
# A comment box after a story: a box to write in on a page longer than this many screens (a
# short page around such a box is a message form, message_forms.py).
COMMENT_SCREENS = 3.0
_WORD = re.compile(r"\w+")


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def headline(f: Features) -> bool:
    """The page's own heading is a headline of four words or more, and its title says the
    same words (the site's name beside them or not: "... « CBS New York")."""
    heading = _words(f.own_heading)
    return len(heading.split()) >= HEADLINE_WORDS and f" {heading} " in f" {_words(f.title)} "


def comment_box(f: Features) -> bool:
    """The page's fields are a comment box at a long page's foot: a box to write in beside a
    few fields of the writer's, no password, card or query."""
    return (f.textareas >= 1 and not f.passwords and not f.card_fields and f.queries == 0
            and f.page_screens > COMMENT_SCREENS)


def headline_alone(f: Features, panels: bool) -> bool:
    """A headline its title repeats on a page that is no dashboard, holds no query, says no
    search's results ("Search results for ...": its prose is their snippets) and asks no more
    than the site's own small boxes or a comment box."""
    fields = f.text_inputs - f.search_named + f.passwords + f.textareas + f.selects
    asks = fields >= 3 and not site_boxes_only(f) and not comment_box(f)
    return (headline(f) and f.queries == 0 and not search_said(f) and not panels
            and not asks)


def headline_story(f: Features, panels: bool) -> bool:
    """A headline alone (:func:`headline_alone`) over a story's prose (1,500 characters or
    more, a paragraph at least): one story, its lists the site's."""
    return headline_alone(f, panels) and f.text_chars >= STORY_CHARS and f.paragraphs >= 1


def dated_story(f: Features, panels: bool) -> bool:
    """A headline alone (:func:`headline_alone`) with a line of its date right under it (the
    walker's ``own_dated``: "October 06, 2018", "June 8, 2012 6:14 AM"): one story dated as it
    was published, however little of its prose is read (a picture under it, the rest below the
    first screen); a collection's heading has no date of its own (note 223)."""
    return headline_alone(f, panels) and f.own_dated >= 1


def commented_story(f: Features, panels: bool) -> bool:
    """A headline alone (:func:`headline_alone`) over a paragraph of prose at least, its fields
    a comment box with a Reply beside it (:func:`comment_box`: "Leave a Reply", "Post
    Comment"): one story and the form for answering it, however little of the story's prose the
    read holds (note 246)."""
    return (headline_alone(f, panels) and comment_box(f) and f.reply >= 1
            and f.paragraphs >= 1)


def fire_headline_story(fire: Callable[[str, str, float, bool], None], f: Features,
                        panels: bool) -> bool:
    """Fires the one-story signal (or, with less prose, the dated headline's); whether one
    fired (the page's lists are then no list page's, its linked headings no front page's)."""
    story = headline_story(f, panels)
    fire("article", STORY_SIGNAL, STORY_WEIGHT, story)
    dated = not story and dated_story(f, panels)
    fire("article", DATED_SIGNAL, STORY_WEIGHT, dated)
    commented = not story and not dated and commented_story(f, panels)
    fire("article", COMMENTED_SIGNAL, STORY_WEIGHT, commented)
    return story or dated or commented
