"""Prune the flat AX tree to what an agent reads and acts on.

Kept: interactive nodes, headings, named landmarks, images with alt text, text that says
something its named ancestor does not already say, and the ancestors that give those
context (lists, tables, forms, dialogs, named groups...). Unnamed generic wrappers are
collapsed: their kept descendants move up to the nearest kept ancestor, in order.
``pruned=False`` keeps every unignored node.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree

INTERACTIVE_ROLES = frozenset(
    {
        "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox",
        "option", "menuitem", "menuitemcheckbox", "menuitemradio", "switch", "slider",
        "spinbutton", "tab", "treeitem", "scrollbar",
        "textField", "TextField", "PopUpButton", "ToggleButton", "DisclosureTriangle",
        "MenuListOption", "MenuListPopup", "date", "DateTime", "InputTime", "color",
        "ColorWell", "video", "audio", "Video", "Audio",
    }
)
HEADING_ROLES = frozenset({"heading"})
LANDMARK_ROLES = frozenset(
    {
        "banner", "complementary", "contentinfo", "form", "main", "navigation", "region",
        "search", "dialog", "alertdialog", "alert", "status", "log", "marquee", "timer",
        "application", "article", "document",
    }
)
# Always-kept landmarks (one per page, meaningful without a name).
_UNNAMED_LANDMARKS = frozenset({"main", "navigation", "banner", "contentinfo", "search", "dialog",
                                "alertdialog", "alert", "form"})
# Structure that gives kept descendants context even without a name.
CONTEXT_ROLES = frozenset(
    {
        "list", "listitem", "table", "row", "grid", "treegrid", "tree", "tablist",
        "tabpanel", "menu", "menubar", "radiogroup", "toolbar", "figure", "Iframe",
        "IframePresentational", "RootWebArea", "WebArea", "DescriptionList", "term",
        "definition", "paragraph", "blockquote", "Details", "details", "LabelText",
        "caption", "code", "math",
    }
)
# Table cells say their content in their name: kept when named, like headings.
CELL_ROLES = frozenset({"cell", "gridcell", "columnheader", "rowheader"})
TEXT_ROLES = frozenset({"StaticText", "text"})
# Decoration that repeats nothing an agent needs: list bullets and numbers.
NOISE_ROLES = frozenset({"ListMarker"})
_DOCUMENT_ROLES = frozenset({"RootWebArea", "WebArea", "Iframe", "IframePresentational"})
# Marks a subtree whose text is all said by an interactive ancestor's name or value.
_ALL_SAID = "\x00all"
IMAGE_ROLES = frozenset({"image", "img", "graphics-document", "Canvas", "SvgRoot", "figure"})
# Tables Chromium judged to be layout, not data: their cells are wrappers, and a cell's
# name (its text) is no label, so the text inside it stays.
LAYOUT_TABLE_ROLES = frozenset({"LayoutTable", "LayoutTableRow", "LayoutTableCell"})
_WRAPPER_ROLES = frozenset(
    {"generic", "none", "presentation", "group", "Section", "LineBreak", "Ruby", "Abbr",
     "Pre", "Mark", "emphasis", "strong", "subscript", "superscript", "time", "insertion",
     "deletion", "LayoutTable", "LayoutTableRow", "LayoutTableCell", "Unknown", "rowgroup",
     "Legend"}
)

# Wrappers and context a name makes interesting (fieldsets, labelled regions)
NAMED_GROUP_ROLES = frozenset({"group", "Section", "region"})

# Roles whose name is a title or label, not their text: their text is not a repeat. (A
# layout cell's name is its text, but it is a wrapper: the text is what stays.)
_NO_CONTENT_NAME_ROLES = (_DOCUMENT_ROLES | LANDMARK_ROLES | TEXT_ROLES | LAYOUT_TABLE_ROLES
                          | {"Section"})


@dataclass
class PruneResult:
    root_id: str | None
    kept: dict[str, list[str]]  # cached node id → kept child ids, in document order
    total: int

    @property
    def pruned(self) -> int:
        return self.total - len(self.kept)


def _squash(text: str) -> str:
    return " ".join(text.split()).casefold()


def _is_interesting(node: FlatNode, context_name: str, parent_editable: bool) -> bool:
    role = node.role
    if role in INTERACTIVE_ROLES or role in HEADING_ROLES:
        return True
    if role in NOISE_ROLES:
        return False
    if role in CELL_ROLES:
        return bool(node.name.strip())
    if node.state.get("focused") and role not in _DOCUMENT_ROLES:
        return True
    if node.state.get("editable") and not parent_editable:
        return True  # the root of an editing host (contenteditable), not its inner parts
    if role in LANDMARK_ROLES:
        return bool(node.name) or role in _UNNAMED_LANDMARKS
    if role in IMAGE_ROLES:
        return bool(node.name.strip())
    if role in TEXT_ROLES:
        text = _squash(node.name)
        return bool(text) and context_name is not _ALL_SAID and text not in context_name
    if role in _WRAPPER_ROLES or role in CONTEXT_ROLES:
        # Named groups carry meaning (fieldsets, labelled regions); unnamed ones do not.
        return role in NAMED_GROUP_ROLES and bool(node.name.strip())
    # Any other role with a name (alert text, tooltips, progress bars, ...) says something.
    return bool(node.name.strip()) or node.value not in (None, "")


@dataclass
class Interest:
    """What prune reads of the nodes alone (no DOM): the reachable ids in pre-order and
    those interesting in themselves. A streamed read works it out before its request
    (stream_early.py, FlatTree.ahead)."""

    order: list[str]
    reached: frozenset[str]
    interesting: frozenset[str]  # without the clickable ids, which the DOM tells


# FlatTree.ahead key: prune_interest(tree), worked out before the request came
INTEREST = "prune_interest"


# capture.derived: the read's interest, for each of its formats (also_formats) to take
READ_INTEREST = "read_prune_interest"

# FlatTree.ahead key: the tree's builder proved that its ``nodes``, in the order they were
# added, are the root's pre-order, each node in its parent's children once (the walk's
# rows: pipeline/axwalk/tree.py). The interest then takes that order as it is, where it
# walked the children lists to find it (design note 227). Read by share_interest only, on
# the tree as its format got it, before any step changes a node.
IN_PREORDER = "nodes_in_preorder"


def share_interest(tree: FlatTree, derived: dict[str, Any]) -> None:
    """One prune interest a read. The formats of one read flatten the same capture to equal
    trees, and prune reads the interest of the tree as flattened (FlatTree.ahead: a step
    that renames nodes first, flag_hidden_instructions, drops it): the first format's
    interest (built ahead, or now) is put ahead on the next ones' trees. Lives in
    ``derived``, so no longer than the read's capture."""
    in_preorder = tree.ahead.pop(IN_PREORDER, None) is True
    ahead = tree.ahead.get(INTEREST)
    if isinstance(ahead, Interest):
        derived[READ_INTEREST] = ahead
        return
    shared = derived.get(READ_INTEREST)
    if not isinstance(shared, Interest):
        shared = derived[READ_INTEREST] = prune_interest(tree, in_preorder)
    tree.ahead[INTEREST] = shared


