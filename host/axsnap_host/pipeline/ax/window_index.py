"""The DOM facts of a window-scoped AX capture, read off the walker's records.

A capture in the AX formats' default scope ("viewport", extension/lib/ax/ax_window.js) has
no DOMSnapshot: the walker found the window's elements and their backendNodeIds, and its
records carry what the AX pipeline asks of the DOM (box, visibility, click reasons,
attributes, input values). :class:`WindowIndex` answers the same questions as
:class:`~axsnap_host.pipeline.dom.index.DomIndex` from them. Bounds are main-frame page
coordinates, like DomIndex's: the walker's top-level viewport rect plus the page's scroll.
"""

from __future__ import annotations

import re
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.index import DomIndex, DomInfo
from axsnap_host.pipeline.dom.walker_merge import Joined, joined_records
from axsnap_host.pipeline.hidden import hiding_reasons

_HTML_INTEGER = re.compile(r"^[\t\n\f\r ]*([+-]?\d+)")
# Walker click reasons that DOMSnapshot's isClickable also counts (listeners come as ``k``).
_CLICK_REASONS = frozenset({"href", "onclick", "form"})


class WindowIndex:
    """(frameId, backendNodeId) → the walker record's facts, DomIndex's query interface."""

    def __init__(self, capture: RawCapture, named_covers: bool = False) -> None:
        # named_covers: a cover is only what the hit test named (a box over the element):
        # one whose hit was the element's own ancestor, or nothing, is none (the paint-order
        # covers of a DOMSnapshot read never name those); the whole-page read from the walk
        self._named_covers = named_covers
        walker = capture.walker or {}
        scroll = walker.get("scroll") or {}
        self._scroll = (float(scroll.get("x", 0) or 0), float(scroll.get("y", 0) or 0))
        self._content = (float(scroll.get("w", 0) or 0), float(scroll.get("h", 0) or 0))
        self.joined = joined_records(capture)
        self._by_frame: dict[tuple[str | None, int], Joined] = {}
        self._by_backend: dict[int, Joined] = {}
        for j in self.joined:
            if j.backend_node_id is None:
                continue
            self._by_frame.setdefault((j.frame_id, j.backend_node_id), j)
            self._by_backend.setdefault(j.backend_node_id, j)
        self._cache: dict[int, DomInfo] = {}
        # text node → the element holding it, per frame (ax_window.js: text_owners)
        self._text_owner: dict[tuple[str, int], int] = {}
        for frame in capture.frames:
            owners = getattr(frame, "text_owners", None)
            if isinstance(owners, dict):
                for text, owner in owners.items():
                    if str(text).isdigit() and isinstance(owner, int):
                        self._text_owner[(frame.frameId, int(text))] = owner
        stats = walker.get("stats") or {}
        self.elements_total = stats.get("elements_total")
        self.elements_walked = len(self.joined)
        self.documents = 1 if self.joined else 0
        # a tracked element without a backendNodeId, by its run's world and its ``w`` →
        # (its rect, visible): the boxes of the walk tree's nodes without a DOM id
        self._tracked: dict[Any, dict[int, tuple[Any, bool]]] | None = None

    def keep_located(self) -> None:
        """Keep of the join only what is asked after the walk tree is built: the records
        whose element has a backendNodeId (every query but :meth:`tracked_box` finds a record
        by it) and the rect and visibility of the tracked others; the rest of the join and
        its records may go (the 100k page's ~99k records beside a 130k-node tree were the
        whole-page read's peak). ``joined`` is left with the located records alone."""
        if self._tracked is None:
            self._tracked = self._tracked_boxes()
        self.joined = [j for j in self.joined if j.backend_node_id is not None]

    def _tracked_boxes(self) -> dict[Any, dict[int, tuple[Any, bool]]]:
        out: dict[Any, dict[int, tuple[Any, bool]]] = {}
        for j in self.joined:
            if j.backend_node_id is not None:
                continue
            rec = j.rec
            w = rec.get("w")
            if isinstance(w, int):
                out.setdefault(rec.get("_world"), {}).setdefault(
                    w, (rec.get("r"), bool(rec.get("vis"))))
        return out

    def tracked_box(self, world: Any, w: Any) -> \
            tuple[tuple[float, float, float, float] | None, bool] | None:
        """The box and visibility of the first record of the run ``world`` whose element the
        walker tracks as ``w`` and that has no backendNodeId (a node of the walk tree without
        a DOM id: a heading, a list), or None when no record is."""
        if self._tracked is None:
            self._tracked = self._tracked_boxes()
        found = self._tracked.get(world, {}).get(w) if isinstance(w, int) else None
        if found is None:
            return None
        rect, visible = found
        return self._rect_bounds(rect), visible

    def document_scroll(self, doc_index: int = 0) -> tuple[float, float]:
        return self._scroll

    def document_content_size(self, doc_index: int = 0) -> tuple[float, float]:
        return self._content

    def _locate(self, backend_id: int | None, frame_id: str | None) -> Joined | None:
        if backend_id is None:
            return None
        found = self._by_frame.get((frame_id, backend_id)) if frame_id else None
        if found is not None:
            return found
        # by number alone only where a frame is not known: each renderer numbers its own
        # nodes, so another frame's element may have this node's number
        found = self._by_backend.get(backend_id)
        if found is None or (frame_id and found.frame_id and found.frame_id != frame_id):
            return None
        return found

    def is_clickable(self, backend_id: int | None, frame_id: str | None = None) -> bool:
        j = self._locate(backend_id, frame_id)
        return j is not None and _clickable(j)

    def is_tab_stop(self, backend_id: int | None, frame_id: str | None = None) -> bool:
        j = self._locate(backend_id, frame_id)
        if j is None:
            return False
        number = _HTML_INTEGER.match(str((j.rec.get("a") or {}).get("tabindex", "")))
        return number is not None and int(number[1]) >= 0

    def box(
        self, backend_id: int | None, frame_id: str | None = None
    ) -> tuple[tuple[float, float, float, float] | None, bool, bool] | None:
        j = self._locate(backend_id, frame_id)
        if j is None:
            return None
        return self.box_of(j)

    def content_box(self, backend_id: int | None,
                    frame_id: str | None = None) -> tuple[float, float, float, float] | None:
        """An <iframe>'s content box (its document's box; the walker's ``co`` origin inside
        its border box), or None when the walker did not report one."""
        j = self._locate(backend_id, frame_id)
        bounds = self._bounds(j) if j is not None else None
        origin = j.rec.get("co") if j is not None else None
        if bounds is None or not isinstance(origin, list) or len(origin) < 2:
            return None
        x, y = float(origin[0]) + self._scroll[0], float(origin[1]) + self._scroll[1]
        return x, y, max(0.0, bounds[2] - 2 * (x - bounds[0])), \
            max(0.0, bounds[3] - 2 * (y - bounds[1]))

    def box_of(self, j: Joined) -> tuple[tuple[float, float, float, float] | None, bool, bool]:
        """:meth:`box` of a record (one whose element got no backendNodeId too)."""
        return self._bounds(j), bool(j.rec.get("vis")), _clickable(j)

    def _bounds(self, j: Joined) -> tuple[float, float, float, float] | None:
        return self._rect_bounds(j.rec.get("r"))

    def _rect_bounds(self, r: Any) -> tuple[float, float, float, float] | None:
        if not isinstance(r, list) or len(r) < 4:
            return None
        return (float(r[0]) + self._scroll[0], float(r[1]) + self._scroll[1],
                float(r[2]), float(r[3]))

    def get(self, backend_id: int | None, frame_id: str | None = None) -> DomInfo | None:
        j = self._locate(backend_id, frame_id)
        if j is None:
            return None
        info = self._cache.get(j.rid)
        if info is None:
            rec = j.rec
            attrs = {str(k).lower(): str(v) for k, v in (rec.get("a") or {}).items()}
            value = rec.get("val")
            info = DomInfo(
                backend_id=j.backend_node_id or 0,
                document=0,
                frame_id=j.frame_id or "",
                tag=j.tag,
                node_type=1,
                attrs=attrs,
                input_value=value if isinstance(value, str) else None,
                checked=bool(rec.get("chk")),
                bounds=self._bounds(j),
                styles={},
                clickable=_clickable(j),
                visible=bool(rec.get("vis")),
            )
            self._cache[j.rid] = info
        return info

    def tag_attrs(self, backend_id: int | None, frame_id: str | None,
                  names: frozenset[str]) -> tuple[str, dict[str, str]] | None:
        """(tag, the attributes among ``names``) of a node, as :meth:`get`'s DomInfo says
        them (names lower-cased, the last of a repeated name wins), without making the
        DomInfo: the outline asks this of every line's node."""
        j = self._locate(backend_id, frame_id)
        if j is None:
            return None
        if not names:
            return j.tag, {}
        found: dict[str, str] = {}
        for key, value in (j.rec.get("a") or {}).items():
            name = str(key).lower()
            if name in names:
                found[name] = str(value)
        return j.tag, {name: found[name] for name in names if name in found}

    def cover_of(self, backend_id: int | None, frame_id: str | None = None) -> str | None:
        """What covers the node where the walker hit-tested it (``div#overlay``), or None
        when it was not covered or not tested; the same hit test DOM text drops it by."""
        j = self._locate(backend_id, frame_id)
        if j is None or j.rec.get("top") != 0:
            return None
        cover = j.rec.get("cb")
        if isinstance(cover, str) and cover:
            return cover
        return None if self._named_covers else "unnamed box"

    def scrollable(self, backend_id: int | None, frame_id: str | None = None) -> bool:
        """The walker saw a scroll container (overflow auto/scroll, content beyond the box)."""
        j = self._locate(backend_id, frame_id)
        return j is not None and bool(j.rec.get("scr")) and j.tag not in ("html", "body")

    def shown_text(self, backend_id: int | None, frame_id: str | None = None) -> str:
        """The text the walker read inside the element ("" when unknown)."""
        j = self._locate(backend_id, frame_id)
        return str(j.rec.get("tx") or "") if j is not None else ""

    def hiding_reasons(self, backend_id: int | None, frame_id: str | None = None) -> list[str]:
        """Why a person cannot read the node's text, from the walker's facts about the
        element holding it (inherited hiding, font size, colours): empty when in plain
        sight or unknown."""
        if backend_id is None:
            return []
        j = self._locate(backend_id, frame_id)
        if j is None:
            owner = self._text_owner.get((frame_id or "", backend_id))
            j = self._locate(owner, frame_id) if owner is not None else None
        if j is None:
            return []
        rec = j.rec
        size = rec.get("fs")
        return hiding_reasons(
            inherited=[str(r) for r in rec.get("hx") or []],
            font_size=float(size) if isinstance(size, int | float) and "tx" in rec else None,
            color=str(rec.get("col") or ""), background=str(rec.get("bg") or ""))

    def xpaths(self) -> dict[tuple[str, int], str]:
        """(frameId, backendNodeId) → the walker's DOM XPath, for the outline's map."""
        return {(j.frame_id, j.backend_node_id): j.xpath for j in self.joined
                if j.frame_id is not None and j.backend_node_id is not None}


