"""The floor of a whole-page read's ids take (issue 33, design note 77): what Chromium charges
to name a page's nodes by backendNodeId, three ways, by turns in one plain Chromium (no
extension), on the whole-page bench's real pages:

- ``deep``: the take as the extension asks it (walker_ids_listable.js): Runtime.evaluate of
  the nodes, deep-serialized (the DEEP options), in parts of 1,000, one after another; the
  nodes are every element and every text node that is not blank outside script and style
  (about the walk's rows' and records' nodes together);
- ``describe``: one DOM.describeNode of the document (depth -1, pierce): the whole tree with
  every node's backendNodeId, mapped by tree position (what "one serialization per frame"
  would cost before any mapping);
- ``snapshot``: one DOMSnapshot.captureSnapshot without computed styles;
- ``ax_first`` / ``ax_next`` (``--custom``): the first Accessibility.getPartialAXTree of a
  defined custom element (it turns Chromium's accessibility on for the document), and the
  one after it (the custom asks of walker_custom_roles.js).

    nice .venv/bin/python bench/profile_ids_floor.py --pages node-fs rust-primitive-u8 --runs 2

Each line: ms, the nodes named, the reply's JSON size in MB, the 1-minute load. Results:
bench/results/whole_page_walker15.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402
from walker_runs import make_driver  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

PART = 1000
DEEP = {"serialization": "deep", "maxDepth": 1,
        "additionalParameters": {"maxNodeDepth": 0, "includeShadowTree": "none"}}
HOLD_NODES = """
const held = [];
const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const walker = document.createTreeWalker(document.documentElement,
  NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
for (let node = walker.currentNode; node; node = walker.nextNode()) {
  if (node.nodeType === 3 && (!node.data.trim() || skip.has(node.parentNode.nodeName))) continue;
  held.push(node);
}
window.__idsFloorNodes = held;
return held.length;
"""
FIRST_CUSTOM = """
return [...document.querySelectorAll('*')].findIndex(
  (el) => el.localName.includes('-') && !el.hasAttribute('role') && el.matches(':defined'));
"""


def tree_size(node: dict[str, Any]) -> int:
    count = 1
    for key in ("children", "shadowRoots", "pseudoElements"):
        count += sum(tree_size(kid) for kid in node.get(key, ()))
    for key in ("contentDocument", "templateContent"):
        if key in node:
            count += tree_size(node[key])
    return count


def timed(call: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    out = call()
    return (time.perf_counter() - started) * 1000, out


def deep_take(driver: Any, count: int) -> tuple[float, int, int]:
    ms, size, named = 0.0, 0, 0
    for at in range(0, count, PART):
        lap, reply = timed(lambda at=at: driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": f"window.__idsFloorNodes.slice({at}, {at + PART})",
            "serializationOptions": DEEP}))
        ms += lap
        items = reply["result"]["deepSerializedValue"]["value"]
        named += sum(1 for item in items if isinstance(
            (item.get("value") or {}).get("backendNodeId", item.get("backendNodeId")), int))
        size += len(json.dumps(items))
    return ms, named, size


def describe(driver: Any) -> tuple[float, int, int]:
    def call() -> Any:
        document = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": "document"})
        return driver.execute_cdp_cmd("DOM.describeNode", {
            "objectId": document["result"]["objectId"], "depth": -1, "pierce": True})
    ms, reply = timed(call)
    return ms, tree_size(reply["node"]), len(json.dumps(reply))


def snapshot(driver: Any) -> tuple[float, int, int]:
    ms, reply = timed(lambda: driver.execute_cdp_cmd("DOMSnapshot.captureSnapshot",
                                                     {"computedStyles": []}))
    named = sum(len(doc["nodes"].get("backendNodeId", ())) for doc in reply["documents"])
    return ms, named, len(json.dumps(reply))


def custom_asks(driver: Any) -> dict[str, Any]:
    """The first getPartialAXTree of the page's first defined custom element, then a second."""
    index = driver.execute_script(FIRST_CUSTOM)
    if index < 0:
        return {"ax_first": None}
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
    found = driver.execute_cdp_cmd("DOM.querySelectorAll", {
        "nodeId": document["root"]["nodeId"], "selector": "*"})["nodeIds"][index]
    backend = driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": found})["node"]["backendNodeId"]
    ask = {"backendNodeId": backend, "fetchRelatives": False}
    first, _ = timed(lambda: driver.execute_cdp_cmd("Accessibility.getPartialAXTree", ask))
    then, _ = timed(lambda: driver.execute_cdp_cmd("Accessibility.getPartialAXTree", ask))
    driver.execute_cdp_cmd("DOM.disable", {})
    return {"ax_first": round(first), "ax_next": round(then)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--custom", action="store_true",
                        help="then time the first custom-element ask (turns accessibility on)")
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
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    count = driver.execute_script(HOLD_NODES)
                    for run in range(args.runs):
                        row: dict[str, Any] = {"page": name, "read": run, "held": count}
                        for way in ("deep", "describe", "snapshot"):
                            ms, named, size = (deep_take(driver, count) if way == "deep"
                                               else describe(driver) if way == "describe"
                                               else snapshot(driver))
                            row[way] = {"ms": round(ms), "nodes": named, "mb": round(size / 1e6, 1),
                                        "load": round(os.getloadavg()[0], 1)}
                        print(json.dumps(row), flush=True)
                    if args.custom:
                        print(json.dumps({"page": name, **custom_asks(driver),
                                          "load": round(os.getloadavg()[0], 1)}), flush=True)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
