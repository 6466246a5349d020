"""A request's records share their equal texts only from SHARE_TEXTS_FROM_BYTES on (the
host's 400 MB bound is where sharing pays: results/host_memory_lead68.md); below it they keep
the parser's strings. The values, and so every reply, are the same either way."""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.capture_checks import SHARE_TEXTS, shares_record_texts
from axsnap_host.native import host as host_module
from axsnap_host.native.host import Host
from host_harness import FIXTURES, deadline


def _message() -> dict[str, Any]:
    capture = json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))
    for rec in capture["walker"]["elements"]:  # one text, written out afresh in each record
        rec["ptx"] = "a text every record repeats"
    return {"v": 1, "id": "s1", "type": "snapshot",
            "options": {"format": "domtext", "viewport_only": False}, "capture": capture}


def _read(limit: int, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], set[int]]:
    """The reply of one request read with the sharing bound at ``limit`` bytes, and the ids
    of the string objects its records hold for the repeated text."""
    monkeypatch.setattr(host_module, "SHARE_TEXTS_FROM_BYTES", limit)
    host = Host()
    with deadline():
        [reply] = host.handle_text(json.dumps(_message()))
    request = next(r for r in host._retained if not isinstance(r, dict))
    texts = {id(rec["ptx"]) for rec in request.capture.walker["elements"]}
    host.release()
    reply.get("result", {}).pop("timings", None)
    return reply, texts


def test_a_request_below_the_bound_keeps_its_texts_and_one_at_it_shares_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    size = len(json.dumps(_message()).encode("utf-8"))
    unshared, unshared_ids = _read(size + 1, monkeypatch)
    shared, shared_ids = _read(size, monkeypatch)
    assert len(unshared_ids) > 1  # each record its own string, as parsed
    assert len(shared_ids) == 1  # one string for every record
    assert unshared["ok"] and shared["ok"]
    for reply in (unshared, shared):
        for key in ("trace_id", "snapshot_id", "ts"):
            reply.get("result", {}).pop(key, None)
    assert json.dumps(unshared, sort_keys=True) == json.dumps(shared, sort_keys=True)


def test_a_capture_built_with_no_request_size_shares_as_before() -> None:
    capture = json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))
    for rec in capture["walker"]["elements"]:
        rec["ptx"] = "a text every record repeats"
    built = RawCapture.model_validate(json.loads(json.dumps(capture)))
    assert built.walker is not None
    assert len({id(rec["ptx"]) for rec in built.walker["elements"]}) == 1
    assert shares_record_texts(None) and shares_record_texts({})
    assert not shares_record_texts({SHARE_TEXTS: False})
    assert shares_record_texts({SHARE_TEXTS: "no"})  # not a bool: as if absent
