"""Whole-page reads streamed in parts: recorded captures split into capture_part messages.

The host must give the same SnapshotV1 and outline as for the capture in one message, keep
its bounds (streams, parts, nodes), and answer a broken stream (a gap, a navigation that
dropped it, an unknown id) with a structured error while it keeps serving.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from axsnap_host.models.capture import AxRow, RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.native.capture_stream import CaptureStreams
from axsnap_host.native.host import Host
from axsnap_host.pipeline.ax.rows import as_rows
from host_harness import HostProcess, load_capture

PINNED = {"snapshot_id": "ax_test", "ts": "2026-01-01T00:00:00.000Z"}


def split(capture: dict[str, Any], stream: str, part_nodes: int) -> tuple[list[dict], dict]:
    """The capture_part messages of `capture`'s AX nodes and the capture that names them."""
    capture = copy.deepcopy(capture)
    parts: list[dict[str, Any]] = []
    nodes = 0
    for frame_entry in capture["frames"]:
        all_nodes = frame_entry.get("axNodes") or []
        for start in range(0, len(all_nodes), part_nodes):
            piece = all_nodes[start:start + part_nodes]
            parts.append({"v": 1, "id": f"p{len(parts)}", "type": "capture_part",
                          "stream": stream, "seq": len(parts),
                          "frameId": frame_entry["frameId"], "nodes": piece})
            nodes += len(piece)
        frame_entry["axNodes"] = []
    capture["ax_stream"] = {"id": stream, "parts": len(parts), "nodes": nodes}
    return parts, capture


def snapshot_request(capture: dict[str, Any], options: dict[str, Any] | None = None,
                     message_id: str = "s1") -> str:
    return json.dumps({"v": 1, "id": message_id, "type": "snapshot",
                       "options": {"scope": "page", **(options or {})}, "capture": capture})


def reply_of(host: Host, parts: list[dict[str, Any]], request: str) -> dict[str, Any]:
    for part in parts:
        assert host.handle_text(json.dumps(part)) == []  # parts get no reply
        host.release()
    [reply] = host.handle_text(request)
    host.release()
    return reply


def pinned(monkeypatch: Any) -> None:
    from axsnap_host.pipeline import run

    real = run.process
    monkeypatch.setattr(run, "process", lambda request, state, **_: real(request, state,
                                                                         **PINNED))


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(result)
    result.pop("timings", None)
    result.pop("stats", None)
    return result


def test_streamed_capture_gives_the_same_snapshot_and_outline(monkeypatch: Any) -> None:
    pinned(monkeypatch)
    capture = load_capture("login")
    assert len(capture["frames"]) == 2 and sum(len(f["axNodes"]) for f in capture["frames"]) > 40
    for options in ({}, {"format": "outline"}):
        whole = Host().handle_text(snapshot_request(capture, options))[0]
        parts, streamed = split(capture, "st-1", part_nodes=7)
        assert len(parts) > 5 and len({p["frameId"] for p in parts}) == 2
        reply = reply_of(Host(), parts, snapshot_request(streamed, options))
        assert reply["ok"] is True, reply
        assert comparable(reply["result"]) == comparable(whole["result"])
        stats = reply["result"]["stats"]["ax_stream"]
        assert stats["parts"] == len(parts) and stats["nodes"] == streamed["ax_stream"]["nodes"]
        assert stats["bytes"] > reply["result"]["stats"]["request_bytes"]


def test_a_gap_an_unknown_or_dropped_stream_is_a_structured_error_and_the_host_serves_on(
) -> None:
    capture = load_capture("login")
    host = Host()
    parts, streamed = split(capture, "st-gap", part_nodes=10)
    reply = reply_of(host, parts[:2] + parts[3:], snapshot_request(streamed))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_chunk"
    assert "part 3 arrived where part 2 was due" in reply["error"]["message"]

    # the tab navigated between parts: the extension dropped the stream and retried
    parts, streamed = split(capture, "st-nav", part_nodes=10)
    for part in parts[:2]:
        host.handle_text(json.dumps(part))
    host.handle_text(json.dumps({"v": 1, "id": "d", "type": "capture_drop", "stream": "st-nav"}))
    assert host.streams.pending == []
    [reply] = host.handle_text(snapshot_request(streamed))
    assert reply["error"]["code"] == "bad_chunk" and "unknown" in reply["error"]["message"]

    parts, streamed = split(capture, "st-short", part_nodes=10)
    reply = reply_of(host, parts[:-1], snapshot_request(streamed))
    assert reply["error"]["code"] == "bad_chunk" and "incomplete" in reply["error"]["message"]

    parts, streamed = split(capture, "st-ok", part_nodes=10)
    reply = reply_of(host, parts, snapshot_request(streamed))
    assert reply["ok"] is True and host.streams.pending == []


