"""Messages listed by their senders' names and addresses are a mailbox's list; a message
being written, one sender's letters or a page quoting a few addresses are not (design note 284)."""

from __future__ import annotations

from axsnap_host.semantic.mail_pages import listed_senders
from axsnap_host.semantic.page_features import Features

ROWS = [
    "harbour office <office@quay.example> 3h ago winter mooring fees",
    "slipway rota <rota@quay.example> 6h ago your slipway week",
    "harbour office <office@quay.example> 9h ago dredging of the inner basin",
    "berth 14 <berth14@quay.example> 1d ago spare fenders going free",
]


def test_four_lines_from_two_senders_or_more_are_a_list_of_mail() -> None:
    assert listed_senders(Features(text=" \n ".join(ROWS)))


def test_what_is_no_list_of_mail() -> None:
    # three lines only
    assert not listed_senders(Features(text=" \n ".join(ROWS[:3])))
    # one sender on every line (a person's own letters, a commit log of one author)
    one = [row.replace("rota@", "office@").replace("berth14@", "office@") for row in ROWS]
    assert not listed_senders(Features(text=" \n ".join(one)))
    # the same lines beside fields naming whom to write to: a message being written
    assert not listed_senders(Features(text=" \n ".join(ROWS), recipients=1, to_subject=2))
    # addresses without a name in angle brackets (a table of users' e-mails)
    plain = [row.replace("<", "").replace(">", "") for row in ROWS]
    assert not listed_senders(Features(text=" \n ".join(plain)))
