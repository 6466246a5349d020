"""A reply part whose JSON text is known already, so the reply does not encode it again.

A whole-page SnapshotV1 is encoded once for its size (pipeline/run.py: the compact JSON a
model reads, 0.8 MB on the 20k bench page), then the reply holding it was encoded again
(protocol.encode_json, 16 ms there) while the caller waited. :class:`PreEncoded` is the
dict with that text; encode_json puts the text in place of the dict (a sentinel string is
encoded where the dict sits and replaced) when the text can be what encoding the dict
gives: compact JSON of a dict, no NaN or Infinity spelled in it (the reply's encoding
refuses them: the plain path then says so), valid UTF-8 (else escapes are needed).
Nothing may change the dict after the text was made: it is made last (run.py).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

_SENTINEL = f"\x00axsnap-pre-encoded-{uuid.uuid4().hex}"


class PreEncoded(dict[str, Any]):
    """A dict and its compact JSON text (``json.dumps(d, ensure_ascii=False,
    separators=(",", ":"))``), made when nothing more changes the dict."""

    __slots__ = ("text",)

    def __init__(self, value: dict[str, Any], text: str) -> None:
        super().__init__(value)
        self.text = text


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


def splice(message: Any) -> str | None:
    """``message``'s compact JSON with its PreEncoded parts put in as their texts (looked
    for in the message's values and their values); None when there is none, or a text that
    could not be used (then encode the message plainly)."""
    if not isinstance(message, dict):
        return None
    found: list[PreEncoded] = []
    shallow = _swap(message, found, depth=2)
    if not found:
        return None
    for part in found:
        if not part.text.startswith("{") or "NaN" in part.text or "Infinity" in part.text:
            return None
    envelope = json.dumps(shallow, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    marker = json.dumps(_SENTINEL)
    pieces = envelope.split(marker)
    if len(pieces) != len(found) + 1:
        return None
    out = [pieces[0]]
    for part, piece in zip(found, pieces[1:], strict=True):
        out += [part.text, piece]
    text = "".join(out)
    try:
        utf8_length(text)
    except UnicodeEncodeError:
        return None
    return text


_SLICE = 1 << 20


def utf8_length(text: str) -> int:
    """``len(text.encode("utf-8"))`` (UnicodeEncodeError on a lone surrogate, the same),
    without a whole encoded copy: a whole-page reply is tens of MB, its copy a transient
    as large at the host's peak. ASCII is its own length; other text is encoded a slice
    at a time (a str holds code points: a slice never splits one)."""
    if text.isascii():
        return len(text)
    return sum(len(text[at:at + _SLICE].encode("utf-8")) for at in range(0, len(text), _SLICE))


def _swap(value: dict[str, Any], found: list[PreEncoded], depth: int) -> dict[str, Any]:
    """A shallow copy of ``value`` with each PreEncoded part (in encoding order) replaced by
    the sentinel, down to ``depth`` levels of dicts."""
    out: dict[str, Any] = {}
    for key, item in value.items():
        if isinstance(item, PreEncoded):
            found.append(item)
            out[key] = _SENTINEL
        elif depth > 1 and isinstance(item, dict):
            out[key] = _swap(item, found, depth - 1)
        else:
            out[key] = item
    return out