def prune_interest(tree: FlatTree, in_preorder: bool = False) -> Interest:
    """What prune reads of the nodes alone; ``in_preorder``: the nodes as they stand are the
    root's pre-order, all reached (:data:`IN_PREORDER`), so :func:`_preorder`'s walk would
    give their order as it is."""
    nodes = tree.nodes
    order = list(nodes) if in_preorder and tree.root_id is not None else _preorder(tree)
    repeated_labels = _label_texts_naming_a_control(nodes, order)
    # One pass, top-down: the nearest named ancestor's name (to spot text that repeats it)
    # and whether each node is interesting, which reads its parent's, set just before.
    context: dict[str, str] = {}
    interesting: list[str] = []
    for nid in order:
        node = nodes[nid]
        parent = node.parent
        inherited, editable = "", False
        if parent is not None:
            found = context.get(parent) if parent else None
            if found is None:  # a parent after its child (or none): the two passes
                return _two_pass_interest(nodes, order, repeated_labels)
            inherited = found
            if node.state:  # (read by a node editable itself only; most have no state)
                editable = bool(nodes[parent].state.get("editable"))
        role = node.role
        if role in INTERACTIVE_ROLES or inherited is _ALL_SAID:
            context[nid] = _ALL_SAID  # text inside a control is its name or its value
        else:  # (_names_its_content, inline: a text run's name is never a repeat)
            said = _squash(f"{node.name} {node.value or ''}") if (
                node.name or node.value) and role not in _NO_CONTENT_NAME_ROLES else ""
            context[nid] = said or inherited
        if nid not in repeated_labels and _is_interesting(node, inherited, editable):
            interesting.append(nid)
    return Interest(order, frozenset(order), frozenset(interesting))


def _two_pass_interest(nodes: dict[str, FlatNode], order: list[str],
                       repeated_labels: set[str]) -> Interest:
    """prune_interest's exact counterpart, each node's context worked out before any is
    judged (what a parent ordered after its child reads)."""
    context: dict[str, str] = {}
    for nid in order:
        node = nodes[nid]
        parent = node.parent
        inherited = context.get(parent, "") if parent else ""
        if node.role in INTERACTIVE_ROLES or inherited is _ALL_SAID:
            context[nid] = _ALL_SAID
            continue
        said = _squash(f"{node.name} {node.value or ''}") if _names_its_content(node) else ""
        context[nid] = said or inherited
    interesting = frozenset(
        nid
        for nid in order
        if nid not in repeated_labels
        and _is_interesting(nodes[nid], *_surroundings(nodes, nid, context))
    )
    return Interest(order, frozenset(order), interesting)


