"""The walk's accessibility rows sent compact (models/ax_rows_wire.py; the extension's encoder:
extension/lib/common/ax_rows_wire.js; design note 173): the host reads the very rows the
walker wrote, a whole-page SnapshotV1 and outline read the same from them, rows that do not
fit the form go as they are, and a bad compact form gets a structured error."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_lean_records import _reply
from test_outline_walk import PAGE, walk_capture
from test_walker_wire import encoded_by_the_extension, request

from axsnap_host.models.ax_rows_wire import AX_ROWS_FIELD, AX_ROWS_SENT
from axsnap_host.models.capture import RawCapture
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import decode_json
from host_harness import process_capture as run

WALK = {"scope": "page", "ax_source": "walk"}

# every kind of cell the walker writes (src/ax_tree.js), and some it never does
ROWS: list[list[Any]] = [
    [-1, "RootWebArea", "Page", None, {"focused": True}, -40, 0, 0, [0, 0, 1280, 720]],
    [0, "link", "Next", None, {"url": PAGE + "#next"}, 3, 0, 0],
    [1, "StaticText", "Next", None, 0, -41, 0, 0, [8, 20, 31, 17]],
    [0, "link", "", None, {"url": PAGE + "#next"}, 7, 0, 0],  # the same state again
    [0, "generic", "", None, 0, 5, 0, "div"],
    [4, "StaticText", "caf\u00e9 \u2713", None, 0, -44, 0, 0, [8.5, -90, 0, 16.25]],
    [4, "ListMarker", "1. ", None, 0, 0, 0],  # seven cells: no tag, no box
    [0, "textbox", "Name", "Ann", {"focusable": True, "required": True}, 6, 2, 0],
    [0, "checkbox", "Agree", None, {"checked": False}, 9, 0, 0],
    [0, "checkbox", "Agree", None, {"checked": "mixed"}, 8, 0, 0],  # w steps back
    [0, "generic", "", None, False, 0, None, 0],  # not the defaults: False, a null frame
    [3, "StaticText", "", "", 0, -2, 0, ""],  # an empty value, an empty tag
    [0, "heading", None, None, {"level": 2}, 2**40, 1, "h2", None],  # a box of nothing
]


def walker_of(rows: list[list[Any]]) -> dict[str, Any]:
    axt = {"rows": rows, "ms": 3.5, "joins": [5], "b": [0, 30]}
    sub = {"v": 1, "url": "http://q/", "frames": [{"url": "http://q/", "parent": -1,
                                                    "owner": -1}],
           "elements": [], "axt": {"rows": copy.deepcopy(rows[:3]), "ms": 1}}
    return {"v": 1, "url": PAGE, "frames": [{"url": PAGE, "parent": -1, "owner": -1}],
            "elements": [], "axt": axt, "subframes": [{"frameId": "F", "result": sub}]}


def _as_sent(walker: dict[str, Any] | None) -> str:
    """``walker`` as JSON, without the count of rows the host decoded (AX_ROWS_SENT)."""
    assert walker is not None
    for one in [walker, *(sub["result"] for sub in walker.get("subframes") or ())]:
        one["axt"].pop(AX_ROWS_SENT, None)
    return json.dumps(walker)


def test_the_host_reads_the_rows_the_walker_wrote() -> None:
    rows = [row for row in ROWS if not (len(row) == 9 and row[8] is None)]
    walker = walker_of(rows)
    wire = encoded_by_the_extension(copy.deepcopy(walker))
    axt = wire["axt"]
    assert "rows" not in axt and list(axt) == [AX_ROWS_FIELD, "ms", "joins", "b"]
    assert len(axt[AX_ROWS_FIELD]["states"]) == 6  # each distinct state once
    assert AX_ROWS_FIELD in wire["subframes"][0]["result"]["axt"]
    got = RawCapture.model_validate(decode_json(json.dumps({"walker": wire}))).walker
    assert got is not None and got["axt"][AX_ROWS_SENT] == len(rows)
    assert _as_sent(got) == json.dumps(walker)  # the same rows, cells and key order


def test_rows_that_do_not_fit_the_form_go_as_they_are() -> None:
    for bad in ([0, "generic", "", None, 0, 5], [0, "link", "x", None, 0, 1.5, 0],
                [0, 7, "x", None, 0, 1, 0], ["0", "link", "x", None, 0, 1, 0],
                [0, "link", "x", None, 0, 1, 0, 0, [1, 2, 3]], ROWS[-1]):
        walker = walker_of([*ROWS[:3], bad])
        wire = encoded_by_the_extension(copy.deepcopy(walker))
        assert wire["axt"]["rows"] == walker["axt"]["rows"]  # (the subframe's still compact)
        got = RawCapture.model_validate(decode_json(json.dumps({"walker": wire}))).walker
        assert _as_sent(got) == json.dumps(walker)


def test_a_large_page_sends_far_fewer_characters() -> None:
    rows: list[list[Any]] = [[-1, "RootWebArea", "Docs", None, 0, -1, 0, 0, [0, 0, 1280, 720]]]
    for i in range(2000):
        rows.append([0, "link", f"item {i}", None, {"url": f"{PAGE}#item-{i // 10}"}, i + 1, 0, 0])
        rows.append([len(rows) - 1, "StaticText", f"item {i}", None, 0, -2 - i, 0, 0,
                     [24, 30 * i, 60, 17]])
    wire = encoded_by_the_extension(walker_of(rows))
    plain = len(json.dumps(rows, separators=(",", ":")))
    compact = len(json.dumps(wire["axt"][AX_ROWS_FIELD], separators=(",", ":")))
    assert compact < 0.5 * plain


@pytest.mark.parametrize("fmt", ["snapshot", "outline"])
def test_a_whole_page_read_of_compact_rows_equals_the_read_of_plain_ones(fmt: str) -> None:
    plain = walk_capture()
    wire = copy.deepcopy(plain)
    wire["walker"] = encoded_by_the_extension(wire["walker"])
    assert AX_ROWS_FIELD in wire["walker"]["axt"]
    assert _reply(run(wire, format=fmt, **WALK)) == _reply(run(plain, format=fmt, **WALK))


@pytest.mark.parametrize(("rw", "says"), [
    ({"shapes": [["link", 0]], "states": [], "data": [0]}, "cut short"),
    ({"shapes": [["link", 1]], "states": [], "data": [0, 1]}, "cut short"),
    ({"shapes": [["link", 256]], "states": [], "data": [0, 1, 1, 2, 3]}, "cut short"),
    ({"shapes": [["link", 0]], "states": [], "data": [1, 1]}, "index of a shape"),
    ({"shapes": [["link", 0]], "states": [], "data": [True, 1]}, "index of a shape"),
    ({"shapes": [["link", 0]], "states": [], "data": [0, "1"]}, "parent step"),
    ({"shapes": [["link", 4]], "states": [{}], "data": [0, 1, 1]}, "index of a state"),
    ({"shapes": [["link", 8]], "states": [], "data": [0, 1, 2.5]}, "w step"),
    ({"shapes": [["link", 512]], "states": [], "data": []}, "[role, mask]"),
    ({"shapes": [[3, 0]], "states": [], "data": []}, "[role, mask]"),
    ({"shapes": [], "data": []}, "must be"),
    ([], "must be"),
])
def test_a_bad_compact_form_gets_a_structured_error(rw: Any, says: str) -> None:
    host = Host()
    walker = {"v": 1, "frames": [], "elements": [], "axt": {AX_ROWS_FIELD: rw}}
    [reply] = host.handle_text(request(walker))
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    assert says in reply["error"]["message"] and "walker.axt.rw" in reply["error"]["message"]
    host.release()
    [pong] = host.handle_text(json.dumps({"v": 1, "id": "p", "type": "ping"}))
    assert pong["ok"] is True


def test_rows_and_their_compact_form_together_are_refused() -> None:
    [reply] = Host().handle_text(request({"v": 1, "frames": [], "elements": [], "axt": {
        "rows": [], AX_ROWS_FIELD: {"shapes": [], "states": [], "data": []}}}))
    assert reply["ok"] is False and "both rows and rw" in reply["error"]["message"]


def test_the_reply_says_how_many_rows_came_compact() -> None:
    capture = walk_capture()
    rows = len(capture["walker"]["axt"]["rows"])
    wire = {**capture, "walker": encoded_by_the_extension(copy.deepcopy(capture["walker"]))}
    options = {"format": "outline", **WALK}
    [compact] = Host().handle_text(json.dumps({"v": 1, "id": "q", "type": "snapshot",
                                               "options": options, "capture": wire}))
    [plain] = Host().handle_text(json.dumps({"v": 1, "id": "q", "type": "snapshot",
                                             "options": options, "capture": capture}))
    assert compact["ok"] and plain["ok"]
    assert compact["result"]["stats"]["ax_rows_compact"] == rows
    assert "ax_rows_compact" not in plain["result"]["stats"]
    assert _reply({k: v for k, v in compact["result"].items() if k != "stats"}) == _reply(
        {k: v for k, v in plain["result"].items() if k != "stats"})
