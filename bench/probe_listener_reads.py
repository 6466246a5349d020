"""What DOMDebugger.getEventListeners lists and what it costs (issue 32, design note 147).

Two questions about the listener reads an act makes before its input (note 141): which
worlds' listeners a read lists (by the handle's world, depth, pierce, and the target: a
node, the document, the window), and how long a read takes on the bench's pages by depth and
by page size. Runs axsnap's Browser (the extension's content scripts are in the page, in
their isolated world) and talks to the page target over its own DevTools websocket. The
world table adds a ``keydown`` listener in a second isolated world (``Page.createIsolatedWorld``,
as another extension's content script would be) on a field, the document and the window, and
a ``keyup`` one in the main world on the same three; the product is not used for it.

    PYTHONPATH=$PWD/host nice .venv/bin/python bench/probe_listener_reads.py --worlds
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/probe_listener_reads.py --costs --reps 40
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))


class Pipe:
    """A CDP client that may send several commands before reading their replies."""

    def __init__(self, ws_url: str) -> None:
        import websocket

        self._ws = websocket.create_connection(ws_url, timeout=120, suppress_origin=True)
        self._ids = itertools.count(1)
        self._got: dict[int, dict[str, Any]] = {}

    def post(self, method: str, params: dict[str, Any] | None = None) -> int:
        n = next(self._ids)
        self._ws.send(json.dumps({"id": n, "method": method, "params": params or {}}))
        return n

    def wait(self, n: int) -> dict[str, Any]:
        while n not in self._got:
            msg = json.loads(self._ws.recv())
            if "id" in msg:
                self._got[msg["id"]] = msg
        msg = self._got.pop(n)
        if "error" in msg:
            raise RuntimeError(f"{msg['error']}")
        return dict(msg["result"])

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.wait(self.post(method, params))


def page_ws(browser: Any) -> str:
    from peers.cdp import http_base
    from peers.launch import debugger_address

    with urllib.request.urlopen(f"{http_base(debugger_address(browser.driver))}/json/list",
                                timeout=10) as reply:
        found = json.load(reply)
    page = next(t for t in found if t.get("id") == browser.target_handle)
    return str(page["webSocketDebuggerUrl"])


def obj(pipe: Pipe, expression: str, context: int | None = None) -> str:
    params: dict[str, Any] = {"expression": expression}
    if context is not None:
        params["contextId"] = context
    return str(pipe.send("Runtime.evaluate", params)["result"]["objectId"])


def kinds(listeners: list[dict[str, Any]]) -> str:
    """keydown (the second isolated world's) and keyup (the main world's) as listed."""
    got = sorted({f"{item['type']}@{'node' if item.get('backendNodeId') else 'win'}"
                  for item in listeners if item["type"] in ("keydown", "keyup")
                  and not (item.get("passive") and item.get("useCapture"))})
    return ", ".join(got) or "none"


def worlds(pipe: Pipe) -> None:
    frame = pipe.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
    other = pipe.send("Page.createIsolatedWorld", {"frameId": frame, "worldName": "probe-other"})
    ctx = int(other["executionContextId"])
    add = ("(() => {{ const f = document.querySelector('input'); const h = () => {{}};"
           " f.addEventListener('{t}', h); document.addEventListener('{t}', h);"
           " window.addEventListener('{t}', h); return f.outerHTML.length; }})()")
    pipe.send("Runtime.evaluate", {"expression": add.format(t="keydown"), "contextId": ctx})
    pipe.send("Runtime.evaluate", {"expression": add.format(t="keyup")})
    print("keydown: added in a second isolated world; keyup: added in the main world; on the "
          "first input, the document and the window. What each read lists:\n")
    print("| read off | handle's world | depth | pierce | listed |\n|---|---|--:|---|---|")
    for world, context in (("main", None), ("second isolated", ctx)):
        targets = {"the field": obj(pipe, "document.querySelector('input')", context),
                   "document": obj(pipe, "document", context),
                   "documentElement": obj(pipe, "document.documentElement", context),
                   "window": obj(pipe, "window", context)}
        for (name, oid), depth, pierce in itertools.product(targets.items(), (0, -1),
                                                            (False, True)):
            got = pipe.send("DOMDebugger.getEventListeners",
                            {"objectId": oid, "depth": depth, "pierce": pierce})["listeners"]
            print(f"| {name} | {world} | {depth} | {pierce} | {kinds(got)} |")


def timed(pipe: Pipe, method: str, params: dict[str, Any], reps: int) -> float:
    took = []
    for _ in range(reps):
        t0 = time.perf_counter()
        pipe.send(method, params)
        took.append((time.perf_counter() - t0) * 1000)
    return statistics.median(took)


def timed_many(pipe: Pipe, calls: list[tuple[str, dict[str, Any]]], reps: int) -> float:
    took = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for n in [pipe.post(m, p) for m, p in calls]:
            pipe.wait(n)
        took.append((time.perf_counter() - t0) * 1000)
    return statistics.median(took)


GROW = """(n => { const box = document.createElement('div'); box.id = 'probe-grow';
  for (let i = 0; i < n; i++) { const d = document.createElement('div');
    d.innerHTML = '<span>row ' + i + '</span><b>x</b>'; box.appendChild(d);
    if (i % 10 === 0) d.addEventListener('click', () => {}); }
  document.body.appendChild(box); return document.getElementsByTagName('*').length; })"""


def costs(pipe: Pipe, label: str, reps: int, field: str) -> None:
    doc = obj(pipe, "document")
    root = obj(pipe, "document.documentElement")
    win = obj(pipe, "window")
    fld = obj(pipe, f"document.querySelector({json.dumps(field)})")
    path = pipe.send("Runtime.callFunctionOn", {
        "objectId": fld, "functionDeclaration":
        "function () { const p = []; for (let n = this; n; n = n.parentNode || n.host || null)"
        " p.push(n); return p; }"})["result"]["objectId"]
    props = pipe.send("Runtime.getProperties", {"objectId": path, "ownProperties": True})
    path_ids = [p["value"]["objectId"] for p in props["result"] if p["name"].isdigit()]
    count = pipe.send("Runtime.evaluate", {
        "expression": "document.getElementsByTagName('*').length", "returnByValue": True})
    whole = pipe.send("DOMDebugger.getEventListeners",
                      {"objectId": doc, "depth": -1, "pierce": True})["listeners"]
    main_world = pipe.send("DOMDebugger.getEventListeners",
                           {"objectId": doc, "depth": -1, "pierce": False})["listeners"]
    doc_id = pipe.send("DOM.describeNode", {"objectId": doc})["node"]["backendNodeId"]
    on_doc = sum(1 for item in whole if item.get("backendNodeId") == doc_id)
    rows = [
        ("Runtime.evaluate `1` (a round trip)", timed(pipe, "Runtime.evaluate",
                                                      {"expression": "1"}, reps)),
        ("the document alone, depth 0, pierce", timed(
            pipe, "DOMDebugger.getEventListeners",
            {"objectId": doc, "depth": 0, "pierce": True}, reps)),
        ("document, depth -1, pierce (the fill's read)", timed(
            pipe, "DOMDebugger.getEventListeners",
            {"objectId": doc, "depth": -1, "pierce": True}, reps)),
        ("documentElement, depth -1, pierce (the check's read)", timed(
            pipe, "DOMDebugger.getEventListeners",
            {"objectId": root, "depth": -1, "pierce": True}, reps)),
        ("document, depth -1, no pierce", timed(pipe, "DOMDebugger.getEventListeners",
                                                {"objectId": doc, "depth": -1}, reps)),
        ("window, depth 0", timed(pipe, "DOMDebugger.getEventListeners",
                                  {"objectId": win, "depth": 0}, reps)),
        ("the field, depth 0, pierce", timed(pipe, "DOMDebugger.getEventListeners",
                                             {"objectId": fld, "depth": 0, "pierce": True},
                                             reps)),
        (f"the field's path ({len(path_ids)} nodes), depth 0, pierce, pipelined", timed_many(
            pipe, [("DOMDebugger.getEventListeners", {"objectId": o, "depth": 0,
                                                      "pierce": True}) for o in path_ids],
            reps)),
    ]
    print(f"\n{label}: {count['result']['value']} elements; the fill's read lists {len(whole)} "
          f"listeners ({len(main_world)} of the page's world, {on_doc} on the document node); "
          f"median of {reps} reads, ms\n")
    print("| read | ms |\n|---|--:|")
    for name, ms in rows:
        print(f"| {name} | {ms:.2f} |")


def main(argv: list[str] | None = None) -> int:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worlds", action="store_true")
    parser.add_argument("--costs", action="store_true")
    parser.add_argument("--reps", type=int, default=40)
    parser.add_argument("--grow", default="2000,10000",
                        help="rows added to the billing page for the size rows")
    args = parser.parse_args(argv)
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        if args.worlds:
            browser.open(base + PAGES["billing form"][0])
            browser.snapshot(format="outline")
            pipe = Pipe(page_ws(browser))
            pipe.send("Runtime.enable")
            worlds(pipe)
        if args.costs:
            for page, field in (("inbox", "input"), ("billing form", "input")):
                browser.open(base + PAGES[page][0])
                browser.snapshot(format="outline")
                pipe = Pipe(page_ws(browser))
                costs(pipe, page, args.reps, field)
            for rows in [int(x) for x in args.grow.split(",") if x]:
                browser.open(base + PAGES["billing form"][0])
                browser.snapshot(format="outline")
                pipe = Pipe(page_ws(browser))
                pipe.send("Runtime.evaluate", {"expression": f"({GROW})({rows})"})
                costs(pipe, f"billing form + {rows} rows", args.reps, "input")
    print(f"\nload {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
