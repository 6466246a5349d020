"""Render the hybrid outline: one line per kept AX node, ``[0-29] button: Click Me``.

Lines are indented two spaces per level; a child frame's nodes sit under its <iframe>
line (the AX flattening already stitched them there). Roles are decorated with what an
agent needs to tell wrappers apart: a generic node (or a layout table's part) shows its tag
(``div``, ``tr``), a <select> ``select``; what the role does not say is put before it: a
scrollable element ``scrollable, <tag>``, an element that is no control by role but acts
like one ``clickable, span`` (a click listener), ``editable, div`` (contenteditable) or
``focusable, div`` (``tabindex`` ≥ 0); ``multiline, textbox`` is a textarea and
``haspopup, menuitem`` opens a submenu (or a listbox, a dialog).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from axsnap_host.pipeline.ax.tree import FlatNode
    from axsnap_host.pipeline.outline.lines import OutlineLine

INDENT = "  "
# Indentation stops growing here: deeper lines carry their depth as ``»N `` after the
# widest indent, so an 8,000-level tree is not 64 MB of spaces (output linear in depth).
MAX_INDENT_LEVELS = 32
DEEP_MARK = "»"
_DEEP_PREFIX = re.compile(rf"^((?:{INDENT})*){DEEP_MARK}(\d+) ")
_SPACES = re.compile(r"\s+")
GENERIC_ROLES = frozenset({"generic", "none", "presentation"})
# Roles shown as their element's tag: they say nothing of their own.
_TAG_ROLES = GENERIC_ROLES | {"LayoutTable", "LayoutTableRow", "LayoutTableCell"}


def decorated_role(role: str, tag: str, scrollable: bool, acts: str = "",
                   kinds: tuple[str, ...] = ()) -> str:
    """The role as the outline shows it. ``acts``: ``clickable``, ``editable`` or
    ``focusable`` when the node acts like a control that its role does not name; ``kinds``:
    what else the role does not say (``multiline`` for a textarea, ``haspopup`` for a menu
    item that opens a submenu)."""
    if tag == "select":
        shown = "select"
    elif role in _TAG_ROLES and tag:
        shown = tag
    else:
        shown = role
    if scrollable:
        shown = tag or shown
    elif not acts and not kinds:
        return shown  # (most lines: nothing to put before it)
    flags = [flag for flag, on in (("scrollable", scrollable), (acts, bool(acts))) if on]
    flags.extend(kinds)
    return ", ".join([*flags, shown])


def role_kinds(node: FlatNode, tag: str, with_states: bool) -> tuple[str, ...]:
    """What a control's role leaves unsaid: a multi-line text field, a popup opener (a
    <select> says so by itself); ``with_states`` (lines without states): covered."""
    if not node.state:
        return ()  # (most nodes: all three are states)
    kinds = []
    if with_states and node.state.get("covered"):
        kinds.append("covered")
    if node.state.get("multiline") is True:
        kinds.append("multiline")
    if node.state.get("haspopup") and tag != "select" and node.role not in ("combobox",
                                                                              "PopUpButton"):
        kinds.append("haspopup")
    return tuple(kinds)


def line_text(line: OutlineLine, detail: bool) -> str:
    """One record as text, without indent: ``[0-29] button: Click Me``; ``detail`` adds
    the value and state (compact mode): ``[0-31] textbox: Email = "a@b.c" [focused]``;
    a line without ref (``line.ref`` false) drops the ``[id]``."""
    if line.is_marker:
        return line.text
    if detail and line.role == "text" and not line.ref and line.name:
        return json.dumps(line.name, ensure_ascii=False)  # compact text: a quoted string
    head = f"[{line.key}] {line.role}" if line.ref else line.role
    text = f"{head}: {line.name}" if line.name else head
    if detail:
        if line.value is not None:
            text += " = " + json.dumps(line.value, ensure_ascii=False)
        if line.state:
            text += " [" + ", ".join(line.state) + "]"
    return text


def indent(depth: int) -> str:
    """The prefix of a line at ``depth``: two spaces a level up to MAX_INDENT_LEVELS, then
    the widest indent and ``»depth `` (its size grows with the digits, not the depth)."""
    if depth <= MAX_INDENT_LEVELS:
        return INDENT * depth
    return f"{INDENT * MAX_INDENT_LEVELS}{DEEP_MARK}{depth} "


def split_indent(line: str) -> tuple[int, str]:
    """``(depth, text)`` of an indented outline line: the inverse of ``indent``."""
    deep = _DEEP_PREFIX.match(line)
    if deep and len(deep.group(1)) == len(INDENT) * MAX_INDENT_LEVELS:
        return int(deep.group(2)), line[deep.end():]
    text = line.lstrip(" ")
    return (len(line) - len(text)) // len(INDENT), text


def join_lines(lines: list[OutlineLine]) -> str:
    """The outline text of rendered records (``line.text`` set), indented by depth."""
    return "\n".join(f"{indent(line.depth)}{line.text}" for line in lines)
