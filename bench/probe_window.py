"""Window reads of one generated page, formats by turns, with each read's capture steps.

bench_e2e.py reads each format ``--runs`` times in a row, so a burst of load on the shared
machine lands on one format and moves its "× DOM text" ratio. This reads the formats by
turns on one tab (default: DOM text and SnapshotV1 on the 100k page, five rounds) and
prints every read's wall time, the extension's ``total_ms`` and the numeric
``capture_steps`` (the walk, its ids, the AX window), then the medians and their ratio.
The first round also shows what a document's first AX read costs: the renderer builds its
AX object cache then (seconds on a big page), which the e2e bench's warm-up hides.

Before each read it changes one text node inside the window over CDP (bench_e2e.py's
``change_text_in_window``), as bench_e2e.py does: a read measures the capture
an agent pays after a step, not a re-read of an unchanged page (which a cached answer could
serve). ``--unchanged`` reads without the change (the old way).

    nice .venv/bin/python bench/probe_window.py --size 100000 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import change_text_in_window  # noqa: E402
from generate import write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

NO_WAIT = {"stabilize": {"enabled": False}}


def _read(browser: Browser, fmt: str) -> tuple[float, float, dict[str, float]]:
    """One read: wall ms, the extension's total_ms, the numeric capture steps."""
    started = time.perf_counter()
    reply = browser.snapshot_raw(format=fmt, **NO_WAIT)
    wall = (time.perf_counter() - started) * 1000
    timings = reply.get("timings") or {}
    steps = {k: v for k, v in (timings.get("capture_steps") or {}).items()
             if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return wall, float(timings.get("total_ms") or 0), steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000, help="elements in the generated page")
    parser.add_argument("--rounds", type=int, default=5, help="reads of each format, by turns")
    parser.add_argument("--formats", nargs="+", default=["domtext", "snapshot"],
                        help="formats read in turn (the first is the ratio's base)")
    parser.add_argument("--unchanged", action="store_true",
                        help="no text change before each read (re-reads of an unchanged page)")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="axsnap-probe-"))
    write_pages(scratch, [args.size])
    walls: dict[str, list[float]] = {fmt: [] for fmt in args.formats}
    with serve_directory(scratch) as base, Browser() as browser:
        browser.open(base.rstrip("/") + f"/page_{args.size}.html")
        for round_no in range(args.rounds):
            for turn, fmt in enumerate(args.formats):
                if not args.unchanged:
                    change_text_in_window(browser, round_no * len(args.formats) + turn)
                wall, total, steps = _read(browser, fmt)
                if round_no:  # the first round pays the document's first walk and AX read
                    walls[fmt].append(wall)
                print(f"round {round_no} {fmt:<10} wall {wall:8.1f} ms  ext {total:8.1f} ms  "
                      f"{json.dumps(steps)}", flush=True)
    medians = {fmt: statistics.median(v) for fmt, v in walls.items() if v}
    base_fmt = args.formats[0]
    for fmt, median in medians.items():
        ratio = median / medians[base_fmt] if medians.get(base_fmt) else float("nan")
        print(f"{fmt:<10} median wall {median:8.1f} ms  × {base_fmt} {ratio:.2f} "
              f"(rounds 1-{args.rounds - 1})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
