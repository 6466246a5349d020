"""The DOMSnapshot of a tab's last whole-page read, kept so the next sends only what changed.

A whole-page read's DOMSnapshot is a few columns per document (node names, attributes,
parents, layout boxes, computed styles...), 3.3 MB of JSON on the 20k-element bench page.
After a small change most columns are what they were: a text edit changes one string of the
string table and, when it moves the layout, the boxes; the styles (a third of the bytes),
the attributes, the parents, the names stay. So the host keeps the DOMSnapshot of a read
(a *base*, named by the extension: ``capture.dom_snapshot_key``), and the extension's next
read of the same document may leave out every column equal to the base's, naming them in
``capture.dom_snapshot_base`` (extension/lib/reuse/dom_snapshot_base.js). The string table
(a third of what is left on the bench page) is sent as the strings between its common head
and tail with the base's (``dom_snapshot_base.strings``: how many at each end): a text edit
changes one string, or inserts a few, in the middle. A column that differs in a few cells
(the boxes of the edited row, the id of its new text node: a third of the bench page's
3.3 MB is boxes) is sent as those cells (``dom_snapshot_base.patches``), put into a copy of
the base's column. The host puts the base's columns and strings back before the pipeline
reads the capture: the same DOMSnapshot a whole one would have been, checked again as a
whole (column lengths, parents, ids).

A base is never changed after it is kept (the pipeline only reads the columns; the style
rows are shared tuples already), so the next capture shares its unchanged columns with it.
Bounds: ``max_bases`` bases, and only DOMSnapshots of at most ``max_nodes`` nodes (the
100k-element page's would hold tens of MB between reads; it is sent whole). A base that is
gone (evicted, another host process) fails the request with ``bad_chunk``; the extension
then sends the capture whole.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import pairwise
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.capture_checks import CaptureShapeError, check_dom_snapshot
from axsnap_host.models.dom_columns import COLUMN_TYPES
from axsnap_host.models.errors import AxsnapError, ErrorCode

MAX_BASES = 2
MAX_NODES = 80_000
_HINT = "the extension sends the capture whole again; nothing to do"


def snapshot_nodes(snapshot: dict[str, Any]) -> int:
    """How many nodes a DOMSnapshot holds (over its documents)."""
    return sum(len((doc.get("nodes") or {}).get("parentIndex") or ())
               for doc in snapshot.get("documents") or () if isinstance(doc, dict))


def _fill_strings(snapshot: dict[str, Any], base: dict[str, Any],
                  ends: tuple[int, int] | None) -> int:
    """Put the base's first ``prefix`` and last ``suffix`` strings around the capture's
    (the middle); returns how many strings came from the base."""
    if ends is None:
        return 0
    prefix, suffix = ends
    table = base.get("strings")
    middle = snapshot.get("strings")
    if not isinstance(table, list) or not isinstance(middle, list) or prefix + suffix > len(table):
        raise AxsnapError(ErrorCode.BAD_CHUNK, f"DOMSnapshot strings {prefix}+{suffix} do not "
                          "fit the base's string table", _HINT)
    snapshot["strings"] = table[:prefix] + middle + table[len(table) - suffix:]
    return prefix + suffix


def _patched(column: Any, indices: list[int], values: list[Any], *, styles: bool) -> list[Any]:
    """A copy of the base's column with the cells sent in place (the base stays as kept);
    style rows as tuples, as a whole capture's (models/capture_checks.share_style_rows)."""
    if (not isinstance(column, COLUMN_TYPES) or len(indices) != len(values)
            or any(not 0 <= i < len(column) for i in indices)
            or any(a >= b for a, b in pairwise(indices))):
        raise AxsnapError(ErrorCode.BAD_CHUNK, "DOMSnapshot cells sent do not fit the base's "
                          "column", _HINT)
    out = list(column)
    for i, value in zip(indices, values, strict=True):
        out[i] = tuple(value) if styles and type(value) is list else value
    return out


