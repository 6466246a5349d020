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
from typing import Any

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


def canonical_json(value: Any) -> bytes:
    """The RFC 8785 canonical JSON of ``value`` as UTF-8 bytes."""
    return rfc8785.dumps(as_javascript_reads_it(value))


def sha256_hash(value: Any) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``value``."""
    return "sha256:" + hashlib.sha256(canonical_json(value)).hexdigest()
