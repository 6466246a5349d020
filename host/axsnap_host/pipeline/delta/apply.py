"""Rebuild the full result a delta reply stands for (what clients do with a delta)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from axsnap_host.pipeline.delta.diff import (
    MAP_PARTS,
    DeltaError,
    snapshot_hash,
    split_lines,
    text_part,
)


def apply_edits(lines: Sequence[str], edits: Sequence[Sequence[Any]]) -> list[str]:
    """The lines after positional ``edits`` (``[start, delete_count, new_lines]``)."""
    out: list[str] = []
    position = 0
    for start, count, new in edits:
        if start < position or start + count > len(lines):
            raise DeltaError(f"edit [{start}, {count}] does not fit {len(lines)} lines")
        out.extend(lines[position:start])
        out.extend(new)
        position = start + count
    out.extend(lines[position:])
    return out


def apply_delta(base: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The full result (outline or DOM text) a delta reply stands for.

    ``base``: the result the delta names (``snapshot_id``), full or itself
    materialized; ``delta``: the delta reply's result (with ``delta.applied`` true), or its
    ``delta`` object. A fallback reply (``applied`` false) is already full and is returned
    as is. Raises :class:`DeltaError` when the base is not the delta's base or the result
    does not hash to the delta's ``hash``.
    """
    body = delta.get("delta") if "delta" in delta else delta
    if not isinstance(body, dict):
        raise DeltaError("no delta in this result")
    if body.get("applied") is False:
        return dict(delta)
    base_hash = base.get("hash") or snapshot_hash(base)
    if base_hash != body.get("base_hash"):
        raise DeltaError(f"the delta applies to {body.get('base_snapshot_id')} "
                         f"({body.get('base_hash')}), not to {base.get('snapshot_id')}")
    full = {key: value for key, value in delta.items() if key != "delta"}
    text = text_part(base)
    lines = apply_edits(split_lines(base.get(text) or ""), body.get("edits") or [])
    full[text] = "\n".join(lines)
    if text == "domtext":
        full["elements"] = apply_elements_patch(base.get("elements") or [], body.get("elements"))
        return checked_result(full, body)
    for part in MAP_PARTS:
        merged = dict(base.get(part) or {})
        patch = (body.get("maps") or {}).get(part) or {}
        for key in patch.get("remove") or ():
            merged.pop(key, None)
        merged.update(patch.get("set") or {})
        full[part] = merged
    frames = list(base.get("frames") or [])
    patch = body.get("frames")
    if isinstance(patch, dict):
        frames = (frames + [None] * patch["length"])[:patch["length"]]
        for index, frame in (patch.get("set") or {}).items():
            frames[int(index)] = frame
    if frames or "frames" in base:
        full["frames"] = frames
    focus = body["focus"]["value"] if isinstance(body.get("focus"), dict) else base.get("focus")
    if focus is None:
        full.pop("focus", None)
    else:
        full["focus"] = focus
    return checked_result(full, body)


def checked_result(full: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """``full`` with its own size and hash, checked against the delta's."""
    if isinstance(body.get("full_size"), dict):
        full["size"] = body["full_size"]  # the reply's own size was the delta text's
    full["hash"] = snapshot_hash(full)
    if body.get("hash") and full["hash"] != body["hash"]:
        raise DeltaError("the delta applied, but the result does not match its hash")
    return full


def apply_elements_patch(before: list[dict[str, Any]], patch: Any) -> list[dict[str, Any]]:
    if not isinstance(patch, dict):
        return list(before)
    records = {str(record.get("index")): record for record in before}
    records.update(patch.get("set") or {})
    order = patch.get("order")
    keys = [str(index) for index in order] if isinstance(order, list) else [
        str(record.get("index")) for record in before]
    try:
        return [records[key] for key in keys]
    except KeyError as err:
        raise DeltaError(f"the elements patch names index {err} that neither side has") from err
