"""SnapshotV1's shape on recorded captures: the spec's node objects by default (and the row
encoding on request) without waste, an envelope without defaults, a lossless Python model
reading both, the JSON Schema validating both, and the tokens a cached node costs.

The shape checks are properties of every row and field (no default or empty value is ever
written, pixels are integers), so they hold on any page; the token count is a regression
check on one recorded page of the bench's generated kind (deterministic: same capture, same
bytes, same tokens)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from test_window_scope import window_capture

from axsnap_host.models.canonical import canonical_json
from axsnap_host.models.snapshot import (
    NODE_COLUMNS,
    SnapshotV1,
    node_records,
    snapshot_schema,
)
from axsnap_host.models.snapshot_rows import NODE_KEYS
from axsnap_host.pipeline.ax.snapshot import snapshot_json
from axsnap_host.pipeline.tokens import count_tokens
from host_harness import load_capture, process_capture


def snapshot_of(capture: dict[str, Any], **options: Any) -> dict[str, Any]:
    return process_capture(capture, **options)["snapshot"]

CAPTURES = ("login", "content", "generated")
_EMPTY = ("", None, {}, [])
# The generated page's password field holds this (bench/pages/generate.py).
GENERATED_SECRET = "bench-Secret-Pa55word"


def snapshots(**options: Any) -> list[tuple[str, dict[str, Any]]]:
    out = [(f"{name} pruned={pruned}", snapshot_of(load_capture(name), pruned=pruned, **options))
           for name in CAPTURES for pruned in (True, False)]
    out.append(("window", snapshot_of(window_capture(), **options)))
    return out


@pytest.fixture(scope="module")
def taken() -> list[tuple[str, dict[str, Any]]]:
    return snapshots()


@pytest.fixture(scope="module")
def taken_rows() -> list[tuple[str, dict[str, Any]]]:
    return snapshots(snapshot_encoding="rows")


def test_the_default_is_the_spec_shape(taken) -> None:
    """snapshot_version 1 (an integer), a trace_id always, ax_tree {root_id, nodes} with node
    objects {id, role, name, value?, state?, children?, domRef?, bbox?} (and the flags),
    children listing ids that are nodes, nothing written that only says a default."""
    for label, snapshot in taken:
        assert snapshot["snapshot_version"] == 1 and type(snapshot["snapshot_version"]) is int
        assert snapshot["trace_id"].startswith("tr_"), label
        assert list(snapshot)[:10] == ["snapshot_version", "snapshot_id", "trace_id", "ts",
                                       "url", "title", "viewport", "stabilization",
                                       "quality", "ax_tree"]
        tree = snapshot["ax_tree"]
        assert list(tree) == ["root_id", "nodes"], label
        nodes = tree["nodes"]
        assert nodes and tree["root_id"] == nodes[0]["id"], label
        ids = {node["id"] for node in nodes}
        reached = {tree["root_id"]}
        for node in nodes:
            keys = list(node)
            assert keys[:3] == ["id", "role", "name"], (label, node)
            assert keys == [k for k in NODE_KEYS if k in node], (label, node)  # the spec's order
            # (a value "" is the AX tree's: an empty field)
            assert all(node[k] not in _EMPTY for k in keys[3:] if k != "value"), (label, node)
            assert set(node.get("children", ())) <= ids, (label, node)
            reached.update(node.get("children", ()))
            if "bbox" in node:
                assert len(node["bbox"]) == 4 and all(type(v) is int for v in node["bbox"])
            assert node.get("isVisible", False) is False and node.get("isClickable", True)
            if "domRef" in node:  # only when the id does not say it
                ref = node["domRef"]
                assert node["id"] != f"{ref['frame']}-{ref['backendNodeId']}", (label, node)
        assert reached == ids, label  # one tree: every node is the root or someone's child


def test_both_encodings_validate_against_the_schema(taken, taken_rows) -> None:
    schema = snapshot_schema()
    # the schema checked once and one validator for every snapshot (jsonschema.validate
    # checks the schema against its metaschema and builds a validator on every call)
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    validator = kind(schema)
    for _label, snapshot in [*taken, *taken_rows]:
        validator.validate(snapshot)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**taken[0][1], "snapshot_version": "3"})
    no_trace = {k: v for k, v in taken[0][1].items() if k != "trace_id"}
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(no_trace)


def test_the_rows_say_what_the_nodes_say(taken, taken_rows) -> None:
    """The row encoding is the same snapshot: read by the model, its nodes are the default
    encoding's, and node_records reads both alike."""
    for (label, nodes), (_, rows) in zip(taken, taken_rows, strict=True):
        assert rows["ax_tree"]["columns"] == list(NODE_COLUMNS)
        assert rows["ax_tree"]["root_id"] == nodes["ax_tree"]["root_id"]
        from_rows = SnapshotV1.model_validate(rows).model_dump()["ax_tree"]
        assert from_rows == nodes["ax_tree"], label
        assert node_records(rows) == node_records(nodes), label


