"""An element named by the walker's own id (``node_ids="walker"``, design note 144).

A whole-page DOM read from the walk (``viewport_only=False``, ``dom_source="walk"``) normally
learns each listed record's backendNodeId: Chromium deep-serializes every such element,
~40 µs each, most of the read's time past the walk. With ``node_ids="walker"`` the extension
takes none but the records that place a frame, and each element record carries instead
``walkId``: the id the walker's isolated world gave its element (a counter kept for the
document's life, one element one id, never reused: extension/lib/walker/src/records.js
``trackedId``; a new document's world counts on above every id listed before, design note
65). Its element id is ``{frame}-axw{walkId}``, the id a node of a whole-page read from the
walk without a backendNodeId already has (design note 64): an action naming it, or the
record's index, is found again through that world (extension/lib/walker/walker_ax_nodes.js),
and an element gone from the page answers ``stale_element``.
"""

from __future__ import annotations

import re
from typing import Any

from axsnap_host.models.walker_wire import LISTED_FIELD

# {frame}-axw{w}: an element (or a node with no backendNodeId) named by the walker's id
WALK_ELEMENT_ID = re.compile(r"^(\d{1,4})-axw(\d{1,12})$")


def walk_id_of(rec: dict[str, Any]) -> int | None:
    """The walker's id of a walker record's element (its ``w``), or None (no tracking)."""
    wid = rec.get("w")
    return wid if type(wid) is int and wid > 0 else None


def record_element_id(rec: dict[str, Any]) -> str | None:
    """The element id of a DOM element record: ``{frame}-{backendNodeId}``, or for a record
    named by the walker's id ``{frame}-axw{walkId}``; None when it has neither."""
    frame = int(rec.get("frame") or 0)
    backend = rec.get("backendNodeId")
    if backend is not None:
        return f"{frame}-{backend}"
    wid = rec.get("walkId")
    return f"{frame}-axw{wid}" if type(wid) is int else None


def walk_key(element_id: object) -> tuple[int, int] | None:
    """(frame, walker id) of an element id ``{frame}-axw{walkId}``; None for any other id."""
    match = WALK_ELEMENT_ID.match(element_id) if isinstance(element_id, str) else None
    return (int(match.group(1)), int(match.group(2))) if match else None


def by_walk_id(records: list[dict[str, Any]] | None, frame: int,
               wid: int) -> dict[str, Any] | None:
    """The record of ``records`` named ``{frame}-axw{wid}``, or None."""
    for rec in records or ():
        if rec.get("walkId") == wid and int(rec.get("frame") or 0) == frame:
            return rec
    return None


# capture.derived: a whole-page SnapshotV1 or outline named by the walker's ids (node_ids
# "walker", design note 154): no record's backendNodeId was taken but those that place a
# frame, and no row's. Set by the pipeline (run.py) before the read's join is made.
WALKER_NAMED = "walker_named"
# A record of such a read the walker listed (listed_of) has no backendNodeId; the DOM facts
# (WindowIndex), the secrets' decisions, prune's clickable set, fill and covered are keyed by
# (frameId, backendNodeId), so the join gives it this stand-in key, below every real one (negative:
# never sent to Chromium, and no id of the tree spells it: tree.py names the node by ``w``).
_WALK_KEY_BASE = 1 << 40


def walk_node_key(w: int) -> int:
    """The stand-in key of a record whose element the walker tracks as ``w``."""
    return -(_WALK_KEY_BASE + w)


def is_walk_node_key(key: object) -> bool:
    """Whether ``key`` is a :func:`walk_node_key`, not a backendNodeId."""
    return type(key) is int and key < 0


def keeps_backend_id(rec: dict[str, Any]) -> bool:
    """Whether a listed record of a read named by the walker's ids is keyed (and its node's
    ``domRef`` said) by its backendNodeId: one that places a frame (a document's root, an
    iframe) or that a click listener marked (``k``), the records whose ids the read learns
    whichever way its listener step went. The others' ids are taken only when the listener
    nodes are many (extension/lib/walker/walker_ids_listable.js walkerIdsWant): left for
    their stand-in key, the output is the same either way (design note 167)."""
    return bool(rec.get("k")) or rec.get("p") == -1 or rec.get(DOCUMENT_ROOT) == 1 \
        or rec.get("s") == "html" or "fr" in rec or rec.get("xo") == 1


# a stitched frame's root record (its ``p`` made its <iframe>'s index): it places a frame
DOCUMENT_ROOT = "_root"


def listed_of(run: dict[str, Any]) -> list[int]:
    """The indices of the records a walker run listed: those it names by a stand-in key in a
    read named by its ids (the run's ``listed``, models/walker_wire.py LISTED_FIELD, checked
    at intake; extension/lib/walker/src/listable.js is the rule). None sent: none."""
    listed = run.get(LISTED_FIELD)
    return listed if type(listed) is list else []
