"""bench/semantic_corpus.py id_class: how an id was made, by what the reply says of it."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import semantic_corpus as corpus  # noqa: E402


def test_a_picture_named_for_its_title_says_the_titles_number_no_counter() -> None:
    # apachedoc-02's "<-" arrow picture beside its title link "Version 2.4": the id is the
    # title's words, its last a word of the title the reply gives (``relations.for``)
    arrow = {"id": "link_for_version_2_4", "label": "<-",
             "relations": {"label": "<-", "for": "Version 2.4"}}
    assert corpus.id_class(arrow, {"link_for_version_2_4"}) == "context_digits"
    # a number no word of the reply says stays unexplained; a twin numbered beside it, a counter
    badge = {"id": "link_inbox_7", "label": "Inbox", "relations": {"label": "Inbox"}}
    assert corpus.id_class(badge, {"link_inbox_7"}) == "digits"
    assert corpus.id_class(badge, {"link_inbox_7", "link_inbox"}) == "counter"
