"""The AX nodes of the last whole-page reads, kept so the next read sends only what changed.

A repeated whole-page read of a big page is served by the extension's AX cache
(``extension/lib/ax_cache*.js``): the main frame's tree is the previous one with a few nodes
read again. Sending all of it again (5 MB of parts on the 20k bench page) cost the service
worker its serialization and the host the parse of every node, on a machine whose two cores
the renderer and the browser need at that moment for the DOMSnapshot. So the host keeps the
main frame's nodes of each filled stream (a *base*), and a later stream may send that frame
as a *delta part*: the nodes that are not the base's (new or changed, by identity on the
extension's side) and the frame's whole order of node ids. The host rebuilds the list from
the base and the part, in that order: the same list a full part would have given.

A base is only read, never changed (the pipeline copies what it needs from the nodes), so
one base serves any number of reads. Bounds: ``max_bases`` bases (the extension caches two
tabs) and ``max_nodes`` nodes over all of them; a full stream of a frame drops that frame's
bases first (a page read whole again must not hold two copies). A delta whose base is gone
(evicted, or another host process) fails its stream; the extension then sends it whole.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from axsnap_host.models.capture import AxRow

MAX_BASES = 2
MAX_NODES = 400_000


class AxStreamBaseGone(Exception):
    """A delta part names a base this host does not hold, or ids no one sent."""


class AxStreamBases:
    """stream id → (frame id, AX node id → node) of the last filled whole-page reads."""

    def __init__(self, *, max_bases: int = MAX_BASES, max_nodes: int = MAX_NODES) -> None:
        self._bases: OrderedDict[str, tuple[str, dict[str, AxRow]]] = OrderedDict()
        self._tab_of: dict[str, int | None] = {}  # stream id → the tab it read
        self.max_bases = max_bases
        self.max_nodes = max_nodes

    def __len__(self) -> int:
        return len(self._bases)

    def held_nodes(self) -> int:
        return sum(len(nodes) for _, nodes in self._bases.values())

    def keep(self, stream_id: str, frame_id: str, nodes: list[AxRow],
             tab_id: int | None = None) -> None:
        """Keep a filled stream's frame nodes (its rows) as a base (the newest), within the
        bounds."""
        if len(nodes) > self.max_nodes:
            return
        by_id: dict[str, AxRow] = {}
        for node in nodes:
            by_id.setdefault(node.node_id, node)
        self._bases[stream_id] = (frame_id, by_id)
        self._tab_of[stream_id] = tab_id
        while len(self._bases) > self.max_bases or self.held_nodes() > self.max_nodes:
            self._bases.popitem(last=False)
        self._tab_of = {s: t for s, t in self._tab_of.items() if s in self._bases}

    def forget_tab(self, tab_id: int | None) -> int:
        """Drop the bases of the tab's reads (its AX names and values, unredacted); how many
        went."""
        gone = [s for s, tab in self._tab_of.items() if tab == tab_id and s in self._bases]
        for stream_id in gone:
            del self._bases[stream_id]
        self._tab_of = {s: t for s, t in self._tab_of.items() if s in self._bases}
        return len(gone)

    def drop_frame(self, frame_id: str, keep: str | None = None) -> None:
        """Forget the bases of ``frame_id`` (but ``keep``'s)."""
        for stream_id in [s for s, (f, _) in self._bases.items() if f == frame_id and s != keep]:
            del self._bases[stream_id]

    def rebuild(self, base_id: str, frame_id: str, changed: list[AxRow],
                order: list[Any]) -> list[AxRow]:
        """The frame's nodes in ``order``: each the delta's node of that id, else the base's.
        Raises AxStreamBaseGone when the base is not held (or is another frame's) or an id is in
        neither."""
        held = self._bases.get(base_id)
        if held is None or held[0] != frame_id:
            raise AxStreamBaseGone(f"base {base_id[:80]!r} of frame {frame_id[:80]!r} is not held "
                           "(evicted, or sent to another host process)")
        base = held[1]
        fresh = {node.node_id: node for node in changed}
        out: list[AxRow] = []
        for node_id in order:
            node = None
            if type(node_id) is str:
                node = fresh.get(node_id) or base.get(node_id)
            if node is None:
                raise AxStreamBaseGone(
                    f"node {str(node_id)[:40]!r} is neither sent nor in the base")
            out.append(node)
        self._bases.move_to_end(base_id)
        return out
