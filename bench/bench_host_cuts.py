"""What the three structural cuts left by note 196 could save of a whole-page read, measured
on recorded reads (issue 33, design note 203).

    # recordings: bench/bench_host_memory.py record, split by bench_host_cpu.py split
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/bench_host_cuts.py \\
        /tmp/rec/simd_w/{dom,snap}.jsonl /tmp/rec100k/{dom,snap}.jsonl --runs 7

Each recording is read once through a fresh ``Host`` (bench_host_cpu.py), and what three
steps of the host are given is kept (a copy): the DOM read's hashed parts as its cap walk
gets them, the compact accessibility rows, the walker's record rows. Then, the garbage
collector held as the host holds it during a big read, each step and a model of its cut
are timed on fresh copies (CPU ms, the median of the runs):

- ``cap walk``: the DOM read's cap walk of its records (pipeline/caps.py), and how many
  strings it cut. Capping the records as they are made cannot come before DOM text is
  rendered from them (a cut record would cut its line otherwise), so the made records are
  walked once more either way: what a cut saves is per value visited.
- ``rows``: the accessibility rows' decoding (models/ax_rows_wire.py); the same decoding
  into locals, no row lists (the walk tree built as the rows are decoded would read them
  so); the walk tree's reading of the decoded rows (``pipeline/axwalk/tree.py``: each row
  unpacked). The fused cut saves at most decode + unpack - locals.
- ``records``: the walker's records decoded from rows (models/walker_wire.py) and their
  texts shared (models/capture_checks.py, only from 8 MiB of request: note 197), against
  one pass that shares while it decodes (checked equal).
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_host_cpu  # (beside this file)

import axsnap_host.models.walker_wire as walker_wire
import axsnap_host.pipeline.caps as caps
import axsnap_host.pipeline.run as run
from axsnap_host.models import ax_rows_wire
from axsnap_host.models.capture_checks import (
    _SHARED_TEXT_KEYS,
    share_record_strings,
)


def _kept(read: list[Any]) -> dict[str, list[Any]]:
    """What the three steps were given in one replay of ``read``, copied as they got it."""
    kept: dict[str, list[Any]] = {"cap": [], "axrows": [], "records": []}
    real_cap, real_axrows = run.cap_strings_plain, ax_rows_wire.ax_rows_from_wire
    real_records = walker_wire.records_from_rows

    def cap(result: dict[str, Any], parts: tuple[str, ...]) -> bool:
        kept["cap"].append(copy.deepcopy({key: result[key] for key in parts if key in result}))
        return real_cap(result, parts)

    def axrows(wire: Any, where: str) -> list[list[Any]]:
        kept["axrows"].append(copy.deepcopy(wire))
        return real_axrows(wire, where)

    def records(rows: Any, where: str) -> list[dict[str, Any]]:
        kept["records"].append(copy.deepcopy(rows))
        return real_records(rows, where)

    run.cap_strings_plain = cap
    ax_rows_wire.ax_rows_from_wire = axrows  # (axt_from_wire's module)
    walker_wire.records_from_rows = records
    try:
        bench_host_cpu._read_once(read)
    finally:
        run.cap_strings_plain = real_cap
        ax_rows_wire.ax_rows_from_wire = real_axrows
        walker_wire.records_from_rows = real_records
    return kept


def _rows_into_locals(wire: dict[str, Any]) -> int:
    """The compact rows read as ax_rows_from_wire reads them, each row's cells left in
    locals (no list): a model of a walk tree built as the rows are decoded."""
    masks = ax_rows_wire.AX_CELLS
    has_name, has_value, has_state = masks["name"], masks["value"], masks["state"]
    w_up, w_down, has_frame = masks["w_up"], masks["w_down"], masks["frame"]
    tag_slot, has_tag, has_box = masks["tag_slot"], masks["tag"], masks["box"]
    shapes = [(shape[0], shape[1]) for shape in wire["shapes"]]
    states, data = wire["states"], wire["data"]
    size, at, made, up, down = len(data), 0, 0, 0, 0
    while at < size:
        _role, mask = shapes[data[at]]
        _parent = made - data[at + 1]
        at += 2
        if mask & has_name:
            _name = data[at]
            at += 1
        if mask & has_value:
            _value = data[at]
            at += 1
        if mask & has_state:
            _state = states[data[at]]
            at += 1
        if mask & (w_up | w_down):
            if mask & w_up:
                up += data[at]
            else:
                down -= data[at]
            at += 1
        if mask & has_frame:
            _frame = data[at]
            at += 1
        if mask & tag_slot and mask & has_tag:
            _tag = data[at]
            at += 1
        if mask & has_box:
            _box = data[at:at + 4]
            at += 4
        made += 1
    return made


def _unpack_rows(rows: list[list[Any]]) -> None:
    """The walk tree's reading of each decoded row (tree.py ``_Tree.add``), alone."""
    for row in rows:
        size = len(row) if type(row) is list else 0
        if size == 9:
            _p, _r, _n, _v, _s, _w, _f, _t, _b = row
        elif size == 8:
            _p, _r, _n, _v, _s, _w, _f, _t = row
        else:
            _p, _r, _n, _v, _s, _w, _f, _t, _b = [*row, None, None, None, None, None, None,
                                                  None, None, None][:9]


