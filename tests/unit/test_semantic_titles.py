"""A page's title names what it is for: its type's own words (issue 31). "Forms", "Mailbox",
"Email", "Tables" say little in a page's text (an address field's label is "Email") and much in
its title."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.keywords import title_hits


def test_a_mail_clients_title_and_its_rows_of_checkboxes_say_inbox() -> None:
    # Message rows with checkboxes and no word of mail in the page, a mailbox by its title.
    page = Features(title="mailbox · acme admin", row_checkboxes=6, checkboxes=6, rows=8,
                    sidebar=True, text="mailbox · acme admin\nrefresh\nselect all")
    kind, _, signals = classify(page)
    assert kind == "email_inbox", signals[:4]
    assert {"type": "email_inbox", "signal": "title:mailbox", "weight": 0.3} in signals


def test_a_tables_page_of_a_few_rows_with_actions_is_a_list() -> None:
    page = Features(title="basic tables - acme admin", tables=1, rows=6, action_rows=6,
                    text="basic tables - acme admin\nedit\ndelete")
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]


def test_title_words_are_whole_words_of_the_title_only() -> None:
    assert {"e-mail", "webmail"} <= set(title_hits("email_inbox", "your e-mail · webmail"))
    assert not title_hits("form", "transform your platform")
    assert not title_hits("list", "a comfortable evening")
    assert title_hits("form", "vertical layouts - forms") == ["forms"]
