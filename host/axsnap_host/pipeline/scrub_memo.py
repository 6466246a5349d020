"""The scrubbers' answers by text: pure functions of it, asked for every name of every read."""

from __future__ import annotations

from typing import Any

from axsnap_host.pipeline import page_memos

# scrub_text's and scrub_url's answers by text: pure functions of it, asked for every name of
# every read, and a re-read of a page asks the same names again. Bounded (emptied when
# full); the texts it holds are the host's own rows' (a tab's delta base keeps them too).
# One table a kind, keyed by the text itself (a (kind, text) key was a tuple an entry); a
# text the scrubber leaves as it was is held once, as its own answer (_SAME), and answered
# with the asker's own string (scrub_url gave a new equal one: ~6 MB of the 100k page's).
_SCRUBBED: dict[str, dict[str, Any]] = {}
_SCRUBBED_MAX = 120_000
_SCRUBBED_TEXT_MAX = 1_000  # characters: longer texts are scrubbed every time
_SAME = object()
SAME = _SAME  # a table's answer for a text its scrubber leaves as it was


def forget() -> None:
    """Empty every table (page_memos.drop, after a big read: their keys are page texts)."""
    for kept in _SCRUBBED.values():
        kept.clear()


page_memos.register(forget)


def table(kind: str) -> dict[str, Any]:
    """The memo's table for ``kind``, for a scrubber to look a text up itself before it
    calls :func:`remembered` (a call less a text on the hot path; the table is emptied,
    never replaced)."""
    found = _SCRUBBED.get(kind)
    if found is None:
        found = _SCRUBBED[kind] = {}
    return found


def remembered(kind: str, text: str, scrub: Any) -> tuple[str, int]:
    """``scrub(text)``, memoized under ``text`` in _SCRUBBED's table for ``kind``."""
    memo = _SCRUBBED.get(kind)
    if memo is None:
        memo = _SCRUBBED[kind] = {}
    known = memo.get(text)
    if known is _SAME:
        return text, 0
    if known is not None:
        return known
    found = scrub(text)
    same = found[1] == 0 and found[0] == text
    if len(text) <= _SCRUBBED_TEXT_MAX:
        if sum(map(len, _SCRUBBED.values())) >= _SCRUBBED_MAX:
            for table in _SCRUBBED.values():
                table.clear()
        memo[text] = _SAME if same else found
    return (text, 0) if same else found
