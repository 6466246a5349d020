"""Fuzz the host's protocol through its real loop (``run_message_loop`` over in-memory pipes).

Seeded (``random.Random(SEED + run)``: the same frames every time), at least 10,000 frames:
random bytes (invalid UTF-8), random JSON of every type (edge numbers and texts drawn often),
good messages mutated (fields of the wrong type, keys dropped, text truncated), chunk misuse
(bad seq/total, duplicates, interleaved sets, a chunk set carrying a chunk) and hostile
captures (parent cycles, NaN, huge ids, unequal columns). Each run ends with a good ping,
which must be answered. Checked: no exception, no hang, every frame that is not a chunk
answered, every reply strict JSON and never ``internal_error``, pending chunk bytes and tab
states bounded.
"""

from __future__ import annotations

import io
import json
import random
import struct
from typing import Any

from test_secret_decisions import walker_capture

from axsnap_host.native.host import Host, run_message_loop
from axsnap_host.native.protocol import MAX_INBOUND_BYTES, FrameIO
from axsnap_host.pipeline.state import MAX_TABS
from host_harness import deadline

HEADER = struct.Struct("@I")
MIN_FRAMES = 10_000
RUNS = 420  # 24-40 frames each, the cut run's 5 after: about 16,000 frames
SEED = 29_000




def framed(bodies: list[bytes]) -> bytes:
    return b"".join(HEADER.pack(len(body)) + body for body in bodies)


def read_frames(data: bytes) -> list[dict[str, Any]]:
    out = []
    at = 0
    while at < len(data):
        (size,) = HEADER.unpack_from(data, at)
        at += HEADER.size
        body = data[at:at + size]
        at += size
        out.append(json.loads(body, parse_constant=lambda c: (_ for _ in ()).throw(
            AssertionError(f"{c} in a reply"))))
    return out


def _good_snapshot(message_id: str) -> dict[str, Any]:
    return {"v": 1, "id": message_id, "type": "snapshot", "options": {"format": "domtext"},
            "capture": walker_capture()}


def _hostile_capture(kind: int) -> dict[str, Any]:
    capture = walker_capture()
    elements = capture["walker"]["elements"]
    if kind == 0:  # a parent cycle
        elements[3]["p"], elements[5]["p"] = 5, 3
    elif kind == 1:  # an index far out of range
        elements[4]["p"] = 10**9
    elif kind == 2:  # ids no browser gives
        for rec in elements:
            rec["b"] = 2**70
    elif kind == 3:  # a frame index out of range
        elements[2]["f"] = 42
    elif kind == 4:  # wrong types where numbers go
        elements[2]["r"] = ["x", None, {}, []]
    else:  # a walker that is not an object at all
        capture["walker"] = [1, 2, 3]
    return capture


# Values a fuzzer should reach early: edges of every JSON type, text Python's json takes but
# no browser sends (a lone surrogate), and a few plain ones.
EDGE_INTS = (0, 1, -1, 2**31 - 1, -(2**31), 2**53 + 1, 2**63, -(2**63) - 1, 2**70, -(2**70))
EDGE_FLOATS = (0.0, -0.0, 0.5, -1.5, 1e308, -1e308, 5e-324, 1e-7)
EDGE_TEXTS = ("", " ", "\x00", "\ud800", "日本", "😀", "\u202e", "a" * 20, "null", "{")
FIELDS = ("v", "id", "type", "options", "capture", "seq", "total", "data", "tabId")
MESSAGE_IDS = ("a", "b", "c", "d", "e", "f")


def _text(rnd: random.Random, max_size: int) -> str:
    if rnd.random() < 0.3:
        return rnd.choice(EDGE_TEXTS)[:max_size]
    # code points from every plane, surrogates included
    pick = (lambda: rnd.randint(0x20, 0x7E), lambda: rnd.randint(0, 0x1F),
            lambda: rnd.randint(0x80, 0xFFFF), lambda: rnd.randint(0x10000, 0x10FFFF))
    return "".join(chr(rnd.choice(pick)()) for _ in range(rnd.randint(0, max_size)))


def _scalar(rnd: random.Random) -> Any:
    kind = rnd.randrange(5)
    if kind == 0:
        return None
    if kind == 1:
        return rnd.random() < 0.5
    if kind == 2:
        return rnd.choice(EDGE_INTS) if rnd.random() < 0.4 else rnd.randint(-(2**70), 2**70)
    if kind == 3:
        return rnd.choice(EDGE_FLOATS) if rnd.random() < 0.4 else rnd.uniform(-1e12, 1e12)
    return _text(rnd, 20)


def _json_value(rnd: random.Random, leaves: list[int]) -> Any:
    """Any JSON value: scalars, and lists and objects of at most 4 items nested until
    ``leaves`` (shared, at most 12 scalars a value) runs out."""
    if leaves[0] <= 0 or rnd.random() < 0.5:
        leaves[0] -= 1
        return _scalar(rnd)
    if rnd.random() < 0.5:
        return [_json_value(rnd, leaves) for _ in range(rnd.randint(0, 4))]
    return {_text(rnd, 8): _json_value(rnd, leaves) for _ in range(rnd.randint(0, 4))}


