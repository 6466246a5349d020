"""SnapshotV1 from a capture: flatten, index the DOM, prune, fill, redact, render."""

from __future__ import annotations

import time
from typing import Any, Protocol

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.ax.controls import (
    POINTER_ROWS,
    clickable_ids,
    mark_covered,
    pointer_row_ids,
    pointer_rows,
    pointer_rows_in_tree,
    tab_stop_ids,
)
from axsnap_host.pipeline.ax.instructions import flag_hidden_instructions
from axsnap_host.pipeline.ax.merge import fill_missing_values
from axsnap_host.pipeline.ax.prune import READ_INTEREST, prune, share_interest
from axsnap_host.pipeline.ax.redact import redact_tree
from axsnap_host.pipeline.ax.snapshot import RenderRows, as_node_objects, build_snapshot, set_prop
from axsnap_host.pipeline.ax.tree import FlatTree, flat_tree
from axsnap_host.pipeline.ax.window_index import DomFacts, WindowIndex, dom_facts, walker_joins
from axsnap_host.pipeline.dom.walker_merge import JOINED, Joined
from axsnap_host.pipeline.elements.model import join_facts, with_element_facts
from axsnap_host.pipeline.incomplete import capture_gaps, incomplete_fact
from axsnap_host.pipeline.node_text import NodeText, cap_snapshot
from axsnap_host.pipeline.read_shared import is_last_format
from axsnap_host.pipeline.redaction import scrub_text, scrub_url
from axsnap_host.pipeline.secrets import page_secret_names, secret_fields

MAX_FRAME_NAME = 300


# Set in a capture's ``derived`` by the host on the capture it parsed from a message: its
# parts are the request's alone, so the pipeline may free what it has consumed (a caller's
# own dicts, as tests and library users pass, are never changed).
HOST_OWNED = "host_owned"


def drop_rect_columns(capture: RawCapture) -> None:
    """Free the DOMSnapshots' client and scroll rects once the index is built: SnapshotV1
    reads no more of them (the index placed the frames with the client rects; scroll rects
    are the outline's), and on the 100k-element bench page they are 20 MB of the host's
    peak. Only on a capture the host owns (HOST_OWNED)."""
    snapshots = [capture.dom_snapshot, *(getattr(f, "dom_snapshot", None) for f in capture.frames)]
    for snapshot in snapshots:
        if not isinstance(snapshot, dict):
            continue
        for doc in snapshot.get("documents") or ():
            layout = doc.get("layout") if isinstance(doc, dict) else None
            if isinstance(layout, dict):
                layout.pop("clientRects", None)
                layout.pop("scrollRects", None)


def drop_walker_records(capture: RawCapture) -> None:
    """Free the walker's records and their join once the read's last format has read them
    (100k dicts on the 100k-element bench page, ~130 MB with the join), before it makes
    its largest structures and its reply is encoded. Only on a capture the host owns
    (HOST_OWNED)."""
    capture.derived.pop(JOINED, None)
    capture.derived.pop(POINTER_ROWS, None)  # holds the join too
    walker = capture.walker
    if isinstance(walker, dict) and isinstance(walker.get("elements"), list):
        walker["elements"].clear()  # the message's parse holds the same list


def drop_dom_snapshot(capture: RawCapture) -> bool:
    """Free the capture's DOMSnapshot once the read is made and the host keeps no base of it
    (native/dom_snapshot_bases.py: a 100k-element page's is too big to keep): ~60 MB of that
    page's, held otherwise while the reply is encoded and sent. Only on a capture the host
    owns (HOST_OWNED); its columns are emptied in place, as the message's parse holds them
    too. Whether it was freed."""
    snapshot = capture.dom_snapshot
    if not capture.derived.get(HOST_OWNED) or not isinstance(snapshot, dict):
        return False
    for part in snapshot.values():
        if isinstance(part, list):
            part.clear()
    capture.dom_snapshot = None
    return True


class TreeSource(Protocol):
    """Where a SnapshotV1's tree comes from when it is not Chromium's AX nodes (the walk's
    rows: pipeline/axwalk/rows.py ``WalkSource``): the tree, what the source settles on the
    kept nodes, and their rows."""

    def keep_links(self, joined: list[Joined]) -> None:
        """Take what the tree's build reads of the join, which goes before :meth:`tree`."""

    def tree(self) -> FlatTree: ...

    def finish(self, tree: FlatTree, kept: dict[str, list[str]]) -> None: ...

    def render(self, tree: FlatTree, dom: DomFacts) -> RenderRows | None: ...


class _Stopwatch:
    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self._mark = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = round((now - self._mark) * 1000.0, 3)
        self._mark = now