def test_the_rows_go_as_their_nodes_are_made(taken, taken_rows, monkeypatch) -> None:
    """The default encoding is made from the rows the read built: each row is let go as its
    node is made (a whole page's rows and nodes were all held at once, at the host's peak),
    and the nodes are the default encoding's."""
    import copy
    import weakref

    from axsnap_host.models import snapshot_rows
    from axsnap_host.pipeline.ax.snapshot import as_node_objects

    class Row(list):  # a row that can be watched going
        pass

    first_alive: list[bool] = []
    make = snapshot_rows.row_node
    monkeypatch.setattr(snapshot_rows, "row_node",
                        lambda row: first_alive.append(first() is not None) or make(row))
    for (label, nodes), (_, rows) in zip(taken, taken_rows, strict=True):
        snapshot = copy.deepcopy(rows)
        held = snapshot["ax_tree"]["nodes"] = [Row(row) for row in snapshot["ax_tree"]["nodes"]]
        first = weakref.ref(held[0])
        first_alive.clear()
        as_node_objects(snapshot)
        assert snapshot["ax_tree"] == nodes["ax_tree"], label
        assert held == [] and first_alive[:2] == [True, False], label


def _no_empty_or_null(value: Any, where: str) -> None:
    """No null, empty string, list or object anywhere in the envelope (name cells aside)."""
    stack = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                assert child not in _EMPTY or (child == "" and key in ("title", "url")), (
                    f"{path}.{key} = {child!r} is a default"
                )
                stack.append((child, f"{path}.{key}"))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(item))


def test_rows_carry_no_default_and_integer_pixels(taken_rows) -> None:
    for label, snapshot in taken_rows:
        assert snapshot["snapshot_version"] == 1
        assert snapshot["ax_tree"]["columns"] == list(NODE_COLUMNS)
        rows = snapshot["ax_tree"]["nodes"]
        assert rows and rows[0][0] == 0, label
        for row in rows:
            assert isinstance(row, list) and 3 <= len(row) <= 6, (label, row)
            depth, node_id, role = row[:3]
            assert isinstance(depth, int) and isinstance(node_id, str) and role, (label, row)
            assert row[-1] not in _EMPTY or len(row) == 3, f"{label}: trailing empty cell {row}"
            if len(row) > 4 and row[4] is not None:
                bbox = row[4]
                assert len(bbox) == 4 and all(type(v) is int for v in bbox), (label, row)
            if len(row) > 5:
                props = row[5]
                assert props and all(v is not None for v in props.values()), (label, row)
                assert props.get("isVisible", False) is False, (label, row)
                assert props.get("isClickable", True) is True, (label, row)
                if "domRef" in props:  # only when the id does not say it
                    ref = props["domRef"]
                    assert node_id != f"{ref['frame']}-{ref['backendNodeId']}", (label, row)


def test_envelope_leaves_out_defaults(taken) -> None:
    for label, snapshot in taken:
        # the stabilization report is the extension's, published as measured
        envelope = {k: v for k, v in snapshot.items() if k not in ("ax_tree", "stabilization")}
        _no_empty_or_null(envelope, label)
        viewport = snapshot["viewport"]
        assert viewport.get("scrollX", 1) != 0 and viewport.get("devicePixelRatio", 2) != 1
        for frame in snapshot["frames"]:
            if "ownerId" in frame:  # it says the owner's backendNodeId
                assert "ownerBackendNodeId" not in frame, (label, frame)
        assert all(not isinstance(v, float) or not v.is_integer() for v in viewport.values())


def test_model_reads_and_writes_the_same_nodes(taken) -> None:
    """The Python model is lossless: every node validates into named fields and dumps back
    to the very same object; canonical JSON (RFC 8785) of the nodes is unchanged by the
    trip."""
    for label, snapshot in taken:
        model = SnapshotV1.model_validate(snapshot)
        dumped = [node.model_dump() for node in model.ax_tree.nodes]
        assert dumped == snapshot["ax_tree"]["nodes"], label
        assert canonical_json(dumped) == canonical_json(snapshot["ax_tree"]["nodes"])
        assert model.model_dump(exclude_none=True)["ax_tree"] == snapshot["ax_tree"]
        records = node_records(snapshot)
        for node, record in zip(model.ax_tree.nodes, records, strict=True):
            assert (node.id, node.role, node.name, node.children) == (
                record["id"], record["role"], record["name"], record["children"])
            assert node.state == record["state"] and node.bbox == record.get("bbox")
            assert node.dom_ref == (record.get("domRef") and node.dom_ref.__class__(
                **record["domRef"]))


def test_the_model_refuses_what_is_not_a_row(taken_rows) -> None:
    from pydantic import ValidationError

    snapshot = taken_rows[0][1]
    bad_rows = ([0, "0-1"], [0, "0-1", "button", "", None, {}, "extra"], {"id": "0-1"},
                [-1, "0-1", "button"], [0, "0-1", "button", "", [1, 2, 3]],
                [0, "0-1", "button", "", None, {"isVisible": True}])
    for row in bad_rows:
        broken = {**snapshot, "ax_tree": {**snapshot["ax_tree"], "nodes": [row]}}
        with pytest.raises(ValidationError):
            SnapshotV1.model_validate(broken)
    renamed = {**snapshot, "ax_tree": {**snapshot["ax_tree"], "columns": ["id", "role"]}}
    with pytest.raises(ValidationError):
        SnapshotV1.model_validate(renamed)


