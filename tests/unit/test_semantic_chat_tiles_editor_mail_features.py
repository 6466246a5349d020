"""Stat tiles beside a box to write in, and a mail written in an editor (issue 31, note 100).
A chat's or a note's box, with no name, email, subject or Reply asked beside it, is one of a
dashboard's panels; the same tiles beside a message form (a contact page's boasts, "97,354
Companies") are no dashboard's. A recipient and a subject asked over an editor's text (no
<textarea>) are a mail being written, beside whatever Compose and Reply."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

TILES = "stats:3+ figures each over a few words (stat tiles)"


def _fired(f: Features) -> set[str]:
    return {str(s["signal"]) for s in classify(f)[2]}


def test_stat_tiles_beside_a_chats_box_are_a_dashboards() -> None:
    # six figures each over a few words ("2540" over "Total Users"), six posts under their own
    # headings and a chat's box to type in; nothing asks who writes or about what
    panel = Features(figure_tiles=6, textareas=1, heading_cards=6, list_items=9, buttons=13,
                     sidebar=True, text="site analysis\ntotal users\nlatest posts\nchat option")
    kind, _, signals = classify(panel)
    assert kind == "dashboard", signals[:4]
    assert TILES in _fired(panel)
    assert "stats:6+ alike cards under their own headings" not in _fired(panel)


def test_figures_beside_a_message_form_are_no_stat_tiles() -> None:
    # a contact page: three boasts over a form asking the sender's name, email and a message
    # (or a post's comment box beside its comments' Reply)
    for asked in ({"name_fields": 1}, {"account_fields": 1}, {"to_subject": 1}, {"reply": 1}):
        contact = Features(figure_tiles=3, textareas=1, text_inputs=3, **asked,  # type: ignore[arg-type]
                           text="get in touch\ncompanies\nsend message")
        assert TILES not in _fired(contact)


WRITTEN = "form:a recipient and a subject asked, the body no text box"


def test_a_recipient_and_a_subject_over_an_editors_text_are_a_mail_being_written() -> None:
    # To, Cc and Subject fields, the body an editor's text; the mailbox's Compose and a Reply
    new = Features(text_inputs=3, to_subject=3, recipients=2, account_fields=2, compose=1,
                   reply=1, title="mail - new message", text="new message\nto:\ncc:\nsubject:")
    kind, _, signals = classify(new)
    assert kind == "email_compose", signals[:4]
    assert "app:compose with reply or forward (a mail client)" not in _fired(new)
    # (two "To" fields and no subject: a range of dates, no mail)
    dates = Features(text_inputs=2, to_subject=2, recipients=2, text="from\nto")
    assert WRITTEN not in _fired(dates)
    # (a mailbox's rows with checkboxes beside a quick message: the page is the inbox)
    inbox = Features(text_inputs=2, to_subject=2, recipients=1, row_checkboxes=8, compose=1,
                     text="inbox\nsubject")
    assert WRITTEN not in _fired(inbox)
