"""Cap every string of a reply, once, after redaction: one 4 MB label must not make an
8 MB outline.

``cap_strings`` walks the finished ``result`` (every format) and cuts each string longer
than its cap, marking the cut ``…[+N chars]``. A text of many lines (the outline, DOM
text) is capped line by line, so one long label costs one capped line. It runs after the
redaction of every channel, so a cut never shows part of a secret that redaction would
have matched (a cut can only fall inside ``[redacted:…]`` markers, never inside the
secret). Encoded images and XPaths are left whole.
"""

from __future__ import annotations

import re
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
