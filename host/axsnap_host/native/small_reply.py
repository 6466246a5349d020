"""A reply that surely fits one frame, encoded by one ``json.dumps``.

Most replies are small: an act's resolve (~0.6 KB), its change report (~1.5 KB), a ping, an
error. reply_stream.py walks a reply's dicts to encode it in pieces (a whole-page reply is tens
of MB), one ``json.dumps`` per member: ~70 calls and 0.5 ms of the host's CPU for a resolve's
0.6 KB, on the act's path between the host's work and the reply's write. When an upper bound of
the reply's JSON length is small and the reply holds only plain JSON values, one ``json.dumps``
of the whole makes the same text (the pieces joined are ``encode_json``'s text, tested in
tests/unit/test_reply_stream.py); anything else (a subclass, a non-string key, a lone
surrogate, a long text) is left to the streaming path.
"""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.pipeline.json_text import utf8_length

SMALL_REPLY_CHARS = 1 << 16  # the bound's limit: far below a frame (1,000,000 bytes)

_SCALARS = {type(None): 4, bool: 5, float: 24}  # the longest text each can have
_ESCAPED = 6  # a character's longest escape (\u001f)


def _bounded(value: Any, budget: int) -> int:
    """``budget`` less an upper bound of ``value``'s compact JSON length; negative when it
    does not fit or ``value`` is not made of plain JSON types only (exact types: a dict
    subclass is not one)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            budget -= 2 + _ESCAPED * len(item)
        elif kind is int:
            budget -= 2 + item.bit_length() // 3  # digits, and a sign
        elif kind in _SCALARS:
            budget -= _SCALARS[kind]
        elif kind is dict:
            budget -= 2
            for key, member in item.items():
                if type(key) is not str:
                    return -1
                budget -= 4 + _ESCAPED * len(key)  # quotes, colon, comma
                stack.append(member)
        elif kind is list or kind is tuple:
            budget -= 2 + len(item)  # brackets and commas
            stack.extend(item)
        else:
            return -1
        if budget < 0:
            return budget
    return budget


def small_reply_text(reply: Any, limit: int) -> str | None:
    """The compact JSON of ``reply`` (``encode_json``'s text) when it is surely small (at most
    :data:`SMALL_REPLY_CHARS` characters and ``limit`` bytes), else None. ValueError for NaN
    or Infinity, as the streaming path raises it."""
    if _bounded(reply, SMALL_REPLY_CHARS) < 0:
        return None
    text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        size = utf8_length(text)
    except UnicodeEncodeError:  # a lone surrogate: the streaming path escapes its piece only
        return None
    return text if size <= limit else None