def json_value(rnd: random.Random) -> Any:
    return _json_value(rnd, [12])


def frame_body(rnd: random.Random) -> bytes:
    """One frame's body, of ten kinds drawn evenly."""
    kind = rnd.randrange(10)
    message_id = rnd.choice(MESSAGE_IDS)
    if kind == 0:  # random bytes: mostly invalid UTF-8 or not JSON
        return rnd.randbytes(rnd.randint(0, 64))
    if kind == 1:  # random JSON of any type
        return json.dumps(json_value(rnd)).encode()
    if kind in (2, 3):  # a good message with one field replaced or dropped
        base: dict[str, Any] = rnd.choice([
            {"v": 1, "id": message_id, "type": "ping"},
            {"v": 1, "id": message_id, "type": "forget_tab", "tabId": 3},
            {"v": 1, "id": message_id, "type": "chunk", "seq": 0, "total": 2, "data": "{"},
        ])
        key = rnd.choice(FIELDS)
        if rnd.random() < 0.5:
            base.pop(key, None)
        else:
            base[key] = json_value(rnd)
        return json.dumps(base).encode()
    if kind == 4:  # a good message, truncated or with a byte flipped
        text = json.dumps(rnd.choice([{"v": 1, "id": message_id, "type": "ping"},
                                      _good_snapshot(message_id)]), ensure_ascii=False).encode()
        mutated = bytearray(text[:rnd.randint(0, len(text))])
        if mutated and rnd.random() < 0.5:
            mutated[rnd.randrange(len(mutated))] = rnd.randrange(256)
        return bytes(mutated)
    if kind in (5, 6):  # chunk misuse: sets interleaved, out of range, duplicated
        data = rnd.choice(['{"v":1,', '"id":"x","type":"ping"}', "日本", "", "\ud800",
                           json.dumps({"v": 1, "id": "q", "type": "chunk", "seq": 0,
                                       "total": 1, "data": "{}"})])
        return json.dumps({"v": 1, "id": message_id, "type": "chunk", "seq": rnd.randint(-1, 6),
                           "total": rnd.randint(-2, 5), "data": data}).encode()
    if kind == 7:  # hostile capture
        message = {"v": 1, "id": message_id, "type": "snapshot",
                   "options": {"format": rnd.choice(["domtext", "elements"])},
                   "capture": _hostile_capture(rnd.randrange(6))}
        return json.dumps(message).encode()
    if kind == 8:  # NaN / Infinity literals (Python's parser would take them)
        constant = rnd.choice(["NaN", "Infinity", "-Infinity"])
        return ('{"v":1,"id":"' + message_id + '","type":"snapshot","options":{},'
                '"capture":{"device_pixel_ratio":' + constant + "}}").encode()
    return json.dumps(_good_snapshot(message_id)).encode()  # a good one now and then


def _is_chunk(body: bytes) -> bool:
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(value, dict) and value.get("type") == "chunk"


def run_host(bodies: list[bytes], tail: bytes = b"") -> tuple[int, list[dict[str, Any]], Host]:
    out = io.BytesIO()
    host = Host()
    with deadline():
        code = run_message_loop(FrameIO(io.BytesIO(framed(bodies) + tail), out), host)
    return code, read_frames(out.getvalue()), host


def check_run(bodies: list[bytes], code: int, replies: list[dict[str, Any]], host: Host) -> None:
    assert code == 0
    answered_at_least = sum(1 for body in bodies if not _is_chunk(body))
    assert len(replies) >= answered_at_least
    for reply in replies:
        assert isinstance(reply.get("ok"), bool) or reply.get("type") == "chunk"
        if reply.get("ok") is False:
            assert reply["error"]["code"] != "internal_error", reply["error"]
            assert reply["error"]["message"] and reply["error"]["hint"] is not None
    assert replies[-1]["id"] == "sentinel" and replies[-1]["ok"] is True
    assert len(host.chunks.pending_ids) <= 4
    assert host.chunks.pending_bytes() <= MAX_INBOUND_BYTES
    assert len(host.tabs) <= MAX_TABS


SENTINEL = json.dumps({"v": 1, "id": "sentinel", "type": "ping"}).encode()


