"""A label is taken out of a control's row words only where it stands as words of its own
(issue 31, design note 327): Allure's sorter "status" lost its "s" to a control named "s",
giving ids of "tatus". The vectors the walker's suite reads too (tests/vectors/label_minus.json;
extension/test/row_words.test.mjs)."""

from __future__ import annotations

import json
from pathlib import Path

from axsnap_host.semantic.id_words import minus

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "label_minus.json").read_text(
    encoding="utf-8"))["vectors"]


def test_every_vector_takes_the_label_out_only_as_words_of_its_own() -> None:
    assert len(VECTORS) >= 10
    for v in VECTORS:
        assert minus(v["text"], v["label"]) == v["out"], v
