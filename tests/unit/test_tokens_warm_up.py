"""The host's token warm-up leaves a fresh process's first count nothing one-off to do.

The first memoized count (every SnapshotV1 and outline read) asks once whether cl100k's
digit groups are one token each (tokens._digit_groups_are_tokens). That check is part of the
warm-up the host starts with, and it encodes its 1,111 strings on its own thread: no pool of
threads started on a read's clock (design note 99).
"""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.pipeline import tokens


def test_the_warm_up_checks_the_digit_groups_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_digits_checked", None)
    tokens.warm_up().join()
    assert tokens._digits_checked is True


class _NoBatch:
    """The encoder, but a batch (tiktoken's thread pool) fails."""

    def __init__(self, enc: Any) -> None:
        self.enc = enc
        self.encoded = 0

    def encode_ordinary(self, text: str) -> list[int]:
        self.encoded += 1
        return list(self.enc.encode_ordinary(text))

    def encode_ordinary_batch(self, texts: list[str]) -> list[list[int]]:
        raise AssertionError("a thread pool for 1,111 short strings")


def test_the_digit_groups_are_encoded_one_by_one_with_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = tokens.encoder()
    groups = [str(i) for i in range(10)] + [f"{i:02d}" for i in range(100)] + [
        f"{i:03d}" for i in range(1000)] + [","]
    batch_answer = all(len(t) == 1 for t in real.encode_ordinary_batch(groups))
    one_by_one = _NoBatch(real)
    monkeypatch.setattr(tokens, "encoder", lambda: one_by_one)
    monkeypatch.setattr(tokens, "_digits_checked", None)
    assert tokens._digit_groups_are_tokens() is batch_answer is True
    assert one_by_one.encoded == len(groups)
