"""Ways to take N nodes' backendNodeIds, timed where the extension takes them: through
chrome.debugger from its own service worker (issue 33, design note 110).

The page is opened in the extension's Chromium (axsnap_host.client.Browser) and read once
(SnapshotV1 of the whole page from the walk); once its attachment is let go, the service
worker attaches the debugger itself. Then, in an
isolated world of the page (none of this touches the page's own world), the script holds
`--nodes` nodes picked evenly from the elements and non-blank text nodes (about what the take
asks on rust-primitive-u8: its 9,200 records and 11,193 rows), and the service worker times,
by turns (the order alternates each turn):

- ``deep``: the take as walker_ids_listable.js asks it: Runtime.evaluate of the held nodes,
  deep-serialized (DEEP), in parts of 1,000, two in flight;
- ``deep_el`` / ``deep_text``: the same of held elements only / text nodes only (per node:
  what an element's attributes cost against a text's value);
- ``snapshot``: one DOMSnapshot.captureSnapshot without computed styles (every node's
  backendNodeId, by document order);
- ``describe``: one DOM.describeNode of the document (depth -1, pierce): every node's
  backendNodeId, by tree position;
- ``describe_each``: DOM.describeNode of each of 1,000 held nodes by objectId (after one
  Runtime.getProperties of their array), all in flight; scaled to `--nodes`.

Each line: ms (the worker's clock), the reply's JSON size in MB, the nodes named, the CPU
ms of the browser process, the extension's (service worker's) renderer and the tab's
renderer over the call, and the 1-minute load.

``--order`` first checks the order a tree-position map would stand on: a flat-tree preorder
walk in the isolated world against DOMSnapshot's nodes, pseudo-elements left out. The
worker's expressions are in profile_ids_ways_worker.js.

    nice .venv/bin/python bench/profile_ids_ways.py --pages rust-primitive-u8 --nodes 20400 --runs 3
    nice .venv/bin/python bench/profile_ids_ways.py --pages node-fs --runs 0 --order
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import MODES, NO_WAIT, ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402
from profile_whole_read import chromium_cpu  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

WORKER_JS = dict(re.findall(r"^// ---- (\w+)[^\n]*\n(.*?)(?=^// ---- |\Z)",
                            (BENCH / "profile_ids_ways_worker.js").read_text("utf-8"),
                            re.M | re.S))
WAYS = ("deep", "deep_el", "deep_text", "snapshot", "describe", "describe_each")

# In the service worker: the tab, its debugger (attached by the read), an isolated world
# holding the picked nodes (globalThis.__w23held and its element and text halves).
SETUP = WORKER_JS["SETUP"]

WAY = WORKER_JS["WAY"]


# --order: does a preorder walk of the document in the isolated world (shadow roots before
# the light children) name DOMSnapshot's nodes in its order, pseudo-elements left out? The
# first mismatch, the counts and the walk's ms: what a tree-position map would stand on.
ORDER = WORKER_JS["ORDER"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--nodes", type=int, default=20400)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ways", nargs="+", default=list(WAYS), choices=WAYS)
    parser.add_argument("--order", action="store_true", help="check the tree-position order first")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            for name, url in page_urls(base, args.pages, root):
                browser.open(url)
                browser.snapshot_raw(exact=True, **NO_WAIT, **MODES["SnapshotV1 page, walk"])
                sock = browser._worker.connect()  # the client's worker bridge
                counts = sock.evaluate(SETUP.replace("NODES", str(args.nodes)), 600)
                print(json.dumps({"page": name, "all": counts[0], "held": counts[1],
                                  "elements": counts[2], "texts": counts[3]}), flush=True)
                if args.order:
                    print(json.dumps({"page": name, "order": sock.evaluate(ORDER, 600)}),
                          flush=True)
                for run in range(args.runs):
                    order = args.ways if run % 2 == 0 else list(reversed(args.ways))
                    for way in order:
                        before = chromium_cpu(browser.user_data_dir)
                        got: dict[str, Any] = sock.evaluate(
                            WAY.replace("WAY_NAME", json.dumps(way)), 600)
                        after = chromium_cpu(browser.user_data_dir)
                        cpu = {f"cpu_{k}_ms": round(after.get(k, 0) - before.get(k, 0))
                               for k in ("browser", "extension", "renderer")}
                        print(json.dumps({"page": name, "run": run, "way": way, **got, **cpu,
                                          "load": round(os.getloadavg()[0], 1)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
