"""The act's kept baseline (fast path ``act_baseline``, models/fast_paths.py): the capture an
act's report was written from stands as the next act's "before" when the page provably did not
change since, so that act resolves and reports against it instead of a new capture.

The extension proves the page unchanged (lib/reuse/act_baseline.js: the answer watch's proof,
the URL, the frames and the click listeners, read before the report's capture and again before
the next act) and names the baseline by a token it made; the host keeps, per tab, that
capture, what the report read in it (page facts) and the element records it built. The
baseline stands only while no other read rebuilt the tab's elements since (a collection, an
act that captured, a DOM read whose elements do not match it): ``state.elements`` must still
be the list it kept, or the list of a DOM read that matched it. Else the extension captures,
as the exact path always does.

Fast path ``act_baseline_over_read``: a DOM read of the page the baseline read (the extension's
check proves the page unchanged since, at the act) lists each of its elements under the index
the baseline gives the same node (every record's frame and backendNodeId found there, the same
index: the registry is the one the baseline's build left; a record named by the walker's id,
node_ids "walker", by the baseline capture's walker ids: act/walk_names.py, note 148), or
lists each of the baseline's elements under its index among more (a whole-page read, a wider
window: the act's window is a part of what it listed; its other records name nodes of the top
document outside the window the baseline's walk listed). The baseline then stands across the
read (``carry_over_read``; the read's reply says ``timings.act_baseline_kept``, and the
extension keeps its token). An act on it resolves words on the baseline's elements and an
index first on the read's (the list the caller last saw, as the exact path's ``previous``),
and its report compares with the baseline's elements, the registry's listing set back to
theirs (``elements_before_act``): what the exact path's fresh capture before the act builds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from axsnap_host.act.page_facts import PageFacts
from axsnap_host.act.walk_names import backend_by_walk
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.fast_paths import fast_path
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.state import TabState

MAX_TOKEN_CHARS = 64


@dataclass(slots=True)
class ActBaseline:
    token: str
    capture: RawCapture
    facts: PageFacts
    elements: list[dict[str, Any]]
    # the elements of the DOM reads since that matched it (fast path act_baseline_over_read)
    read: list[dict[str, Any]] | None = None


def keep_baseline(state: TabState, token: str | None, capture: RawCapture, facts: PageFacts,
                  elements: list[dict[str, Any]]) -> None:
    """Keep what an act's report read under ``token`` (none: nothing is kept)."""
    if not token or len(token) > MAX_TOKEN_CHARS or capture.errors:
        state.act_baseline = None
        return
    state.act_baseline = ActBaseline(token=token, capture=capture, facts=facts, elements=elements)


def kept_baseline(state: TabState, token: str | None) -> ActBaseline | None:
    """The baseline kept under ``token``, if it still stands (no read rebuilt the elements)."""
    kept = state.act_baseline
    if not isinstance(kept, ActBaseline) or not token or kept.token != token:
        return None
    if state.elements is not kept.elements and (kept.read is None
                                                 or state.elements is not kept.read):
        state.act_baseline = None
        return None
    return kept


def carry_over_read(state: TabState, before: object, options: SnapshotOptions) -> bool:
    """After a DOM read built ``state.elements`` (``before``: the tab's elements before the
    read as held, ``TabState.elements_held``: packed ones are no baseline's list, for a list
    a baseline holds is never packed; with also_formats, the last format built is compared):
    whether the kept baseline
    stands across it (fast path act_baseline_over_read: see the module doc; native/host.py
    asks). A baseline it does not carry is dropped (as ``kept_baseline`` would)."""
    kept = state.act_baseline
    if not isinstance(kept, ActBaseline) or state.elements is before:
        return False
    stood = before is not None and (before is kept.elements or before is kept.read)
    if not stood or not fast_path(options, "act_baseline_over_read") \
            or not _matches(state.elements or [], kept):
        state.act_baseline = None
        return False
    kept.read = state.elements
    return True


