"""The walk tree of one read, shared by its formats (design notes 52, 57 and 106).

A read of several formats (``also_formats``) builds its walk tree once. While a format that
reads the tree runs, the built tree's node objects are shared: every format but the read's
last gets a tree of its own over them (copy on write: ``FlatTree.own`` copies the node a
step changes into that tree alone), the last takes the built tree. While a format that
does not read it runs (DOM text between the outline and SnapshotV1), the base is held
packed instead: ``marshal`` texts of 4096 nodes' fields each (the 100k page's 130k nodes:
~9 MB against ~55 MB of node objects beside DOM text's build, the read's peak), read back
into new nodes by the next format that asks.
"""

from __future__ import annotations

import marshal
from dataclasses import replace

from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree

# marshal's format 4: an object several fields of a chunk hold (a node id in its parent's
# children, a shared state, a frame id) is written once and read back as one object
_MARSHAL = 4
# nodes a packed chunk holds: a chunk's fields are the only copy read back at once
_CHUNK = 4096
_FIELDS = 11  # a FlatNode's, in order


class WalkBase:
    """The walk tree of one read (see the module docstring): :meth:`copy` for each format
    but the read's last, :meth:`take` for the last, after which it holds nothing;
    :meth:`pack` while a format that does not read the tree runs."""

    __slots__ = ("_packed", "_tree")

    def __init__(self, tree: FlatTree) -> None:
        self._tree: FlatTree | None = tree
        self._packed: tuple[FlatTree, list[bytes]] | None = None  # (the tree, nodes out)

    def copy(self) -> FlatTree:
        """A tree of the format's own over the base's nodes (its own ``nodes`` dict, frames
        and failure records; the ahead maps, which no step changes, shared)."""
        tree = self._unpacked()
        return FlatTree(root_id=tree.root_id, nodes=dict(tree.nodes),
                        frames=[replace(entry) for entry in tree.frames],
                        failures=[dict(f) for f in tree.failures], ahead=dict(tree.ahead),
                        shared=tree.nodes)

    def take(self) -> FlatTree:
        if self._tree is None and self._packed is None:
            raise RuntimeError("the walk tree was taken already")
        tree = self._unpacked(consume=True)
        self._tree = None
        return tree

    def pack(self) -> None:
        """Hold the nodes as marshal chunks until a format asks for the tree again."""
        tree = self._tree
        if tree is None:
            return
        nodes = list(tree.nodes.values())
        chunks = [marshal.dumps([field for n in nodes[start:start + _CHUNK] for field in (
            n.id, n.role, n.name, n.value, n.state, n.frame, n.ax_id, n.backend_id,
            n.frame_id, n.children, n.parent)], _MARSHAL)
            for start in range(0, len(nodes), _CHUNK)]
        del nodes
        self._packed = (replace(tree, nodes={}), chunks)
        self._tree = None

    def _unpacked(self, consume: bool = False) -> FlatTree:
        """The base's tree, read out of its chunks first when packed (one chunk at a time;
        ``consume``: each let go once read)."""
        if self._tree is not None:
            return self._tree
        if self._packed is None:
            raise RuntimeError("the walk tree was taken by the read's last format")
        tree, chunks = self._packed
        nodes: dict[str, FlatNode] = {}
        for index in range(len(chunks)):
            fields = marshal.loads(chunks[index])
            if consume:
                chunks[index] = b""
            for node_fields in zip(*[iter(fields)] * _FIELDS, strict=True):
                nodes[node_fields[0]] = FlatNode(*node_fields)
        tree.nodes = nodes
        self._packed = None
        self._tree = tree
        return tree
