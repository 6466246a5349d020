"""A reply's pieces orjson wrote go to the deflater as orjson's UTF-8 (design note 136,
native/reply_stream.py ``reply_pieces``): no str is made of a whole page's DOM text records
to be encoded back. The frames are byte for byte the frames of the old way, every piece a
str deflated (``streamed_frames`` of ``json_pieces``), on random replies of every kind."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from axsnap_host.native.chunk_deflate import deflated_pieces, frames_text
from axsnap_host.native.protocol import encode_json
from axsnap_host.native.reply_stream import json_pieces, reply_pieces, stream_reply, streamed_frames

_WORDS = ["a", "é", "中", "😀", '"', "\\", "\n", "\u2028", "x" * 50, "%3E-1", "1e-5", "null"]
_SCALARS: list[Any] = [None, True, False, 0, -7, 10**20, 1.5, -0.0, 1e-7, 2.5e300, 3.0]


def _value(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.random()
    if depth > 3 or pick < 0.4:
        if rng.random() < 0.5:
            return rng.choice(_SCALARS)
        return "".join(rng.choice(_WORDS) for _ in range(rng.randrange(6)))
    if pick < 0.7:
        return {f"k{i}{rng.choice(_WORDS[:4])}": _value(rng, depth + 1)
                for i in range(rng.randrange(5))}
    return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]


def _records(rng: random.Random, count: int) -> list[dict[str, Any]]:
    """DOM text's element records, some odd (what orjson leaves to json)."""
    return [{"index": i, "tagName": rng.choice(["a", "button"]),
             "text": "".join(rng.choice(_WORDS) for _ in range(rng.randrange(8))),
             "extra": _value(rng)} for i in range(count)]


def _reply(rng: random.Random) -> dict[str, Any]:
    records = _records(rng, rng.choice([0, 3, 400, 4_000]))
    result = {"format": "domtext", "domtext": "line é\n" * rng.randrange(20_000),
              "elements": records,
              "maps": {f"0-{i}": f"/html/body/div[{i}]{rng.choice(_WORDS)}"
                       for i in range(rng.choice([0, 70, 9000]))},
              "more": _value(rng)}
    return {"v": 1, "id": "r", "ok": True, "type": "result", "result": result}


@pytest.mark.parametrize("seed", range(16))
def test_the_frames_are_the_frames_of_the_pieces_as_text(seed: int) -> None:
    rng = random.Random(seed)
    reply = _reply(rng)
    limit = rng.choice([2_000, 64_000, 1_000_000])
    try:
        old = list(streamed_frames("r", json_pieces(reply), limit))
    except ValueError:  # a number strict JSON cannot carry: refused either way
        with pytest.raises(ValueError):
            list(stream_reply("r", reply, limit))
        return
    new = list(stream_reply("r", reply, limit))
    if len(new) == 1 and not new[0].startswith('{"v":1,"id":"r","type":"chunk"'):
        assert new[0] == encode_json(reply)  # (fits one frame: the text itself)
        return
    assert new == old
    assert frames_text(json.loads(frame) for frame in new) == encode_json(reply)


def test_a_dom_text_replys_records_reach_the_deflater_as_orjsons_bytes() -> None:
    reply = _reply(random.Random(3))
    reply["result"]["elements"] = [{"index": i, "text": f"é{i}"} for i in range(5_000)]
    pieces = list(reply_pieces(reply))
    written = [piece for piece in pieces if not isinstance(piece, str)]
    assert sum(len(piece) for piece in written) > len(json.dumps(
        reply["result"]["elements"], ensure_ascii=False)) * 0.9  # (UTF-8: more bytes)
    text = b"".join(p.encode() if isinstance(p, str) else bytes(p) for p in pieces).decode()
    assert text == encode_json(reply)


def test_the_deflated_stream_is_the_same_however_its_text_is_pieced() -> None:
    rng = random.Random(9)
    text = json.dumps(_records(rng, 8_000), ensure_ascii=False)
    data = text.encode()
    whole = b"".join(deflated_pieces([text], 1 << 16, 1 << 12))
    at, pieces = 0, []
    while at < len(data):  # cut anywhere (bytes) or at characters (str)
        step = rng.choice([1, 33, 4096, 1 << 17, 1 << 20])
        pieces.append(data[at:at + step])
        at += step
    assert b"".join(deflated_pieces(pieces, 1 << 16, 1 << 12)) == whole
    assert b"".join(deflated_pieces([memoryview(data)], 1 << 16, 1 << 12)) == whole
