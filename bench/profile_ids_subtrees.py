"""The ids take cut into subtrees, timed against the deep take (issue 33, design note 87):
bench/profile_ids_subtrees.mjs on each page, in one plain Chromium through chromedriver (no
extension), its DevTools client in node (as fast at JSON as the extension's worker).

    nice .venv/bin/python bench/profile_ids_subtrees.py --pages node-fs rust-primitive-u8 \\
        --limit 6000 --runs 3

Each line: the subtrees' count, the held nodes (elements and non-blank text nodes), the ms of
describing every subtree (DOM.describeNode depth -1, pierce, four in flight: the nodes with
their backendNodeIds, before any mapping to the walker's) and of the deep take of the same
nodes in parts of 1,000 (two in flight), with the 1-minute load. Results:
bench/results/whole_page_walker16.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402
from walker_runs import make_driver  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--limit", type=int, default=6000, help="most nodes a subtree")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            driver = make_driver(str(root / "profile"), script_timeout_s=1800,
                                 page_load_timeout_s=600)
            try:
                address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    with urllib.request.urlopen(f"http://{address}/json") as reply:
                        targets = json.load(reply)
                    socket = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
                    done = subprocess.run(
                        ["node", "--experimental-websocket", "--no-warnings",
                         str(BENCH / "profile_ids_subtrees.mjs"), socket, str(args.limit),
                         str(args.runs)], capture_output=True, text=True, check=False)
                    for line in done.stdout.splitlines():
                        row = {"page": name, **json.loads(line),
                               "load": round(os.getloadavg()[0], 1)}
                        print(json.dumps(row), flush=True)
                    if done.returncode:
                        print(done.stderr[-2000:], file=sys.stderr)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
