"""Flatten the per-frame CDP accessibility trees into one tree of unignored nodes.

``Accessibility.getFullAXTree`` is called once per frame, so the capture holds one AX node
list per frame. This step:

- walks each frame's tree from its root, tolerating cycles and child ids that are missing;
- lifts ignored nodes: they disappear and their children take their place, in order;
- stitches each child frame's root under the <iframe> node that owns it
  (``ownerBackendNodeId``); a frame whose owner is not in its parent's tree hangs under
  the parent frame's root;
- names every node ``{frameOrdinal}-{backendDOMNodeId}`` (main frame 0, then the frames in
  the capture's order: pre-order, siblings in the document order of their owners, which the
  extension sets for SnapshotV1 and the outline alike), or ``{frameOrdinal}-ax{axNodeId}``
  when it has no DOM node;
- drops InlineTextBox nodes (layout fragments of their StaticText parent, word for word).

``FlatTree.nodes`` is in document pre-order (parents before children): later steps rely on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from axsnap_host.models.capture import AxRow, RawCapture
from axsnap_host.pipeline.ax.rows import DROPPED_ROLES, as_rows


@dataclass(slots=True)
class FlatNode:
    id: str
    role: str
    name: str
    value: str | None
    state: Mapping[str, Any]  # never changed in place: a node is given a new one
    frame: int
    ax_id: str
    backend_id: int | None
    frame_id: str
    children: list[str] = field(default_factory=list)
    parent: str | None = None


@dataclass
class FrameEntry:
    ordinal: int
    frame_id: str
    parent_frame_id: str | None
    url: str
    name: str
    captured: bool
    error: str | None
    owner_backend_id: int | None
    owner_id: str | None = None
    nodes: int = 0


@dataclass
class FlatTree:
    root_id: str | None
    nodes: dict[str, FlatNode]  # in document pre-order
    frames: list[FrameEntry]
    failures: list[dict[str, Any]] = field(default_factory=list)
    # Facts of the nodes as flatten made them, worked out before the request came (a
    # streamed read's, stream_early.py), keyed by the step that takes them: hidden
    # instruction matches (instructions.py), prune's interest (prune.py). A step that
    # changes the nodes before they are taken clears it (flag_hidden_instructions does when
    # it renames a node); each reader falls back to working them out itself.
    ahead: dict[str, Any] = field(default_factory=dict)
    # The nodes this tree shares with its read's other formats (the walk tree's base:
    # pipeline/axwalk/tree.py WalkBase, design note 106), by id: none of them is changed in
    # place; :meth:`own` gives the tree its own copy of one to change. None: all its own.
    shared: dict[str, FlatNode] | None = field(default=None, compare=False, repr=False)

    def own(self, node: FlatNode) -> FlatNode:
        """``node`` of this tree, ready to be changed (copy on write): the node itself, or,
        when the tree shares it with its read's other formats, a copy of it (with its own
        children list) that takes its place in ``nodes``. Every step that changes a node
        asks this first and changes what it returns."""
        shared = self.shared
        if shared is None or shared.get(node.id) is not node:
            return node
        current = self.nodes.get(node.id)
        if current is not node and current is not None:
            return current  # (copied already: the tree's own)
        mine = FlatNode(node.id, node.role, node.name, node.value, node.state, node.frame,
                        node.ax_id, node.backend_id, node.frame_id, list(node.children),
                        node.parent)
        if current is node:  # (one the tree no longer holds is changed apart from it)
            self.nodes[node.id] = mine
        return mine


class FrameFacts(NamedTuple):
    """What flatten reads of a frame besides its AX nodes. A streamed read's tree is built
    ahead of its request from the facts the extension sent with the stream's end
    (capture_stream.py) and used only when the request's frames give the same facts."""

    frame_id: str
    parent_frame_id: str | None
    url: str
    name: str
    captured: bool
    error: str | None
    owner: int | None  # ownerBackendNodeId, when an int