def prune(
    tree: FlatTree, pruned: bool = True, clickable: frozenset[str] = frozenset()
) -> PruneResult:
    """Decide the cached nodes. ``clickable``: ids that act though their role does not say so
    (a click listener, a tab stop, a scroll container): kept too."""
    nodes = tree.nodes
    if tree.root_id is None:
        return PruneResult(root_id=None, kept={}, total=len(nodes))
    if not pruned:
        reachable = _preorder(tree)
        return PruneResult(
            root_id=tree.root_id,
            kept={nid: list(nodes[nid].children) for nid in reachable},
            total=len(nodes),
        )

    ahead = tree.ahead.pop(INTEREST, None)
    interest = ahead if isinstance(ahead, Interest) else prune_interest(tree)
    order = interest.order
    interesting = interest.interesting | interest.reached.intersection(clickable)
    # Bottom-up: a node is kept when interesting, or when it holds something kept and
    # is not a wrapper that can be collapsed.
    has_kept_below: set[str] = set()
    keep: set[str] = set()
    for nid in reversed(order):
        node = nodes[nid]
        below = nid in has_kept_below
        if nid in interesting or (below and not _collapsible(node)) or nid == tree.root_id:
            keep.add(nid)
        if (nid in keep or below) and node.parent:
            has_kept_below.add(node.parent)
    kept_children: dict[str, list[str]] = {nid: [] for nid in order if nid in keep}
    for nid in order:
        if nid not in keep or nid == tree.root_id:
            continue
        anchor = nodes[nid].parent
        while anchor is not None and anchor not in keep:
            anchor = nodes[anchor].parent
        if anchor is not None:
            kept_children[anchor].append(nid)
    return PruneResult(root_id=tree.root_id, kept=kept_children, total=len(nodes))


def _label_texts_naming_a_control(nodes: dict[str, FlatNode], order: list[str]) -> set[str]:
    """Text inside a <label> that is already the accessible name of a control next to it
    (or inside it): "Email" [textbox "Email"] says it once."""
    repeated: set[str] = set()
    for nid in order:
        label = nodes[nid]
        if label.role != "LabelText":
            continue
        near = list(label.children)
        if label.parent is not None:
            near.extend(nodes[label.parent].children)
        names = {
            _squash(nodes[c].name)
            for c in near
            if nodes[c].role in INTERACTIVE_ROLES and nodes[c].name
        }
        for child in label.children:
            node = nodes[child]
            if node.role in TEXT_ROLES and _squash(node.name) in names:
                repeated.add(child)
    return repeated


def _surroundings(
    nodes: dict[str, FlatNode], nid: str, context: dict[str, str]
) -> tuple[str, bool]:
    """(what the nearest named ancestor already says, whether the parent is editable)."""
    parent = nodes[nid].parent
    if parent is None:
        return "", False
    return context.get(parent, ""), bool(nodes[parent].state.get("editable"))


def _collapsible(node: FlatNode) -> bool:
    return node.role in _WRAPPER_ROLES and (
        not node.name.strip() or node.role in LAYOUT_TABLE_ROLES)


def _names_its_content(node: FlatNode) -> bool:
    """Whether the node's name or value (usually) repeats the text inside it."""
    return bool(node.name or node.value) and node.role not in _NO_CONTENT_NAME_ROLES


def _preorder(tree: FlatTree) -> list[str]:
    """Node ids reachable from the root, in document pre-order (iterative)."""
    if tree.root_id is None:
        return []
    nodes = tree.nodes
    order: list[str] = []
    stack = [tree.root_id]
    seen: set[str] = set()
    pop, push, see, put = stack.pop, stack.extend, seen.add, order.append
    while stack:
        nid = pop()
        if nid in seen:
            continue
        node = nodes.get(nid)
        if node is None:
            continue
        see(nid)
        put(nid)
        if node.children:  # (most nodes are leaves)
            push(reversed(node.children))
    return order


def role_tables() -> dict[str, frozenset[str]]:
    """The role tables this rule reads, by what each is to it: the walk's port of the rule
    reads them (native/contract.py PRUNE_TABLES, extension/lib/walker/src/printed_rows.js)."""
    return {
        "controls": INTERACTIVE_ROLES, "texts": TEXT_ROLES, "headings": HEADING_ROLES,
        "noise": NOISE_ROLES, "cells": CELL_ROLES, "landmarks": LANDMARK_ROLES,
        "unnamedLandmarks": _UNNAMED_LANDMARKS, "images": IMAGE_ROLES,
        "wrappers": _WRAPPER_ROLES, "contexts": CONTEXT_ROLES,
        "layoutTables": LAYOUT_TABLE_ROLES, "documents": _DOCUMENT_ROLES,
        "noContentName": _NO_CONTENT_NAME_ROLES, "namedGroups": NAMED_GROUP_ROLES,
    }
