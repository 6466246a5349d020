"""The flat AX tree of a whole-page outline read from the walk (``ax_source="walk"``).

Such a capture has no Chromium AX nodes and no DOMSnapshot: the walker wrote the document
as accessibility rows (``walker.axt.rows``, extension/lib/walker/src/ax_tree.js) beside its
records, and the records the DOM channel can list got their backendNodeIds (walker_ids_listable.js).
A row is ``[parent row, role, name, value, state, w, walker frame, tag?, box?]``; ``w`` is
the tracked id of the element's record, which gives the node its backendNodeId when that
record got one, or minus the id the walker's world gave a node with no record (a heading,
a text node); ``box`` (a text run's, a document's) only on a SnapshotV1 read.

The tree is the one :func:`~axsnap_host.pipeline.ax.tree.flatten` makes of Chromium's nodes:
pre-order, ``{frameOrdinal}-{backendNodeId}`` ids: a record's, else the one the take of the
rows' nodes learnt (``axt.b``, one a row that names a node, extension/lib/walker/
walker_ids_rows.js): a node has Chromium's id, as in a read of Chromium's tree or of the
window (design note 68). A generic element stays a node when the walker reported it (a box
Chromium keeps too: which nodes are siblings decides what a label names, prune.py) or its
author named it; other generic rows are lifted (their children take their place). A node
whose id that take did not learn is ``{frameOrdinal}-axw{w}``, the id its world gave it
(lasting as the node does; an action finds the node again through it, design note 64), or
``{frameOrdinal}-ax{row}`` when the row names no node (generated text, a list marker): the
outline prints both without an id (design note 42). A frame
whose <iframe> is a line but that no walker run read is a failure of the ``stitch`` step,
said as a gap.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.build import HOST_OWNED
from axsnap_host.pipeline.ax.instructions import WALK_HIDING
from axsnap_host.pipeline.ax.prune import IN_PREORDER
from axsnap_host.pipeline.ax.rows import STATE_PROPERTIES, shorten
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree, FrameEntry, frame_facts
from axsnap_host.pipeline.axwalk.base import WalkBase
from axsnap_host.pipeline.axwalk.run_parts import RunParts, run_parts
from axsnap_host.pipeline.dom.walker_merge import Joined, frame_ordinals, joined_records
from axsnap_host.pipeline.elements.walker_ids import WALKER_NAMED
from axsnap_host.pipeline.page_status import is_error_page
from axsnap_host.pipeline.read_shared import READ_OWNED, is_last_format

_STATES = frozenset(STATE_PROPERTIES)
# FlatTree.ahead key: the tags of generic nodes that have no element id (the outline's role
# decoration reads a node's tag from its record; these have none it can find)
WALK_TAGS = "walk_tags"
# FlatTree.ahead key: the nodes of an element that got no id → (its run's world, its tracked
# id ``w``), the record SnapshotV1 reads its box from (walk_rows.py)
WALK_REFS = "walk_refs"
# FlatTree.ahead key: text runs' and documents' boxes (the walk's 'boxes' rows: SnapshotV1's)
# → (box in its run's viewport, the <iframe> node its run hangs under or None: the page's)
WALK_BOXES = "walk_boxes"
# FlatTree.ahead key: a text run that goes on the run of inline text of the text run before it
# (walker ax_runs.js) → (that text run's node, the seam: " " or ""), which the compact outline
# joins (pipeline/outline/compact.py), as it joins Chromium's runs by the DOMSnapshot
WALK_SEAMS = "walk_seams"
_LIFTED = frozenset({"generic"})
# the state of every node without one (most): states are never changed in place (FlatNode)
_NO_STATE: dict[str, Any] = {}


def _state(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        return {}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _STATES or value is None:
            continue
        if isinstance(value, str):
            value = shorten(value)
        out[key] = value
    return out if len(out) < 2 else dict(sorted(out.items()))  # (one key: sorted as it is)


# capture.derived: the read's one walk tree (WalkBase), built by its first format
WALK_BASE = "walk_base"


def pack_walk_base(derived: dict[str, Any]) -> None:
    """Hold the read's walk base packed (axwalk/base.py) while a format that does not read
    the tree runs: DOM text's build between the outline's and SnapshotV1's."""
    base = derived.get(WALK_BASE)
    if not isinstance(base, WalkBase):
        return
    if is_last_format(derived):  # no format reads it after this one
        derived.pop(WALK_BASE)
    else:
        base.pack()


