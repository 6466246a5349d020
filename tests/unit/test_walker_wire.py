"""The walker's records as rows under key tables (models/walker_wire.py; the extension's
encoder: extension/lib/common/walker_wire.js): the host reads the very records the walker
wrote, and bad rows get a structured error while the host keeps serving."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import decode_json

ROOT = Path(__file__).resolve().parents[2]


def walker_output(rows: int = 40) -> dict[str, Any]:
    """A walker run shaped like a real one: records of several key lists, a subframe run."""
    elements: list[dict[str, Any]] = [
        {"p": -1, "f": 0, "s": "html", "r": [0, 0, 1280, 9000], "vis": 1, "win": 1, "inv": 1,
         "w": 1, "b": 10},
        {"p": 0, "f": 0, "s": "body", "r": [0, 0, 1280, 9000], "vis": 1, "win": 1,
         "a": {"id": "main"}, "idu": 1, "w": 2, "b": 11}]
    for row in range(rows):
        base = len(elements)
        elements += [
            {"p": 1, "f": 0, "s": f"div[{row + 1}]", "r": [8, 30 * row, 1264, 30], "vis": 1,
             "win": 1, "tx": f"Item {row} View", "w": base + 1},
            {"p": base, "f": 0, "s": "a", "r": [8.5, 30 * row, 101, 16.25], "vis": 1,
             "win": 1, "ptr": 1, "c": ["href", "pointer"], "tx": f"View {row} \u00e9\u2713",
             "nm": f"View {row}", "ns": "text", "ptx": f"Item {row} View",
             "a": {"href": f"#item-{row}"}, "w": base + 2, "b": 100 + row},
            {"f": 0, "p": base, "s": "input", "r": [305, 30 * row, 13, 13], "vis": 1,
             "win": 1, "c": ["form"], "chk": 0, "st": {"checked": False}, "val": None,
             "w": base + 3}]
    sub = {"v": 1, "url": "http://q/", "frames": [{"url": "http://q/", "parent": -1, "owner": -1}],
           "elements": elements[:2], "world": "w2", "alive": [1, 2]}
    return {"v": 1, "url": "http://p/", "viewport": {"w": 1280, "h": 720},
            "scroll": {"x": 0, "y": 0}, "dpr": 1,
            "frames": [{"url": "http://p/", "parent": -1, "owner": -1}],
            "elements": elements, "stats": {"emitted": len(elements)}, "world": "w1",
            "alive": [*range(1, len(elements) + 1), 900, 901, 5],
            "subframes": [{"frameId": "F", "documentId": "D", "result": sub}]}


def encoded_by_the_extension(walker: dict[str, Any]) -> dict[str, Any]:
    """``walker`` through lib/common/walker_wire.js in node, as the extension sends it."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = ("import { walkerToWire } from './extension/lib/common/walker_wire.js';"
              "let s = ''; process.stdin.on('data', (d) => { s += d; });"
              "process.stdin.on('end', () => process.stdout.write("
              "JSON.stringify(walkerToWire(JSON.parse(s)))));")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          input=json.dumps(walker), capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def test_the_host_reads_the_records_the_walker_wrote() -> None:
    walker = walker_output()
    wire = encoded_by_the_extension(copy.deepcopy(walker))
    assert "elements" not in wire and "alive" not in wire
    assert len(wire["rows"]["keys"]) == 5  # the key lists, each once
    assert len(json.dumps(wire)) < 0.8 * len(json.dumps(walker))
    capture = RawCapture.model_validate(decode_json(json.dumps({"walker": wire})))
    got = capture.walker
    assert got is not None
    assert got == walker
    assert list(got) == list(walker)  # each field where it stood
    for rec, want in zip(got["elements"], walker["elements"], strict=True):
        assert list(rec) == list(want)  # each record's keys in its order
    sub = got["subframes"][0]["result"]
    assert sub == walker["subframes"][0]["result"]


def request(walker: Any) -> str:
    return json.dumps({"v": 1, "id": "q1", "type": "snapshot",
                       "options": {"format": "domtext", "viewport_only": False},
                       "capture": {"tab": {"id": 1, "url": "http://p/"},
                                   "frames": [{"frameId": "F", "url": "http://p/"}],
                                   "walker": walker}})


