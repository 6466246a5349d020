"""A DOMSnapshot's big columns held compactly: numbers in arrays, not lists of objects.

Parsed from JSON, a whole-page DOMSnapshot's columns are lists of Python objects: a node id
is an 8-byte list slot and a 28-byte int, a layout box a list of four numbers (88 bytes and
its numbers). On the 100k-element bench page (153k nodes, 143k layout boxes) the id columns
(parents, backend ids, layout node indices, names, values, texts, paint orders) and the three
rect columns were about 70 MB of the host's memory while every format of a read ran.

``compact_dom_snapshot`` replaces them, in place, by

- an ``array`` of machine integers for each integer column (``INT_COLUMNS``), and
- a :class:`Rects` for each rect column (``RECT_COLUMNS``): the rows' numbers in one array
  of doubles, a row given back as a new list of four floats (or an empty list).

The same values for every reader: an array index is an ``int``; a rect row is read through
``float()`` by every reader (``index.rect_of``). A column that is not plainly so (a cell of
another type, a rect row of other than 0 or 4 numbers) is left as it came. ``COLUMN_TYPES``
is what a reader accepts as a column. Only the host's own parse is compacted (a caller's
dicts are never changed); a compacted column is never written to.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, TypeGuard, overload

INT_COLUMNS = {"nodes": ("parentIndex", "nodeType", "nodeName", "nodeValue", "backendNodeId"),
               "layout": ("nodeIndex", "text", "paintOrders")}
RECT_COLUMNS = ("bounds", "clientRects", "scrollRects", "offsetRects")
_INT32 = (-(2**31), 2**31 - 1)
_NO_RECT = (0.0, 0.0, 0.0, 0.0)  # an empty row's place in the numbers


class Rects(Sequence[list[float]]):
    """A rect column: row ``i`` is ``[x, y, w, h]`` as floats, or ``[]`` for a node without
    one. Rows are made when read (a new list each time: a reader may keep it)."""

    __slots__ = ("_numbers", "_present")

    def __init__(self, numbers: array[float], present: bytes) -> None:
        self._numbers = numbers
        self._present = present

    @classmethod
    def of(cls, rows: list[Any]) -> Rects | None:
        """The column compacted, or None when a row is not 0 or 4 numbers. At C speed: a
        whole page's four rect columns are half a million rows."""
        if set(map(type, rows)) - {list} or set(map(len, rows)) - {0, 4}:
            return None
        try:  # a cell that is no number (or no double) leaves the column as it came
            numbers = array("d", chain.from_iterable([row or _NO_RECT for row in rows]))
        except (TypeError, OverflowError):
            return None
        return cls(numbers, bytes(map(bool, rows)))

    def __len__(self) -> int:
        return len(self._present)

    @overload
    def __getitem__(self, index: int) -> list[float]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[float]]: ...

    def __getitem__(self, index: int | slice) -> list[float] | list[list[float]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self._present)
        if not self._present[index]:  # IndexError past the end, as a list's
            return []
        start = index * 4
        return self._numbers[start:start + 4].tolist()

    def __iter__(self) -> Iterator[list[float]]:
        return (self[i] for i in range(len(self)))


COLUMN_TYPES = (list, array, Rects)  # what a reader takes as a DOMSnapshot column


def is_column(value: Any) -> TypeGuard[Sequence[Any]]:
    """Whether ``value`` is a DOMSnapshot column (a list, or compacted)."""
    return isinstance(value, COLUMN_TYPES)


def _int_column(column: list[Any]) -> array[int] | None:
    """The column as an array of ints, or None when a cell is not an int."""
    if set(map(type, column)) - {int}:
        return None
    if not column:
        return array("i")
    low, high = min(column), max(column)
    if _INT32[0] <= low and high <= _INT32[1]:
        return array("i", column)
    if low >= -(2**63) and high < 2**63:
        return array("q", column)
    return None


def compact_dom_snapshot(snapshot: Any) -> int:
    """Replace a DOMSnapshot's integer and rect columns by compact ones, in place; how many
    columns were replaced. Anything not plainly a column is left as it came."""
    replaced = 0
    if not isinstance(snapshot, dict):
        return 0
    for doc in snapshot.get("documents") or ():
        if not isinstance(doc, dict):
            continue
        for part, names in INT_COLUMNS.items():
            table = doc.get(part)
            if not isinstance(table, dict):
                continue
            for name in names:
                column = table.get(name)
                if type(column) is list and (compact := _int_column(column)) is not None:
                    table[name] = compact
                    replaced += 1
        layout = doc.get("layout")
        if not isinstance(layout, dict):
            continue
        for name in RECT_COLUMNS:
            column = layout.get(name)
            if type(column) is list and (rects := Rects.of(column)) is not None:
                layout[name] = rects
                replaced += 1
    return replaced


def compact_capture(capture: Any) -> int:
    """Compact the capture's DOMSnapshot and each out-of-process frame's own (the host's
    parse of a request, before the pipeline reads it); how many columns were replaced."""
    snapshots = [capture.dom_snapshot,
                 *(getattr(frame, "dom_snapshot", None) for frame in capture.frames)]
    return sum(compact_dom_snapshot(snapshot) for snapshot in snapshots)