def _decode_sharing(rows: dict[str, Any]) -> list[dict[str, Any]]:
    """The records of ``rows`` with their texts shared as they are decoded (one pass)."""
    shared_keys = frozenset(_SHARED_TEXT_KEYS)
    shapes = [tuple(keys) for keys in rows["keys"]]
    at_shared = [tuple(i for i, key in enumerate(keys) if key in shared_keys)
                 for keys in shapes]
    at_reasons = [keys.index("c") if "c" in keys else -1 for keys in shapes]
    data = rows["data"]
    size, at = len(data), 0
    table: dict[str, str] = {}
    keep = table.setdefault
    out: list[dict[str, Any]] = []
    while at < size:
        shape = data[at]
        keys = shapes[shape]
        values = data[at + 1:at + 1 + len(keys)]
        for i in at_shared[shape]:
            value = values[i]
            if type(value) is str:
                values[i] = keep(value, value)
        if (c := at_reasons[shape]) >= 0 and type(values[c]) is list:
            reasons = values[c]
            for i, reason in enumerate(reasons):
                if type(reason) is str:
                    reasons[i] = keep(reason, reason)
        out.append(dict(zip(keys, values, strict=True)))
        at += 1 + len(keys)
    return out


def _timed(runs: int, given: Any, work: Callable[[Any], Any]) -> float:
    """The median CPU ms of ``work`` on ``runs`` fresh copies of ``given``."""
    spent: list[float] = []
    for _ in range(runs):
        fresh = copy.deepcopy(given)
        started = time.process_time()
        work(fresh)
        spent.append((time.process_time() - started) * 1000)
    return statistics.median(spent)


def measure(path: Path, runs: int) -> None:
    read = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    kept = _kept(read)
    gc.disable()  # as the host holds it during a big read (native/memory.py)
    try:
        print(path)
        cuts: list[bool] = []
        real = caps.cap_text

        def counted(text: str, limit: int = caps.MAX_TEXT) -> str:
            out = real(text, limit)
            cuts.append(out is not text)
            return out

        caps.cap_text = counted
        try:
            for parts in kept["cap"]:
                cuts.clear()
                walk = _timed(runs, parts, caps._cap_checking)
                print(f"  cap walk: {walk:.1f} ms, {len(parts.get('elements') or ())} records, "
                      f"{sum(cuts) // runs} strings cut")
        finally:
            caps.cap_text = real
        for wire in kept["axrows"]:
            decoded = ax_rows_wire.ax_rows_from_wire(copy.deepcopy(wire), "rows")
            print(f"  rows ({len(decoded)}): decode "
                  f"{_timed(runs, wire, lambda w: ax_rows_wire.ax_rows_from_wire(w, 'rows')):.1f}"
                  f" ms, into locals {_timed(runs, wire, _rows_into_locals):.1f}, the tree's "
                  f"unpack {_timed(runs, decoded, _unpack_rows):.1f}")
        for rows in kept["records"]:
            def apart(given: dict[str, Any]) -> None:
                share_record_strings({"elements": walker_wire.records_from_rows(given, "r")})

            same = _decode_sharing(copy.deepcopy(rows)) == walker_wire.records_from_rows(
                copy.deepcopy(rows), "r")
            print(f"  records: decode {_timed(runs, rows, lambda r: walker_wire.records_from_rows(r, 'r')):.1f}"  # noqa: E501
                  f" ms, decode then share {_timed(runs, rows, apart):.1f}, sharing as decoded "
                  f"{_timed(runs, rows, _decode_sharing):.1f} (equal: {same})")
    finally:
        gc.enable()
    sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("reads", nargs="+", type=Path, help="one read's recording (split)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    from axsnap_host.pipeline.tokens import warm_up

    warm_up().join()
    for path in args.reads:
        measure(path, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
