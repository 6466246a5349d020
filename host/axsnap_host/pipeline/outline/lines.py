"""The outline as line records: one per shown AX node, with what later steps need.

Compact, filter, depth (pipeline/compact.py), the token budget (pipeline/budget.py) and
delta (pipeline/delta.py) work on these records; render/outline.py turns one into text.
A record's ``kind`` says what the node is to an agent:

- ``interactive``: a control (interactive role, DOM click listener, scroll container,
  editing host), always with its ref;
- ``heading``, ``image`` (named), ``cell`` (named table cell): content with a ref;
- ``text``: static text (a text node has no element, so no XPath: its id is no handle);
- ``document``: a frame's root or an <iframe>;
- ``container``: a named landmark, region, group, form, dialog...;
- ``structure``: an unnamed list, row, paragraph, label or wrapper;
- ``decorative``: list markers, unnamed images, punctuation-only text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from axsnap_host.pipeline.ax.prune import (
    CELL_ROLES,
    HEADING_ROLES,
    IMAGE_ROLES,
    INTERACTIVE_ROLES,
    TEXT_ROLES,
)
from axsnap_host.pipeline.ax.tree import FlatNode
from axsnap_host.pipeline.redaction import EMPTY, FILLED
from axsnap_host.pipeline.text_clean import clean_text

DOCUMENT_ROLES = frozenset({"RootWebArea", "WebArea", "Iframe", "IframePresentational"})
DECORATIVE_ROLES = frozenset({"ListMarker", "LineBreak", "separator", "Splitter"})
# Chromium spells some input roles in more than one case ("Date", "date").
_INTERACTIVE_FOLDED = frozenset(role.casefold() for role in INTERACTIVE_ROLES)
# Interactive roles that are only a container of the real controls (a <select>'s popup).
_CONTROL_WRAPPERS = frozenset({"MenuListPopup"})
# States that say something about a control; shown in compact lines, diffed by delta.
SHOWN_STATES = ("checked", "pressed", "selected", "current", "expanded", "collapsed",
                "disabled", "focused", "filled", "required", "invalid", "readonly", "busy",
                "modal", "covered", "context")
_SILENT_ON_DOCUMENTS = frozenset({"focused", "busy", "readonly"})
_PUNCTUATION = re.compile(r"^[\W_]{0,3}$")
MAX_VALUE = 200


@dataclass(slots=True)
class OutlineLine:
    key: str  # the node id; markers get keys no node id can have
    depth: int
    role: str  # as shown (decorated)
    name: str  # cleaned
    kind: str
    value: str | None = None  # cleaned, already redacted
    state: tuple[str, ...] = ()  # SHOWN_STATES present, in that order ("checked=mixed")
    parent: int = -1  # index of the parent line, -1 for a top line
    ref: bool = True  # the text shows the id
    onscreen: bool = True
    text: str = ""  # rendered, without indent (render/outline.py)
    elided: int = 0  # markers: how many lines they stand for
    joined: tuple[str, ...] = ()  # compact: keys of the lines whose text this line carries

    @property
    def is_marker(self) -> bool:
        return self.key.startswith("…")


def node_kind(node: FlatNode, role: str, interactive: bool, name: str | None = None) -> str:
    """The line kind of a node (see the module docstring); ``name``: its name cleaned
    (``clean_text(node.name)``), when the caller has it already."""
    raw = node.role
    if raw in _CONTROL_WRAPPERS:
        return "structure"
    if interactive or raw in INTERACTIVE_ROLES or raw.casefold() in _INTERACTIVE_FOLDED:
        return "interactive"
    if raw in DOCUMENT_ROLES:
        return "document"
    if raw in HEADING_ROLES:
        return "heading"
    name = clean_text(node.name) if name is None else name
    if raw in DECORATIVE_ROLES:
        return "decorative"
    if raw in TEXT_ROLES:  # a masked value as text says no more than the field's state
        return "decorative" if _PUNCTUATION.match(name) or name in (FILLED, EMPTY) else "text"
    if raw in IMAGE_ROLES:
        return "image" if name else "decorative"
    if raw in CELL_ROLES:
        return "cell" if name else "structure"
    return "container" if name else "structure"


def node_state(node: FlatNode, collapsed: bool) -> tuple[str, ...]:
    """SHOWN_STATES of a node, as shown: ``checked``, ``checked=mixed``, ``invalid=spelling``.

    ``collapsed`` is ``expanded: false``; ``filled`` a redacted field that holds something
    (its masked value is not shown: the state says all there is to say)."""
    state = node.state
    if not state and not collapsed and node.value != FILLED:
        return ()  # (most nodes: no state, nothing derived)
    out: list[str] = []
    document = node.role in DOCUMENT_ROLES
    derived = {"collapsed": collapsed, "filled": node.value == FILLED}
    for name in SHOWN_STATES:
        if document and name in _SILENT_ON_DOCUMENTS:
            continue
        value = derived[name] if name in derived else state.get(name)
        if name == "checked" and value is False:
            out.append("unchecked")  # the element model's: a switch that is off
            continue
        if value is None or value is False:
            continue
        if value is True or value == "true":
            out.append(name)
        else:
            out.append(f"{name}={clean_text(str(value))[:40]}")
    return tuple(out)


def node_value(node: FlatNode, name: str) -> str | None:
    """A value worth showing: not empty, not a repeat of the name; cut at MAX_VALUE."""
    if node.value is None or node.value in (FILLED, EMPTY) or node.role in DOCUMENT_ROLES:
        return None
    value = clean_text(node.value)
    if not value or value == name:
        return None
    return value if len(value) <= MAX_VALUE else value[:MAX_VALUE] + "…"


def build_lines(
    root_id: str | None,
    kept: dict[str, list[str]],
    nodes: dict[str, FlatNode],
    role_of: Callable[[FlatNode], str],
    interactive: Callable[[FlatNode], bool],
    collapsed: Callable[[FlatNode], bool],
    included: Callable[[str], bool] | None = None,
) -> list[OutlineLine]:
    """Pre-order line records of the cached tree from ``root_id``.

    ``included`` restricts them to a subtree (focus): a node is a line when it is
    included, at the depth of its number of included ancestors.
    """
    if root_id is None or root_id not in kept:
        return []
    lines: list[OutlineLine] = []
    stack: list[tuple[str, int, int]] = [(root_id, 0, -1)]
    while stack:
        nid, depth, parent = stack.pop()
        node = nodes[nid]
        shown = included is None or included(nid)
        here = parent
        if shown:
            role = role_of(node)
            name = clean_text(node.name)
            kind = node_kind(node, role, interactive(node), name)
            # a closed <select> is always collapsed: saying so is noise
            folded = kind == "interactive" and role != "select" and collapsed(node)
            lines.append(OutlineLine(
                key=nid, depth=depth, role=role, name=name, kind=kind,
                value=node_value(node, name), parent=parent, state=node_state(node, folded),
            ))
            here = len(lines) - 1
        child_depth = depth + 1 if shown else depth
        stack.extend((child, child_depth, here) for child in reversed(kept.get(nid, ())))
    return lines


def window_lines(walker: dict[str, Any] | None) -> list[OutlineLine]:
    """A window read's notes of what lies outside it, as DOM text says them: the boxes the
    walk left above and below the window (its stats), so a reader knows to scroll or to read
    the whole page (issue 30). Whole-page reads walk everything: no note."""
    stats = (walker or {}).get("stats") or {}
    notes = []
    if above := int(stats.get("above") or 0):
        notes.append(("…above", f"… {above} more boxes above the window"))
    if below := int(stats.get("below") or 0):
        notes.append(("…below", f"… {below} more boxes below the window "
                                "(scroll, or read with scope=\"page\")"))
    return [OutlineLine(key=key, depth=0, role="", name="", kind="marker", ref=False, text=text)
            for key, text in notes]
