"""Where an act's JavaScript time goes (issue 32): V8's sampling profiler on the extension's
service worker and on the page's renderer while N acts of bench_act_pace.py's steps run.

Each target is profiled over its own DevTools websocket (the browser's /json/list; the
extension's debugger session is not touched): ``Profiler.start`` after the warm-up acts,
``Profiler.stop`` after the N acts. Prints, per target, the busy samples' self time by function
(file:line) and the share of idle, program (native work outside JS) and garbage collection.

    nice .venv/bin/python bench/profile_act.py --acts 20                 # inbox clicks
    nice .venv/bin/python bench/profile_act.py --acts 20 --page "billing form"
    nice .venv/bin/python bench/profile_act.py --acts 20 --read window   # each act then a read

``--read window`` (or ``page``) reads the page after each act as bench_act_pace.py's act +
outline delta read does (the window's outline from Chromium's AX tree, or the whole page's
from the walk): the profile is then of the act and its read.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))


def targets(base: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{base}/json/list", timeout=10) as reply:
        return list(json.load(reply))


def self_times(profile: dict[str, Any]) -> Counter[str]:
    """ms of self time by 'function file:line' (and (idle), (program), (garbage collector))."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    out: Counter[str] = Counter()
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        frame = nodes[node_id]["callFrame"]
        url = frame.get("url", "").rsplit("/", 2)
        where = "/".join(url[-2:]) if frame.get("url") else ""
        name = frame.get("functionName") or "(anonymous)"
        out[f"{name} {where}:{frame.get('lineNumber', -1) + 1}" if where else name] += delta / 1000
    return out


def callers(profile: dict[str, Any], name: str) -> Counter[str]:
    """ms of self time of the function `name` by the JS function that called it."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    out: Counter[str] = Counter()
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        if nodes[node_id]["callFrame"].get("functionName") != name:
            continue
        up = parent.get(node_id)
        frame = nodes[up]["callFrame"] if up else {}
        where = frame.get("url", "").rsplit("/", 2)
        out[f"{frame.get('functionName') or '(anonymous)'} {'/'.join(where[-2:])}:"
            f"{frame.get('lineNumber', -1) + 1}"] += delta / 1000
    return out


def report(title: str, profile: dict[str, Any], acts: int, top: int,
           callers_of: list[str] | None = None) -> str:
    times = self_times(profile)
    idle = times.pop("(idle)", 0.0)
    busy = sum(times.values())
    lines = [f"### {title}: busy {busy / acts:.1f} ms an act (idle {idle / acts:.0f})", "",
             "| self ms / act | share | function |", "|--:|--:|---|"]
    for name, ms in times.most_common(top):
        lines.append(f"| {ms / acts:.2f} | {100 * ms / busy:.1f} % | `{name}` |")
    for name in callers_of or []:
        lines += ["", f"`{name}`'s callers (self ms / act):", ""]
        lines += [f"- {ms / acts:.2f} `{caller}`" for caller, ms in
                  callers(profile, name).most_common(12)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory
    from peers.cdp import CdpSession, http_base
    from peers.launch import debugger_address

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=sorted(PAGES))
    parser.add_argument("--acts", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--interval-us", type=int, default=200)
    parser.add_argument("--read", choices=("window", "page"), default=None,
                        help="after each act, an outline delta read of the window or the page")
    parser.add_argument("--callers", action="append", default=[],
                        help="a function name whose callers to list (repeat)")
    args = parser.parse_args(argv)
    path, make = PAGES[args.page]
    steps = make(args.warmup + args.acts)
    # the read after each act, as bench_act_pace.py's act + outline delta read
    scope = {"page": {"scope": "page"}, "window": {}}.get(args.read or "")
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        url = base + path
        browser.open(url)
        browser.snapshot(format="outline", **(scope or {}))

        def act(step: dict[str, Any]) -> Any:
            result = browser.act(step["name"], step["kind"], step.get("value"))
            if scope is not None and result.ok:
                browser.snapshot(format="outline", compression="delta",
                                 stabilize={"settle": True}, **scope)
            return result

        for step in steps[:args.warmup]:
            act(step)
        http = http_base(debugger_address(browser.driver))
        found = targets(http)
        worker = next(t for t in found if t.get("type") == "service_worker"
                      and t.get("url", "").startswith("chrome-extension://"))
        page = next(t for t in found if t.get("type") == "page" and t.get("url") == url)
        sessions = {"extension service worker": CdpSession(worker["webSocketDebuggerUrl"]),
                    "page renderer": CdpSession(page["webSocketDebuggerUrl"])}
        for session in sessions.values():
            session.send("Profiler.enable")
            session.send("Profiler.setSamplingInterval", {"interval": args.interval_us})
            session.send("Profiler.start")
        for step in steps[args.warmup:]:
            result = act(step)
            if not result.ok:
                raise SystemExit(f"act failed: {result.error}")
        for title, session in sessions.items():
            profile = session.send("Profiler.stop")["profile"]
            print(report(title, profile, args.acts, args.top, args.callers) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
