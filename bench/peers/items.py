"""Turn each tool's output into the list of interactive items it offers an agent.

What counts as an item is each tool's own claim: Playwright lines with an interactive role
(and, in AI mode, ``[cursor=pointer]`` lines with a ref, which is how it flags clickable
generics); every element browser-use indexes; raw CDP AX nodes, not ignored, with an
interactive role or focusable; axsnap SnapshotV1 nodes with an interactive role or
``isClickable``; every element of axsnap's DOM text; hybrid-outline lines with an
interactive role, or flagged ``clickable, <tag>``, ``editable, <tag>`` or
``focusable, <tag>`` (how the outline marks an element that acts like a control its role
does not name).
"""

from __future__ import annotations

import re
from typing import Any

from reference.model import ToolItem
from reference.scoring import INTERACTIVE_ROLES

# - role "name" [attr] [attr=value]: text      (YAML; a line may be wrapped in quotes)
_ARIA_LINE = re.compile(
    r'^\s*- (?P<role>[A-Za-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?'
    r"(?P<attrs>(?: \[[^\]]*\])*)(?::(?: (?P<rest>.*))?)?$"
)
_NOT_ELEMENT_ROLES = frozenset({"text", "img"})
_AX_SKIP_ROLES = frozenset({"rootwebarea", "webarea", "iframe", "iframepresentational"})


def _unquote_yaml(line: str) -> str:
    """``- 'link "a: b"'`` → ``- link "a: b"`` (YAML quotes keys holding ``: ``)."""
    stripped = line.lstrip()
    indent = line[: len(line) - len(stripped)]
    if stripped.startswith("- '") and stripped.rstrip().endswith("'"):
        body = stripped[3:].rstrip()[:-1].replace("''", "'")
        return f"{indent}- {body}"
    if stripped.startswith("- '") and "':" in stripped:
        body, _, rest = stripped[3:].partition("':")
        return f"{indent}- {body.replace(chr(39) * 2, chr(39))}:{rest}"
    return line


def _aria_label(match: re.Match[str]) -> str:
    """The words a line gives for its element: the quoted name, else the inline text."""
    name = (match["name"] or "").replace('\\"', '"')
    rest = (match["rest"] or "").strip()
    if name or rest.startswith("/url"):
        return name
    return rest.strip('"')


def aria_items(text: str) -> list[ToolItem]:
    """Interactive items of a Playwright aria snapshot (default or AI mode).

    An item with no name of its own (``- link [ref=e4]:`` over ``- img "Home"``, a clickable
    ``row`` over its cells) is named by the words of the lines nested under it, as a reader
    of the snapshot would.
    """
    lines = [(len(raw) - len(raw.lstrip()), _ARIA_LINE.match(_unquote_yaml(raw)))
             for raw in text.splitlines()]
    items = []
    for i, (indent, match) in enumerate(lines):
        if not match:
            continue
        role = match["role"].lower()
        if role in _NOT_ELEMENT_ROLES:
            continue
        attrs = match["attrs"] or ""
        pointer = "[cursor=pointer]" in attrs and "[ref=" in attrs
        if role not in INTERACTIVE_ROLES and not pointer:
            continue
        name = _aria_label(match)
        if not name:
            words = []
            for child_indent, child in lines[i + 1:]:
                if child_indent <= indent:
                    break
                if child:
                    words.append(_aria_label(child))
            name = " ".join(w for w in words if w)
        items.append(ToolItem(role=role, name=name))
    return items


def ax_items(nodes: list[dict[str, Any]]) -> list[ToolItem]:
    """Interactive nodes of raw CDP ``getFullAXTree`` results."""
    items = []
    for node in nodes:
        backend = node.get("backendDOMNodeId")
        if node.get("ignored") or backend is None:
            continue
        role = str((node.get("role") or {}).get("value") or "").lower()
        if role in _AX_SKIP_ROLES:
            continue
        focusable = any(p.get("name") == "focusable" and (p.get("value") or {}).get("value")
                        for p in node.get("properties") or [])
        if role in INTERACTIVE_ROLES or focusable:
            name = str((node.get("name") or {}).get("value") or "")
            items.append(ToolItem(role=role, name=name, backend_node_id=backend))
    return items


def snapshot_items(snapshot: dict[str, Any]) -> list[ToolItem]:
    """Interactive nodes of an axsnap SnapshotV1 (either encoding: node_records reads both;
    it fills domRef in from an id {frame}-{backendNodeId})."""
    from axsnap_host.models.snapshot import node_records

    items = []
    if not (snapshot.get("ax_tree") or {}).get("nodes"):
        return items
    for record in node_records(snapshot):
        role = str(record["role"]).lower()
        if role in INTERACTIVE_ROLES or record.get("isClickable"):
            backend = (record.get("domRef") or {}).get("backendNodeId")
            items.append(ToolItem(role=role, name=str(record["name"]),
                                  backend_node_id=backend))
    return items


# [0-29] button: Click Me    ([frameOrdinal-backendNodeId] role: name; ids may be 0-ax12)
# [0-12] role: name   — compact lines add ` = "value"` and ` [state, ...]`, left out here
_OUTLINE_LINE = re.compile(r"^\s*\[(?P<frame>\d+)-(?P<node>ax)?(?P<id>\d+)\] "
                           r"(?P<role>[^:\[=]+?)(?:: (?P<name>.*?))?"
                           r'(?: = "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])?$')

_ACTING_FLAGS = frozenset({"clickable", "editable", "focusable"})


def outline_items(text: str) -> list[ToolItem]:
    """Interactive lines of axsnap's hybrid outline, full or compact (a <select> shows as
    ``select``)."""
    items = []
    for line in text.splitlines():
        match = _OUTLINE_LINE.match(line)
        if not match:
            continue
        role = match["role"].lower()
        role = "combobox" if role == "select" else role
        flags, _, role = role.rpartition(", ")
        if role not in INTERACTIVE_ROLES and not _ACTING_FLAGS & set(flags.split(", ")):
            continue
        backend = None if match["node"] else int(match["id"])
        items.append(ToolItem(role=role, name=match["name"] or "", backend_node_id=backend))
    return items


def element_backend_id(element: dict[str, Any]) -> int | None:
    for key in ("backendNodeId", "backend_node_id", "backendDOMNodeId"):
        if isinstance(element.get(key), int):
            return element[key]
    ref = element.get("domRef") or element.get("locators") or {}
    value = ref.get("backendNodeId") if isinstance(ref, dict) else None
    return value if isinstance(value, int) else None


def dom_items(elements: list[dict[str, Any]]) -> list[ToolItem]:
    """Elements of axsnap's DOM text (the structured twin of its indexed lines)."""
    return [ToolItem(role=str(e.get("role") or e.get("tag") or ""),
                     name=str(e.get("name") or e.get("text") or ""),
                     backend_node_id=element_backend_id(e)) for e in elements]


def id_items(backend_ids: list[int]) -> list[ToolItem]:
    """Items known only by node id (browser-use's selector map)."""
    return [ToolItem(role="", backend_node_id=i) for i in backend_ids]
