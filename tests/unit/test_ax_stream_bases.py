"""Delta parts on a kept base (host/axsnap_host/native/ax_stream_bases.py,
extension/lib/ax/ax_stream.js).

The host keeps the main frame's nodes of each served whole-page stream; a later stream may
send that frame as the nodes that changed plus the order of all. The reply must be the one
the whole nodes give; a base the host does not hold fails the stream (bad_chunk) and the
host serves on; a frame read whole again drops its old base.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from test_capture_stream import comparable, pinned, reply_of, snapshot_request, split

from axsnap_host.native.ax_stream_bases import AxStreamBases
from axsnap_host.native.host import Host
from axsnap_host.pipeline.ax.rows import as_rows
from host_harness import load_capture


def _delta_parts(capture: dict[str, Any], stream: str, base: str,
                 changed_ids: set[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The main frame as one delta part (only `changed_ids`' nodes), the others whole."""
    capture = copy.deepcopy(capture)
    main = capture["frames"][0]
    order = [n["nodeId"] for n in main["axNodes"]]
    parts = [{"v": 1, "id": "d0", "type": "capture_part", "stream": stream, "seq": 0,
              "frameId": main["frameId"], "base": base, "order": order,
              "nodes": [n for n in main["axNodes"] if n["nodeId"] in changed_ids]}]
    main["axNodes"] = []
    rest, capture = split(capture, stream, part_nodes=10_000)
    capture["frames"][0]["axNodes"] = []
    for part in rest:
        if part["frameId"] != main["frameId"]:
            parts.append({**part, "seq": len(parts)})
    capture["ax_stream"] = {"id": stream, "parts": len(parts), "nodes": len(order) + sum(
        len(p["nodes"]) for p in parts[1:])}
    return parts, capture


def _renamed(capture: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The capture with one named main-frame node renamed; the node's id."""
    capture = copy.deepcopy(capture)
    for node in capture["frames"][0]["axNodes"]:
        name = node.get("name")
        if isinstance(name, dict) and name.get("value") and not node.get("ignored"):
            node["name"] = {**name, "value": name["value"] + " (renamed)"}
            return capture, node["nodeId"]
    raise AssertionError("no named node")


def test_a_delta_on_the_last_served_stream_gives_the_whole_reply(monkeypatch: Any) -> None:
    pinned(monkeypatch)
    capture = load_capture("login")
    host = Host()
    parts, streamed = split(capture, "st-1", part_nodes=7)
    assert reply_of(host, parts, snapshot_request(streamed))["ok"] is True
    assert len(host.streams.ax_bases) == 1

    renamed, node_id = _renamed(capture)
    whole = Host().handle_text(snapshot_request(renamed))[0]
    parts, streamed = _delta_parts(renamed, "st-2", "st-1", {node_id})
    reply = reply_of(host, parts, snapshot_request(streamed, message_id="s2"))
    assert reply["ok"] is True, reply
    assert reply["result"]["stats"]["ax_stream"]["delta"] is True
    assert comparable(reply["result"]) == comparable(whole["result"])
    assert "(renamed)" in json.dumps(reply["result"]["snapshot"])

    # a delta on that one (the first base is gone: superseded)
    parts, streamed = _delta_parts(renamed, "st-3", "st-2", set())
    reply = reply_of(host, parts, snapshot_request(streamed, message_id="s3"))
    assert reply["ok"] is True and comparable(reply["result"]) == comparable(whole["result"])
    assert len(host.streams.ax_bases) == 1


def test_a_delta_without_its_base_is_bad_chunk_and_the_host_serves_on(monkeypatch: Any) -> None:
    pinned(monkeypatch)
    capture = load_capture("login")
    host = Host()
    parts, streamed = _delta_parts(capture, "st-9", "never-served", set())
    reply = reply_of(host, parts, snapshot_request(streamed))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_chunk"
    assert "not held" in reply["error"]["message"]
    parts, streamed = split(capture, "st-10", part_nodes=50)
    assert reply_of(host, parts, snapshot_request(streamed, message_id="s2"))["ok"] is True
    # an id in neither the delta nor the base
    parts, streamed = _delta_parts(capture, "st-11", "st-10", set())
    parts[0]["order"] = [*parts[0]["order"], "no-such-node"]
    streamed["ax_stream"]["nodes"] += 1
    reply = reply_of(host, parts, snapshot_request(streamed, message_id="s3"))
    assert reply["error"]["code"] == "bad_chunk" and "neither" in reply["error"]["message"]


def test_a_frame_read_whole_again_drops_its_base_and_bases_are_bounded() -> None:
    capture = load_capture("login")
    host = Host()
    parts, streamed = split(capture, "st-1", part_nodes=50)
    assert reply_of(host, parts, snapshot_request(streamed))["ok"] is True
    assert len(host.streams.ax_bases) == 1
    parts, _ = split(capture, "st-2", part_nodes=50)
    host.handle_text(json.dumps(parts[0]))  # the same main frame, whole: the old base goes
    assert len(host.streams.ax_bases) == 0

    bases = AxStreamBases(max_bases=2, max_nodes=5)
    [node] = as_rows([{"nodeId": "1"}])  # a base holds the stream's rows
    for stream in ("a", "b", "c"):
        bases.keep(stream, stream.upper(), [node])
    assert len(bases) == 2 and bases.rebuild("c", "C", [], ["1"]) == [node]
    bases.keep("big", "Z", as_rows([{"nodeId": str(i)} for i in range(6)]))  # over max_nodes
    assert len(bases) == 2
    bases.keep("d", "D", as_rows([{"nodeId": str(i)} for i in range(4)]))  # total bounded
    assert bases.held_nodes() <= 5
