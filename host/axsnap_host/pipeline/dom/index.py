"""Index a raw ``DOMSnapshot.captureSnapshot`` result by backendNodeId.

DOMSnapshot is column-oriented (one array per field, strings interned in ``strings``), so the
index keeps positions only and builds a :class:`DomInfo` on demand: a snapshot of 100k nodes
costs a few dict inserts per node, and only the nodes the pipeline asks about pay for
attributes, styles and bounds. A backendNodeId is its renderer's: asked with a frame, a node
is never another frame's of the same number.

Coordinates (measured on Chromium 156): each document's layout ``bounds`` are in that
document's own page coordinates (scrolling does not change them). A child frame's node is
placed in main-frame page coordinates by adding, for each frame on the way up, the owning
<iframe>'s bounds origin plus its border (``clientRects`` x/y = clientLeft/clientTop) minus the
child document's scroll offset. Iframe padding is not reported and assumed zero. A snapshot
without DOM rects (all but the outline's) has the border in the frame's ``ownerClient``
instead (extension/lib/capture/frameborders.js).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.capture import DOM_SNAPSHOT_STYLES, RawCapture
from axsnap_host.models.dom_columns import is_column
from axsnap_host.pipeline.visibility import (
    VISIBILITY_STYLES,
    css_float,
    is_visible,
    under_transparent,
)

ELEMENT_NODE = 1
DOCUMENT_NODE = 9
# HTML's rules for parsing integers: leading whitespace, a sign, digits; the rest ignored.
_HTML_INTEGER = re.compile(r"^[\t\n\f\r ]*([+-]?\d+)")


@dataclass(slots=True)
class DomInfo:
    backend_id: int
    document: int
    frame_id: str
    tag: str  # lower-case element name ("" for non-elements)
    node_type: int
    attrs: dict[str, str]
    input_value: str | None
    checked: bool
    bounds: tuple[float, float, float, float] | None  # main-frame page coordinates
    styles: dict[str, str]
    clickable: bool
    visible: bool  # see DomIndex.box
    text_value: str | None = None


@dataclass(frozen=True, slots=True)
class RawDocument:
    """One document's DOMSnapshot columns, as captured (strings interned)."""

    strings: list[str]
    nodes: dict[str, Any]
    layout: dict[str, Any]
    layout_of: dict[int, int]  # node index → first layout index
    style_names: tuple[str, ...]

    def string(self, index: Any) -> str:
        ok = isinstance(index, int) and 0 <= index < len(self.strings)
        return self.strings[index] if ok else ""

    def column(self, name: str, node_index: int, default: Any = None) -> Any:
        return _at(self.nodes.get(name), node_index, default)

    def style(self, node_index: int, name: str) -> str | None:
        """A computed style of a laid-out node; None when it has no layout box."""
        position = self.layout_of.get(node_index)
        if position is None or name not in self.style_names:
            return None
        row = _at(self.layout.get("styles"), position, None) or []
        column = self.style_names.index(name)
        return self.string(row[column]) if column < len(row) else ""


@dataclass
class _Document:
    index: int
    frame_id: str
    strings: list[str]
    nodes: dict[str, Any]
    layout: dict[str, Any]
    layout_of: dict[int, int]  # node index → first layout index
    offset: tuple[float, float] = (0.0, 0.0)
    scroll: tuple[float, float] = (0.0, 0.0)
    content_size: tuple[float, float] = (0.0, 0.0)
    rare_sets: dict[str, frozenset[int]] = field(default_factory=dict)
    rare_strings: dict[str, dict[int, int]] = field(default_factory=dict)
    transparent: dict[int, bool] = field(default_factory=dict)  # memo: ancestor opacity 0
    row_shows: dict[int, bool] = field(default_factory=dict)  # memo: styles row id → shows
    rows_seen: list[Any] = field(default_factory=list)  # the rows of those ids (kept alive)
    under_zero: list[bool] | None = None  # node → an ancestor has opacity 0 ([]: unknown)
    raw: RawDocument | None = None


