"""The host's rule for when a control's place names it agrees with the walker's on every shared
case (design notes 185 and 313).

The host's element model names a nameless setting by its place's words when this rule holds
(pipeline/elements/model.py, models/context_names.py context_names_control); the walker keys
a nameless box's twins by the same words (lib/walker/src/context_name.js contextNamesControl),
so the host's ids and the walker's twins name it alike. tests/vectors/context_name_words.json
holds the cases both suites read; extension/test/walker_context_name_vectors.test.mjs runs the
walker's side.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.context_names import context_names_control

VECTORS_FILE = Path(__file__).resolve().parents[1] / "vectors" / "context_name_words.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_FILE.read_text("utf-8"))


@pytest.mark.parametrize("words", VECTORS["names"])
def test_words_that_name_a_control(words: str) -> None:
    assert context_names_control(words), words


@pytest.mark.parametrize("words", VECTORS["not_names"])
def test_words_that_name_no_control(words: str) -> None:
    assert not context_names_control(words), words
