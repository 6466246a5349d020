"""The request's size a read reports (sizes.capture_bytes) is the host's count of what it
read: the extension hands Chromium the message itself and never serializes it (design note
127), so only the host sees its bytes. They are UTF-8 bytes, not characters, whole frame or
chunk set."""

from __future__ import annotations

import io
import json
import tracemalloc
from typing import Any

import pytest
from test_protocol_fuzz import framed, read_frames

from axsnap_host.native.host import Host, run_message_loop
from axsnap_host.native.protocol import FrameIO, frame_bytes
from host_harness import load_capture


def _request(message_id: str) -> dict[str, Any]:
    capture = load_capture("login")
    capture["tab"]["title"] += " é中😀"  # text whose UTF-8 is longer than it is
    return {"v": 1, "id": message_id, "type": "snapshot", "options": {"format": "domtext"},
            "capture": capture}


def _through_the_loop(bodies: list[bytes]) -> list[dict[str, Any]]:
    out = io.BytesIO()
    assert run_message_loop(FrameIO(io.BytesIO(framed(bodies)), out), Host()) == 0
    return read_frames(out.getvalue())


def test_a_whole_frame_request_reports_its_utf8_bytes() -> None:
    body = json.dumps(_request("whole"), ensure_ascii=False).encode("utf-8")
    assert len(body) > len(body.decode("utf-8"))
    [reply] = _through_the_loop([body])
    assert reply["ok"] is True, reply
    assert reply["result"]["stats"]["request_bytes"] == len(body)


def test_a_chunked_request_reports_its_utf8_bytes() -> None:
    text = json.dumps(_request("set"), ensure_ascii=False)
    cut = len(text) // 2
    chunks = [{"v": 1, "id": "set", "type": "chunk", "seq": seq, "total": 2, "data": piece}
              for seq, piece in enumerate([text[:cut], text[cut:]])]
    replies = _through_the_loop([json.dumps(c).encode("utf-8") for c in chunks])
    assert [r["ok"] for r in replies] == [True], replies
    assert replies[0]["result"]["stats"]["request_bytes"] == len(text.encode("utf-8"))


def test_a_message_handed_over_as_text_counts_its_utf8_bytes() -> None:
    text = json.dumps(_request("text"), ensure_ascii=False)
    [reply] = Host().handle_text(text)
    assert reply["result"]["stats"]["request_bytes"] == len(text.encode("utf-8"))


@pytest.mark.parametrize("text", [
    "", "ascii only", "é中😀" * 3, "lone \ud800 high and low \udc00",
    "\ud83d\ude00 two lone halves",
    "a" * ((1 << 20) - 1) + "é" + "中" * 5 + "\udfff",  # a slice's edge between them
])
def test_frame_bytes_counts_what_surrogatepass_writes(text: str) -> None:
    assert frame_bytes(text) == len(text.encode("utf-8", "surrogatepass"))


def test_a_text_handed_over_is_counted_without_a_whole_encoded_copy() -> None:
    """A whole-page request's text is tens of MB; encoding it whole to count its bytes put a
    copy as large beside the text and what it parsed into (the replay's DOM text read at
    100k: +10 MB at its peak)."""
    pad = "é" * 6_000_000  # 6 MB as text (one byte a character), 12 MB of UTF-8
    text = json.dumps({"v": 1, "id": "big", "type": "ping", "pad": pad}, ensure_ascii=False)
    del pad
    host = Host()
    tracemalloc.start()
    try:
        [reply] = host.handle_text(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert reply["id"] == "big"  # (refused for its extra field, after its bytes were counted)
    assert peak < 10_000_000, peak  # the parsed 6 MB and a slice; a whole copy is 12 MB more
