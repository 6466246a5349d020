"""A whole-page SnapshotV1's JSON text, made for its size, is the reply's (pre_encoded.py).

The reply must be the bytes the plain encoding gives (recorded captures, every SnapshotV1
option set, a reply big enough to go in chunks), the text must be what is sent (not the
dict encoded again), and whenever the text cannot be used as it is (NaN or Infinity
spelled in it, a lone surrogate, something else than a dict's JSON) the plain path
decides, as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_capture_stream import snapshot_request

from axsnap_host.native.chunk_deflate import frames_text
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import encode_json, frames_for_reply
from axsnap_host.pipeline.pre_encoded import PreEncoded
from host_harness import load_capture


def plain(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@pytest.mark.parametrize("name", ["login", "generated", "content"])
@pytest.mark.parametrize("options", [{}, {"pruned": False}, {"redact": False},
                                     {"trace_id": "t-1"}])
def test_a_snapshot_reply_is_the_plain_encoding_from_the_known_text(
        name: str, options: dict[str, Any]) -> None:
    host = Host()
    for _ in range(2):  # the second read renders through the tab's row memo
        [reply] = host.handle_text(snapshot_request(load_capture(name), options))
        host.release()
        snapshot = reply["result"]["snapshot"]
        assert isinstance(snapshot, PreEncoded)
        assert snapshot.text == plain(snapshot)
        assert frames_for_reply(reply["id"], reply) == [plain(reply)]


def test_the_known_text_is_what_is_sent() -> None:
    [reply] = Host().handle_text(snapshot_request(load_capture("login")))
    snapshot = reply["result"]["snapshot"]
    assert '"snapshot_version":1,' in snapshot.text
    snapshot.text = snapshot.text.replace('"snapshot_version":1,', '"snapshot_version": "3"')
    assert '"snapshot_version": "3"' in encode_json(reply)  # the text, not the dict
    assert plain(reply) != encode_json(reply)


def test_a_text_that_cannot_be_used_leaves_it_to_the_plain_encoding() -> None:
    good = {"a": "x", "n": 1}
    for value, text in (({"a": float("nan")}, '{"a":NaN}'),
                        ({"a": "Infinity war"}, '{"a":"Infinity war"}'),
                        ({"a": "\ud800"}, '{"a":"\ud800"}'),
                        (good, '["not a dict"]')):
        message = {"v": 1, "result": {"snapshot": PreEncoded(value, text), "k": 2}}
        expected: Any
        try:
            expected = json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                                  allow_nan=False)
            expected.encode("utf-8")
        except ValueError as exc:
            expected = type(exc)
        if expected is ValueError:
            with pytest.raises(ValueError):
                encode_json(message)
        elif expected is UnicodeEncodeError:
            assert encode_json(message) == json.dumps(message, separators=(",", ":"))
        else:
            assert encode_json(message) == expected
    # a NaN result is still the structured error reply it was
    reply = {"v": 1, "id": "r", "ok": True, "type": "result",
             "result": {"snapshot": PreEncoded({"a": float("nan")}, '{"a":NaN}')}}
    [frame] = frames_for_reply("r", reply)
    assert json.loads(frame)["error"]["code"] == "invalid_message"


def test_a_big_reply_goes_in_chunks_of_the_same_text() -> None:
    value = {"rows": [[i, f"row {i} ✓"] for i in range(120_000)]}
    reply = {"v": 1, "id": "big", "ok": True, "type": "result",
             "result": {"format": "snapshot", "snapshot": PreEncoded(value, plain(value)),
                        "size": 3}}
    frames = frames_for_reply("big", reply)
    assert json.loads(frames[-1])["total"] == len(frames)  # a chunk set (deflated)
    assert frames_text(json.loads(f) for f in frames) == plain(reply)
