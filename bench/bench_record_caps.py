"""DOM text's cap walk with and without the record test of design note 252, on recorded reads.

    # a recording (bench/bench_host_memory.py record --modes cpu|walker), cut per read
    nice .venv/bin/python bench/bench_host_cpu.py split /tmp/rec/<pid>.jsonl
    # every DOM cap of each read done both ways on the same result: the same capped result,
    # type for type, and the same answer for the hash (exits 1 on any difference)
    nice .venv/bin/python bench/bench_record_caps.py diff /tmp/rec/dom.jsonl /tmp/rec/all.jsonl
    # CPU by turns in one process: the whole read (a fresh Host, its reply written to
    # /dev/null, the collector held as serve() holds it) and its cap step, the walk of every
    # record (before) and the records the test passes left out (after), alternately
    nice .venv/bin/python bench/bench_record_caps.py turns /tmp/rec/dom.jsonl --turns 9

``diff`` replays a read through a Host; each time the DOM read caps its result
(``pipeline/run.py`` calls ``cap_strings_plain`` with ``left_as_is``), a deep copy is capped
by the walk alone (``left_as_is`` None, as before note 252) and compared with the result
capped the new way.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import bench_host_cpu  # (beside this file)


def _same(a: Any, b: Any) -> bool:
    """Equal, type for type, keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b or (a != a and b != b))


def _frames(path: Path) -> list[str]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _read(texts: list[str]) -> float:
    """One read's CPU ms through a fresh Host, as bench_host_cpu.py replays it."""
    return float(bench_host_cpu._read_once(texts))


def diff(paths: list[Path]) -> int:
    from axsnap_host.pipeline import run
    from axsnap_host.pipeline.caps import cap_strings_plain
    from axsnap_host.pipeline.elements.record_caps import left_as_is

    failed = 0
    seen: list[tuple[int, int, bool]] = []

    def both(result: dict[str, Any], parts: tuple[str, ...], test: Any = None) -> bool:
        before = copy.deepcopy(result)
        plain_before = cap_strings_plain(before, parts)
        records = result.get("elements")
        passed = sum(1 for r in records if type(r) is dict and left_as_is(r)) \
            if type(records) is list else 0
        plain = cap_strings_plain(result, parts, test)
        agree = plain == plain_before and _same(result, before)
        seen.append((len(records) if type(records) is list else 0, passed, agree))
        return plain

    run.cap_strings_plain = both
    for path in paths:
        seen.clear()
        _read(_frames(path))
        for records, passed, agree in seen:
            print(f"{path}: {records} records, {passed} not walked, "
                  f"{'the same' if agree else 'DIFFERENT'}")
            failed += not agree
        if not seen:
            print(f"{path}: no DOM cap")
    return 1 if failed else 0


def _quartiles(values: list[float]) -> str:
    if len(values) < 2:
        return "-"
    low, _, high = statistics.quantiles(values, n=4)
    return f"{low:.0f}-{high:.0f}"


def turns(paths: list[Path], count: int) -> int:
    from axsnap_host.pipeline import run
    from axsnap_host.pipeline.elements.record_caps import left_as_is

    cap_ms: list[float] = []
    real = run.cap_strings_plain

    def timed(result: dict[str, Any], parts: tuple[str, ...], test: Any = None) -> bool:
        started = time.process_time()
        try:
            return real(result, parts, test)
        finally:
            cap_ms.append((time.process_time() - started) * 1000)

    run.cap_strings_plain = timed
    for path in paths:
        texts = _frames(path)
        _read(texts)  # imports, the tokenizer's first pieces, the memos
        whole: dict[str, list[float]] = {"before": [], "after": []}
        caps: dict[str, list[float]] = {"before": [], "after": []}
        for turn in range(count * 2):
            side = ("before", "after")[turn % 2]
            run.left_as_is = None if side == "before" else left_as_is
            cap_ms.clear()
            gc.collect()
            whole[side].append(_read(texts))
            caps[side].append(sum(cap_ms))
        print(f"{path} ({count} turns a side, CPU ms: median (quartiles) [min-max])")
        for label, values in (("whole read", whole), ("cap step", caps)):
            line = "  ".join(f"{side} {statistics.median(v):7.1f} ({_quartiles(v)}) "
                             f"[{min(v):.0f}-{max(v):.0f}]" for side, v in values.items())
            print(f"  {label:10s}  {line}")
        sys.stdout.flush()
    run.left_as_is = left_as_is
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("diff").add_argument("reads", type=Path, nargs="+")
    timing = sub.add_parser("turns")
    timing.add_argument("reads", type=Path, nargs="+")
    timing.add_argument("--turns", type=int, default=9)
    args = parser.parse_args()
    if args.command == "diff":
        return diff(args.reads)
    return turns(args.reads, args.turns)


if __name__ == "__main__":
    sys.exit(main())