class DomSnapshotBases:
    """DOMSnapshot key → (tab id, the DOMSnapshot) of the last whole-page reads."""

    def __init__(self, *, max_bases: int = MAX_BASES, max_nodes: int = MAX_NODES) -> None:
        self._bases: OrderedDict[str, tuple[int | None, dict[str, Any]]] = OrderedDict()
        self.max_bases = max_bases
        self.max_nodes = max_nodes

    def __len__(self) -> int:
        return len(self._bases)

    def fill(self, capture: RawCapture) -> dict[str, int] | None:
        """Put the base's columns, patched columns and strings into a capture that left them
        out; returns how many of each (``reused_columns``, ``patched_columns``,
        ``reused_strings``), or None for a whole capture.
        AxsnapError(bad_chunk) when the base is not held or the parts do not fit it."""
        ref = capture.dom_snapshot_base
        if ref is None:
            return None
        held = self._bases.get(ref.id)
        snapshot = capture.dom_snapshot
        if held is None or held[0] != capture.tab.id or not isinstance(snapshot, dict):
            raise AxsnapError(ErrorCode.BAD_CHUNK,
                              f"DOMSnapshot base {ref.id[:80]!r} is not held (evicted, or "
                              "kept by another host process)", _HINT)
        reused_strings = _fill_strings(snapshot, held[1], ref.strings)
        base_docs = held[1].get("documents") or []
        docs = snapshot.get("documents") or []
        cells: list[tuple[int, str, str, Any]] = [(*column, None) for column in ref.columns]
        cells += [(d, part, name, (indices, values)) for d, part, name, indices, values
                  in ref.patches]
        for doc_index, part, name, patch in cells:
            if not (0 <= doc_index < len(docs) and doc_index < len(base_docs)):
                raise AxsnapError(ErrorCode.BAD_CHUNK, f"DOMSnapshot base column "
                                  f"{doc_index}.{part}.{name[:40]} is out of range", _HINT)
            column = (base_docs[doc_index].get(part) or {}).get(name)
            target = docs[doc_index].setdefault(part, {})
            if column is None or not isinstance(target, dict) or name in target:
                raise AxsnapError(ErrorCode.BAD_CHUNK, f"DOMSnapshot base column "
                                  f"{doc_index}.{part}.{name[:40]} is not the base's", _HINT)
            target[name] = column if patch is None else _patched(column, *patch, styles=(
                part, name) == ("layout", "styles"))
        try:
            check_dom_snapshot(snapshot)  # the whole again: lengths, parents, ids
        except CaptureShapeError as exc:
            raise AxsnapError(ErrorCode.BAD_CHUNK, f"DOMSnapshot rebuilt from its base: {exc}",
                              _HINT) from exc
        self._bases.move_to_end(ref.id)
        return {"reused_columns": len(ref.columns), "patched_columns": len(ref.patches),
                "reused_strings": reused_strings}

    def forget_tab(self, tab_id: int | None) -> int:
        """Drop the tab's DOMSnapshots (raw, unredacted page data); how many went."""
        gone = [key for key, (tab, _) in self._bases.items() if tab == tab_id]
        for key in gone:
            del self._bases[key]
        return len(gone)

    def keep(self, capture: RawCapture) -> bool:
        """Keep the capture's DOMSnapshot as the base its key names (the tab's older ones
        go); False when it has no key or is too big to hold."""
        key, snapshot = capture.dom_snapshot_key, capture.dom_snapshot
        if key is None or not isinstance(snapshot, dict):
            return False
        tab = capture.tab.id
        for old in [k for k, (t, _) in self._bases.items() if t == tab]:
            del self._bases[old]
        if snapshot_nodes(snapshot) > self.max_nodes:
            return False
        self._bases[key] = (tab, snapshot)
        while len(self._bases) > self.max_bases:
            self._bases.popitem(last=False)
        return True
