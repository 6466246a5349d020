"""The Python ↔ extension round trip on the settled small pages, by turns: the service
worker's own DevTools target (``Browser(bridge="devtools")``, the default) against the bridge
page's (``bridge="page"``: the bridge page and its port to the worker, the way before).

Per page (the demo, MiniWoB's login-user; with ``--sizes`` the generated pages too): open it,
let it settle 2 s, two warm-up reads, then ``--runs`` rounds each reading SnapshotV1 (default
options: a settled re-read is a cached answer) once per way, interleaved so the machine's load
falls on both. Reported: the medians of the Python wall time, of the extension's own
``total_ms``, and of their difference per read (the round trip), with its quartiles.
Writes bench/results/e2e_roundtrip.md.

    nice .venv/bin/python bench/bench_roundtrip.py --runs 30
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import DEMO, log  # noqa: E402
from generate import write_pages  # noqa: E402
from read_samples import ReadSamples  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

RESULTS = BENCH / "results"
WAYS = {"devtools": "service worker's DevTools target", "page": "bridge page's DevTools target"}


def pages(stack: ExitStack, sizes: list[int]) -> Iterator[tuple[str, str]]:
    """(name, url) of each page, served while ``stack`` is open."""
    yield "demo", stack.enter_context(serve_directory(DEMO)) + "index.html"
    try:
        import miniwob
    except ImportError:
        log("MiniWoB not measured: the miniwob package is not installed")
    else:
        html = Path(miniwob.__file__).resolve().parent / "html"
        yield "MiniWoB login-user", (stack.enter_context(serve_directory(html))
                                     + "miniwob/login-user.html")
    if sizes:
        root = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        base = stack.enter_context(serve_directory(root))
        for size, path in sorted(write_pages(root, sizes).items()):
            yield f"generated {size:,}", base + path.name


def by_turns(browser: Browser, url: str, runs: int) -> dict[str, dict[str, Any]]:
    """Per way: walls, ``total_ms`` and round trips of ``runs`` interleaved reads."""
    browser.open(url)
    time.sleep(2.0)
    got = {w: ReadSamples() for w in WAYS}
    for i in range(runs + 2):
        for way in WAYS:
            browser.bridge = way
            started = time.perf_counter()
            reply = browser.snapshot_raw(format="snapshot")
            wall = (time.perf_counter() - started) * 1000
            if i >= 2:
                got[way].add(reply, wall)
    browser.bridge = "devtools"
    return {way: samples.summary() for way, samples in got.items()}


def render(rows: list[tuple[str, dict[str, dict[str, Any]]]]) -> str:
    lines = ["| page | way in | wall ms | in the extension ms | round trip ms (quartiles) "
             "| cached answers |", "|---|---|--:|--:|--:|--:|"]
    for page, ways in rows:
        for way, got in ways.items():
            low, high = got["round_trip_q"]
            lines.append(f"| {page} | {WAYS[way]} | {got['wall_ms']:.1f} "
                         f"| {got['extension_ms']:.1f} | {got['round_trip_ms']:.2f} "
                         f"({low:.2f}–{high:.2f}) | {got['kept']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--sizes", type=int, nargs="*", default=[])
    args = parser.parse_args()
    rows = []
    with ExitStack() as stack, Browser(timeout_s=300) as browser:
        for name, url in pages(stack, args.sizes):
            ways = by_turns(browser, url, args.runs)
            rows.append((name, ways))
            log(f"{name:<22} " + ", ".join(
                f"{w} wall {g['wall_ms']:5.1f} trip {g['round_trip_ms']:4.2f}"
                for w, g in ways.items()))
    text = ("# The Python ↔ extension round trip, by turns (bench/bench_roundtrip.py)\n\n"
            f"Median of {args.runs} SnapshotV1 reads (default options) per way after two "
            "warm-ups, the ways interleaved on one settled tab. Round trip: the Python wall "
            "time less the extension's `total_ms`, per read.\n\n" + render(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e_roundtrip.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
