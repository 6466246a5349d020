"""Canonical JSON (RFC 8785, JCS) and the ``sha256:`` hashes built on it.

A client in any language must get the same hash for the same reply, so the text hashed is the
JSON a JavaScript client sees after ``JSON.parse``: RFC 8785 (keys in UTF-16 code-unit order,
ECMAScript number formatting, ``-0`` as ``0``), with two things JSON allows and JCS refuses
made explicit the way JavaScript reads them: an integer outside ±(2**53 - 1) becomes the
nearest double, and a lone surrogate in a string or key becomes U+FFFD (``toWellFormed``).
``tests/vectors/delta_hash.json`` holds the vectors both test suites check.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import orjson
import rfc8785

_SAFE_INTEGER = 2**53 - 1


def _well_formed(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def as_javascript_reads_it(value: Any) -> Any:
    """``value`` with big integers as doubles and lone surrogates replaced (see above)."""
    if isinstance(value, str):
        return _well_formed(value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return value if -_SAFE_INTEGER <= value <= _SAFE_INTEGER else float(value)
    if isinstance(value, dict):
        return {_well_formed(str(key)): as_javascript_reads_it(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [as_javascript_reads_it(item) for item in value]
    return value


class _NotPlain(Exception):
    """The value holds something whose canonical form ``json.dumps`` does not write."""


# Non-integral floats in [1e-4, 1e16) print the same in Python (shortest round trip, no
# exponent) and ECMAScript; integral floats print as integers in ECMAScript.
_PLAIN_FLOAT_LOW, _PLAIN_FLOAT_HIGH = 1e-4, 1e16


def _plain(value: Any) -> Any:
    r"""``value`` as the standard ``json`` module writes it canonically, or :class:`_NotPlain`.

    Equal output to RFC 8785 needs: string keys that sort the same by code point as by UTF-16
    code unit (none at or above U+E000), safe integers, floats written the same way (whole
    ones become ints), and no lone surrogate (the caller's strict UTF-8 encode refuses one).
    String escapes already agree (``"``, ``\``, ``\b \f \n \r \t``, other controls as
    lowercase ``\u00xx``, everything else literal)."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    if kind is int:
        if -_SAFE_INTEGER <= value <= _SAFE_INTEGER:
            return value
        raise _NotPlain
    if kind is float:
        if value.is_integer():
            if -_SAFE_INTEGER <= value <= _SAFE_INTEGER:
                return int(value)
            raise _NotPlain
        if _PLAIN_FLOAT_LOW <= abs(value) < _PLAIN_FLOAT_HIGH:
            return value
        raise _NotPlain
    if kind is dict:
        for key in value:
            if type(key) is not str or (not key.isascii() and max(key) >= "\ue000"):
                raise _NotPlain
        return {key: _plain(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [_plain(item) for item in value]
    raise _NotPlain


def _plain_as_is(value: Any) -> bool:
    """Whether ``value`` is already what :func:`_plain` makes of it (True), or needs its
    copy (False: a whole float to write as an int); :class:`_NotPlain` as ``_plain``.
    Checked without copying (a whole page's DOM text result is 30k element records), in one
    loop over a stack rather than a call per value."""
    stack = [value]
    pop, push = stack.pop, stack.extend
    low, high = -_SAFE_INTEGER, _SAFE_INTEGER
    while stack:
        item = pop()
        kind = type(item)
        if kind is str or kind is bool or item is None:
            continue
        if kind is int:  # (the most common number: checked here, not by a call to _plain)
            if low <= item <= high:
                continue
            raise _NotPlain
        if kind is dict:
            for key in item:
                if type(key) is not str or (not key.isascii() and max(key) >= "\ue000"):
                    raise _NotPlain
            push(item.values())
        elif kind is list or kind is tuple:
            push(item)
        elif kind is float:
            if _plain(item) is not item:
                return False
        else:
            raise _NotPlain
    return True


_HASH_CHUNK = 1 << 20  # characters of a long string encoded at a time for the hash
_HASH_BATCH = 1024  # members of a long list or dict encoded at a time for the hash
# what the encoder refuses of a plain value: a lone surrogate (as a strict UTF-8 encode
# does), a nesting deeper than its limit (255; json's own is about 1,000)
_REFUSED = (UnicodeEncodeError, orjson.JSONEncodeError)


def _encode(value: Any) -> bytes:
    """The compact JSON of a plain value (:func:`_plain`) with its keys sorted, as UTF-8:
    what ``json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))``
    writes, encoded (orjson: on a plain value the same bytes, its strings' escapes and
    floats' shortest round trip in [1e-4, 1e16) alike, tests/unit/test_canonical_orjson.py;
    a whole page's DOM text hashed in a ninth of the time)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _canonical_pieces(value: Any, top: bool = True) -> Iterator[bytes]:
    """:func:`canonical_json_fast`'s bytes of a plain ``value`` (:func:`_plain`), in pieces
    whose concatenation is those bytes: the top dict a member at a time, a long list, dict
    or string a batch at a time (a list's text is its members' texts between commas, a
    string's its characters' escapes one by one), everything else encoded whole. So the
    hash of a whole page's DOM text never holds its 30 MB canonical text."""
    encode = _encode
    kind = type(value)
    if kind is dict and (top or len(value) > _HASH_BATCH):
        keys = sorted(value)  # as sort_keys orders them (_plain: str keys only)
        if top:
            yield b"{"
            for i, key in enumerate(keys):
                yield (b"," if i else b"") + encode(key) + b":"
                yield from _canonical_pieces(value[key], top=False)
            yield b"}"
            return
        yield b"{"
        for start in range(0, len(keys), _HASH_BATCH):
            batch = {key: value[key] for key in keys[start:start + _HASH_BATCH]}
            yield (b"," if start else b"") + encode(batch)[1:-1]
        yield b"}"
    elif (kind is list or kind is tuple) and len(value) > _HASH_BATCH:
        yield b"["
        for start in range(0, len(value), _HASH_BATCH):
            yield (b"," if start else b"") + encode(value[start:start + _HASH_BATCH])[1:-1]
        yield b"]"
    elif kind is str and len(value) > _HASH_CHUNK:
        yield b'"'
        for start in range(0, len(value), _HASH_CHUNK):
            yield encode(value[start:start + _HASH_CHUNK])[1:-1]
        yield b'"'
    else:
        yield encode(value)


def _fast_sha256(value: Any, as_is: bool = False) -> str | None:
    """The hash of :func:`canonical_json_fast`'s bytes without holding them (nor a plain
    copy of ``value`` when it needs none): the canonical bytes are made and hashed a piece
    at a time (:func:`_canonical_pieces`). None when the fast path does not apply (a lone
    surrogate: orjson refuses it, as a strict UTF-8 encode does). ``as_is``: the caller
    checked that :func:`_plain_as_is` says True of ``value`` (sha256_hash)."""
    digest = hashlib.sha256()
    try:
        plain = value if as_is or _plain_as_is(value) else _plain(value)
        for piece in _canonical_pieces(plain):
            digest.update(piece)
    except (_NotPlain, RecursionError, *_REFUSED):
        return None
    return "sha256:" + digest.hexdigest()


def canonical_json_fast(value: Any) -> bytes | None:
    """The canonical JSON through the C ``json`` encoder, or None when it would differ."""
    try:
        plain = _plain(value)
        return json.dumps(plain, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                          allow_nan=False).encode("utf-8")
    except (_NotPlain, UnicodeEncodeError, RecursionError):
        return None


def canonical_json(value: Any) -> bytes:
    """The RFC 8785 canonical JSON of ``value`` as UTF-8 bytes: through the C ``json``
    encoder when the value holds only what it writes identically (a DOM text or outline
    reply does), else through ``rfc8785``."""
    fast = canonical_json_fast(value)
    if fast is not None:
        return fast
    return rfc8785.dumps(as_javascript_reads_it(value))


def sha256_hash(value: Any, *, as_is: bool = False) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``value``. ``as_is``: the caller walked
    ``value`` and found only what :func:`_plain_as_is` takes as it is (str, bool, None,
    integers within +-(2**53 - 1), dicts of ASCII str keys and lists of them: the walk that
    caps a DOM text result, pipeline/caps.py ``cap_strings_plain``), so it is not walked
    again here."""
    fast = _fast_sha256(value, as_is)
    if fast is not None:
        return fast
    return "sha256:" + hashlib.sha256(canonical_json(value)).hexdigest()