def test_parts_are_checked_and_a_bad_part_fails_its_stream() -> None:
    streams = CaptureStreams()
    streams.add("a", 0, "F", [{"nodeId": "1"}, "not a node"], 10)
    capture = RawCapture.model_validate({"frames": [{"frameId": "F"}],
                                         "ax_stream": {"id": "a", "parts": 1, "nodes": 2}})
    # refused: a part with a non-object node
    with pytest.raises(AxsnapError, match="list of objects") as refused:
        streams.fill(capture)
    assert refused.value.code == ErrorCode.BAD_CHUNK
    streams.add("b", 0, "OTHER", [{"nodeId": "1"}], 10)
    capture = RawCapture.model_validate({"frames": [{"frameId": "F"}],
                                         "ax_stream": {"id": "b", "parts": 1, "nodes": 1}})
    # refused: nodes of a frame the capture does not list
    with pytest.raises(AxsnapError, match="does not list") as refused:
        streams.fill(capture)
    assert refused.value.code == ErrorCode.BAD_CHUNK


def test_memory_is_bounded_streams_evicted_and_an_oversized_stream_freed_at_once() -> None:
    streams = CaptureStreams(max_streams=2, max_parts=3, max_nodes=1000, max_bytes=10**6)
    node = {"nodeId": "1", "role": {"type": "role", "value": "generic"}}
    for stream in ("s1", "s2", "s3"):
        streams.add(stream, 0, "F", [dict(node)], 100)
    assert streams.pending == ["s2", "s3"]  # the oldest went
    for seq in range(1, 5):
        streams.add("s3", seq, "F", [dict(node)], 100)
    assert streams.held_nodes() == 1, "past max_parts the stream's nodes are dropped"
    streams.add("s2", 1, "F", [dict(node) for _ in range(2000)], 100)
    assert streams.held_nodes() == 0, "past max_nodes too"
    capture = RawCapture.model_validate({"frames": [{"frameId": "F"}],
                                         "ax_stream": {"id": "s3", "parts": 5, "nodes": 5}})
    # refused: an oversized stream
    with pytest.raises(AxsnapError, match="bounds") as refused:
        streams.fill(capture)
    assert refused.value.code == ErrorCode.BAD_CHUNK
    # identical roles are one string: 100k nodes hold tens of role objects, not 100k
    streams.add("s4", 0, "G", [dict(node), dict(node)], 10)
    capture = RawCapture.model_validate({"frames": [{"frameId": "G"}],
                                         "ax_stream": {"id": "s4", "parts": 1, "nodes": 2}})
    streams.fill(capture)
    first, second = capture.frames[0].axNodes
    assert first.role is second.role


def test_the_host_process_takes_a_stream_over_its_pipes() -> None:
    """As Chrome runs it: parts in native frames, then the request; no reply per part."""
    parts, streamed = split(load_capture("login"), "st-pipe", part_nodes=9)
    host = HostProcess()
    try:
        for part in parts:
            host.send(part)
        host.send(snapshot_request(streamed, message_id="final"))
        reply = host.read(timeout=60)
        assert reply["id"] == "final" and reply["ok"] is True, reply
        assert reply["result"]["stats"]["ax_stream"]["parts"] == len(parts)
        assert reply["result"]["stats"]["host_peak_rss_kb"] > 0
    finally:
        host.stop()


def test_streamed_nodes_are_compact_rows_that_share_what_repeats_and_read_the_same() -> None:
    streams = CaptureStreams()
    name = {"type": "computedString", "value": "Go"}
    nodes = [{"nodeId": str(i), "childIds": [str(i + 1)], "role": {"type": "role",
              "value": "button"}, "name": dict(name), "properties": [
              {"name": "disabled", "value": {"type": "boolean", "value": True}}]}
             for i in range(3)]
    nodes.append({"nodeId": "9", "name": {"type": "computedString", "value": "x" * 100},
                  "properties": []})
    streams.add("s", 0, "F", copy.deepcopy(nodes), 10)
    capture = RawCapture.model_validate({"frames": [{"frameId": "F"}],
                                         "ax_stream": {"id": "s", "parts": 1, "nodes": 4}})
    streams.fill(capture)
    kept = capture.frames[0].axNodes
    assert all(type(row) is AxRow for row in kept)
    assert kept[0].name is kept[1].name and kept[0].name == "Go"
    assert kept[0].state is kept[2].state and kept[0].state == {"disabled": True}
    assert kept[0].children[0] is kept[1].node_id  # interned: one string
    assert kept[3].name == "x" * 100 and kept[3].state is None
    # the same rows as a capture's own node dicts give when flattened
    assert kept == as_rows(nodes)


def test_equal_style_rows_are_one_tuple_and_empty_rects_one_list() -> None:
    from axsnap_host.models.capture_checks import share_style_rows

    snapshot = {"documents": [{"layout": {"styles": [[1, 2], [1, 2], [3]],
                                          "clientRects": [[], [0, 0, 5, 5], []]}}]}
    share_style_rows(snapshot)
    layout = snapshot["documents"][0]["layout"]
    assert layout["styles"] == [(1, 2), (1, 2), (3,)]
    assert layout["styles"][0] is layout["styles"][1]
    assert layout["clientRects"][0] is layout["clientRects"][2] == []
    assert layout["clientRects"][1] == [0, 0, 5, 5]