def test_records_rebuild_parents_and_children(taken) -> None:
    for label, snapshot in taken:
        records = node_records(snapshot)
        by_id = {r["id"]: r for r in records}
        assert len(by_id) == len(records) == snapshot["quality"]["nodes_kept"], label
        assert records[0]["parent"] is None
        for record in records[1:]:
            parent = by_id[record["parent"]]
            assert parent["depth"] == record["depth"] - 1 and record["id"] in parent["children"]


def test_generated_page_costs_at_most_30_tokens_a_kept_node() -> None:
    """The bench's measure (whole compact JSON, envelope included, over cached nodes) on a
    recorded generated page. Version 2 cost 34.3 tokens a node here (pruned)."""
    for pruned in (True, False):
        snapshot = snapshot_of(load_capture("generated"), pruned=pruned, snapshot_encoding="rows")
        text = snapshot_json(snapshot)
        assert GENERATED_SECRET not in text
        per_node = count_tokens(text) / snapshot["quality"]["nodes_kept"]
        assert per_node <= 30, (pruned, per_node)


def test_a_link_url_and_states_stay_in_props() -> None:
    snapshot = snapshot_of(load_capture("generated"))
    records = {(r["role"], r["name"]): r for r in node_records(snapshot)}
    assert records[("link", "View Item 0")]["state"] == {"url": "#item-0"}
    password = records[("textbox", "Password")]
    assert password["value"] == "[redacted:filled]" and password["state"]["secret"] == "password"
    assert json.dumps(snapshot).count('"secret":"password"'.replace(":", ": ")) == 1


def test_a_tree_deeper_than_python_recursion_renders_and_reads_back() -> None:
    """Depths, not nesting: a 3,000-deep chain of named groups (a page can nest that deep)
    renders, validates and decodes without recursion, and its frames and a failed frame
    keep what version 2 said (a failure without a frame leaves ``frame`` out)."""
    depth = 3000
    nodes = [{"nodeId": "1", "role": {"type": "role", "value": "RootWebArea"},
              "name": {"type": "computedString", "value": "Deep"}, "childIds": ["2"]}]
    for i in range(2, depth + 1):
        nodes.append({"nodeId": str(i), "parentId": str(i - 1),
                      "role": {"type": "role", "value": "group"},
                      "name": {"type": "computedString", "value": f"Level {i}"},
                      "childIds": [str(i + 1)] if i < depth else []})
    capture = {"frames": [
        {"frameId": "M", "captured": True, "axNodes": nodes},
        {"frameId": "X", "parentFrameId": "M", "captured": False, "error": "gone",
         "axNodes": []}], "errors": [{"step": "dom_snapshot", "message": "boom"}]}
    for pruned in (True, False):
        rows = snapshot_of(capture, pruned=pruned, snapshot_encoding="rows")["ax_tree"]["nodes"]
        assert [row[0] for row in rows] == list(range(depth))
        snapshot = snapshot_of(capture, pruned=pruned)
        assert SnapshotV1.model_validate(snapshot).ax_tree.nodes[-2].children == [
            f"0-ax{depth}"]
        records = node_records(snapshot)
        assert records[-1]["depth"] == depth - 1
        assert records[-1]["parent"] == records[-2]["id"] and records[0]["children"] == [
            records[1]["id"]]
        assert json.loads(snapshot_json(snapshot)) == snapshot
        failed = snapshot["frames"][1]
        assert (failed["captured"], failed["error"], failed["parentFrameId"]) == (
            False, "gone", "M")
        assert "name" not in failed and "ownerId" not in failed
        assert snapshot["quality"]["failures"] == [
            {"step": "ax_tree", "frame": "X", "reason": "gone"},
            {"step": "dom_snapshot", "reason": "boom"}]


def test_the_file_for_people_puts_one_node_on_a_line(taken, taken_rows) -> None:
    """snapshot.json (``axsnap snapshot --out``, the demo, batch) is indented for people but
    keeps each node (object or row) on one line; it is the same JSON."""
    for label, snapshot in [*taken, *taken_rows]:
        text = snapshot_json(snapshot, indent=2)
        assert json.loads(text) == snapshot, label
        lines = text.splitlines()
        for row in snapshot["ax_tree"]["nodes"]:
            assert f"      {snapshot_json(row)}" in {line.rstrip(",") for line in lines}
        envelope = json.dumps({**snapshot, "ax_tree": {}}, indent=2).splitlines()
        rows = snapshot["ax_tree"]["nodes"]
        others = len(snapshot["ax_tree"]) - 1  # root_id (and columns): a line each
        assert len(lines) == len(envelope) + len(rows) + 3 + others, label  # {, nodes [, ]
