"""Outbound chunk splitting and inbound chunk-set assembly, in process."""

from __future__ import annotations

import json
import random

import pytest

from axsnap_host.models.errors import AxsnapError
from axsnap_host.native.chunk_deflate import frames_text
from axsnap_host.native.protocol import (
    MAX_OUTBOUND_FRAME_BYTES,
    ChunkAssembler,
    encode_json,
    frames_for_reply,
    guess_message_id,
    utf8_size,
)
from axsnap_host.native.reply_stream import streamed_frames

# Each of these grew when JSON-escaped inside a chunk's "data" string (the data is deflated
# now: base64, whatever the text).
HOSTILE = ['"', "\\", "\n", "\x01", "é", "中", "😀", "\u2028", "\ud800"]


@pytest.mark.parametrize("unit", HOSTILE)
def test_chunks_stay_within_limit_whatever_the_escaping(unit: str) -> None:
    text = encode_json({"v": 1, "id": "r", "ok": True, "result": {"t": unit * 3000 + "end"}})
    limit = 2_000
    frames = list(streamed_frames("r", iter([text]), limit))
    sizes = [utf8_size(f) for f in frames]
    assert max(sizes) <= limit
    assert min(sizes[:-1] or [limit]) > limit // 4  # not absurdly small pieces
    chunks = [json.loads(f) for f in frames]
    assert [c["seq"] for c in chunks] == list(range(len(frames)))
    assert [c["total"] for c in chunks] == [None] * (len(frames) - 1) + [len(frames)]
    assert frames_text(chunks) == text


def test_small_reply_is_one_frame_and_big_one_is_chunked() -> None:
    small = {"v": 1, "id": "a", "ok": True, "type": "result", "result": {"x": 1}}
    assert frames_for_reply("a", small) == [encode_json(small)]
    noise = random.Random(3).randbytes(1_500_000).hex()  # deflates to ~half: three frames
    big = {"v": 1, "id": "b", "ok": True, "type": "result", "result": {"x": "é\"" + noise}}
    frames = frames_for_reply("b", big)
    assert len(frames) >= 3
    assert all(utf8_size(f) <= MAX_OUTBOUND_FRAME_BYTES for f in frames)
    assert json.loads(frames_text(json.loads(f) for f in frames)) == big


def test_lone_surrogates_still_encode_as_valid_utf8() -> None:
    text = encode_json({"s": "a\ud800b"})
    text.encode("utf-8")  # would raise for a raw lone surrogate
    assert json.loads(text) == {"s": "a\ud800b"}


def test_assembler_joins_in_seq_order_and_bounds_pending_sets() -> None:
    assembler = ChunkAssembler(max_sets=2)
    assert assembler.add("m", 1, 2, "world") is None
    assert assembler.add("m", 0, 2, "hello ") == "hello world"
    assert assembler.pending_ids == []
    assembler.add("a", 0, 2, "x")
    assembler.add("b", 0, 2, "x")
    assembler.add("c", 0, 2, "x")
    assert assembler.take_evicted() == ["a"]
    assert assembler.pending_ids == ["b", "c"]


@pytest.mark.parametrize(
    ("calls", "needle"),
    [
        ([(0, 2), (0, 2)], "twice"),
        ([(2, 2)], "outside"),
        ([(0, 2), (1, 3)], "changed"),
        ([(0, 5000)], "at most"),
    ],
)
def test_assembler_rejects_bad_sets(calls: list[tuple[int, int]], needle: str) -> None:
    assembler = ChunkAssembler()
    with pytest.raises(AxsnapError) as caught:
        for seq, total in calls:
            assembler.add("id", seq, total, "x")
    assert caught.value.code == "bad_chunk" and needle in caught.value.message
    assert assembler.pending_ids == []


def test_assembler_bounds_pending_bytes() -> None:
    assembler = ChunkAssembler(max_bytes=10)
    assembler.add("a", 0, 3, "12345")
    with pytest.raises(AxsnapError):
        assembler.add("a", 1, 3, "123456")
    assert assembler.pending_bytes() == 0


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ('{"v":1,"id":"req-7","type":"snapshot","capture":{"frames":[', "req-7"),
        ('  {"id": "a b", "v": 1', "a b"),
        ('{"v":1,"capture":{"id":"inner"},"id":"outer"', None),  # nested first: no guess
        ('{"v":1,"note":"say \\"id\\":\\"x\\"","type":"ping"', None),
        ("not json at all", None),
    ],
)
def test_guess_message_id(head: str, expected: str | None) -> None:
    assert guess_message_id(head) == expected
