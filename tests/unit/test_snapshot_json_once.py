"""A SnapshotV1 read served by the message loop is encoded once (pipeline/run.py
``_json_once``), exact or not: its JSON is made a slice of nodes at a time, its size counted
on those parts, and the reply writes the same parts, where it encoded the snapshot's nodes
again (a read not exact took the pre_encoded fast path until design note 121 retired it).

The replies are the ones the snapshot encoded by the reply gives (every recorded capture,
several option sets, a reply big enough to go in chunks), the reply encodes no node, and a
snapshot holding a number strict JSON cannot carry is refused by the reply as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_capture_stream import PINNED, snapshot_request

from axsnap_host.native import reply_stream
from axsnap_host.native.chunk_deflate import frames_text
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import frames_for_reply
from axsnap_host.pipeline.ax.snapshot import snapshot_json, snapshot_json_parts
from axsnap_host.pipeline.json_text import JsonText
from axsnap_host.pipeline.run import _json_once
from axsnap_host.pipeline.tokens import size_of
from host_harness import load_capture

EXACT = {"exact": True}
READS = [EXACT, {}]  # exact, and with the fast paths on: the same path


def served(written: bool) -> Host:
    host = Host()
    host.replies_written = written  # as run_message_loop() sets it (or not)
    return host


def reply_texts(host: Host, request: str, reads: int = 2) -> list[str]:
    """Each read's reply as the frames carry it (chunks joined and inflated), without the
    timings and the peak memory that change from run to run."""
    out = []
    for _ in range(reads):  # the second read renders through the tab's row memo
        [reply] = host.handle_text(request)
        frames = frames_for_reply(reply["id"], reply)
        parsed = [json.loads(frame) for frame in frames]
        text = frames_text(parsed) if parsed[0].get("type") == "chunk" else frames[0]
        host.release()
        decoded = json.loads(text)
        decoded["result"].pop("timings", None)
        decoded["result"].get("stats", {}).pop("host_peak_rss_kb", None)
        out.append(json.dumps(decoded, ensure_ascii=False))
    return out


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The snapshot id and time stamp pinned (the size counts them); parts of 16 nodes (a
    fixture's few hundred nodes make many parts)."""
    from axsnap_host.pipeline import node_text, run

    real = run.process
    monkeypatch.setattr(run, "process", lambda request, state, **kw: real(
        request, state, **{**kw, **PINNED}))
    monkeypatch.setattr(node_text, "NODES_PER_PART", 16)


@pytest.mark.parametrize("read", READS)
@pytest.mark.parametrize("name", ["login", "generated", "content"])
@pytest.mark.parametrize("options", [{}, {"pruned": False}, {"redact": False},
                                     {"snapshot_encoding": "rows"}])
def test_a_served_reply_is_the_reply_of_the_snapshot_encoded_again(
        name: str, options: dict[str, Any], read: dict[str, Any]) -> None:
    request = snapshot_request(load_capture(name), {**read, **options,
                                                    "trace_id": "t-1"})
    assert reply_texts(served(True), request) == reply_texts(served(False), request)


@pytest.mark.parametrize("read", READS)
def test_the_served_reply_encodes_no_node_and_counts_the_text_it_writes(
        monkeypatch: pytest.MonkeyPatch, read: dict[str, Any]) -> None:
    nodes_encoded = []
    real = reply_stream._encoded  # (what a reply's pieces are encoded by)

    def counting(value: Any) -> str | bytes:
        if isinstance(value, list | tuple) and value and isinstance(value[0], dict) and (
                "role" in value[0]):
            nodes_encoded.append(len(value))
        return real(value)

    monkeypatch.setattr(reply_stream, "_encoded", counting)
    request = snapshot_request(load_capture("generated"), read)
    [again] = served(False).handle_text(request)
    frames_for_reply(again["id"], again)
    assert nodes_encoded  # (the reply encodes the nodes when the result may be read)
    nodes_encoded.clear()
    [reply] = served(True).handle_text(request)
    snapshot = reply["result"]["snapshot"]
    assert isinstance(snapshot, JsonText) and len(snapshot.parts) > 3
    text = "".join(snapshot.parts)
    assert text == snapshot_json(again["result"]["snapshot"])
    assert reply["result"]["size"] == size_of(text) == again["result"]["size"]
    frames_for_reply(reply["id"], reply)
    assert nodes_encoded == []


def test_the_parts_are_the_snapshot_json_and_consume_its_nodes() -> None:
    [reply] = served(False).handle_text(snapshot_request(load_capture("generated"), EXACT))
    snapshot = reply["result"]["snapshot"]
    text = snapshot_json(snapshot)
    nodes = snapshot["ax_tree"]["nodes"]
    assert len(nodes) > 64
    assert "".join(snapshot_json_parts(snapshot)) == text
    assert "".join(snapshot_json_parts(snapshot, strict=True, consume=True)) == text
    assert set(map(type, nodes)) == {type(None)}  # let go as they were encoded


def test_a_number_strict_json_cannot_carry_is_refused_by_the_reply() -> None:
    nodes = [{"id": f"0-{i}", "role": "generic", "name": "NaN"} for i in range(150)]
    nodes[120]["value"] = float("nan")
    snapshot = {"snapshot_version": 1, "ax_tree": {"root_id": "0-0", "nodes": nodes}}
    written, _ = _json_once(snapshot)
    assert written.refused
    for result in ({"snapshot": written}, {"snapshot": {"a": float("inf")}}):
        reply = {"v": 1, "id": "r", "ok": True, "type": "result", "result": result}
        frames = list(frames_for_reply("r", reply))
        assert json.loads(frames[-1])["error"]["code"] == "invalid_message"
    # a name that spells it is no such number
    fine = {"snapshot_version": 1, "ax_tree": {"root_id": "0-0", "nodes": [
        {"id": "0-0", "role": "generic", "name": "NaN Infinity"}]}}
    expected = snapshot_json(fine)
    written, size = _json_once(fine)
    assert not written.refused and size == size_of(expected)
    assert "".join(written.parts) == expected
