"""A settings page whose every setting is explained is still settings (issue 31, note 209; the
forty-third held-out set's miss fossil-01): a version-control server's "Access Control
Settings", twenty checkboxes and fields each beside a paragraph saying what it does, kept by
"Apply Changes", read as an article (twenty long blocks of prose).

- "Apply Changes" keeps a form's changes as "Save Changes" does (control_words.py);
- the prose beside fields kept by such a control is their help, no article's (classify.py);
- "Login expiration time" is a length of time, no card's expiry: the page asks for no card
  (account_forms.py CARD), which had kept the whole page from being a form of saved values.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.account_forms import CARD
from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import saves_changes


def _access_settings(**changes: Any) -> Features:
    said = ("garden planner: access control settings \n apply changes \n redirect to https \n"
            " require password for local access \n login expiration time \n download packet"
            " limit \n allow users to register themselves \n apply changes")
    page = Features(text_inputs=8, checkboxes=12, selects=2, buttons=1, links=18, div_rows=32,
                    prose_run=20, forms=1, address_fields=1, save_changes=1, list_items=7,
                    linked_items=1, long_blocks=20, paragraphs=25, text_chars=7510,
                    row_checkboxes=5, page_screens=3.65,
                    title="garden planner: access control settings",
                    own_heading="garden planner", said=said, text=said)
    return replace(page, **changes)


def test_explained_settings_kept_by_apply_changes_are_settings() -> None:
    assert saves_changes("Apply Changes") and saves_changes("apply settings")
    kind, _, signals = classify(_access_settings())
    assert kind == "settings", signals[:4]


def test_the_same_prose_with_no_control_keeping_changes_is_an_article() -> None:
    kind, _, signals = classify(_access_settings(save_changes=0))
    assert kind == "article", signals[:4]


def test_a_length_of_time_is_no_card_expiry() -> None:
    for name in ("Login expiration time", "Session expires after", "Password expiry period"):
        assert not CARD.search(name), name
    for name in ("Expiration date (MM/YY)", "Expiry (MM/YY)", "expiration", "expire date",
                 "expiration_month", "Card number", "CVC"):
        assert CARD.search(name), name
