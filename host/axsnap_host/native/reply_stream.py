"""A large reply written as it is encoded: its JSON text made in pieces, cut into chunk frames
as the pieces come, each frame written before the next piece is made.

A whole-page reply is tens of MB of JSON (all three formats of the 100k bench page: 30 MB).
Encoded whole, its text was the host's memory peak (bench/results/host_memory.md) and the
browser read nothing until all of it was made (0.7-2 s at 100k). Here the reply's dicts are
walked (only dicts inside dicts: a list is encoded a slice of its items at a time by
``json.dumps``, at C speed, slices sized to about PIECE_CHARS), so at most a few pieces and
one frame are held beside the reply. The pieces joined are the text ``encode_json`` makes of
the whole reply (tests/unit/test_reply_stream.py), but for a lone surrogate: only the piece
holding it is escaped to ASCII. A piece orjson wrote (orjson_text.py) goes to the deflater as
the UTF-8 orjson made (:func:`reply_pieces`): a whole page's DOM text records were made a
str of 6-18 MB only to be encoded back (design note 136).

How many frames there are is known only at the end: a frame of a streamed set says
``"total":null`` but the last, which says the count (extension/lib/native/chunks.js). The
frames carry the text deflated (chunk_deflate.py, design note 58): Chromium's handling of
the frames follows their bytes, 5-8x fewer than the text escaped into frame strings.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from typing import Any

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.native.chunk_deflate import DEFLATE, ENCODING_FIELD, deflated_pieces, piece_data
from axsnap_host.native.small_reply import small_reply_text
from axsnap_host.pipeline.json_text import JsonText, PlainList, utf8_length
from axsnap_host.pipeline.orjson_text import container_json, container_json_utf8, plain_json_utf8

PIECE_CHARS = 1 << 18  # the text one list slice aims at
FIRST_FRAME_BYTES = 1 << 15  # deflated bytes of a set's first frame (~200k characters of JSON)
_MAX_SLICE = 1 << 16
_MAX_DEPTH = 8  # dicts below this are encoded whole
# a reply's text in pieces: a str, or the UTF-8 of one (orjson's, without its brackets)
Piece = str | bytes | memoryview


def _dumps(value: Any, ascii_only: bool = False) -> str:
    return json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":"), allow_nan=False)


def encode_piece(value: Any) -> str:
    """Compact strict JSON of one part (a list or dict through orjson when it writes the same
    text: orjson_text.py); ASCII escapes when it holds a lone surrogate (no valid UTF-8
    otherwise). ValueError for NaN or Infinity."""
    text = container_json(value)
    if text is not None:
        return text
    return _json_piece(value)


def _encoded(value: Any) -> str | bytes:
    """:func:`encode_piece`'s text; as orjson's UTF-8 when orjson wrote it."""
    data = container_json_utf8(value)
    return _json_piece(value) if data is None else data


def _encoded_plain(value: Any) -> str | bytes:
    """:func:`_encoded` of a slice of a :class:`PlainList`: orjson's text is json's (no
    float in it), unless orjson refuses it."""
    data = plain_json_utf8(value)
    return _json_piece(value) if data is None else data


def _json_piece(value: Any) -> str:
    text = _dumps(value)
    try:
        utf8_length(text)
    except UnicodeEncodeError:
        text = _dumps(value, ascii_only=True)
    return text


def json_pieces(value: Any) -> Iterator[str]:
    """Texts whose concatenation is the compact JSON of ``value``."""
    for piece in reply_pieces(value):
        yield piece if isinstance(piece, str) else str(piece, "utf-8")


def reply_pieces(value: Any, depth: int = 0) -> Iterator[Piece]:
    """:func:`json_pieces`, a piece orjson wrote given as its UTF-8 (the deflater's input)."""
    if isinstance(value, JsonText):  # (pipeline/run.py _json_once)
        if value.refused:
            raise ValueError("a number strict JSON cannot carry")
        yield from value.parts
    elif isinstance(value, PlainList):  # (pipeline/run.py: a served DOM read's records)
        if value.items and depth < _MAX_DEPTH:
            yield from _list_pieces(value.items, depth, plain=True)
        else:
            yield _encoded_plain(value.items)
    elif (isinstance(value, dict) and value and depth < _MAX_DEPTH
          and all(type(key) is str for key in value)):
        yield from _dict_pieces(value, depth)
    elif isinstance(value, list | tuple) and value and depth < _MAX_DEPTH:
        yield from _list_pieces(value, depth)
    else:
        yield _encoded(value)


# A dict of many members whose values are all of these exact types (a whole page's outline
# maps: ~30k ids → XPaths each) is encoded a run of members at a time, one json.dumps of a
# dict of them, where each member was two calls of its own. Floats are not among them
# (NaN, Infinity: one at a time, as before).
_RUN_TYPES = frozenset({str, int, bool, type(None)})
_RUN_MEMBERS = 4096
_RUNS_FROM = 64  # members: a smaller dict takes the member-by-member loop


def _dict_pieces(value: dict[str, Any], depth: int) -> Iterator[Piece]:
    if len(value) >= _RUNS_FROM and _all_short_plain(value):
        yield from _run_pieces(value)
        return
    head = "{"
    for key, item in value.items():
        head += encode_piece(key) + ":"
        if isinstance(item, dict | list | tuple | JsonText | PlainList):
            yield head
            yield from reply_pieces(item, depth + 1)
            head = ","
        elif isinstance(item, str) and len(item) > PIECE_CHARS:  # a page's text: not copied
            yield head
            yield encode_piece(item)
            head = ","
        else:
            head += encode_piece(item) + ","
            if len(head) > PIECE_CHARS:
                yield head[:-1]
                head = ","
    yield head[:-1] + "}"  # head ends with the comma after the last value


def _all_short_plain(value: dict[str, Any]) -> bool:
    """Every value is of the :data:`_RUN_TYPES` and no string is a page's text (longer than
    PIECE_CHARS: the loop below writes such a one as a piece of its own)."""
    kinds = set(map(type, value.values()))
    if not kinds <= _RUN_TYPES:
        return False
    if str not in kinds:
        return True
    if kinds == {str}:
        return max(map(len, value.values())) <= PIECE_CHARS
    return all(len(item) <= PIECE_CHARS for item in value.values() if type(item) is str)


def _run_pieces(value: dict[str, Any]) -> Iterator[Piece]:
    """The compact JSON of ``value`` (see :func:`_all_short_plain`) in pieces of up to
    :data:`_RUN_MEMBERS` members: the text :func:`_dict_pieces`' member loop makes."""
    items = iter(value.items())
    opening = "{"
    while run := dict(islice(items, _RUN_MEMBERS)):
        yield opening
        yield _members(run)
        opening = ","
    yield "}"


def _members(run: dict[str, Any]) -> Piece:
    """``"key":value`` of each member of ``run``, comma-separated, as :func:`encode_piece`
    of each key and value gives them: one ``json.dumps`` of them all when its text is valid
    UTF-8; with a lone surrogate each member on its own (only the member holding it is
    escaped to ASCII, as member by member)."""
    data = container_json_utf8(run)
    if data is not None:
        return memoryview(data)[1:-1]
    text = _dumps(run)
    try:
        utf8_length(text)
    except UnicodeEncodeError:
        return ",".join(f"{encode_piece(key)}:{encode_piece(item)}" for key, item in run.items())
    return text[1:-1]


def _list_pieces(items: list[Any] | tuple[Any, ...], depth: int,
                 plain: bool = False) -> Iterator[Piece]:
    """``[`` + slices of the items encoded by json.dumps, less their brackets, + ``]``; an
    item that alone outweighs a slice is walked as a value of its own. ``plain``: the items
    of a :class:`PlainList`, each slice encoded as such."""
    yield "["
    take = 1  # the first item walked, then slices sized by what the items weighed
    at = 0
    while at < len(items):
        comma = "," if at else ""
        if take > 1:
            text = (_encoded_plain if plain else _encoded)(items[at:at + take])
            if comma:
                yield comma
            yield text[1:-1] if isinstance(text, str) else memoryview(text)[1:-1]
            at += take
            weight = len(text)  # (orjson's: its bytes, as many as its characters or more)
        else:  # one item at a time: it is big (a frame's tree), so walked
            yield comma
            weight = 0
            for piece in reply_pieces(items[at], depth + 1):
                weight += len(piece)
                yield piece
            at += 1
        take = max(1, min(_MAX_SLICE, take * PIECE_CHARS // max(1, weight)))
    yield "]"


def streamed_frames(message_id: str | None, pieces: Iterator[Piece], limit: int) -> Iterator[str]:
    """Chunk frames of at most ``limit`` bytes carrying ``pieces`` joined and deflated
    (chunk_deflate.py), made as the pieces come: ``{"v","id","type":"chunk","seq","total",
    "encoding":"deflate","data"}`` with ``total`` null but on the last frame, each ``data``
    the base64 of the next part of one zlib stream."""
    head = (f'{{"v":{PROTOCOL_VERSION},"id":{encode_piece(message_id)},'
            f'"type":"chunk","seq":')
    # digits, total, the encoding and data's quotes, braces
    budget = limit - utf8_length(head) - 64 - len(ENCODING_FIELD) - len(DEFLATE)
    if budget < 64:
        raise ValueError("chunk limit too small")
    seq = 0
    ready: str | None = None  # the data of a frame kept back: the last one names the total

    def frame(data: str, total: int | None) -> str:
        return (f'{head}{seq},"total":{"null" if total is None else total},'
                f'"{ENCODING_FIELD}":"{DEFLATE}","data":"{data}"}}')

    # its base64 fills the budget; the first frames smaller, sent while the rest is encoded
    for piece in deflated_pieces(pieces, budget // 4 * 3, FIRST_FRAME_BYTES):
        if ready is not None:
            yield frame(ready, None)
            seq += 1
        ready = piece_data(piece)
    if ready is not None:
        yield frame(ready, seq + 1)


def stream_reply(message_id: str | None, reply: dict[str, Any], limit: int) -> Iterator[str]:
    """The frames of one reply: the whole text as one frame when it fits in ``limit``, else
    streamed chunk frames. ValueError (NaN, Infinity) may come after frames were given.
    A reply that is surely small is one ``json.dumps`` (small_reply.py: the same text)."""
    text = small_reply_text(reply, limit)
    if text is not None:
        yield text
        return
    pieces = reply_pieces(reply)
    small: list[Piece] = []
    chars = 0
    for piece in pieces:  # a reply that fits is one frame: gathered first
        small.append(piece)
        chars += len(piece)
        if chars > limit:
            break
    else:
        text = "".join(piece if isinstance(piece, str) else str(piece, "utf-8")
                       for piece in small)
        if utf8_length(text) <= limit:
            yield text
            return
    yield from streamed_frames(message_id, _chain(small, pieces), limit)


def _chain(first: list[Piece], rest: Iterator[Piece]) -> Iterator[Piece]:
    yield from first
    first.clear()
    yield from rest
