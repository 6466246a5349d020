"""A reply part's compact strict JSON through orjson, when its text is the one ``json`` writes.

A whole-page reply's lists (DOM text's element records: 6-15 MB of JSON on rustdoc's pages)
were encoded by ``json.dumps`` (native/reply_stream.py ``encode_piece``): 110 ms of rust-
primitive-u8's 810 ms DOM text read; so were SnapshotV1's nodes for its size and reply
(pipeline/ax/snapshot.py ``snapshot_json_parts``). orjson writes the same text in a tenth
of the time, but for what it writes differently (design note 115): NaN and Infinity as
``null`` (json refuses them, and so does the reply), floats below 1e-4 as decimals (json:
``1e-05``), and what json cannot encode but orjson can (a dataclass, a datetime, a UUID).
What it refuses (an integer past 64 bits, a lone surrogate, a key that is not a string, a
nesting past 255) and what could be written otherwise (a subclass of str, int, dict or list,
a dataclass, a datetime: passed through, so refused) is left to ``json``; so is any text that
holds ``null`` after ``[``, ``,`` or ``:``, ``0.0000``, or a digit, an ``e``, a sign and a
digit (orjson writes every exponent so, lowercase and signed; a string that spells one only
costs the ``json`` encoding). Those are looked for in four C-speed searches of the text
(``null``, ``0.0000``, ``e+``, ``e-``), each hit's neighbours read: a whole page's element
records (17.7 MB on rustdoc's Wrapping) were checked in nine passes, one a translated copy
(96 -> 50 ms; design note 130). A plain enum or a UUID, which json refuses (the reply
failed), orjson writes. tests/unit/test_orjson_text.py compares both.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = (orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
            | orjson.OPT_PASSTHROUGH_DATETIME)
# where orjson's text may not be json's: a null (NaN, Infinity, or a None: json's too;
# after "[", "," or ":"), a decimal below 1e-4 ("0.0000": json writes those with an
# exponent), a number with an exponent (any: a digit, e, a sign, a digit). C-speed
# substring searches; a string that spells one only costs the json encoding.
_BEFORE_VALUE = frozenset(b":,[")
_EXPONENTS = (b"e+", b"e-")  # (orjson's: tests/unit/test_orjson_text.py)
_CONTAINERS = (list, tuple, dict)


def container_json(value: Any) -> str | None:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)`` of
    a list, tuple or dict (exact types: every number in it follows ``[``, ``,`` or ``:``),
    written by orjson; None when it is not such a value or its text could differ."""
    data = container_json_utf8(value)
    return None if data is None else data.decode("utf-8")


def container_json_utf8(value: Any) -> bytes | None:
    """:func:`container_json`'s text as orjson wrote it, UTF-8 (a reply's deflater takes
    the bytes: no str made of them to be encoded back, design note 136)."""
    if type(value) not in _CONTAINERS:
        return None
    try:
        data = orjson.dumps(value, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return None
    if b"0.0000" in data or _null_value(data) or any(_exponent(data, e) for e in _EXPONENTS):
        return None
    return data


def plain_json_utf8(value: Any) -> bytes | None:
    """:func:`container_json_utf8` of a list checked plain (json_text.py ``PlainList``):
    it holds no float, so none of the texts where orjson's could differ from json's is
    there, and none is looked for. None when orjson refuses it (a lone surrogate, a
    nesting past 255): ``json`` writes it then, as for any value."""
    if type(value) is not list:
        return None
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return None


def _null_value(data: bytes) -> bool:
    """Whether ``null`` follows ``:``, ``,`` or ``[`` somewhere in ``data``."""
    at = data.find(b"null")
    while at != -1:
        if at and data[at - 1] in _BEFORE_VALUE:
            return True
        at = data.find(b"null", at + 4)
    return False


def _exponent(data: bytes, mark: bytes) -> bool:
    """Whether ``mark`` (``e+``, ``e-``) stands between two digits somewhere in ``data``."""
    at = data.find(mark)
    while at != -1:
        if data[at - 1:at].isdigit() and data[at + 2:at + 3].isdigit():
            return True
        at = data.find(mark, at + 1)
    return False
