"""SnapshotV1's row encoding (``snapshot_encoding="rows"``) and its reading as node objects.

A row is ``[depth, id, role, name, bbox, props]`` in pre-order: see models/snapshot.py.
"""

from __future__ import annotations

from typing import Any

NODE_COLUMNS = ("depth", "id", "role", "name", "bbox", "props")  # the row encoding's cells
# props keys that are not AX states (everything else in props is one).
_NODE_FIELDS = ("value", "domRef", "isVisible", "isClickable", "suspicious")
# a node object's keys, in the order they are written
NODE_KEYS = ("id", "role", "name", "value", "state", "children", "domRef", "bbox",
             "isVisible", "isClickable", "suspicious")


def decode_row(row: Any) -> dict[str, Any]:
    """A node row as named fields (``state`` gathers the AX states of ``props``); anything
    that is not a row is returned as is, for the model to refuse."""
    if not isinstance(row, list | tuple) or not 3 <= len(row) <= len(NODE_COLUMNS):
        return row if isinstance(row, dict) else {"row": row}
    record: dict[str, Any] = {"depth": row[0], "id": row[1], "role": row[2]}
    if len(row) > 3:
        record["name"] = row[3]
    if len(row) > 4:
        record["bbox"] = row[4]
    props = row[5] if len(row) > 5 else {}
    if not isinstance(props, dict):
        record["props"] = props
        return record
    record.update((k, props[k]) for k in _NODE_FIELDS if k in props)
    state = {k: v for k, v in props.items() if k not in _NODE_FIELDS}
    if state:
        record["state"] = state
    return record


def row_node(row: list[Any]) -> dict[str, Any]:
    """One row (the row encoding) as the node object it stands for, without children."""
    size = len(row)
    return cells_node(row[1], row[2], row[3] if size > 3 else "",
                      row[4] if size > 4 else None, row[5] if size > 5 else None)


def cells_node(node_id: Any, role: Any, name: Any, bbox: Any,
               props: dict[str, Any] | None) -> dict[str, Any]:
    """The node object of a row's cells (``bbox`` None: no box), without children (its
    ``children`` key holds its place, None)."""
    node: dict[str, Any] = {"id": node_id, "role": role, "name": name}
    if props and "value" in props:
        node["value"] = props["value"]
    if props:
        state = {k: v for k, v in props.items() if k not in _NODE_FIELDS}
        if state:
            node["state"] = state
    node["children"] = None  # holds the key's place: filled or dropped by rows_to_nodes
    if props and "domRef" in props:
        node["domRef"] = props["domRef"]
    if bbox is not None:
        node["bbox"] = bbox
    if props:
        for key in ("isVisible", "isClickable", "suspicious"):
            if key in props:
                node[key] = props[key]
    return node


def rows_to_nodes(rows: list[list[Any]], *, consume: bool = False
                  ) -> tuple[str | None, list[dict[str, Any]]]:
    """The row encoding's pre-order rows as (root id, node objects in the same order), each
    node listing its children's ids (none written when it has none). ``consume``: the
    rows are the caller's to drop, each row is let go once its node is made (``rows`` is
    empty after), so the rows and the nodes of a whole page are never all held at once."""
    nodes: list[dict[str, Any]] = []
    path: list[dict[str, Any]] = []  # the ancestors of the next row, by depth
    for i, row in enumerate(rows):
        node = row_node(row)
        if consume:
            rows[i] = None  # type: ignore[call-overload]
        del path[row[0]:]
        if path:
            parent = path[-1]
            if parent["children"] is None:
                parent["children"] = [node["id"]]
            else:
                parent["children"].append(node["id"])
        path.append(node)
        nodes.append(node)
    if consume:
        rows.clear()
    for node in nodes:
        if node["children"] is None:
            del node["children"]
    return (nodes[0]["id"] if nodes else None), nodes


def dom_ref_of(node_id: str) -> dict[str, int] | None:
    """The DOM node an id ``{frame}-{backendNodeId}`` names (None for ``{frame}-ax{n}``)."""
    frame, _, backend = node_id.partition("-")
    if frame.isdigit() and backend.isdigit():
        return {"backendNodeId": int(backend), "frame": int(frame)}
    return None
