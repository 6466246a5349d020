"""Run the pipeline for one snapshot request: capture + options + tab state → reply result."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import (
    SEMANTIC_FORMATS,
    WALKER_ID_AX_FORMATS,
    SnapshotOptions,
    options_for_format,
)
from axsnap_host.models.walker_wire import refuse_lean
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.ax.build import build_snapshot_v1
from axsnap_host.pipeline.ax.snapshot import around_the_nodes, snapshot_json_parts
from axsnap_host.pipeline.axwalk.rows import WalkSource
from axsnap_host.pipeline.axwalk.tree import WALK_BASE, pack_walk_base
from axsnap_host.pipeline.caps import cap_strings, cap_strings_plain
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.elements.model import JOIN_FACTS
from axsnap_host.pipeline.elements.record_caps import left_as_is
from axsnap_host.pipeline.elements.walker_ids import WALKER_NAMED
from axsnap_host.pipeline.incomplete import budget_gap
from axsnap_host.pipeline.json_text import JsonText, PlainList
from axsnap_host.pipeline.node_text import NodeText
from axsnap_host.pipeline.page_status import check_page_loaded
from axsnap_host.pipeline.read_shared import MORE_FORMATS, READ_OWNED, is_last_format
from axsnap_host.pipeline.secrets import found_secret_names, share_tab_secret_names
from axsnap_host.pipeline.state import TabState
from axsnap_host.pipeline.tokens import count_tokens, size_of, size_of_parts

_NOT_CAPPED = object()  # no part of a result


def process(
    request: SnapshotRequest,
    state: TabState,
    *,
    snapshot_id: str | None = None,
    ts: str | None = None,
    for_reply: bool = False,
) -> dict[str, Any]:
    """The reply ``result`` for a snapshot request.

    ``snapshot_id`` and ``ts`` may be injected (tests) to make the output reproducible.
    ``for_reply``: the result is only encoded into its reply (the serving loop), so a
    SnapshotV1 is given as the JSON text its size was counted on (:func:`_json_once`).
    """
    # One read for several formats (also_formats): the others first, on the same capture,
    # while nothing of it is freed yet; each is the result a read of that format alone gives.
    also = {fmt: _also(request, fmt, state, ts, for_reply)
            for fmt in request.options.also_formats or ()}
    # Each format caps its strings before its size, hash and delta base are taken (so they
    # describe what is sent); this last pass only catches what came after (delta notes). A
    # SnapshotV1 is capped whole already: the pass skips it (a second walk of 100k rows).
    share_tab_secret_names(request.capture, state.secret_names)
    capped: dict[str, Any] = {}  # the parts the format capped itself, as they were then
    result = _result(request, state, snapshot_id=snapshot_id, ts=ts, capped=capped,
                     for_reply=for_reply)
    if is_last_format(request.capture.derived):  # what the read's formats shared goes
        request.capture.derived.pop(WALK_BASE, None)
        request.capture.derived.pop(JOIN_FACTS, None)
    state.remember_secret_names(found_secret_names(request.capture))
    snapshot = result.pop("snapshot", None) if request.options.format == "snapshot" else None
    # capping is idempotent: a part still the one the format capped is passed over (a
    # whole page's DOM text result is 30k element records, walked once more for nothing)
    rest = {key: value for key, value in result.items() if capped.get(key, _NOT_CAPPED)
            is not value}
    result.update(cap_strings(rest))
    if snapshot is not None:
        result = {"format": result.pop("format"), "snapshot": snapshot, **result}
    result["redacted"] = request.options.redact  # an unredacted reply says so, whatever its format
    if also:
        result["also"] = also
        result.setdefault("stats", {})["formats_from_one_capture"] = 1 + len(also)
    return result


def _also(request: SnapshotRequest, fmt: str, state: TabState, ts: str | None,
          for_reply: bool = False) -> dict[str, Any]:
    """Format ``fmt`` of the read's capture, with the options that concern it. The capture
    is not the pipeline's to free meanwhile (HOST_OWNED): the read's own format comes after.
    ``for_reply``: the read's; only a DOM format's records take it (their ``PlainList``,
    design note 196): a SnapshotV1 made as another format's companion stays a value."""
    from axsnap_host.pipeline.ax.build import HOST_OWNED

    options = options_for_format(request.options.model_dump(exclude_unset=True), fmt)
    options.pop("also_formats", None)
    sub = request.model_copy(update={"options": SnapshotOptions.model_validate(options)})
    derived = request.capture.derived
    owned = derived.pop(HOST_OWNED, None)
    more = derived.get(MORE_FORMATS)
    derived[MORE_FORMATS] = True  # the read's own format comes after (axwalk/tree.py)
    if owned is not None:
        derived[READ_OWNED] = True
    try:
        return process(sub, state, ts=ts, for_reply=for_reply and fmt != "snapshot")
    finally:
        if owned is not None:
            derived[HOST_OWNED] = owned
        if more is None:
            derived.pop(MORE_FORMATS, None)
            derived.pop(READ_OWNED, None)


