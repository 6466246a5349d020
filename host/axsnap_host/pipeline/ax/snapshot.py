"""Render SnapshotV1 (as a plain, JSON-ready dict) from the pipeline's results.

Plain dicts, not models: building 100k pydantic nodes costs more than the pipeline; the
unit tests validate the output against :class:`~axsnap_host.models.snapshot.SnapshotV1`.
Key order is fixed and nothing depends on dict/set iteration of unordered data, so the same
input renders to the same bytes (see :func:`snapshot_json`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any
from urllib.parse import SplitResult, urlsplit, urlunsplit

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.snapshot import NODE_COLUMNS, SNAPSHOT_VERSION, rows_to_nodes
from axsnap_host.pipeline import node_text, page_memos
from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES, PruneResult
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree, FrameEntry
from axsnap_host.pipeline.ax.window_index import (
    DomFacts,
    WindowIndex,
    from_walk,
    outside_window,
)
from axsnap_host.pipeline.node_text import NodeText
from axsnap_host.pipeline.orjson_text import container_json

# DomFacts.box: (bounds, visible, clickable)
Box = tuple[tuple[float, float, float, float] | None, bool, bool]
# what a node's row is made into (a row, or its node object): (depth, node, bbox, props)
Emit = Callable[[int, FlatNode, list[int] | None, dict[str, Any]], Any]
# (node id, depth) pairs, the page URL's parts and what each row is made into → the rows
RenderRows = Callable[[Iterable[tuple[str, int]], SplitResult, Emit], list[Any]]


def new_snapshot_id() -> str:
    return f"ax_{uuid.uuid4().hex}"


def trace_id_for(snapshot_id: str) -> str:
    """The trace id of a snapshot whose caller gave none: made from its snapshot id (one
    new id a read, and the same bytes for the same injected snapshot id)."""
    return f"tr_{snapshot_id.removeprefix('ax_')}"


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _round(value: float) -> float:
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


_DOCUMENT_ROLES = frozenset({"RootWebArea", "WebArea"})


def relative_url(url: str, base: SplitResult) -> str:
    """``url`` as a reference relative to the page's (same origin: path on; same document:
    the fragment), else unchanged: a page's links repeat its origin."""
    return _relative_url(url, base)


def _relative(url: str, base: SplitResult) -> str:
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL Python can parse (a redacted host "[redacted:...]")
        return url
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or not parts.netloc:
        return url
    if (parts.path, parts.query) == (base.path, base.query) and parts.fragment:
        return f"#{parts.fragment}"
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment)) or url


# A page's links repeat (rustdoc's Wrapping page: 3,274 different URLs in 21,517 links): each
# worked out once. A pure function of its two arguments; its keys are the page's URLs, let
# go with the page's other memos (note 82).
_relative_url = lru_cache(maxsize=4096)(_relative)
page_memos.register(_relative_url.cache_clear)


def node_state(node: FlatNode, base: SplitResult) -> Mapping[str, Any]:
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


def node_row(
    node: FlatNode, depth: int, dom: DomFacts, base: SplitResult | None = None
) -> list[Any]:
    """One node as a row ``[depth, id, role, name, bbox, props]`` (schema version 3),
    defaults left out: trailing empty cells dropped; in ``props`` no empty state, ``domRef``
    only when the id does not already say it, ``isVisible`` only when false, ``isClickable``
    only when true of a role that does not say so already. ``bbox`` is integer CSS pixels
    ``[x, y, width, height]``."""
    box = dom.box(node.backend_id, node.frame_id) if node.backend_id is not None else None
    return row_of(node, depth, box, base)


def row_of(node: FlatNode, depth: int, box: Box | None,
           base: SplitResult | None = None) -> list[Any]:
    """:func:`node_row` with the node's ``dom.box`` already asked (None without a DOM
    node)."""
    bbox, props = row_cells(node, box, base)
    return trimmed_row([depth, node.id, node.role, node.name, bbox, props])