def _steady(result: dict[str, Any], *also_unsteady: str) -> dict[str, Any]:
    """A reply's result without what differs between two hosts reading the same page: its
    timings and id, and the process's peak memory (it only grows, so the second host's read can
    see a higher one)."""
    steady = {k: v for k, v in result.items() if k not in ("timings", "snapshot_id")}
    unsteady = ("host_peak_rss_kb", *also_unsteady)
    steady["stats"] = {k: v for k, v in result.get("stats", {}).items() if k not in unsteady}
    return steady


def test_a_whole_page_read_of_rows_equals_the_read_of_records() -> None:
    walker = walker_output()
    [plain] = Host().handle_text(request(walker))  # each on a host of its own: no earlier read
    [wired] = Host().handle_text(request(encoded_by_the_extension(copy.deepcopy(walker))))
    assert plain["ok"] and wired["ok"]
    assert "View 3" in wired["result"]["domtext"]
    assert _steady(wired["result"], "request_bytes") == _steady(plain["result"], "request_bytes")


@pytest.mark.parametrize(("rows", "says"), [
    ({"keys": [["p", "f"]], "data": [0, -1]}, "cut short"),
    ({"keys": [["p", "f"]], "data": [1, -1, 0]}, "index of a key list"),
    ({"keys": [["p", "f"]], "data": [-1, -1, 0]}, "index of a key list"),
    ({"keys": [["p", "f"]], "data": [True, -1, 0]}, "index of a key list"),
    ({"keys": [["p", "p"]], "data": [0, -1, 0]}, "distinct strings"),
    ({"keys": [["p", 3]], "data": []}, "distinct strings"),
    ({"keys": [], "data": {}}, "must be"),
    ([], "must be"),
])
def test_bad_rows_get_a_structured_error_and_the_host_keeps_serving(rows: Any, says: str) -> None:
    host = Host()
    walker = {"v": 1, "frames": [{"url": "http://p/", "parent": -1, "owner": -1}], "rows": rows}
    [reply] = host.handle_text(request(walker))
    assert reply["ok"] is False
    assert reply["error"]["code"] == "invalid_message"
    assert says in reply["error"]["message"]
    assert "walker.rows" in reply["error"]["message"]
    assert reply["error"]["hint"]
    host.release()
    [pong] = host.handle_text(json.dumps({"v": 1, "id": "p", "type": "ping"}))
    assert pong["ok"] is True


@pytest.mark.parametrize("runs", [[1], [1, -2], [1, 2.0], "1,2", [0, 2_000_000]])
def test_bad_alive_runs_are_refused(runs: Any) -> None:
    [reply] = Host().handle_text(request({"v": 1, "frames": [], "rows": {"keys": [], "data": []},
                                          "alive_runs": runs}))
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    assert "alive_runs" in reply["error"]["message"]


def test_a_field_and_its_wire_form_together_are_refused() -> None:
    [reply] = Host().handle_text(request({"v": 1, "frames": [], "elements": [],
                                          "rows": {"keys": [], "data": []}}))
    assert reply["ok"] is False and "wire form" in reply["error"]["message"]


def test_a_request_sent_as_text_pieces_is_read_as_the_whole_message() -> None:
    """A request sent as its JSON text in chunk frames (the protocol's inbound chunk sets;
    the extension sent large ones so before design note 127): the host joins them and
    answers the request's id as it answers the message itself."""
    text = request(walker_output())
    [plain] = Host().handle_text(text)
    host = Host()
    pieces = [text[i:i + 1000] for i in range(0, len(text), 1000)]
    replies: list[dict[str, Any]] = []
    for seq, piece in enumerate(pieces):
        replies += host.handle_text(json.dumps({"v": 1, "id": "q1", "type": "chunk", "seq": seq,
                                                "total": len(pieces), "data": piece}))
    [joined] = replies
    assert joined["id"] == "q1" and joined["ok"] is True
    assert _steady(joined["result"]) == _steady(plain["result"])