def frame_facts(frame: Any) -> FrameFacts:
    owner = getattr(frame, "ownerBackendNodeId", None)
    return FrameFacts(frame.frameId, frame.parentFrameId, frame.url, frame.name,
                      frame.captured, frame.error, owner if isinstance(owner, int) else None)


def same_facts(a: list[FrameFacts], b: list[FrameFacts]) -> bool:
    """Equal facts, types included (``True == 1``, but flatten writes them apart)."""
    return a == b and all(
        type(x.owner) is type(y.owner) and type(x.captured) is type(y.captured)
        for x, y in zip(a, b, strict=True))


# capture.derived: the tree built from a streamed read's AX nodes before its request came
# (stream_early.py), when it is the one this capture gives.
EARLY_TREE = "early_tree"


def flat_tree(capture: RawCapture) -> FlatTree:
    """The capture's tree: the one built ahead (taken once: the steps after change it), or
    flattened now."""
    early = capture.derived.pop(EARLY_TREE, None)
    return early if isinstance(early, FlatTree) else flatten(capture)


def flatten(capture: RawCapture) -> FlatTree:
    """Build the stitched, ignored-lifted tree for every captured frame."""
    return flatten_frames([frame_facts(frame) for frame in capture.frames],
                          [frame.axNodes for frame in capture.frames])


def flatten_frames(frames: list[FrameFacts], ax_nodes: list[list[Any]]) -> FlatTree:
    """The tree of frames given by their facts and their AX nodes (rows or node dicts)."""
    ordinal_of = {frame.frame_id: i for i, frame in enumerate(frames)}
    entries: list[FrameEntry] = []
    failures: list[dict[str, Any]] = []
    by_id: list[dict[str, AxRow]] = []  # per frame: AX node id → its row
    roots: dict[int, str] = {}

    for ordinal, frame in enumerate(frames):
        entries.append(
            FrameEntry(
                ordinal=ordinal,
                frame_id=frame.frame_id,
                parent_frame_id=frame.parent_frame_id,
                url=frame.url,
                name=frame.name,
                captured=frame.captured,
                error=frame.error,
                owner_backend_id=frame.owner,
            )
        )
        if not frame.captured or frame.error:
            failures.append({"step": "ax_tree", "frame": frame.frame_id,
                             "reason": frame.error or "not captured"})
        rows = as_rows(ax_nodes[ordinal])
        nodes_by_id: dict[str, AxRow] = {}
        for row in rows:
            if row.node_id not in nodes_by_id:
                nodes_by_id[row.node_id] = row
        by_id.append(nodes_by_id)
        root = _find_root(rows, nodes_by_id)
        if root is not None:
            roots[ordinal] = root

    # Child frame roots to splice in: under the owning <iframe> AX node, else the parent
    # frame's root. Keyed by (frame ordinal, AX node id) of the node that receives them.
    extra: dict[tuple[int, str], list[tuple[int, str]]] = {}
    owners_by_frame: dict[int, dict[int, str]] = {}
    for ordinal, frame in enumerate(frames):
        if ordinal == 0 or ordinal not in roots:
            continue
        parent_ordinal = ordinal_of.get(frame.parent_frame_id or "", 0)
        if parent_ordinal >= ordinal:
            parent_ordinal = 0
        if parent_ordinal not in owners_by_frame:
            owners_by_frame[parent_ordinal] = _backend_index(by_id[parent_ordinal])
        owner = entries[ordinal].owner_backend_id
        host_node = owners_by_frame[parent_ordinal].get(owner) if owner is not None else None
        if host_node is None:
            host_node = roots.get(parent_ordinal)
        if host_node is None:
            continue
        extra.setdefault((parent_ordinal, host_node), []).append((ordinal, roots[ordinal]))

    nodes, root_id = _walk(roots, by_id, extra, entries)
    # A captured frame with AX nodes but none reached from the main root was not stitched.
    for entry in entries:
        if entry.ordinal in roots and entry.ordinal != 0 and entry.nodes == 0:
            failures.append(
                {"step": "stitch", "frame": entry.frame_id, "reason": "frame not attached"}
            )
    return FlatTree(root_id=root_id, nodes=nodes, frames=entries, failures=failures)