def walk_tree(capture: RawCapture, links: WalkLinks | None = None) -> FlatTree:
    """The flat tree of the walker's rows (see the module docstring), made once a read:
    while the read has more formats to make (pipeline/read_shared.py), the read keeps a
    :class:`WalkBase` of it and each format but the last gets a copy on write of it; the
    read's last format takes the tree itself. ``links``: what a build reads of the join
    (:func:`walk_links`), taken before the join went."""
    derived = capture.derived
    last = is_last_format(derived)
    base = derived.pop(WALK_BASE, None) if last else derived.get(WALK_BASE)
    if isinstance(base, WalkBase):
        return base.take() if last else base.copy()
    owned = bool(derived.get(HOST_OWNED) or derived.get(READ_OWNED))
    tree = build_walk_tree(capture, links, owned)
    if owned:
        drop_walk_rows(capture)  # the tree has all they say
    if not last:
        base = derived[WALK_BASE] = WalkBase(tree)
        return base.copy()
    return tree


def drop_walk_rows(capture: RawCapture) -> None:
    """Free the walker's accessibility rows once the read's walk tree is built from them
    (100k lists and their state dicts on the 100k-element bench page): no format reads them
    but through the tree. Only on a capture the host owns; emptied in place, as the
    message's parse holds the same lists."""
    walker = capture.walker or {}
    runs = [walker, *((sub or {}).get("result") for sub in walker.get("subframes") or ()
                      if isinstance(sub, dict))]
    for run in runs:
        rows = (run.get("axt") or {}).get("rows") if isinstance(run, dict) else None
        if isinstance(rows, list):
            rows.clear()


# what a walk tree's build reads of the join: walker frame → frame ordinal, and a run's
# world (None: the top's) → tracked id ``w`` → the backendNodeId of its element
WalkLinks = tuple[dict[int, int], dict[Any, dict[int, int]]]


def walk_links(capture: RawCapture, joined: list[Joined]) -> WalkLinks | None:
    """What the walk tree's build reads of ``joined``, for a format that lets the join go
    before it reads its tree (pipeline/ax/build.py); None when the read's tree is built
    already (its :class:`WalkBase`), so the build reads nothing."""
    if isinstance(capture.derived.get(WALK_BASE), WalkBase):
        return None
    return _links(capture, joined)


def _links(capture: RawCapture, joined: list[Joined]) -> WalkLinks:
    backends: dict[Any, dict[int, int]] = {}
    for j in joined:
        w = j.rec.get("w")
        if j.backend_node_id is not None and isinstance(w, int):
            backends.setdefault(j.rec.get("_world"), {}).setdefault(w, j.backend_node_id)
    return frame_ordinals(capture, joined), backends


