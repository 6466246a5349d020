"""A DOMSnapshot's number columns held compactly (models/dom_columns.py): the same values
for every reader, the same replies, and only on the host's own parse."""

from __future__ import annotations

import copy
import json
from array import array
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.dom_columns import (
    INT_COLUMNS,
    RECT_COLUMNS,
    Rects,
    compact_dom_snapshot,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def whole_page() -> dict[str, Any]:
    return json.loads((FIXTURES / "dom_basic_whole.json").read_text())


def test_compact_columns_read_as_the_lists_they_replace() -> None:
    snapshot = whole_page()["dom_snapshot"]
    before = copy.deepcopy(snapshot)
    replaced = compact_dom_snapshot(snapshot)
    assert replaced >= 8
    for doc, old in zip(snapshot["documents"], before["documents"], strict=True):
        for part, names in INT_COLUMNS.items():
            for name in names:
                if name in old.get(part, {}):
                    assert isinstance(doc[part][name], array)
                    assert list(doc[part][name]) == old[part][name]
        for name in RECT_COLUMNS:
            if name not in old["layout"]:
                continue
            rects = doc["layout"][name]
            assert isinstance(rects, Rects) and len(rects) == len(old["layout"][name])
            for i, row in enumerate(old["layout"][name]):
                assert rects[i] == [float(v) for v in row]  # [] for a node without one
                assert all(type(v) is float for v in rects[i])
            assert list(rects) == [rects[i] for i in range(len(rects))]
            if len(rects) >= 3:
                assert rects[-1] == rects[len(rects) - 1] and rects[1:3] == [rects[1], rects[2]]
            with pytest.raises(IndexError):
                rects[len(rects)]


def test_a_column_not_plainly_numbers_is_left_as_it_came() -> None:
    snapshot = {"documents": [{
        "nodes": {"parentIndex": [-1, 0, True], "backendNodeId": [1, 2, 3]},
        "layout": {"nodeIndex": [0, 1], "bounds": [[0, 0, 1, 1], [0, 0, 1]],
                   "clientRects": [[], [1, 2, 3, 4.5]]}}]}
    assert compact_dom_snapshot(snapshot) == 3
    doc = snapshot["documents"][0]
    assert doc["nodes"]["parentIndex"] == [-1, 0, True]  # a bool: not an id
    assert doc["layout"]["bounds"] == [[0, 0, 1, 1], [0, 0, 1]]  # a row of three
    assert isinstance(doc["nodes"]["backendNodeId"], array)
    assert list(doc["layout"]["clientRects"]) == [[], [1.0, 2.0, 3.0, 4.5]]
    big = {"documents": [{"nodes": {"backendNodeId": [1, 2**40]}}]}
    compact_dom_snapshot(big)
    assert list(big["documents"][0]["nodes"]["backendNodeId"]) == [1, 2**40]


def steady(value: Any) -> Any:
    """A reply without what differs between two reads of one capture (ids, times, sizes)."""
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items()
                if k not in ("snapshot_id", "trace_id", "ts", "size", "host_peak_rss_kb")
                and not k.endswith("_ms")}
    return [steady(v) for v in value] if isinstance(value, list) else value


@pytest.mark.parametrize("key", [None, "doc-1"])
def test_the_host_reads_its_own_parse_compacted_with_the_same_replies(
        monkeypatch: pytest.MonkeyPatch, key: str | None) -> None:
    """The host compacts the DOMSnapshot it parsed before the pipeline reads it; the three
    formats of one read answer as they did with plain lists (a read on a kept base of
    compacted columns: test_dom_snapshot_bases.py)."""
    from axsnap_host.models import dom_columns
    from axsnap_host.native.host import Host
    from axsnap_host.pipeline.ax import build

    page = whole_page()
    if key is not None:
        page["dom_snapshot_key"] = key
    message = json.dumps({"v": 1, "id": "r", "type": "snapshot", "capture": page,
                          "options": {"scope": "page", "viewport_only": False,
                                      "also_formats": ["outline", "domtext"]}})
    monkeypatch.setattr(build, "drop_dom_snapshot", lambda capture: False)  # to look at it
    host = Host()
    [compacted] = host.handle_text(message)
    assert compacted["ok"] is True, compacted
    layout = host._retained[1].capture.dom_snapshot["documents"][0]["layout"]
    assert isinstance(layout["nodeIndex"], array) and isinstance(layout["bounds"], Rects)
    host.release()
    monkeypatch.setattr(dom_columns, "compact_capture", lambda capture: 0)
    [plain] = Host().handle_text(message)
    assert steady(compacted["result"]) == steady(plain["result"])


def test_a_whole_pages_columns_take_a_fraction_of_their_parsed_memory() -> None:
    """A DOMSnapshot of 20k nodes shaped like a whole page's (ids past the small ints, a box
    per laid-out node, client and scroll rects mostly empty), parsed as the host parses a
    large message: compacted, its number columns hold under two fifths of the bytes they held
    as lists (tracemalloc: bytes, no clock; 36 % measured)."""
    import tracemalloc

    from axsnap_host.native.protocol import decode_json

    count = 20_000
    nodes = {"parentIndex": [-1, *range(count - 1)], "nodeType": [1] * count,
             "nodeName": [1000 + i % 300 for i in range(count)],
             "nodeValue": [-1] * count, "backendNodeId": [5000 + 3 * i for i in range(count)]}
    layout = {"nodeIndex": list(range(count)),
              "bounds": [[i % 900, 17 * i + 0.5, 300 + i % 7, 21] for i in range(count)],
              "clientRects": [[] if i % 50 else [0, 0, 300, 21] for i in range(count)],
              "scrollRects": [[] if i % 50 else [0, 0, 300, 900] for i in range(count)],
              "text": [-1] * count, "paintOrders": list(range(count))}
    text = json.dumps({"documents": [{"nodes": nodes, "layout": layout}], "strings": [],
                       "pad": "x" * (1 << 20)})  # a large message: numbers shared, as parsed
    del nodes, layout
    tracemalloc.start()
    try:
        snapshot = decode_json(text)
        del snapshot["pad"]
        parsed, _ = tracemalloc.get_traced_memory()
        compact_dom_snapshot(snapshot)
        compacted, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert compacted < parsed * 0.4, (parsed, compacted)
