"""The native host as Chrome runs it: a real ``python -m axsnap_host`` on framed pipes."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

from axsnap_host.models.snapshot import node_records
from axsnap_host.native.chunk_deflate import frames_text
from axsnap_host.native.protocol import MAX_INBOUND_BYTES, MAX_OUTBOUND_FRAME_BYTES
from host_harness import HEADER, HostProcess


def ping(message_id: str = "p1") -> dict[str, Any]:
    return {"v": 1, "id": message_id, "type": "ping"}


def test_ping_answers_pong(host: HostProcess) -> None:
    host.send(ping())
    reply = host.read()
    assert reply == {
        "v": 1,
        "id": "p1",
        "ok": True,
        "type": "result",
        "result": {"pong": True, "protocol": 1, "host": reply["result"]["host"]},
    }
    code, rest, _ = host.close()
    assert code == 0 and rest == b""


def test_malformed_json_gets_error_and_host_keeps_serving(host: HostProcess) -> None:
    host.send(b'{"v": 1, "id": "x", "type": "ping"')
    reply = host.read()
    assert reply["ok"] is False and reply["type"] == "error"
    assert reply["error"]["code"] == "malformed_json"
    assert reply["error"]["hint"]
    assert reply["id"] == "x"  # read from the start of the text, so the caller can route it
    host.send(b"[1, 2")
    assert host.read()["id"] is None
    host.send(b"\xff\xfe not utf-8")
    assert host.read()["error"]["code"] == "malformed_json"
    host.send(ping("after"))
    assert host.read()["id"] == "after"


def test_unsupported_version_names_the_supported_one(host: HostProcess) -> None:
    host.send({"v": 2, "id": "v2", "type": "ping"})
    reply = host.read()
    assert reply["id"] == "v2"
    assert reply["error"]["code"] == "unsupported_version"
    assert "v=1" in reply["error"]["hint"]
    host.send({"id": "nov", "type": "ping"})
    reply = host.read()
    assert reply["error"]["code"] == "unsupported_version"
    assert "missing" in reply["error"]["message"]


def test_unknown_type(host: HostProcess) -> None:
    host.send({"v": 1, "id": "u", "type": "teleport"})
    reply = host.read()
    assert reply["id"] == "u"
    assert reply["error"]["code"] == "unknown_type"
    assert "ping" in reply["error"]["hint"]


def test_invalid_message_is_short_and_echoes_no_values(host: HostProcess) -> None:
    secret = "hunter2-do-not-echo"
    host.send(
        {
            "v": 1,
            "id": "bad",
            "type": "snapshot",
            "options": {"format": secret},
            "capture": {"frames": [{"frameId": 7, "url": secret}]},
        }
    )
    reply = host.read()
    assert reply["error"]["code"] == "invalid_message"
    message = reply["error"]["message"]
    assert "options.format" in message
    assert secret not in json.dumps(reply)
    assert len(message) < 400
    host.send({"v": 1, "id": "noarg", "type": "forget_tab"})
    reply = host.read()
    assert reply["error"]["code"] == "invalid_message"
    assert "tabId" in reply["error"]["message"]
    host.send([1, 2, 3])
    assert host.read()["error"]["code"] == "invalid_message"


def test_forget_tab(host: HostProcess, login_capture: dict[str, Any]) -> None:
    host.send({"v": 1, "id": "s", "type": "snapshot", "capture": login_capture})
    reply = host.read()
    assert reply["ok"] is True
    # the request's frame read, once its header came (the transfer's share in the host)
    assert reply["result"]["timings"]["request_read_ms"] >= 0
    host.send({"v": 1, "id": "f1", "type": "forget_tab", "tabId": 1})
    assert host.read()["result"] == {"forgotten": True}
    host.send({"v": 1, "id": "f2", "type": "forget_tab", "tabId": 1})
    assert host.read()["result"] == {"forgotten": False}


def test_oversize_frame_is_drained_and_host_keeps_serving(host: HostProcess) -> None:
    head = b'{"v":1,"id":"huge","type":"snapshot","capture":{"frames":"'
    declared = MAX_INBOUND_BYTES + 1
    body = head + b"x" * (declared - len(head))

    def write() -> None:
        host.send_raw(HEADER.pack(declared))
        host.send_raw(body)
        host.send(ping("after-big"))

    writer = threading.Thread(target=write)
    writer.start()
    first = host.read(timeout=60)
    second = host.read(timeout=60)
    writer.join(60)
    assert first["ok"] is False and first["error"]["code"] == "frame_too_large"
    assert first["id"] == "huge"
    assert str(declared) in first["error"]["message"]
    assert second["id"] == "after-big" and second["ok"] is True


def test_inbound_chunk_set_is_reassembled(host: HostProcess) -> None:
    text = json.dumps(ping("whole"))
    pieces = [text[:10], text[10:20], text[20:]]
    for seq in (2, 0, 1):  # any order
        host.send({"v": 1, "id": "c", "type": "chunk", "seq": seq, "total": 3, "data": pieces[seq]})
    reply = host.read()
    assert reply["id"] == "whole" and reply["result"]["pong"] is True


def test_bad_chunk_sets_get_bad_chunk_with_their_id(host: HostProcess) -> None:
    def chunk(message_id: str, seq: int, total: int, data: str = "{") -> dict[str, Any]:
        return {"v": 1, "id": message_id, "type": "chunk", "seq": seq, "total": total, "data": data}

    host.send(chunk("out-of-range", 3, 2))
    reply = host.read()
    assert (reply["id"], reply["error"]["code"]) == ("out-of-range", "bad_chunk")

    host.send(chunk("dup", 0, 2))
    host.send(chunk("dup", 0, 2))
    reply = host.read()
    assert (reply["id"], reply["error"]["code"]) == ("dup", "bad_chunk")
    assert "twice" in reply["error"]["message"]

    host.send(chunk("changed", 0, 2))
    host.send(chunk("changed", 1, 3))
    reply = host.read()
    assert (reply["id"], reply["error"]["code"]) == ("changed", "bad_chunk")

    host.send(chunk("notjson", 0, 2, "{\"v\":"))
    host.send(chunk("notjson", 1, 2, "nope"))
    reply = host.read()
    assert (reply["id"], reply["error"]["code"]) == ("notjson", "bad_chunk")

    # Too many sets pending: the oldest is dropped and reported.
    for i in range(5):
        host.send(chunk(f"pending-{i}", 0, 2))
    reply = host.read()
    assert (reply["id"], reply["error"]["code"]) == ("pending-0", "bad_chunk")

    host.send(ping("still-alive"))
    assert host.read()["id"] == "still-alive"


def _big_capture() -> dict[str, Any]:
    # Text that expands when JSON-escaped: quotes, backslashes, control characters, emoji.
    unit = 'a"b\\c\nd\x01é😀 '
    text = unit * 150_000
    return {
        "tab": {"id": 9, "url": "http://127.0.0.1/", "title": "big"},
        "frames": [
            {
                "frameId": "F",
                "captured": True,
                "axNodes": [
                    {"nodeId": "1", "role": {"value": "RootWebArea"}, "childIds": ["2"]},
                    {"nodeId": "2", "parentId": "1", "role": {"value": "paragraph"},
                     "childIds": ["3"]},
                    {"nodeId": "3", "parentId": "2", "role": {"value": "StaticText"},
                     "name": {"value": text}},
                ],
            }
        ],
    }


def test_large_reply_arrives_as_chunks_within_the_frame_limit(host: HostProcess) -> None:
    capture = _big_capture()
    host.send({"v": 1, "id": "big", "type": "snapshot", "capture": capture})
    first = host.read_frame_bytes(timeout=60)
    assert len(first) <= MAX_OUTBOUND_FRAME_BYTES
    head = json.loads(first)
    assert head["type"] == "chunk" and head["id"] == "big" and head["seq"] == 0
    frames = [first]
    while json.loads(frames[-1])["total"] is None:  # written as encoded: the last names the count
        frames.append(host.read_frame_bytes(60))
    assert all(len(f) <= MAX_OUTBOUND_FRAME_BYTES for f in frames)
    chunks = [json.loads(f) for f in frames]
    assert [c["seq"] for c in chunks] == list(range(len(frames)))
    assert chunks[-1]["total"] == len(frames)
    reply = json.loads(frames_text(chunks))
    assert reply["ok"] is True and reply["id"] == "big"
    texts = [n["name"] for n in node_records(reply["result"]["snapshot"])]
    assert capture["frames"][0]["axNodes"][2]["name"]["value"] in texts


def test_truncated_frame_at_eof_exits_cleanly(host: HostProcess) -> None:
    host.send(ping("before"))
    assert host.read()["id"] == "before"
    host.send_raw(HEADER.pack(100) + b'{"v":1')
    code, rest, stderr = host.close()
    assert code == 0
    assert rest == b""
    assert "inside a frame" in stderr


def test_truncated_header_at_eof_exits_cleanly(host: HostProcess) -> None:
    host.send_raw(b"\x05\x00")
    code, rest, _ = host.close()
    assert (code, rest) == (0, b"")


def test_stray_prints_do_not_reach_the_frame_stream() -> None:
    script = (
        "import os, sys\n"
        "from axsnap_host.__main__ import protect_stdout\n"
        "out = protect_stdout()\n"
        "print('stray print')\n"
        "os.write(1, b'C library write\\n')\n"
        "out.write(b'FRAMES'); out.flush()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, timeout=30, check=True
    )
    assert done.stdout == b"FRAMES"
    assert b"stray print" in done.stderr and b"C library write" in done.stderr


def test_logs_carry_no_page_content(tmp_path: Any, login_capture: dict[str, Any]) -> None:
    log_file = tmp_path / "host.log"
    process = HostProcess("--log-file", str(log_file))
    process.send({"v": 1, "id": "s", "type": "snapshot", "capture": login_capture})
    assert process.read()["ok"] is True
    process.send({"v": 1, "id": "bad", "type": "snapshot", "capture": {"frames": "hunter2"}})
    assert process.read()["error"]["code"] == "invalid_message"
    code, _, _ = process.close()
    process.stop()
    assert code == 0
    text = log_file.read_text(encoding="utf-8")
    assert "snapshot id=s" in text
    for leaked in ("hunter2", "Example Bank", "127.0.0.1", "ada@example.com"):
        assert leaked not in text

