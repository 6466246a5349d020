"""The client's parse of a whole-page reply, with the cyclic collector paused (today's
client/reply_json.py) and with plain ``json.loads`` (before), by turns in one client.

    nice .venv/bin/python bench/bench_client_parse.py --pages generated-20k generated-100k --runs 3

Each read is the whole-page DOM text (``exact``, no stabilization wait); printed per page and
way: the medians of the wall time, the extension's ``total_ms``, the client's share (wall
− total_ms: the reply's JSON from the worker over DevTools, then its parse) and the parse. Results:
bench/results/walk_profile.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import NO_WAIT, ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402

from axsnap_host.client import Browser, devtools_bridge  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.reply_json import parse_reply  # noqa: E402

WAYS = {"collector paused": parse_reply, "plain json.loads": json.loads}
PARSED_MS: list[float] = []  # each timed parse of the read in progress


def timed(parse: Any) -> Any:
    def parse_timed(text: Any) -> Any:
        started = time.perf_counter()
        try:
            return parse(text)
        finally:
            PARSED_MS.append((time.perf_counter() - started) * 1000)
    return parse_timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            for name, url in page_urls(base, args.pages, root):
                browser.open(url)
                got: dict[str, dict[str, list[float]]] = {
                    way: {k: [] for k in ("wall_ms", "total_ms", "client_ms", "parse_ms")}
                    for way in WAYS}
                ways = list(WAYS)
                for i in range(args.runs):
                    for way in ways if i % 2 == 0 else ways[::-1]:
                        devtools_bridge.parse_reply = timed(WAYS[way])  # type: ignore[assignment]
                        PARSED_MS.clear()
                        started = time.perf_counter()
                        reply = browser.snapshot_raw(exact=True, format="domtext",
                                                     viewport_only=False, **NO_WAIT)
                        wall = (time.perf_counter() - started) * 1000
                        total = float((reply.get("timings") or {}).get("total_ms") or 0)
                        del reply
                        got[way]["wall_ms"].append(wall)
                        got[way]["total_ms"].append(total)
                        got[way]["client_ms"].append(wall - total)
                        got[way]["parse_ms"].append(sum(PARSED_MS))
                devtools_bridge.parse_reply = parse_reply  # type: ignore[assignment]
                medians = {way: {k: round(statistics.median(v)) for k, v in steps.items()}
                           for way, steps in got.items()}
                print(f"{name} (load {os.getloadavg()[0]:.1f}): {json.dumps(medians)}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
