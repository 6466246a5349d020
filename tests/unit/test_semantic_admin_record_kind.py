"""The kind of record an admin's title names is no name of the page's type (issue 31, design
note 366): django-post-office's changelist, "Select Email to change", read as a mailbox from
the word "email" in its title and heading, and django-mailbox's change form of one message from
its side menu's current item, "E-mail messages" (tests/fixtures/semantic_features_366.jsonl: the
extension's reads of the corpus page through bench/semantic_pooled.py dump, after the
two-hundred-fourteenth held-out set was spent)."""

from __future__ import annotations

from dumped_features import dumped

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.page_names import without_record_kind


def _changelist(read: str) -> Features:
    return dumped("semantic_features_366.jsonl", "postoffice-01", read)


def test_an_admins_record_kind_is_left_out_of_its_title() -> None:
    assert without_record_kind("select email to change - lido office") == (
        "select … to change - lido office")
    assert without_record_kind("select order to view | shop admin") == (
        "select … to view | shop admin")
    assert without_record_kind("g.ashworth@example.net - change email - lido office") == (
        "g.ashworth@example.net - change … - lido office")
    # (a page's own name is kept: a password change, an inbox, a title of one part)
    for title in ("change password | django site admin", "inbox - mail", "settings",
                  "select your plan - checkout"):
        assert without_record_kind(title) == title


def test_a_changelist_of_emails_is_a_list() -> None:
    for read in ("first", "whole"):
        f = _changelist(read)
        assert "email" in f.title and "email" in f.own_heading
        kind, _, signals = classify(f)
        assert kind == "list", signals
        assert not [s for s in signals if s["signal"] == "title:email"]


def test_a_record_pages_current_menu_item_names_no_page() -> None:
    # "Event notice ... | Change E-mail message | ...": its fields kept by "Save and add
    # another", the admin's menu marking "E-mail messages" current (old: email_inbox)
    for read in ("first", "whole"):
        f = dumped("semantic_features_366.jsonl", "djmailbox-03", read)
        assert "mail" in f.current_item
        kind, _, signals = classify(f)
        assert kind == "form", signals
        assert not [s for s in signals if str(s["signal"]).startswith("nav:current item")]

