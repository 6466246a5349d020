"""Cap every string of a reply, once, after redaction: one 4 MB label must not make an
8 MB outline.

``cap_strings`` walks the finished ``result`` (every format) and cuts each string longer
than its cap, marking the cut ``…[+N chars]``. A text of many lines (the outline, DOM
text) is capped line by line, so one long label costs one capped line. It runs after the
redaction of every channel, so a cut never shows part of a secret that redaction would
have matched (a cut can only fall inside ``[redacted:…]`` markers, never inside the
secret). Encoded images and XPaths are left whole.

``cap_strings_plain`` caps a DOM text result the same way and, in the same walk, tells
whether its hashed parts hold only what the canonical hash encodes as it is (design note
130): the hash's own check was a second walk of every element record. DOM text's element
records are walked only where a test of the build's record shape does not say the walk
would leave them as they are (``left_as_is``, pipeline/elements/record_caps.py, note 252).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

MAX_TEXT = 2_000  # names, descriptions, text, URLs: any string (or line of a text)
MAX_VALUE = 500  # a control's value (``value`` keys)
_VALUE_KEYS = frozenset({"value"})
# Left whole: base64 screenshots, and XPaths (locators that a cut would break; their length
# is bounded by the tag names along the walker's capped depth, not by page text).
_WHOLE_KEYS = frozenset({"image", "xpath", "combinedXpathMap"})
_CUT_MARK = re.compile(r"…\[\+\d+ chars\]$")


def _already_cut(text: str, limit: int) -> bool:
    """A string this module cut before: capping again must change nothing (the reply is
    capped before its hash and delta are computed, and once more as a whole)."""
    mark = _CUT_MARK.search(text)
    return mark is not None and mark.start() <= limit


def elide(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with ``…[+N chars]`` saying how many went."""
    if len(text) <= limit or _already_cut(text, limit):
        return text
    return f"{text[:limit]}…[+{len(text) - limit} chars]"


def cap_text(text: str, limit: int = MAX_TEXT) -> str:
    """One string capped; a multi-line text capped line by line."""
    if len(text) <= limit:
        return text
    if "\n" in text:
        return "\n".join(elide(line, limit) for line in text.split("\n"))
    return elide(text, limit)


# Values that are never walked nor cut: a type test skips them before the isinstance tests
_SCALARS = frozenset({int, float, bool, type(None)})


def cap_strings(result: dict[str, Any]) -> dict[str, Any]:
    """Cap every string value in ``result`` in place (iterative: nesting depth is the
    page's). Dict keys are left alone (ids and field names)."""
    # Most strings are short: only one longer than the smaller cap is looked at again (a
    # whole-page SnapshotV1 has about 100k strings). Exact types are told apart by a type
    # test first (str, the scalars, dict, list); anything else (a subclass) takes the
    # isinstance tests, so what is walked and cut is what those tests alone decide.
    stack: list[Any] = [result]
    pop, push = stack.pop, stack.append
    scalars, whole = _SCALARS, _WHOLE_KEYS
    while stack:
        item = pop()
        if isinstance(item, dict):
            for key, value in item.items():
                kind = type(value)
                if kind is str:
                    if len(value) > MAX_VALUE and key not in whole:
                        item[key] = cap_text(value,
                                             MAX_VALUE if key in _VALUE_KEYS else MAX_TEXT)
                elif kind in scalars:
                    continue
                elif kind is dict or kind is list:
                    if key not in whole:
                        push(value)
                elif isinstance(value, str):
                    if len(value) > MAX_VALUE and key not in whole:
                        item[key] = cap_text(value,
                                             MAX_VALUE if key in _VALUE_KEYS else MAX_TEXT)
                elif isinstance(value, dict | list) and key not in whole:
                    push(value)
        elif isinstance(item, list):
            for i, value in enumerate(item):
                kind = type(value)
                if kind is str:
                    if len(value) > MAX_TEXT:
                        item[i] = cap_text(value)
                elif kind in scalars:
                    continue
                elif kind is dict or kind is list:
                    push(value)
                elif isinstance(value, str):
                    if len(value) > MAX_TEXT:
                        item[i] = cap_text(value)
                elif isinstance(value, dict | list):
                    push(value)
    return result


_SAFE_INTEGER = 2**53 - 1  # (models/canonical.py: an integer JavaScript reads exactly)
_PLAIN_LEAVES = frozenset({bool, type(None)})


