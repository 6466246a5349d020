"""A served DOM read's element records are encoded by orjson as found plain (design note 196).

The DOM read's cap walk (pipeline/caps.py ``cap_strings_plain``) finds its records plain: no
float, so no NaN or Infinity that orjson would write as ``null``. A record named by the
walker's id says ``"backendNodeId": null``, and the reply's search for such a ``null``
(pipeline/orjson_text.py) sent every slice of them to ``json.dumps``. The serving loop now
gives the reply the records as a ``PlainList`` and the reply writes orjson's text of them:
the same frames' text as the records encoded by the reply's checks (any read, named either
way), no slice of them encoded by ``json``, and the tab keeping the list itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_capture_stream import PINNED
from test_walker_node_ids import tracked, walker_capture

from axsnap_host.native import reply_stream
from axsnap_host.native.chunk_deflate import frames_text
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import encode_json, frames_for_reply
from axsnap_host.pipeline.json_text import PlainList
from axsnap_host.pipeline.orjson_text import container_json_utf8, plain_json_utf8

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WHOLE = {"format": "domtext", "viewport_only": False, "dom_source": "walk"}


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    from axsnap_host.pipeline import run

    real = run.process
    monkeypatch.setattr(run, "process", lambda request, state, **kw: real(
        request, state, **{**kw, **PINNED}))


def dom_request(capture: dict[str, Any], options: dict[str, Any]) -> str:
    return json.dumps({"v": 1, "id": "d1", "type": "snapshot", "options": {**WHOLE, **options},
                       "capture": capture})


def named_by_walker() -> str:
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    return dom_request(walker_capture(data), {"node_ids": "walker"})


def served(written: bool) -> Host:
    host = Host()
    host.replies_written = written  # as run_message_loop() sets it (or not)
    return host


def reply_text(host: Host, request: str) -> tuple[dict[str, Any], str]:
    """The reply, and its text as its frames carry it, the timings and peak memory out."""
    [reply] = host.handle_text(request)
    frames = frames_for_reply(reply["id"], reply)
    parsed = [json.loads(frame) for frame in frames]
    text = frames_text(parsed) if parsed[0].get("type") == "chunk" else frames[0]
    return reply, encode_json(_steady(json.loads(text)))


def _steady(value: Any) -> Any:
    """``value`` without what changes from run to run (timings, the peak memory)."""
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items()
                if k not in ("timings", "host_peak_rss_kb")}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def test_walker_named_records_hold_a_null_the_reply_checks_sent_to_json() -> None:
    reply, _ = reply_text(served(False), named_by_walker())
    records = reply["result"]["elements"]
    assert len(records) > 3 and all(r["backendNodeId"] is None for r in records)
    assert container_json_utf8(records) is None  # (its null: json's encoding, before 196)
    assert plain_json_utf8(records) == encode_json(records).encode("utf-8")


@pytest.mark.parametrize("options", [{"node_ids": "walker"}, {}, {"redact": False}])
def test_a_served_dom_read_writes_the_text_of_its_records_encoded_again(
        monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]) -> None:
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    capture = walker_capture(data) if options.get("node_ids") else data
    request = dom_request(capture, options)
    again, expected = reply_text(served(False), request)
    assert type(again["result"]["elements"]) is list
    by_json: list[int] = []
    real = reply_stream._json_piece

    def counting(value: Any) -> str:
        if isinstance(value, list) and value and isinstance(value[0], dict):
            by_json.append(len(value))
        return real(value)

    monkeypatch.setattr(reply_stream, "_json_piece", counting)
    host = served(True)
    reply, text = reply_text(host, request)
    records = reply["result"]["elements"]
    assert isinstance(records, PlainList) and len(records.items) > 3
    assert host.tabs.get(1).elements is records.items  # the tab keeps the list itself
    assert text == expected
    assert by_json == []


def test_plain_items_json_refuses_are_written_by_json() -> None:
    items = [{"name": "a\ud800b", "backendNodeId": None}] * 3  # a lone surrogate
    assert plain_json_utf8(items) is None
    pieces = "".join(reply_stream.json_pieces({"elements": PlainList(items)}))
    assert pieces == encode_json({"elements": items})
    assert "".join(reply_stream.json_pieces({"elements": PlainList([])})) == '{"elements":[]}'


@pytest.mark.parametrize("also", [["domtext"], ["outline", "domtext"], ["elements"]])
def test_dom_text_beside_another_format_writes_the_same_text(
        monkeypatch: pytest.MonkeyPatch, also: list[str]) -> None:
    """A DOM format of one read (``also_formats``) gives the reply its records found plain
    too; the read's own SnapshotV1 is served as before."""
    data = json.loads((FIXTURES / "dom_basic_whole.json").read_text())
    request = json.dumps({"v": 1, "id": "a1", "type": "snapshot", "capture": data, "options": {
        "format": "snapshot", "scope": "page", "ax_source": "chromium",
        "viewport_only": False, "also_formats": also}})
    again, expected = reply_text(served(False), request)
    reply, text = reply_text(served(True), request)
    records = reply["result"]["also"][also[-1]]["elements"]
    assert isinstance(records, PlainList) and len(records.items) > 3
    assert type(again["result"]["also"][also[-1]]["elements"]) is list
    assert text == expected
