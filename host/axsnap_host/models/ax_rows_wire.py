"""The walk's accessibility rows on their way to the host: shapes, a state table, one flat list.

A whole-page SnapshotV1 or outline read from the walk sends the document as accessibility
rows (``walker.axt.rows``, extension/lib/walker/src/ax_tree.js: ``[parent row, role, name,
value, state, w, frame, tag?, box?]``), and after the records went lean (design note 168)
they were most of the request: 5.3 of 9.4 M characters on rustdoc's ``Simd``. Most of it
repeats: the role (``StaticText`` 39k times), a link's state (its URL, the same one hundreds
of times), the value ``null``, frame ``0``, tag ``0``, each row's brackets, and the parent and
``w`` written whole where they are a step from the row's or the previous row's.

The extension (lib/common/ax_rows_wire.js) sends such rows as :class:`AxRowsWire` under
``axt.rw`` in place of ``axt.rows``: each distinct (role, which cells are written) pair once
(``shapes``), each distinct state once (``states``), and per row in one flat list (``data``):
its shape's index, then ``row - parent``, then only the cells that differ from their default,
in the row's order (the name unless ``""``, the value unless null, the state's index unless
``0``, ``w`` as its step from the last ``w`` of the same sign unless ``0``, the frame unless
``0``, the tag unless ``0`` or absent, the box's four numbers when there is one).
:func:`ax_rows_from_wire` makes the very lists the walker wrote (equal as JSON, each row's
length as it was), so every reader of ``axt.rows`` (pipeline/axwalk/) reads what it read
before. A run whose rows do not fit the shape (not 7 to 9 cells, a parent, role or ``w`` of
another type, a box not of four) is sent as it is. Design note 173.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from axsnap_host.models.capture_checks import CaptureShapeError


class AxRowsWire(BaseModel):
    """One walker run's accessibility rows, sent compact (see the module docstring)."""

    shapes: list[list[Any]]  # [role, mask]: the cells a row of the shape writes (AX_CELLS)
    states: list[Any]  # each distinct state (a row's fifth cell), once
    data: list[Any]  # per row: its shape, row - parent, then the cells its mask names


AX_ROWS_FIELD = "rw"  # in a run's ``axt``, in place of ``rows``
# in a run's decoded ``axt``: how many of its rows came compact (the reply's
# ``stats.ax_rows_compact`` sums them: compact_rows)
AX_ROWS_SENT = "rows_compact"
# a shape's mask: which of a row's cells are written, in this order (after row - parent)
AX_CELLS = {"name": 1, "value": 2, "state": 4, "w_up": 8, "w_down": 16, "frame": 32,
            "tag_slot": 64, "tag": 128, "box": 256}
_NAME, _VALUE, _STATE, _W_UP, _W_DOWN, _FRAME, _TAG_SLOT, _TAG, _BOX = AX_CELLS.values()


def ax_rows_contract() -> dict[str, Any]:
    """What the extension's encoder needs (contract.js ``WALKER_WIRE.AX_ROWS``)."""
    return {"FIELD": AX_ROWS_FIELD, "FIELDS": list(AxRowsWire.model_fields),
            "CELLS": dict(AX_CELLS)}


def ax_rows_from_wire(wire: Any, where: str) -> list[list[Any]]:
    """The rows ``wire`` (an :class:`AxRowsWire`) stands for, each a new list (a state the
    rows share is one object: no reader changes a row's state in place). Raises
    CaptureShapeError on what cannot be decoded."""
    if type(wire) is not dict or not all(
            type(wire.get(key)) is list for key in AxRowsWire.model_fields):
        raise CaptureShapeError(f"{where}: must be {{shapes: [[role, mask]...], states: [...], "
                                "data: [...]}")
    shapes: list[tuple[str, int]] = []
    for i, shape in enumerate(wire["shapes"]):
        if type(shape) is not list or len(shape) != 2 or type(shape[0]) is not str or (
                type(shape[1]) is not int or not 0 <= shape[1] < 2 * _BOX):
            raise CaptureShapeError(f"{where}.shapes[{i}]: must be [role, mask]")
        shapes.append((shape[0], shape[1]))
    states: list[Any] = wire["states"]
    data: list[Any] = wire["data"]
    count, state_count, size = len(shapes), len(states), len(data)
    rows: list[list[Any]] = []
    append = rows.append
    up = down = 0
    at = 0
    try:
        while at < size:
            shape = data[at]
            if type(shape) is not int or not 0 <= shape < count:
                raise CaptureShapeError(f"{where}.data: row {len(rows)} does not start with "
                                        f"the index of a shape (one of {count})")
            role, mask = shapes[shape]
            step = data[at + 1]
            at += 2
            if type(step) is not int:
                raise CaptureShapeError(f"{where}.data: row {len(rows)}'s parent step must be "
                                        "an integer")
            row = [len(rows) - step, role, "", None, 0, 0, 0]
            if mask & _NAME:
                row[2] = data[at]
                at += 1
            if mask & _VALUE:
                row[3] = data[at]
                at += 1
            if mask & _STATE:
                index = data[at]
                at += 1
                if type(index) is not int or not 0 <= index < state_count:
                    raise CaptureShapeError(f"{where}.data: row {len(rows)}'s state must be "
                                            f"the index of a state (one of {state_count})")
                row[4] = states[index]
            if mask & (_W_UP | _W_DOWN):
                delta = data[at]
                at += 1
                if type(delta) is not int:
                    raise CaptureShapeError(f"{where}.data: row {len(rows)}'s w step must be "
                                            "an integer")
                if mask & _W_UP:
                    up += delta
                    row[5] = up
                else:
                    down -= delta
                    row[5] = down
            if mask & _FRAME:
                row[6] = data[at]
                at += 1
            if mask & _TAG_SLOT:
                if mask & _TAG:
                    row.append(data[at])
                    at += 1
                else:
                    row.append(0)
            if mask & _BOX:
                row.append(data[at:at + 4])
                at += 4
                if at > size:
                    raise IndexError
            append(row)
    except IndexError:
        raise CaptureShapeError(f"{where}.data: row {len(rows)} is cut short") from None
    return rows


def axt_from_wire(axt: Any, where: str) -> Any:
    """A run's ``axt`` with ``rw`` turned back into ``rows``, in its place (a new dict), or
    ``axt`` itself when it has no ``rw``."""
    if type(axt) is not dict or AX_ROWS_FIELD not in axt:
        return axt
    if "rows" in axt:
        raise CaptureShapeError(f"{where}: both rows and {AX_ROWS_FIELD} were sent")
    out = {("rows" if key == AX_ROWS_FIELD else key): (
        ax_rows_from_wire(value, f"{where}.{AX_ROWS_FIELD}") if key == AX_ROWS_FIELD else value)
        for key, value in axt.items()}
    out[AX_ROWS_SENT] = len(out["rows"])
    axt.pop(AX_ROWS_FIELD, None)  # the parsed message is held until the reply: its list need not be
    return out


def compact_rows(walker: Any) -> int:
    """How many accessibility rows of ``walker``'s runs came compact (decoded)."""
    if type(walker) is not dict:
        return 0
    runs = [walker, *(sub.get("result") for sub in walker.get("subframes") or ()
                      if type(sub) is dict)]
    return sum(one["axt"].get(AX_ROWS_SENT) or 0 for one in runs
               if type(one) is dict and type(one.get("axt")) is dict)
