"""A mailing list's archive: pages to read, no mail app (issue 31, design note 338).

An archive (MHonArc's, as lists.debian.org and mail-archive.com serve) lists its messages by
their senders' names and addresses, as a mail catcher's inbox does, and shows one message
under its headers. Its pages hold no button and no field: nothing is selected, moved or
answered there; each message is a link to its own page. Its index is a list of posts, no
mailbox, and a message's page, its From, Subject and Date lines under the subject as its
heading, is one written message: an article, its thread's and date's neighbours its links.
"""

from __future__ import annotations

from axsnap_host.semantic.page_features import Features

MESSAGE_SIGNAL = ("stats:a mail's From, Subject and Date lines under its subject, no control "
                  "(an archived message)")
MESSAGE_WEIGHT = 0.6
# An index links each message it lists to its page.
LINKED_MESSAGES = 4


def read_only(f: Features) -> bool:
    """No button and no field of any kind: a page to read and follow links from."""
    return (f.buttons + f.text_inputs + f.search_inputs + f.passwords + f.textareas + f.selects
            + f.checkboxes + f.radios + f.switches) == 0


def archive_index(f: Features) -> bool:
    """Messages listed as links on a page with no control: an archive's index, no mailbox."""
    return read_only(f) and f.linked_items >= LINKED_MESSAGES


def archived_message(f: Features) -> bool:
    """One mail's From, Date and Subject lines, the subject the page's own heading, on a page
    with no control."""
    if not read_only(f) or not f.own_heading:
        return False
    lines = [line.strip() for line in f.said.split("\n")]
    heads = {line.split(":", 1)[0] for line in lines if line.startswith(("from:", "date:"))}
    subject = f"subject: {f.own_heading}" in lines
    return subject and heads == {"from", "date"}
