"""Host dispatch in process: per-tab state, internal errors, chunked requests."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from axsnap_host.models.result import SnapshotResult
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import MAX_INBOUND_BYTES
from axsnap_host.pipeline import run
from axsnap_host.pipeline.state import TabStates


def test_tab_states_are_lru_bounded_and_forgettable() -> None:
    tabs = TabStates(max_tabs=2)
    first = tabs.get(1)
    tabs.get(2)
    assert tabs.get(1) is first  # touch 1: now 2 is the least recently used
    tabs.get(3)
    assert 2 not in tabs and 1 in tabs and 3 in tabs and len(tabs) == 2
    assert tabs.forget(1) is True and tabs.forget(1) is False
    assert tabs.get(1) is not first


def test_pipeline_exception_becomes_internal_error_and_host_keeps_serving(
    monkeypatch: pytest.MonkeyPatch, login_capture: dict[str, Any]
) -> None:
    def explode(*_: Any, **__: Any) -> dict[str, Any]:
        raise KeyError("secret-value-must-not-leak")

    host = Host()
    request = {"v": 1, "id": "s1", "type": "snapshot", "capture": login_capture}
    monkeypatch.setattr(run, "process", explode)
    [reply] = host.handle_text(json.dumps(request))
    assert reply["ok"] is False and reply["id"] == "s1"
    assert reply["error"]["code"] == "internal_error"
    assert "secret-value-must-not-leak" not in json.dumps(reply)
    monkeypatch.undo()
    [reply] = host.handle_text(json.dumps(request | {"id": "s2"}))
    assert reply["ok"] is True and reply["result"]["snapshot"]["quality"]["nodes_kept"] > 10


def test_snapshot_reply_carries_timings_stats_and_keeps_tab_state(
    login_capture: dict[str, Any],
) -> None:
    host = Host()
    request = {"v": 1, "id": "s", "type": "snapshot", "capture": login_capture}
    [reply] = host.handle_text(json.dumps(request))
    timings = reply["result"]["timings"]
    assert timings["host_ms"] >= timings["parse_ms"] > 0
    assert reply["result"]["stats"]["request_bytes"] == len(json.dumps(request))
    assert host.tabs.get(1).snapshots_served == 1
    result = SnapshotResult.model_validate(reply["result"])
    assert result.format == "snapshot" and result.snapshot is not None
    assert result.snapshot.quality.nodes_kept == len(result.snapshot.ax_tree.nodes)


def test_chunked_snapshot_request_is_processed(login_capture: dict[str, Any]) -> None:
    host = Host()
    text = json.dumps({"v": 1, "id": "big", "type": "snapshot", "capture": login_capture})
    size = len(text) // 3 + 1
    pieces = [text[i : i + size] for i in range(0, len(text), size)]
    replies: list[dict[str, Any]] = []
    for seq, piece in enumerate(pieces):
        chunk = {"v": 1, "id": "big", "type": "chunk", "seq": seq, "total": len(pieces),
                 "data": piece}
        replies.extend(host.handle_text(json.dumps(chunk)))
    assert len(replies) == 1
    assert replies[0]["ok"] is True and replies[0]["result"]["format"] == "snapshot"


def deflated_chunks(message_id: str, text: str, pieces: int,
                    encoding: str | None = "deflate") -> list[dict[str, Any]]:
    """A request as a deflated inbound chunk set (the protocol allows one)."""
    data = zlib.compress(text.encode("utf-8"))
    size = len(data) // pieces + 1
    return [{"v": 1, "id": message_id, "type": "chunk", "seq": seq, "total": pieces,
             "encoding": encoding, "data": base64.b64encode(data[at:at + size]).decode()}
            for seq, at in enumerate(range(0, len(data), size))]


def test_a_deflated_chunked_request_is_processed_and_bad_ones_are_bad_chunk(
        login_capture: dict[str, Any]) -> None:
    host = Host()
    text = json.dumps({"v": 1, "id": "big", "type": "snapshot", "capture": login_capture})
    replies = [r for c in deflated_chunks("big", text, 3) for r in host.handle_text(json.dumps(c))]
    assert len(replies) == 1
    assert replies[0]["ok"] is True and replies[0]["result"]["format"] == "snapshot"
    # one piece changed: not the stream; a stream standing for more than the host takes
    frames = deflated_chunks("cut", text, 3)
    frames[1]["data"] = base64.b64encode(b"nonsense").decode()
    bomb = deflated_chunks("bomb", " " * (MAX_INBOUND_BYTES + 10), 1)
    mixed = deflated_chunks("mixed", text, 2)
    mixed[1]["encoding"] = None
    for name, chunks in [("cut", frames), ("bomb", bomb), ("mixed", mixed)]:
        got = [r for c in chunks for r in host.handle_text(json.dumps(c))]
        assert [(r["id"], r["error"]["code"]) for r in got] == [(name, "bad_chunk")], got
    [pong] = host.handle_text(json.dumps({"v": 1, "id": "p", "type": "ping"}))
    assert pong["ok"] is True


def test_an_option_the_format_does_not_use_is_refused_and_the_host_keeps_serving(
    login_capture: dict[str, Any],
) -> None:
    """max_tokens on a SnapshotV1 would be ignored: the caller would get a larger reply than
    it budgeted for. It is refused with the reason; defaults of such options pass."""
    host = Host()
    request = {"v": 1, "id": "s", "type": "snapshot", "capture": login_capture,
               "options": {"format": "snapshot", "max_tokens": 500, "compression": "delta"}}
    [reply] = host.handle_text(json.dumps(request))
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    message = reply["error"]["message"]
    assert ("format 'snapshot' does not use max_tokens (outline/semantic/semantic_text)"
            in message), message
    assert "compression (domtext/elements/outline/som)" in message, message
    request["options"] = {"format": "snapshot", "compact": False, "compression": "none"}
    [reply] = host.handle_text(json.dumps(request | {"id": "s2"}))
    assert reply["ok"] is True
