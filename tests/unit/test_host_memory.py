"""The host's memory on whole-page reads, per AX node: what a streamed node costs while its
request is awaited. Bounds in bytes, measured with tracemalloc (no wall clock).

The nodes are shaped like the 100k-element bench page's (bench/pages/generate.py): cards of
a group, its text, a button with a property and a link with a URL, between ignored
wrappers; parsed from JSON as the host parses a part, so no string is shared by the test.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.native.capture_stream import CaptureStreams
from axsnap_host.native.protocol import decode_json

PART_NODES = 4000  # the extension's part size (ax_stream.js)
# Measured on these nodes: 814 bytes a node kept as parsed dicts with shared values
# (before), 365 as rows.
HELD_BYTES_PER_NODE = 450


def page_nodes(cards: int) -> list[dict[str, Any]]:
    """getFullAXTree of a page of ``cards`` cards (ids unique, texts numbered)."""
    def text(value: str) -> dict[str, Any]:
        return {"type": "computedString", "value": value}

    def role(value: str, internal: bool = False) -> dict[str, str]:
        return {"type": "internalRole" if internal else "role", "value": value}

    nodes: list[dict[str, Any]] = [{"nodeId": "1", "ignored": False, "role": role(
        "RootWebArea", True), "name": text("Bench page"), "childIds": [], "backendDOMNodeId": 1,
        "properties": [{"name": "url", "value": {"type": "string", "value": "http://p/"}}]}]
    for card in range(cards):
        base = 10 + card * 8
        ids = [str(base + k) for k in range(7)]
        wrapper, group, label, button, button_text, link, link_text = ids
        nodes[0]["childIds"].append(wrapper)
        nodes += [
            {"nodeId": wrapper, "ignored": True, "role": role("none"), "childIds": [group],
             "parentId": "1", "backendDOMNodeId": base},
            {"nodeId": group, "ignored": False, "role": role("group"), "name": text(
                f"Card {card}"), "childIds": [label, button, link], "parentId": wrapper,
             "backendDOMNodeId": base + 1, "properties": []},
            {"nodeId": label, "ignored": False, "role": role("StaticText", True),
             "name": text(f"Card {card}"), "childIds": [], "parentId": group,
             "backendDOMNodeId": base + 2, "properties": []},
            {"nodeId": button, "ignored": False, "role": role("button"), "name": text(
                f"Open Card {card}"), "childIds": [button_text], "parentId": group,
             "backendDOMNodeId": base + 3, "properties": [
                 {"name": "invalid", "value": {"type": "token", "value": "false"}}]},
            {"nodeId": button_text, "ignored": False, "role": role("StaticText", True),
             "name": text(f"Open Card {card}"), "childIds": [], "parentId": button,
             "backendDOMNodeId": base + 4, "properties": []},
            {"nodeId": link, "ignored": False, "role": role("link"), "name": text("Details"),
             "childIds": [link_text], "parentId": group, "backendDOMNodeId": base + 5,
             "properties": [{"name": "url", "value": {
                 "type": "string", "value": f"http://p/#Card%20{card}"}}]},
            {"nodeId": link_text, "ignored": False, "role": role("StaticText", True),
             "name": text("Details"), "childIds": [], "parentId": link,
             "backendDOMNodeId": base + 6, "properties": []},
        ]
    return nodes


def part_texts(nodes: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(nodes[i:i + PART_NODES]) for i in range(0, len(nodes), PART_NODES)]


def test_a_streamed_node_is_held_in_a_few_hundred_bytes() -> None:
    nodes = page_nodes(4000)
    texts = part_texts(nodes)
    count = len(nodes)
    del nodes
    streams = CaptureStreams()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        for seq, text in enumerate(texts):
            streams.add("s", seq, "F", json.loads(text), len(text))
        held, _ = tracemalloc.get_traced_memory()
        per_node = (held - before) / count
        capture = RawCapture.model_validate(
            {"frames": [{"frameId": "F", "captured": True}],
             "ax_stream": {"id": "s", "parts": len(texts), "nodes": count}})
        streams.fill(capture)
    finally:
        tracemalloc.stop()
    assert per_node < HELD_BYTES_PER_NODE, f"{per_node:.0f} bytes a streamed node"
    assert len(capture.frames[0].axNodes) == count


def test_a_large_message_parses_each_repeated_number_once() -> None:
    """A DOMSnapshot repeats its boxes' numbers over 100k rows: parsed, equal numbers are
    one object (protocol.decode_json), the values unchanged, NaN still refused."""
    rows = [[16, 1024.5 + (i % 3), 1248, 18.25, 70000 + i] for i in range(60_000)]
    text = json.dumps({"dom_snapshot": {"rows": rows}}, separators=(",", ":"))
    assert len(text) > 1 << 20
    parsed = decode_json(text)["dom_snapshot"]["rows"]
    assert parsed == rows
    assert parsed[0][2] is parsed[1][2] and parsed[0][3] is parsed[5][3]  # 1248, 18.25
    assert parsed[0][1] is parsed[3][1]  # 1024.5
    with pytest.raises(ValueError):
        decode_json(text[:-3] + ", NaN]}}")


@pytest.mark.parametrize("holder", ["dom_snapshot", "nodes", "axNodes"])
def test_numbers_are_shared_where_a_message_holds_what_repeats_them(holder: str) -> None:
    """A DOMSnapshot, a capture part's AX nodes and a frame's: each shares its numbers."""
    rows = [{"box": [16, 1248 + (i % 7), 70000 + i]} for i in range(50_000)]
    text = json.dumps({"walker": {"x": 1},
                       holder: {"rows": rows} if holder == "dom_snapshot" else rows},
                      separators=(",", ":"))
    assert 1 << 20 < len(text) < 8 << 20
    parsed = decode_json(text)[holder]
    parsed = parsed["rows"] if holder == "dom_snapshot" else parsed
    assert parsed == rows
    assert parsed[0]["box"][1] is parsed[7]["box"][1]  # 1248


def _walk_request(rows: int) -> dict[str, Any]:
    """A whole-page walk's request: records and rows, frames without AX nodes, no DOMSnapshot;
    a page's text that spells a key of what repeats numbers."""
    return {"v": 1, "type": "snapshot", "capture": {
        "frames": [{"frameId": "F", "axNodes": [], "ax_source": "walk"}], "dom_snapshot": None,
        "walker": {"text": 'a page that says "nodes":[{ and "dom_snapshot":{',
                   "axt": {"rows": [[i % 40, "StaticText", f"item {i}", None, 0, -21168 - i, 0,
                                     0, [16, 9740 + 29 * (i % 50), 60, 17]]
                                    for i in range(rows)]}}}}


