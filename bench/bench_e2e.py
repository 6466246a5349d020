"""End-to-end snapshot timings through the real extension and host, per stage.

Serves generated pages of about 1k/5k/20k(/100k) elements from 127.0.0.1, drives one
Debian Chromium with the unpacked extension, and for each page and format takes a warm-up
snapshot then the median of ``--runs`` snapshots. Stages come from the reply: the
extension's (attach, stabilize, AX, DOMSnapshot, walker, transfer) and the host's.

    .venv/bin/python bench/bench_e2e.py                 # 1k, 5k, 20k
    .venv/bin/python bench/bench_e2e.py --sizes 1000 5000 20000 100000 --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent / "pages"))

from generate import SECRET, write_pages

from axsnap_host.browser import Browser
from axsnap_host.serve import serve_directory

RESULTS = Path(__file__).parent / "results"


def _numbers(prefix: str, values: dict[str, Any], into: dict[str, float]) -> None:
    """Copy numeric leaves of a (possibly nested) timings dict under one flat prefix."""
    for key, value in values.items():
        if isinstance(value, dict):
            _numbers(prefix, value, into)
        elif isinstance(value, int | float):
            into.setdefault(f"{prefix}.{key}", float(value))


def _stage_times(reply: dict[str, Any], wall_ms: float) -> dict[str, float]:
    stages: dict[str, float] = {"wall_ms": wall_ms}
    _numbers("ext", reply.get("timings") or {}, stages)
    _numbers("host", (reply.get("result") or {}).get("timings") or {}, stages)
    _numbers("size", reply.get("sizes") or {}, stages)
    return stages


def measure(browser: Browser, url: str, fmt: str, runs: int) -> dict[str, float]:
    browser.open(url)
    samples: list[dict[str, float]] = []
    for i in range(runs + 1):  # the first run warms caches and is dropped
        started = time.perf_counter()
        reply = browser.snapshot_raw(format=fmt, stabilize={"enabled": False})
        wall = (time.perf_counter() - started) * 1000
        if SECRET in json.dumps(reply):
            raise SystemExit(f"secret leaked in {fmt} output of {url}")
        if i:
            samples.append(_stage_times(reply, wall))
    keys = sorted({k for s in samples for k in s})
    return {k: statistics.median(s[k] for s in samples if k in s) for k in keys}


def render_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| page | format | wall ms | attach | AX | DOMSnapshot | walker | transfer | host | "
        "reply KB |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]

    def cell(stats: dict[str, float], *keys: str) -> str:
        for key in keys:
            if key in stats:
                return f"{stats[key]:.0f}"
        return "–"

    for row in rows:
        s = row["stats"]
        reply_kb = s.get("size.reply_bytes", 0) / 1024
        lines.append(
            f"| {row['size']:,} | {row['format']} | {s['wall_ms']:.0f} | "
            f"{cell(s, 'ext.attach_ms')} | {cell(s, 'ext.ax_ms')} | "
            f"{cell(s, 'ext.dom_snapshot_ms')} | {cell(s, 'ext.walker_ms')} | "
            f"{cell(s, 'ext.transfer_ms')} | {cell(s, 'host.host_ms', 'ext.host_ms')} | "
            f"{reply_kb:.0f} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    parser.add_argument("--formats", nargs="+", default=["snapshot", "domtext"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp), args.sizes)
        with serve_directory(Path(tmp)) as base, Browser() as browser:
            for size, path in pages.items():
                for fmt in args.formats:
                    stats = measure(browser, base + path.name, fmt, args.runs)
                    rows.append({"size": size, "format": fmt, "stats": stats})
                    print(f"{size:>7} {fmt:<9} {stats['wall_ms']:8.0f} ms", file=sys.stderr)
    table = render_table(rows)
    print(table)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e.md").write_text(table + "\n", encoding="utf-8")
    (RESULTS / "e2e.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
