"""SnapshotV1 end to end on the recorded login capture: shape, coordinates, determinism."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

from axsnap_host.models.snapshot import SnapshotV1, node_records, snapshot_schema_text
from axsnap_host.pipeline.ax.snapshot import snapshot_json
from axsnap_host.pipeline.tokens import count_tokens
from host_harness import load_capture
from host_harness import process_capture as run

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schemas" / "snapshot_v1.schema.json"


def test_result_validates_against_snapshot_model(login_capture: dict[str, Any]) -> None:
    for pruned in (True, False):
        result = run(login_capture, snapshot_id=None, pruned=pruned, trace_id="trace-1")
        model = SnapshotV1.model_validate(result["snapshot"])
        assert model.snapshot_id.startswith("ax_") and len(model.snapshot_id) == 35
        assert model.ts.endswith("Z") and model.trace_id == "trace-1"
        assert result["format"] == "snapshot"
        assert set(result["timings"]) >= {"flatten_ms", "domindex_ms", "prune_ms", "redact_ms",
                                          "render_ms"}
        assert result["stats"]["nodes_kept"] == model.quality.nodes_kept
        text = snapshot_json(result["snapshot"])
        assert result["size"] == {"bytes": len(text.encode("utf-8")), "chars": len(text),
                                  "tokens": count_tokens(text)}
        assert result["size"]["tokens"] > 100


def test_metadata_viewport_and_quality(login_capture: dict[str, Any]) -> None:
    snapshot = run(login_capture)["snapshot"]
    assert snapshot["url"] == "http://127.0.0.1:8000/login.html"
    assert snapshot["title"] == "Sign in — Example Bank"
    assert snapshot["viewport"] == {  # defaults left out: scrollX 0, devicePixelRatio 1
        "width": 1265, "height": 757, "scrollY": 120, "contentWidth": 1265, "contentHeight": 1085,
    }
    quality = snapshot["quality"]
    assert quality["pruned"] is True
    assert quality["nodes_kept"] == len(snapshot["ax_tree"]["nodes"])
    assert quality["nodes_kept"] + quality["nodes_pruned"] == quality["nodes_total"]
    assert (quality["frames_captured"], quality["frames_failed"]) == (2, 0)
    assert [f["ordinal"] for f in snapshot["frames"]] == [0, 1]
    assert snapshot["frames"][1]["ownerId"] == "0-73"


def test_rows_rebuild_the_pruned_tree(login_capture: dict[str, Any]) -> None:
    """Pre-order rows with depths say the same tree as the pipeline's kept children."""
    from axsnap_host.models.capture import RawCapture
    from axsnap_host.pipeline.ax.prune import prune
    from axsnap_host.pipeline.ax.tree import flatten

    for pruned in (True, False):
        snapshot = run(login_capture, pruned=pruned)["snapshot"]
        records = node_records(snapshot)
        assert records[0]["id"] == "0-1" and records[0]["depth"] == 0
        assert [r["depth"] for r in records].count(0) == 1
        assert len({r["id"] for r in records}) == len(records)
        # each row is at most one level below the row above it (pre-order)
        assert all(b["depth"] <= a["depth"] + 1 for a, b in itertools.pairwise(records))
        children = {r["id"]: r["children"] for r in records}
        if not pruned:  # unpruned: exactly the flattened AX tree
            tree = flatten(RawCapture.model_validate(login_capture))
            kept = prune(tree, pruned=False)
            assert children == kept.kept


