"""DOM text's build and its whole read, two hosts by turns: CPU ms, replays only (note 341).

    git archive main host | tar -x -C /tmp/old        # the old host
    git archive HEAD host | tar -x -C /tmp/new        # the new one (a copy: edits mid-run
                                                      # do not reach it)
    nice .venv/bin/python bench/bench_dom_build_turns.py --turns 5 --runs 5 \\
        --old /tmp/old/host --new /tmp/new/host /tmp/rec/<page>/<read>.jsonl ...

The recordings: bench_host_memory.py record, cut into one file a read by bench_host_cpu.py
split. Each turn runs a process of each host (``--one``: the order alternating), which replays
every read once untimed (imports, the tokenizer's first pieces), then ``--runs`` times through
a fresh Host (bench_host_cpu.py ``_read_once``: the reply written to /dev/null), timing
``run.build_dom_result`` by a wrapper and the whole read. Printed per read: the lowest run of
each side (the one least disturbed by other work on the machine) and the median of all its
runs, and the machine's load while the turns ran.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent


def one(runs: int, paths: list[str]) -> int:
    """One process of one host: ``[build ms, whole read ms]`` per run, per read, as JSON."""
    sys.path.insert(0, str(BENCH))
    from bench_host_cpu import _read_once

    from axsnap_host.pipeline import run
    from axsnap_host.pipeline.tokens import warm_up

    warm_up().join()
    spent = [0.0]
    build = run.build_dom_result

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return build(*args, **kwargs)
        finally:
            spent[0] += (time.process_time() - started) * 1000

    run.build_dom_result = timed  # type: ignore[assignment]
    out: dict[str, list[tuple[float, float]]] = {}
    for path in paths:
        text = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
        _read_once(text)
        rows = []
        for _ in range(runs):
            spent[0] = 0.0
            whole = _read_once(text)
            rows.append((spent[0], whole))
        out[path] = rows
    print(json.dumps(out))
    return 0


def turns(count: int, runs: int, hosts: dict[str, str], paths: list[str]) -> int:
    got: dict[str, dict[str, list[list[float]]]] = {s: {p: [] for p in paths} for s in hosts}
    loads: list[float] = []
    for turn in range(count):
        for side in (["old", "new"] if turn % 2 == 0 else ["new", "old"]):
            loads.append(os.getloadavg()[0])
            done = subprocess.run(
                [sys.executable, __file__, "--one", "--runs", str(runs), *paths],
                env={**os.environ, "PYTHONPATH": hosts[side]}, capture_output=True, text=True,
                check=True)
            for path, rows in json.loads(done.stdout.strip().splitlines()[-1]).items():
                got[side][path].extend(rows)
        print(f"turn {turn + 1} of {count}, load {os.getloadavg()[0]:.1f}", file=sys.stderr)
    print(f"load during: {min(loads):.1f}-{max(loads):.1f}")
    print("| read | runs a side | build old: lowest (median) | build new | Δ lowest | Δ median "
          "| whole old: lowest (median) | whole new | Δ lowest | Δ median |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")

    def delta(a: float, b: float) -> str:
        return f"{(b - a) / a * 100:+.1f} %"

    for path in paths:
        name = "/".join(path.split("/")[-2:]).removesuffix(".jsonl")
        cells = []
        for column in (0, 1):
            old = [row[column] for row in got["old"][path]]
            new = [row[column] for row in got["new"][path]]
            cells += [f"{min(old):.0f} ({statistics.median(old):.0f})",
                      f"{min(new):.0f} ({statistics.median(new):.0f})",
                      delta(min(old), min(new)),
                      delta(statistics.median(old), statistics.median(new))]
        print(f"| {name} | {len(got['old'][path])} | " + " | ".join(cells) + " |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reads", nargs="+")
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", default="/tmp/old/host")
    parser.add_argument("--new", default="/tmp/new/host")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return one(args.runs, args.reads)
    return turns(args.turns, args.runs, {"old": args.old, "new": args.new}, args.reads)


if __name__ == "__main__":
    sys.exit(main())
