"""The read's class words agree with the walker's on every shared case (design note 300).

The walker (lib/walker/src/twin_own.js) says the twins it numbers by the icon their class
names; the read (semantic/read_twins.py, semantic/read_parts.py) says by the same rules the
twins the walker never parted. tests/vectors/class_look_words.json holds the cases both
suites read; extension/test/walker_twin_look_vectors.test.mjs runs the walker's side.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.semantic.read_parts import look_parts
from axsnap_host.semantic.read_twins import class_look_tokens, class_token_words

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "vectors" / "class_look_words.json").read_text("utf-8"))


@pytest.mark.parametrize("case", VECTORS["token_words"], ids=lambda c: c["token"])
def test_a_class_tokens_words(case: dict[str, Any]) -> None:
    words = class_token_words(case["token"])
    assert (None if words is None else list(words)) == case["words"]


@pytest.mark.parametrize("case", VECTORS["look_tokens"], ids=lambda c: " ".join(c["tokens"]))
def test_the_tokens_that_may_name_a_control(case: dict[str, Any]) -> None:
    kept = class_look_tokens(case["tokens"])
    assert [[token, list(words)] for token, words in kept] == case["kept"]


@pytest.mark.parametrize("case", VECTORS["look_parts"],
                         ids=lambda c: " / ".join(" ".join(t) for t in c["twins"]))
def test_the_words_that_part_twins(case: dict[str, Any]) -> None:
    parts = look_parts([class_look_tokens(tokens) for tokens in case["twins"]])
    assert (parts or None) == case["parts"]
