"""Batch throughput: pages per minute with 1, 2 and 4 local browsers and on a Selenium Grid.

Serves bench/pages/realistic (article, dashboard, docs, web app) from 127.0.0.1, each page
under ``--pages / 4`` distinct query strings, and runs the same ``axsnap batch`` (format
snapshot) once per configuration into a fresh folder: local Chromium with 1, 2 and 4
workers, then a standalone Selenium Grid 4 (two Chromium slots, started here as in
tests/e2e/test_batch_grid.py) with 2 workers. Wall time includes starting the browsers
(sessions), as a user's run does. "Where the time goes" sums the per-page timings from
results.jsonl: browser start, page load (open), snapshot (request → reply through the
extension and host), writing the outputs; per worker, the rest is queueing and bookkeeping.

    nice .venv/bin/python bench/bench_batch.py                 # 40 pages; local 1/2/4 + Grid
    nice .venv/bin/python bench/bench_batch.py --pages 80 --no-grid

Writes bench/results/batch.md (and batch.json).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from axsnap_host.batch import RESULTS_NAME, Batch, BatchSettings
from axsnap_host.client.file_server import serve_directory
from axsnap_host.grid import standalone_grid

PAGES = Path(__file__).parent / "pages" / "realistic"
RESULTS = Path(__file__).parent / "results"
NAMES = ("article.html", "dashboard.html", "docs.html", "webapp.html")


def urls(base: str, count: int) -> list[str]:
    return [f"{base}{NAMES[i % len(NAMES)]}?copy={i}" for i in range(count)]


def measure(label: str, pages: list[str], out: Path, settings: BatchSettings) -> dict[str, Any]:
    started = time.perf_counter()
    batch = Batch(pages, out, settings)
    results = list(batch.results())
    wall = time.perf_counter() - started
    lines = [json.loads(x) for x in (out / RESULTS_NAME).read_text().splitlines()]
    ok = [r for r in lines if r["status"] == "ok"]

    def total(key: str) -> float:
        return sum(r["timings"].get(key, 0) for r in ok) / 1000

    def extension(key: str) -> float:
        return sum(t.get(key, 0) for r in ok for t in r["timings"]["extension_ms"].values()
                   ) / 1000

    return {
        "config": label, "workers": settings.workers, "pages": len(results),
        "ok": len(ok), "wall_s": round(wall, 2),
        "pages_per_min": round(len(ok) / wall * 60, 1),
        "browser_start_s": round(total("browser_start_ms"), 2),
        "open_s": round(total("open_ms"), 2), "snapshot_s": round(total("snapshot_ms"), 2),
        "write_s": round(total("write_ms"), 2),
        "stabilize_s": round(extension("stabilize_ms"), 2),
        "capture_s": round(extension("capture_ms"), 2),
        "host_s": round(extension("host_ms"), 2),
        "worker_s": round(wall * settings.workers, 2),
    }


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| run | pages ok | wall s | pages/min | browser start s | load s | snapshot s "
            "(stabilize / capture / host) | write s | other s (per worker) |\n"
            "|---|---|---|---|---|---|---|---|---|\n")
    body = ""
    for r in rows:
        busy = r["browser_start_s"] + r["open_s"] + r["snapshot_s"] + r["write_s"]
        other = max(0.0, r["worker_s"] - busy) / r["workers"]
        body += (f"| {r['config']} | {r['ok']}/{r['pages']} | {r['wall_s']} | "
                 f"**{r['pages_per_min']}** | {r['browser_start_s']} | {r['open_s']} | "
                 f"{r['snapshot_s']} ({r['stabilize_s']} / {r['capture_s']} / {r['host_s']}) | "
                 f"{r['write_s']} | {other:.1f} |\n")
    return head + body


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2, 4])
    parser.add_argument("--no-grid", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="axsnap-bench-batch-") as tmp, \
            serve_directory(PAGES) as base:
        pages = urls(base, args.pages)
        for workers in args.workers:
            settings = BatchSettings(workers=workers, retries=0)
            rows.append(measure(f"local, {workers} worker(s)", pages,
                                Path(tmp) / f"local-{workers}", settings))
            print(rows[-1], flush=True)
        if not args.no_grid:
            with standalone_grid(Path(tmp) / "grid", slots=2) as (url, profiles):
                settings = BatchSettings(workers=2, retries=0, grid_url=url,
                                         grid_profile=str(profiles / "slot-{worker}"))
                rows.append(measure("Grid standalone, 2 slots", pages, Path(tmp) / "grid-out",
                                    settings))
                print(rows[-1], flush=True)
    load = os.getloadavg()[0]
    text = (f"# Batch throughput\n\n{args.pages} pages (bench/pages/realistic), format "
            f"snapshot, {os.cpu_count()} cores, load average {load:.1f} at the end.\n\n"
            + table(rows) + "\nTimes are sums over the pages (s); other = wall × workers − "
            "the sums, per worker: queueing, backoff, bookkeeping and the wait for the "
            "slowest worker at the end.\n")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "batch.md").write_text(text)
    (RESULTS / "batch.json").write_text(json.dumps(rows, indent=2) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
