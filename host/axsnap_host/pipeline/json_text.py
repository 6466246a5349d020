"""A reply part given as its JSON text, a list the host checked plain, and the UTF-8 length
of a text without its bytes.

A whole-page SnapshotV1 the serving loop answers is encoded once (pipeline/run.py
``_json_once``): its size is counted on that text and the reply writes the same text
(native/reply_stream.py). :class:`JsonText` carries it from one to the other.
:class:`PlainList` carries a served DOM read's element records with what its cap walk found
of them (design note 196).
"""

from __future__ import annotations

from typing import Any


class JsonText:
    """A reply part given as its compact JSON text alone, in ``parts`` (joined: the text),
    the value it was encoded from let go: a whole-page SnapshotV1 whose reply is only
    written (the serving loop, pipeline/run.py ``for_reply``): its JSON made once, its size
    counted on that text, and the reply writes the same text. ``refused``: the value held
    a number strict JSON cannot carry (NaN, Infinity): the reply refuses it, as encoding
    the value would have. Not a fast path: nothing else is kept to read from."""

    __slots__ = ("parts", "refused")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.refused = False


class PlainList:
    """A list reply part the host found plain as it made it (pipeline/caps.py
    ``cap_strings_plain``: only exact str, bool, None, ints within +-(2**53 - 1), lists,
    and dicts of ASCII str keys; no float): a served DOM read's element records, given
    to the reply (the serving loop, pipeline/run.py ``for_reply``) while the tab keeps the
    list itself. orjson writes ``json``'s text of such a value: what orjson_text.py looks
    for in orjson's text are a float's (NaN and Infinity written as ``null``, a small
    decimal, an exponent), so the reply encodes ``items`` by orjson without those searches,
    whose ``null`` a walker-named record's ``backendNodeId`` always held (design note
    196). Not a fast path: nothing is kept, the one read's check is read once."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items


_SLICE = 1 << 20


def utf8_length(text: str) -> int:
    """``len(text.encode("utf-8"))`` (UnicodeEncodeError on a lone surrogate, the same),
    without a whole encoded copy: a whole-page reply is tens of MB, its copy a transient
    as large at the host's peak. ASCII is its own length; other text is encoded a slice
    at a time (a str holds code points: a slice never splits one)."""
    if text.isascii():
        return len(text)
    return sum(len(text[at:at + _SLICE].encode("utf-8")) for at in range(0, len(text), _SLICE))
