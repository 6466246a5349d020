"""A text's token count with its equal segments encoded once (pipeline/token_segments.py,
design note 91) is tiktoken's count of the whole text: a differential test on texts shaped
like what the host counts (SnapshotV1 JSON, DOM text, outline lines) and on random texts
built from the characters where cl100k's pre-tokenizer is subtle (contractions, digit runs
next to other numerals, white space before a quote, non-ASCII letters and marks, newlines,
special-token strings)."""

from __future__ import annotations

import json
import random

import pytest

from axsnap_host.pipeline import token_segments, tokens
from axsnap_host.pipeline.token_segments import count_segmented

ALPHABET = [
    "a", "b", "Z", "é", "ß", "ü", "\u0301", "中", "ŉ", "0", "7", "12", "1234", "²", "½", "Ⅻ",
    "٣", " ", "  ", "\t", "\n", "\r\n", " \n", '"', "'", "'s", "'S", "'ll", "'ve", "'re", "'d",
    "'m", "'t", ":", ",", "[", "]", "{", "}", "-", "_", "/", "\\", ".", "…", "—", "😀",
    "<|endoftext|>", "role", "button", "StaticText", "name", "\u00a0", "\u200b", "#", "=",
]


def _random_text(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(size))


def _snapshot_json(rng: random.Random, nodes: int) -> str:
    roles = ["StaticText", "link", "button", "heading", "generic", "listitem"]
    words = ["Sign in", "u8", "0x7f", "it's", "checked_add", "—", "é", "Iterator", "42"]
    return json.dumps({"ax_tree": {"nodes": [
        {"id": f"0-{rng.randrange(10**6)}", "role": rng.choice(roles),
         "name": " ".join(rng.choice(words) for _ in range(rng.randrange(4))),
         "state": {"level": 2} if rng.random() < 0.1 else {}, "children": [],
         "bbox": [rng.randrange(2000) for _ in range(4)]} for _ in range(nodes)]}},
        separators=(",", ":"), ensure_ascii=False)


def _dom_text(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f'[{i}] <{rng.choice(["a", "button", "input"])}> role="{rng.choice(["link", "button"])}" '
        f'"{rng.choice(["Next", "Sign in", "it’s 12:30", "x²"])}"' for i in range(lines))


OUTLINE_NAMES = ["Home", "u8::MAX", "Überblick", "3 items", "don't"]


def _outline(rng: random.Random, lines: int) -> str:
    return "\n".join(f'{"  " * rng.randrange(5)}[0-{rng.randrange(99999)}] '
                     f'{rng.choice(["link", "StaticText", "button"])}: '
                     f"{rng.choice(OUTLINE_NAMES)}" for _ in range(lines))


@pytest.mark.parametrize("seed", range(6))
def test_the_segmented_count_is_the_whole_texts(seed: int) -> None:
    rng = random.Random(seed)
    enc = tokens.encoder()
    for text in (_snapshot_json(rng, 400), _dom_text(rng, 400), _outline(rng, 500),
                 _random_text(rng, 6000), _random_text(rng, 3000) + "abc",
                 "abc" + _random_text(rng, 3000) + " ", "x" * 5000, "1" * 5000):
        assert len(text) >= token_segments._SEGMENTED_FROM
        assert count_segmented(enc, text) == len(enc.encode_ordinary(text)), text[:80]


def test_equal_segments_are_encoded_once() -> None:
    """A page's repeated keys and roles: most of a SnapshotV1's text is encoded once."""
    enc = tokens.encoder()
    encoded: list[int] = []

    class Counting:
        def encode_ordinary(self, text: str) -> list[int]:
            encoded.append(len(text))
            return enc.encode_ordinary(text)

    text = _snapshot_json(random.Random(1), 2000)
    assert count_segmented(Counting(), text) == len(enc.encode_ordinary(text))
    assert sum(encoded) < 0.6 * len(text)
    assert len(encoded) < 200  # a call per count of repeats, not per segment


def test_whole_page_counts_are_unchanged() -> None:
    """count_tokens of a long text (pieces, each segmented) and its memoized count."""
    rng = random.Random(5)
    text = _snapshot_json(rng, 6000)
    assert len(text) > 2 * tokens._PIECE
    whole = len(tokens.encoder().encode_ordinary(text))
    assert tokens.count_tokens(text) == whole
    tokens._memo.clear()
    assert tokens.count_tokens(text, memo=True) == whole
    lines = _dom_text(rng, 12_000)
    assert len(lines) > tokens._PIECE
    assert tokens.count_tokens(lines) == len(tokens.encoder().encode_ordinary(lines))
