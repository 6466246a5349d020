"""The C ``json`` path of the canonical JSON
(axsnap_host.models.canonical.canonical_json_fast) writes
byte for byte what ``rfc8785`` writes, and takes the DOM text and outline replies: the hash of
every read costs a C encode instead of a pure-Python one. Checked against the shared vectors
(tests/vectors/delta_hash.json), real replies, and random values built from what JSON
libraries disagree on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from test_dom_delta import load
from test_dom_delta import read as read_dom
from test_outline_delta import raw, read

from axsnap_host.models.canonical import as_javascript_reads_it, canonical_json, canonical_json_fast
from axsnap_host.pipeline.delta.diff import snapshot_parts
from axsnap_host.pipeline.state import TabState

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "tests" / "vectors" / "delta_hash.json").read_text("utf-8"))["vectors"]


def reference(value: Any) -> bytes:
    return rfc8785.dumps(as_javascript_reads_it(value))


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
def test_the_fast_path_writes_each_vector_as_rfc8785_or_declines(vector: dict[str, Any]) -> None:
    parts = snapshot_parts(vector["result"])
    fast = canonical_json_fast(parts)
    assert fast is None or fast.decode("utf-8") == vector["canonical"]
    assert canonical_json(parts).decode("utf-8") == vector["canonical"]


def test_dom_and_outline_replies_take_the_fast_path() -> None:
    dom = snapshot_parts(read_dom(load(), TabState(2), format="elements"))
    outline = snapshot_parts(read(TabState(1), raw("compact")))
    for parts in (dom, outline):
        assert canonical_json_fast(parts) == reference(parts)
    rects = [element.get("rect") or {} for element in dom["elements"]]
    assert any(isinstance(number, float | int) for rect in rects for number in rect.values())


ATOMS: list[Any] = [
    0, -0.0, 1.0, 424.0, 0.5, -2.25, 1e-4, 9.99e-5, 1.5e-07, 1e16, 1e16 - 2, 1e21, 1e-6,
    123456789.125,
    0.1, 1 / 3, 2**53 - 1, 2**53, -(2**53) - 1, 12345678901234567890, float("inf"), float("nan"),
    True, False, None, "", "a", "é", "\u2028\u2029", "\x00\x01\x1f\x7f", "tab\t\"q\"\\/",
    "\b\f\n\r", "\ud83d\ude00", "\ud800", "\ue000", "\uffff", "€",
]
KEYS = ["a", "b", "A", "é", "\ue000", "\uffff", "\ud83d\ude00", "\udc00", "10", "9", ""]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        atom = rng.choice(ATOMS)
        if roll < 0.1:
            return rng.choice((1, -1)) * 10 ** rng.uniform(-8, 22)  # every float notation
        return atom
    if roll < 0.75:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(KEYS) + rng.choice(KEYS): random_value(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def test_the_fast_path_agrees_with_rfc8785_on_random_values() -> None:
    rng = random.Random(8785)
    taken = 0
    for _ in range(5000):
        value = random_value(rng)
        try:
            expected: bytes | None = reference(value)
        except Exception:  # rfc8785 refuses inf and nan: so must the fast path
            expected = None
        fast = canonical_json_fast(value)
        if fast is not None:
            taken += 1
            assert fast == expected, value
    assert taken > 1000


def test_the_hash_made_a_piece_at_a_time_is_the_hash_of_the_whole_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """sha256_hash hashes the canonical text in pieces (long lists, dicts and strings a
    batch at a time, canonical._canonical_pieces): the same digest as the whole text's, on
    random values and on a DOM text reply, with batches small enough that every value is cut."""
    import hashlib

    import axsnap_host.models.canonical as canonical

    monkeypatch.setattr(canonical, "_HASH_BATCH", 2)
    monkeypatch.setattr(canonical, "_HASH_CHUNK", 3)
    rng = random.Random(256)
    dom = snapshot_parts(read_dom(load(), TabState(2), format="elements"))
    values = [dom, {"domtext": "a\n\"é\"\\\x01" * 7, "elements": [{"k": i} for i in range(9)]},
              *(random_value(rng) for _ in range(3000))]
    hashed = 0
    for value in values:
        whole = canonical_json_fast(value)
        pieces = canonical._fast_sha256(value)
        if whole is None:  # declined both ways: hashed from canonical_json
            assert pieces is None, value
            continue
        hashed += 1
        assert pieces == "sha256:" + hashlib.sha256(whole).hexdigest(), value
    assert hashed > 1000
