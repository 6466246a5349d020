"""The extension's message API: committed schemas equal the models, and the models accept
the replies the host pipeline builds (the end-to-end tests check real replies too)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from axsnap_host.models.api import (
    SCHEMAS,
    ErrorReply,
    PortReply,
    ProgressEvent,
    ResolveMessage,
    SnapshotMessage,
    SnapshotReply,
    schema_text,
)

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas" / "api"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_committed_schema_matches_the_model(name: str) -> None:
    path = SCHEMA_DIR / f"{name}.schema.json"
    assert path.exists() and path.read_text(encoding="utf-8") == schema_text(name), (
        "regenerate: .venv/bin/python -m axsnap_host.models.api --write schemas/api"
    )
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$id"].endswith(f"/api/{name}.schema.json")


def test_no_stray_schema_files() -> None:
    names = {p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json")}
    assert names == set(SCHEMAS)


def _snapshot_reply(result: dict) -> dict:
    timings = {"attach_ms": 1, "stabilize_ms": 500, "capture_ms": 30, "host_ms": 9,
               "transfer_ms": 2, "total_ms": 560, "capture_steps": {"ax_ms": 18.1}}
    sizes = {"capture_bytes": 100, "reply_bytes": 50, "reply_chunks": 1}
    return {"ok": True, "result": result, "timings": timings, "sizes": sizes}


def test_reply_models_take_each_format() -> None:
    dom = {"format": "som", "domtext": "[1] <a> \"Docs\"", "elements": [{"index": 1}],
           "indices": {"added": [1], "removed": []}, "timings": {}, "stats": {},
           "vision": {"ok": True, "format": "png", "image": "iVBORw0KGgo=",
                      "legend": {"width": 10, "height": 10, "device_pixel_ratio": 1,
                                 "palette": {}, "mask_colour": "#000000", "masks": [],
                                 "skipped": [],
                                 "marks": [{"index": 1, "kind": "link", "colour": "#2563eb",
                                            "box": [0, 0, 5, 5], "label": [0, 0, 2, 2],
                                            "anchor": "above_left", "clipped": False}]}}}
    vision = SnapshotReply.model_validate(_snapshot_reply(dom)).result.vision
    assert vision.legend.marks[0].index == 1
    failed = {**dom, "vision": {"ok": False, "reason": "screenshot timed out"}}
    assert SnapshotReply.model_validate(_snapshot_reply(failed)).result.vision.ok is False
    outline = {"format": "outline", "combinedTree": "[0-1] RootWebArea", "combinedXpathMap": {},
               "combinedUrlMap": {}, "frames": [{"ordinal": 0, "status": "captured"}],
               "delta": {"added": ["[0-5] button: Go"], "removed": [], "changed": []}}
    assert SnapshotReply.model_validate(_snapshot_reply(outline)).result.delta["added"]
    with pytest.raises(ValidationError):
        SnapshotReply.model_validate({**_snapshot_reply(outline), "surprise": 1})


def test_errors_progress_and_messages() -> None:
    error = {"ok": False, "error": {"code": "not_allowed", "message": "no", "hint": "ask"}}
    ErrorReply.model_validate(error)
    PortReply.model_validate({"type": "reply", "reply": error})
    ProgressEvent.model_validate({"type": "progress", "stage": "stabilize", "state": "end",
                                  "ms": 512.3})
    with pytest.raises(ValidationError):
        ProgressEvent.model_validate({"type": "progress", "stage": "nap", "state": "end"})
    SnapshotMessage.model_validate({"type": "snapshot", "tabId": 3, "options": {"format": "som"}})
    ResolveMessage.model_validate({"type": "resolve", "elementId": "0-29"})
    with pytest.raises(ValidationError):
        ResolveMessage.model_validate({"type": "resolve", "elementId": "btn"})


def test_a_host_error_frame_is_the_one_error_reply_in_an_envelope() -> None:
    from axsnap_host.models.wire import NativeErrorReply
    from axsnap_host.native.host import Host

    [frame] = Host().handle_text('{"v": 1, "id": "x", "type": "nope"}')
    native = NativeErrorReply.model_validate(frame)
    assert native.id == "x" and native.error.code == "unknown_type"
    # what the extension hands its caller is the same model without the envelope
    caller = ErrorReply.model_validate({k: frame[k] for k in ("ok", "error")})
    assert caller.error == native.error


def test_the_capture_and_the_snapshot_share_one_stabilization_model(
        login_capture: dict) -> None:
    from axsnap_host.models.capture import RawCapture
    from axsnap_host.models.snapshot import SnapshotV1, StabilizationReport
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.pipeline.ax.build import build_snapshot_v1

    assert RawCapture.model_fields["stabilization"].annotation is StabilizationReport
    assert SnapshotV1.model_fields["stabilization"].annotation is StabilizationReport
    report = {"stabilized": False, "waited_ms": 812.0, "reasons": ["max_wait"],
              "pending_requests": 3, "mutations": 41}
    capture = {**login_capture, "stabilization": report}
    request = SnapshotRequest.model_validate(
        {"v": 1, "id": "s", "type": "snapshot", "capture": capture})
    snapshot, _, _ = build_snapshot_v1(request)
    assert snapshot["stabilization"] == report  # published as measured
    with pytest.raises(ValidationError):  # an unknown field is refused on the way in, too
        RawCapture.model_validate({**login_capture, "stabilization": {**report, "extra": 1}})
