"""What a recorded read's reply is made of: the bytes of each field of its result, and of each
key of DOM text's element records (issue 33: rust-wrapping's DOM text reply is 15 MB).

    # the reply's text as its frames carry it (bench/bench_host_memory.py replay --frames)
    nice .venv/bin/python bench/bench_host_memory.py replay /tmp/rec/dom.jsonl --frames /tmp/dom.txt
    nice .venv/bin/python bench/reply_fields.py /tmp/dom.txt [more.txt ...]

A field's bytes are its compact JSON (UTF-8, ``ensure_ascii=False``, as the host writes it);
an element key's are ``"key":value,`` summed over the records that have it. ``--costs`` also
times, per reply, what follows the bytes with and without the element records (the best of
5): the host's encode and deflate of the result (orjson, zlib level 1, native/chunk_deflate.py)
and a parse of the text (``json.loads``, the collector paused as the Python client parses:
client/reply_json.py), and writes the reply without them beside it (``<file>.lean``) for
bench/reply_worker_side.mjs (the worker's inflate and ``JSON.parse`` of both, in node).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def _best_ms(work: Callable[[], Any], times: int = 5) -> float:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        work()
        spent.append((time.perf_counter() - started) * 1000)
    return min(spent)


def _parse(text: str) -> Any:
    gc.disable()
    try:
        return json.loads(text)
    finally:
        gc.enable()


def report(path: Path, costs: bool) -> None:
    for line in path.read_text(encoding="utf-8").splitlines():
        reply = json.loads(line)
        result = reply.get("result") or {}
        print(f"== {path} ({result.get('format')}): {len(line.encode()):,} bytes")
        for key, value in result.items():
            print(f"  {key:24} {_size(value):>12,}")
        records = result.get("elements") or []
        if records:
            by_key: Counter[str] = Counter()
            held: Counter[str] = Counter()
            for record in records:
                for key, value in record.items():
                    by_key[key] += len(json.dumps(key)) + 2 + _size(value)
                    held[key] += 1
            print(f"  {len(records):,} element records, bytes by key (and how many have it):")
            for key, size in by_key.most_common():
                print(f"    {key:22} {size:>12,}  ({held[key]:,})")
        if costs and records:
            import orjson

            lean = {**reply, "result": {k: v for k, v in result.items() if k != "elements"}}
            lean_text = json.dumps(lean, ensure_ascii=False, separators=(",", ":"))
            # (for bench/reply_worker_side.mjs: the worker's inflate and parse of both)
            Path(f"{path}.lean").write_text(lean_text + "\n", encoding="utf-8")
            for name, value, text in (("whole", reply, line), ("no elements", lean, lean_text)):
                encode = _best_ms(lambda v=value: zlib.compress(orjson.dumps(v), 1))
                parse = _best_ms(lambda t=text: _parse(t))
                print(f"  {name:12} {len(text.encode()):>12,} bytes, deflated "
                      f"{len(zlib.compress(text.encode(), 1)):>10,}; encode + deflate "
                      f"{encode:6.1f} ms; parse {parse:6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("replies", nargs="+", type=Path, help="replay --frames files")
    parser.add_argument("--costs", action="store_true",
                        help="also time the encode and parse with and without the elements")
    args = parser.parse_args()
    for path in args.replies:
        report(path, args.costs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
