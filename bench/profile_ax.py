"""Where the whole-page AX read spends its time: Chromium's serialization against transfer.

On one Debian Chromium with the unpacked extension, for each generated page (fresh load, so
the first AX request also builds the renderer's AX object cache), times over raw CDP (a
websocket on the tab's target, beside the extension's chrome.debugger session):

- ``getFullAXTree`` per frame, cold (first AX request of the document) and warm;
- ``getFullAXTree`` with ``depth`` then ``getChildAXNodes`` paging (needs Accessibility.enable);
- ``queryAXTree`` of the document with no name or role (every node, as Chromium allows);
- ``getPartialAXTree(fetchRelatives: false)`` over every DOM node's backendNodeId, in
  batches of N commands in flight;

then Playwright's aria snapshot of the same tab (the floor's proof: the raw ``full_warm``
rows against it, same run), ``DOMSnapshot.captureSnapshot`` with the extension's parameters
and with less (fewer computed styles, no DOM rects, no paint order; the variants take
turns), and the extension's ``scope="page"`` SnapshotV1 (its own ax_ms, host_ms and
transfer) from the same tab. Each page's rows say the machine's load before and after.
Writes bench/results/profile_ax.md.

    nice .venv/bin/python bench/profile_ax.py --sizes 20000 100000
    nice .venv/bin/python bench/profile_ax.py --skip query partial paging traced   # the floor
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import playwright, playwright_python  # noqa: E402
from generate import write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.cdp import CdpSession, page_ws_url  # noqa: E402
from peers.launch import debugger_address  # noqa: E402

RESULTS = BENCH / "results"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class Pipelined(CdpSession):
    """CdpSession that can keep many commands in flight and collect their replies.

    It skips websocket-client's UTF-8 check of each message: in pure Python that costs
    seconds on a 70 MB reply, which would be counted as Chromium's."""

    def __init__(self, ws_url: str, timeout_s: float = 900.0) -> None:
        import websocket

        self._ws = websocket.create_connection(ws_url, timeout=timeout_s, suppress_origin=True,
                                               skip_utf8_validation=True)
        self._ids = itertools.count(1)

    def many(self, method: str, params: list[dict[str, Any]], in_flight: int) -> list[str]:
        ids = itertools.count(10_000_000)
        replies: dict[int, str] = {}
        queue = list(params)
        sent: dict[int, int] = {}
        at = 0
        while at < len(queue) or sent:
            while at < len(queue) and len(sent) < in_flight:
                cid = next(ids)
                self._ws.send(json.dumps({"id": cid, "method": method, "params": queue[at]}))
                sent[cid] = at
                at += 1
            text = self._ws.recv()
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            if not text.startswith('{"id":'):
                continue
            cid = int(text[6:text.find(",", 6)])
            if cid in sent:
                replies[sent.pop(cid)] = text
        return [replies[i] for i in range(len(queue))]


