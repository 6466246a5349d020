"""Structural checks of the raw parts of a capture (walker output, DOMSnapshot), at the
boundary: what no browser sends but a message can (a parent index that loops, columns of
different lengths, a non-finite box) is refused here with a message naming the place, so
the pipeline can read the rest without guarding every index.

Cheap by design: one pass over the records and columns (no model per node).
"""

from __future__ import annotations

import math
import operator
from typing import Any

from axsnap_host.models.dom_columns import COLUMN_TYPES

MAX_SAFE_ID = 2**53 - 1  # JavaScript's largest exact integer: ids travel through JSON to JS


class CaptureShapeError(ValueError):
    """A capture whose structure cannot be (the message says where and why)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def check_walker(walker: dict[str, Any], where: str = "walker", depth: int = 0) -> None:
    """Parents and DOM parents listed before their children, frame indices in range, boxes
    of four finite numbers; the same for each cross-origin subframe's own run."""
    elements = walker.get("elements", [])
    frames = walker.get("frames", [])
    for key in ("viewport", "scroll", "dpr"):
        check_finite(walker.get(key), f"{where}.{key}")
    if not isinstance(elements, list) or not isinstance(frames, list):
        raise CaptureShapeError(f"{where}: elements and frames must be lists")
    frame_count = len(frames)
    for i, frame in enumerate(frames):
        if not isinstance(frame, dict):
            raise CaptureShapeError(f"{where}.frames[{i}]: must be an object")
        parent = frame.get("parent", -1)
        if not _is_int(parent) or not -1 <= parent < i:
            raise CaptureShapeError(
                f"{where}.frames[{i}].parent: {parent!r} is not an earlier frame")
        owner = frame.get("owner", -1)
        if not _is_int(owner) or not -1 <= owner < len(elements):
            raise CaptureShapeError(f"{where}.frames[{i}].owner: {owner!r} is not a record index")
    frame_end = max(frame_count, 1)
    for i, rec in enumerate(elements):
        if type(rec) is dict and _plain_record(rec, i, frame_end):
            continue  # what a walker sends, checked with few calls; else the loops say where
        if not isinstance(rec, dict):
            raise CaptureShapeError(f"{where}.elements[{i}]: must be an object")
        for key in ("p", "dp"):
            if key not in rec and key == "dp":
                continue
            value = rec.get(key, -1)
            if not _is_int(value) or not -1 <= value < i:
                raise CaptureShapeError(
                    f"{where}.elements[{i}].{key}: {value!r} is not an earlier record (the "
                    "walker lists parents before children; a later or missing one would loop)")
        for key in ("f", "fr"):
            if key not in rec and key == "fr":
                continue
            value = rec.get(key, 0)
            if not _is_int(value) or not 0 <= value < max(frame_count, 1):
                raise CaptureShapeError(f"{where}.elements[{i}].{key}: frame {value!r} is not "
                                        f"one of the {frame_count} walker frames")
        box = rec.get("r")
        if box is not None and (not isinstance(box, list) or len(box) != 4
                                or not all(_finite(v) for v in box)):
            raise CaptureShapeError(f"{where}.elements[{i}].r: must be four finite numbers")
        backend = rec.get("b")
        if backend is not None and not (_is_int(backend) and 0 <= backend <= MAX_SAFE_ID):
            raise CaptureShapeError(f"{where}.elements[{i}].b: {backend!r} is not a node id")
    if depth == 0:
        for i, sub in enumerate(walker.get("subframes") or []):
            result = sub.get("result") if isinstance(sub, dict) else None
            if isinstance(result, dict):
                check_walker(result, f"{where}.subframes[{i}].result", depth + 1)


