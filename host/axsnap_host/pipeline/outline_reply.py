"""Finish an outline reply: its snapshot id, hash and size, and the delta when asked.

Every outline reply names itself (``snapshot_id``, ``hash``) and is kept, per tab, as the
base of the next delta with the same options (pipeline/snapcache.py). With
``compression: "delta"`` the reply carries ``delta`` instead of the snapshot parts when a
base exists for the same URL and options and less than ``delta_max_change`` of the lines
changed; otherwise it is the full snapshot with ``delta: {applied: false, reason}``.
``size`` is what the model reads: the outline text, or the delta's text.
"""

from __future__ import annotations

from typing import Any

from ..models.options import SnapshotOptions
from .delta import (
    SNAPSHOT_PARTS,
    LineInfo,
    Snapshot,
    diff,
    snapshot_hash,
    snapshot_parts,
    split_lines,
)
from .outline_lines import OutlineLine
from .snapcache import options_key
from .state import TabState
from .tokens import size_of

AX_CHANNEL = "ax"


def finish_outline(
    result: dict[str, Any],
    lines: list[OutlineLine],
    options: SnapshotOptions,
    state: TabState,
    url: str,
    snapshot_id: str | None = None,
) -> dict[str, Any]:
    """Add ``snapshot_id``, ``hash``, ``size`` (and ``delta``) to an outline result, in
    place; keep the snapshot as the tab's next base."""
    snapshot = snapshot_of(result, lines, snapshot_id, state.snapshots_served)
    result["snapshot_id"] = snapshot.snapshot_id
    result["hash"] = snapshot.hash
    full_size = size_of(result.get("combinedTree") or "")
    key = options_key(AX_CHANNEL, options)
    if options.compression == "delta":
        result["delta"] = _delta(result, snapshot, state, key, url, options, full_size)
    result.setdefault("size", full_size)
    state.snapshots.put(key, url, snapshot)
    return result


def snapshot_of(result: dict[str, Any], lines: list[OutlineLine], snapshot_id: str | None,
                serial: int = 0) -> Snapshot:
    """The snapshot a delta is computed on: the result's parts and its lines' keys and
    fields. Its id defaults to ``ax-<serial>-<hash prefix>``: the same reply, the same id."""
    digest = snapshot_hash(result)
    return Snapshot(
        snapshot_id=snapshot_id or f"{AX_CHANNEL}-{serial}-{digest[7:19]}", hash=digest,
        parts=snapshot_parts(result), lines=split_lines(result.get("combinedTree") or ""),
        info=[LineInfo(line.key, line.name, line.value, line.state, line.ref) for line in lines],
    )


def _delta(result: dict[str, Any], snapshot: Snapshot, state: TabState, key: str, url: str,
           options: SnapshotOptions, full_size: dict[str, int]) -> dict[str, Any]:
    lookup = state.snapshots.find(key, url)
    if lookup.base is None:
        return {"applied": False, "reason": lookup.reason}
    delta = diff(lookup.base, snapshot)
    if delta["changed_fraction"] > options.delta_max_change:
        return {"applied": False, "reason": "large_change",
                "base_snapshot_id": lookup.base.snapshot_id,
                "changed_fraction": delta["changed_fraction"],
                "delta_max_change": options.delta_max_change}
    if not delta["changes"] and not delta.get("maps") and not delta.get("replace"):
        delta["text"] = f"no changes since {lookup.base.snapshot_id}"
    for part in SNAPSHOT_PARTS:
        result.pop(part, None)
    result["size"] = size_of(delta["text"])
    return {"applied": True, **delta, "size": result["size"], "full_size": full_size}