def test_a_walk_request_is_parsed_without_a_call_per_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole-page walk's request under 16 MiB (rust-primitive-u8's SnapshotV1: 6.5 MiB;
    rustdoc Wrapping's: 14.7 MiB) is parsed at the parser's own pace: a Python call per
    number doubled its parse (design notes 92, 121). From 16 MiB on (the 100k page's tree
    formats', near the host's memory bound) its numbers are shared, for the read's peak.
    The values are the same either way; NaN is still refused."""
    from axsnap_host.native import protocol

    calls = 0
    missing = protocol._SharedNumbers.__missing__

    def counting(self: Any, text: str) -> Any:
        nonlocal calls
        calls += 1
        return missing(self, text)

    monkeypatch.setattr(protocol._SharedNumbers, "__missing__", counting)
    message = _walk_request(30_000)
    text = json.dumps(message, separators=(",", ":"))
    assert 1 << 20 < len(text) < 8 << 20
    assert decode_json(text) == message
    with pytest.raises(ValueError):
        decode_json(text.replace('"v":1', '"v":NaN', 1))
    big = _walk_request(140_000)
    text = json.dumps(big, separators=(",", ":"))
    assert 8 << 20 <= len(text) < protocol._SHARE_WALK_NUMBERS_FROM
    assert decode_json(text) == big
    assert calls == 0
    monkeypatch.setattr(protocol, "_SHARE_WALK_NUMBERS_FROM", len(text))  # (a bigger one)
    parsed = decode_json(text)
    assert parsed == big and calls > 0
    rows = parsed["capture"]["walker"]["axt"]["rows"]
    assert rows[0][8][1] is rows[50][8][1]  # 9740


def test_a_big_read_gives_its_memory_back_once_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a whole-page read's reply the host collects and trims (memory.give_back), so a
    host that served big reads starts the next from the footprint of a fresh one."""
    import axsnap_host.native.host as host_module

    calls: list[int] = []
    monkeypatch.setattr(host_module, "give_back", lambda: calls.append(1))
    host = host_module.Host()
    nodes = page_nodes(3000)
    texts = part_texts(nodes)
    for seq, text in enumerate(texts):
        part = {"v": 1, "id": f"p{seq}", "type": "capture_part", "stream": "s", "seq": seq,
                "frameId": "F", "nodes": json.loads(text)}
        assert host.handle_text(json.dumps(part)) == []
        host.release()
    assert calls == []  # parts are not a read
    request = {"v": 1, "id": "r", "type": "snapshot", "options": {"scope": "page"},
               "capture": {"tab": {"id": 1, "url": "http://p/"},
                           "frames": [{"frameId": "F", "url": "http://p/", "captured": True}],
                           "ax_stream": {"id": "s", "parts": len(texts), "nodes": len(nodes)}}}
    [reply] = host.handle_text(json.dumps(request))
    assert reply["ok"] is True, reply
    host.release()
    assert calls == [1]
    [reply] = host.handle_text(json.dumps({"v": 1, "id": "ping", "type": "ping"}))
    host.release()
    assert calls == [1]


