"""A message written to the site (issue 31, note 160), read on the features real corpus pages
gave (tests/fixtures/semantic_features_160.jsonl: the extension's reads of bench/corpus pages,
through bench/semantic_pooled.py dump): a feedback form in a layout table, a submission form
over its rules, a contact page's form beside a quote, a sign-in row atop a board index, and
what the rules leave alone."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from dumped_features import dumped, signals

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.foot_forms import sign_in_beside_items
from axsnap_host.semantic.message_forms import MESSAGE_SIGNAL, message_to_site
from axsnap_host.semantic.page_features import _asks_password

COMPOSE = "form:to/subject fields with a message body"


def _page(name: str, read: str = "first") -> Features:
    return dumped("semantic_features_160.jsonl", name, read)


def test_a_feedback_form_in_a_layout_table_is_a_form() -> None:
    # Office Angels' "Feedback": name, email and message in a table of the site's layout,
    # beside its menus and news lists (old: list, from the layout rows and menus).
    f = _page("saurus-102", "first")
    assert message_to_site(f)
    assert classify(f)[0] == "form"
    assert "stats:10+ table rows" not in signals(f)


def test_a_submission_form_over_its_rules_is_a_form() -> None:
    # proxy4free's "Add a New Proxy": URL, name, description, the owner's e-mail, a captcha,
    # then its rules in paragraphs (old: article).
    f = _page("saurus-104", "first")
    assert MESSAGE_SIGNAL in signals(f)
    assert classify(f)[0] == "form"


def test_a_contact_pages_form_on_a_long_page_is_a_form() -> None:
    # A builder's "Contact Us" page, six screens with a quote and recent articles: its title
    # names the contact page (old: article from the first screen, email_compose whole).
    first, whole = _page("saurus-106", "first"), _page("saurus-106", "whole")
    assert first.page_screens > 3 and message_to_site(first)
    assert classify(first)[0] == "form"
    assert classify(whole)[0] == "form"


def test_a_subject_and_a_message_naming_no_recipient_is_no_mail() -> None:
    # The contact form's subject over its message names no "To": no mail being written; a
    # compose page names its recipients.
    whole = _page("saurus-106", "whole")
    assert whole.to_subject >= 1 and whole.recipients == 0
    assert COMPOSE not in signals(whole)
    compose = _page("adminlte-03", "first")
    assert COMPOSE in signals(compose)
    assert classify(compose)[0] == "email_compose"


def test_order_notes_and_a_storys_comment_box_are_no_message_form() -> None:
    # A checkout's order notes beside "Place Order"; a blog post's comment box after its story.
    checkout = _page("comforty-02", "first")
    assert not message_to_site(checkout)
    assert classify(checkout)[0] == "checkout"
    post = _page("aviato-08", "whole")
    assert not message_to_site(post)
    assert classify(post)[0] == "article"


def test_a_sign_in_row_atop_screens_of_boards_is_the_sites() -> None:
    # Terra Forums' board index: a user name and password row at its top, then 29 screens of
    # forums by group (old: login, its list signals held back as a search's results).
    f = _page("saurus-107", "first")
    assert sign_in_beside_items(f)
    assert classify(f)[0] == "list"


def test_a_long_sign_in_page_of_few_items_is_a_sign_in() -> None:
    # King Arthur's sign-in: nine screens, six list items (its footer's).
    f = _page("kingarthur", "first")
    assert not sign_in_beside_items(f)
    assert classify(f)[0] == "login"


def test_a_field_named_by_a_lost_password_link_asks_no_password() -> None:
    # MageWorx's sidebar sign-in (saurus-96): its unlabelled address field takes the words of
    # the "Lost password" link below as its name; that link names a recovery page, no field
    # asking a password (so the page holds one password, no sign-up's second).
    def field(label: str) -> Any:
        return SimpleNamespace(source=SimpleNamespace(aria="", text=label, hint=""),
                               node=SimpleNamespace(attrs={"type": "text"}))

    assert not _asks_password(field("Lost password"))
    assert not _asks_password(field("Recover password"))
    assert _asks_password(field("Password"))
