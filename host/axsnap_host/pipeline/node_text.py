"""A served SnapshotV1's node objects written as JSON as the kept nodes are rendered.

The default encoding's node objects were made of the row encoding's rows after the rows
were all made (models/snapshot_rows.py ``rows_to_nodes``), every string of the snapshot
capped by one more walk of it (pipeline/caps.py), then encoded a slice of nodes at a time
(pipeline/run.py ``_json_once``). A snapshot the serving loop answers is only encoded, so
:class:`NodeText` makes each node object from the cells its row would have had
(``cells_node``, the rows' own reading) with its children's ids (its kept children, in the
order the rows list them), caps its strings, and encodes each slice of objects as it
fills, exactly as ``snapshot_json_parts`` encodes it: the same text, without the rows, the
objects of the whole page or the walk (design note 128).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from axsnap_host.models.snapshot_rows import cells_node
from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE, cap_strings, cap_text
from axsnap_host.pipeline.orjson_text import container_json

if TYPE_CHECKING:  # (the tree's nodes: pipeline/ax/tree.py)
    from axsnap_host.pipeline.ax.tree import FlatNode

NODES_PER_PART = 512  # nodes (objects or rows) a part of the text encodes (snapshot_json_parts)
# a row's trailing cells left out (snapshot.py _EMPTY_CELLS): a row of no box and no props
# whose name is one of them reads back with the name ""
_EMPTY_CELLS: tuple[Any, ...] = ("", None, {})
_SCALARS = frozenset({int, float, bool, type(None)})


class NodeText:
    """The JSON text of the node objects of rows given in pre-order (:meth:`add`): in
    ``parts``, the ``i``-th the text of objects ``512 i`` to ``512 (i + 1)`` without its
    brackets (a comma first but in the first), as ``snapshot_json_parts`` writes them,
    strict (NaN and Infinity refused: ``refused``, the text ends). ``kept``: the pruned tree
    (node id → kept children); ``flags``: node id → the ``suspicious`` fact its row's props
    are given. Every string is capped as :func:`~axsnap_host.pipeline.caps.cap_strings`
    caps it in the whole snapshot."""

    def __init__(self, nodes: Mapping[str, FlatNode], kept: Mapping[str, list[str]],
                 flags: Mapping[str, Any] | None = None) -> None:
        self.parts: list[str] = []
        self.refused = False
        self.root_id: str | None = None
        self._nodes = nodes
        self._kept = kept
        self._flags = flags or None
        self._slice: list[dict[str, Any]] = []

    def add(self, depth: int, node: FlatNode, bbox: list[int] | None,
            props: dict[str, Any]) -> None:
        """The object of ``node``'s row ``[depth, id, role, name, bbox, props]``."""
        node_id, role, name = node.id, node.role, node.name
        if bbox is None and not props and name in _EMPTY_CELLS:
            name = ""  # (its row is trimmed to three cells)
        flag = self._flags.get(node_id) if self._flags is not None else None
        if flag is not None:
            props = {**props, "suspicious": flag.as_dict()}
        if props:
            made = cells_node(node_id, role, name, bbox, props)
            if flag is not None or not _short(made):
                cap_strings(made)
        else:  # (most nodes: text runs) cells_node's object of these cells, and its check
            made = {"id": node_id, "role": role, "name": name, "children": None}
            if bbox is not None:
                made["bbox"] = bbox  # (a box: round()'s ints, as every row's)
            if not (type(node_id) is str and type(role) is str and type(name) is str
                    and max(len(node_id), len(role), len(name)) <= MAX_VALUE):
                cap_strings(made)
        if self.root_id is None:
            self.root_id = node.id  # (capped with the envelope)
        kids = self._kept.get(node.id)
        if kids:
            nodes = self._nodes
            ids = [nodes[kid].id for kid in kids]
            if max(map(len, ids)) > MAX_TEXT:  # (a list's strings: capped at MAX_TEXT)
                ids = [cap_text(kid) if len(kid) > MAX_TEXT else kid for kid in ids]
            made["children"] = ids
        else:
            del made["children"]
        self._slice.append(made)
        if len(self._slice) >= NODES_PER_PART:
            self._write()

    def finish(self) -> NodeText:
        """The text of the objects added last (fewer than a slice)."""
        if self._slice:
            self._write()
        return self

    def _write(self) -> None:
        chunk, self._slice = self._slice, []
        if self.refused:
            return
        try:
            part = container_json(chunk) or json.dumps(
                chunk, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        except ValueError:  # NaN or Infinity: the reply refuses the snapshot
            self.refused = True
            return
        self.parts.append(("," if self.parts else "") + part[1:-1])


def cap_snapshot(snapshot: dict[str, Any], nodes_capped: bool) -> None:
    """Every string of ``snapshot`` capped (pipeline/caps.py); ``nodes_capped``: its
    ``ax_tree`` nodes are a :class:`NodeText`, capped as written, so only the rest is."""
    tree = snapshot["ax_tree"]
    if not nodes_capped:
        cap_strings(snapshot)
        return
    nodes = tree["nodes"]
    tree["nodes"] = []
    try:
        cap_strings(snapshot)
    finally:
        tree["nodes"] = nodes


def _short(made: dict[str, Any]) -> bool:
    """Whether capping would change nothing in ``made`` (not yet given children): each
    string of it at most MAX_VALUE characters (the smaller cap), below it only scalars,
    such strings and lists of ints (a box). Anything else is left to cap_strings."""
    for value in made.values():
        kind = type(value)
        if kind is str:
            if len(value) > MAX_VALUE:
                return False
        elif kind is dict:
            for inner in value.values():
                inner_kind = type(inner)
                if inner_kind is str:
                    if len(inner) > MAX_VALUE:
                        return False
                elif inner_kind not in _SCALARS:
                    return False
        elif kind is list:
            for inner in value:
                if type(inner) is not int:
                    return False
        elif kind not in _SCALARS:
            return False
    return True