def row_cells(node: FlatNode, box: Box | None,
              base: SplitResult | None = None) -> tuple[list[int] | None, dict[str, Any]]:
    """The ``bbox`` and ``props`` cells of :func:`row_of`'s row (None and {} when empty)."""
    props: dict[str, Any] = {} if node.value is None else {"value": node.value}
    props.update(node_state(node, base) if base is not None else node.state)
    bbox: list[int] | None = None
    if node.backend_id is not None:
        # (a stand-in key of a node named by the walker's id is no backendNodeId: none said)
        if node.backend_id > 0 and node.id != f"{node.frame}-{node.backend_id}":
            props["domRef"] = {"backendNodeId": node.backend_id, "frame": node.frame}
        if box is not None:
            bounds, visible, clickable = box
            if bounds is not None:
                x, y, width, height = bounds
                bbox = [round(x), round(y), round(width), round(height)]
            if not visible:
                props["isVisible"] = False
            if clickable and node.role not in INTERACTIVE_ROLES:
                props["isClickable"] = True
    return bbox, props


def trimmed_row(row: list[Any]) -> list[Any]:
    """A row without its trailing empty cells (three cells at least)."""
    while len(row) > 3 and row[-1] in _EMPTY_CELLS:
        row.pop()
    return row


def cells_row(depth: int, node: FlatNode, bbox: list[int] | None,
              props: dict[str, Any]) -> list[Any]:
    """An :data:`Emit` of rows: the node's row of these cells."""
    return trimmed_row([depth, node.id, node.role, node.name, bbox, props])


# a row's trailing cells left out (compared, never changed)
_EMPTY_CELLS: tuple[Any, ...] = ("", None, {})


def preorder_depths(kept: PruneResult) -> Iterator[tuple[str, int]]:
    """The cached nodes in pre-order with their depth (the root 0), walked from the root so
    the rows' depths rebuild the tree whatever order ``kept`` lists them in. Made as they
    are read (a list of them was 6.7 MB of the 100k page's peak, beside its rows)."""
    if kept.root_id is None or kept.root_id not in kept.kept:
        return
    stack = [(kept.root_id, 0)]
    pop, push, children_of = stack.pop, stack.extend, kept.kept.get
    while stack:  # iterative: a page's depth is not bounded by Python's recursion limit
        nid, depth = pop()
        yield nid, depth
        children = children_of(nid)
        if children:  # (most kept nodes are leaves)
            below = depth + 1
            push([(child, below) for child in reversed(children)])


def viewport_record(capture: RawCapture, dom: DomFacts) -> dict[str, Any]:
    layout = capture.layout or {}
    css_viewport = layout.get("cssLayoutViewport") or layout.get("layoutViewport") or {}
    content = layout.get("cssContentSize") or layout.get("contentSize") or {}
    scroll_x, scroll_y = dom.document_scroll(0)
    width, height = dom.document_content_size(0)
    record = {
        "width": _round(float(css_viewport.get("clientWidth") or 0)),
        "height": _round(float(css_viewport.get("clientHeight") or 0)),
        "scrollX": _round(float(css_viewport.get("pageX", scroll_x) or 0)),
        "scrollY": _round(float(css_viewport.get("pageY", scroll_y) or 0)),
        "devicePixelRatio": capture.device_pixel_ratio,
        "contentWidth": _round(float(content.get("width", width) or 0)),
        "contentHeight": _round(float(content.get("height", height) or 0)),
    }
    return _without_defaults(record, _VIEWPORT_DEFAULTS)


# Envelope defaults (the models' defaults): left out of the snapshot, version 3.
_VIEWPORT_DEFAULTS = {"scrollX": 0, "scrollY": 0, "devicePixelRatio": 1}
_FRAME_DEFAULTS = {"parentFrameId": None, "url": "", "name": "", "error": None,
                   "ownerBackendNodeId": None, "ownerId": None}


def _without_defaults(record: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in defaults or v != defaults[k]}


