"""A mail client's pages from its rows and fields: a mailbox (rows with checkboxes under words
of mail), a mail being written (whom it goes to and its subject).

A mailbox lists messages; it draws no chart. Rows with checkboxes beside a chart are a
dashboard's table or its options ("Click per object"), whatever a side menu's "Inbox" and
"Spam" links say: a person sees an analytics page with a mail app's menu, no inbox.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.keywords import keyword_hits
from axsnap_host.semantic.page_features import Features
from axsnap_host.semantic.record_tables import long_records


def ticked_rows(f: Features) -> bool:
    """Four rows or more with a checkbox each, no chart beside them (a mailbox's or a table of
    records')."""
    return f.row_checkboxes >= 4 and f.charts == 0


def is_mailbox(f: Features) -> bool:
    """Rows with checkboxes under a word of mail or beside a compose control, no chart.
    "Spam" alone is no word of mail: comments, reviews and posts held for moderation are
    marked spam too (a blog's comments beside "Pending | Approved | Spam | Trash"); a
    mailbox names its other folders or its unread beside it (note 233)."""
    words = [w for w in keyword_hits("email_inbox", f.text) if w != "spam"]
    return ticked_rows(f) and bool(f.compose or words)


def fire_writing(fire: Callable[[str, str, float, bool], None], f: Features, contact: bool,
                 mailbox: bool) -> bool:
    """Fires the signals of a mail being written; whether its fields name a recipient and a
    subject over a body drawn as rich text."""
    # (a mailbox's own rows beside it: the mail client's compose box, the page its inbox)
    # (a subject and a message naming no recipient go to the site: a review, a contact form)
    # (beside a long table of records: the site's "share this page" box at its foot)
    fire("email_compose", "form:to/subject fields with a message body",
         0.65 * (0.5 if mailbox or long_records(f) else 1.0),
         f.to_subject >= 1 and f.textareas >= 1 and f.recipients >= 1 and not contact)
    # Whom it goes to and its subject asked over a body drawn as rich text (no <textarea>), no
    # mailbox's rows: a mail being written; the client's menu and Reply beside it are its own.
    written = f.recipients >= 1 and f.to_subject > f.recipients and not f.textareas and not mailbox
    fire("email_compose", "form:a recipient and a subject asked, the body no text box", 0.45,
         written and not f.passwords)
    return written
