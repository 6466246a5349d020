"""axsnap's walk and Playwright's aria snapshot of one tab, node for node (issue 33, note 143).

Connects over CDP to the shared Chromium (bench/walk_vs_playwright.py starts it and loads the
page), then, in that one tab:

1. a warm-up of each (Playwright's first call injects its script; the walk's first call pays
   the load's style and layout);
2. ``--turns`` turns of: each walker build (``--walker LABEL=FILE``, a function expression)
   in an isolated world of its own with each ``--options NAME=FILE``, and
   ``page.aria_snapshot()``; each under V8's sampling profiler: its wall, its non-idle
   samples, and those by kind (hit tests, boxes, style, checkVisibility, GC, the rest);
3. one counted call of each (every walker build): the DOM calls and property reads each
   makes, counted by wrappers put into its own world (the walker's isolated world,
   Playwright's utility world): the page's world and the others see none of them. With
   ``--by-caller`` a walker's counts are also kept by the function that made each call or
   read (its name, the line of the call in the walker's source, and its own caller).

Writes JSON (``--out``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.async_api import CDPSession, Page, async_playwright

# Counting wrappers, evaluated once in a world: every call of these functions and every read
# of these getters is counted by name; a computed-style declaration comes back wrapped in a
# Proxy that counts each property read off it (a pseudo-element's apart).
COUNTERS = r"""(() => {
  if (globalThis.__walkCounts) return 1;
  const counts = new Map();
  globalThis.__walkCounts = counts;
  const tally = (k) => counts.set(k, (counts.get(k) || 0) + 1);
  // By caller (__walkByCaller set before this runs): each count also under the function that
  // made the call or read, its line in the evaluated source and that function's caller.
  const byCaller = globalThis.__walkByCaller === true;
  const frames = (e, f) => f;
  const where = () => {
    const saved = Error.prepareStackTrace;
    const limit = Error.stackTraceLimit;
    Error.prepareStackTrace = frames;
    Error.stackTraceLimit = 4;
    const o = {};
    Error.captureStackTrace(o, where);
    const f = o.stack;
    Error.prepareStackTrace = saved;
    Error.stackTraceLimit = limit;
    // f[0]: add; f[1]: the wrapper (method, getter or the Proxy's trap); f[2]: its caller
    const at = f[2];
    const name = (c) => (c && (c.getFunctionName() || '(anonymous)')) || '-';
    return at ? `${name(at)}\t${at.getLineNumber()}\t${name(f[3])}` : '-\t0\t-';
  };
  const add = (k) => {
    tally(k);
    if (byCaller && !k.startsWith('style.') && !k.startsWith('pseudo style.')) {
      tally(k + '\t' + where());
    }
  };
  const calls = [[Element.prototype, ['getBoundingClientRect', 'getClientRects',
      'checkVisibility', 'getAttribute', 'hasAttribute', 'getAttributeNames', 'closest',
      'matches', 'querySelector', 'querySelectorAll', 'getRootNode', 'contains']],
    [Range.prototype, ['getBoundingClientRect', 'getClientRects', 'selectNode',
      'selectNodeContents']],
    [Document.prototype, ['elementFromPoint', 'elementsFromPoint', 'getElementById']],
    [ShadowRoot.prototype, ['elementFromPoint']]];
  for (const [proto, names] of calls) {
    for (const name of names) {
      const f = proto[name];
      if (typeof f !== 'function') continue;
      const label = (proto === Range.prototype ? 'Range.' : '') + name;
      proto[name] = function (...a) { add('call ' + label); return f.apply(this, a); };
    }
  }
  const getters = [[Node.prototype, ['firstChild', 'lastChild', 'nextSibling',
      'previousSibling', 'parentNode', 'parentElement', 'childNodes', 'nodeType', 'nodeName',
      'nodeValue', 'textContent', 'ownerDocument']],
    [Element.prototype, ['localName', 'tagName', 'id', 'className', 'shadowRoot',
      'assignedSlot', 'firstElementChild', 'lastElementChild', 'nextElementSibling',
      'children', 'childElementCount', 'scrollWidth', 'scrollHeight', 'clientWidth',
      'clientHeight', 'clientLeft', 'clientTop', 'attributes']],
    [CharacterData.prototype, ['data']], [HTMLElement.prototype, ['hidden', 'innerText']]];
  for (const [proto, names] of getters) {
    for (const name of names) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (!d || !d.get) continue;
      const g = d.get;
      const get = function () { add('read ' + name); return g.call(this); };
      Object.defineProperty(proto, name, { ...d, get });
    }
  }
  const gcs = window.getComputedStyle;
  window.getComputedStyle = function (el, pseudo) {
    const kind = pseudo ? 'pseudo style' : 'style';
    add('call getComputedStyle' + (pseudo ? ' (pseudo)' : ''));
    const cs = gcs.call(window, el, pseudo);
    return new Proxy(cs, { get(t, k) {
      const v = Reflect.get(t, k, t);
      if (typeof k === 'string') {
        if (typeof v === 'function') return v.bind(t);
        add(kind + ' read');
        add(kind + '.' + k);
      }
      return v;
    } });
  };
  return 1;
})()"""

# The per-element calls each makes, alone, each in a loop over every element of the page (in a
# world of its own): what one call costs beside the other.
LOOPS = {
    "checkVisibility()": "for (const e of els) n += e.checkVisibility() ? 1 : 0;",
    "getComputedStyle + display + visibility":
        "for (const e of els) { const s = getComputedStyle(e); n += s.display.length + "
        "s.visibility.length; }",
    "getComputedStyle + the walk's 10 properties":
        "for (const e of els) { const s = getComputedStyle(e); n += s.display.length + "
        "s.visibility.length + s.whiteSpace.length + s.textTransform.length + "
        "s.position.length + s.cssFloat.length + s.opacity.length + s.overflowX.length + "
        "s.overflowY.length + s.cursor.length; }",
    "getBoundingClientRect": "for (const e of els) n += e.getBoundingClientRect().width;",
    "::before and ::after content (every element)":
        "for (const e of els) n += getComputedStyle(e, '::before').content.length + "
        "getComputedStyle(e, '::after').content.length;",
}
FLOOR = """(() => {{ const els = [...document.getElementsByTagName('*')]; let n = 0;
  const t = performance.now(); {body} return performance.now() - t; }})()"""

KINDS = {
    "elementFromPoint": "hit tests", "elementsFromPoint": "hit tests",
    "getBoundingClientRect": "boxes", "getClientRects": "boxes",
    "getComputedStyle": "style declarations", "checkVisibility": "checkVisibility",
    "(garbage collector)": "GC", "(program)": "program (native, unattributed)",
}


def summarize(profile: dict[str, Any]) -> dict[str, Any]:
    """A profile's non-idle sampled ms, by kind and its top functions by self time."""
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    by_fn: Counter[str] = Counter()
    for sample, delta in zip(profile.get("samples", []), profile.get("timeDeltas", []),
                             strict=False):
        frame = nodes[sample]
        by_fn[frame.get("functionName") or "(anonymous)"] += delta / 1000
    idle = by_fn.pop("(idle)", 0.0)
    kinds: Counter[str] = Counter()
    for fn, ms in by_fn.items():
        kinds[KINDS.get(fn, "JavaScript and inlined getters")] += ms
    return {"busy_ms": round(sum(by_fn.values()), 1), "idle_ms": round(idle, 1),
            "kinds": {k: round(v, 1) for k, v in kinds.most_common()},
            "top": [[fn, round(ms, 1)] for fn, ms in by_fn.most_common(25)]}


