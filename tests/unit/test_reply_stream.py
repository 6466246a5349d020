"""A large reply written as it is encoded (native/reply_stream.py): the frames carry exactly
the text the whole reply encodes to, each within the frame limit, the count on the last one,
and no whole text of the reply is ever held (tracemalloc, no wall clock)."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
from itertools import pairwise
from typing import Any

import pytest

from axsnap_host.native.chunk_deflate import frames_text, inflated_text
from axsnap_host.native.host import send_reply
from axsnap_host.native.protocol import (
    MAX_OUTBOUND_FRAME_BYTES,
    FrameIO,
    encode_json,
    frames_for_reply,
    utf8_size,
)
from axsnap_host.native.reply_stream import json_pieces, stream_reply

HOSTILE = ['"', "\\", "\n", "\x01", "é", "中", "😀", "\u2028", 5.0, -0.0, 10**20, 1e-7, None]


class _Members(dict[str, Any]):
    """A dict subclass (orjson refuses it: json's encoding writes it)."""


def shaped(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.random()
    if depth > 4 or pick < 0.3:
        return rng.choice([*HOSTILE, True, "x" * rng.randint(0, 40)])
    if pick < 0.65:
        return {"k" + str(i) + rng.choice(["", "é", '"']): shaped(rng, depth + 1)
                for i in range(rng.randint(0, 6))}
    return [shaped(rng, depth + 1) for _ in range(rng.randint(0, 200 if depth < 2 else 4))]


def reply(result: Any, message_id: str = "r") -> dict[str, Any]:
    return {"v": 1, "id": message_id, "ok": True, "type": "result", "result": result}


@pytest.mark.parametrize("seed", range(40))
def test_pieces_join_into_the_whole_text(seed: int) -> None:
    message = reply(shaped(random.Random(seed)))
    assert "".join(json_pieces(message)) == encode_json(message)


def test_odd_values_encode_as_the_whole_would() -> None:
    pre = _Members({"a": [1, 2]})  # a dict subclass
    for value in [{}, [], {"a": {}}, [[]], {1: "int key"}, (1, 2), {"pre": pre},
                  {"t": ("é",) * 5000}, {"deep": [[[[[[[[[[[[1]]]]]]]]]]]]}]:
        assert "".join(json_pieces(reply(value))) == encode_json(reply(value)), value


def test_a_lone_surrogate_gives_valid_utf8_and_the_same_value() -> None:
    message = reply({"rows": [{"s": "ok"}] * 100 + [{"s": "a\ud800b"}]})
    text = "".join(json_pieces(message))
    text.encode("utf-8")
    assert json.loads(text) == message


def big_reply(rows: int = 60_000) -> dict[str, Any]:
    return reply({"elements": [{"id": f"0-{i}", "name": "é\"" * (i % 20), "box": [i, 1.5, 3.0, 4]}
                               for i in range(rows)], "text": "a line\n" * 200_000})


def noisy_reply(rows: int = 60_000) -> dict[str, Any]:
    """A reply that deflates poorly (random names): several frames even deflated."""
    rng = random.Random(7)
    return reply({"elements": [{"id": f"0-{i}", "name": rng.randbytes(24).hex() + "é\"",
                                "box": [i, 1.5, 3.0, 4]} for i in range(rows)]})


def test_a_big_reply_streams_in_frames_within_the_limit_the_last_naming_the_count() -> None:
    message = noisy_reply()
    frames = frames_for_reply("r", message)
    chunks = [json.loads(f) for f in frames]
    assert len(frames) >= 3
    assert all(utf8_size(f) <= MAX_OUTBOUND_FRAME_BYTES for f in frames)
    assert [c["seq"] for c in chunks] == list(range(len(frames)))
    assert [c["total"] for c in chunks] == [None] * (len(frames) - 1) + [len(frames)]
    assert {c["id"] for c in chunks} == {"r"} and {c["type"] for c in chunks} == {"chunk"}
    assert frames_text(chunks) == encode_json(message)
    # the first frame small (out while the rest is encoded), each next one twice as big
    sizes = [utf8_size(f) for f in frames]
    assert sizes[0] < 64 * 1024
    assert all(b > a * 1.8 or b > MAX_OUTBOUND_FRAME_BYTES * 0.9
               for a, b in pairwise(sizes[:-1])), sizes


def test_a_big_reply_travels_deflated_in_far_fewer_bytes_than_its_text() -> None:
    """Chromium's handling of the frames follows their bytes (design note 58): the frames of
    a reply carry its text deflated, not escaped into strings (1.3x the text before)."""
    message = big_reply()
    text = encode_json(message)
    frames = frames_for_reply("r", message)
    chunks = [json.loads(f) for f in frames]
    assert {c.get("encoding") for c in chunks} == {"deflate"}
    assert inflated_text(c["data"] for c in chunks) == text
    assert sum(utf8_size(f) for f in frames) < utf8_size(text) // 4


@pytest.mark.parametrize("unit", ['"', "\x01", "😀", "中"])
def test_frames_stay_within_a_small_limit_whatever_the_escaping(unit: str) -> None:
    message = reply({"t": unit * 3000, "rows": [unit] * 500})
    frames = list(stream_reply("r", message, 2_000))
    assert max(utf8_size(f) for f in frames) <= 2_000
    assert frames_text(json.loads(f) for f in frames) == encode_json(message)


def test_a_small_reply_is_one_frame() -> None:
    message = reply({"x": 1})
    assert frames_for_reply("r", message) == [encode_json(message)]


def test_a_number_json_cannot_carry_found_late_is_answered_after_the_frames() -> None:
    """NaN past the first frames: the error reply follows them (the extension drops the
    unfinished set when its id is answered: extension/lib/native/native.js settle)."""
    message = big_reply()
    message["result"]["late"] = float("nan")
    frames = frames_for_reply("r", message)
    last = json.loads(frames[-1])
    assert last["ok"] is False and last["id"] == "r" and last["error"]["code"] == "invalid_message"
    assert all(json.loads(f)["total"] is None for f in frames[:-1])


class _CountingSink:
    """The browser's end of the pipe: counts what is written, keeps none of it."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, data: bytes) -> int:
        self.written += len(data)
        return len(data)

    def flush(self) -> None:
        pass


def test_writing_a_big_reply_never_holds_its_whole_text() -> None:
    """The host's peak on a whole-page read was the reply's text (30 MB at 100k) beside the
    reply: written as encoded, what the write holds beyond the reply is a few frames' worth
    (their data, escaped data, the frame, the encoder's pieces), whatever the reply's size.
    Measured: ~10 MB with 1 MB frames; the whole text alone here is 22 MB."""
    message = big_reply(250_000)
    size = len(encode_json(message))
    sink = _CountingSink()
    frames = FrameIO(io.BytesIO(), sink)  # type: ignore[arg-type]
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        start, _ = tracemalloc.get_traced_memory()
        send_reply(frames, message)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    held = peak - start
    assert size > 20_000_000 and sink.written > 0
    assert held < 16 * MAX_OUTBOUND_FRAME_BYTES, f"{held} bytes held writing a {size}-char reply"
