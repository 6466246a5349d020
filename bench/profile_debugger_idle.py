"""What a tab's debugger session's life costs, both ways (design note 137, issue 33).

One Debian Chromium with the unpacked extension; on each page, in one run:

1. **The re-attach.** A whole-page SnapshotV1 from the walk (``exact``): its custom-element
   asks (``walker_ids_custom_ms``: Chromium's accessibility tree built on the first ask of a
   debugger session) and the walker's time, on the read that attached, on a read that joined
   the kept attachment, and on a read after axsnap let the tab go (the agents' idle set to
   nothing: bridge.js ``setAgentIdle``), by turns ``--rounds`` times.
2. **The ways to ask Chromium's node of one custom element**, each on a fresh DevTools
   session of the page (the test's own websocket; axsnap let the tab go before): the first
   ask and a second one, ``Accessibility.getPartialAXTree`` (the node alone: what the walker
   asks) and ``Accessibility.queryAXTree`` (its subtree; getAXNodeAndAncestors and the
   other node asks need ``Accessibility.enable``, which builds the whole tree by its name).
   Does Chromium build the whole tree for either?
3. **What a kept attachment costs the page.** The page's own DOM work (``--work`` elements
   added, laid out and removed, timed in the page by ``performance.now()``) while axsnap's
   attachment is kept after a read (Chromium's accessibility on), and after axsnap let go,
   by turns ``--rounds`` times.

    AXSNAP_EXTENSION_DIR=$PWD/extension PYTHONPATH=$PWD/host nice .venv/bin/python \\
        bench/profile_debugger_idle.py --pages rust-primitive-u8 rust-simd --out debugger_idle
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.cdp import CdpSession, page_ws_url  # noqa: E402
from peers.launch import debugger_address  # noqa: E402

RESULTS = BENCH / "results"
READ = {"format": "snapshot", "scope": "page", "ax_source": "walk", "exact": True,
        "stabilize": {"enabled": False}}
WAYS = {
    "getPartialAXTree": ("Accessibility.getPartialAXTree", {"fetchRelatives": False}),
    "queryAXTree": ("Accessibility.queryAXTree", {}),
}
# the page's own work: `n` elements added, laid out, removed; its ms by the page's clock
WORK = """const n = arguments[0]; const host = document.querySelector('main') || document.body;
const t0 = performance.now(); const made = [];
for (let i = 0; i < n; i += 1) { const d = document.createElement('div');
  d.textContent = 'Line ' + i; host.append(d); made.push(d);
  if (i % 50 === 49) void host.offsetHeight; }
