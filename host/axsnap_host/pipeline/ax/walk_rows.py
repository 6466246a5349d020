"""SnapshotV1's node rows of a whole-page read from the walk (``ax_source="walk"``).

A node whose element got a backendNodeId (a control, a link, an element with a click
listener...) is rendered as every SnapshotV1 node is (``snapshot.node_row``: its record's
box, visibility, clickability). A node whose element got no id (a heading, a
paragraph, a list, a wrapper) is ``{frame}-ax{row}``: it has no DOM node to point at, but
the walker's record of its element (found by the run's world and the tracked id ``w``,
walk_tree.py's ``WALK_REFS``) still gives its box and whether it is visible, as Chromium's
DOMSnapshot gives them. Text runs have no record: no box (design note 45).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import SplitResult

from axsnap_host.pipeline.ax.snapshot import RenderRows, node_row, row_of, set_prop
from axsnap_host.pipeline.ax.tree import FlatTree
from axsnap_host.pipeline.ax.window_index import WindowIndex
from axsnap_host.pipeline.dom.walker_merge import Joined


def walk_render(tree: FlatTree, refs: dict[str, tuple[Any, int]], dom: WindowIndex) -> RenderRows:
    """The rows of ``tree``'s kept nodes (see the module docstring)."""
    wanted = set(refs.values())
    by_ref: dict[tuple[Any, int], Joined] = {}
    for j in dom.joined:
        key = (j.rec.get("_world"), j.rec.get("w"))
        if key in wanted:
            by_ref.setdefault(key, j)

    def render(order: list[tuple[str, int]], base: SplitResult) -> list[list[Any]]:
        rows: list[list[Any]] = []
        for nid, depth in order:
            node = tree.nodes[nid]
            if node.backend_id is not None:
                rows.append(node_row(node, depth, dom, base))
                continue
            row = row_of(node, depth, None, base)
            ref = refs.get(nid)
            j = by_ref.get(ref) if ref is not None else None
            if j is not None:
                bounds, visible, _ = dom.box_of(j)
                if bounds is not None:
                    x, y, width, height = bounds
                    set_bbox(row, [round(x), round(y), round(width), round(height)])
                if not visible:
                    set_prop(row, "isVisible", False)
            rows.append(row)
        return rows

    return render


def set_bbox(row: list[Any], bbox: list[int]) -> None:
    """Put ``bbox`` in a node row, filling the cells a trimmed row left out."""
    while len(row) < 4:
        row.append("")
    if len(row) < 5:
        row.append(bbox)
    else:
        row[4] = bbox