def _plain_record(rec: dict[str, Any], i: int, frame_end: int) -> bool:
    """Whether one record passes every check of :func:`check_walker` (True), by the common
    shapes only: exact ints, a box of four finite ints or floats. False: not shown here,
    the exact checks decide (and say where)."""
    p = rec.get("p", -1)
    if type(p) is not int or not -1 <= p < i:
        return False
    if "dp" in rec:
        dp = rec["dp"]
        if type(dp) is not int or not -1 <= dp < i:
            return False
    f = rec.get("f", 0)
    if type(f) is not int or not 0 <= f < frame_end:
        return False
    if "fr" in rec:
        fr = rec["fr"]
        if type(fr) is not int or not 0 <= fr < frame_end:
            return False
    box = rec.get("r")
    if box is not None:
        if type(box) is not list or len(box) != 4:
            return False
        for v in box:
            kind = type(v)
            if kind is float:
                if v - v != 0.0:  # inf or nan
                    return False
            elif kind is not int:
                return False
    backend = rec.get("b")
    return backend is None or (type(backend) is int and 0 <= backend <= MAX_SAFE_ID)


def check_finite(value: Any, where: str, depth: int = 0) -> None:
    """Every number in a small nested structure (layout metrics, viewport, scroll) finite."""
    if isinstance(value, float) and not math.isfinite(value):
        raise CaptureShapeError(f"{where}: {value!r} is not a finite number")
    if depth > 8:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            check_finite(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list) and len(value) <= 64:
        for i, item in enumerate(value):
            check_finite(item, f"{where}[{i}]", depth + 1)


NODE_COLUMNS = ("parentIndex", "nodeType", "nodeName", "nodeValue", "backendNodeId",
                "attributes")
LAYOUT_COLUMNS = ("nodeIndex", "bounds", "styles", "text")


def check_dom_snapshot(snapshot: dict[str, Any], where: str = "dom_snapshot") -> None:
    """Every document's node columns (and layout columns) of one length, parents before
    children, node ids integers JavaScript can hold."""
    documents = snapshot.get("documents", [])
    if not isinstance(documents, list) or not isinstance(snapshot.get("strings", []), list):
        raise CaptureShapeError(f"{where}: documents and strings must be lists")
    for d, doc in enumerate(documents):
        if not isinstance(doc, dict):
            raise CaptureShapeError(f"{where}.documents[{d}]: must be an object")
        _check_columns(doc.get("nodes") or {}, NODE_COLUMNS, f"{where}.documents[{d}].nodes")
        _check_columns(doc.get("layout") or {}, LAYOUT_COLUMNS, f"{where}.documents[{d}].layout")
        nodes = doc.get("nodes") or {}
        if _plain_columns(nodes.get("parentIndex") or [], nodes.get("backendNodeId") or []):
            continue  # what a browser sends, checked at C speed; else the loops say where
        for i, parent in enumerate(nodes.get("parentIndex") or ()):
            if not _is_int(parent) or not -1 <= parent < i:
                raise CaptureShapeError(f"{where}.documents[{d}].nodes.parentIndex[{i}]: "
                                        f"{parent!r} is not an earlier node")
        for i, node_id in enumerate(nodes.get("backendNodeId") or ()):
            if not _is_int(node_id) or not 0 <= node_id <= MAX_SAFE_ID:
                raise CaptureShapeError(f"{where}.documents[{d}].nodes.backendNodeId[{i}]: "
                                        f"{node_id!r} is not a node id")


def _plain_columns(parents: list[Any], node_ids: list[Any]) -> bool:
    """Every parent an int before its node (-1 for none), every node id an int in range:
    the loops' conditions, over a whole-page snapshot's 100k+ cells without a call each."""
    if not parents and not node_ids:
        return True
    if set(map(type, parents)) - {int} or set(map(type, node_ids)) - {int}:
        return False  # bools and anything else: the loops name the cell
    if parents and (min(parents) < -1 or not all(map(operator.lt, parents,
                                                     range(len(parents))))):
        return False
    return not node_ids or (min(node_ids) >= 0 and max(node_ids) <= MAX_SAFE_ID)


def _check_columns(table: Any, names: tuple[str, ...], where: str) -> None:
    if not isinstance(table, dict):
        raise CaptureShapeError(f"{where}: must be an object")
    lengths = {}
    for name in names:
        column = table.get(name)
        if column is None:
            continue
        if not isinstance(column, COLUMN_TYPES):  # compact: a kept base's (dom_columns.py)
            raise CaptureShapeError(f"{where}.{name}: must be a list")
        lengths[name] = len(column)
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{k}={v}" for k, v in lengths.items())
        raise CaptureShapeError(f"{where}: columns of different lengths ({shown})")