def test_fuzzed_frames_through_the_host_loop() -> None:
    frames = 0
    for run in range(RUNS):
        rnd = random.Random(SEED + run)  # a failure names its run: random.Random(SEED + run)
        bodies = [*(frame_body(rnd) for _ in range(rnd.randint(24, 40))), SENTINEL]
        frames += len(bodies)
        code, replies, host = run_host(bodies)
        try:
            check_run(bodies, code, replies, host)
            # The last frames again with the stream cut inside one more frame's header or
            # body: the host answers everything before it and exits cleanly.
            tail = framed([b'{"v":1,"id":"cut","type":"ping"}'])[: rnd.randint(1, 20)]
            code, cut_replies, _ = run_host(bodies[-4:], tail)
            assert code == 0 and cut_replies[-1]["id"] == "sentinel"
        except AssertionError as exc:
            raise AssertionError(f"fuzz run {run} (seed {SEED + run}): {exc}") from exc
        frames += 5
    assert frames >= MIN_FRAMES


def test_the_fuzzer_draws_every_kind_of_frame_and_value() -> None:
    """The generator's reach, so a change to it cannot quietly narrow the fuzz: every kind of
    body, every JSON type nested, the edge texts, over the runs the fuzz makes."""
    rnd = random.Random(SEED)
    bodies = [frame_body(rnd) for _ in range(2_000)]
    parsed = []
    for body in bodies:
        try:
            parsed.append(json.loads(body))
        except (ValueError, UnicodeDecodeError):
            parsed.append(None)
    assert sum(p is None for p in parsed) > 200  # not JSON, or not UTF-8
    types = {p["type"] for p in parsed if isinstance(p, dict) and isinstance(p.get("type"), str)}
    assert {"ping", "forget_tab", "chunk", "snapshot"} <= types
    assert any(isinstance(p, list) for p in parsed) and any(isinstance(p, str) for p in parsed)
    values = [json_value(rnd) for _ in range(2_000)]
    assert any(isinstance(v, dict) and any(isinstance(x, (dict, list)) for x in v.values())
               for v in values)  # nested
    found = {type(v) for v in values}
    assert {type(None), bool, int, float, str, list, dict} <= found
    texts = [_text(rnd, 20) for _ in range(2_000)]
    assert any("\ud800" in t for t in texts)
    assert any(ord(max(t, default="a")) > 0xFFFF for t in texts)


def test_an_oversized_frame_is_drained_and_the_next_one_served() -> None:
    declared = MAX_INBOUND_BYTES + 1
    stream = HEADER.pack(declared) + b'{"v":1,"id":"big",' + b" " * (declared - 18)
    out = io.BytesIO()
    with deadline():
        code = run_message_loop(FrameIO(io.BytesIO(stream + framed([SENTINEL])), out), Host())
    del stream
    replies = read_frames(out.getvalue())
    assert code == 0
    assert [r["id"] for r in replies] == ["big", "sentinel"]
    assert replies[0]["error"]["code"] == "frame_too_large"


def test_a_million_node_hostile_capture_is_refused() -> None:
    n = 1_000_000
    nodes = {"parentIndex": [(i + 1) % n for i in range(n)],  # every node's parent is next
             "nodeType": [1] * n, "nodeName": [0] * n, "backendNodeId": list(range(n))}
    message = {"v": 1, "id": "m", "type": "snapshot", "options": {"format": "snapshot"},
               "capture": {"dom_snapshot": {"strings": ["DIV"], "documents": [
                   {"frameId": 0, "nodes": nodes, "layout": {}}]}}}
    body = json.dumps(message).encode()
    del nodes, message
    code, replies, _ = run_host([body, SENTINEL])
    assert code == 0
    assert replies[0]["error"]["code"] == "invalid_message"
    assert "parentIndex" in replies[0]["error"]["message"]
    assert replies[-1]["id"] == "sentinel"


def test_a_streamed_part_with_a_list_for_a_property_name_fails_its_stream_and_serving_goes_on(
) -> None:
    """Issue 28: one capture_part whose node has a property ``name`` that is a list killed
    the host with a traceback. Through the real loop: the part gets no reply, the request
    that takes its stream is refused by name, the next message is served."""
    from host_harness import load_capture

    capture = load_capture("login")
    frame = capture["frames"][0]
    nodes, frame["axNodes"] = frame["axNodes"], []
    for other in capture["frames"][1:]:
        other["axNodes"] = []
    odd = next(n for n in nodes if n.get("properties"))
    odd["properties"][0]["name"] = ["focusable"]
    capture["ax_stream"] = {"id": "bad", "parts": 1, "nodes": len(nodes)}
    part = {"v": 1, "id": "p0", "type": "capture_part", "stream": "bad", "seq": 0,
            "frameId": frame["frameId"], "nodes": nodes}
    request = {"v": 1, "id": "req", "type": "snapshot", "options": {"scope": "page"},
               "capture": capture}
    code, replies, _ = run_host([json.dumps(part).encode(), json.dumps(request).encode(),
                                 SENTINEL])
    assert code == 0
    assert [r["id"] for r in replies] == ["req", "sentinel"]
    assert replies[0]["error"]["code"] == "bad_chunk"
    assert "does not fit the AX node shape" in replies[0]["error"]["message"]
    assert replies[1]["ok"] is True
