"""The canonical hash's encoder (models/canonical.py ``_encode``: orjson, keys sorted) writes
a plain value (``canonical._plain``: str keys below U+E000, safe integers, floats in
[1e-4, 1e16) that are not whole, no lone surrogate) byte for byte as the standard ``json``
module does with ``sort_keys`` (the text RFC 8785 gives such a value: test_canonical_fast.py),
and the hash of a DOM text reply no longer goes through ``json``'s encoder (a ninth of the
time on a whole page: bench/results/host_per_node_host21.md)."""

from __future__ import annotations

import json
import random
import struct
from typing import Any

import pytest
from test_dom_delta import load
from test_dom_delta import read as read_dom

import axsnap_host.models.canonical as canonical
from axsnap_host.pipeline.delta.diff import snapshot_hash, snapshot_parts
from axsnap_host.pipeline.state import TabState


def stdlib(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def plain_float(rng: random.Random) -> float:
    """A float the plain check lets through: every bit pattern's, scaled into range."""
    while True:
        if rng.random() < 0.5:
            bits = rng.getrandbits(64)
            value = struct.unpack("<d", bits.to_bytes(8, "little"))[0]
        else:
            value = round(rng.uniform(-1e4, 1e4) * 10 ** rng.randint(-4, 11), rng.randint(0, 6))
        if value == value and abs(value) != float("inf") and not value.is_integer() and (
                1e-4 <= abs(value) < 1e16):
            return value


def test_every_character_below_the_private_use_area_is_written_as_json_writes_it() -> None:
    characters = [chr(c) for c in range(0xE000) if not 0xD800 <= c <= 0xDFFF]
    for start in range(0, len(characters), 512):
        text = "".join(characters[start:start + 512])
        value = {text: text, "k" + text[:3]: [text[::-1], text[:7]]}
        assert canonical._encode(value) == stdlib(value)
    # and above it, in values (the plain check keeps such keys out), astral ones too
    high = "".join(chr(c) for c in range(0xE000, 0x10000, 7)) + "\U0001f600\U0010ffff"
    assert canonical._encode([high]) == stdlib([high])


def test_plain_floats_integers_and_nesting_are_written_as_json_writes_them() -> None:
    rng = random.Random(33)
    floats = [plain_float(rng) for _ in range(200_000)]
    assert canonical._encode(floats) == stdlib(floats)
    ints = [rng.randint(-(2**53) + 1, 2**53 - 1) for _ in range(20_000)] + [0, -1, 2**53 - 1]
    assert canonical._encode(ints) == stdlib(ints)
    keys = ["a", "B", "é", "中", "\ud7ff", "10", "9", "", "a b", "\x00", "\u2028"]
    for _ in range(2_000):
        value = {rng.choice(keys) + rng.choice(keys): [
            rng.choice([None, True, False, plain_float(rng), rng.randint(-999, 999), "x"]),
            {rng.choice(keys): (rng.random(),)}] for _ in range(rng.randrange(6))}
        assert canonical._encode(value) == stdlib(value)


def test_a_dom_text_reply_is_hashed_without_the_json_encoder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same digest as the canonical text's whole (hashed through ``json``), and
    ``json``'s encoder never asked for it (on main before it was: sorted C encoding of
    every element record, 279 of the hash's 355 ms on rust's Wrapping page)."""
    import hashlib

    result = read_dom(load(), TabState(2), format="elements")
    parts = snapshot_parts(result)
    whole = canonical.canonical_json(parts)
    assert snapshot_hash(result) == "sha256:" + hashlib.sha256(whole).hexdigest()

    def refused(self: json.JSONEncoder, value: Any) -> str:
        raise AssertionError("the hash encoded through json")

    monkeypatch.setattr(json.JSONEncoder, "encode", refused)
    assert snapshot_hash(result) == "sha256:" + hashlib.sha256(whole).hexdigest()


def test_what_the_encoder_refuses_is_hashed_by_the_exact_path() -> None:
    """A lone surrogate (orjson refuses it) and a nesting past orjson's depth limit (255)
    fall back to canonical_json: the hash of the RFC 8785 bytes, as before."""
    import hashlib

    deep: Any = "end"
    for _ in range(300):
        deep = [deep]
    for value in ({"text": "a\ud800b"}, {"deep": deep}):
        assert canonical._fast_sha256(value) is None
        assert canonical.sha256_hash(value) == (
            "sha256:" + hashlib.sha256(canonical.canonical_json(value)).hexdigest())
