"""A big reply is parsed without the cyclic collector walking it (client/reply_json.py):
the collector does not run during the parse, runs again after it, and the parsed reply is
json.loads's."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from axsnap_host.client.devtools_bridge import devtools_call
from axsnap_host.client.reply_json import PAUSE_FROM_CHARS, parse_reply


def big_reply_text() -> str:
    """A whole-page DOM text reply's shape: thousands of element records (past the size
    from which the collector is paused)."""
    elements = [{"index": i, "tagName": "a", "text": f"link {i}", "attributes": {"href": f"#{i}"},
                 "rect": {"x": i, "y": 2 * i, "width": 40, "height": 16}, "reasons": ["href"]}
                for i in range(12_000)]
    text = json.dumps({"ok": True, "result": {"format": "domtext", "elements": elements}})
    assert len(text) >= PAUSE_FROM_CHARS
    return text


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generations the cyclic collector collected while the test ran."""
    seen: list[int] = []

    def heard(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    was_enabled = gc.isenabled()
    gc.enable()
    gc.callbacks.append(heard)
    try:
        yield seen
    finally:
        gc.callbacks.remove(heard)
        if not was_enabled:
            gc.disable()


class Bridge:
    def __init__(self, answer: str) -> None:
        self.answer = answer

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> str:
        return self.answer


def test_a_big_reply_is_parsed_without_the_collector(collections: list[int]) -> None:
    text = big_reply_text()
    expected = json.loads(text)
    collections.clear()
    got = devtools_call(Bridge(text), "send", [{"type": "snapshot"}], 5.0)
    assert collections == []  # with the collector on, tens of collections ran in this parse
    assert got == expected
    assert gc.isenabled()  # and it runs again afterwards


def test_a_small_reply_is_parsed_the_plain_way(collections: list[int]) -> None:
    assert parse_reply('{"ok": true, "result": {"pong": true}}') == {
        "ok": True, "result": {"pong": True}}
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused() -> None:
    gc.disable()
    try:
        assert parse_reply(big_reply_text())["ok"] is True
        assert not gc.isenabled()
    finally:
        gc.enable()
