"""AX nodes that act though their role does not say so (click listeners, tab stops)."""

from __future__ import annotations

from collections.abc import Iterable

from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES
from axsnap_host.pipeline.ax.tree import FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.dom.hittest import CoverIndex
from axsnap_host.pipeline.dom.index import DomIndex


def clickable_ids(tree: FlatTree, dom: DomFacts) -> frozenset[str]:
    """Ids of nodes that are no control by role but that the DOM marks clickable (a click
    listener): a <span> button, a table row or list item that opens something."""
    return frozenset(
        node.id
        for node in tree.nodes.values()
        if node.role in PLAIN_ROLES and dom.is_clickable(node.backend_id, node.frame_id)
    )


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
            node.state["covered"] = label
            count += 1
    return count
