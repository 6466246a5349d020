"""Every chrome.* call an act makes in the extension's worker (issue 32, design note 95).

Each extension API call is a message to the browser and back, handled there as an extension
function (note 95: the browser's part of an act's CPU follows their number and their answers'
size). This wraps every function of chrome.debugger, tabs, runtime, storage, scripting and
windows, and the add/remove of their events' listeners, in the running worker (over its own
DevTools websocket; the product is not changed), runs N acts of bench_act_pace.py's steps after
the warm-up, and prints each call's count per act (a DevTools command by its method, with its
arguments' and answer's JSON size per act; anything else with the two extension functions that
made it).

    nice .venv/bin/python bench/count_act_calls.py --acts 10
    nice .venv/bin/python bench/count_act_calls.py --acts 10 --page "billing form"
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

WRAP = r"""(() => {
  const counts = globalThis.__axsnapCallCounts = {};
  const add = (key, n = 1) => { counts[key] = (counts[key] || 0) + n; };
  const short = (l) => l.trim().replace(/^at /, '').replace(/chrome-extension:\/\/[a-z]+\//, '');
  const where = () => new Error().stack.split('\n').slice(3, 5).map(short).join(' < ');
  const wrap = (obj, name, label) => {
    const f = obj[name];
    if (typeof f !== 'function') return;
    obj[name] = function (...args) {
      const command = label === 'debugger.sendCommand';
      const key = command ? `${label} ${args[1]}` : `${label}  @ ${where()}`;
      add(key);
      if (command) add(`${key} | bytes sent`, JSON.stringify(args[2] ?? null).length);
      const got = f.apply(this, args);
      if (command && got && typeof got.then === 'function') {
        got.then((v) => add(`${key} | bytes answered`, JSON.stringify(v ?? null).length), () => {});
      }
      return got;
    };
  };
  const spaces = ['debugger', 'tabs', 'runtime', 'storage.local', 'storage.session', 'scripting',
    'windows'];
  for (const ns of spaces) {
    const obj = ns.split('.').reduce((o, k) => o?.[k], chrome);
    if (!obj) continue;
    for (const name of Object.keys(obj)) {
      const v = obj[name];
      if (typeof v === 'function') wrap(obj, name, `${ns}.${name}`);
      else if (v && typeof v.addListener === 'function') {
        wrap(v, 'addListener', `${ns}.${name}.addListener`);
        wrap(v, 'removeListener', `${ns}.${name}.removeListener`);
      }
    }
  }
  return true;
})()"""


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
    args = parser.parse_args(argv)
    path, make = PAGES[args.page]
    steps = make(args.warmup + args.acts)
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        url = base + path
        browser.open(url)
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
        counts = session.send("Runtime.evaluate", {"expression": "globalThis.__axsnapCallCounts",
                                                   "returnByValue": True})["result"]["value"]
    calls = {k: v for k, v in counts.items() if " | " not in k}
    print(f"{args.page}: {args.acts} acts, {sum(calls.values()) / args.acts:.1f} chrome.* calls "
          "an act\n\n| per act | call | bytes sent / act | bytes answered / act |"
          "\n|--:|---|--:|--:|")
    for key, n in sorted(calls.items(), key=lambda kv: (-kv[1], kv[0])):
        sent, got = counts.get(f"{key} | bytes sent"), counts.get(f"{key} | bytes answered")
        cells = [f"{x / args.acts:.0f}" if x is not None else "" for x in (sent, got)]
        print(f"| {n / args.acts:.2f} | `{key}` | {cells[0]} | {cells[1]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
