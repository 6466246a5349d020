"""Which registry keys still live (pipeline/elements/alive_keys.py alive_keys): the same
answer as the set of spelled-out keys it replaces, without spelling out a whole page's
DOMSnapshot ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.elements.alive_keys import alive_keys

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def spelled_out(capture: RawCapture) -> set[str]:
    """The keys as a set of strings (the old alive_keys)."""
    walker: dict[str, Any] = capture.walker or {}
    alive = {f"w{walker['world']}:{i}" for i in walker.get("alive") or []} \
        if walker.get("world") else set()
    for doc in (capture.dom_snapshot or {}).get("documents", []):
        alive.update(f"b{b}" for b in doc["nodes"]["backendNodeId"])
    return alive


def test_the_same_keys_live_as_when_spelled_out() -> None:
    raw = json.loads((FIXTURES / "dom_basic_whole.json").read_text())
    raw["walker"]["world"], raw["walker"]["alive"] = "7", [1, 2, 30]
    capture = RawCapture.model_validate(raw)
    keys = spelled_out(capture)
    ids = [b for doc in raw["dom_snapshot"]["documents"] for b in doc["nodes"]["backendNodeId"]]
    assert len(ids) > 20 and "w7:30" in keys
    alive = alive_keys(capture).with_keys({"xsome/xpath", "w9:1"})
    some = ids[len(ids) // 2]
    asked = [*keys, "xsome/xpath", "w9:1", "w9:2", "w7:4", "b", "bx", "b-0", f"b0{some}",
             f"b+{some}", f"b {some}", f"b{some}.0", f"b{some}_0", "bTrue", f"B{some}",
             f"b{max(ids) + 1}", f"b{-some}", "x" + "9" * 5000, "b" + "9" * 5000]
    for key in asked:
        assert (key in alive) == (key in keys | {"xsome/xpath", "w9:1"}), key
    assert 5 not in alive and None not in alive
