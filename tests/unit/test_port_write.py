"""The reply's way out of the host (issue 32, note 79): a small reply is encoded by one
``json.dumps`` (native/small_reply.py), not member by member, into the same text; a frame's
header and body reach the pipe in one write, however large the body (FrameIO.write_frame).
Counted calls and writes, no clocks."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from axsnap_host.native.protocol import HEADER, FrameIO, encode_json, reply_frames
from axsnap_host.native.reply_stream import json_pieces, stream_reply
from axsnap_host.native.small_reply import SMALL_REPLY_CHARS, small_reply_text

HOSTILE = ['"', "\\", "\n", "\x01", "é", "中", "😀", "\u2028", 5.0, -0.0, 10**20, -(10**40),
           1e-7, -2.2250738585072014e-308, None, True, False, 0]


class _Members(dict[str, Any]):
    """A dict subclass (orjson refuses it: json's encoding writes it)."""


def shaped(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.random()
    if depth > 4 or pick < 0.3:
        return rng.choice([*HOSTILE, "x" * rng.randint(0, 40)])
    if pick < 0.65:
        return {"k" + str(i) + rng.choice(["", "é", '"', "\x02"]): shaped(rng, depth + 1)
                for i in range(rng.randint(0, 6))}
    return [shaped(rng, depth + 1) for _ in range(rng.randint(0, 30 if depth < 2 else 4))]


def reply(result: Any) -> dict[str, Any]:
    return {"v": 1, "id": "x1-1", "ok": True, "result": result}


def resolve_like() -> dict[str, Any]:
    """The shape of an act's resolve reply: a few dozen members, nested a few levels."""
    target = {"id": "0-29", "role": "checkbox", "name": "Select Quarterly report #1",
              "box": [12.5, 300.0, 16.0, 16.0], "states": {"checked": False, "enabled": True},
              "ancestors": [{"role": "row", "name": f"row {i}"} for i in range(6)]}
    return reply({"target": target, "message": {"action": "click", "target": {
        "query": "Select Quarterly report #1", "role": "checkbox"}, "options": {}},
        "candidates": [dict(target, id=f"0-{i}", score=0.5) for i in range(3)],
        "baseline_gone": False})


class CountingDumps:
    def __init__(self) -> None:
        self.calls = 0
        self.real = json.dumps

    def __call__(self, *args: Any, **kwargs: Any) -> str:
        self.calls += 1
        return self.real(*args, **kwargs)


def test_a_small_reply_is_one_dumps_call(monkeypatch: pytest.MonkeyPatch) -> None:
    message = resolve_like()
    expected = encode_json(message)
    counting = CountingDumps()
    monkeypatch.setattr(json, "dumps", counting)
    frames = list(stream_reply("x1-1", message, 1_000_000))
    assert frames == [expected]
    assert counting.calls == 1  # member by member: ~70 calls (the streaming walk)


def test_small_replies_encode_as_the_whole_would() -> None:
    small = 0
    for seed in range(60):
        message = reply(shaped(random.Random(seed)))
        text = small_reply_text(message, 1_000_000)
        if text is None:  # its bound is over SMALL_REPLY_CHARS: streamed, as before
            assert len(encode_json(message)) * 6 > SMALL_REPLY_CHARS // 4
            continue
        small += 1
        assert text == encode_json(message) == "".join(json_pieces(message))
    assert small >= 50


def test_what_is_not_plain_or_not_small_takes_the_streaming_path() -> None:
    pre = _Members({"a": [1, 2]})  # a dict subclass
    not_plain = [{"pre": pre}, {1: "an int key"}, {"set": {1, 2}},
                 {"long": "x" * SMALL_REPLY_CHARS}, {"rows": ["é" * 100] * 200},
                 {"lone": "a\ud800b"}]
    for value in not_plain:
        message = reply(value)
        assert small_reply_text(message, 1_000_000) is None, value
    for value in not_plain[:2] + not_plain[3:5]:  # the streaming path's text, as before
        message = reply(value)
        assert list(stream_reply("x1-1", message, 1_000_000)) == [encode_json(message)]
    # a frame limit below the text: chunk frames, as before
    assert small_reply_text(resolve_like(), 100) is None
    assert len(list(stream_reply("x1-1", resolve_like(), 300))) > 1


def test_a_number_json_cannot_carry_is_refused_before_any_frame() -> None:
    frames = list(reply_frames("x1-1", reply({"box": [1.0, float("nan")]})))
    assert len(frames) == 1
    assert json.loads(frames[0])["error"]["code"] == "invalid_message"


class RecordingRaw(io.RawIOBase):
    """A pipe's end: records each write the buffered stream makes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.writes.append(bytes(data))
        return len(data)


@pytest.mark.parametrize("body_chars", [40, 9_000, 300_000])
def test_a_frame_reaches_the_pipe_in_one_write(body_chars: int) -> None:
    raw = RecordingRaw()
    frames = FrameIO(io.BytesIO(), io.BufferedWriter(raw))  # as __main__'s os.fdopen(fd, "wb")
    text = json.dumps({"text": "é" * (body_chars // 2)})
    size = frames.write_frame(text)
    body = text.encode("utf-8")
    assert size == len(body)
    assert raw.writes == [HEADER.pack(len(body)) + body]  # header and body: one system call