def test_the_collector_waits_until_the_reply_is_sent() -> None:
    """run_message_loop() holds the cyclic collector from a message's arrival until release()
    (after its replies are written): resumed inside handle_text, it would run over the read's
    new objects while the reply waits. A host used without run_message_loop() pauses it per
    message."""
    import gc

    from axsnap_host.native.host import Host

    assert gc.isenabled()
    ping = json.dumps({"v": 1, "id": "ping", "type": "ping"})
    plain = Host()
    [reply] = plain.handle_text(ping)
    assert reply["ok"] is True and gc.isenabled()
    held = Host()
    held.hold_gc = True
    try:
        [reply] = held.handle_text(ping)
        assert reply["ok"] is True
        assert not gc.isenabled()  # the reply is written now, the collector still waits
    finally:
        held.release()
    assert gc.isenabled()


def test_snapshot_v1_frees_the_rect_columns_once_the_index_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Client and scroll rects are the outline's and the index's frame offsets': a whole-page
    SnapshotV1 frees them after indexing (20 MB of the 100k page's peak); same snapshot."""
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax import build
    from axsnap_host.pipeline.run import process
    from axsnap_host.pipeline.state import TabState
    from host_harness import load_capture

    def request(owned: bool = True) -> SnapshotRequest:
        parsed = SnapshotRequest.model_validate(
            {"v": 1, "id": "r", "type": "snapshot", "options": {"scope": "page"},
             "capture": load_capture("login")})
        if owned:  # as the host marks the capture it parsed
            parsed.capture.derived[build.HOST_OWNED] = True
        return parsed

    def rect_columns(req: SnapshotRequest) -> int:
        return sum(name in doc["layout"] for doc in req.capture.dom_snapshot["documents"]
                   for name in ("clientRects", "scrollRects"))

    freed = request()
    assert rect_columns(freed) > 0
    snapshot = process(freed, TabState(1), snapshot_id="s", ts="t")["snapshot"]
    assert rect_columns(freed) == 0
    monkeypatch.setattr(build, "drop_rect_columns", lambda capture: None)
    kept = request()
    assert process(kept, TabState(1), snapshot_id="s", ts="t")["snapshot"] == snapshot
    assert rect_columns(kept) > 0
    monkeypatch.undo()
    callers = request(owned=False)  # a caller's own capture is never changed
    assert process(callers, TabState(1), snapshot_id="s", ts="t")["snapshot"] == snapshot
    assert rect_columns(callers) > 0


def untimed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not k.endswith("_ms")}
    return [untimed(v) for v in value] if isinstance(value, list) else value


def whole_page_request(also: list[str], owned: bool) -> Any:
    """A whole-page SnapshotV1 request of the basic fixture page (with ``also`` formats),
    its capture marked the host's own when ``owned`` (as the host marks a capture it parsed)."""
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax import build

    page = json.loads((Path(__file__).resolve().parents[1] / "fixtures"
                       / "dom_basic_whole.json").read_text())
    parsed = SnapshotRequest.model_validate(
        {"v": 1, "id": "r", "type": "snapshot", "capture": page,
         "options": {"scope": "page", "viewport_only": False,
                     **({"also_formats": also} if also else {})}})
    if owned:
        parsed.capture.derived[build.HOST_OWNED] = True
    return parsed