class DomIndex:
    """backendNodeId → DomInfo over every document (frame) of a DOMSnapshot."""

    def __init__(
        self,
        snapshot: dict[str, Any] | None,
        styles: list[str] | None = None,
        *,
        extra_snapshots: Sequence[dict[str, Any]] = (),
        frame_owners: dict[str, tuple[str | None, int | None]] | None = None,
        owner_borders: dict[str, tuple[float, float]] | None = None,
    ) -> None:
        """``extra_snapshots``: DOMSnapshots of out-of-process frames (their own string tables
        and backend ids); ``frame_owners``: frameId → (parent frameId, owner <iframe>
        backendNodeId), used to place documents no ``contentDocumentIndex`` links;
        ``owner_borders``: frameId → its <iframe>'s (clientLeft, clientTop), read when the
        snapshot has no ``clientRects``."""
        self._owner_borders = owner_borders or {}
        self._style_names = list(styles or DOM_SNAPSHOT_STYLES)
        names = self._style_names
        self._opacity_column = names.index("opacity") if "opacity" in names else None
        # box() reads these three for every node: (name, column), not a dict per node
        self._visibility_columns = tuple((name, i) for i, name in enumerate(self._style_names)
                                         if name in VISIBILITY_STYLES)
        self._documents: list[_Document] = []
        # frame → backendNodeId → (document, node): no (frame, id) key tuple per node
        self._by_frame: dict[str | None, dict[int, tuple[int, int]]] = {}
        self._by_backend: dict[int, tuple[int, int]] = {}
        self._cache: dict[tuple[int, int], DomInfo] = {}
        self._owners: dict[int, tuple[int, int]] = {}  # document → its <iframe> (doc, node)
        self.frame_documents: dict[str, int] = {}
        for one in (snapshot, *extra_snapshots):
            if one:
                self._add_snapshot(one)
        self._link_frames_by_owner(frame_owners or {})
        self._place_frames()

    @classmethod
    def from_capture(cls, capture: RawCapture) -> DomIndex:
        """Index the tab's DOMSnapshot plus the per-process ones of out-of-process frames."""
        extra = [
            snap
            for frame in capture.frames
            if isinstance(snap := getattr(frame, "dom_snapshot", None), dict)
        ]
        owners = {
            frame.frameId: (frame.parentFrameId, frame.ownerBackendNodeId)
            for frame in capture.frames
        }
        borders = {  # [clientLeft, clientTop]: two small numbers, else ignored
            frame.frameId: (float(c[0]), float(c[1])) for frame in capture.frames
            if isinstance(c := getattr(frame, "ownerClient", None), list) and len(c) == 2
            and all(type(v) in (int, float) and abs(v) < 1e6 for v in c)
        }
        return cls(capture.dom_snapshot, capture.dom_snapshot_styles, extra_snapshots=extra,
                   frame_owners=owners, owner_borders=borders)

    # -- building ------------------------------------------------------------------------

    @staticmethod
    def _string(doc: _Document, index: Any) -> str:
        if isinstance(index, int) and 0 <= index < len(doc.strings):
            return doc.strings[index]
        return ""

    def _add_snapshot(self, snapshot: dict[str, Any]) -> None:
        strings = snapshot.get("strings") or []
        base = len(self._documents)
        for raw in snapshot.get("documents") or ():
            doc = self._add_document(len(self._documents), raw, strings)
            rare = doc.nodes.get("contentDocumentIndex") or {}
            for node_index, child in _pairs(rare):
                if isinstance(child, int):
                    self._owners.setdefault(base + child, (doc.index, node_index))

    def _add_document(self, index: int, raw: dict[str, Any], strings: list[str]) -> _Document:
        nodes = raw.get("nodes") or {}
        layout = raw.get("layout") or {}
        layout_of: dict[int, int] = {}
        for position, node_index in enumerate(layout.get("nodeIndex") or ()):
            layout_of.setdefault(node_index, position)
        frame_index = raw.get("frameId")
        doc = _Document(
            index=index,
            frame_id=strings[frame_index] if isinstance(frame_index, int)
            and 0 <= frame_index < len(strings) else "",
            strings=strings,
            nodes=nodes,
            layout=layout,
            layout_of=layout_of,
            scroll=(float(raw.get("scrollOffsetX") or 0), float(raw.get("scrollOffsetY") or 0)),
            content_size=(float(raw.get("contentWidth") or 0),
                          float(raw.get("contentHeight") or 0)),
        )
        for name in ("isClickable", "inputChecked"):
            doc.rare_sets[name] = frozenset((nodes.get(name) or {}).get("index") or ())
        for name in ("inputValue", "textValue"):
            doc.rare_strings[name] = dict(_pairs(nodes.get(name) or {}))
        self._documents.append(doc)
        if doc.frame_id:
            self.frame_documents.setdefault(doc.frame_id, index)
        in_frame = self._by_frame.setdefault(doc.frame_id, {})
        for node_index, backend in enumerate(nodes.get("backendNodeId") or ()):
            place = (index, node_index)  # one tuple for both maps (100k nodes: 10 MB)
            in_frame.setdefault(backend, place)
            self._by_backend.setdefault(backend, place)
        return doc

    def _link_frames_by_owner(self, frame_owners: dict[str, tuple[str | None, int | None]]
                              ) -> None:
        """Out-of-process frame documents: find their <iframe> in the parent's document."""
        for doc in self._documents:
            if doc.index in self._owners or doc.frame_id not in frame_owners:
                continue
            parent_frame, owner_backend = frame_owners[doc.frame_id]
            if not parent_frame or owner_backend is None:
                continue
            where = self._by_frame.get(parent_frame, {}).get(owner_backend)
            if where is not None and where[0] != doc.index:
                self._owners[doc.index] = where

    def _place_frames(self) -> None:
        """Compute each document's offset in main-frame page coordinates (parents first)."""
        owners = dict(self._owners)
        resolving: set[int] = set()
        for doc in self._documents:
            self._place(doc.index, owners, resolving)

    def _place(self, doc_index: int, owners: dict[int, tuple[int, int]],
               resolving: set[int]) -> tuple[float, float]:
        """One document's offset, its owner's first. Not a closure calling itself: that is a
        cycle holding the index (tens of MB) while the host pauses the collector (gc_paused)."""
        doc = self._documents[doc_index]
        owner = owners.get(doc_index)
        if owner is None or doc_index in resolving:
            return doc.offset
        resolving.add(doc_index)
        parent_index, node_index = owner
        parent_offset = self._place(parent_index, owners, resolving)
        parent = self._documents[parent_index]
        position = parent.layout_of.get(node_index)
        if position is None:
            return doc.offset
        bounds = rect_of(parent.layout, "bounds", position)
        client = rect_of(parent.layout, "clientRects", position)
        border = (client[0], client[1]) if client else self._owner_borders.get(
            doc.frame_id, (0.0, 0.0))
        if bounds:
            doc.offset = (parent_offset[0] + bounds[0] + border[0] - doc.scroll[0],
                          parent_offset[1] + bounds[1] + border[1] - doc.scroll[1])
        owners.pop(doc_index)
        return doc.offset

    # -- queries -------------------------------------------------------------------------

    @property
    def documents(self) -> int:
        return len(self._documents)

    def raw_document(self, doc_index: int) -> RawDocument:
        """A document's raw DOMSnapshot columns (read-only use)."""
        doc = self._documents[doc_index]
        if doc.raw is None:  # one per document (the hit test asks for every control)
            doc.raw = RawDocument(doc.strings, doc.nodes, doc.layout, doc.layout_of,
                                  tuple(self._style_names))
        return doc.raw

    def document_scroll(self, doc_index: int = 0) -> tuple[float, float]:
        return self._documents[doc_index].scroll if self._documents else (0.0, 0.0)

    def document_content_size(self, doc_index: int = 0) -> tuple[float, float]:
        return self._documents[doc_index].content_size if self._documents else (0.0, 0.0)

    def locate(self, backend_id: int | None, frame_id: str | None) -> tuple[int, int] | None:
        """(document index, node index) of a node in the raw DOMSnapshot columns."""
        if backend_id is None:
            return None
        where = self._by_frame.get(frame_id, {}).get(backend_id) if frame_id else None
        if where is None and (where := self._by_backend.get(backend_id)) is not None \
                and frame_id and self._documents[where[0]].frame_id not in ("", frame_id):
            return None  # another renderer's node of this number (each numbers its own)
        return where

    def is_clickable(self, backend_id: int | None, frame_id: str | None = None) -> bool:
        """DOMSnapshot's isClickable, without building the node's DomInfo."""
        where = self.locate(backend_id, frame_id)
        if where is None:
            return False
        return where[1] in self._documents[where[0]].rare_sets["isClickable"]

    def is_tab_stop(self, backend_id: int | None, frame_id: str | None = None) -> bool:
        """The element has ``tabindex`` ≥ 0: its author put it in the tab order. Reads the
        node's raw attributes only (no DomInfo)."""
        where = self.locate(backend_id, frame_id)
        if where is None:
            return False
        doc = self._documents[where[0]]
        raw = _at(doc.nodes.get("attributes"), where[1], None) or []
        for i in range(0, len(raw) - 1, 2):
            if self._string(doc, raw[i]).lower() == "tabindex":
                number = _HTML_INTEGER.match(self._string(doc, raw[i + 1]))
                return number is not None and int(number[1]) >= 0
        return False

    def box(
        self, backend_id: int | None, frame_id: str | None = None
    ) -> tuple[tuple[float, float, float, float] | None, bool, bool] | None:
        """(bounds, visible, clickable) of a node without building its DomInfo (the same);
        None if the DOMSnapshot does not have it. Asked for every row: lookups inlined."""
        if backend_id is None:
            return None
        in_frame = self._by_frame.get(frame_id) if frame_id else None
        where = in_frame.get(backend_id) if in_frame is not None else None
        if where is None and ((where := self._by_backend.get(backend_id)) is None or (
                frame_id and self._documents[where[0]].frame_id not in ("", frame_id))):
            return None  # (as locate)
        doc = self._documents[where[0]]
        node_index = where[1]
        clickable = node_index in doc.rare_sets["isClickable"]
        position = doc.layout_of.get(node_index)
        if position is None:
            return None, False, clickable
        bounds = self._page_bounds(doc, position, _at(doc.nodes.get("nodeType"), node_index, 0))
        if bounds is None or bounds[2] <= 0 or bounds[3] <= 0:
            return bounds, False, clickable
        style_row = _at(doc.layout.get("styles"), position, None) or ()
        shows = doc.row_shows.get(id(style_row))
        if shows is None:
            shows = self._row_shows(doc, style_row)
        under = doc.under_zero  # None: not computed yet, []: not parents-first (walk)
        hidden = (0 <= node_index < len(under) and under[node_index]) if under else \
            self._inside_transparent(doc, node_index)
        return bounds, shows and not hidden, clickable

    def _row_shows(self, doc: _Document, style_row: Sequence[Any]) -> bool:
        """is_visible's style half, once per row object: the host shares equal rows
        (share_style_rows: a few hundred on a 20k-element page)."""
        known = doc.row_shows.get(id(style_row))
        if known is None:
            styles = {name: self._string(doc, style_row[column])
                      for name, column in self._visibility_columns if column < len(style_row)}
            known = is_visible((0.0, 0.0, 1.0, 1.0), styles)
            doc.row_shows[id(style_row)] = known
            doc.rows_seen.append(style_row)
        return known

    def _opacity_zero(self, doc: _Document, node_index: int) -> bool:
        position = doc.layout_of.get(node_index)
        if position is None or self._opacity_column is None:
            return False
        row = _at(doc.layout.get("styles"), position, None) or []
        if self._opacity_column >= len(row):
            return False
        return css_float(self._string(doc, row[self._opacity_column]), 1.0) == 0.0

    def _inside_transparent(self, doc: _Document, node_index: int) -> bool:
        """Whether an ancestor element has opacity 0 (opacity is not inherited, so the
        node's own computed style does not show it). Memoized per document."""
        if doc.under_zero is None:
            doc.under_zero = under_transparent(doc.nodes.get("parentIndex"), doc.layout.get(
                "styles"), doc.layout_of, doc.strings, self._opacity_column) or []
        if doc.under_zero:
            return 0 <= node_index < len(doc.under_zero) and doc.under_zero[node_index]
        parents = doc.nodes.get("parentIndex") or []
        chain: list[int] = []
        current = _at(parents, node_index, -1)
        result = False
        while isinstance(current, int) and current >= 0:
            known = doc.transparent.get(current)
            if known is not None:
                result = known
                break
            chain.append(current)
            if self._opacity_zero(doc, current):
                result = True
                break
            current = _at(parents, current, -1)
        # Everything between the node and the first decided ancestor shares its answer,
        # except that an ancestor's own opacity 0 decides itself and all below it.
        for index in chain:
            doc.transparent[index] = result
        return result

    def _page_bounds(
        self, doc: _Document, position: int, node_type: int
    ) -> tuple[float, float, float, float] | None:
        rects = doc.layout.get("bounds")  # rect_of, inlined: every row's box asks
        rect = rects[position] if is_column(rects) and 0 <= position < len(rects) else None
        if not isinstance(rect, list) or len(rect) < 4:
            return None
        # A document node's box is its frame's viewport, in viewport coordinates.
        shift = doc.scroll if node_type == DOCUMENT_NODE else (0.0, 0.0)
        return (float(rect[0]) + doc.offset[0] + shift[0],
                float(rect[1]) + doc.offset[1] + shift[1], float(rect[2]), float(rect[3]))

    def get(self, backend_id: int | None, frame_id: str | None = None) -> DomInfo | None:
        where = self.locate(backend_id, frame_id)
        if where is None:
            return None
        info = self._cache.get(where)
        if info is None:
            info = self._build(*where)
            self._cache[where] = info
        return info

    def _build(self, doc_index: int, node_index: int) -> DomInfo:
        doc = self._documents[doc_index]
        nodes = doc.nodes
        node_type = _at(nodes.get("nodeType"), node_index, 0)
        tag = self._string(doc, _at(nodes.get("nodeName"), node_index, -1)).lower()
        attrs: dict[str, str] = {}
        raw_attrs = _at(nodes.get("attributes"), node_index, None) or []
        for i in range(0, len(raw_attrs) - 1, 2):
            attrs[self._string(doc, raw_attrs[i]).lower()] = self._string(doc, raw_attrs[i + 1])
        bounds = None
        styles: dict[str, str] = {}
        position = doc.layout_of.get(node_index)
        if position is not None:
            bounds = self._page_bounds(doc, position, node_type)
            style_row = _at(doc.layout.get("styles"), position, None) or []
            for name, value in zip(self._style_names, style_row, strict=False):
                styles[name] = self._string(doc, value)
        input_index = doc.rare_strings["inputValue"].get(node_index)
        text_index = doc.rare_strings["textValue"].get(node_index)
        return DomInfo(
            backend_id=_at(nodes.get("backendNodeId"), node_index, 0),
            document=doc_index,
            frame_id=doc.frame_id,
            tag=tag if node_type == ELEMENT_NODE else "",
            node_type=node_type,
            attrs=attrs,
            input_value=None if input_index is None else self._string(doc, input_index),
            checked=node_index in doc.rare_sets["inputChecked"],
            bounds=bounds,
            styles=styles,
            clickable=node_index in doc.rare_sets["isClickable"],
            visible=is_visible(bounds, styles) and not self._inside_transparent(doc, node_index),
            text_value=None if text_index is None else self._string(doc, text_index),
        )


def _pairs(rare: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(node index, value) pairs of a DOMSnapshot RareStringData/RareIntegerData column."""
    return list(zip(rare.get("index") or (), rare.get("value") or (), strict=False))


def _at(column: Any, index: int, default: Any) -> Any:
    return column[index] if is_column(column) and 0 <= index < len(column) else default


def rect_of(layout: dict[str, Any], name: str,
            position: int) -> tuple[float, float, float, float] | None:
    row = _at(layout.get(name), position, None)
    if isinstance(row, list) and len(row) >= 4:
        return (float(row[0]), float(row[1]), float(row[2]), float(row[3]))
    return None
