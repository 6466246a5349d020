"""Nodes of a whole-page read from the walk that only Chromium's tree names.

An element's ElementInternals can give it a role and a name no page script reads, so the
walker writes a defined custom element without a role attribute as a generic row; the worker
asks Chromium's tree for those nodes alone and hands on the ones it gives a role
(``axt.ce``: ``[row, role, name]``, extension/lib/walker/walker_custom_roles.js). The walk
tree writes those rows with Chromium's role and name (pipeline/axwalk/tree.py). A
``<select>``'s popup is a node of its user-agent shadow DOM: the worker asks its id too
(``axt.pp``: ``[row, backendNodeId]``), which the row takes as its node's.
"""

from __future__ import annotations

from typing import Any


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


def chromium_named(run: dict[str, Any]) -> tuple[dict[int, tuple[str, str]], dict[int, int]]:
    """:func:`row_roles` and :func:`popup_ids` of a run."""
    return row_roles(run), popup_ids(run)
