"""One thread of replies: posts under the page's own heading whose titles answer it ("Re:
Picking up stitches along a cardigan front" under "Picking up stitches along a cardigan
front"), a forum topic or a mailing list's thread (design note 245).

A person reads such posts top to bottom as one conversation under its subject, not a list of
different items: each post after the first replies to the page's own heading. The posts'
titles, bylines and dates make them alike cards (card_lists.py), so without this rule a
forum topic reads as a blog's list of posts.
"""

from __future__ import annotations

import re

from axsnap_host.semantic.page_features import Features

THREAD_SIGNAL = "stats:posts whose titles reply to the page's own heading (one thread)"
THREAD_WEIGHT = 0.5
_LEAST_HEADING = 8  # (characters: "Re: Help" under "Help" says too little)


def replies_to_own_heading(f: Features) -> bool:
    """A line of the page's text holds "Re:" followed by the page's own heading: a post that
    answers the subject the page is headed by."""
    heading = " ".join(f.own_heading.split())
    if len(heading) < _LEAST_HEADING:
        return False
    pattern = re.compile(r"(?:^|\s)re:\s*" + re.escape(heading) + r"(?:\s|$)")
    return any(pattern.search(" ".join(line.split())) for line in f.text.split("\n"))