class Tab:
    def __init__(self, page: Page, cdp: CDPSession) -> None:
        self.page = page
        self.cdp = cdp
        self.worlds: dict[str, int] = {}
        self.contexts: list[dict[str, Any]] = []

    async def world(self, name: str) -> int:
        if name not in self.worlds:
            tree = await self.cdp.send("Page.getFrameTree")
            got = await self.cdp.send("Page.createIsolatedWorld", {
                "frameId": tree["frameTree"]["frame"]["id"], "worldName": name})
            self.worlds[name] = got["executionContextId"]
        return self.worlds[name]

    async def evaluate(self, context: int, expression: str) -> Any:
        reply = await self.cdp.send("Runtime.evaluate", {
            "expression": expression, "contextId": context, "returnByValue": True})
        if "exceptionDetails" in reply:
            raise RuntimeError(str(reply["exceptionDetails"])[:600])
        return reply["result"].get("value")

    async def walk(self, label: str, source: str, options: dict[str, Any]) -> dict[str, Any]:
        context = await self.world(f"walk-count-{label}")
        out = await self.evaluate(context, f"JSON.stringify(({source})({json.dumps(options)}))")
        return json.loads(out)

    async def profiled(self, call: Any) -> tuple[Any, float, dict[str, Any]]:
        await self.cdp.send("Profiler.enable")
        await self.cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        await self.cdp.send("Profiler.start")
        t0 = time.perf_counter()
        got = await call()
        wall = (time.perf_counter() - t0) * 1000
        profile = (await self.cdp.send("Profiler.stop"))["profile"]
        await self.cdp.send("Profiler.disable")
        return got, wall, summarize(profile)

    def utility_context(self) -> int:
        for c in self.contexts:
            if "__playwright_utility_world" in (c.get("name") or ""):
                return int(c["id"])
        names = [c.get("name") for c in self.contexts]
        raise RuntimeError(f"no Playwright utility world among {names}")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    walkers = {k: Path(v).read_text("utf-8") for k, v in (w.split("=", 1) for w in args.walker)}
    modes = {k: json.loads(Path(v).read_text("utf-8"))
             for k, v in (o.split("=", 1) for o in args.options)}
    result: dict[str, Any] = {"turns": [], "counts": {}}
    async with async_playwright() as pw:
        browser = await pw.chromium.connect_over_cdp(args.cdp)
        try:
            page = next(p for c in browser.contexts for p in c.pages if p.url == args.url)
            cdp = await page.context.new_cdp_session(page)
            tab = Tab(page, cdp)
            cdp.on("Runtime.executionContextCreated", lambda e: tab.contexts.append(e["context"]))
            await cdp.send("Runtime.enable")
            result["elements"] = await page.evaluate("document.getElementsByTagName('*').length")
            await page.aria_snapshot(timeout=0)  # warm-up: injects Playwright's script
            for label, source in walkers.items():
                for options in modes.values():
                    await tab.walk(label, source, options)
            for _ in range(args.turns):
                turn: dict[str, Any] = {}
                for label, source in walkers.items():
                    for mode, options in modes.items():
                        async def call(label: str = label, source: str = source,
                                       options: dict[str, Any] = options) -> Any:
                            return await tab.walk(label, source, options)
                        out, wall, prof = await tab.profiled(call)
                        turn[f"{label} {mode}"] = {"wall_ms": round(wall, 1),
                                                   "walk_ms": out["stats"]["elapsed_ms"],
                                                   "rows_ms": (out.get("axt") or {}).get("ms"),
                                                   "records": len(out["elements"]), **prof}

                async def aria() -> Any:
                    return await page.aria_snapshot(timeout=0)
                _, wall, prof = await tab.profiled(aria)
                turn["playwright aria_snapshot"] = {"wall_ms": round(wall, 1), **prof}
                result["turns"].append(turn)
            floor = await tab.world("walk-count-floor")
            result["floor"] = {name: [] for name in LOOPS}
            for _ in range(args.turns):
                for name, body in LOOPS.items():
                    ms = await tab.evaluate(floor, FLOOR.format(body=body))
                    result["floor"][name].append(round(float(ms), 1))
            # the counted calls last: the wrappers stay in their worlds
            await asyncio.sleep(0)
            utility = tab.utility_context()
            await tab.evaluate(utility, COUNTERS)
            await page.aria_snapshot(timeout=0)
            result["counts"]["playwright aria_snapshot"] = dict(await tab.evaluate(
                utility, "[...globalThis.__walkCounts]"))
            for label, source in walkers.items():
                for mode, options in modes.items():
                    context = await tab.world(f"walk-count-{label}-{mode}-counted")
                    if args.by_caller:
                        await tab.evaluate(context, "globalThis.__walkByCaller = true")
                    await tab.evaluate(context, COUNTERS)
                    await tab.evaluate(context, f"(({source})({json.dumps(options)})).v")
                    result["counts"][f"{label} {mode}"] = dict(await tab.evaluate(
                        context, "[...globalThis.__walkCounts]"))
        finally:
            await browser.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cdp", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--walker", action="append", required=True, help="LABEL=FILE")
    parser.add_argument("--options", action="append", required=True, help="NAME=FILE")
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--by-caller", action="store_true",
                        help="the walkers' counts also by calling function and line")
    args = parser.parse_args()
    args.out.write_text(json.dumps(asyncio.run(run(args))), "utf-8")


if __name__ == "__main__":
    main()
