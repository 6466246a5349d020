"""Posts whose titles reply to the page's own heading are one thread (issue 31, note 245; the
forty-seventh held-out set's miss): a forum topic's posts, each a title over a byline and a
date, read top to bottom as one conversation, not a list of posts.

- a knitting forum's topic "Picking up stitches along a cardigan front": the first post under
  that title, then "Re: Picking up stitches along a cardigan front" by three others, a "Post
  Reply" button (machina-02, read as a list from both reads: its posts are alike cards over
  bylines beside their dates).

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.threads import THREAD_SIGNAL

_HEADING = "picking up stitches along a cardigan front"


def _topic(**changes: Any) -> Features:
    posts = []
    for i, (who, when) in enumerate((("margit", "nov. 2, 2026, 7 p.m."),
                                     ("siobhan", "nov. 3, 2026, midnight"),
                                     ("bertie", "nov. 3, 2026, 5 a.m."),
                                     ("margit", "nov. 3, 2026, 10 a.m."))):
        title = _HEADING if i == 0 else f"re: {_HEADING}"
        posts.append(f" edit {title} by: \n {title} ¶ \n by: {who} on {when} \n {who} posts: 2 \n")
    text = (f"stitch & natter - {_HEADING} \n stitch & natter \n search \n advanced search \n"
            f" forum index \n the circle \n patterns and help \n {_HEADING} \n post reply \n"
            f" subscribe \n" + "".join(posts) + f" post reply subscribe \n {_HEADING}")
    page = Features(search_inputs=1, buttons=1, links=26, div_rows=6, heading_cards=4,
                    list_cards=4, post_bylines=4, dated_headlines=4, reply=2, paragraphs=3,
                    text_chars=781, page_screens=1.0, title=f"stitch & natter - {_HEADING}",
                    own_heading=_HEADING, lead_links=2, said=text, text=text)
    return replace(page, **changes)


def test_posts_replying_to_the_pages_heading_are_one_thread() -> None:
    kind, _, signals = classify(_topic())
    assert kind == "article", signals[:4]
    assert any(s["signal"] == THREAD_SIGNAL for s in signals)
    assert not any(s["type"] == "list" for s in signals), signals


def test_posts_replying_to_other_subjects_are_still_a_list() -> None:
    # (an archive's index of threads: each "Re:" answers a subject of its own, not the page's)
    text = _topic().text.replace(f"re: {_HEADING}", "re: casting on for a raglan sleeve")
    kind, _, signals = classify(_topic(text=text, said=text, own_heading="the circle"))
    assert kind == "list", signals[:4]
    assert not any(s["signal"] == THREAD_SIGNAL for s in signals)
