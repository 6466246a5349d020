"""AX nodes that act though their role does not say so (click listeners, tab stops), and
the rows of a list with one listener for them, made nodes again where Chromium's AX tree
ignores them (issue 30).

A mail list with one click listener for all its rows: each row is a ``<div>`` of a checkbox
and two ``<span>``s, which Chromium marks ignored, so flatten lifts its children and the
row itself is gone from SnapshotV1 and the outline, while DOM text and ``elements`` list it
as a control. :func:`unignore` makes such a row a node again where its ignored AX node
sits: under its nearest kept ancestor, in the place of the kept nodes inside it, which
become its children. Only the boxes asked for change; document pre-order is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from axsnap_host.models.capture import AxRow, RawCapture
from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES, INTEREST
from axsnap_host.pipeline.ax.rows import as_rows
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.dom.hittest import CoverIndex
from axsnap_host.pipeline.dom.index import DomIndex
from axsnap_host.pipeline.dom.walker_merge import Joined


def clickable_ids(tree: FlatTree, dom: DomFacts) -> frozenset[str]:
    """Ids of nodes that are no control by role but that the DOM marks clickable (a click
    listener): a <span> button, a table row or list item that opens something."""
    return frozenset(
        node.id
        for node in tree.nodes.values()
        if node.role in PLAIN_ROLES and dom.is_clickable(node.backend_id, node.frame_id)
    )


# Walker reasons that make an element a control by what it is (targets.WEAK_REASONS: not)
_STRONG_REASONS = frozenset({"href", "form", "onclick", "role", "tabindex", "editable",
                             "action"})


def pointer_row_ids(tree: FlatTree, joined: Sequence[Joined] | None,
                    capture: RawCapture | None = None) -> frozenset[str]:
    """Ids of nodes that are no control by role whose element DOM text lists as a control
    for where ``cursor: pointer`` starts on it, outside any other control: the rows and
    items of a container with one click listener for them all (a mail list, a sidebar),
    which no listener of their own marks clickable. With ``capture``, such a row that
    Chromium's AX tree ignores (a ``<div>`` of a checkbox and ``<span>``s) is made a node
    of the tree first (:func:`unignore`), so it is listed as DOM text lists it."""
    if not joined:
        return frozenset()
    return pointer_rows_in_tree(tree, pointer_rows(joined, capture), capture)


def pointer_rows_in_tree(tree: FlatTree, rows: frozenset[tuple[str | None, int]],
                         capture: RawCapture | None = None) -> frozenset[str]:
    """:func:`pointer_row_ids` of the rows found before the tree (:func:`pointer_rows`)."""
    if capture is not None:
        unignore(tree, capture, rows)
    return frozenset(node.id for node in tree.nodes.values() if node.role in PLAIN_ROLES
                     and (node.frame_id, node.backend_id) in rows)


POINTER_ROWS = "pointer_rows"  # capture.derived: (the join, its rows), for the read's formats


def pointer_rows(joined: Sequence[Joined],
                 capture: RawCapture | None) -> frozenset[tuple[str | None, int]]:
    """(frameId, backendNodeId) of the records :func:`pointer_row_ids` lists: found once a
    read, as they depend on its join alone (the outline and SnapshotV1 of one read walked
    the 100k page's 99k records each); the read's last format takes them before its tree."""
    found = capture.derived.get(POINTER_ROWS) if capture is not None else None
    if isinstance(found, tuple) and found[0] is joined:
        return found[1]
    rows: set[tuple[str | None, int]] = set()
    for j in joined:
        reasons = j.rec.get("c") or ()
        if "pointer" not in reasons or j.backend_node_id is None or not j.rec.get("nm") \
                or j.rec.get("top") == 0 or j.tag in ("html", "body"):
            continue
        p = j.rec.get("p", -1)
        inside = False
        while isinstance(p, int) and 0 <= p < j.rid and not inside:
            inside = bool(_STRONG_REASONS.intersection(joined[p].rec.get("c") or ()))
            p = joined[p].rec.get("p", -1)
        if not inside:
            rows.add((j.frame_id, j.backend_node_id))
    kept = frozenset(rows)
    if capture is not None:
        capture.derived[POINTER_ROWS] = (joined, kept)
    return kept


def tab_stop_ids(tree: FlatTree, dom: DomFacts) -> frozenset[str]:
    """Ids of nodes that are no control by role but are in the tab order (``tabindex`` ≥ 0):
    made keyboard-reachable on purpose, usually because they act (a custom widget)."""
    return frozenset(
        node.id
        for node in tree.nodes.values()
        if node.role in PLAIN_ROLES and dom.is_tab_stop(node.backend_id, node.frame_id)
    )


# Roles that say nothing of an action, so a click listener is news. (Controls are kept
# anyway; a <label> is clickable because it forwards clicks to its control.)
PLAIN_ROLES = frozenset({
    "generic", "none", "presentation", "image", "img", "StaticText", "paragraph",
    "LayoutTable", "LayoutTableRow", "LayoutTableCell", "row", "cell", "gridcell",
    "listitem", "Section", "group", "note", "figure", "heading", "term", "definition",
    "blockquote", "code", "Pre", "strong", "emphasis", "time", "Abbr", "Mark",
})


def mark_covered(tree: FlatTree, kept: Iterable[str], dom: DomFacts,
                 acting: frozenset[str]) -> int:
    """Give each kept control (an interactive role, or in ``acting``) that a later-painted
    box covers the state ``covered`` = that box (``div#overlay``); returns how many."""
    # A window read has no paint order: the walker's own hit test names the cover there.
    covers = CoverIndex(dom) if isinstance(dom, DomIndex) else dom
    count = 0
    for nid in kept:
        node = tree.nodes[nid]
        if node.role not in INTERACTIVE_ROLES and nid not in acting:
            continue
        label = covers.cover_of(node.backend_id, node.frame_id)
        if label:
            node = tree.own(node)  # (a node the read's formats share: a copy)
            node.state = {**node.state, "covered": label}  # (never changed in place)
            count += 1
    return count


def unignore(tree: FlatTree, capture: RawCapture,
             boxes: Iterable[tuple[str | None, int]]) -> frozenset[str]:
    """Make each of ``boxes`` ((frame id, backendNodeId)) that the AX tree ignored a node of
    ``tree`` (role ``generic``, no name: the element model gives it its name); returns the
    ids of the nodes made. A box without a kept node inside it stays out (there is nothing
    to put it around)."""
    in_tree = {(node.frame_id, node.backend_id) for node in tree.nodes.values()}
    wanted: dict[str, set[int]] = {}
    for frame_id, backend in boxes:
        if frame_id is not None and (frame_id, backend) not in in_tree:
            wanted.setdefault(frame_id, set()).add(backend)
    if not wanted:
        return frozenset()
    before: dict[str, list[FlatNode]] = {}  # first node inside → the nodes made around it
    made: list[str] = []
    for entry in tree.frames:
        backends = wanted.get(entry.frame_id)
        if not backends or entry.ordinal >= len(capture.frames):
            continue
        rows = as_rows(capture.frames[entry.ordinal].axNodes)
        by_ax = {row.node_id: row for row in rows}
        for row in rows:
            if row.backend in backends and row.ignored:
                node = _lift(tree, row, by_ax, entry.ordinal, entry.frame_id)
                if node is not None:
                    before.setdefault(node.children[0], []).append(node)
                    made.append(node.id)
    if made:
        order: dict[str, FlatNode] = {}
        for nid, node in tree.nodes.items():
            for box in before.get(nid, ()):
                order[box.id] = box
            order[nid] = node
        tree.nodes = order
        tree.ahead.pop(INTEREST, None)  # prune's, worked out on the tree without them
    return frozenset(made)


def _flat_id(tree: FlatTree, row: AxRow, ordinal: int) -> str | None:
    """The flat tree's id of an AX row's node, when flatten kept it."""
    for nid in (f"{ordinal}-{row.backend}", f"{ordinal}-ax{row.node_id}"):
        node = tree.nodes.get(nid)
        if node is not None and node.ax_id == row.node_id and node.frame == ordinal:
            return nid
    return None


def _lift(tree: FlatTree, row: AxRow, by_ax: dict[str, AxRow], ordinal: int,
          frame_id: str) -> FlatNode | None:
    """The node made for the ignored ``row``, put in its place, or None."""
    inside: list[str] = []  # the kept nodes nearest below it, in document order
    stack = list(reversed(row.children))
    seen = {row.node_id}
    while stack and len(seen) < 10_000:
        ax_id = stack.pop()
        child = by_ax.get(ax_id)
        if child is None or ax_id in seen:
            continue
        seen.add(ax_id)
        nid = _flat_id(tree, child, ordinal)
        if nid is not None:
            inside.append(nid)
        else:
            stack.extend(reversed(child.children))
    if not inside:
        return None
    parent_id = tree.nodes[inside[0]].parent
    parent = tree.nodes.get(parent_id) if parent_id else None
    if parent is None or any(tree.nodes[nid].parent != parent_id for nid in inside):
        return None
    at = [i for i, nid in enumerate(parent.children) if nid in set(inside)]
    if at != list(range(at[0], at[0] + len(inside))):
        return None  # not one run of siblings: not where flatten lifted them
    node_id = f"{ordinal}-{row.backend}"
    if node_id in tree.nodes:
        return None
    node = FlatNode(id=node_id, role="generic", name="", value=None, state={}, frame=ordinal,
                    ax_id=row.node_id, backend_id=row.backend, frame_id=frame_id,
                    children=list(inside), parent=parent_id)
    parent = tree.own(parent)  # (a node the read's formats share: a copy, its own children)
    parent.children[at[0]:at[0] + len(inside)] = [node_id]
    for nid in inside:
        tree.own(tree.nodes[nid]).parent = node_id
    tree.nodes[node_id] = node  # ordered by unignore
    return node