def _result(
    request: SnapshotRequest, state: TabState, *, snapshot_id: str | None, ts: str | None,
    capped: dict[str, Any] | None = None, for_reply: bool = False,
) -> dict[str, Any]:
    """The format's result; ``capped`` is given the parts it capped (cap_strings) before
    its size, hash and delta were taken, each as it was then."""
    capped = {} if capped is None else capped
    options = request.options
    capture = request.capture
    check_page_loaded(capture)  # Chrome's error page is no snapshot of the site
    if options.node_ids == "walker" and options.format in WALKER_ID_AX_FORMATS:
        capture.derived[WALKER_NAMED] = True  # before the join (elements/walker_ids.py)
    state.snapshots_served += 1
    if options.format == "snapshot":
        snapshot, timings, stats = build_snapshot_v1(  # (ax_source "walk": the walk's tree)
            request, snapshot_id=snapshot_id, ts=ts, source=WalkSource.of(capture),
            written=for_reply)  # (then capped, its node objects written as they are made)
        started = time.perf_counter()
        if not for_reply:
            cap_strings(snapshot)
        incomplete = snapshot["quality"].get("incomplete")  # said beside the snapshot too
        extra = {"incomplete": incomplete} if incomplete else {}
        written: JsonText | dict[str, Any] = snapshot
        if for_reply:  # encoded once: the reply writes the text its size was counted on
            written, size = _json_once(snapshot)
        else:  # the result may be read (tests, the library): the reply encodes the snapshot,
            # its size counted a part of its text at a time (no whole text beside the nodes)
            size = size_of_parts(snapshot_json_parts(snapshot), memo=True)
        timings["size_ms"] = round((time.perf_counter() - started) * 1000, 3)
        return {"format": "snapshot", "snapshot": written, "size": size,
                "timings": timings, "stats": stats, **extra}
    if options.format == "outline":
        from axsnap_host.pipeline.delta.reply import finish_outline
        from axsnap_host.pipeline.outline.build import build_outline

        started = time.perf_counter()
        outline, lines = build_outline(capture, options)
        capped.update(cap_strings(outline))
        stats = outline.pop("stats")
        elapsed = round((time.perf_counter() - started) * 1000, 3)
        result: dict[str, Any] = {"format": "outline", **outline,
                                  "timings": {"outline_ms": elapsed}, "stats": stats}
        started = time.perf_counter()
        finish_outline(result, lines, options, state, capture.tab.url, snapshot_id)
        result["timings"]["finish_ms"] = round((time.perf_counter() - started) * 1000, 3)
        return result
    refuse_lean(capture.walker, options.format)  # a lean walk's records are not whole
    pack_walk_base(capture.derived)  # no tree read while this format runs: held packed
    if options.format in SEMANTIC_FORMATS:
        return _semantic(capture, options, state)
    started = time.perf_counter()
    dom_result = build_dom_result(capture, options, state)
    state.elements = dom_result["elements"]
    result = {"format": options.format, **dom_result}
    result.setdefault("timings", {})["dom_ms"] = round((time.perf_counter() - started) * 1000, 3)
    result.setdefault("stats", {})
    if options.wants_vision:
        from axsnap_host.pipeline.dom.vision import add_vision

        add_vision(result, capture, options)
    from axsnap_host.pipeline.delta.diff import ALL_PARTS
    from axsnap_host.pipeline.delta.reply import finish_dom

    started = time.perf_counter()
    # one walk: capped, checked for the hash; the records the walk would leave as they are
    # not walked (elements/record_caps.py, design note 252)
    as_is = cap_strings_plain(result, ALL_PARTS, left_as_is)
    capped.update(result)
    finish_dom(result, options, state, capture.tab.url, snapshot_id,  # after: it may drop parts
               parts_as_is=as_is)
    records = result.get("elements")
    if for_reply and as_is and type(records) is list:  # found plain by the walk above: the
        # reply encodes them as such (json_text.py PlainList; the tab keeps the list itself)
        result["elements"] = capped["elements"] = PlainList(records)
    result["timings"]["finish_ms"] = round((time.perf_counter() - started) * 1000, 3)
    return result


