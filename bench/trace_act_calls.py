"""The timeline of one act's chrome.* calls in the extension's worker (issue 32, note 134).

bench/count_act_calls.py counts an act's calls; this says when each went and was answered, so
the act's round trips (a call sent only once another was answered) can be read one by one.
Every function of chrome.debugger, tabs, runtime and scripting is wrapped in the running worker
(over its own DevTools websocket; the product is not changed); after the warm-up each act's
calls are recorded as [sent, answered] in ms from the act's first call, and the last
``--show`` acts are printed, with the median of each call's answer time over all acts.

    nice .venv/bin/python bench/trace_act_calls.py --acts 10
    nice .venv/bin/python bench/trace_act_calls.py --acts 10 --page "billing form"
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import urllib.request
from collections import defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

WRAP = r"""(() => {
  const log = globalThis.__axsnapCallLog = [];
  const short = (l) => l.trim().replace(/^at /, '').replace(/chrome-extension:\/\/[a-z]+\//, '')
    .replace(/^async /, '');
  const where = () => new Error().stack.split('\n').slice(3, 5).map(short).join(' < ');
  const wrap = (obj, name, label) => {
    const f = obj[name];
    if (typeof f !== 'function') return;
    obj[name] = function (...args) {
      const type = args[2] && typeof args[2].type === 'string' ? ` (${args[2].type})` : '';
      const what = label === 'debugger.sendCommand' ? `${args[1]}${type}` : label;
      const entry = { what, where: where(), sent: performance.now(), answered: null };
      log.push(entry);
      const got = f.apply(this, args);
      if (got && typeof got.then === 'function') {
        const done = () => { entry.answered = performance.now(); };
        got.then(done, done);
      }
      return got;
    };
  };
  for (const ns of ['debugger', 'tabs', 'runtime', 'scripting']) {
    const obj = chrome[ns];
    if (!obj) continue;
    for (const name of Object.keys(obj)) {
      if (typeof obj[name] === 'function') wrap(obj, name, `${ns}.${name}`);
    }
  }
  return true;
})()"""

TAKE = "globalThis.__axsnapCallLog.splice(0)"


def main(argv: list[str] | None = None) -> int:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory
    from peers.cdp import CdpSession, http_base
    from peers.launch import debugger_address

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=sorted(PAGES))
    parser.add_argument("--acts", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--show", type=int, default=1)
    args = parser.parse_args(argv)
    path, make = PAGES[args.page]
    steps = make(args.warmup + args.acts)
    acts = []
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        for step in steps[:args.warmup]:
            browser.act(step["name"], step["kind"], step.get("value"))
        with urllib.request.urlopen(f"{http_base(debugger_address(browser.driver))}/json/list",
                                    timeout=10) as reply:
            found = json.load(reply)
        worker = next(t for t in found if t.get("type") == "service_worker"
                      and t.get("url", "").startswith("chrome-extension://"))
        session = CdpSession(worker["webSocketDebuggerUrl"])
        session.send("Runtime.evaluate", {"expression": WRAP, "returnByValue": True})
        for step in steps[args.warmup:]:
            result = browser.act(step["name"], step["kind"], step.get("value"))
            if not result.ok:
                raise SystemExit(f"act failed: {result.error}")
            taken = session.send("Runtime.evaluate", {"expression": TAKE, "returnByValue": True})
            acts.append(taken["result"]["value"])
    took: dict[str, list[float]] = defaultdict(list)
    for log in acts:
        for e in log:
            if e["answered"] is not None:
                took[e["what"]].append(e["answered"] - e["sent"])
    for log in acts[-args.show:]:
        t0 = log[0]["sent"]
        print("| sent ms | answered ms | call | from |\n|--:|--:|---|---|")
        for e in log:
            end = f"{e['answered'] - t0:.1f}" if e["answered"] is not None else ""
            print(f"| {e['sent'] - t0:.1f} | {end} | `{e['what']}` | {e['where']} |")
        print()
    print(f"{args.page}: {len(acts)} acts; median answer time of each call\n\n"
          "| call | n / act | ms |\n|---|--:|--:|")
    for what, ms in sorted(took.items(), key=lambda kv: -statistics.median(kv[1]) * len(kv[1])):
        print(f"| `{what}` | {len(ms) / len(acts):.1f} | {statistics.median(ms):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
