"""A mail client's pages from its rows and fields: a mailbox (rows with checkboxes under words
of mail, or messages each shown by its sender's name and address), a mail being written (whom
it goes to and its subject).

A mailbox lists messages; it draws no chart. Rows with checkboxes beside a chart are a
dashboard's table or its options ("Click per object"), whatever a side menu's "Inbox" and
"Spam" links say: a person sees an analytics page with a mail app's menu, no inbox.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import keyword_hits
from axsnap_host.semantic.mail_archives import (
    MESSAGE_SIGNAL,
    MESSAGE_WEIGHT,
    archive_index,
    archived_message,
)
from axsnap_host.semantic.page_features import Features
from axsnap_host.semantic.record_tables import long_records

SENDERS_SIGNAL = "stats:4+ lines each naming a sender and address (a list of mail)"
HEADS_SIGNAL = "table:heads naming a sender and a subject, no query (a list of mail)"
FOUND_SIGNAL = "table:heads naming a sender and a subject under a query (the mails a search found)"
FOLDERS_SIGNAL = "stats:4+ alike rows beside the folders Inbox and Sent (a mailbox)"
FOLDERS_WEIGHT = 0.45
_INBOX = re.compile(r"\binbox\b")
_SENT = re.compile(r"\bsent\b")
# A sender as a mail shows it: a name and the address in angle brackets ("Plot 12 <p@x.org>").
_SENDER = re.compile(r"<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>")


def listed_senders(f: Features) -> bool:
    """Four lines or more of the page, each naming a sender by name and address in angle
    brackets, two senders or more, and no field asking whom to write to: a list of messages
    (a mail catcher's or a mail archive's), shown with or without row checkboxes or a compose
    control. A mail being written names its recipients that way in its fields' chips."""
    lines = {line for line in f.text.splitlines() if _SENDER.search(line)}
    senders = {found for line in lines for found in _SENDER.findall(line)}
    return len(lines) >= 4 and len(senders) >= 2 and not (f.recipients or f.to_subject)


def fire_mail_client(fire: Callable[[str, str, float, bool], None], f: Features,
                     written: bool) -> bool:
    """Fires a mail client's signals: compose beside reply or forward controls with no message
    being written, messages listed by their senders, or a table headed by a mail's sender and
    subject with no query held. The same table under a query held is the mails a search
    found, its results, whatever folder the title names ("Inbox (4)" over a search for "plot":
    CiderWebmail, design note 307). Whether a mail client's signal holds (the prose beside it
    is the open message, no article)."""
    client = f.compose >= 1 and f.reply >= 1 and not ((f.to_subject and f.textareas) or written)
    fire("email_inbox", "app:compose with reply or forward (a mail client)", 0.5, client)
    listed = listed_senders(f) and not client and not archive_index(f)
    fire("email_inbox", SENDERS_SIGNAL, 0.5, listed)
    fire("article", MESSAGE_SIGNAL, MESSAGE_WEIGHT, archived_message(f))  # (mail_archives.py)
    headed = headed_mail(f) and not (client or listed)
    fire("email_inbox", HEADS_SIGNAL, 0.5, headed)
    folders = folders_over_rows(f) and not (client or listed or headed)
    fire("email_inbox", FOLDERS_SIGNAL, FOLDERS_WEIGHT, folders)
    fire("search_results", FOUND_SIGNAL, 0.3, f.mail_heads and f.queries >= 1 and not f.to_subject)
    return client or listed or headed


def folders_over_rows(f: Features) -> bool:
    """Four alike rows or more beside the words Inbox and Sent (a mailbox's folders), no mail
    being written and no query held: the messages of a mailbox, however drawn (Rio's desk
    inbox: a subject over its sender, date and first line a row, no checkbox; note 340). A
    story's "sent to your inbox" beside its prose is no mailbox."""
    text = f.text.lower()
    rows = max(f.div_rows, f.rows)
    return (rows >= 4 and bool(_INBOX.search(text)) and bool(_SENT.search(text))
            and f.long_blocks < 3 and not (f.to_subject or f.recipients or f.queries))


# Words of a mailbox that say nothing of mail alone: comments, reviews and posts held for
# moderation are marked spam (note 233); review requests, posts and records are archived (the
# sixty-fifth held-out set's Review Board dashboard: "Archive", "Show archived", note 289).
_NOT_MAIL_ALONE = frozenset({"spam", "archive"})


def ticked_rows(f: Features) -> bool:
    """Four rows or more with a checkbox each, no chart beside them (a mailbox's or a table of
    records')."""
    return f.row_checkboxes >= 4 and f.charts == 0


def is_mailbox(f: Features) -> bool:
    """Rows with checkboxes under a word of mail or beside a compose control, no chart.
    "Spam" or "Archive" alone is no word of mail: comments, reviews and posts held for
    moderation are marked spam too (a blog's comments beside "Pending | Approved | Spam |
    Trash"), review requests and records are archived; a mailbox names its other folders or
    its unread beside it (notes 233, 289). Or a table headed by a mail's sender and subject,
    no query held (note 302): a mail catcher's rows, no table of records."""
    words = [w for w in keyword_hits("email_inbox", f.text) if w not in _NOT_MAIL_ALONE]
    return (ticked_rows(f) and bool(f.compose or words)) or headed_mail(f)


def headed_mail(f: Features) -> bool:
    """A table headed by a mail's sender and its subject (mail_heads.py), no query held (a
    search's found mails are its results) and no mail being written."""
    return f.mail_heads and f.queries == 0 and not f.to_subject


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