def frame_record(entry: FrameEntry, url: str, owner_kept: bool) -> dict[str, Any]:
    """One frame, defaults left out; ``ownerBackendNodeId`` only when ``ownerId`` (the
    kept <iframe>'s id, ``{parentOrdinal}-{backendNodeId}``) does not say it."""
    owner_id = entry.owner_id if owner_kept else None
    owner_backend = entry.owner_backend_id
    if owner_id is not None and owner_id.rpartition("-")[2] == str(owner_backend):
        owner_backend = None
    record = {
        "ordinal": entry.ordinal,
        "frameId": entry.frame_id,
        "parentFrameId": entry.parent_frame_id,
        "url": url,
        "name": entry.name,
        "captured": bool(entry.captured and not entry.error),
        "error": entry.error,
        "ownerBackendNodeId": owner_backend,
        "ownerId": owner_id,
        "nodes": entry.nodes,
    }
    return _without_defaults(record, _FRAME_DEFAULTS)


def set_prop(row: list[Any], key: str, value: Any) -> None:
    """Put ``key`` in a node row's ``props``, filling the cells a trimmed row left out."""
    while len(row) < 4:
        row.append("")
    if len(row) < 5:
        row.append(None)
    if len(row) < 6:
        row.append({})
    row[5][key] = value


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
    render: RenderRows | None = None,
    written: NodeText | None = None,
) -> dict[str, Any]:
    """``render``: makes the rows' cells instead of :func:`row_cells` (the walk's);
    ``written``: the nodes are the default encoding's node objects, written as JSON as
    they are made (by it: the snapshot's ``ax_tree.nodes``), not rows."""
    try:
        base = urlsplit(url)
    except ValueError:
        base = urlsplit("")
    emit: Emit = cells_row if written is None else written.add
    if render is not None:
        made = render(preorder_depths(kept), base, emit)
    else:
        nodes_of, box = tree.nodes, dom.box
        made = []
        for nid, depth in preorder_depths(kept):
            node = nodes_of[nid]
            made.append(emit(depth, node, *row_cells(
                node, box(node.backend_id, node.frame_id) if node.backend_id is not None
                else None, base)))
    ax_tree: dict[str, Any]
    if written is not None:
        del made
        ax_tree = {"root_id": written.finish().root_id, "nodes": written}
    else:  # the row encoding; as_node_objects() makes the default encoding of it
        ax_tree = {"columns": list(NODE_COLUMNS), "root_id": made[0][1] if made else None,
                   "nodes": made}
    failures: list[dict[str, Any]] = [
        {"step": f["step"], **({"frame": f["frame"]} if f.get("frame") else {}),
         "reason": f["reason"]}
        for f in tree.failures
    ]
    failures.extend({"step": error.step, "reason": error.message} for error in capture.errors)
    frames = [
        frame_record(entry, frame_urls[entry.ordinal], entry.owner_id in kept.kept)
        for entry in tree.frames
    ]
    captured = sum(1 for frame in frames if frame["captured"])
    windowed = isinstance(dom, WindowIndex) and not from_walk(capture)
    snapshot_id = snapshot_id or new_snapshot_id()
    return {
        "snapshot_version": SNAPSHOT_VERSION,
        "snapshot_id": snapshot_id,
        "trace_id": trace_id if trace_id is not None else trace_id_for(snapshot_id),
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
            **({"failures": failures} if failures else {}),
            # a read from the walk (ax_source "walk") reads the walker's facts of the page
            "scope": "viewport" if windowed else "page",
            **({"window": window} if windowed and (window := outside_window(capture, dom))
               else {}),
            **({"ax_source": source} if (source := ax_source(capture)) else {}),
        },
        "ax_tree": ax_tree,
        "frames": frames,
    }


def as_node_objects(snapshot: dict[str, Any]) -> None:
    """Turn a snapshot's row-encoded ``ax_tree`` into the default encoding: node objects
    with their children's ids (models/snapshot.py). The rows go as their nodes are made."""
    root, nodes = rows_to_nodes(snapshot["ax_tree"]["nodes"], consume=True)
    snapshot["ax_tree"] = {"root_id": root, "nodes": nodes}


