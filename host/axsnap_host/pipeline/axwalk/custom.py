"""Nodes of a whole-page read from the walk that only Chromium's tree names.

An element's ElementInternals can give it a role and a name no page script reads, so the
walker writes a defined custom element without a role attribute as a generic row; the worker
asks Chromium's tree for those nodes alone and hands on the ones it gives a role
(``axt.ce``: ``[row, role, name]``, extension/lib/walker/walker_custom_roles.js). The walk
tree writes those rows with Chromium's role and name (pipeline/axwalk/tree.py). A
``<select>``'s popup is a node of its user-agent shadow DOM: the worker asks its id too
(``axt.pp``: ``[row, backendNodeId]``), which the row takes as its node's; so are the parts
of a date or time field (its spinbuttons and picker button, ``axt.dt``), which the walk tree
hangs under the field's node.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.pipeline.ax.rows import node_fields


def row_roles(run: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """Row → (role, name) Chromium gave it, from a walker run's ``axt.ce`` (a list of row
    numbers alone, the walker's before the worker asked, says nothing)."""
    found = (run.get("axt") or {}).get("ce")
    out: dict[int, tuple[str, str]] = {}
    if not isinstance(found, list):
        return out
    for entry in found:
        if isinstance(entry, list) and len(entry) == 3 and type(entry[0]) is int \
                and isinstance(entry[1], str) and entry[1] and isinstance(entry[2], str):
            out[entry[0]] = (entry[1], entry[2])
    return out


def popup_ids(run: dict[str, Any]) -> dict[int, int]:
    """Row → the backendNodeId Chromium names a ``<select>``'s popup by (``axt.pp``; the
    walker's own list of row numbers says nothing)."""
    found = (run.get("axt") or {}).get("pp")
    if not isinstance(found, list):
        return {}
    return {entry[0]: entry[1] for entry in found if isinstance(entry, list) and len(entry) == 2
            and type(entry[0]) is int and type(entry[1]) is int and entry[1] > 0}


# one part of a field: (its parent: an index among the parts, -1 for the field), role, name,
# value, state, backendNodeId
Part = tuple[int, str, str, "str | None", dict[str, Any], int]


def date_parts(run: dict[str, Any]) -> dict[int, list[Part]]:
    """Row → the parts of its date or time field, in pre-order (``axt.dt``: ``[row, [[parent,
    role, {name, value, properties}, backendNodeId], ...]]``, walker_custom_roles.js), their
    name, value and state read as a node of Chromium's tree is (``node_fields``)."""
    found = (run.get("axt") or {}).get("dt")
    out: dict[int, list[Part]] = {}
    for entry in found if isinstance(found, list) else ():
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and isinstance(entry[1], list)):
            continue
        parts: list[Part] = []
        for part in entry[1]:
            if not (isinstance(part, list) and len(part) == 4 and type(part[0]) is int
                    and -1 <= part[0] < len(parts) and isinstance(part[1], str) and part[1]
                    and isinstance(part[2], dict) and type(part[3]) is int and part[3] > 0):
                break  # (a parent always comes before its parts)
            name, value, state = node_fields(part[2])
            parts.append((part[0], part[1], name, value, state, part[3]))
        if parts:
            out[entry[0]] = parts
    return out
