"""The walker's records on their way to the host: rows under key tables, decoded at intake.

A whole-page read's request is the walker's records (node's ``fs`` page 2.2 MB, the
generated 100k page 15.7 MB), and a third of those bytes were the records' keys, written
again in each of ~100k records. The extension (lib/common/walker_wire.js) sends them as
:class:`WalkerRows`: each distinct key list once (``keys``), and per record its key list's
index, then its values in that order, all records in one flat list (``data``). ``alive``
(the world's live element ids, ascending runs of consecutive numbers) goes as
``alive_runs``: ``[first, count, first, count, ...]``. :func:`walker_from_wire` turns both
back into the ``elements`` and ``alive`` the walker wrote, each where it stood among the
walker's keys, with every record's keys in the order it had: the host reads the same dicts
and lists it read before
(bench/results/walker_wire.md; docs/design/53-walker-wire.md).

contract.py hands the field names to the extension (``WALKER_WIRE`` in contract.js).
A walker output without these fields (a recording, a test, a plain-page run) is read as is.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from pydantic import BaseModel

from axsnap_host.models.ax_rows_wire import (
    AX_ROWS_FIELD,
    ax_rows_contract,
    axt_from_wire,
    compact_rows,
)
from axsnap_host.models.capture_checks import CaptureShapeError


class WalkerRows(BaseModel):
    """The records of one walker run (its ``elements``), sent as rows."""

    keys: list[list[str]]  # each distinct key list of a record, in the record's order
    data: list[Any]  # per record: its key list's index, then its values in that list's order


ROWS_FIELD = "rows"  # in a walker output, in place of "elements"
ALIVE_RUNS_FIELD = "alive_runs"  # in place of "alive"
_REPLACED = {ROWS_FIELD: "elements", ALIVE_RUNS_FIELD: "alive"}
# A read named by the walker's ids (node_ids "walker", design notes 144, 154, 159): in each
# walker run, the indices of the records the walker listed (extension/lib/walker/src/
# listable.js, the one rule; sent by src/records.js), ascending. The host keys those records
# by a stand-in for the backendNodeId it never learns (pipeline/elements/walker_ids.py).
LISTED_FIELD = "listed"
# A whole-page read whose every format is SnapshotV1 or the outline from the walk (ax_source
# "walk", no DOM channel format beside: extension/lib/walker/walker_reads.js leanRecords): the
# walker leaves out of its records the fields no step of those formats reads (src/lean.js;
# docs/design/168-lean-records.md, the audit): the parent's words and pointer (``ptx``,
# ``ptr``: DOM text's re-render signatures), the window and viewport marks (``win``, ``inv``:
# the DOM channel's window), a clipped box and its point (``clip``, ``pt``), the id's
# uniqueness (``idu``: selectors). A record's text (``tx``) stays only where a secret's
# decision reads it (pipeline/secrets.py: a label's text, or the text of an element with an id
# that aria-labelledby may name). Such a run says ``lean``: no DOM channel format may read it
# (``refuse_lean``). ``ic`` stays (the extension lists the records it names: src/listable.js).
LEAN_FIELD = "lean"
LEAN_DROPPED = ("ptx", "ptr", "win", "inv", "clip", "pt", "idu")
LEAN_TEXT = "tx"
LEAN_TEXT_TAGS = ("label",)  # a record of one of these tags keeps its text (and one with an id)


def lean_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``rec`` as a lean walk writes it: the walker's rule (src/lean.js), for the tests and
    bench/lean_records.py, which hold the walker's output to it."""
    step, attrs = rec.get("s"), rec.get("a")
    keep_text = (isinstance(step, str) and step.split("[", 1)[0] in LEAN_TEXT_TAGS) or bool(
        isinstance(attrs, dict) and attrs.get("id"))
    return {key: value for key, value in rec.items()
            if key not in LEAN_DROPPED and (keep_text or key != LEAN_TEXT)}


def wire_contract() -> dict[str, Any]:
    """What the extension's encoder needs to know (contract.js ``WALKER_WIRE``)."""
    return {"ROWS": ROWS_FIELD, "ROWS_FIELDS": list(WalkerRows.model_fields),
            "ALIVE_RUNS": ALIVE_RUNS_FIELD, "REPLACES": dict(_REPLACED),
            "LISTED": LISTED_FIELD,
            "LEAN": {"FIELD": LEAN_FIELD, "DROPPED": list(LEAN_DROPPED), "TEXT": LEAN_TEXT,
                     "TEXT_TAGS": list(LEAN_TEXT_TAGS)},
            # the walk's accessibility rows, compact (models/ax_rows_wire.py, design note 173)
            "AX_ROWS": ax_rows_contract()}


def wire_stats(walker: Any) -> dict[str, int]:
    """What a read's reply says of how its walk travelled: ``records_lean`` (a lean walk) and
    ``ax_rows_compact`` (how many accessibility rows came compact: models/ax_rows_wire.py)."""
    out: dict[str, int] = {}
    if type(walker) is dict and walker.get(LEAN_FIELD):
        out["records_lean"] = 1
    if rows := compact_rows(walker):
        out["ax_rows_compact"] = rows
    return out