def _backend_index(nodes_by_id: dict[str, AxRow]) -> dict[int, str]:
    """backendDOMNodeId → AX node id for one frame (first node wins)."""
    index: dict[int, str] = {}
    for node_id, row in nodes_by_id.items():
        backend = row.backend
        if backend is not None and backend not in index:
            index[backend] = node_id
    return index


def _find_root(rows: list[AxRow], present: dict[str, AxRow]) -> str | None:
    """The first node without a (present) parent: the frame's RootWebArea in practice."""
    for row in rows:
        if row.parent_id is None or row.parent_id not in present:
            return row.node_id
    return None


def _walk(
    roots: dict[int, str],
    by_id: list[dict[str, AxRow]],
    extra: dict[tuple[int, str], list[tuple[int, str]]],
    entries: list[FrameEntry],
) -> tuple[dict[str, FlatNode], str | None]:
    """One iterative pre-order pass from the main root.

    Each stack entry carries the id of its nearest kept (unignored) ancestor; a cached node
    appends itself to that ancestor's children, so ignored nodes vanish and their children
    are lifted in document order. Every AX node is visited once (cycles, shared children).
    """
    main = 0 if 0 in roots else next(iter(roots), None)
    if main is None:
        return {}, None
    nodes: dict[str, FlatNode] = {}
    seen: list[set[str]] = [set() for _ in by_id]
    top: list[str] = []  # cached nodes with no kept ancestor (normally just the root)
    stack: list[tuple[int, str, str | None]] = [(main, roots[main], None)]
    while stack:
        ordinal, ax_id, kept_parent = stack.pop()
        frame_seen = seen[ordinal]
        if ax_id in frame_seen:
            continue
        frame_seen.add(ax_id)
        row = by_id[ordinal][ax_id]
        here = kept_parent
        if not row.ignored and row.role not in DROPPED_ROLES:
            here = _add_node(nodes, row, ordinal, kept_parent, entries[ordinal])
            if kept_parent is None:
                top.append(here)
            else:
                nodes[kept_parent].children.append(here)
        frame_nodes = by_id[ordinal]
        children = [
            (ordinal, child, here)
            for child in row.children
            if child in frame_nodes and child not in frame_seen
        ]
        stitched = extra.get((ordinal, ax_id))
        if stitched:
            children.extend((o, child, here) for o, child in stitched)
        stack.extend(reversed(children))
    # The root itself may be ignored (unusual): then its first lifted child is the root.
    root_id = top[0] if top else None
    for entry in entries:
        if entry.owner_backend_id is not None:
            candidate = f"{_parent_ordinal(entry, entries)}-{entry.owner_backend_id}"
            entry.owner_id = candidate if candidate in nodes else None
    return nodes, root_id


def _add_node(
    nodes: dict[str, FlatNode],
    row: AxRow,
    ordinal: int,
    parent: str | None,
    frame: FrameEntry,
) -> str:
    backend = row.backend
    ax_id = row.node_id
    if backend is not None:
        node_id = f"{ordinal}-{backend}"
        if node_id in nodes:
            node_id = f"{ordinal}-ax{ax_id}"
    else:
        node_id = f"{ordinal}-ax{ax_id}"
    state = row.state
    frame.nodes += 1
    nodes[node_id] = FlatNode(
        id=node_id,
        role=row.role,
        name=row.name,
        value=row.value,
        state=dict(state) if state else {},
        frame=ordinal,
        ax_id=ax_id,
        backend_id=backend,
        frame_id=frame.frame_id,
        parent=parent,
    )
    return node_id


def _parent_ordinal(entry: FrameEntry, entries: list[FrameEntry]) -> int:
    for other in entries:
        if other.frame_id == entry.parent_frame_id:
            return other.ordinal
    return 0
