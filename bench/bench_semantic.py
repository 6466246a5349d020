"""What format "semantic" costs against DOM text, end to end, on the generated pages.

One Debian Chromium with the extension and host; per page size, a warm-up and then the
median wall time of ``--runs`` snapshots per format (stabilization off, so only the
capture and the host's work are timed), taken alternately so both see the same machine
load. Writes bench/results/semantic.md.

    .venv/bin/python bench/bench_semantic.py                  # the 20k page
    .venv/bin/python bench/bench_semantic.py --sizes 1000 20000 --runs 9
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "pages"))

from generate import SECRET, write_pages

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

RESULTS = Path(__file__).parent / "results"
FORMATS = ("domtext", "semantic", "semantic_text")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20000])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp, Browser() as browser:
        paths = write_pages(Path(tmp), args.sizes)
        with serve_directory(Path(tmp)) as base:
            for size, path in paths.items():
                browser.open(base + path.name)
                wall: dict[str, list[float]] = {f: [] for f in FORMATS}
                host: dict[str, list[float]] = {f: [] for f in FORMATS}
                tokens: dict[str, int] = {}
                for i in range(args.runs + 1):
                    for fmt in FORMATS:
                        started = time.perf_counter()
                        reply = browser.snapshot_raw(format=fmt, stabilize={"enabled": False})
                        ms = (time.perf_counter() - started) * 1000
                        if SECRET in str(reply):
                            raise SystemExit(f"secret leaked in {fmt}")
                        if i:  # the first round warms caches
                            wall[fmt].append(ms)
                            timings = reply["result"].get("timings") or {}
                            host[fmt].append(sum(v for v in timings.values()
                                                 if isinstance(v, int | float)))
                        tokens[fmt] = (reply["result"].get("size") or {}).get("tokens", 0)
                med = {f: statistics.median(wall[f]) for f in FORMATS}
                rows.append((size, med, {f: statistics.median(host[f]) for f in FORMATS},
                             tokens))
    lines = [f"# format semantic against DOM text (median of {args.runs} runs after a warm-up)",
             "", f"Run {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}: "
             "`.venv/bin/python bench/bench_semantic.py` (shared 2-core machine, under load).",
             "", "| page | DOM text | semantic | semantic_text | semantic / DOM text |",
             "|---|--:|--:|--:|--:|"]
    for size, med, host_ms, tokens in rows:
        lines.append(
            f"| generated {size} | {med['domtext']:.0f} ms · {tokens['domtext']} tok "
            f"(host {host_ms['domtext']:.0f} ms) | {med['semantic']:.0f} ms · "
            f"{tokens['semantic']} tok (host {host_ms['semantic']:.0f} ms) | "
            f"{med['semantic_text']:.0f} ms · {tokens['semantic_text']} tok | "
            f"{med['semantic'] / med['domtext']:.2f}× |")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "semantic.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
