"""The scrubbers' answers by text: pure functions of it, asked for every name of every read."""

from __future__ import annotations

from typing import Any

# scrub_text's and scrub_url's answers by text: pure functions of it, asked for every name of
# every read, and a re-read of a page asks the same names again. Bounded (emptied when
# full); the texts it holds are the host's own rows' (a tab's delta base keeps them too).
_SCRUBBED: dict[tuple[str, str], tuple[str, int]] = {}
_SCRUBBED_MAX = 120_000
_SCRUBBED_TEXT_MAX = 1_000  # characters: longer texts are scrubbed every time


def remembered(kind: str, text: str, scrub: Any) -> tuple[str, int]:
    """``scrub(text)``, memoized under (kind, text) in _SCRUBBED."""
    key = (kind, text)
    known = _SCRUBBED.get(key)
    if known is not None:
        return known
    found = scrub(text)
    if len(text) <= _SCRUBBED_TEXT_MAX:
        if len(_SCRUBBED) >= _SCRUBBED_MAX:
            _SCRUBBED.clear()
        _SCRUBBED[key] = found
    return found