def build_walk_tree(capture: RawCapture, links: WalkLinks | None = None,
                    consume: bool = False) -> FlatTree:
    """The flat tree of the walker's rows, built (see the module docstring); ``links``:
    :func:`walk_links` of the read's join, else read off the join here. ``consume``: each
    row is let go once added (a capture the host owns, whose rows go once the tree is
    built: :func:`drop_walk_rows`), so the rows and the tree are not all held at once."""
    walker = capture.walker or {}
    entries = [FrameEntry(ordinal=i, frame_id=f.frame_id, parent_frame_id=f.parent_frame_id,
                          url=f.url, name=f.name, captured=f.captured, error=f.error,
                          owner_backend_id=f.owner)
               for i, f in enumerate(frame_facts(frame) for frame in capture.frames)]
    if links is None:
        links = _links(capture, joined_records(capture))
    ordinals, backends = links
    tree = _Tree(entries, bool(capture.derived.get(WALKER_NAMED)))
    tree.add(run_parts(walker), ordinals, backends.get(None, {}), None, None, consume)
    # A cross-site frame walked itself (walker_capture.js: subframes): its rows hang under
    # its <iframe>, as flatten hangs a frame's tree under its owner.
    # (Its run names the extension's frame, not CDP's: matched by URL, as join() does.)
    ordinal_of = {entry.frame_id: entry.ordinal for entry in entries}
    for sub in walker.get("subframes") or ():
        result = sub.get("result") if isinstance(sub, dict) else None
        if not isinstance(result, dict):
            continue
        url = str(result.get("url", "")).split("#", 1)[0]
        ordinal = next((e.ordinal for e in entries if e.ordinal and e.ordinal not in tree.reached
                        and e.url.split("#", 1)[0] == url), None)
        if ordinal is None:
            continue
        entry = entries[ordinal]
        parent_ordinal = ordinal_of.get(entry.parent_frame_id or "", 0)
        host = tree.id_of(parent_ordinal, entry.owner_backend_id)
        if host not in tree.nodes:
            host = next((n.id for n in tree.nodes.values()  # its parent frame's document
                         if n.frame == parent_ordinal and n.role == "RootWebArea"), "")
        if host not in tree.nodes:
            continue
        inner = _inner_ordinals(result, ordinal, capture, tree.reached)
        world = result.get("world")
        tree.add(run_parts(result), inner, backends.get(world, {}), host, world, consume)
    # the documents the walker runs read (an empty frame's rows make no line: not a gap)
    walked = {_bare(str(f.get("url", ""))) for run in (walker, *(
        (sub or {}).get("result") or {} for sub in walker.get("subframes") or ()
        if isinstance(sub, dict))) if isinstance(run, dict)
        for f in run.get("frames") or () if isinstance(f, dict)}
    failures: list[dict[str, Any]] = []
    for entry in entries:
        if entry.owner_backend_id is not None:
            parent_ordinal = ordinal_of.get(entry.parent_frame_id or "", 0)
            candidate = tree.id_of(parent_ordinal, entry.owner_backend_id)
            entry.owner_id = candidate if candidate in tree.nodes else None
        # a frame whose <iframe> is a line but whose document the walk did not reach (a
        # hidden frame, or one that failed to load, is no gap: Chromium's read shows nothing)
        if entry.owner_id is not None and entry.ordinal not in tree.reached \
                and entry.captured and not is_error_page(entry.url) \
                and _bare(entry.url) not in walked:
            failures.append({"step": "stitch", "frame": entry.frame_id,
                             "reason": "the walk did not reach this frame"})
    in_preorder = tree.root_id is not None and _in_preorder(tree.nodes, tree.root_id)
    out = FlatTree(root_id=tree.root_id,
                   nodes=tree.nodes if in_preorder else _preorder(tree.nodes, tree.root_id),
                   frames=entries, failures=failures)
    if in_preorder:  # (each node is in its parent's children once, as add() appends it)
        out.ahead[IN_PREORDER] = True
    out.ahead[WALK_TAGS] = tree.tags
    out.ahead[WALK_REFS] = tree.refs
    out.ahead[WALK_BOXES] = tree.boxes
    out.ahead[WALK_SEAMS] = tree.seams
    out.ahead[WALK_HIDING] = tree.hiding
    return out


def _bare(url: str) -> str:
    return url.split("#", 1)[0]


def seam_of(seams: dict[str, tuple[str, str]], first: str, second: str) -> str | None:
    """How text node ``second`` goes on ``first``'s run of inline text (" " or ""), or None
    when it does not (``seams``: the tree's WALK_SEAMS)."""
    joined = seams.get(second)
    return joined[1] if joined is not None and joined[0] == first else None


def _inner_ordinals(result: dict[str, Any], ordinal: int, capture: RawCapture,
                    reached: set[int]) -> dict[int, int]:
    """A cross-site frame's run: its walker frame 0 is that frame; the same-origin frames
    it walked into are found by URL among the capture's frames not yet reached."""
    out = {0: ordinal}
    for index, frame in enumerate(result.get("frames") or []):
        if index == 0 or not isinstance(frame, dict):
            continue
        url = str(frame.get("url", "")).split("#", 1)[0]
        for i, cdp in enumerate(capture.frames):
            if i not in reached and i not in out.values() and cdp.url.split("#", 1)[0] == url:
                out[index] = i
                break
    return out