def build_snapshot_v1(
    request: SnapshotRequest, *, snapshot_id: str | None = None, ts: str | None = None,
    source: TreeSource | None = None, written: bool = False,
) -> tuple[dict[str, Any], dict[str, float], dict[str, Any]]:
    """SnapshotV1 dict plus per-stage timings (ms) and stats. ``source``: the tree's, when
    not Chromium's AX nodes (ax_source "walk", design note 45). ``written``: the snapshot
    is only encoded (the serving loop): every string of it capped (pipeline/caps.py), and
    its node objects (the default encoding) written as JSON as they are made, its
    ``ax_tree.nodes`` their :class:`NodeText` (design note 128)."""
    options = request.options
    capture = request.capture
    clock = _Stopwatch()
    owned = bool(capture.derived.get(HOST_OWNED))  # the host's own parse of the message
    dom = dom_facts(capture)  # DOMSnapshot's, or the walker's in window scope
    if owned:
        drop_rect_columns(capture)  # read by the index's frame offsets (done), the outline
    clock.lap("domindex_ms")
    joined = walker_joins(capture, dom)  # the walker's facts (window, or whole page)
    # A whole page's last format takes what it reads of the join before it builds its tree
    # and lets the records go (the 100k page's join and tree were the read's peak together):
    # from a DOMSnapshot, or from the walk (its index keeps the located records alone)
    early = owned and joined is not None and (
        source is not None if isinstance(dom, WindowIndex) else source is None)
    rows = pointer_rows(joined, capture) if early and joined else None
    secrets = secret_fields(capture, joined) if options.redact else None
    shared = join_facts(capture.derived, joined) if joined else None
    if early and joined is not None:
        if source is not None:
            source.keep_links(joined)
        joined = with_element_facts(joined)
        if shared is not None:
            shared.keep_only(joined)
        if isinstance(dom, WindowIndex):
            dom.keep_located()
        drop_walker_records(capture)
    # Chromium's nodes (built ahead on a streamed read, stream_early.py), or the source's
    tree = source.tree() if source is not None else flat_tree(capture)
    if options.pruned:  # one interest a read: its formats flatten equal trees
        share_interest(tree, capture.derived)
    clock.lap("flatten_ms")
    flagged = flag_hidden_instructions(tree, dom)
    # every frame's <iframe> stays: frames[].ownerId names it (empty frames included)
    owners = frozenset(entry.owner_id for entry in tree.frames if entry.owner_id)
    # a row of a list with one listener for its rows acts, as DOM text lists it (issue 30)
    acting = (clickable_ids(tree, dom) | tab_stop_ids(tree, dom)
              | (pointer_row_ids(tree, joined, capture) if rows is None
                 else pointer_rows_in_tree(tree, rows, capture)))
    kept = prune(tree, pruned=options.pruned, clickable=acting | owners)
    if is_last_format(capture.derived):  # no format of the read prunes after this one
        capture.derived.pop(READ_INTEREST, None)
    mark_covered(tree, kept.kept, dom, acting)
    if source is not None:
        source.finish(tree, kept.kept)
    clock.lap("prune_ms")
    fill_missing_values(tree, kept.kept, dom, joined, shared)
    del shared
    redacted = 0
    url, title = capture.tab.url, capture.tab.title
    frame_urls = [frame.url for frame in tree.frames]
    if secrets is not None:
        redacted += redact_tree(tree, kept.kept, secrets)
        names = page_secret_names(capture)
        url, found_url = scrub_url(url, names)
        title, found_title = scrub_text(title)
        redacted += found_url + found_title
        for i, frame_url in enumerate(frame_urls):
            frame_urls[i], found = scrub_url(frame_url, names)
            redacted += found
        for frame in tree.frames:  # ad frames put tokens and blobs in their names
            frame.name, found = scrub_text(frame.name[:MAX_FRAME_NAME])
            redacted += found
    clock.lap("redact_ms")
    del joined  # read: on the read's last format, the records go too, before the rows
    if owned and not early:
        drop_walker_records(capture)
    objects = options.snapshot_encoding == "nodes"  # the default: the spec's node objects
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
        render=source.render(tree, dom) if source is not None else None,
        written=NodeText(tree.nodes, kept.kept, flagged) if objects and written else None,
    )
    if options.redact:  # capture error messages come from the browser; scrub them too
        for failure in snapshot["quality"].get("failures", ()):
            failure["reason"], found = scrub_text(failure["reason"])
            snapshot["quality"]["redacted"] += found
            redacted += found
    gaps = capture_gaps(capture, options)
    gaps += [{"kind": "frame_not_read", "step": "stitch",
              "detail": f"frame {f.get('frame')}: its tree is not attached to the page's"}
             for f in tree.failures if f.get("step") == "stitch"]
    if (fact := incomplete_fact(gaps)) is not None:
        snapshot["quality"]["incomplete"] = fact
    if flagged and not (objects and written):  # (written node objects carry theirs)
        for row in snapshot["ax_tree"]["nodes"]:
            flag = flagged.get(row[1])
            if flag is not None:
                set_prop(row, "suspicious", flag.as_dict())
    stats = {
        "suspicious": len(flagged),
        "frames": len(tree.frames),
        "nodes_total": kept.total,
        "nodes_kept": len(kept.kept),
        "redacted": redacted,
        "dom_documents": dom.documents,
    }
    del tree, dom, kept, flagged  # the rows are made: let them go before the node objects
    if objects and not written:  # the default: the spec's node objects
        as_node_objects(snapshot)
    if written:
        cap_snapshot(snapshot, nodes_capped=objects)
    clock.lap("render_ms")
    return snapshot, clock.timings, stats


