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

from dataclasses import dataclass, field
from typing import Any

from ...models.capture import RawCapture

# AX properties worth reporting as node ``state``; the rest (focusable, settable, ...) is noise.
STATE_PROPERTIES = (
    "checked",
    "disabled",
    "expanded",
    "selected",
    "pressed",
    "focused",
    "required",
    "readonly",
    "invalid",
    "level",
    "multiselectable",
    "multiline",
    "modal",
    "busy",
    "haspopup",
    "autocomplete",
    "orientation",
    "valuemin",
    "valuemax",
    "valuetext",
    "editable",
    "url",
)
_STATE_SET = frozenset(STATE_PROPERTIES)
# CDP's spelling of a property → the state name reported (CDP writes ``hasPopup``).
_PROPERTY_NAMES = {"hasPopup": "haspopup"}
# Every CDP property name the host reads: the extension sends only these (contract.py).
CDP_STATE_PROPERTIES = tuple(sorted({*STATE_PROPERTIES, *_PROPERTY_NAMES}))
# States whose false value is worth reporting (``expanded: false`` is a collapsed control).
_KEPT_WHEN_FALSE = frozenset({"expanded"})
# Text layout fragments: they repeat their StaticText parent word for word.
DROPPED_ROLES = frozenset({"InlineTextBox"})
MAX_STATE_TEXT = 300
_FALSE_TOKENS = frozenset({"false", "none", ""})


@dataclass(slots=True)
class FlatNode:
    id: str
    role: str
    name: str
    value: str | None
    state: dict[str, Any]
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


def _ax_value(prop: Any) -> Any:
    if isinstance(prop, dict):
        return prop.get("value")
    return None


def _text(prop: Any) -> str:
    value = _ax_value(prop)
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def ax_name(prop: Any) -> str:
    """The computed name, with Chromium's doubling of UA parts undone.

    Chromium names the parts of its own date and time fields twice: the month field of
    ``<label>Start date <input type=date></label>`` is ``"Month Month"``, the picker button
    ``"Show date picker Show date picker"``. When the name is exactly the winning source's
    value said twice, the source's value is the name. Without sources (the extension keeps
    them only for such names) the name is left as it is: "Bora Bora" is a real place.
    """
    name = _text(prop)
    if not isinstance(prop, dict) or " " not in name:
        return name
    for source in prop.get("sources") or ():
        if not isinstance(source, dict) or source.get("superseded"):
            continue
        said = _text(source.get("value"))
        if said:
            return said if name == f"{said} {said}" else name
    return name


def _state_value(raw: Any) -> Any:
    """CDP AXValue → bool/int/float/str; ``None`` when it says nothing (false tokens)."""
    if not isinstance(raw, dict):
        return None
    kind = raw.get("type")
    value = raw.get("value")
    if kind == "tristate":
        if value == "mixed":
            return "mixed"
        return True if value in (True, "true") else None
    if kind in ("boolean", "booleanOrUndefined"):
        return True if value in (True, "true") else None
    if kind in ("integer", "number"):
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if isinstance(value, str):
        return None if value in _FALSE_TOKENS else value
    if isinstance(value, bool):
        return True if value else None
    if isinstance(value, int | float):
        return value
    return None


def node_state(properties: list[Any]) -> dict[str, Any]:
    """The meaningful AX properties of a node (its ``properties`` list) as a sorted dict."""
    state: dict[str, Any] = {}
    for prop in properties:
        if not isinstance(prop, dict):
            continue
        name = prop.get("name")
        name = _PROPERTY_NAMES.get(name, name)
        if name not in _STATE_SET:
            continue
        value = _state_value(prop.get("value"))
        if value is None and name in _KEPT_WHEN_FALSE and _is_false(prop.get("value")):
            value = False  # "collapsed" says something: a closed menu or disclosure
        if isinstance(value, str):
            value = _shorten(value)
        if value is not None:
            state[name] = value
    return dict(sorted(state.items()))


def _is_false(raw: Any) -> bool:
    return isinstance(raw, dict) and raw.get("value") in (False, "false")


def _shorten(text: str) -> str:
    """Inline data: URLs and other huge strings would swamp the snapshot: cut them."""
    if text.startswith("data:"):
        return text[: text.find(",") + 1 or 40] + "…"
    if len(text) > MAX_STATE_TEXT:
        return text[:MAX_STATE_TEXT] + "…"
    return text


def flatten(capture: RawCapture) -> FlatTree:
    """Build the stitched, ignored-lifted tree for every captured frame."""
    frames = capture.frames
    ordinal_of = {frame.frameId: i for i, frame in enumerate(frames)}
    entries: list[FrameEntry] = []
    failures: list[dict[str, Any]] = []
    by_id: list[dict[str, dict[str, Any]]] = []  # per frame: AX node id → raw node
    roots: dict[int, str] = {}

    for ordinal, frame in enumerate(frames):
        owner = getattr(frame, "ownerBackendNodeId", None)
        entries.append(
            FrameEntry(
                ordinal=ordinal,
                frame_id=frame.frameId,
                parent_frame_id=frame.parentFrameId,
                url=frame.url,
                name=frame.name,
                captured=frame.captured,
                error=frame.error,
                owner_backend_id=owner if isinstance(owner, int) else None,
            )
        )
        if not frame.captured or frame.error:
            failures.append(
                {"step": "ax_tree", "frame": frame.frameId, "reason": frame.error or "not captured"}
            )
        nodes_by_id: dict[str, dict[str, Any]] = {}
        for ax in frame.axNodes:
            node_id = ax.get("nodeId")
            if isinstance(node_id, str) and node_id not in nodes_by_id:
                nodes_by_id[node_id] = ax
        by_id.append(nodes_by_id)
        root = _find_root(frame.axNodes, nodes_by_id)
        if root is not None:
            roots[ordinal] = root

    # Child frame roots to splice in: under the owning <iframe> AX node, else the parent
    # frame's root. Keyed by (frame ordinal, AX node id) of the node that receives them.
    extra: dict[tuple[int, str], list[tuple[int, str]]] = {}
    owners_by_frame: dict[int, dict[int, str]] = {}
    for ordinal, frame in enumerate(frames):
        if ordinal == 0 or ordinal not in roots:
            continue
        parent_ordinal = ordinal_of.get(frame.parentFrameId or "", 0)
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


