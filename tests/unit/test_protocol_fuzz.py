"""Fuzz the host's protocol through its real loop (``host.run_message_loop`` over in-memory pipes).

Seeded (``derandomize``), at least 10,000 frames per run: random bytes (invalid UTF-8),
random JSON of every type, good messages mutated (fields of the wrong type, keys dropped,
text truncated), chunk misuse (bad seq/total, duplicates, interleaved sets, a chunk set
carrying a chunk) and hostile captures (parent cycles, NaN, huge ids, unequal columns).
Each run ends with a good ping, which must be answered. Checked: no exception, no hang,
every frame that is not a chunk answered, every reply strict JSON and never
``internal_error``, pending chunk bytes and tab states bounded.
"""

from __future__ import annotations

import io
import json
import random
import struct
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_secret_decisions import walker_capture

from axsnap_host.native.host import Host, run_message_loop
from axsnap_host.native.protocol import MAX_INBOUND_BYTES, FrameIO
from axsnap_host.pipeline.state import MAX_TABS
from host_harness import deadline

HEADER = struct.Struct("@I")
MIN_FRAMES = 10_000




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


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20))
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
FIELDS = ("v", "id", "type", "options", "capture", "seq", "total", "data", "tabId")


@st.composite
def frame_bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.integers(0, 9))
    message_id = draw(st.sampled_from(["a", "b", "c", "d", "e", "f"]))
    if kind == 0:  # random bytes: mostly invalid UTF-8 or not JSON
        return draw(st.binary(max_size=64))
    if kind == 1:  # random JSON of any type
        return json.dumps(draw(JSON_VALUES)).encode()
    if kind in (2, 3):  # a good message with one field replaced or dropped
        base: dict[str, Any] = draw(st.sampled_from([
            {"v": 1, "id": message_id, "type": "ping"},
            {"v": 1, "id": message_id, "type": "forget_tab", "tabId": 3},
            {"v": 1, "id": message_id, "type": "chunk", "seq": 0, "total": 2, "data": "{"},
        ]))
        key = draw(st.sampled_from(FIELDS))
        if draw(st.booleans()):
            base.pop(key, None)
        else:
            base[key] = draw(JSON_VALUES)
        return json.dumps(base).encode()
    if kind == 4:  # a good message, truncated or with bytes flipped
        text = json.dumps(draw(st.sampled_from([
            {"v": 1, "id": message_id, "type": "ping"},
            _good_snapshot(message_id)])), ensure_ascii=False).encode()
        cut = draw(st.integers(0, len(text)))
        mutated = bytearray(text[:cut])
        if mutated and draw(st.booleans()):
            mutated[draw(st.integers(0, len(mutated) - 1))] = draw(st.integers(0, 255))
        return bytes(mutated)
    if kind in (5, 6):  # chunk misuse: sets interleaved, out of range, duplicated
        total = draw(st.integers(-2, 5))
        seq = draw(st.integers(-1, 6))
        data = draw(st.sampled_from(['{"v":1,', '"id":"x","type":"ping"}', "日本", "", "\ud800",
                                     json.dumps({"v": 1, "id": "q", "type": "chunk", "seq": 0,
                                                 "total": 1, "data": "{}"})]))
        return json.dumps({"v": 1, "id": message_id, "type": "chunk", "seq": seq,
                           "total": total, "data": data}).encode()
    if kind == 7:  # hostile capture
        message = {"v": 1, "id": message_id, "type": "snapshot",
                   "options": {"format": draw(st.sampled_from(["domtext", "elements"]))},
                   "capture": _hostile_capture(draw(st.integers(0, 5)))}
        return json.dumps(message).encode()
    if kind == 8:  # NaN / Infinity literals (Python's parser would take them)
        constant = draw(st.sampled_from(["NaN", "Infinity", "-Infinity"]))
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
    with deadline(30):
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
    seen = {"frames": 0}

    @settings(max_examples=420, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(frame_bodies(), min_size=24, max_size=40), st.randoms(use_true_random=False))
    def run(bodies: list[bytes], rnd: random.Random) -> None:
        bodies = [*bodies, SENTINEL]
        seen["frames"] += len(bodies)
        code, replies, host = run_host(bodies)
        check_run(bodies, code, replies, host)
        # The last frames again with the stream cut inside one more frame's header or body:
        # the host answers everything before it and exits cleanly.
        tail = framed([b'{"v":1,"id":"cut","type":"ping"}'])[: rnd.randint(1, 20)]
        code, cut_replies, _ = run_host(bodies[-4:], tail)
        assert code == 0 and cut_replies[-1]["id"] == "sentinel"
        seen["frames"] += 5

    run()
    assert seen["frames"] >= MIN_FRAMES


def test_an_oversized_frame_is_drained_and_the_next_one_served() -> None:
    declared = MAX_INBOUND_BYTES + 1
    stream = HEADER.pack(declared) + b'{"v":1,"id":"big",' + b" " * (declared - 18)
    out = io.BytesIO()
    with deadline(30):
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
