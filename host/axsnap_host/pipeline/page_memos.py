"""Memos whose entries are a page's own content (its texts, its URLs), dropped after a big read.

A memo of a pure function keyed by page text (the scrubbers' answers, the outline's joined
URLs) fills during a read, among the read's temporaries: its keys and answers are small
objects spread over the pools the read's millions of freed objects leave. Kept past the read
they stop pymalloc from freeing those arenas: after the 100k page's DOM text read they
held ~100 arenas of 1 MiB with a few MB of entries (design note 82), and the next read started
that much higher. So after a big read (``Host.release``) every such memo is emptied; a read
fills it again from the first text it asks. Nothing else changes: each memo answers what its
function would.

A memo registers its ``clear`` here when its module is imported (:func:`register`).
"""

from __future__ import annotations

from collections.abc import Callable

_CLEARS: list[Callable[[], None]] = []


def register(clear: Callable[[], None]) -> None:
    """``clear`` empties a memo of page content (called by :func:`drop`)."""
    if clear not in _CLEARS:
        _CLEARS.append(clear)


def drop() -> None:
    """Empty every memo of page content (between messages, after a big read)."""
    for clear in _CLEARS:
        clear()
