"""One prune interest a read (pipeline/ax/prune.py share_interest): the formats of one read
(also_formats) flatten the same capture, so prune's interest is worked out once, and each
format's result is still the one a read of it alone gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

import axsnap_host.pipeline.ax.prune as prune_module
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from host_harness import FIXTURES, read_capture
from host_harness import without_volatile as stable


def read(options: dict[str, Any]) -> dict[str, Any]:
    capture = RawCapture.model_validate(
        json.loads((FIXTURES / "outline_demo.json").read_text(encoding="utf-8")))
    return read_capture(capture, SnapshotOptions(**options))


def test_an_all_formats_read_works_out_prune_interest_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = prune_module.prune_interest

    def counting(tree: Any, *more: Any) -> Any:  # (more: a walk tree's proven order)
        calls.append(len(tree.nodes))
        return original(tree, *more)

    monkeypatch.setattr(prune_module, "prune_interest", counting)
    both = read({"format": "snapshot", "scope": "page", "also_formats": ["outline"]})
    assert len(calls) == 1, calls
    calls.clear()
    alone_snapshot = read({"format": "snapshot", "scope": "page"})
    alone_outline = read({"format": "outline", "scope": "page"})
    assert len(calls) == 2  # one a read
    assert "[" in both["also"]["outline"]["combinedTree"]
    assert stable(both["also"]["outline"]) == stable(alone_outline)
    assert stable(both["snapshot"]) == stable(alone_snapshot["snapshot"])