# What the AX pipeline reads DOM facts from: a DOMSnapshot's index or the walker's.
DomFacts = DomIndex | WindowIndex


def _clickable(j: Joined) -> bool:
    return bool(j.rec.get("k")) or any(reason in _CLICK_REASONS for reason in j.rec.get("c") or ())


def window_scoped(capture: RawCapture) -> bool:
    """A capture of the AX formats' window scope: AX nodes plus the walker, no DOMSnapshot."""
    return capture.dom_snapshot is None and bool(capture.walker) and any(
        getattr(frame, "scope", None) == "viewport" for frame in capture.frames)


WALK_SOURCE = "walk"  # frames[].ax_source of an outline read from the walk


def from_walk(capture: RawCapture) -> bool:
    """A whole-page SnapshotV1 or outline read from the walk (``ax_source="walk"``): its AX
    nodes are the walker's rows (capture.js: axTreeFrames; pipeline/axwalk/tree.py)."""
    walker = capture.walker or {}
    return bool(capture.frames) and isinstance(walker.get("axt"), dict) and (
        (capture.frames[0].model_extra or {}).get("ax_source") == WALK_SOURCE)


def dom_facts(capture: RawCapture) -> DomFacts:
    """The DOM facts the AX pipeline reads: the walker's in window scope and on a whole-page
    read from the walk (pipeline/axwalk/tree.py), else DOMSnapshot's."""
    if window_scoped(capture):
        return WindowIndex(capture)
    if from_walk(capture):
        return WindowIndex(capture, named_covers=True)
    return DomIndex.from_capture(capture)


