"""A headline its title repeats over prose and a comment box is one story (issue 31, note 246;
the forty-seventh held-out set's miss): the box to write in, the writer's name, email and
website fields and "Post Comment" are the form for answering the post, not the page's purpose.

- a society's blog post "Saving tomato seed from this year's crop": five paragraphs, the post
  short enough that its first screen ends at "Leave a Reply" with its fields (wordpress-01,
  read as a form from the first screen: 942 characters of prose, under the 1,500 a story's
  prose needs, and four fields; the whole page read an article).

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.headlines import COMMENTED_SIGNAL

_HEADING = "saving tomato seed from this year’s crop"


def _post(**changes: Any) -> Features:
    text = (f"{_HEADING} - hollin lane allotments \n hollin lane allotments \n"
            f" about the society \n {_HEADING} \n {_HEADING}")
    page = Features(text_inputs=3, textareas=1, checkboxes=1, links=2, long_items=1,
                    prose_sections=1, teaser_heads=1, forms=1, reply=1, list_items=3,
                    paragraphs=5, text_chars=942, result_blocks=1,
                    page_screens=3.690885072655218,
                    title=f"{_HEADING} - hollin lane allotments", own_heading=_HEADING,
                    said=text, text=text)
    return replace(page, **changes)


def test_a_post_over_its_comment_box_is_an_article() -> None:
    kind, _, signals = classify(_post())
    assert kind == "article", signals[:4]
    assert any(s["signal"] == COMMENTED_SIGNAL for s in signals)


def test_a_box_to_write_in_with_no_reply_is_no_comment_box() -> None:
    # (fields and a box to write in under a headline, nothing answering it: a form of its own)
    signals = classify(_post(reply=0))[2]
    assert not any(s["signal"] == COMMENTED_SIGNAL for s in signals)


def test_a_short_page_around_the_box_is_a_message_form() -> None:
    # (a page of under three screens around such a box is a message to the site: note 194)
    signals = classify(_post(page_screens=1.5))[2]
    assert not any(s["signal"] == COMMENTED_SIGNAL for s in signals)