_EMPTY_ROW: list[Any] = []  # shared by every empty rect row; never written to


def share_style_rows(snapshot: dict[str, Any]) -> None:
    """Make equal ``layout.styles`` rows one tuple, and empty rect rows one list, in place.
    A page repeats a few hundred style combinations over its layout nodes; parsed, each row
    was a list of new ints (about 80 MB of the host's memory on the 100k-element bench
    page), and most rect rows are empty lists. Readers index the rows: they read the same."""
    shared: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for doc in snapshot.get("documents") or ():
        nodes = doc.get("nodes") if isinstance(doc, dict) else None
        attributes = nodes.get("attributes") if isinstance(nodes, dict) else None
        if isinstance(attributes, list):  # text nodes have none
            for i, row in enumerate(attributes):
                if type(row) is list and not row:
                    attributes[i] = _EMPTY_ROW
        layout = doc.get("layout") if isinstance(doc, dict) else None
        if not isinstance(layout, dict):
            continue
        for name in ("clientRects", "scrollRects", "offsetRects"):
            rects = layout.get(name)
            if isinstance(rects, list):
                for i, row in enumerate(rects):
                    if type(row) is list and not row:
                        rects[i] = _EMPTY_ROW
        rows = layout.get("styles")
        if not isinstance(rows, list):
            continue
        if all(type(row) is list for row in rows):
            try:  # one pass at C speed; an unhashable cell falls back to row by row
                rows[:] = [shared.setdefault(key, key) for key in map(tuple, rows)]
                continue
            except TypeError:
                pass
        for i, row in enumerate(rows):
            if type(row) is list:
                try:
                    key = tuple(row)
                    rows[i] = shared.setdefault(key, key)
                except TypeError:  # an unhashable cell: left as it came
                    continue


# The record fields whose texts repeat over a page: a step (``div``, ``td[2]``), a name's
# source, and the shown text, name and label text, often one string three times.
_SHARED_TEXT_KEYS = ("s", "tx", "nm", "ns", "ptx", "ctx", "d")


# The UTF-8 bytes of a request from which its records' equal texts are made one string
# object. Sharing is one more pass over every record: on rust-simd (35k elements, requests of
# 5.9-6.7 MB) 40-50 ms of a DOM text read's ~1 s host CPU for 12 MB less peak (185 -> 173 MB),
# on node-fs (1.5 MB) 25 ms of ~210 for 2 MB; the replies are the same bytes either way. It
# pays near the host's 400 MB bound: the generated 100k page's requests (9.6-10.9 MB, walker
# ids) peak 11-20 MB higher unshared (bench/results/host_memory_lead68.md).
SHARE_TEXTS_FROM_BYTES = 8 << 20
SHARE_TEXTS = "share_record_texts"  # the validation context's key: True, False, or absent


def shares_record_texts(context: Any) -> bool:
    """Whether a capture validated with this context shares its records' texts: as its
    request's size says (``{SHARE_TEXTS: bool}``, native/host.py), else always (a capture
    built in the host's own code or a test: no request size to go by)."""
    if isinstance(context, dict) and isinstance(context.get(SHARE_TEXTS), bool):
        return bool(context[SHARE_TEXTS])
    return True


def share_record_strings(walker: dict[str, Any]) -> None:
    """Make equal texts of the walker's records one string object, in place (the JSON
    parser makes a new string for every value): 18 of the 88 MB the 100k-element bench
    page's records held. The same values: readers see no difference."""
    shared: dict[str, str] = {}
    keep = shared.setdefault
    runs = [walker, *((sub.get("result") if isinstance(sub, dict) else None)
                      for sub in walker.get("subframes") or ())]
    for run in runs:
        elements = run.get("elements") if isinstance(run, dict) else None
        for rec in elements if isinstance(elements, list) else ():
            if type(rec) is not dict:
                continue
            for key in _SHARED_TEXT_KEYS:
                value = rec.get(key)
                if type(value) is str:
                    rec[key] = keep(value, value)
            reasons = rec.get("c")
            if type(reasons) is list:
                for i, reason in enumerate(reasons):
                    if type(reason) is str:
                        reasons[i] = keep(reason, reason)
