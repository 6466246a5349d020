"""The ways a listener node could be matched to the walker's record, timed on one page (issue 33,
design note 164), over a raw CDP session (Playwright's, no extension): what each costs in the
renderer, and what the page's click listeners are.

- the click listeners of the whole document (``DOMDebugger.getEventListeners``, depth -1,
  pierce): count, reply size, time, and the listener nodes by tag and class;
- DevTools' command-line ``getEventListeners(node)`` over every element, evaluated in an
  isolated world and in the page's main world: which listeners each world can see;
- per node: a deep serialization of 1,000 elements (how the ids take learns backendNodeIds)
  against 1,000 plain objects and numbers, and ``DOM.resolveNode`` of nodes into a world (how
  the listener step finds a listener node's record), by turns.

    AXSNAP_PEERS_VENV=/work/peers/venv PYTHONPATH=$PWD/host nice .venv/bin/python \\
        bench/probe_listener_paths.py --page std/simd/struct.Simd.html --turns 3

Serves the rustdoc tree (bench_whole_page.py's RUST_DOCS) and runs the probe itself under the
peers' Python (``AXSNAP_PEERS_VENV``: Playwright), given the page's ``--url``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import time
from collections import Counter
from pathlib import Path

RUST_DOCS = Path(os.environ.get(
    "AXSNAP_RUST_DOCS",
    Path.home() / ".rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html"))
CLICK = ("click", "mousedown", "mouseup", "DOMActivate")
DEEP = {"serialization": "deep", "maxDepth": 1,
        "additionalParameters": {"maxNodeDepth": 0, "includeShadowTree": "none"}}
# every element's click-type listeners as this world's command-line API sees them
SEEN = ("(() => { let n = 0; let seen = 0; for (const el of document.querySelectorAll('*')) {"
        " n += 1; const l = getEventListeners(el);"
        " if (l && (l.click || l.mousedown || l.mouseup || l.DOMActivate)) seen += 1; }"
        " return [n, seen]; })()")


async def probe(url: str, turns: int) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium",
                                          args=["--no-sandbox"])
        page = await browser.new_page()
        await page.goto(url)
        await page.wait_for_load_state("load")
        cdp = await page.context.new_cdp_session(page)
        frame = (await cdp.send("Page.getFrameTree"))["frameTree"]["frame"]["id"]
        world = (await cdp.send("Page.createIsolatedWorld",
                                {"frameId": frame, "worldName": "probe"}))["executionContextId"]
        root = (await cdp.send("Runtime.evaluate",
                               {"expression": "document.documentElement"}))["result"]["objectId"]
        t0 = time.perf_counter()
        got = await cdp.send("DOMDebugger.getEventListeners",
                             {"objectId": root, "depth": -1, "pierce": True})
        ms = (time.perf_counter() - t0) * 1000
        listeners = got["listeners"]
        clicks = sorted({entry["backendNodeId"] for entry in listeners if entry["type"] in CLICK})
        print(f"listeners: {len(listeners)} ({len(json.dumps(got)):,} bytes, {ms:.0f} ms), "
              f"click nodes {len(clicks)}; by type {Counter(e['type'] for e in listeners)}")
        kinds: Counter[str] = Counter()
        for backend in clicks:
            node = (await cdp.send("DOM.describeNode", {"backendNodeId": backend}))["node"]
            attrs = dict(zip(node.get("attributes", [])[::2], node.get("attributes", [])[1::2],
                             strict=True))
            kinds[f"{node['nodeName'].lower()}.{attrs.get('class', '')}"] += 1
        print("click nodes by tag.class:", kinds.most_common(12))
        for name, where in (("isolated world", {"contextId": world}), ("main world", {})):
            t0 = time.perf_counter()
            seen = await cdp.send("Runtime.evaluate", {"expression": SEEN, "returnByValue": True,
                                                       "includeCommandLineAPI": True, **where})
            ms = (time.perf_counter() - t0) * 1000
            print(f"command-line getEventListeners in the {name}: [elements, with a click "
                  f"listener] = {seen['result']['value']} in {ms:.0f} ms")
        await cdp.send("Runtime.evaluate", {
            "contextId": world, "expression": "globalThis.E = [...document.querySelectorAll('*')]"})
        ids = clicks[:1000]
        runs: dict[str, list[int]] = {k: [] for k in ("deep 1,000 elements", "deep 1,000 objects",
                                                      "deep 1,000 numbers",
                                                      f"resolve {len(ids)} nodes")}
        for _ in range(turns):
            for label, expression in (
                    ("deep 1,000 elements", "E.slice(0, 1000)"),
                    ("deep 1,000 objects", "E.slice(0, 1000).map(() => ({a: 1}))"),
                    ("deep 1,000 numbers", "E.slice(0, 1000).map((_, i) => i)")):
                t0 = time.perf_counter()
                await cdp.send("Runtime.evaluate", {"contextId": world, "expression": expression,
                                                    "serializationOptions": DEEP,
                                                    "objectGroup": "probe"})
                runs[label].append(round((time.perf_counter() - t0) * 1000))
            t0 = time.perf_counter()
            await asyncio.gather(*[cdp.send("DOM.resolveNode", {
                "backendNodeId": backend, "executionContextId": world, "objectGroup": "probe"})
                for backend in ids])
            runs[f"resolve {len(ids)} nodes"].append(round((time.perf_counter() - t0) * 1000))
            await cdp.send("Runtime.releaseObjectGroup", {"objectGroup": "probe"})
        for label, times in runs.items():
            print(f"{label}: {times} ms")
        await browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="std/simd/struct.Simd.html",
                        help="a path under the rustdoc tree")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--url", help="(the peers' side) the page, already served")
    args = parser.parse_args()
    if args.url:
        asyncio.run(probe(args.url, args.turns))
        return 0
    from axsnap_host.client.file_server import serve_directory

    peers = Path(os.environ.get("AXSNAP_PEERS_VENV", Path(__file__).parent / ".venv-peers"))
    with serve_directory(RUST_DOCS) as base:
        print(f"{args.page}, load {os.getloadavg()[0]:.1f}", flush=True)
        return subprocess.run([str(peers / "bin" / "python"), __file__, "--url",
                               f"{base}{args.page}", "--turns", str(args.turns)],
                              check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
