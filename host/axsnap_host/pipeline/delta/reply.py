"""Finish an outline or DOM text reply: its snapshot id, hash and size, and the delta.

Every outline and DOM reply names itself (``snapshot_id``, ``hash``) and is kept, per tab
and channel, as the base of the next delta with the same options (pipeline/snapcache.py:
``ax`` for the outline, ``dom`` for DOM text, so one never stands for the other). With
``compression: "delta"`` the reply carries ``delta`` instead of the snapshot parts when a
base exists for the same URL and options and less than ``delta_max_change`` of the lines
changed; otherwise it is the full snapshot with ``delta: {applied: false, reason}``.
``size`` is what the model reads: the text (outline or DOM text), or the delta's text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.delta.cache import options_key
from axsnap_host.pipeline.delta.diff import (
    ALL_PARTS,
    LineInfo,
    Snapshot,
    diff,
    snapshot_hash,
    snapshot_parts,
    split_lines,
)
from axsnap_host.pipeline.outline.lines import OutlineLine
from axsnap_host.pipeline.tokens import size_of

if TYPE_CHECKING:
    from axsnap_host.pipeline.state import TabState

AX_CHANNEL = "ax"
DOM_CHANNEL = "dom"
# Options that change what DOM text and its elements say.
DOM_SHAPE_OPTIONS = ("format", "redact", "viewport_only", "viewport_expand_px")


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
    return _finish(result, snapshot, "combinedTree", options_key(AX_CHANNEL, options),
                   options, state, url)


def finish_dom(
    result: dict[str, Any],
    options: SnapshotOptions,
    state: TabState,
    url: str,
    snapshot_id: str | None = None,
    parts_as_is: bool = False,
) -> dict[str, Any]:
    """The same for a DOM result (``domtext`` and ``elements``): lines are keyed by element
    index, header lines by their label, when a delta reads them (line_keys.py).
    ``parts_as_is``: its parts were found plain as they are for the hash (pipeline/caps.py
    ``cap_strings_plain``)."""
    text = result.get("domtext") or ""
    digest = snapshot_hash(result, parts_as_is)
    lines = split_lines(text)
    snapshot = Snapshot(
        snapshot_id=snapshot_id or f"{DOM_CHANNEL}-{state.snapshots_served}-{digest[7:19]}",
        hash=digest, parts=snapshot_parts(result), lines=lines, info=None)  # (keyed when read)
    key = options_key(DOM_CHANNEL, options, DOM_SHAPE_OPTIONS)
    return _finish(result, snapshot, "domtext", key, options, state, url)


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


def _finish(result: dict[str, Any], snapshot: Snapshot, text: str, key: str,
            options: SnapshotOptions, state: TabState, url: str) -> dict[str, Any]:
    result["snapshot_id"] = snapshot.snapshot_id
    result["hash"] = snapshot.hash
    # memoized by pieces of a thousand lines: a re-read counts the pieces that changed
    full_size = size_of(result.get(text) or "", memo=True, lines=True)
    if options.compression == "delta":
        result["delta"] = _delta(result, snapshot, state, key, url, options, full_size)
    result.setdefault("size", full_size)
    state.snapshots.put(key, url, snapshot)
    return result


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
    if not delta["changes"]:
        base_id = lookup.base.snapshot_id
        updated = [part for part in ("maps", "frames", "focus", "elements") if delta.get(part)]
        delta["text"] = (f"no changes in the text since {base_id}; updated: {', '.join(updated)}"
                         if updated else f"no changes since {base_id}")
    for part in ALL_PARTS:
        result.pop(part, None)
    result["size"] = size_of(delta["text"])
    return {"applied": True, **delta, "size": result["size"], "full_size": full_size}