def _backend_index(nodes_by_id: dict[str, dict[str, Any]]) -> dict[int, str]:
    """backendDOMNodeId → AX node id for one frame (first node wins)."""
    index: dict[int, str] = {}
    for node_id, ax in nodes_by_id.items():
        backend = ax.get("backendDOMNodeId")
        if isinstance(backend, int) and backend not in index:
            index[backend] = node_id
    return index


def _find_root(ax_nodes: list[dict[str, Any]], present: dict[str, Any]) -> str | None:
    """The first node without a (present) parent: the frame's RootWebArea in practice."""
    for ax in ax_nodes:
        node_id = ax.get("nodeId")
        if not isinstance(node_id, str):
            continue
        parent = ax.get("parentId")
        if not isinstance(parent, str) or parent not in present:
            return node_id
    return None


def _walk(
    roots: dict[int, str],
    by_id: list[dict[str, dict[str, Any]]],
    extra: dict[tuple[int, str], list[tuple[int, str]]],
    entries: list[FrameEntry],
) -> tuple[dict[str, FlatNode], str | None]:
    """One iterative pre-order pass from the main root.

    Each stack entry carries the id of its nearest kept (unignored) ancestor; a kept node
    appends itself to that ancestor's children, so ignored nodes vanish and their children
    are lifted in document order. Every AX node is visited once (cycles, shared children).
    """
    main = 0 if 0 in roots else next(iter(roots), None)
    if main is None:
        return {}, None
    nodes: dict[str, FlatNode] = {}
    seen: list[set[str]] = [set() for _ in by_id]
    top: list[str] = []  # kept nodes with no kept ancestor (normally just the root)
    stack: list[tuple[int, str, str | None]] = [(main, roots[main], None)]
    while stack:
        ordinal, ax_id, kept_parent = stack.pop()
        frame_seen = seen[ordinal]
        if ax_id in frame_seen:
            continue
        frame_seen.add(ax_id)
        ax = by_id[ordinal][ax_id]
        role_value = ax.get("role")
        role = role_value.get("value") if isinstance(role_value, dict) else None
        if not isinstance(role, str) or not role:
            role = "generic"
        here = kept_parent
        if not ax.get("ignored") and role not in DROPPED_ROLES:
            here = _add_node(nodes, ax, ordinal, ax_id, role, kept_parent, entries[ordinal])
            if kept_parent is None:
                top.append(here)
            else:
                nodes[kept_parent].children.append(here)
        frame_nodes = by_id[ordinal]
        child_ids = ax.get("childIds")
        children = [
            (ordinal, child, here)
            for child in (child_ids if isinstance(child_ids, list) else ())
            if isinstance(child, str) and child in frame_nodes and child not in frame_seen
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


# A node's own fields (name, value, state) computed ahead, while a streamed capture's later
# parts are still on their way (capture_stream.py): flatten then only links the nodes.
PREPARED = "_axsnap_fields"


def node_fields(ax: dict[str, Any]) -> tuple[str, str | None, dict[str, Any]]:
    """(name, value, state) of one raw AX node, as the flattened node reports them."""
    value = _ax_value(ax.get("value"))
    properties = ax.get("properties")
    return (
        ax_name(ax.get("name")),
        None if value is None else (value if isinstance(value, str) else str(value)),
        node_state(properties) if isinstance(properties, list) else {},
    )


def prepare_nodes(nodes: list[dict[str, Any]]) -> None:
    """Compute the fields of the unignored nodes now (see PREPARED; an empty state is kept
    as None: 100k empty dicts are 6 MB)."""
    for ax in nodes:
        # a node with neither properties nor value is as cheap to read later: no tuple
        if not ax.get("ignored") and (ax.get("properties") or ax.get("value") is not None):
            name, value, state = node_fields(ax)
            ax[PREPARED] = (name, value, state or None)


def _add_node(
    nodes: dict[str, FlatNode],
    ax: dict[str, Any],
    ordinal: int,
    ax_id: str,
    role: str,
    parent: str | None,
    frame: FrameEntry,
) -> str:
    backend = ax.get("backendDOMNodeId")
    if isinstance(backend, int):
        node_id = f"{ordinal}-{backend}"
        if node_id in nodes:
            node_id = f"{ordinal}-ax{ax_id}"
    else:
        backend = None
        node_id = f"{ordinal}-ax{ax_id}"
    prepared = ax.get(PREPARED)
    name, value, state = prepared if isinstance(prepared, tuple) else node_fields(ax)
    frame.nodes += 1
    nodes[node_id] = FlatNode(
        id=node_id,
        role=role,
        name=name,
        value=value,
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
