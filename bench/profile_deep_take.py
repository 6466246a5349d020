"""What one node of the ids take costs Chromium, by kind and by part size (issue 33, note 129).

The whole-page ids take (extension/lib/walker/walker_ids_listable.js takeInParts) learns each
held node's backendNodeId by a deep-serialized ``Runtime.evaluate`` (``DEEP``: the node with
its backendNodeId and loaderId, no children), in parts of ``TAKE_PART``. This tool holds a
bench page's nodes in an isolated world of Debian Chromium (through Selenium, as
bench/profile_walker_parts.py) and takes them the same way, by turns:

- the page's elements in parts of 250, 1,000 (today's) and 3,000;
- elements with three or more attributes, elements without any, non-blank text nodes,
  each in parts of 1,000.

Each cell is the CPU of every process of that browser (its renderers and the browser process,
/proc), per node taken, median over ``--rounds``: robust to load where wall time is not.
The extension's own path adds the worker's conversion of each answer (note 110: about a sixth).

    nice .venv/bin/python bench/profile_deep_take.py --pages rust-primitive-u8 node-fs
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402
from walker_runs import make_driver  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

DEEP = {"serialization": "deep", "maxDepth": 1,
        "additionalParameters": {"maxNodeDepth": 0, "includeShadowTree": "none"}}
# The nodes held, by kind (in the isolated world's globalThis.__take)
HOLD = """(() => {
  const els = [...document.querySelectorAll('*')];
  const texts = [];
  const top = document.body || document.documentElement;
  const walk = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.data.trim()) texts.push(n);
  globalThis.__take = { els, rich: els.filter((e) => e.attributes.length >= 3),
    bare: els.filter((e) => e.attributes.length === 0), texts };
  return Object.fromEntries(Object.entries(globalThis.__take).map(([k, v]) => [k, v.length]));
})()"""
CASES = [("els", 250), ("els", 1000), ("els", 3000), ("rich", 1000), ("bare", 1000),
         ("texts", 1000)]
TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def browser_cpu_ms(profile: str) -> float:
    """CPU ms so far of the browser whose command line names the profile directory and of
    every process under it (its zygotes, renderers, GPU and network services)."""
    table: dict[int, tuple[int, float, bool]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            named = profile.encode() in (entry / "cmdline").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) * TICK_MS,
                                  named)
    tree = {pid for pid, (_, _, named) in table.items() if named}
    grown = True
    while grown:
        more = {pid for pid, (parent, _, _) in table.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    return sum(table[pid][1] for pid in tree)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--most", type=int, default=6000, help="nodes taken of each kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as profile:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            driver = make_driver(profile)
            try:
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    tree = driver.execute_cdp_cmd("Page.getFrameTree", {})
                    frame = tree["frameTree"]["frame"]["id"]
                    context = driver.execute_cdp_cmd("Page.createIsolatedWorld", {
                        "frameId": frame, "worldName": "axsnap-deep-take"})["executionContextId"]
                    held = driver.execute_cdp_cmd("Runtime.evaluate", {
                        "expression": HOLD, "contextId": context, "returnByValue": True})
                    counts = held["result"]["value"]
                    per_node: dict[tuple[str, int], list[float]] = defaultdict(list)
                    for _ in range(args.rounds):
                        for kind, part in CASES:
                            total = min(counts[kind], args.most)
                            before = browser_cpu_ms(profile)
                            for at in range(0, total, part):
                                end = min(at + part, total)
                                driver.execute_cdp_cmd("Runtime.evaluate", {
                                    "expression": f"__take.{kind}.slice({at}, {end})",
                                    "contextId": context, "serializationOptions": DEEP})
                            per_node[(kind, part)].append(
                                (browser_cpu_ms(profile) - before) * 1000 / max(total, 1))
                    print(f"{name} (held: {counts}; load {os.getloadavg()[0]:.1f})")
                    for (kind, part), values in per_node.items():
                        print(f"  {kind:6} parts of {part:5,}: {statistics.median(values):6.1f} µs "
                              f"CPU a node (min {min(values):.1f})", flush=True)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