def _json_once(snapshot: dict[str, Any]) -> tuple[JsonText, dict[str, int]]:
    """The snapshot's compact JSON, made once a slice of nodes at a time (each slice's nodes
    let go as it is made; node objects written as JSON as they were made, design note 128:
    their text), and its size counted on those parts as they come: the reply writes that
    text (native/reply_stream.py), where it encoded the snapshot a second time (100 ms of a
    whole-page read on rustdoc's Wrapping page). A number strict JSON cannot carry ends the
    text: the reply refuses it (the size is not sent then)."""
    text = JsonText()
    tree = snapshot["ax_tree"]
    written = tree["nodes"] if isinstance(tree["nodes"], NodeText) else None
    if written is not None and not written.parts and not written.refused:
        written = None  # (no node: the text is written whole, as of an empty list)
        tree["nodes"] = []

    def parts() -> Iterator[str]:
        try:
            if written is None:
                for part in snapshot_json_parts(snapshot, strict=True, consume=True):
                    text.parts.append(part)
                    yield part
                return
            before, after = around_the_nodes(snapshot, strict=True)
            for part in (before + '"nodes":[', *written.parts):
                text.parts.append(part)
                yield part
            written.parts = []
            if written.refused:
                raise ValueError("NaN or Infinity in a node object")
            text.parts.append("]" + after)
            yield text.parts[-1]
        except ValueError:  # NaN or Infinity (json.dumps raises nothing else here)
            text.refused = True

    return text, size_of_parts(parts(), memo=True)


def _semantic(capture: RawCapture, options: SnapshotOptions, state: TabState) -> dict[str, Any]:
    """Page understanding (semantic/): the JSON result, or its compact text."""
    from axsnap_host.render.semantic_text import render_semantic_text
    from axsnap_host.semantic.budget import fit_semantic, left_out_line
    from axsnap_host.semantic.build import build_semantic

    started = time.perf_counter()
    semantic = build_semantic(capture, options, state)
    elapsed = round((time.perf_counter() - started) * 1000, 3)
    stats = semantic.pop("stats")
    result: dict[str, Any] = {"format": options.format, "timings": {"semantic_ms": elapsed},
                              "stats": stats}
    cap_strings(semantic)
    budget = None
    if options.max_tokens is not None:
        render = (render_semantic_text if options.format == "semantic_text"
                  else lambda r: json.dumps(r, ensure_ascii=False))
        def gap_of(elements: int, content: int) -> dict[str, Any]:
            return budget_gap(f"{elements} elements and {content} content sections")

        # the JSON says what the budget left out in its incomplete fact: room for the widest
        # (the text format says it in its left-out line, within the budget's own reserve)
        room = 0 if options.format == "semantic_text" else count_tokens(json.dumps(
            {"incomplete": {"reasons": [gap_of(len(semantic["elements"]),
                                               len(semantic["content"]))]}},
            ensure_ascii=False))
        semantic, budget = fit_semantic(semantic, options.max_tokens, render, reserve=room)
        left_out = budget["left_out"]
        if left_out["elements"] or left_out["content"]:
            fact = semantic.get("incomplete") or {"reasons": []}
            gap = gap_of(left_out["elements"], left_out["content"])
            semantic = {"incomplete": {"reasons": [*fact["reasons"], gap]},
                        **{k: v for k, v in semantic.items() if k != "incomplete"}}
            budget["tokens"] = count_tokens(render(semantic))
            budget["fits"] = budget["tokens"] <= options.max_tokens
    if semantic.get("incomplete"):
        result["incomplete"] = semantic["incomplete"]
    if options.format == "semantic_text":
        text = render_semantic_text(semantic)
        if budget is not None and (budget["left_out"]["elements"] or budget["left_out"]["content"]):
            text += left_out_line(budget) + "\n"
        text = cap_strings({"text": text})["text"]
        result["semantic_text"] = text
        result["size"] = size_of(text)
    else:
        if budget is not None:
            semantic["budget"] = budget
        result["semantic"] = semantic
        result["size"] = size_of(json.dumps(semantic, ensure_ascii=False,
                                            separators=(",", ":")))
    return result