def refuse_lean(walker: Any, fmt: str) -> None:
    """Raise CaptureShapeError when a lean run (see ``LEAN_FIELD``, or a subframe's) reaches
    format ``fmt``, which reads the fields such a run leaves out (any format but SnapshotV1
    and the outline)."""
    if type(walker) is not dict or fmt in ("snapshot", "outline"):
        return
    runs = [walker, *(sub.get("result") for sub in walker.get("subframes") or ()
                      if type(sub) is dict)]
    if any(type(one) is dict and one.get(LEAN_FIELD) for one in runs):
        raise CaptureShapeError(
            f"walker.{LEAN_FIELD}: the walk left out record fields format {fmt!r} reads "
            "(only SnapshotV1 and the outline read a lean walk)")


def check_listed(walker: dict[str, Any], where: str = "walker", depth: int = 0) -> None:
    """A run's ``listed`` (if sent): ascending indices of its records; the same in each
    cross-origin subframe's run. Raises CaptureShapeError."""
    listed = walker.get(LISTED_FIELD)
    if listed is not None:
        count = len(walker.get("elements") or ())
        last = -1
        ok = type(listed) is list
        for i in listed if ok else ():
            if type(i) is not int or not last < i < count:
                ok = False
                break
            last = i
        if not ok:
            raise CaptureShapeError(
                f"{where}.{LISTED_FIELD}: must be ascending indices of its {count} records")
    for i, sub in enumerate(walker.get("subframes") or [] if depth < 8 else ()):
        if type(sub) is dict and type(sub.get("result")) is dict:
            check_listed(sub["result"], f"{where}.subframes[{i}].result", depth + 1)


def walker_from_wire(walker: Any, where: str = "walker", depth: int = 0) -> Any:
    """``walker`` with ``rows`` and ``alive_runs`` turned back into ``elements`` and
    ``alive``, and ``axt.rw`` into ``axt.rows`` (models/ax_rows_wire.py), the same in each
    cross-origin subframe's run. Anything else is returned as it came. Raises
    CaptureShapeError on rows or runs that cannot be decoded."""
    if type(walker) is not dict:
        return walker
    subframes = walker.get("subframes")
    if type(subframes) is list and depth < 8:
        for i, sub in enumerate(subframes):
            if type(sub) is dict and type(sub.get("result")) is dict:
                result = sub["result"]
                decoded = walker_from_wire(result, f"{where}.subframes[{i}].result", depth + 1)
                if decoded is not result:
                    subframes[i] = {**sub, "result": decoded}
    axt = walker.get("axt")
    compact_axt = type(axt) is dict and AX_ROWS_FIELD in axt
    if ROWS_FIELD not in walker and ALIVE_RUNS_FIELD not in walker and not compact_axt:
        return walker
    if ("elements" in walker and ROWS_FIELD in walker) or ("alive" in walker and (
            ALIVE_RUNS_FIELD in walker)):
        raise CaptureShapeError(f"{where}: both a field and its wire form were sent")
    out: dict[str, Any] = {}
    for key, value in list(walker.items()):
        if key == ROWS_FIELD:
            out["elements"] = records_from_rows(value, f"{where}.{ROWS_FIELD}")
        elif key == ALIVE_RUNS_FIELD:
            out["alive"] = ids_from_runs(value, f"{where}.{ALIVE_RUNS_FIELD}")
        elif key == "axt" and compact_axt:
            out["axt"] = axt_from_wire(value, f"{where}.axt")
        else:
            out[key] = value
    # the request's parsed message is held until its reply is sent (Host.release): its flat
    # list of values (8 MB on the 100k page) need not be
    walker.pop(ROWS_FIELD, None)
    walker.pop(ALIVE_RUNS_FIELD, None)
    return out


def records_from_rows(rows: Any, where: str) -> list[dict[str, Any]]:
    """The records ``rows`` (a :class:`WalkerRows`) stands for, each a new dict."""
    if type(rows) is not dict or type(rows.get("keys")) is not list or (
            type(rows.get("data")) is not list):
        raise CaptureShapeError(
            f"{where}: must be {{keys: [[key...]...], data: [index, value...]}}")
    shapes: list[tuple[str, ...]] = []
    for i, keys in enumerate(rows["keys"]):
        if type(keys) is not list or not all(type(k) is str for k in keys) or (
                len(set(keys)) != len(keys)):
            raise CaptureShapeError(f"{where}.keys[{i}]: must be a list of distinct strings")
        shapes.append(tuple(keys))
    count = len(shapes)
    records: list[dict[str, Any]] = []
    append = records.append
    values = iter(rows["data"])
    for shape in values:
        if type(shape) is not int or not 0 <= shape < count:
            raise CaptureShapeError(
                f"{where}.data: record {len(records)} does not start with the index of a key "
                f"list (one of {count})")
        keys = shapes[shape]
        # zip asks `keys` first, so it takes len(keys) values and no more
        rec = dict(zip(keys, values, strict=False))
        if len(rec) != len(keys):
            raise CaptureShapeError(f"{where}.data: record {len(records)} is cut short")
        append(rec)
    return records


def ids_from_runs(runs: Any, where: str) -> list[int]:
    """The ids ``[first, count, first, count, ...]`` stands for, in that order."""
    if type(runs) is not list or len(runs) % 2 or not all(
            type(n) is int for n in runs) or any(n < 0 for n in runs[1::2]):
        raise CaptureShapeError(f"{where}: must be [first, count, ...] integers, counts >= 0")
    if sum(runs[1::2]) > 1_000_000:
        raise CaptureShapeError(f"{where}: more than 1,000,000 ids")
    return list(chain.from_iterable(
        range(first, first + n) for first, n in zip(runs[::2], runs[1::2], strict=True)))
