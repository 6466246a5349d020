"""An act's capture read against elements named by the walker's own ids (``node_ids="walker"``,
design notes 144 and 148).

A whole-page DOM read named by the walker lists each element as ``{frame}-axw{walkId}``, with
no backendNodeId. The captures an act takes (before it, after it: the act's own window read)
name their records by backendNodeId, but walk in the same isolated world as the read did, so
their walker records carry the same tracked id (``w``: one element one id for its document's
life, never reused; a new world counts on above every id listed before, note 65). The pair
(frame ordinal, ``w``) → backendNodeId that such a capture's join knows is what lets an act's
report find its walker-named target among the capture's records, name the focus the same way,
and lets a kept act baseline tell whether a walker-named read lists its nodes under its
indices (act/baseline.py ``_matches``).
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.walker_merge import frame_ordinals, joined_records
from axsnap_host.pipeline.elements.walker_ids import walk_id_of, walk_key

# capture.derived's key: the map, made once per capture (a report and a baseline may ask)
_BY_WALK = "walk_names.by_walk"

WalkKey = tuple[int, int]  # (frame ordinal, the walker's id)


def backend_by_walk(capture: RawCapture) -> dict[WalkKey, int]:
    """(frame ordinal, walker id) → backendNodeId for every record of ``capture`` that has both."""
    found = capture.derived.get(_BY_WALK)
    if isinstance(found, dict):
        return found
    joined = joined_records(capture)
    ordinals = frame_ordinals(capture, joined)
    out: dict[WalkKey, int] = {}
    for j in joined:
        wid = walk_id_of(j.rec)
        if wid is not None and j.backend_node_id is not None and j.frame in ordinals:
            out[(ordinals[j.frame], wid)] = j.backend_node_id
    capture.derived[_BY_WALK] = out
    return out


def record_by_walk_id(records: list[dict[str, Any]], element_id: object,
                      capture: RawCapture | None) -> dict[str, Any] | None:
    """The record of ``records`` (named by backendNodeId, built from ``capture``) whose element
    the walker id ``element_id`` names, or None (not such an id, not in the capture)."""
    key = walk_key(element_id)
    if key is None or capture is None:
        return None
    backend = backend_by_walk(capture).get(key)
    if backend is None:
        return None
    for rec in records:
        if rec.get("backendNodeId") == backend and int(rec.get("frame") or 0) == key[0]:
            return rec
    return None


def walk_element_id(rec: dict[str, Any], capture: RawCapture | None) -> str | None:
    """``{frame}-axw{w}`` for a record named by backendNodeId, by ``capture``'s walker; None
    when the capture does not say its walker id."""
    backend = rec.get("backendNodeId")
    if backend is None or capture is None:
        return None
    frame = int(rec.get("frame") or 0)
    for (ordinal, wid), node in backend_by_walk(capture).items():
        if node == backend and ordinal == frame:
            return f"{frame}-axw{wid}"
    return None
