"""What the act's baseline kept at a whole-page read costs the host (fast path
act_baseline_at_read, design note 199): the memory it holds after the read's reply (the read's
walk, frames and layout, the element records whose reasons changed, the page facts) and the
time its keep takes.

    # record: whole-page DOM text reads (viewport_only false) of the act pages, every frame
    # the host reads saved (bench/host_tap/; a recording holds page text: keep it out of git)
    nice .venv/bin/python bench/probe_baseline_at_read_memory.py record --out /tmp/rec_at_read
    # replay each read twice through a fresh Host in this process: with its token, without
    nice .venv/bin/python bench/probe_baseline_at_read_memory.py replay /tmp/rec_at_read/*.jsonl

``replay`` counts the Python memory still allocated (tracemalloc) once the reply is written
and everything but the host is gone, with the token the extension sent and with it taken out
(nothing kept): the difference is what the baseline holds. It times ``keep_at_read`` itself
(its second join of the records, the comparison, the facts) on its own, the median of five
replays, after one warm-up replay of every read each way.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
PAGES = [("bench", "act_pace/inbox.html"), ("tests", "act/baseline/inbox.html"),
         ("tests", "act/changes/toast.html"), ("tests", "elements/repeated_controls.html")]


def record(out: Path) -> int:
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    out.mkdir(parents=True, exist_ok=True)
    os.environ["AXSNAP_BENCH_TAP"] = str(out)  # the host inherits both through Chromium
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "host_tap"), *filter(None, [os.environ.get("PYTHONPATH")])])
    roots = {"bench": BENCH / "pages", "tests": BENCH.parent / "tests" / "pages"}
    with serve_directory(roots["bench"]) as bench, serve_directory(roots["tests"]) as tests, \
            Browser() as browser:
        for where, page in PAGES:
            browser.open((bench if where == "bench" else tests) + page)
            read = browser.snapshot_raw(format="domtext", viewport_only=False)["result"]
            kept = (read.get("timings") or {}).get("act_baseline_at_read")
            print(f"{page}: {len(read['elements'])} elements, kept {kept}", flush=True)
    print("recorded:", *sorted(str(p) for p in out.glob("*.jsonl")))
    return 0


def _held_after(texts: list[str], token: bool, trace: bool = True) -> tuple[int, bool, float]:
    """(bytes still allocated after the last request's reply, whether a baseline was kept,
    the keep's ms) for the frames ``texts`` replayed through a fresh Host."""
    import axsnap_host.act.baseline_at_read as at_read
    from axsnap_host.native.host import Host

    spent: list[float] = []
    keep = at_read.keep_at_read

    def timed(*args: Any) -> bool:
        started = time.perf_counter()
        try:
            return keep(*args)
        finally:
            spent.append((time.perf_counter() - started) * 1000)

    at_read.keep_at_read = timed
    try:
        gc.collect()
        if trace:  # (not while timing: tracing slows every allocation)
            tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        host = Host()
        for text in texts:
            message = json.loads(text)
            if not token:
                message.pop("baseline", None)
            replies = host.handle_text(json.dumps(message))
            del replies
            host.release()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
        tab = json.loads(texts[-1]).get("capture", {}).get("tab", {}).get("id")
        state = host.tabs.peek(tab)
        kept = state is not None and state.act_baseline is not None
        del state
        tracemalloc.stop()
        del host
        return held, kept, sum(spent)
    finally:
        at_read.keep_at_read = keep


def replay(paths: list[Path]) -> int:
    for path in paths:
        texts = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        reads = [t for t in texts if json.loads(t).get("type") == "snapshot"]
        for text in reads:  # warm up: lazy imports and caches are no read's memory or time
            _held_after([text], token=True)
            _held_after([text], token=False)
        for n, text in enumerate(reads):
            size = len(text)
            without, _, _ = _held_after([text], token=False)
            held, kept, _ = _held_after([text], token=True)
            keep_ms = statistics.median(_held_after([text], token=True, trace=False)[2]
                                        for _ in range(5))
            print(f"{path.name} read {n}: request {size / 1024:.0f} kB, kept {kept}, "
                  f"held {(held - without) / 1024:.0f} kB more ({held / 1024:.0f} vs "
                  f"{without / 1024:.0f} kB), keep {keep_ms:.1f} ms", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--out", type=Path, required=True)
    rep = sub.add_parser("replay")
    rep.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args(argv)
    return record(args.out) if args.command == "record" else replay(args.paths)


if __name__ == "__main__":
    sys.exit(main())
