"""What one act asks of the browser (issue 32, note 83): the DevTools commands, page calls,
content-script messages and native-port frames of one click and one fill, by step.

Every command an act sends is CPU in the browser and the page's renderer, and a wait for a
core under load, whatever it does. This bench counts them, through a trace of its own (no
clock, no product change): it attaches to the extension's service worker through the
browser's DevTools endpoint and wraps ``chrome.debugger.sendCommand``,
``chrome.tabs.sendMessage`` and ``chrome.scripting.executeScript`` there (the worker calls
them through those objects, so each call passes the wrap); each call is logged with the
extension's own function that made it (its stack). The native host runs with the port
trace (bench/port_trace/) and logs each frame the extension sends it. A call is put under a
step by the function that made it and by where it falls against the act's first input event.

    nice .venv/bin/python bench/bench_act_commands.py                  # both pages, 5 acts each
    nice .venv/bin/python bench/bench_act_commands.py --acts 8 --json /tmp/commands.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import websocket

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

# Installed once in the worker's global scope; `__axTrace` holds the calls since it was cleared.
INSTALL = r"""(() => {
  if (globalThis.__axTrace) return 'kept';
  const log = [];
  globalThis.__axTrace = log;
  Error.stackTraceLimit = 40;
  const where = () => String(new Error().stack).split('\n').slice(2)
    .map((l) => /at (?:async )?([\w.$<>]+)? ?\(?chrome-extension:\/\/\w+\/(lib\/[\w/]+)\.js/
      .exec(l))
    .filter(Boolean).map((m) => `${m[2].replace(/^lib\//, '')}:${m[1] ?? '?'}`)
    .filter((f) => !/^session\/debugger:|^act\/run:(guarded\.send|send|Object\.send)/.test(f))
    .slice(0, 8);
  const wrap = (owner, name, describe) => {
    const original = owner[name].bind(owner);
    owner[name] = (...args) => {
      log.push({ t: performance.now(), ...describe(...args), by: where() });
      return original(...args);
    };
  };
  const text = (s) => String(s ?? '').replace(/\s+/g, ' ').slice(0, 70);
  wrap(chrome.debugger, 'sendCommand', (target, method, params) => ({ kind: 'cdp', m: method,
    child: Boolean(target?.sessionId), type: params?.type ?? null,
    fn: text(params?.functionDeclaration ?? params?.expression ?? '') }));
  wrap(chrome.tabs, 'sendMessage', (tabId, message) => ({ kind: 'content',
    m: String(message?.type ?? message?.kind ?? '?') }));
  wrap(chrome.scripting, 'executeScript', (what) => ({ kind: 'script',
    m: String(what?.func?.name ?? what?.files ?? '?') }));
  return 'installed';
})()"""

TAKE = "(() => (globalThis.__axTrace ? globalThis.__axTrace.splice(0) : null))()"

# A call's step, by the innermost extension function on its stack that names one, else by its
# method and where it falls against the act's first input (an input event, a focus).
STEPS = (
    ("input (events, the fill's focus, check and rule)",
     r"^act/input:|^act/fill:|^act/fill_rule:"),
    ("pre-act: box and hit test", r"^act/geometry:"),
    ("pre-act: lookup (frames, world, node, facts)", r"^capture/resolve:|^act/executor:liveTarget"),
    ("outcome check", r"^act/executor:(liveChecked|selectNative)"),
    ("readiness",
     r"^session/settle:|^session/stabilize:|^act/readiness:(readyState|Object\.ready)"),
    ("capture after",
     r"^act/after:|^walker/walker_capture:|^walker/walker_ids:|^capture/capture:captureDocument"),
    ("baseline check (proof, frames, listeners)", r"^reuse/act_baseline:"),
    ("capture before", r"readBefore"),
    ("watch (page clock)", r"^session/page_clock:|^act/readiness:watchPage|^act/opened:"),
    ("modals before", r"^act/readiness:(shownModals|focusAndModals)"),
)


def step_of(call: dict[str, Any], first_input: float | None) -> str:
    for frame in call.get("by") or []:
        for name, pattern in STEPS:
            if re.search(pattern, frame):
                return name
    method = str(call.get("m", ""))
    if method.startswith("Input."):
        return STEPS[0][0]
    if method in ("Page.enable", "Page.disable"):
        return "the act's Page domain (dialogs)"
    if first_input is None or call["t"] < first_input:
        return "before input (other)"
    after = ("DOMDebugger.getEventListeners", "Runtime.releaseObjectGroup")
    return "capture after" if method in after else "after input (other)"


class WorkerTrace:
    """The browser's DevTools endpoint, attached to the extension's service worker."""

    def __init__(self, browser: Any) -> None:
        address = browser.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        port = address.rsplit(":", 1)[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=10) as r:
            endpoint = json.load(r)["webSocketDebuggerUrl"]
        self.ws = websocket.create_connection(endpoint, timeout=60, suppress_origin=True)
        self.next = 0
        self.session: str | None = None

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> Any:
        self.next += 1
        message: dict[str, Any] = {"id": self.next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            answer = json.loads(self.ws.recv())
            if answer.get("id") == self.next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def evaluate(self, expression: str) -> Any:
        from axsnap_host import EXTENSION_ID
        if self.session is None:
            targets = self.call("Target.getTargets")["targetInfos"]
            worker = next(t["targetId"] for t in targets if t["type"] == "service_worker"
                          and t["url"].startswith(f"chrome-extension://{EXTENSION_ID}/"))
            attached = self.call("Target.attachToTarget", {"targetId": worker, "flatten": True})
            self.session = attached["sessionId"]
        got = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                        session=self.session)
        return got.get("result", {}).get("value")


def frames_since(folder: Path, since_ms: float) -> list[dict[str, Any]]:
    out = []
    for file in folder.glob("*.jsonl"):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record.get("body", 0) >= since_ms:
                out.append(record)
    return out


def one_act(browser: Any, trace: WorkerTrace, folder: Path, step: dict[str, Any],
            exact: bool) -> dict[str, Any]:
    import time
    trace.evaluate(INSTALL)
    trace.evaluate(TAKE)
    started = time.time() * 1000
    options = {"exact": True} if exact else {}
    result = browser.act(step["name"], step["kind"], step.get("value"), **options)
    if not result.ok:
        raise SystemExit(f"{step['kind']} {step['name']!r}: {result.error}")
    calls = trace.evaluate(TAKE) or []
    time.sleep(0.3)  # the port trace writes a frame's line once the next frame is read
    frames = [f for f in frames_since(folder, started) if f.get("type") != "ping"]
    first_input = next((c["t"] for c in calls if str(c.get("m", "")).startswith("Input.")
                        or c.get("m") == "DOM.focus"), None)
    steps: Counter[str] = Counter()
    page_calls: Counter[str] = Counter()
    methods: Counter[str] = Counter()
    for call in calls:
        name = step_of(call, first_input)
        steps[f"{call['kind']}|{name}"] += 1
        methods[f"{name}|{call.get('m')}"] += 1
        if call.get("m") in ("Runtime.evaluate", "Runtime.callFunctionOn"):
            page_calls[name] += 1
    return {"kind": step["kind"], "calls": calls, "steps": dict(steps),
            "page_calls": dict(page_calls),
            "methods": dict(methods), "native": Counter(str(f.get("type", "?")) for f in frames),
            "timings": dict(result.timings)}


def run(page: str, acts: int, warmup: int, exact: bool) -> list[dict[str, Any]]:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    folder = Path(tempfile.mkdtemp(prefix="axsnap-commands-"))
    os.environ["AXSNAP_BENCH_PORT_TRACE"] = str(folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "port_trace"), *filter(None, [os.environ.get("PYTHONPATH")])])
    path, make = PAGES[page]
    steps = make(acts + warmup)
    done = []
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        trace = WorkerTrace(browser)
        for i, step in enumerate(steps):
            got = one_act(browser, trace, folder, step, exact)
            if i >= warmup:
                done.append({**got, "page": page})
    return done


def table(acts: list[dict[str, Any]]) -> str:
    """Median count per act of each step's calls, per page and act kind."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for a in acts:
        groups.setdefault((a["page"], a["kind"]), []).append(a)
    keys = sorted({k for a in acts for k in a["steps"]}, key=lambda k: (k.split("|")[1], k))
    heads = [f"{p}, {k} (×{len(g)})" for (p, k), g in groups.items()]
    lines = ["| step | what | " + " | ".join(heads) + " |", "|---|---|" + "--:|" * len(heads)]

    def med(values: list[float]) -> str:
        m = statistics.median(values)
        return f"{m:g}"
    for key in keys:
        kind, step = key.split("|")
        lines.append(f"| {step} | {kind} | " + " | ".join(
            med([a["steps"].get(key, 0) for a in g]) for g in groups.values()) + " |")
    lines.append("| **all** | cdp | " + " | ".join(med([sum(v for k, v in a["steps"].items()
                                                          if k.startswith("cdp|")) for a in g])
                                                     for g in groups.values()) + " |")
    lines.append("| of it | page calls (evaluate, callFunctionOn) | " + " | ".join(
        med([sum(a["page_calls"].values()) for a in g]) for g in groups.values()) + " |")
    lines.append("| **all** | content-script messages, scripts | " + " | ".join(
        med([sum(v for k, v in a["steps"].items() if not k.startswith("cdp|")) for a in g])
        for g in groups.values()) + " |")
    lines.append("| **all** | native-port frames from the extension | " + " | ".join(
        med([sum(a["native"].values()) for a in g]) for g in groups.values()) + " |")
    return "\n".join(lines)


def methods_table(acts: list[dict[str, Any]]) -> str:
    """Each step's commands by method (median per act), per page and act kind."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for a in acts:
        groups.setdefault((a["page"], a["kind"]), []).append(a)
    keys = sorted({k for a in acts for k in a["methods"]})
    heads = [f"{p}, {k}" for (p, k) in groups]
    lines = ["| step | method | " + " | ".join(heads) + " |", "|---|---|" + "--:|" * len(heads)]
    for key in keys:
        step, method = key.split("|")
        lines.append(f"| {step} | {method} | " + " | ".join(
            f"{statistics.median([a['methods'].get(key, 0) for a in g]):g}"
            for g in groups.values()) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=6)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--page", action="append", help="inbox, billing form (default: both)")
    parser.add_argument("--exact", action="store_true", help="acts with options.exact")
    parser.add_argument("--json", type=Path, help="write every act's calls here")
    parser.add_argument("--calls", action="store_true",
                        help="print one act of each kind's calls in order")
    args = parser.parse_args(argv)
    acts: list[dict[str, Any]] = []
    load = os.getloadavg()[0]
    for page in args.page or ["inbox", "billing form"]:
        acts += run(page, args.acts, args.warmup, args.exact)
    print(f"load {load:.1f} → {os.getloadavg()[0]:.1f}" + (" · exact" if args.exact else ""))
    print(table(acts))
    print()
    print(methods_table(acts))
    if args.calls:
        seen = set()
        for a in acts:
            if (a["page"], a["kind"]) in seen:
                continue
            seen.add((a["page"], a["kind"]))
            print(f"\n{a['page']}, {a['kind']}:")
            t0 = a["calls"][0]["t"] if a["calls"] else 0
            for c in a["calls"]:
                print(f"  {c['t'] - t0:8.1f} {c['kind']:7} {c.get('m')} {c.get('type') or ''} "
                      f"{(c.get('fn') or '')[:40]!r} <- {' < '.join(c.get('by', [])[:4])}")
    if args.json:
        args.json.write_text(json.dumps(acts, indent=1, default=dict), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
