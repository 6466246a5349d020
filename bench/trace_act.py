"""Where an act's CPU goes inside Chromium's processes (issue 32, design note 95): a Chromium
trace over N acts, each slice's own thread CPU time (``tdur``, not wall time: on a loaded
machine wall time counts the waits for a core), summed by name per process and thread.

The trace is taken over the browser's DevTools websocket (``Tracing.start``, categories
toplevel, ipc, mojom, extensions, devtools), after the warm-up acts; the extension's own
debugger session is not touched. The trace's own overhead is in the numbers: compare
slices, not the totals with bench_act_cpu.py's.

    nice .venv/bin/python bench/trace_act.py --acts 15                  # inbox clicks
    nice .venv/bin/python bench/trace_act.py --acts 15 --page "billing form" --keep trace.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
CATEGORIES = ["toplevel", "ipc", "mojom", "extensions", "devtools"]


def names(events: list[dict[str, Any]]) -> tuple[dict[int, str], dict[tuple[int, int], str]]:
    processes: dict[int, str] = {}
    threads: dict[tuple[int, int], str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    return processes, threads


def slice_name(e: dict[str, Any]) -> str:
    """A slice's name; a posted task's with the function that posted it."""
    where = (e.get("args") or {}).get("src_func")
    return f"{e['name']} ({where})" if where else str(e["name"])


def self_cpu(events: list[dict[str, Any]]) -> dict[tuple[str, str], Counter[str]]:
    """Per (process, thread): each slice name's own thread CPU ms (its children's taken off)."""
    processes, threads = names(events)
    by_thread: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "tdur" in e and "dur" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for key, slices in by_thread.items():
        slices.sort(key=lambda e: (e["ts"], -e["dur"]))
        mine = out[(processes.get(key[0], str(key[0])), threads.get(key, str(key[1])))]
        stack: list[dict[str, Any]] = []
        for e in slices:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                mine[slice_name(stack[-1])] -= e["tdur"] / 1000
            mine[slice_name(e)] += e["tdur"] / 1000
            stack.append(e)
    return out


def report(events: list[dict[str, Any]], acts: int, top: int) -> str:
    cpu = self_cpu(events)
    totals = sorted(((sum(c.values()), k) for k, c in cpu.items()), reverse=True)
    lines = ["| thread CPU ms / act | process / thread |", "|--:|---|"]
    lines += [f"| {ms / acts:.2f} | {p} / {t} |" for ms, (p, t) in totals[:12]]
    for ms, (p, t) in totals[:4]:
        lines += ["", f"### {p} / {t}: {ms / acts:.1f} ms an act", "",
                  "| own CPU ms / act | slice |", "|--:|---|"]
        lines += [f"| {v / acts:.2f} | `{k}` |" for k, v in cpu[(p, t)].most_common(top)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import websocket
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory
    from peers.cdp import http_base
    from peers.launch import debugger_address

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=sorted(PAGES))
    parser.add_argument("--acts", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--keep", type=Path, help="write the trace's events here (JSON)")
    args = parser.parse_args(argv)
    path, make = PAGES[args.page]
    steps = make(args.warmup + args.acts)
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        for step in steps[:args.warmup]:
            browser.act(step["name"], step["kind"], step.get("value"))
        http = http_base(debugger_address(browser.driver))
        with urllib.request.urlopen(f"{http}/json/version", timeout=10) as reply:
            socket_url = json.load(reply)["webSocketDebuggerUrl"]
        ws = websocket.create_connection(socket_url, suppress_origin=True, timeout=600)
        ids = itertools.count(1)

        def send(method: str, params: dict[str, Any] | None = None) -> None:
            ws.send(json.dumps({"id": next(ids), "method": method, "params": params or {}}))

        send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES},
                               "transferMode": "ReportEvents"})
        for step in steps[args.warmup:]:
            result = browser.act(step["name"], step["kind"], step.get("value"))
            if not result.ok:
                raise SystemExit(f"act failed: {result.error}")
        send("Tracing.end")
        events: list[dict[str, Any]] = []
        while True:
            message = json.loads(ws.recv())
            if message.get("method") == "Tracing.dataCollected":
                events += message["params"]["value"]
            if message.get("method") == "Tracing.tracingComplete":
                break
        ws.close()
    if args.keep:
        args.keep.write_text(json.dumps(events), encoding="utf-8")
    print(f"{args.page}: {args.acts} acts traced\n")
    print(report(events, args.acts, args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