@pytest.mark.parametrize("also", [[], ["outline", "domtext"]])
def test_snapshot_v1_lets_the_walker_records_go_before_its_rows(
        monkeypatch: pytest.MonkeyPatch, also: list[str]) -> None:
    """The read's last format (SnapshotV1, after the formats it is asked along with) has
    read the walker's records and their join once its tree is redacted: on the host's own
    capture they go then, before the rows and node objects are made and the reply encoded
    (~130 MB of the 100k page's); the same replies; a caller's capture is never changed."""
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax import build
    from axsnap_host.pipeline.dom.walker_merge import JOINED
    from axsnap_host.pipeline.run import process
    from axsnap_host.pipeline.state import TabState

    def request(owned: bool) -> SnapshotRequest:
        return whole_page_request(also, owned)

    seen: list[tuple[int, bool]] = []  # (records, join held) when the rows are made
    make_rows = build.build_snapshot

    def watched(*, capture: Any, **kwargs: Any) -> Any:
        seen.append((len(capture.walker["elements"]), JOINED in capture.derived))
        return make_rows(capture=capture, **kwargs)

    monkeypatch.setattr(build, "build_snapshot", watched)
    callers = request(owned=False)
    records = len(callers.capture.walker["elements"])
    assert records > 10
    kept = process(callers, TabState(1), snapshot_id="s", ts="t")
    assert seen == [(records, True)] and len(callers.capture.walker["elements"]) == records
    seen.clear()
    owned = request(owned=True)
    freed = process(owned, TabState(1), snapshot_id="s", ts="t")
    assert seen == [(0, False)] and owned.capture.walker["elements"] == []
    assert untimed(freed) == untimed(kept)
    assert set(freed.get("also", {})) == set(also)


@pytest.mark.parametrize("fmt", ["snapshot", "outline", "domtext"])
def test_a_read_leaves_nothing_for_the_cyclic_collector(fmt: str) -> None:
    """The host pauses the cyclic collector for a whole read (memory.gc_paused), so whatever a
    step leaves in a reference cycle lives until the reply is sent: the outline's DomIndex
    (a closure calling itself) held its DomInfo cache through the read's other formats, 108 MB
    of the 100k bench page's all-formats read. Each format's pipeline frees by reference
    counting alone."""
    import gc
    from collections import Counter

    from host_harness import load_capture, process_capture

    capture = load_capture("login")
    options: dict[str, Any] = ({"format": fmt, "viewport_only": False} if fmt == "domtext"
                               else {"format": fmt, "scope": "page"})
    process_capture(capture, **options)  # first use: imports and caches
    gc.collect()
    gc.disable()
    try:
        process_capture(capture, **options)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert sum(left.values()) < 20, f"left to the cyclic collector: {left.most_common(6)}"


@pytest.mark.parametrize("key", [None, "doc-1"])
def test_a_read_lets_its_dom_snapshot_go_before_the_reply_unless_kept(
        monkeypatch: pytest.MonkeyPatch, key: str | None) -> None:
    """Once a read is made, its DOMSnapshot is freed before the reply is encoded and sent,
    unless the host keeps it as the next read's base (native/dom_snapshot_bases.py; a 100k
    page's is too big to keep: ~60 MB of its peak while the reply was written). The same
    reply either way."""
    from axsnap_host.native.host import Host
    from axsnap_host.pipeline.ax import build

    page = json.loads((Path(__file__).resolve().parents[1] / "fixtures"
                       / "dom_basic_whole.json").read_text())
    if key is not None:
        page["dom_snapshot_key"] = key
    message = json.dumps({"v": 1, "id": "r", "type": "snapshot", "capture": page,
                          "options": {"scope": "page", "viewport_only": False,
                                      "also_formats": ["outline", "domtext"]}})
    host = Host()
    [reply] = host.handle_text(message)
    assert reply["ok"] is True, reply
    [raw, request] = host._retained  # what the host holds until the reply is sent
    documents = raw["capture"]["dom_snapshot"]["documents"]
    if key is None:
        assert request.capture.dom_snapshot is None and documents == []
    else:
        assert request.capture.dom_snapshot["documents"] and documents
    host.release()
    monkeypatch.setattr(build, "drop_dom_snapshot", lambda capture: False)
    [held] = Host().handle_text(message)

    def steady(value: Any) -> Any:  # a SnapshotV1's own ids and time differ between reads
        if isinstance(value, dict):
            return {k: steady(v) for k, v in value.items()
                    if k not in ("snapshot_id", "trace_id", "ts", "size", "host_peak_rss_kb")}
        return [steady(v) for v in value] if isinstance(value, list) else value

    assert steady(untimed(held["result"])) == steady(untimed(reply["result"]))


