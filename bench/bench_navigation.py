"""How long a capture takes to give up on a page that never holds still.

Serves a page from 127.0.0.1 that replaces itself with a fresh document every 30 ms, for
ever, drives one Debian Chromium with the unpacked extension and the host, and asks for a
snapshot ``--tries`` times per format (stabilization off). Each request ends with
``page_navigated`` (or, when one capture happened to fit between two navigations, a
snapshot); the table gives the median and the worst time to that answer, per format.

    .venv/bin/python bench/bench_navigation.py                # som, domtext, snapshot; 8 tries
    .venv/bin/python bench/bench_navigation.py --tries 20

Writes bench/results/navigation.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.errors import AxsnapError

RESULTS = Path(__file__).parent / "results"
LOOP_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>loop</title></head>
<body><button>Moving target</button>
<script>setTimeout(() => location.replace(`loop.html?n=${Date.now()}`), 30);</script>
</body></html>
"""


def measure(browser: Browser, fmt: str, tries: int) -> dict[str, float]:
    """Times (ms) to the answer over ``tries`` requests, and how many were page_navigated."""
    times: list[float] = []
    refused = 0
    for _ in range(tries):
        started = time.perf_counter()
        try:
            browser.snapshot_raw(format=fmt, stabilize={"enabled": False})
        except AxsnapError as err:
            if err.code != "page_navigated":
                raise
            refused += 1
        times.append((time.perf_counter() - started) * 1000)
    return {"median": statistics.median(times), "worst": max(times), "refused": refused,
            "tries": tries}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formats", nargs="+", default=["som", "domtext", "snapshot"])
    parser.add_argument("--tries", type=int, default=8)
    args = parser.parse_args()
    rows = ["| format | median ms | worst ms | page_navigated |", "|---|--:|--:|--:|"]
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "loop.html").write_text(LOOP_PAGE, encoding="utf-8")
        with serve_directory(Path(tmp)) as base, Browser() as browser:
            browser.open(base + "loop.html")
            for fmt in args.formats:
                result = measure(browser, fmt, args.tries)
                rows.append(f"| {fmt} | {result['median']:.0f} | {result['worst']:.0f} | "
                            f"{result['refused']}/{result['tries']} |")
                print(rows[-1], file=sys.stderr)
    table = "\n".join(rows)
    print(table)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "navigation.md").write_text(table + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
