"""Run the pipeline for one snapshot request: capture + options + tab state → reply result."""

from __future__ import annotations

import time
from typing import Any

from ..models.wire import SnapshotRequest
from ..render.snapshot import build_snapshot, snapshot_json
from .axtree import FlatTree, flatten
from .domindex import DomIndex
from .elements import build_dom_result
from .merge import fill_missing_values
from .prune import prune
from .redact import redact_tree, scrub_text
from .state import TabState
from .tokens import size_of

MAX_FRAME_NAME = 300


class _Stopwatch:
    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self._mark = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = round((now - self._mark) * 1000.0, 3)
        self._mark = now


def process(
    request: SnapshotRequest,
    state: TabState,
    *,
    snapshot_id: str | None = None,
    ts: str | None = None,
) -> dict[str, Any]:
    """The reply ``result`` for a snapshot request.

    ``snapshot_id`` and ``ts`` may be injected (tests) to make the output reproducible.
    """
    options = request.options
    capture = request.capture
    state.snapshots_served += 1
    if options.format == "snapshot":
        snapshot, timings, stats = build_snapshot_v1(
            request, snapshot_id=snapshot_id, ts=ts
        )
        started = time.perf_counter()
        size = size_of(snapshot_json(snapshot))  # as a model reads it: compact JSON
        timings["size_ms"] = round((time.perf_counter() - started) * 1000, 3)
        return {"format": "snapshot", "snapshot": snapshot, "size": size, "timings": timings,
                "stats": stats}
    if options.format == "outline":
        from .outline import build_outline
        from .reply_delta import finish_outline

        started = time.perf_counter()
        outline, lines = build_outline(capture, options)
        stats = outline.pop("stats")
        elapsed = round((time.perf_counter() - started) * 1000, 3)
        result = {"format": "outline", **outline, "timings": {"outline_ms": elapsed},
                  "stats": stats}
        started = time.perf_counter()
        finish_outline(result, lines, options, state, capture.tab.url, snapshot_id)
        result["timings"]["finish_ms"] = round((time.perf_counter() - started) * 1000, 3)
        return result
    started = time.perf_counter()
    dom_result = build_dom_result(capture, options, state)
    result: dict[str, Any] = {"format": options.format, **dom_result}
    result.setdefault("timings", {})["dom_ms"] = round((time.perf_counter() - started) * 1000, 3)
    result.setdefault("stats", {})
    if options.wants_vision:
        from .vision import add_vision

        add_vision(result, capture, options)
    from .reply_delta import finish_dom

    finish_dom(result, options, state, capture.tab.url, snapshot_id)  # after: it may drop parts
    return result


def build_snapshot_v1(
    request: SnapshotRequest, *, snapshot_id: str | None = None, ts: str | None = None
) -> tuple[dict[str, Any], dict[str, float], dict[str, Any]]:
    """SnapshotV1 dict plus per-stage timings (ms) and stats."""
    options = request.options
    capture = request.capture
    clock = _Stopwatch()
    tree = flatten(capture)
    clock.lap("flatten_ms")
    dom = DomIndex.from_capture(capture)
    clock.lap("domindex_ms")
    kept = prune(tree, pruned=options.pruned,
                 clickable=clickable_ids(tree, dom) | tab_stop_ids(tree, dom))
    clock.lap("prune_ms")
    fill_missing_values(tree, kept.kept, dom)
    redacted = 0
    url, title = capture.tab.url, capture.tab.title
    frame_urls = [frame.url for frame in tree.frames]
    if options.redact:
        redacted += redact_tree(tree, kept.kept, dom)
        url, found_url = scrub_text(url)
        title, found_title = scrub_text(title)
        redacted += found_url + found_title
        for i, frame_url in enumerate(frame_urls):
            frame_urls[i], found = scrub_text(frame_url)
            redacted += found
        for frame in tree.frames:  # ad frames put tokens and blobs in their names
            frame.name, found = scrub_text(frame.name[:MAX_FRAME_NAME])
            redacted += found
    clock.lap("redact_ms")
    snapshot = build_snapshot(
        capture=capture,
        tree=tree,
        kept=kept,
        dom=dom,
        pruned=options.pruned,
        redacted=redacted,
        url=url,
        title=title,
        frame_urls=frame_urls,
        trace_id=options.trace_id,
        snapshot_id=snapshot_id,
        ts=ts,
    )
    if options.redact:  # capture error messages come from the browser; scrub them too
        for failure in snapshot["quality"]["failures"]:
            failure["reason"], found = scrub_text(failure["reason"])
            snapshot["quality"]["redacted"] += found
            redacted += found
    clock.lap("render_ms")
    stats = {
        "frames": len(tree.frames),
        "nodes_total": kept.total,
        "nodes_kept": len(kept.kept),
        "redacted": redacted,
        "dom_documents": dom.documents,
    }
    return snapshot, clock.timings, stats


def clickable_ids(tree: FlatTree, dom: DomIndex) -> frozenset[str]:
    """Ids of nodes that are no control by role but that the DOM marks clickable (a click
    listener): a <span> button, a table row or list item that opens something."""
    return frozenset(
        node.id
        for node in tree.nodes.values()
        if node.role in _PLAIN_ROLES and dom.is_clickable(node.backend_id, node.frame_id)
    )


def tab_stop_ids(tree: FlatTree, dom: DomIndex) -> frozenset[str]:
    """Ids of nodes that are no control by role but are in the tab order (``tabindex`` ≥ 0):
    made keyboard-reachable on purpose, usually because they act (a custom widget)."""
    return frozenset(
        node.id
        for node in tree.nodes.values()
        if node.role in _PLAIN_ROLES and dom.is_tab_stop(node.backend_id, node.frame_id)
    )


# Roles that say nothing of an action, so a click listener is news. (Controls are kept
# anyway; a <label> is clickable because it forwards clicks to its control.)
_PLAIN_ROLES = frozenset({
    "generic", "none", "presentation", "image", "img", "StaticText", "paragraph",
    "LayoutTable", "LayoutTableRow", "LayoutTableCell", "row", "cell", "gridcell",
    "listitem", "Section", "group", "note", "figure", "heading", "term", "definition",
    "blockquote", "code", "Pre", "strong", "emphasis", "time", "Abbr", "Mark",
})