@pytest.mark.parametrize("also", [[], ["outline", "domtext"]])
def test_snapshot_v1_takes_its_facts_off_the_join_before_its_tree(
        monkeypatch: pytest.MonkeyPatch, also: list[str]) -> None:
    """On the host's own capture of a whole page, the read's last format (SnapshotV1) takes
    what it reads of the walker's join (the pointer rows, the secret fields, the records with
    element facts) and lets the records and the join go before it builds its tree: the
    100k page's join and tree were that read's peak together. The same replies; a caller's
    capture keeps its records."""
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax import build
    from axsnap_host.pipeline.dom.walker_merge import JOINED
    from axsnap_host.pipeline.run import process
    from axsnap_host.pipeline.state import TabState

    def request(owned: bool) -> SnapshotRequest:
        return whole_page_request(also, owned)

    seen: list[tuple[int, bool]] = []  # (records, join held) when SnapshotV1's tree is built
    flatten = build.flat_tree

    def watched(capture: Any) -> Any:
        seen.append((len(capture.walker["elements"]), JOINED in capture.derived))
        return flatten(capture)

    monkeypatch.setattr(build, "flat_tree", watched)
    callers = request(owned=False)
    records = len(callers.capture.walker["elements"])
    kept = process(callers, TabState(1), snapshot_id="s", ts="t")
    assert records > 10 and seen == [(records, True)]
    seen.clear()
    owned = request(owned=True)
    freed = process(owned, TabState(1), snapshot_id="s", ts="t")
    assert seen == [(0, False)]
    assert untimed(freed) == untimed(kept)


@pytest.mark.parametrize("also", [[], ["outline", "domtext"]])
def test_snapshot_v1_from_the_walk_lets_the_join_go_before_its_tree(
        monkeypatch: pytest.MonkeyPatch, also: list[str]) -> None:
    """SnapshotV1 from the walk, the read's last format, on the host's own capture: it takes
    what it reads of the walker's join (the pointer rows, the secret fields, the records
    with element facts, the links its tree's build reads, the boxes of tracked elements
    without a DOM id) and lets the records and the join go before it builds or takes its
    walk tree (the 100k page's ~99k records and their join beside its tree were the
    all-three read's peak). The same replies; a caller's capture keeps its records."""
    from test_outline_walk import walk_capture

    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax import build
    from axsnap_host.pipeline.axwalk import rows as walk_rows
    from axsnap_host.pipeline.dom.walker_merge import JOINED
    from axsnap_host.pipeline.run import process
    from axsnap_host.pipeline.state import TabState

    def request(owned: bool) -> SnapshotRequest:
        page = walk_capture()
        # the heading's row names a tracked record without a backendNodeId: its box
        page["walker"]["elements"].append(
            {"p": 1, "f": 0, "s": "h1", "r": [5, 100, 400, 30], "vis": 1, "w": 11})
        page["walker"]["axt"]["rows"][1][5] = 11
        parsed = SnapshotRequest.model_validate(
            {"v": 1, "id": "r", "type": "snapshot", "capture": page,
             "options": {"scope": "page", "viewport_only": False, "ax_source": "walk",
                         **({"also_formats": also} if also else {})}})
        if owned:
            parsed.capture.derived[build.HOST_OWNED] = True
        return parsed

    seen: list[tuple[int, bool]] = []  # (records, join held) when SnapshotV1 reads its tree
    read_tree = walk_rows.walk_tree

    def watched(capture: Any, *links: Any) -> Any:
        seen.append((len(capture.walker["elements"]), JOINED in capture.derived))
        return read_tree(capture, *links)

    monkeypatch.setattr(walk_rows, "walk_tree", watched)
    callers = request(owned=False)
    records = len(callers.capture.walker["elements"])
    kept = process(callers, TabState(1), snapshot_id="s", ts="t")
    assert records > 5 and seen == [(records, True)]
    heading = next(n for n in kept["snapshot"]["ax_tree"]["nodes"] if n["id"] == "0-axw11")
    assert heading["bbox"] == [5, 100, 400, 30]
    seen.clear()
    owned = request(owned=True)
    freed = process(owned, TabState(1), snapshot_id="s", ts="t")
    assert seen == [(0, False)]
    assert untimed(freed) == untimed(kept)
    assert set(freed.get("also", {})) == set(also)
