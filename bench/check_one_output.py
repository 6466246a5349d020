"""One SnapshotV1 whichever way a read named by the walker's ids went (design note 167).

Such a read takes the backendNodeIds of the records that place a frame and resolves the
click-listener nodes one by one, or, when those nodes are many against the listable records
(extension/lib/walker/walker_ids_listable.js walkerIdsWant), takes every listable record's
id. For each page: a read, then the page given enough click-listener nodes inside a hidden
subtree (no record, nothing printed) to move every frame's read to the other way, then a
read again; the two ``ax_tree``s and ``frames`` must be equal, and so the two outlines
(``format="outline"``, the same ids). A page that already went the
listed way is said so (the listener nodes can be added, not taken away).

    nice .venv/bin/python bench/check_one_output.py                 # the pages below
    nice .venv/bin/python bench/check_one_output.py --pages rust-simd
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import REAL_PAGES, ROOTS, Page  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

TESTS = BENCH.parent / "tests" / "pages"
TEST_PAGES = [Page("tests-frames", "tests", "frames.html"),
              Page("tests-outline-frames", "tests", "outline/index.html"),
              Page("tests-semantic-frames", "tests", "semantic_cases/frames.html"),
              Page("tests-shadow-frames", "tests", "fidelity/shadow_frames.html"),
              Page("tests-listener-branch", "tests", "dom/listener_branch.html")]
DEFAULT = ["rust-simd", "node-fs", "rust-wrapping", "rust-releases", "node-http",
           "corpus-wikipedia"] + [p.name for p in TEST_PAGES]
READ: dict[str, Any] = {"format": "snapshot", "scope": "page", "exact": True,
                        "stabilize": {"enabled": False}, "node_ids": "walker"}
OUTLINE: dict[str, Any] = {**READ, "format": "outline"}
# In every same-origin document of the tab: `count` buttons with a click listener in a
# hidden subtree (each a listener node no record names).
ADD_HIDDEN_LISTENERS = """
const count = arguments[0];
const docs = [document];
for (let i = 0; i < docs.length; i++) {
  for (const f of docs[i].querySelectorAll('iframe, frame')) {
    try { if (f.contentDocument) docs.push(f.contentDocument); } catch (e) { /* cross-site */ }
  }
}
for (const doc of docs) {
  const drawer = doc.createElement('div');
  drawer.hidden = true;
  for (let i = 0; i < count; i++) {
    const b = doc.createElement('button');
    b.addEventListener('click', () => {});
    drawer.append(b);
  }
  (doc.body || doc.documentElement).append(drawer);
}
return docs.length;
"""
COUNT_ELEMENTS = "return document.getElementsByTagName('*').length"


def steps(reply: dict[str, Any]) -> dict[str, Any]:
    return dict(reply["timings"]["capture_steps"])


def check(browser: Browser, url: str) -> dict[str, Any]:
    browser.open(url)
    before = browser.snapshot_raw(**READ)
    outline_before = browser.snapshot_raw(**OUTLINE)["result"]["combinedTree"]
    elements = int(browser.run_in_target(COUNT_ELEMENTS))
    docs = browser.run_in_target(ADD_HIDDEN_LISTENERS, elements // 4 + 50)
    after = browser.snapshot_raw(**READ)
    outline_after = browser.snapshot_raw(**OUTLINE)["result"]["combinedTree"]
    one, two = before["result"]["snapshot"], after["result"]["snapshot"]
    nodes, later = one["ax_tree"]["nodes"], two["ax_tree"]["nodes"]
    differ = [i for i, (a, b) in enumerate(zip(nodes, later, strict=False)) if a != b]
    return {"elements": elements, "docs": docs, "nodes": len(nodes),
            "listed_before": steps(before).get("walker_ids_listed_taken", 0),
            "listed_after": steps(after).get("walker_ids_listed_taken", 0),
            "equal": one["ax_tree"] == two["ax_tree"] and one.get("frames") == two.get("frames"),
            "outline_equal": outline_before == outline_after,
            "nodes_differ": len(differ) + abs(len(nodes) - len(later)),
            "first_differ": (nodes[differ[0]], later[differ[0]]) if differ else None}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    roots = {**ROOTS, "tests": TESTS}
    pages = [p for p in REAL_PAGES + TEST_PAGES if p.name in args.pages]
    failed = 0
    for page in pages:
        root = roots[page.root]
        if not (root / page.path).exists():
            print(f"{page.name}: skipped (no {root / page.path})")
            continue
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            found = check(browser, f"{base}{page.path}")
        failed += not (found["equal"] and found["outline_equal"])
        print(page.name, found, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
