""""Spam" alone is no word of mail (issue 31, note 233; the forty-seventh held-out set's
miss): comments, reviews and posts held for moderation are marked spam too, and a mailbox
names its other folders or its unread beside it.

- a blog's comment moderation list: "All (5) | Mine (0) | Pending (1) | Approved (4) |
  Spam (0) | Trash (0)" over a table headed "Author, Comment, In response to, Submitted on",
  a checkbox on each comment's row, bulk actions and a filter (wordpress-03, read as an
  inbox from both reads: its rows with checkboxes under the word "spam").

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.classify import Features, classify


def _comments(**changes: Any) -> Features:
    text = ("comments (1) ‹ hollin lane allotments - wordpress \n dashboard \n posts \n media \n"
            " pages \n comments 1 1 comment in moderation \n appearance \n settings \n all (5) | \n"
            " mine (0) | \n pending (1) | \n approved (4) | \n spam (0) | \n trash (0) \n"
            " search comments: \n select bulk action \n apply \n filter by comment type \n"
            " filter \n 5 items \n select all author comment in response to submitted on \n"
            " select comment \n ned farrow \n is the bank account the same as last year? \n"
            " rent renewals for 2027 \n view post \n 2026/12/01 at 8:12 am \n select comment \n"
            " harriet coombe \n can i bring seed potatoes, or is it seeds only? \n"
            " seed swap and soup lunch \n view post \n 2026/11/21 at 9:30 am \n comments")
    page = Features(search_inputs=1, checkboxes=7, selects=3, buttons=6, links=44, div_rows=9,
                    action_rows=8, column_heads=4, heading_cards=2, prose_sections=1, forms=1,
                    reply=1, list_items=6, linked_items=6, paragraphs=1, text_chars=906,
                    tables=2, rows=9, row_checkboxes=7, page_screens=1.26,
                    title="comments (1) ‹ hollin lane allotments - wordpress",
                    own_heading="comments", lead_links=1, said=text, text=text)
    return replace(page, **changes)


def test_rows_of_comments_beside_spam_are_a_list() -> None:
    kind, _, signals = classify(_comments())
    assert kind == "list", signals[:4]
    assert not any(s["signal"] == "stats:rows with checkboxes" for s in signals)


def test_spam_beside_a_mailboxs_folders_is_still_mail() -> None:
    text = _comments().text.replace("trash (0)", "trash (0) \n inbox (3) \n drafts (1)")
    signals = classify(_comments(text=text, said=text))[2]
    assert any(s["signal"] == "stats:rows with checkboxes" for s in signals)
