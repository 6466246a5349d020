"""Every way a capture comes back partial becomes one ``incomplete`` fact, carried by every
format and said in the first line of every text (pipeline/incomplete.py, issue 28)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.mcp_server.render import snapshot_text
from axsnap_host.models.result import SnapshotResult
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.incomplete import MAX_REASONS
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState
from host_harness import FIXTURES

LINE = "[Incomplete read: "
FORMATS = ["snapshot", "domtext", "elements", "outline", "semantic", "semantic_text"]


def _capture(**changes: Any) -> dict[str, Any]:
    capture = json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))
    # the fixture's child frame has no owner: a whole-page read cannot attach its tree
    capture["frames"] = capture["frames"][:1]
    capture.update(changes)
    return capture


def _read(fmt: str, capture: dict[str, Any], **options: Any) -> dict[str, Any]:
    request = SnapshotRequest.model_validate(
        {"v": 1, "id": "i", "type": "snapshot", "options": {"format": fmt, **options},
         "capture": capture})
    return process(request, TabState(1), snapshot_id="x" * 8, ts="T")


def _first_line(result: dict[str, Any]) -> str:
    for key in ("domtext", "combinedTree", "semantic_text"):
        if key in result:
            return str(result[key]).split("\n", 1)[0]
    return ""


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("error", "kind"), [
    ({"step": "ax", "message": "frame F1: No frame with given id found"}, "ax_failed"),
    ({"step": "walker", "message": "walker in the top frame did not answer within 30000 ms"},
     "deadline"),
    ({"step": "walker_frames", "message": "only the top frame was walked"}, "frame_not_read"),
    ({"step": "oopif", "message": "Target.setAutoAttach failed"}, "frame_not_read"),
    ({"step": "ax_depth", "message": "frame F1: retried with depth 200: too deep"}, "fallback"),
    ({"step": "dom_snapshot", "message": "DOMSnapshot failed"}, "step_failed"),
])
def test_a_failed_capture_step_makes_every_format_say_incomplete(
    fmt: str, error: dict[str, str], kind: str
) -> None:
    result = _read(fmt, _capture(errors=[error]))
    reasons = result["incomplete"]["reasons"]
    assert [(r["kind"], r.get("step")) for r in reasons] == [(kind, error["step"])]
    SnapshotResult.model_validate({**result, "snapshot": None})  # the published shape
    if fmt == "snapshot":
        assert result["snapshot"]["quality"]["incomplete"] == result["incomplete"]
    elif fmt == "semantic":
        assert next(iter(result["semantic"])) == "incomplete"  # the JSON's first key
    else:
        assert _first_line(result).startswith(LINE) and error["message"] in _first_line(result)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_complete_read_and_steps_that_lose_no_content_say_nothing(fmt: str) -> None:
    harmless = [{"step": step, "message": "x"} for step in
                ("frame_order", "frame_border", "frame_owner", "device_pixel_ratio",
                 "layout", "ax_window", "screenshot")]
    harmless.append({"step": "dom_tree_depth", "message": "main: the document nests 90+ "
                     "levels deep"})  # read in slices, completely
    for capture in (_capture(), _capture(errors=harmless)):
        result = _read(fmt, capture)
        assert "incomplete" not in json.dumps(result, ensure_ascii=False).lower()


def test_walker_limits_a_cut_slice_read_and_a_loading_page_are_gaps() -> None:
    capture = _capture()
    capture["walker"]["stats"].update(capped=True, visited=200000)
    capture["stabilization"] = {"stabilized": False, "load_state": "loading",
                                "waited_ms": 5000, "reasons": ["max_wait"]}
    capture["dom_tree"] = {"depth_fallback": {"reason": "deep", "truncated": True}}
    kinds = [r["kind"] for r in _read("domtext", capture)["incomplete"]["reasons"]]
    assert kinds == ["fallback", "walker_stopped", "page_loading"]


def test_a_budget_that_leaves_parts_out_is_a_gap_its_markers_say() -> None:
    """A budget cut is in the fact; the text says it by its own marker lines (… elided),
    and a capture gap's first line fits inside the budget."""
    page = json.loads((FIXTURES / "outline_compact.json").read_text("utf-8"))
    outline = _read("outline", page, max_tokens=100)
    assert outline["budget"]["elided"] > 0
    assert [r["kind"] for r in outline["incomplete"]["reasons"]] == ["budget"]
    assert not outline["combinedTree"].startswith(LINE)
    error = {"step": "ax", "message": "frame F1: No frame with given id found"}
    both = _read("outline", {**page, "errors": [error]}, max_tokens=100)
    assert [r["kind"] for r in both["incomplete"]["reasons"]] == ["ax_failed", "budget"]
    assert both["combinedTree"].startswith(LINE) and both["size"]["tokens"] <= 100
    assert both["budget"]["max_tokens"] == 100
    text = _read("semantic_text", _capture(), max_tokens=100)
    assert [r["kind"] for r in text["incomplete"]["reasons"]] == ["budget"]


def test_reasons_are_redacted_bounded_and_folded() -> None:
    secret = ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
              "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")
    errors = [{"step": "ax", "message": f"frame {i}: at https://x.test/?token={secret} "
               + "x" * 500} for i in range(20)]
    reasons = _read("domtext", _capture(errors=errors))["incomplete"]["reasons"]
    assert len(reasons) == MAX_REASONS and reasons[-1]["detail"].startswith("and 13 more")
    assert secret not in json.dumps(reasons)
    assert all(len(r["detail"]) <= 300 for r in reasons)


def test_the_mcp_text_says_incomplete_for_json_formats_and_deltas() -> None:
    error = {"step": "ax", "message": "frame F1: No frame with given id found"}
    for fmt in ("snapshot", "semantic"):
        text = snapshot_text({"tabId": 1, "result": _read(fmt, _capture(errors=[error]))})
        assert "INCOMPLETE" in text.split("\n", 1)[0]
    delta = {"format": "outline", "incomplete": {"reasons": [
        {"kind": "ax_failed", "detail": "frame F1: gone"}]},
        "delta": {"applied": True, "text": "+ button: Go", "counts": {}}}
    assert snapshot_text({"tabId": 1, "result": delta}).split("\n")[1].startswith(LINE)
    clean = snapshot_text({"tabId": 1, "result": _read("snapshot", _capture())})
    assert "INCOMPLETE" not in clean