def walker_joins(capture: RawCapture, dom: DomFacts) -> list[Joined] | None:
    """The walker's records joined to their nodes: the window index's, or, on a whole-page
    read that walked the page too (capture.js), joined to its DOMSnapshot here (once per
    capture). None when the read has no walker output."""
    if isinstance(dom, WindowIndex):
        return dom.joined
    if not capture.walker or capture.dom_snapshot is None:
        return None
    return joined_records(capture)


def outside_window(capture: RawCapture, dom: DomFacts) -> dict[str, Any] | None:
    """What a window-scoped read left out: elements of the page not walked into the window."""
    if not isinstance(dom, WindowIndex):
        return None
    total = dom.elements_total
    stats = (capture.walker or {}).get("stats") or {}
    # Visited elements are in the window unless the walker counted them out: walked but
    # outside, roots of subtrees cut as off-window, or hidden.
    out = sum(int(stats.get(key, 0) or 0)
              for key in ("outside_window", "offscreen_subtrees", "hidden_subtrees"))
    in_window = max(0, int(stats.get("visited", 0) or 0) - out)
    return {
        "elements_total": total if isinstance(total, int) else None,
        "elements_in_window": in_window,
        "elements_outside": max(0, total - in_window) if isinstance(total, int) else None,
        "subtrees_skipped": int(stats.get("offscreen_subtrees", 0) or 0),
    }
