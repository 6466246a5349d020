"""Render SnapshotV1 (as a plain, JSON-ready dict) from the pipeline's results.

Plain dicts, not models: building 100k pydantic nodes costs more than the pipeline; the
unit tests validate the output against :class:`~axsnap_host.models.snapshot.SnapshotV1`.
Key order is fixed and nothing depends on dict/set iteration of unordered data, so the same
input renders to the same bytes (see :func:`snapshot_json`).
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any
from urllib.parse import SplitResult, urlsplit, urlunsplit

from ...models.capture import RawCapture
from ...models.snapshot import SNAPSHOT_VERSION
from .prune import INTERACTIVE_ROLES, PruneResult
from .tree import FlatNode, FlatTree
from .window_index import DomFacts, WindowIndex, outside_window


def new_snapshot_id() -> str:
    return f"ax_{uuid.uuid4().hex}"


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _round(value: float) -> float:
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


_DOCUMENT_ROLES = frozenset({"RootWebArea", "WebArea"})


def relative_url(url: str, base: SplitResult) -> str:
    """``url`` as a reference relative to the page's (same origin: path on; same document:
    the fragment), else unchanged: a page's links repeat its origin."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL Python can parse (a redacted host "[redacted:...]")
        return url
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or not parts.netloc:
        return url
    if (parts.path, parts.query) == (base.path, base.query) and parts.fragment:
        return f"#{parts.fragment}"
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment)) or url


def node_state(node: FlatNode, base: SplitResult) -> dict[str, Any]:
    """The node's state without repeats: a document's own URL (the snapshot's ``url`` and
    ``frames`` say it), and link URLs relative to the page."""
    state = node.state
    url = state.get("url")
    if not isinstance(url, str):
        return state
    state = dict(state)
    if node.role in _DOCUMENT_ROLES:
        del state["url"]
    else:
        state["url"] = relative_url(url, base)
    return state


def node_record(
    node: FlatNode, children: list[str], dom: DomFacts, base: SplitResult | None = None
) -> dict[str, Any]:
    """One node, its defaults left out (schema version 2): no empty name, state or
    children; ``domRef`` only when the id does not already say it; ``bbox`` as integer
    CSS pixels ``[x, y, width, height]``; ``isVisible`` only when false; ``isClickable``
    only when true of a role that does not say so already."""
    record: dict[str, Any] = {"id": node.id, "role": node.role}
    if node.name:
        record["name"] = node.name
    if node.value is not None:
        record["value"] = node.value
    state = node_state(node, base) if base is not None else node.state
    if state:
        record["state"] = state
    if children:
        record["children"] = children
    if node.backend_id is None:
        return record
    if node.id != f"{node.frame}-{node.backend_id}":
        record["domRef"] = {"backendNodeId": node.backend_id, "frame": node.frame}
    box = dom.box(node.backend_id, node.frame_id)
    if box is None:
        return record
    bounds, visible, clickable = box
    if bounds is not None:
        x, y, width, height = bounds
        record["bbox"] = [round(x), round(y), round(width), round(height)]
    if not visible:
        record["isVisible"] = False
    if clickable and node.role not in INTERACTIVE_ROLES:
        record["isClickable"] = True
    return record


def viewport_record(capture: RawCapture, dom: DomFacts) -> dict[str, Any]:
    layout = capture.layout or {}
    css_viewport = layout.get("cssLayoutViewport") or layout.get("layoutViewport") or {}
    content = layout.get("cssContentSize") or layout.get("contentSize") or {}
    scroll_x, scroll_y = dom.document_scroll(0)
    width, height = dom.document_content_size(0)
    return {
        "width": _round(float(css_viewport.get("clientWidth") or 0)),
        "height": _round(float(css_viewport.get("clientHeight") or 0)),
        "scrollX": _round(float(css_viewport.get("pageX", scroll_x) or 0)),
        "scrollY": _round(float(css_viewport.get("pageY", scroll_y) or 0)),
        "devicePixelRatio": capture.device_pixel_ratio,
        "contentWidth": _round(float(content.get("width", width) or 0)),
        "contentHeight": _round(float(content.get("height", height) or 0)),
    }


def ax_source(capture: RawCapture) -> str | None:
    """How the main frame's AX tree was read on a whole-page read (extension/lib/
    ax_cache_read.js): "cache+N changed" (a cached tree patched with N nodes), "full", or
    "full: why" when the tab's cache could not serve it."""
    extra = (capture.frames[0].model_extra or {}) if capture.frames else {}
    source = extra.get("ax_source")
    if not isinstance(source, str):
        return None
    reason = extra.get("ax_cache_reason")
    return f"{source}: {reason}" if source == "full" and isinstance(reason, str) else source


def build_snapshot(
    *,
    capture: RawCapture,
    tree: FlatTree,
    kept: PruneResult,
    dom: DomFacts,
    pruned: bool,
    redacted: int,
    url: str,
    title: str,
    frame_urls: list[str],
    trace_id: str | None,
    snapshot_id: str | None = None,
    ts: str | None = None,
) -> dict[str, Any]:
    try:
        base = urlsplit(url)
    except ValueError:
        base = urlsplit("")
    nodes = [
        node_record(tree.nodes[nid], children, dom, base) for nid, children in kept.kept.items()
    ]
    failures = [
        {"step": f["step"], "frame": f.get("frame"), "reason": f["reason"]} for f in tree.failures
    ]
    failures.extend(
        {"step": error.step, "frame": None, "reason": error.message} for error in capture.errors
    )
    frames = [
        {
            "ordinal": entry.ordinal,
            "frameId": entry.frame_id,
            "parentFrameId": entry.parent_frame_id,
            "url": frame_urls[entry.ordinal],
            "name": entry.name,
            "captured": entry.captured and not entry.error,
            "error": entry.error,
            "ownerBackendNodeId": entry.owner_backend_id,
            "ownerId": entry.owner_id if entry.owner_id in kept.kept else None,
            "nodes": entry.nodes,
        }
        for entry in tree.frames
    ]
    captured = sum(1 for frame in frames if frame["captured"])
    return {
        "snapshot_version": SNAPSHOT_VERSION,
        "snapshot_id": snapshot_id or new_snapshot_id(),
        "trace_id": trace_id,
        "ts": ts or utc_now_iso(),
        "url": url,
        "title": title,
        "viewport": viewport_record(capture, dom),
        "stabilization": capture.stabilization.model_dump(exclude_none=True),
        "quality": {
            "pruned": pruned,
            "nodes_total": kept.total,
            "nodes_kept": len(kept.kept),
            "nodes_pruned": kept.total - len(kept.kept),
            "redacted": redacted,
            "frames_captured": captured,
            "frames_failed": len(frames) - captured,
            "failures": failures,
            "scope": "viewport" if isinstance(dom, WindowIndex) else "page",
            **({"window": window} if (window := outside_window(capture, dom)) else {}),
            **({"ax_source": source} if (source := ax_source(capture)) else {}),
        },
        "ax_tree": {"root_id": kept.root_id, "nodes": nodes},
        "frames": frames,
    }


def snapshot_json(snapshot: dict[str, Any], indent: int | None = None) -> str:
    """The canonical JSON text of a snapshot dict (stable for a stable dict)."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(snapshot, ensure_ascii=False, indent=indent, separators=separators)
