"""SnapshotV1's node rows of a whole-page read from the walk (``ax_source="walk"``).

A node whose record got a backendNodeId (a control, a link, an element with a click
listener...) is rendered as every SnapshotV1 node is (``snapshot.node_row``: its record's
box, visibility, clickability). A node no record names (a heading, a paragraph, a list, a
wrapper, a text run: its id learnt by the take of the rows' nodes, design note 68, else the
walk's own) has no record to read by that id, but the walker's record of its element (found
by the run's world and the tracked id ``w``, tree.py's ``WALK_REFS``) still gives its box
and whether it is visible, as Chromium's DOMSnapshot gives them. Text runs and documents
have no record: their rows carry their box (the walker's 'boxes' rows, tree.py
``WALK_BOXES``), in their run's viewport.

:func:`finish_walk_nodes` gives the kept nodes what Chromium's tree says and the outline never
prints: a list item's level, the options of a closed
``<select>`` as not visible, a document's box when its row has none.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import SplitResult

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.snapshot import Emit, RenderRows, row_cells
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts, WindowIndex, from_walk
from axsnap_host.pipeline.axwalk.tree import (
    WALK_BOXES,
    WALK_REFS,
    WALK_TAGS,
    WalkLinks,
    walk_links,
    walk_tree,
)
from axsnap_host.pipeline.dom.walker_merge import Joined


class WalkSource:
    """SnapshotV1's tree from the walk (pipeline/ax/build.py ``TreeSource``)."""

    def __init__(self, capture: RawCapture) -> None:
        self._capture = capture
        self._refs: dict[str, tuple[Any, int]] = {}
        self._boxes: dict[str, tuple[list[Any], str | None]] = {}
        self._links: WalkLinks | None = None

    @staticmethod
    def of(capture: RawCapture) -> WalkSource | None:
        """The source of a read from the walk (ax_source "walk"), else None."""
        return WalkSource(capture) if from_walk(capture) else None

    def keep_links(self, joined: list[Joined]) -> None:
        self._links = walk_links(self._capture, joined)

    def tree(self) -> FlatTree:
        tree = walk_tree(self._capture, self._links)
        self._links = None
        tree.ahead.pop(WALK_TAGS, None)  # the outline's role decoration reads them
        self._refs = tree.ahead.pop(WALK_REFS, None) or {}
        self._boxes = tree.ahead.pop(WALK_BOXES, None) or {}
        return tree

    def finish(self, tree: FlatTree, kept: dict[str, list[str]]) -> None:
        finish_walk_nodes(tree, kept)

    def render(self, tree: FlatTree, dom: DomFacts) -> RenderRows | None:
        if not isinstance(dom, WindowIndex):
            return None
        return walk_render(tree, self._refs, dom, layout_viewport(self._capture),
                           self._boxes)


