"""Which field names say a payment card's (semantic/account_forms.py CARD, design note 310):
a card's number, code and expiry date, not the expiry of a thing the app keeps."""

from __future__ import annotations

import pytest

from axsnap_host.semantic.account_forms import CARD


@pytest.mark.parametrize("name", ["Card number", "cc-number", "CVV", "Expiration date",
                                  "Expiry (MM/YY)", "Expires", "Numéro de carte"])
def test_a_cards_fields_are_card_fields(name: str) -> None:
    assert CARD.search(name)


@pytest.mark.parametrize("name", [
    "User Cache Expiration", "Token expires in token-expiration-seconds", "session_expiry",
    "Password expiration", "Login expiration time", "Link expires after"])
def test_the_expiry_of_a_thing_kept_is_no_card_field(name: str) -> None:
    assert not CARD.search(name)