def test_bbox_is_in_main_frame_page_coordinates(login_capture: dict[str, Any]) -> None:
    """The page is scrolled by 120 px and the frame by 30 px when recorded; the iframe has a
    7 px border. Frame content lands at iframe origin + border - frame scroll."""
    all_nodes = node_records(run(login_capture)["snapshot"])
    nodes = {n.get("name", ""): n for n in all_nodes}
    iframe = next(n for n in all_nodes if n["role"] == "Iframe")
    heading = nodes["Frame heading"]
    # bbox: [x, y, width, height] in integer CSS pixels (schema version 2)
    assert iframe["bbox"][:2] == [56, round(704.5)]
    # in-frame document coordinates of the heading: (10, 28.72)
    assert heading["bbox"][0] == 56 + 7 + 10
    assert heading["bbox"][1] == round(704.5 + 7 - 30 + 28.72)
    # main-frame nodes are page coordinates: scrolling does not move them
    assert nodes["Sign in to Example Bank"]["bbox"][1] == round(55.44)
    # a button is clickable by its role and visible: neither is repeated on the node
    assert "isClickable" not in nodes["Frame button"] and "isVisible" not in nodes["Frame button"]
    # its id says its frame and backendNodeId: no domRef repeats them
    raw = {n["id"]: n for n in run(login_capture)["snapshot"]["ax_tree"]["nodes"]}
    frame_button = nodes["Frame button"]
    assert frame_button["id"].startswith("1-") and "domRef" not in raw[frame_button["id"]]
    # node_records fills it in from the id
    assert frame_button["domRef"] == {"frame": 1, "backendNodeId": 124}


def test_same_input_same_bytes(login_capture: dict[str, Any]) -> None:
    first = snapshot_json(run(copy.deepcopy(login_capture))["snapshot"])
    second = snapshot_json(run(copy.deepcopy(login_capture))["snapshot"])
    assert first == second
    unpruned = snapshot_json(run(login_capture, pruned=False)["snapshot"])
    assert unpruned == snapshot_json(run(login_capture, pruned=False)["snapshot"])
    assert unpruned != first


def test_fresh_ids_differ_between_snapshots(login_capture: dict[str, Any]) -> None:
    a = run(login_capture, snapshot_id=None)["snapshot"]["snapshot_id"]
    b = run(login_capture, snapshot_id=None)["snapshot"]["snapshot_id"]
    assert a != b


def test_committed_schema_matches_the_model() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == snapshot_schema_text(), (
        "regenerate: python -m axsnap_host.models.snapshot --schema > "
        "schemas/snapshot_v1.schema.json"
    )
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["title"] == "SnapshotV1"
    assert "ax_tree" in schema["required"]


def test_content_page_prunes_to_what_carries_meaning() -> None:
    snapshot = run(load_capture("content"))["snapshot"]
    nodes = node_records(snapshot)
    by_name = {(n["role"], n.get("name", "")): n for n in nodes}
    roles = [n["role"] for n in nodes]
    # table content survives as named cells under rows
    assert ("cell", "#1001") in by_name and ("cell", "$12.50") in by_name
    assert ("columnheader", "Total") in by_name
    assert [n.get("state", {}).get("disabled") for n in nodes if n.get("name", "") == "Track"
            and n["role"] == "button"] == [None, True]
    # decoration and repeats are gone: list bullets, the legend repeating its group's
    # name, the "×" inside the button named "Close banner", unnamed row groups
    assert "ListMarker" not in roles and "Legend" not in roles and "rowgroup" not in roles
    assert not any(n.get("name", "") == "×" for n in nodes)
    assert ("StaticText", " — shipped") in by_name  # text next to a link says something new
    # aria-hidden content is not in the tree; an opacity:0 ancestor makes a button invisible
    assert not any(n.get("name", "") == "Hidden from AT" for n in nodes)
    assert by_name[("button", "Transparent button")]["isVisible"] is False
    assert "isVisible" not in by_name[("button", "Accept")]  # visible: the default
    # form controls carry their values and states
    assert by_name[("combobox", "Sort by")]["value"] == "Oldest"
    assert by_name[("radio", "Open")]["state"] == {"checked": True}
    assert by_name[("textbox", "Note")]["value"] == "Leave at the door"
    # the long hex support code in free text is scrubbed
    assert snapshot["quality"]["redacted"] == 1
    assert "9f86d081884c7d659a2feaa0c55ad015" not in json.dumps(snapshot)