void host.offsetHeight; for (const d of made) d.remove(); void host.offsetHeight;
return performance.now() - t0;"""
# the first defined custom element of the page (rustdoc: rustdoc-search, rustdoc-toolbar...)
FIRST_CUSTOM = """return [...document.querySelectorAll('*')].findIndex(
  (e) => e.localName.includes('-') && customElements.get(e.localName) !== undefined);"""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def let_go(browser: Browser) -> None:
    """Until axsnap holds no session on the tab (tests/e2e/page_waits.py's probe)."""
    assert browser.bridge_call("setAgentIdle", 0)["ok"]
    try:
        deadline = time.monotonic() + 300
        while browser.bridge_call("attach", browser.tab_id) != {"ok": True}:
            assert time.monotonic() < deadline, "axsnap kept the tab"
            time.sleep(0.1)
        browser.bridge_call("detach", browser.tab_id)
    finally:
        browser.bridge_call("setAgentIdle", None)


def read(browser: Browser) -> dict[str, Any]:
    timings = browser.snapshot_raw(**READ)["timings"]
    steps = timings.get("capture_steps") or {}
    return {"uses": timings.get("session_uses"), "custom_ms": steps.get("walker_ids_custom_ms"),
            "capture_ms": timings.get("capture_ms"), "total_ms": timings.get("total_ms")}


def reads(browser: Browser, rounds: int) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {"attached": [], "kept": [], "after let go": []}
    for _ in range(rounds):
        let_go(browser)
        out["attached"].append(read(browser))
        out["kept"].append(read(browser))
    let_go(browser)
    out["after let go"].append(read(browser))
    return out


def custom_node(cdp: CdpSession, index: int) -> int:
    """The backendNodeId of the page's `index`-th element (document order)."""
    doc = cdp.send("DOM.getDocument", {"depth": 0})["root"]
    found = cdp.send("DOM.querySelectorAll", {"nodeId": doc["nodeId"], "selector": "*"})["nodeIds"]
    return int(cdp.send("DOM.describeNode", {"nodeId": found[index]})["node"]["backendNodeId"])


def ways(browser: Browser, rounds: int) -> dict[str, list[list[float]]]:
    """Each way's [first ask ms, the renderer's next answer ms (a trivial Runtime.evaluate
    right after: a build the ask left to the renderer's main thread delays it), second ask
    ms] on fresh sessions, by turns; "none": the evaluate alone, no ask."""
    index = browser.run_in_target(FIRST_CUSTOM)
    if not isinstance(index, int) or index < 0:
        return {}
    url = page_ws_url(debugger_address(browser.driver), browser.target_handle)
    out: dict[str, list[list[float]]] = {name: [] for name in ["none", *WAYS]}

    def timed(cdp: CdpSession, method: str, params: dict[str, Any]) -> float:
        started = time.perf_counter()
        cdp.send(method, params)
        return round((time.perf_counter() - started) * 1000, 1)

    evaluate = {"expression": "1", "returnByValue": True}
    for _ in range(rounds):
        for name in out:
            let_go(browser)
            cdp = CdpSession(url)
            try:
                node = custom_node(cdp, index)
                if name == "none":
                    out[name].append([0.0, timed(cdp, "Runtime.evaluate", evaluate), 0.0])
                    continue
                method, extra = WAYS[name]
                ask = {"backendNodeId": node, **extra}
                out[name].append([timed(cdp, method, ask), timed(cdp, "Runtime.evaluate", evaluate),
                                  timed(cdp, method, ask)])
            finally:
                cdp._ws.close()
    return out


def page_work(browser: Browser, rounds: int, elements: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"attachment kept (after a read)": [], "axsnap let go": []}
    for _ in range(rounds):
        read(browser)
        out["attachment kept (after a read)"].append(
            round(float(browser.run_in_target(WORK, elements)), 1))
        let_go(browser)
        out["axsnap let go"].append(round(float(browser.run_in_target(WORK, elements)), 1))
    return out


def median(values: list[Any]) -> Any:
    got = [v for v in values if isinstance(v, (int, float))]
    return round(statistics.median(got), 1) if got else None


def markdown(rows: dict[str, Any], command: str, load: list[Any]) -> str:
    lines = ["# The debugger session's life: re-attach, ways to ask, the kept attachment's cost",
             "", f"`{command}`", "", f"Load (1, 5, 15 min) before/after: {load}", ""]
    for page, got in rows.items():
        lines += [f"## {page} ({got['elements']} elements)", "",
                  "| read | session_uses | custom asks ms (median) | capture ms | total ms |",
                  "|---|---|---|---|---|"]
        for kind, list_ in got["reads"].items():
            lines.append(f"| {kind} | {[r['uses'] for r in list_]} | "
                         f"{median([r['custom_ms'] for r in list_])} "
                         f"({[r['custom_ms'] for r in list_]}) | "
                         f"{median([r['capture_ms'] for r in list_])} | "
                         f"{median([r['total_ms'] for r in list_])} |")
        lines += ["", "| way (fresh session) | first ask ms | the renderer's next answer ms "
                  "| second ask ms |", "|---|---|---|---|"]
        for name, runs in got["ways"].items():
            lines.append(f"| {name} | {median([p[0] for p in runs])} ({[p[0] for p in runs]}) "
                         f"| {median([p[1] for p in runs])} ({[p[1] for p in runs]}) "
                         f"| {median([p[2] for p in runs])} |")
        lines += ["", f"| the page's own work ({got['work_elements']} elements) "
                  "| ms (median) | runs |", "|---|---|---|"]
        for state, values in got["work"].items():
            lines.append(f"| {state} | {median(values)} | {values} |")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", nargs="*", default=["rust-primitive-u8"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=int, default=2000, help="elements of the page's own work")
    parser.add_argument("--out", default="debugger_idle")
    parser.add_argument("--no-reads", action="store_true", help="only the ways and the work")
    args = parser.parse_args()
    pages = [p for p in REAL_PAGES if p.name in args.pages]
    load = [os.getloadavg()]
    rows: dict[str, Any] = {}
    for page in pages:
        root = ROOTS[page.root]
        if not (root / page.path).exists():
            log(f"{page.name}: missing, skipped")
            continue
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            browser.open(base + page.path)
            elements = browser.run_in_target("return document.getElementsByTagName('*').length")
            log(f"{page.name}: {elements} elements")
            read(browser)  # warm-up: the walker's source compiled, the host's imports
            got = {"elements": elements, "work_elements": args.work,
                   "reads": {} if args.no_reads else reads(browser, args.rounds)}
            log(f"  reads {json.dumps(got['reads'])}")
            got["ways"] = ways(browser, args.rounds)
            log(f"  ways {json.dumps(got['ways'])}")
            got["work"] = page_work(browser, args.rounds, args.work)
            log(f"  work {json.dumps(got['work'])}")
            rows[page.name] = got
    load.append(os.getloadavg())
    command = "nice .venv/bin/python bench/profile_debugger_idle.py " + " ".join(sys.argv[1:])
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps({"rows": rows, "load": load}, indent=1))
    (RESULTS / f"{args.out}.md").write_text(markdown(rows, command, load), encoding="utf-8")
    print(markdown(rows, command, load))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
