"""Inline text flow: whether two text nodes read as one run of text, and what joins them.

The AX tree splits a sentence wherever inline markup does (``Enter "<b>Ann</b>" into``
gives three StaticText nodes, each trimmed), and says nothing about the whitespace between
them or whether they sit in the same block. The DOMSnapshot does: the raw text of the text
nodes, the nodes between them in document order and each element's ``display``. Two text
nodes are one run when they share their nearest block container and nothing but inline
elements and whitespace lies between them; they join with a space exactly when the DOM
has whitespace at the seam.
"""

from __future__ import annotations

from axsnap_host.pipeline.dom.index import DomIndex, RawDocument

TEXT_NODE = 3
ELEMENT_NODE = 1
# Displays that flow inside the surrounding line (``contents`` boxes are not boxes at all).
_INLINE_DISPLAYS = frozenset({"inline", "contents", "ruby", "ruby-text"})
# Inline elements that still break a run of text: a line break, replaced content, controls.
_BREAKING_TAGS = frozenset({
    "br", "wbr", "img", "input", "button", "select", "textarea", "svg", "iframe", "video",
    "audio", "canvas", "object", "embed", "math", "hr", "meter", "progress",
})
_SEAM_SPACE = " \t\n\r\f"


class TextFlow:
    """Answers :meth:`seam` for text nodes of one capture's DOMSnapshot."""

    def __init__(self, dom: DomIndex) -> None:
        self._dom = dom
        self._blocks: dict[tuple[int, int], int] = {}

    def seam(self, first: tuple[int | None, str], second: tuple[int | None, str]) -> str | None:
        """``""`` or ``" "``: how the text of ``second`` follows that of ``first`` (each a
        ``(backendNodeId, frameId)`` of a text node) in one run of inline text; None when
        they are not one run (another block, something else between, not both known)."""
        a = self._dom.locate(*first)
        b = self._dom.locate(*second)
        if a is None or b is None or a[0] != b[0] or a[1] >= b[1]:
            return None
        doc = self._dom.raw_document(a[0])
        if not (_is_text(doc, a[1]) and _is_text(doc, b[1])):
            return None
        block = self._block(a[0], doc, a[1])
        if block < 0 or block != self._block(a[0], doc, b[1]):
            return None
        spaced = _raw_text(doc, a[1]).endswith(tuple(_SEAM_SPACE)) or _raw_text(
            doc, b[1]).startswith(tuple(_SEAM_SPACE))
        for index in range(a[1] + 1, b[1]):
            node_type = doc.column("nodeType", index, 0)
            if index not in doc.layout_of:
                continue  # not rendered (display: none, comments): reads as nothing
            if node_type == TEXT_NODE:
                text = _raw_text(doc, index)
                if text.strip(_SEAM_SPACE):
                    return None  # words between that the AX tree left out
                spaced = spaced or bool(text)
            elif node_type == ELEMENT_NODE and _breaks_run(doc, index):
                return None
        return " " if spaced else ""

    def _block(self, doc_index: int, doc: RawDocument, node_index: int) -> int:
        """The nearest ancestor element that is not inline (its node index), or -1."""
        key = (doc_index, node_index)
        known = self._blocks.get(key)
        if known is not None:
            return known
        current = doc.column("parentIndex", node_index, -1)
        while isinstance(current, int) and current >= 0:
            display = doc.style(current, "display")
            if display is not None and display not in _INLINE_DISPLAYS:
                break
            current = doc.column("parentIndex", current, -1)
        result = current if isinstance(current, int) else -1
        self._blocks[key] = result
        return result


def _is_text(doc: RawDocument, index: int) -> bool:
    return doc.column("nodeType", index, 0) == TEXT_NODE


def _raw_text(doc: RawDocument, index: int) -> str:
    return doc.string(doc.column("nodeValue", index, -1))


def _breaks_run(doc: RawDocument, index: int) -> bool:
    tag = doc.string(doc.column("nodeName", index, -1)).lower()
    display = doc.style(index, "display")
    return tag in _BREAKING_TAGS or (display is not None and display not in _INLINE_DISPLAYS)
