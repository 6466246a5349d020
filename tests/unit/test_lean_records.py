"""A lean walk (design note 168): a read of SnapshotV1 and the outline alone from the walk gets
records without the fields neither reads (models/walker_wire.py LEAN, written by the walker's
src/lean.js). The host's replies to a lean walk equal its replies to the whole records; the
fields it leaves out are never read by those formats (a record that raises on them is read
through); a label's text still names a secret field; any other format refuses a lean walk.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_outline_walk import PAGE, walk_capture

from axsnap_host.models.capture_checks import CaptureShapeError
from axsnap_host.models.walker_wire import (
    LEAN_DROPPED,
    LEAN_FIELD,
    LEAN_TEXT,
    lean_record,
    refuse_lean,
)
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState
from host_harness import process_capture as run

SECRET = "blue-river-morning"
WALK = {"scope": "page", "ax_source": "walk"}
# every field a lean walk leaves out, on every record of the page (values as the walker's)
LEFT_OUT = {"ptx": "Next Tile", "ptr": 1, "win": 1, "inv": 1, "clip": 1, "pt": [1, 2], "idu": 1}


def whole_capture() -> dict[str, Any]:
    """walk_capture with the left-out fields on each record, and a text field whose only sign
    of a secret is the text of its <label> (a record with no row of its own)."""
    capture = walk_capture()
    walker = capture["walker"]
    records = walker["elements"]
    for rec in records:
        rec.update(LEFT_OUT)
    records.append({"p": 1, "f": 0, "s": "label", "r": [10, 90, 80, 16], "vis": 1, "w": 10,
                    "tx": "Password", "ptx": "Password", "a": {"for": "f7"}})
    records.append({"p": 1, "f": 0, "s": "input[1]", "r": [10, 110, 80, 16], "vis": 1,
                    "w": 11, "b": 110, "c": ["form"], "a": {"id": "f7", "type": "text"},
                    **LEFT_OUT})
    walker["axt"]["rows"].append([0, "textbox", "", SECRET, 0, 11, 0])
    return capture


def lean_capture() -> dict[str, Any]:
    capture = whole_capture()
    walker = capture["walker"]
    walker["elements"] = [lean_record(rec) for rec in walker["elements"]]
    walker[LEAN_FIELD] = 1
    return capture


def _reply(result: dict[str, Any]) -> str:
    drop = {"timings", "snapshot_id", "ts", "trace_id", "size", "request_bytes"}

    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if k not in drop}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value
    return json.dumps(clean(result), sort_keys=True)


@pytest.mark.parametrize("fmt", ["snapshot", "outline"])
def test_a_lean_walk_reads_as_the_whole_records(fmt: str) -> None:
    lean = lean_capture()
    assert not any(set(LEFT_OUT) & set(rec) for rec in lean["walker"]["elements"])
    assert [rec.get(LEAN_TEXT) for rec in lean["walker"]["elements"]][-2:] == ["Password", None]
    whole = run(whole_capture(), format=fmt, **WALK)
    assert _reply(run(lean, format=fmt, **WALK)) == _reply(whole)
    if fmt == "snapshot":  # the label's text decided the field a secret, in both
        text = json.dumps(whole)
        assert SECRET not in text and "0-110" in text
        careless = lean_capture()  # the same walk had it left out the label's text too
        careless["walker"]["elements"][-2].pop(LEAN_TEXT)
        assert SECRET in json.dumps(run(careless, format=fmt, **WALK))


class _Watched(dict[str, Any]):
    """A record that fails a read of a field a lean walk leaves out."""

    def _check(self, key: object) -> None:
        if key in LEAN_DROPPED:
            raise AssertionError(f"the host read {key!r} of a record")

    def __getitem__(self, key: str) -> Any:
        self._check(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._check(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._check(key)
        return super().__contains__(key)


@pytest.mark.parametrize("fmt", ["snapshot", "outline"])
def test_the_formats_never_read_the_fields_left_out(fmt: str) -> None:
    request = SnapshotRequest.model_validate({"v": 1, "id": "t", "type": "snapshot",
                                              "options": {"format": fmt, **WALK},
                                              "capture": whole_capture()})
    walker = request.capture.walker or {}
    walker["elements"] = [_Watched(rec) for rec in walker["elements"]]
    assert process(request, TabState(1))["format"] == fmt


@pytest.mark.parametrize("fmt", ["domtext", "elements", "som", "semantic"])
def test_any_other_format_refuses_a_lean_walk(fmt: str) -> None:
    walker = lean_capture()["walker"]
    with pytest.raises(CaptureShapeError, match="left out record fields"):
        refuse_lean(walker, fmt)
    refuse_lean(walker, "snapshot")
    refuse_lean(walker, "outline")
    sub = {"elements": [], LEAN_FIELD: 1}
    with pytest.raises(CaptureShapeError):
        refuse_lean({"elements": [], "subframes": [{"result": sub}]}, fmt)
    refuse_lean(whole_capture()["walker"], fmt)  # whole records: read as ever


def test_a_dom_read_of_a_lean_capture_is_a_clear_error() -> None:
    capture = copy.deepcopy(lean_capture())
    capture["walker"]["url"] = PAGE
    with pytest.raises(CaptureShapeError, match="left out"):
        run(capture, format="domtext", viewport_only=False)