def cap_strings_plain(result: dict[str, Any], parts: tuple[str, ...],
                      left_as_is: Callable[[dict[str, Any]], bool] | None = None) -> bool:
    """:func:`cap_strings` of ``result``; and True only when every value under
    ``result[part]`` for ``parts`` is a str, a bool, None, an integer within +-(2**53 - 1),
    or a dict (of ASCII str keys) or list of them: a value the canonical hash encodes as it
    is (``models/canonical._plain_as_is`` says True of it). False says nothing (a float, a
    tuple, a subclass, a key not ASCII, a container under a key left whole): the hash checks
    for itself then. The parts are capped in the walk that checks them, the rest of
    ``result`` by :func:`cap_strings`.

    ``left_as_is``: a test of one of DOM text's element records (``result["elements"]``, a
    list of the DOM build's records) that says True only of a record the walk would leave
    as it is and find plain; a record it passes is not walked (design note 252)."""
    rest = {key: value for key, value in result.items() if key not in parts}
    cap_strings(rest)
    records = result.get("elements")
    if left_as_is is None or "elements" not in parts or type(records) is not list:
        records = None  # (walked with the other parts)
    hashed = {key: result[key] for key in parts
              if key in result and (records is None or key != "elements")}
    plain = _cap_checking(hashed)
    if records is not None and left_as_is is not None:
        plain = _cap_records(records, left_as_is) and plain
    result.update(rest)
    result.update(hashed)
    return plain


def _cap_records(records: list[Any], left_as_is: Callable[[dict[str, Any]], bool]) -> bool:
    """``_cap_checking({"elements": records})``: the same values capped, the same answer,
    the records ``left_as_is`` passes not walked (it says True only of a record the walk
    would leave as it is and find plain)."""
    plain = True
    for i, record in enumerate(records):
        if type(record) is dict and left_as_is(record):
            continue
        one = [record]  # (the walk caps a string of the list in place: here, then put back)
        plain = _cap_checking({"elements": one}) and plain
        records[i] = one[0]
    return plain


def _cap_checking(top: dict[str, Any]) -> bool:
    """:func:`cap_strings`' walk, each value's type and each dict's keys checked too (see
    :func:`cap_strings_plain`); anything but the exact types listed there is left to the
    isinstance tests, as cap_strings leaves it, and makes the answer False."""
    stack: list[Any] = [top]
    pop, push = stack.pop, stack.append
    leaves, whole = _PLAIN_LEAVES, _WHOLE_KEYS
    low, high = -_SAFE_INTEGER, _SAFE_INTEGER
    plain = True
    while stack:
        item = pop()
        if isinstance(item, dict):
            if plain and type(item) is not dict:
                plain = False
            for key, value in item.items():
                kind = type(value)
                if kind is str:
                    if len(value) > MAX_VALUE and key not in whole:
                        item[key] = cap_text(value,
                                             MAX_VALUE if key in _VALUE_KEYS else MAX_TEXT)
                elif kind is int:
                    if plain and not low <= value <= high:
                        plain = False
                elif kind in leaves:
                    continue
                elif kind is dict or kind is list:
                    if key not in whole:
                        push(value)
                    else:
                        plain = False
                else:
                    plain = False
                    if isinstance(value, str):
                        if len(value) > MAX_VALUE and key not in whole:
                            item[key] = cap_text(value,
                                                 MAX_VALUE if key in _VALUE_KEYS else MAX_TEXT)
                    elif isinstance(value, dict | list) and key not in whole:
                        push(value)
            if plain:
                for key in item:
                    if type(key) is not str or not key.isascii():
                        plain = False
                        break
        elif isinstance(item, list):
            if plain and type(item) is not list:
                plain = False
            for i, value in enumerate(item):
                kind = type(value)
                if kind is str:
                    if len(value) > MAX_TEXT:
                        item[i] = cap_text(value)
                elif kind is int:
                    if plain and not low <= value <= high:
                        plain = False
                elif kind in leaves:
                    continue
                elif kind is dict or kind is list:
                    push(value)
                else:
                    plain = False
                    if isinstance(value, str):
                        if len(value) > MAX_TEXT:
                            item[i] = cap_text(value)
                    elif isinstance(value, dict | list):
                        push(value)
    return plain
