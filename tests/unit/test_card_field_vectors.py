"""The host's words of a payment card's field agree with the walker's on every shared case
(design note 315).

The host (semantic/account_forms.py CARD) counts card fields and leaves a card's code in a
password box out of the passwords; the walker's whole-page tally (lib/walker/src/
tally_passwords.js CARD) does the same. Both compile models/card_fields.py CARD_PATTERN;
tests/vectors/card_field_words.json holds the cases both suites read, and
extension/test/walker_card_field_vectors.test.mjs runs the walker's side.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.semantic.account_forms import CARD

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "vectors" / "card_field_words.json").read_text("utf-8"))


@pytest.mark.parametrize("words", VECTORS["card"])
def test_words_naming_a_cards_field(words: str) -> None:
    assert CARD.search(words), words


@pytest.mark.parametrize("words", VECTORS["not_card"])
def test_words_naming_no_cards_field(words: str) -> None:
    assert not CARD.search(words), words
