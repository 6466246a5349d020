"""What the walk tree reads of one walker run: its rows and what the walker and the worker
wrote beside them (pipeline/axwalk/tree.py adds a run's rows with them)."""

from __future__ import annotations

from typing import Any, NamedTuple

from axsnap_host.pipeline.axwalk.custom import date_parts, popup_ids, row_roles
from axsnap_host.pipeline.axwalk.hiding import row_hiding


class RunParts(NamedTuple):
    rows: list[Any]  # axt.rows
    joins: dict[int, str]  # row → its seam to the text run before it (axt.joins)
    row_ids: list[Any]  # the backendNodeIds of the rows that name a node (axt.b)
    hides: dict[int, Any]  # row → its hiding facts (axt.h, hiding.py)
    roles: dict[int, tuple[str, str]]  # row → Chromium's role and name (axt.ce, custom.py)
    popups: dict[int, int]  # row → its popup's backendNodeId (axt.pp)
    parts: dict[int, list[Any]]  # row → its field's parts in the browser's shadow DOM (axt.dt)


def run_parts(run: dict[str, Any]) -> RunParts:
    axt = run.get("axt") or {}
    rows = axt.get("rows")
    ids = axt.get("b")
    return RunParts(rows if isinstance(rows, list) else [], _joins(axt),
                    ids if isinstance(ids, list) else [], row_hiding(run), row_roles(run),
                    popup_ids(run), date_parts(run))


def _joins(axt: dict[str, Any]) -> dict[int, str]:
    """Row → the seam (" " or "") of a text row that goes on the run before it (axt.joins:
    ``row * 2 + spaced``)."""
    joins = axt.get("joins")
    if not isinstance(joins, list):
        return {}
    return {v >> 1: " " if v & 1 else "" for v in joins if type(v) is int and v >= 0}
