"""Which controls a later-painted box covers (a modal's overlay, a cookie banner).

From the DOMSnapshot alone: a control is covered when the centre of its box lies inside
the box of a positioned element (fixed, absolute, sticky) of the same document that is
painted after it (DOMSnapshot paint order), takes pointer events, is visible, and is
neither its ancestor nor its descendant nor (inside) its own ``<label>``. That is the
browser's hit test at the control's centre, restricted to the boxes that leave the normal
flow (what covers things), so it agrees with DOM text, whose walker asks
``elementFromPoint`` there. The cover is named ``tag#id`` (or ``tag.class``) so a reader
can find it.
"""

from __future__ import annotations

from dataclasses import dataclass

from axsnap_host.models.dom_columns import is_column
from axsnap_host.pipeline.dom.index import DomIndex, RawDocument, rect_of
from axsnap_host.pipeline.hidden import parse_color

_COVERING_POSITIONS = frozenset({"fixed", "absolute", "sticky"})
ELEMENT_NODE = 1
CELL = 256  # px: the side of the squares covers are filed by


@dataclass(frozen=True, slots=True)
class _Cover:
    node: int
    paint: int
    box: tuple[float, float, float, float]
    ancestors: frozenset[int]
    label: str


class CoverIndex:
    """``cover_of(backendNodeId, frameId)``: the label of what covers a node, or None."""

    def __init__(self, dom: DomIndex) -> None:
        self._dom = dom
        self._covers: dict[int, dict[tuple[int, int], list[_Cover]]] = {}

    def cover_of(self, backend_id: int | None, frame_id: str | None,
                 opaque: bool = False) -> str | None:
        """``opaque``: only a cover whose own background hides what lies under it (an
        opaque colour, or an image), for text a person cannot read through it."""
        where = self._dom.locate(backend_id, frame_id)
        if where is None:
            return None
        doc_index, node = where
        doc = self._dom.raw_document(doc_index)
        position = doc.layout_of.get(node)
        paints = doc.layout.get("paintOrders")
        if position is None or not is_column(paints) or position >= len(paints):
            return None
        box = rect_of(doc.layout, "bounds", position)
        if box is None:
            return None
        x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
        own_paint = paints[position]
        cell = (int(x // CELL), int(y // CELL))
        for cover in self._document_covers(doc_index, doc).get(cell, ()):
            if cover.paint <= own_paint:
                break  # sorted by paint order, latest first
            cx, cy, cw, ch = cover.box
            if not (cx <= x < cx + cw and cy <= y < cy + ch):
                continue
            if cover.node == node or node in cover.ancestors or _is_ancestor(doc, cover.node,
                                                                              node):
                continue
            if _own_label_holds(doc, cover, node):
                continue  # a click there reaches the node (a styled checkbox's box)
            if opaque and not _hides_what_is_under(doc, cover.node):
                continue
            return cover.label
        return None

    def _document_covers(self, doc_index: int,
                         doc: RawDocument) -> dict[tuple[int, int], list[_Cover]]:
        """The document's candidate covers by CELL-sized square of the page (each cover in
        every square its box meets), latest painted first."""
        known = self._covers.get(doc_index)
        if known is not None:
            return known
        grid: dict[tuple[int, int], list[_Cover]] = {}
        paints = doc.layout.get("paintOrders")
        types = doc.nodes.get("nodeType")
        rows = doc.layout.get("styles")
        column = (doc.style_names.index("position") if "position" in doc.style_names else -1)
        if is_column(paints) and is_column(types) and isinstance(rows, list):
            for node, position in doc.layout_of.items():
                if not 0 <= node < len(types) or types[node] != ELEMENT_NODE \
                        or position >= len(paints):
                    continue
                row = rows[position] if position < len(rows) else None
                # the position style first, straight from its column (most boxes are static)
                if not row or not 0 <= column < len(row) \
                        or doc.string(row[column]) not in _COVERING_POSITIONS:
                    continue
                if doc.style(node, "pointer-events") == "none" or doc.style(
                        node, "visibility") in ("hidden", "collapse"):
                    continue
                box = rect_of(doc.layout, "bounds", position)
                if box is None or box[2] <= 0 or box[3] <= 0:
                    continue
                cover = _Cover(node, int(paints[position]), box,
                               frozenset(_ancestors(doc, node)), _label(doc, node))
                left, top = int(box[0] // CELL), int(box[1] // CELL)
                right, bottom = int((box[0] + box[2]) // CELL), int((box[1] + box[3]) // CELL)
                for cx in range(left, right + 1):
                    for cy in range(top, bottom + 1):
                        grid.setdefault((cx, cy), []).append(cover)
        for covers in grid.values():
            covers.sort(key=lambda c: -c.paint)
        self._covers[doc_index] = grid
        return grid


def _ancestors(doc: RawDocument, node: int) -> list[int]:
    out = []
    current = doc.column("parentIndex", node, -1)
    while isinstance(current, int) and current >= 0:
        out.append(current)
        current = doc.column("parentIndex", current, -1)
    return out


def _own_label_holds(doc: RawDocument, cover: _Cover, node: int) -> bool:
    """The cover is (inside) a ``<label>`` of the node: one around both, or one whose
    ``for`` names the node's id."""
    node_id = _attrs(doc, node).get("id")
    for label in (cover.node, *cover.ancestors):
        if doc.string(doc.column("nodeName", label, -1)).lower() != "label":
            continue
        if _is_ancestor(doc, label, node) or (node_id and _attrs(doc, label).get("for") == node_id):
            return True
    return False


def _attrs(doc: RawDocument, node: int) -> dict[str, str]:
    attrs = doc.column("attributes", node, None) or []
    return {doc.string(attrs[i]).lower(): doc.string(attrs[i + 1])
            for i in range(0, len(attrs) - 1, 2)}


def _is_ancestor(doc: RawDocument, ancestor: int, node: int) -> bool:
    return ancestor in _ancestors(doc, node)


def _label(doc: RawDocument, node: int) -> str:
    tag = doc.string(doc.column("nodeName", node, -1)).lower()
    values = _attrs(doc, node)
    if values.get("id"):
        return f"{tag}#{values['id']}"
    classes = values.get("class", "").split()
    return f"{tag}.{classes[0]}" if classes else tag


def _hides_what_is_under(doc: RawDocument, node: int) -> bool:
    """An opaque background colour (alpha 0.9 or more) or a background image, at full
    opacity: nothing under the box shows through."""
    try:
        opacity = float(doc.style(node, "opacity") or "1")
    except ValueError:
        opacity = 1.0
    if opacity < 0.9:
        return False
    if (doc.style(node, "background-image") or "none") != "none":
        return True
    colour = parse_color(doc.style(node, "background-color") or "")
    return colour is not None and colour[3] >= 0.9
