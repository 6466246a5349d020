"""Render the hybrid outline: one line per kept AX node, ``[0-29] button: Click Me``.

Lines are indented two spaces per level; a child frame's nodes sit under its <iframe>
line (the AX flattening already stitched them there). Roles are decorated with what an
agent needs to tell wrappers apart: a generic node shows its tag (``div``), a scrollable
element ``scrollable, <tag>``, a <select> ``select``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from ..pipeline.axtree import FlatNode

INDENT = "  "
_SPACES = re.compile(r"\s+")
GENERIC_ROLES = frozenset({"generic", "none", "presentation"})


def clean_text(text: str) -> str:
    """Drop invisible (format, control) and private-use characters; collapse whitespace.

    Private-use characters are icon-font glyphs (Font Awesome, Material Icons): they render
    as pictures and read as noise.
    """
    if not text:
        return ""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
            continue
        category = unicodedata.category(char)
        if category in ("Cf", "Co", "Cc", "Cs"):
            continue
        kept.append(char)
    return _SPACES.sub(" ", "".join(kept)).strip()


def decorated_role(role: str, tag: str, scrollable: bool) -> str:
    """The role as the outline shows it."""
    if tag == "select":
        shown = "select"
    elif role in GENERIC_ROLES and tag:
        shown = tag
    else:
        shown = role
    if scrollable:
        return f"scrollable, {tag or shown}"
    return shown


def outline_line(node: FlatNode, role: str) -> str:
    name = clean_text(node.name)
    return f"[{node.id}] {role}: {name}" if name else f"[{node.id}] {role}"


def render_lines(
    root_id: str | None,
    kept: dict[str, list[str]],
    nodes: dict[str, FlatNode],
    role_of: Callable[[FlatNode], str],
    included: Callable[[str], bool] | None = None,
) -> list[str]:
    """Pre-order lines of the kept tree from ``root_id``.

    ``included`` restricts the output to a subtree (focus): a node is printed when it is
    included, indented by its number of printed ancestors.
    """
    if root_id is None or root_id not in kept:
        return []
    lines: list[str] = []
    stack: list[tuple[str, int]] = [(root_id, 0)]
    while stack:
        nid, depth = stack.pop()
        node = nodes[nid]
        shown = included is None or included(nid)
        if shown:
            lines.append(f"{INDENT * depth}{outline_line(node, role_of(node))}")
        child_depth = depth + 1 if shown else depth
        stack.extend((child, child_depth) for child in reversed(kept.get(nid, ())))
    return lines
