"""A pager's arrows, named by their context (the table's heading), are its previous and next
(issue 31, design note 171): the words of the way each points, never a counter."""

from __future__ import annotations

import pytest

from axsnap_host.semantic.id_words import arrow_word
from axsnap_host.semantic.ids import Placed, assign_ids


@pytest.mark.parametrize(("shown", "word"), [
    ("«", "previous"), ("‹", "previous"), ("←", "previous"), ("<", "previous"),
    ("<<", "previous"), (" » ", "next"), ("›", "next"), ("→", "next"), (">>", "next"),
])
def test_an_arrow_says_the_way_it_points(shown: str, word: str) -> None:
    assert arrow_word(shown) == word


@pytest.mark.parametrize("shown", ["×", "^", "«»", "<<<", "", "» Next", "1"])
def test_other_symbols_and_words_say_nothing(shown: str) -> None:
    assert arrow_word(shown) == ""


def test_a_pagers_arrows_are_parted_by_the_way_they_point_not_numbered() -> None:
    arrows = [Placed("link_bordered_table", "main", near="1", tail="previous"),
              Placed("link_bordered_table", "main", near="1", tail="next")]
    assert assign_ids(arrows) == ["link_bordered_table_previous", "link_bordered_table_next"]
