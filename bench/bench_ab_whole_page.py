"""Two builds of the extension, whole-page DOM text read by turns: each read's steps.

Two browsers at once, one per extension folder (the host is this checkout's), open the same
whole-page bench pages (bench_whole_page.py's names, generated-20k/100k) and read them
``viewport_only=False`` with ``exact`` by turns (who goes first alternates), ``--runs``
reads each. It prints, per page and build, the medians of the read's total and of its steps:
the walker's injection and its walk, the ids take, the DOMSnapshot, the transfer and the host.

    git worktree add --detach /tmp/before <commit>   # and bootstrap it
    nice .venv/bin/python bench/bench_ab_whole_page.py --before /tmp/before/extension \\
        --after extension --pages node-fs generated-20k --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

STEPS = ["total_ms", "walker_inject_ms", "walker_walk_ms", "walker_ids_ms", "dom_snapshot_ms",
         "transfer_ms", "host_ms"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="extension folder")
    parser.add_argument("--after", type=Path, required=True, help="extension folder")
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with (serve_directory(root) as base,
              Browser(timeout_s=1800, extension_dir=args.before) as before,
              Browser(timeout_s=1800, extension_dir=args.after) as after):
            browsers = {"before": before, "after": after}
            for name, url in page_urls(base, args.pages, root):
                for browser in browsers.values():
                    browser.open(url)
                got: dict[str, dict[str, list[float]]] = {k: {s: [] for s in STEPS}
                                                          for k in browsers}
                keys = list(browsers)
                for i in range(args.runs):
                    for key in keys if i % 2 == 0 else keys[::-1]:
                        reply = browsers[key].snapshot_raw(
                            exact=True, stabilize={"enabled": False}, format="domtext",
                            viewport_only=False)
                        timings = reply.get("timings") or {}
                        flat = {**timings, **(timings.get("capture_steps") or {})}
                        for step in STEPS:
                            if isinstance(flat.get(step), int | float):
                                got[key][step].append(float(flat[step]))
                medians = {k: {s: round(statistics.median(v)) for s, v in steps.items() if v}
                           for k, steps in got.items()}
                print(f"{name} (load {os.getloadavg()[0]:.1f}): {json.dumps(medians)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
