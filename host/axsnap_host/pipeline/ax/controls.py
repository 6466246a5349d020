"""AX nodes that act though their role does not say so (click listeners, tab stops)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES
from axsnap_host.pipeline.ax.tree import FlatTree
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


def pointer_row_ids(tree: FlatTree, joined: Sequence[Joined] | None) -> frozenset[str]:
    """Ids of nodes that are no control by role whose element DOM text lists as a control
    for where ``cursor: pointer`` starts on it, outside any other control: the rows and
    items of a container with one click listener for them all (a mail list, a sidebar),
    which no listener of their own marks clickable."""
    if not joined:
        return frozenset()
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
    return frozenset(node.id for node in tree.nodes.values() if node.role in PLAIN_ROLES
                     and (node.frame_id, node.backend_id) in rows)


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