def walk_render(tree: FlatTree, refs: dict[str, tuple[Any, int]], dom: WindowIndex,
                viewport: list[int],
                boxes: dict[str, tuple[list[Any], str | None]] | None = None) -> RenderRows:
    """The rows of ``tree``'s kept nodes (see the module docstring); ``viewport``: the
    main document's box (page coordinates), when its row brought none; ``boxes``: the
    rows' own boxes (tree.py ``WALK_BOXES``)."""
    boxes = boxes or {}
    scroll_x, scroll_y = dom.document_scroll(0)
    origins: dict[str | None, tuple[float, float] | None] = {None: (scroll_x, scroll_y)}

    def origin(host: str | None) -> tuple[float, float] | None:
        """Where a run's viewport sits on the page: the page's scroll, or (a cross-site
        frame's own run) its <iframe>'s content box."""
        if host not in origins:
            owner = tree.nodes.get(host or "")
            box = dom.content_box(owner.backend_id, owner.frame_id) \
                if owner is not None and owner.backend_id is not None else None
            origins[host] = None if box is None else (box[0], box[1])
        return origins[host]

    def own_box(nid: str) -> list[int] | None:
        found = boxes.get(nid)
        if found is None:
            return None
        (x, y, width, height), host = found
        at = origin(host)
        if at is None:
            return None
        return [round(x + at[0]), round(y + at[1]), round(width), round(height)]

    def render(order: Iterable[tuple[str, int]], base: SplitResult, emit: Emit) -> list[Any]:
        made: list[Any] = []
        for nid, depth in order:
            node = tree.nodes[nid]
            # a record's box, else (no record has the node's id: the walk's take learnt it,
            # design note 68) the row's own or its record's by tracked id
            box = dom.box(node.backend_id, node.frame_id) if node.backend_id is not None \
                else None
            if box is not None:
                bbox, props = row_cells(node, box, base)
                if box[1] and (box[0] is None or not _has_area(box[0])):
                    # a record without a box of its own (a link around a floated icon) or
                    # of no area: Chromium's layout says not visible
                    props["isVisible"] = False
                made.append(emit(depth, node, bbox, props))
                continue
            bbox, props = row_cells(node, None, base)
            own = None
            if hidden_option(node, tree.nodes):
                props["isVisible"] = False
            elif (own := own_box(nid)) is not None:
                bbox = own
            elif node.role in _DOCUMENTS:
                own = viewport if node.parent is None else _frame_box(node, tree, dom)
                if own is not None:
                    bbox = own
            ref = refs.get(nid)
            # (a node has a ref only when no record of its element got a backendNodeId)
            tracked = dom.tracked_box(*ref) if ref is not None else None
            if tracked is not None:
                bounds, visible = tracked
                if bounds is not None:
                    x, y, width, height = bounds
                    bbox = [round(x), round(y), round(width), round(height)]
                if not visible or bounds is None or not _has_area(bounds):
                    props["isVisible"] = False
            elif own is not None and not _has_area(own) and node.role not in _DOCUMENTS:
                props["isVisible"] = False
            made.append(emit(depth, node, bbox, props))
        return made

    return render


_LISTS = frozenset({"list", "directory"})
_DOCUMENTS = frozenset({"RootWebArea", "WebArea"})


def finish_walk_nodes(tree: FlatTree, kept: dict[str, list[str]]) -> None:
    """What Chromium's SnapshotV1 nodes say that the walk's rows leave to the host (see the
    module docstring); ``kept``: the pruned tree (node → kept children)."""
    nodes = tree.nodes
    for nid in kept:
        node = nodes[nid]
        if node.role == "listitem" and "level" not in node.state:
            level = _list_level(node, nodes)
            if level:
                tree.own(node).state = {**node.state, "level": level}


def _list_level(node: FlatNode, nodes: dict[str, FlatNode]) -> int:
    level = 0
    parent = node.parent
    while parent is not None:
        above = nodes[parent]
        if above.role in _LISTS:
            level += 1
        parent = above.parent
    return level


def hidden_option(node: FlatNode, nodes: dict[str, FlatNode]) -> bool:
    """An option of a closed ``<select>`` (its popup's): laid out by no box."""
    parent = nodes.get(node.parent or "")
    return node.role == "option" and parent is not None and parent.role == "MenuListPopup"


def layout_viewport(capture: RawCapture) -> list[int]:
    """The main document's box as Chromium's DOMSnapshot gives it: the window (scroll bars
    in), in page coordinates."""
    walker = capture.walker or {}
    view, scroll = walker.get("viewport") or {}, walker.get("scroll") or {}
    return [round(float(scroll.get("x") or 0)), round(float(scroll.get("y") or 0)),
            round(float(view.get("w") or 0)), round(float(view.get("h") or 0))]


def _frame_box(node: FlatNode, tree: FlatTree, dom: WindowIndex) -> list[int] | None:
    """A frame's document's box: its <iframe>'s content box."""
    owner = tree.nodes.get(node.parent or "")
    if owner is None or owner.backend_id is None:
        return None
    box = dom.content_box(owner.backend_id, owner.frame_id)
    return None if box is None else [round(v) for v in box]


def _has_area(box: Any) -> bool:
    return bool(box[2] > 0 and box[3] > 0)