def _matches(read: list[dict[str, Any]], baseline: ActBaseline) -> bool:
    """Whether ``read`` gives every node the baseline lists the baseline's index, one of the
    two listing all the other lists: the read a part of the baseline's window (a read of the
    window), or the baseline's window a part of the read (a whole-page read, a wider window),
    its other records outside the window the baseline's capture walked (one inside it is an
    element the page gained since: the act's check would fail, so the act captures at once).
    Either way the registry gives each of the baseline's nodes its index still (a node the
    read does not list keeps the one it had), which is what the exact path's capture lists."""
    elements = baseline.elements
    index_of = {(int(rec.get("frame") or 0), rec.get("backendNodeId")): rec.get("index")
                for rec in elements}
    shared: set[tuple[int, Any]] = set()
    others: list[dict[str, Any]] = []
    # a read named by the walker's ids (node_ids "walker"): its node by the baseline capture's
    # walker ids, the same world's (act/walk_names.py; one not there is one it does not list)
    by_walk = backend_by_walk(baseline.capture) if any(
        rec.get("backendNodeId") is None and type(rec.get("walkId")) is int for rec in read) else {}
    for rec in read:
        frame = int(rec.get("frame") or 0)
        backend = rec.get("backendNodeId")
        if backend is None and type(rec.get("walkId")) is int:
            backend = by_walk.get((frame, rec["walkId"]))
        node = (frame, backend)
        index = index_of.get(node, -1) if backend is not None else -1
        if index == -1:
            others.append(rec)  # a node the baseline does not list (or the read cannot name)
        elif index != rec.get("index"):
            return False
        else:
            shared.add(node)
    if not others:
        return True
    window = _window(baseline.capture)
    return len(shared) == len(index_of) == len(elements) and window is not None \
        and all(_outside(rec, window) for rec in others)


def _window(capture: RawCapture) -> tuple[float, float, float, float] | None:
    """The window the walk of ``capture`` listed (left, top, right, bottom, in the page's
    coordinates: extension/lib/walker/walker.js run.win); None for a walk of the whole page."""
    walker = capture.walker or {}
    options, viewport = walker.get("options") or {}, walker.get("viewport") or {}
    if options.get("viewportOnly") is not True or "w" not in viewport or "h" not in viewport:
        return None
    layout = (capture.layout or {}).get("cssLayoutViewport") or {}
    scroll = walker.get("scroll") or {}
    # (the scroll the records' rects add: dom/elements.py build_dom_result)
    x = float(layout.get("pageX", scroll.get("x", 0)) or 0)
    y = float(layout.get("pageY", scroll.get("y", 0)) or 0)
    expand = float(options.get("expandPx") or 0)
    return (x - expand, y - expand, x + float(viewport["w"]) + expand,
            y + float(viewport["h"]) + expand)


def _outside(rec: dict[str, Any], window: tuple[float, float, float, float]) -> bool:
    """Whether a top document's record lies wholly outside ``window``, by more than a pixel
    (its rect is rounded); a frame's record is never taken as outside (its window is the
    frame's box cut to the top's: not worked out here)."""
    rect = rec.get("rect") or {}
    if int(rec.get("frame") or 0) != 0 or not rect:
        return False
    left, top, right, bottom = window
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
    return x + w < left - 1 or y + h < top - 1 or x > right + 1 or y > bottom + 1


def elements_before_act(state: TabState, token: str | None) -> list[dict[str, Any]] | None:
    """The elements an act's report compares with when the act resolved on the baseline kept
    under ``token``: the baseline's, made the tab's elements again after a DOM read it stood
    across, with the registry's listing set back to theirs (what the exact path's capture
    before the act lists: its update is the one the report's is counted from); None when
    the act did not resolve on a standing baseline (the tab's elements are the ones)."""
    kept = kept_baseline(state, token)
    if kept is None:
        return None
    if state.elements is not kept.elements:
        state.elements = kept.elements
        state.dom_registry.relist([int(rec["index"]) for rec in kept.elements])
        kept.read = None
    return kept.elements
