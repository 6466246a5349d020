"""The outline reads a node's tag and href/src off the DOMSnapshot columns without building
its DomInfo (pipeline/outline/node_facts.py): the same values ``DomIndex.get`` gives, far fewer
DomInfos on a whole page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.index import DomIndex
from axsnap_host.pipeline.outline.build import build_outline_result
from axsnap_host.pipeline.outline.node_facts import tag_and_attrs

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CAPTURES = ["outline_demo", "outline_frames", "outline_acting", "capture_content"]
NAMES = frozenset({"href", "src", "type", "id"})


def capture(name: str) -> RawCapture:
    return RawCapture.model_validate(
        json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))


def backend_ids(raw: RawCapture) -> list[tuple[str | None, int]]:
    out: list[tuple[str | None, int]] = []
    for frame in raw.frames:
        snap: Any = getattr(frame, "dom_snapshot", None) or raw.dom_snapshot or {}
        for doc in snap.get("documents") or []:
            strings = snap.get("strings") or []
            frame_id = strings[doc["frameId"]] if isinstance(doc.get("frameId"), int) else None
            out.extend((frame_id, b) for b in doc["nodes"].get("backendNodeId") or [])
    return out


@pytest.mark.parametrize("name", CAPTURES)
def test_tag_and_attrs_equal_the_domindex_record(name: str) -> None:
    raw = capture(name)
    index = DomIndex.from_capture(raw)
    nodes = backend_ids(raw)
    assert len(nodes) > 20
    for frame_id, backend in nodes:
        info = index.get(backend, frame_id)
        assert info is not None
        light = tag_and_attrs(index, backend, frame_id, NAMES)
        assert light == (info.tag, {k: v for k, v in info.attrs.items() if k in NAMES})
    assert tag_and_attrs(index, None, None, NAMES) is None
    assert tag_and_attrs(index, 10**9, "no-such-frame", NAMES) is None


def test_repeated_and_upper_case_attribute_names_read_as_the_record_does() -> None:
    strings = ["F", "A", "HREF", "/one", "href", "/two", "#text", "x"]
    doc = {"frameId": 0, "nodes": {
        "nodeType": [1, 3], "nodeName": [1, 6], "backendNodeId": [5, 6],
        "attributes": [[2, 3, 4, 5], []], "nodeValue": [-1, 7]},
        "layout": {"nodeIndex": [], "bounds": [], "styles": []}}
    index = DomIndex({"documents": [doc], "strings": strings})
    for backend in (5, 6):
        info = index.get(backend, "F")
        assert info is not None
        assert tag_and_attrs(index, backend, "F", NAMES) == (
            info.tag, {k: v for k, v in info.attrs.items() if k in NAMES})
    assert tag_and_attrs(index, 5, "F", NAMES) == ("a", {"href": "/two"})
    assert tag_and_attrs(index, 6, "F", NAMES) == ("", {})


def test_the_outline_builds_no_domrecord_per_line(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[int, int]] = []
    original = DomIndex._build

    def counting(self: DomIndex, doc_index: int, node_index: int) -> Any:
        built.append((doc_index, node_index))
        return original(self, doc_index, node_index)

    monkeypatch.setattr(DomIndex, "_build", counting)
    result = build_outline_result(capture("outline_demo"), SnapshotOptions(format="outline"))
    lines = result["combinedTree"].splitlines()
    assert len(lines) > 20
    assert result["combinedUrlMap"]  # links and images still have their URLs
    assert len(built) < len(lines) // 2, (len(built), len(lines))