class _Tree:
    """The nodes made so far, and which frames they reached."""

    def __init__(self, entries: list[FrameEntry], named: bool = False) -> None:
        self.entries = entries
        # named by the walker's ids (node_ids "walker", design note 154): a row with a ``w``
        # is ``{ordinal}-axw{w}`` even where its record has a backendNodeId (an <iframe>,
        # a document's root: taken to place the frames), found by that id through ``aliases``
        self.named = named
        self.aliases: dict[str, str] = {}
        self.nodes: dict[str, FlatNode] = {}
        self.root_id: str | None = None
        self.reached: set[int] = set()
        self._made = 0  # rows seen, for the ax ids of nodes without an element id
        self.tags: dict[str, str] = {}  # a generic node without an element id → its tag
        self.refs: dict[str, tuple[Any, int]] = {}  # a node without an element id → its record
        self.boxes: dict[str, tuple[list[Any], str | None]] = {}  # (see WALK_BOXES)
        self.seams: dict[str, tuple[str, str]] = {}  # (see WALK_SEAMS)
        self.hiding: dict[str, Any] = {}  # (see WALK_HIDING)

    def add(self, run: RunParts, ordinals: dict[int, int], backend_of: dict[int, int],
            host: str | None, world: Any, consume: bool = False) -> None:
        """One run's rows and what was written beside them (run_parts.py; its records'
        ``_world`` is ``world``); its top rows hang under ``host`` (None: they are the root).
        ``consume``: each row is let go (None in its place) once read."""
        nodes, entries, tags, refs, boxes = self.nodes, self.entries, self.tags, self.refs, \
            self.boxes
        seams, hiding, aliases, named_by_walker = self.seams, self.hiding, self.aliases, \
            self.named
        rows, joins, row_ids, hides, roles_of, popups = run[:6]
        parts_of = run.parts
        frame_ids = [entry.frame_id for entry in entries]  # (by ordinal)
        kept_of: list[str | None] = []  # row → the id of its nearest kept node
        keep = kept_of.append
        roles: dict[str, str] = {}
        base = self._made
        self._made += len(rows)
        counts = [0] * len(entries)  # nodes per frame ordinal, added to the entries after
        last = len(entries)
        named = 0  # rows with a w so far: their index in row_ids
        learning = len(row_ids) > 0  # (none when the read is named by the walker's ids)
        last_text: str | None = None  # the latest text run's node
        # (each table asked only when the run has one: most runs have no custom roles,
        # hiding facts, popups or field parts)
        for index, row in enumerate(rows):
            if consume:
                rows[index] = None
            size = len(row) if type(row) is list else 0
            if size == 9:
                parent_row, role, name, value, state, w, frame, tag, box = row
            elif size == 8:  # no box
                parent_row, role, name, value, state, w, frame, tag = row
                box = None
            else:  # shorter (the walker leaves out a trailing tag and box), or longer
                parent_row, role, name, value, state, w, frame, tag, box = (
                    [*row, None, None, None, None, None, None, None, None, None][:9]
                    if isinstance(row, list) else [None] * 9)
            parent = kept_of[parent_row] if isinstance(parent_row, int) and \
                0 <= parent_row < index else host
            ordinal = ordinals.get(frame, 0) if isinstance(frame, int) else 0
            if ordinal >= last:
                ordinal = 0
            if not isinstance(w, int):
                w = 0
            record_backend = backend = backend_of.get(w) if w > 0 else None
            if w and learning:  # its node's backendNodeId, when its record has none (note 68)
                learnt = row_ids[named] if named < len(row_ids) else 0
                named += 1
                if backend is None and type(learnt) is int and learnt > 0:
                    backend = learnt
            if popups:  # (most runs have none)
                backend = popups.get(index, backend)
            if roles_of and index in roles_of:  # (pipeline/axwalk/custom.py)
                role, name, tag = *roles_of[index], 0
            if not isinstance(role, str) or not role:
                role = "generic"
            else:  # one string a role (each row's was its own: 7 MB on the 100k page)
                role = roles.setdefault(role, role)
            if role in _LIFTED and record_backend is None and not name and w <= 0:
                keep(parent)
                continue
            if backend is not None and not (named_by_walker and w > 0):
                node_id = f"{ordinal}-{backend}"
            elif w:  # a node the walk's world names (its record's id, or its row's)
                node_id = f"{ordinal}-axw{abs(w)}"
            else:
                node_id = f"{ordinal}-ax{base + index}"
            if node_id in nodes:
                node_id = f"{ordinal}-ax{base + index}"
            if named_by_walker and record_backend is not None and record_backend > 0:
                aliases[f"{ordinal}-{record_backend}"] = node_id
            counts[ordinal] += 1
            nodes[node_id] = FlatNode(
                node_id, role, name if isinstance(name, str) else "",
                value if isinstance(value, str) else None, _state(state) if state else _NO_STATE,
                ordinal, str(base + index), backend, frame_ids[ordinal], [], parent)
            if record_backend is None:  # no record of this read has its id
                if isinstance(tag, str) and tag:
                    tags[node_id] = tag  # no record to tell it: the row says it
                if w > 0:
                    refs[node_id] = (world, w)
                elif box is not None and isinstance(box, list) and len(box) == 4:
                    boxes[node_id] = (box, host)
            elif box is not None and isinstance(box, list) and len(box) == 4:
                boxes[node_id] = (box, host)
            if parent is None:
                self.root_id = self.root_id or node_id
            else:
                nodes[parent].children.append(node_id)
            keep(node_id)
            if hides and index in hides:
                hiding[node_id] = hides[index]
            parts = parts_of.get(index) if parts_of else None
            if parts:  # (a field's parts, custom.py)
                for k, (up, part_role, part_name, value, state, backend) in enumerate(parts):
                    part = FlatNode(f"{ordinal}-{backend}", part_role, part_name, value,
                                    state or _NO_STATE, ordinal, f"{base + index}.{k}", backend,
                                    frame_ids[ordinal], [],
                                    node_id if up < 0 else f"{ordinal}-{parts[up][5]}")
                    if part.id not in nodes and (part.parent or "") in nodes:
                        nodes[part.id] = part
                        nodes[part.parent or ""].children.append(part.id)
                    counts[ordinal] += 1
            if role == "StaticText":
                gap = joins.get(index)
                if gap is not None and last_text is not None:
                    seams[node_id] = (last_text, gap)
                last_text = node_id
        for ordinal, count in enumerate(counts):
            if count:
                entries[ordinal].nodes += count
                self.reached.add(ordinal)


    def id_of(self, ordinal: int, backend: int | None) -> str:
        """The id of the node of ``backend`` in frame ``ordinal`` (an <iframe>'s)."""
        plain = f"{ordinal}-{backend}"
        return self.aliases.get(plain, plain)


def _preorder(nodes: dict[str, FlatNode], root_id: str | None) -> dict[str, FlatNode]:
    """The nodes in document pre-order (a cross-site frame's were added after the page's;
    the caller found them not in it already: :func:`_in_preorder`)."""
    if root_id is None:
        return nodes
    out: dict[str, FlatNode] = {}
    stack = [root_id]
    while stack:
        nid = stack.pop()
        if nid in out:
            continue
        out[nid] = nodes[nid]
        stack.extend(reversed(nodes[nid].children))
    for nid, node in nodes.items():  # a node no path reaches stays (flatten keeps them too)
        out.setdefault(nid, node)
    return out


def _in_preorder(nodes: dict[str, FlatNode], root_id: str) -> bool:
    """Whether the nodes, as added, are already the root's pre-order (one run's rows are,
    in document order; a cross-site frame's come after): each node's parent is on the path
    from the root to the node added before it, and children lists are in the order added."""
    added = iter(nodes.items())
    first = next(added, None)
    if first is None or first[0] != root_id:
        return False
    path = [root_id]
    for nid, node in added:
        parent = node.parent
        while path and path[-1] != parent:
            path.pop()
        if not path:
            return False
        path.append(nid)
    return True