def snapshot_json_with_rows(snapshot: dict[str, Any], rows_text: str) -> str:
    """:func:`snapshot_json` of a snapshot whose node rows' JSON is known (``rows_text``):
    the envelope is encoded, the rows put in as they are."""
    before, after = around_the_nodes(snapshot)
    return before + '"nodes":' + rows_text + after


def around_the_nodes(snapshot: dict[str, Any], strict: bool = False) -> tuple[str, str]:
    """:func:`snapshot_json`'s text before ``ax_tree``'s ``"nodes":`` list and after it, the
    envelope encoded once with an empty list in its place."""
    tree = snapshot["ax_tree"]
    nodes = tree["nodes"]
    tree["nodes"] = []
    try:
        text = snapshot_json(snapshot, strict=strict)
    finally:
        tree["nodes"] = nodes
    # '"nodes":[]' inside a string would be written '\\"nodes\\":[]': the first one after
    # the ax_tree key is its list
    empty = '"nodes":[]'
    at = text.index(empty, text.index('"ax_tree":{'))
    return text[:at], text[at + len(empty):]




def snapshot_json_parts(snapshot: dict[str, Any], *, strict: bool = False,
                        consume: bool = False) -> Iterator[str]:
    """Texts whose concatenation is :func:`snapshot_json` of ``snapshot`` (compact), made a
    slice of its nodes at a time: a whole page's text is never whole (tens of MB at 100k),
    where only its size is wanted (an exact read's, pipeline/run.py). ``strict``: NaN and
    Infinity refused (ValueError), as a reply's encoding refuses them; ``consume``: each
    slice's nodes let go once encoded (the snapshot is the caller's to drop: its nodes are
    None after)."""
    tree = snapshot.get("ax_tree")
    if not isinstance(tree, dict) or not isinstance(tree.get("nodes"), list) or (
            not tree["nodes"]):
        yield snapshot_json(snapshot, strict=strict)
        return
    nodes = tree["nodes"]
    before, after = around_the_nodes(snapshot, strict)
    yield before + '"nodes":['
    per_part = node_text.NODES_PER_PART  # (a written snapshot's parts: the same slices)
    for start in range(0, len(nodes), per_part):
        end = start + per_part
        chunk = nodes[start:end]  # (orjson writes it when it writes json's text)
        part = container_json(chunk) or json.dumps(chunk, ensure_ascii=False,
                                                   separators=(",", ":"), allow_nan=not strict)
        if consume:
            nodes[start:end] = [None] * len(chunk)
        yield ("," if start else "") + part[1:-1]
    yield "]" + after


def snapshot_json(snapshot: dict[str, Any], indent: int | None = None,
                  strict: bool = False) -> str:
    """The JSON text of a snapshot dict (stable for a stable dict): compact, as a model
    reads it (``strict``: NaN and Infinity refused); with ``indent``, for people: the
    envelope indented, each node (object or row) and ``ax_tree``'s other keys on a line of
    their own (an indented node spreads over six lines or more)."""
    if indent is None:
        return json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=not strict)
    tree = snapshot.get("ax_tree")
    if not isinstance(tree, dict) or not tree.get("nodes"):
        return json.dumps(snapshot, ensure_ascii=False, indent=indent)
    text = json.dumps({**snapshot, "ax_tree": {}}, ensure_ascii=False, indent=indent)
    pad = " " * indent
    parts = []
    for key, value in tree.items():
        if key == "nodes":
            rows = ",\n".join(f"{pad * 3}{snapshot_json(row)}" for row in value)
            parts.append(f'{pad * 2}"nodes": [\n{rows}\n{pad * 2}]')
        else:
            parts.append(f"{pad * 2}{json.dumps(key)}: {snapshot_json(value)}")
    block = "{\n" + ",\n".join(parts) + f"\n{pad}}}"
    # the first '"ax_tree": {}' is the key's: a string holding those characters is written
    # with escaped quotes
    return text.replace('"ax_tree": {}', f'"ax_tree": {block}', 1)