def _timed(fn: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    value = fn()
    return (time.perf_counter() - started) * 1000, value


def frame_ids(cdp: CdpSession) -> list[str]:
    out: list[str] = []

    def visit(node: dict[str, Any]) -> None:
        out.append(node["frame"]["id"])
        for child in node.get("childFrames") or ():
            visit(child)

    visit(cdp.send("Page.getFrameTree")["frameTree"])
    return out


def full_tree(cdp: CdpSession, frames: list[str]) -> dict[str, Any]:
    recv_ms = parse_ms = 0.0
    nodes = 0
    size = 0
    for frame in frames:
        ms, text = _timed(lambda f=frame: cdp.send_raw("Accessibility.getFullAXTree",
                                                       {"frameId": f}))
        recv_ms += ms
        size += len(text)
        pms, parsed = _timed(lambda t=text: json.loads(t))
        parse_ms += pms
        nodes += len(parsed["result"]["nodes"])
    return {"ms": round(recv_ms), "parse_ms": round(parse_ms), "nodes": nodes,
            "mb": round(size / 1e6, 1)}


def backend_ids(cdp: CdpSession) -> list[int]:
    doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    out: list[int] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if node.get("nodeType") in (1, 3, 9):
            out.append(node["backendNodeId"])
        for key in ("children", "shadowRoots"):
            stack.extend(node.get(key) or ())
        if node.get("contentDocument") is not None:
            stack.append(node["contentDocument"])
    return out


def partial_batches(cdp: Pipelined, ids: list[int], in_flight: int) -> dict[str, Any]:
    params = [{"backendNodeId": b, "fetchRelatives": False} for b in ids]
    ms, replies = _timed(lambda: cdp.many("Accessibility.getPartialAXTree", params, in_flight))
    return {"ms": round(ms), "calls": len(ids), "in_flight": in_flight,
            "mb": round(sum(len(r) for r in replies) / 1e6, 1)}


def child_paging(cdp: CdpSession, frame: str, depth: int) -> dict[str, Any]:
    """getFullAXTree(depth) then getChildAXNodes for every node at the edge, level by level."""
    cdp.send("Accessibility.enable")
    started = time.perf_counter()
    first = json.loads(cdp.send_raw("Accessibility.getFullAXTree",
                                    {"frameId": frame, "depth": depth}))["result"]["nodes"]
    have = {n["nodeId"] for n in first}
    edge = [c for n in first for c in n.get("childIds") or () if c not in have]
    calls = 1
    total = len(first)
    while edge:
        nxt = []
        for node_id in edge:
            got = cdp.send("Accessibility.getChildAXNodes", {"id": node_id, "frameId": frame})
            calls += 1
            for n in got["nodes"]:
                if n["nodeId"] not in have:
                    have.add(n["nodeId"])
                    total += 1
                    nxt.extend(c for c in n.get("childIds") or () if c not in have)
        edge = nxt
        if calls > 50_000:
            break
    ms = (time.perf_counter() - started) * 1000
    return {"ms": round(ms), "calls": calls, "nodes": total}


def query_all(cdp: CdpSession) -> dict[str, Any]:
    doc = cdp.send("DOM.getDocument", {"depth": 0})["root"]
    ms, text = _timed(lambda: cdp.send_raw("Accessibility.queryAXTree",
                                           {"backendNodeId": doc["backendNodeId"]}))
    return {"ms": round(ms), "nodes": len(json.loads(text)["result"]["nodes"]),
            "mb": round(len(text) / 1e6, 1)}


def dom_snapshot(cdp: CdpSession, styles: list[str], rects: bool, paint: bool) -> dict[str, Any]:
    """One raw DOMSnapshot.captureSnapshot: its wall time and reply size."""
    params = {"computedStyles": styles, "includeDOMRects": rects, "includePaintOrder": paint}
    ms, text = _timed(lambda: cdp.send_raw("DOMSnapshot.captureSnapshot", params))
    return {"ms": round(ms), "mb": round(len(text) / 1e6, 1), "styles": len(styles),
            "rects": rects, "paint": paint}


def dom_snapshots(cdp: CdpSession, rounds: int = 3) -> dict[str, dict[str, Any]]:
    """DOMSnapshot as the extension asks it, then with less: what each part costs. The
    variants take turns, ``rounds`` times (the machine's load moves under them); each
    row is a variant's median."""
    import statistics

    from axsnap_host.models.capture import DOM_SNAPSHOT_STYLES

    styles = list(DOM_SNAPSHOT_STYLES)
    variants = {"dom_snapshot_ext": (styles, True, True),
                "dom_snapshot_no_paint": (styles, True, False),
                "dom_snapshot_no_rects": (styles, False, True),
                "dom_snapshot_8_styles": (styles[:8], True, True),
                "dom_snapshot_bare": ([], False, False)}
    runs: dict[str, list[dict[str, Any]]] = {key: [] for key in variants}
    for _ in range(rounds):
        for key, params in variants.items():
            runs[key].append(dom_snapshot(cdp, *params))
    out = {}
    for key, got in runs.items():
        times = [r["ms"] for r in got]
        out[key] = {**got[0], "ms": round(statistics.median(times)), "samples_ms": times}
    return out


TRACE_CATEGORIES = "toplevel,devtools,ipc,mojom,v8.execute"


class Tracer:
    """Chromium's own trace (browser target) around one call: where the time went, by
    process and step — the renderer's protocol command, the browser's handling of its
    response (chrome.debugger parses it into base::Value), the service worker's receipt."""

    def __init__(self, browser: Browser) -> None:
        import urllib.request

        import websocket

        from peers.cdp import http_base

        base = http_base(debugger_address(browser.driver))
        with urllib.request.urlopen(base + "/json/version", timeout=10) as reply:
            url = json.load(reply)["webSocketDebuggerUrl"]
        self._ws = websocket.create_connection(url, timeout=900, suppress_origin=True,
                                               skip_utf8_validation=True)
        self._ids = itertools.count(1)

    def _call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        cid = next(self._ids)
        self._ws.send(json.dumps({"id": cid, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self._ws.recv())
            if message.get("id") == cid:
                return message.get("result") or {}

    def around(self, fn: Any) -> tuple[Any, dict[str, float]]:
        self._call("Tracing.start", {"categories": TRACE_CATEGORIES,
                                     "transferMode": "ReturnAsStream"})
        try:
            value = fn()
        finally:
            cid = next(self._ids)
            self._ws.send(json.dumps({"id": cid, "method": "Tracing.end"}))
            handle = None
            while handle is None:
                message = json.loads(self._ws.recv())
                if message.get("method") == "Tracing.tracingComplete":
                    handle = message["params"]["stream"]
            pieces = []
            while True:
                got = self._call("IO.read", {"handle": handle, "size": 8_000_000})
                pieces.append(got.get("data", ""))
                if got.get("eof"):
                    break
            self._call("IO.close", {"handle": handle})
        return value, summarize_trace(json.loads("".join(pieces)))

    def close(self) -> None:
        self._ws.close()


def summarize_trace(trace: Any) -> dict[str, float]:
    """Milliseconds per (thread, step) of the steps a big CDP reply goes through."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    out: dict[str, float] = {}
    for event in events:
        if event.get("ph") != "X" or event.get("dur", 0) < 20_000:
            continue
        thread = threads.get((event["pid"], event["tid"]), "?")
        name = event["name"]
        if name == "api_call":
            key = f"renderer {event.get('args', {}).get('method_name', '?')}"
        elif name == "DevToolsSession::DispatchProtocolResponse":
            key = f"{thread}: protocol response"
        elif name == "Receive mojo reply" and thread == "ServiceWorker thread":
            key = "service worker: receive reply"
        elif name == "RunMicrotasks" and thread == "ServiceWorker thread":
            key = "service worker: JS"
        else:
            continue
        out[key] = round(out.get(key, 0.0) + event["dur"] / 1000)
    return out


def extension_read(browser: Browser) -> dict[str, Any]:
    # The page's own resize event makes the tab's AX cache read the page whole (a repeated
    # read would otherwise refetch only what changed: extension/lib/ax/ax_cache_read.js).
    browser.run_in_target("window.dispatchEvent(new Event('resize'))")
    ms, reply = _timed(lambda: browser.snapshot_raw(format="snapshot", scope="page",
                                                    stabilize={"enabled": False}))
    timings = reply.get("timings") or {}
    steps = timings.get("capture_steps") or {}
    host = (reply.get("result") or {}).get("timings") or {}
    return {"ms": round(ms), "ax_ms": steps.get("ax_ms"), "capture_ms": timings.get("capture_ms"),
            "host_ms": timings.get("host_ms"), "transfer_ms": timings.get("transfer_ms"),
            "parse_ms": host.get("parse_ms"), "host_steps": host,
            "capture_kb": round((reply.get("sizes") or {}).get("capture_bytes", 0) / 1024)}


def measure(browser: Browser, url: str, size: int, skip: set[str],
            scratch: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"size": size, "load_at_start": load_average()}
    browser.open(url)
    cdp = Pipelined(page_ws_url(debugger_address(browser.driver), browser.target_handle))
    try:
        frames = frame_ids(cdp)
        out["full_cold"] = full_tree(cdp, frames)
        log(f"{size} full cold {out['full_cold']}")
        out["full_warm"] = full_tree(cdp, frames)
        log(f"{size} full warm {out['full_warm']}")
        out["full_main_warm"] = full_tree(cdp, frames[:1])
        python, _why = playwright_python()
        pw = playwright(python, browser, url, 3, scratch)
        out["playwright_aria"] = {"ms": round(pw.get("median_ms") or 0), **pw}
        log(f"{size} playwright {out['playwright_aria']}")
        out["full_warm_again"] = full_tree(cdp, frames)
        log(f"{size} full warm again {out['full_warm_again']}")
        if "domsnapshot" not in skip:
            out.update(dom_snapshots(cdp))
            log(f"{size} DOMSnapshot {[out[k] for k in out if k.startswith('dom_snapshot')]}")
        if "query" not in skip:
            out["query_all"] = query_all(cdp)
            log(f"{size} queryAXTree {out['query_all']}")
        ids = backend_ids(cdp)
        for in_flight in (1, 64):
            if "partial" in skip or (in_flight == 1 and "partial1" in skip):
                continue
            key = f"partial_{in_flight}"
            out[key] = partial_batches(cdp, ids, in_flight)
            log(f"{size} partial {out[key]}")
        if "paging" not in skip:
            out["paging"] = child_paging(cdp, frames[0], 4)
            log(f"{size} paging {out['paging']}")
            cdp.send("Accessibility.disable")
        tracer = Tracer(browser) if "traced" not in skip else None
        try:
            if tracer is None:
                raise _Skipped
            raw, steps = tracer.around(lambda: full_tree(cdp, frames[:1]))
            out["traced_raw"] = {**raw, **steps}
            log(f"{size} traced raw {out['traced_raw']}")
            read, steps = tracer.around(lambda: extension_read(browser))
            read.pop("host_steps", None)
            out["traced_extension"] = {**read, **steps}
            log(f"{size} traced extension {out['traced_extension']}")
        except _Skipped:
            pass
        finally:
            if tracer is not None:
                tracer.close()
    finally:
        cdp.close()
    for i in range(2):
        out[f"extension_{i}"] = extension_read(browser)
        log(f"{size} extension {out[f'extension_{i}']}")
    out["load_at_end"] = load_average()
    return out


class _Skipped(Exception):
    """The traced rows were skipped (--skip traced)."""


def load_average() -> str:
    """The machine's 1/5/15-minute load average now."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def render(rows: list[dict[str, Any]]) -> str:
    lines = ["| page | read | ms | detail |", "|--:|---|--:|---|"]
    for row in rows:
        for key, value in row.items():
            if key.startswith("load"):
                lines.append(f"| {row['size']:,} | {key.replace('_', ' ')} (1/5/15 min) | – | "
                             f"{value} |")
            if key == "size" or not isinstance(value, dict):
                continue
            detail = ", ".join(f"{k} {v}" for k, v in value.items()
                               if k not in ("ms", "host_steps", "median_ms"))
            lines.append(f"| {row['size']:,} | {key} | {value.get('ms')} | {detail} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20000, 100000])
    parser.add_argument("--skip", nargs="*", default=[],
                        choices=["query", "partial", "partial1", "paging", "traced",
                                 "domsnapshot"])
    parser.add_argument("--out", type=Path, default=RESULTS / "profile_ax.md")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp), args.sizes)
        scratch = Path(tmp) / "scratch"
        scratch.mkdir()
        with serve_directory(Path(tmp)) as base, Browser(timeout_s=900) as browser:
            for size, path in pages.items():
                rows.append(measure(browser, base + path.name, size, set(args.skip), scratch))
    text = ("# Whole-page AX read: where the time goes (bench/profile_ax.py)\n\n"
            "Raw CDP rows: a websocket on the tab's target (no UTF-8 check in Python); `ms` "
            "is the call's wall time. `traced_*` rows add Chromium's own trace: "
            "`renderer <method>` is the renderer main thread's work on that command, "
            "`CrBrowserMain: protocol response` the browser's handling of the reply "
            "(chrome.debugger parses it into a base::Value), `service worker: receive "
            "reply` its delivery as V8 objects. `extension_*`: SnapshotV1 scope=page "
            "through the extension. Note the machine's load when reading absolute times.\n\n"
            + render(rows))
    print(text)
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    (args.out.with_suffix(".json")).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
