"""The whole-page walk's own Chromium calls: what each hit test is for, how many per-node
calls a walk makes by caller, and what those calls cost alone (issue 33, design note 122).

The built walker (extension/lib/walker/walker.js) walks each bench page in an isolated world
of Debian Chromium through Selenium (as bench/profile_walker.py does). Three parts:

- ``hits``: every ``elementFromPoint`` of a SnapshotV1 rows walk and of a DOM text walk,
  wrapped in the walker's world (the page cannot see it): its caller, its point, its answer
  and its time (performance.now around the call alone); distinct points; ``--dump DIR``
  writes each test.
- ``calls``: ``getComputedStyle``, an element's and a Range's ``getBoundingClientRect``, by
  their two nearest walker callers, in one walk of each read.
- ``floor``: the same kinds of calls alone, by renderer main-thread CPU (/proc), each in a
  loop over every element (or text node) of the page, in turns with whole SnapshotV1 rows
  walks: what the walk's per-node calls cost at the least, beside what the walk costs.

    nice .venv/bin/python bench/walk_calls.py --pages rust-primitive-u8 rust-simd node-fs
    nice .venv/bin/python bench/walk_calls.py --pages rust-primitive-u8 --parts floor --turns 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, page_urls, renderer_cpu_ms  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

HELD = {"listable": True, "hold": True, "track": True}
READS: dict[str, dict[str, Any]] = {
    "SnapshotV1": {"axTree": "boxes", **HELD},
    "domtext": dict(HELD),
}

# (the walker's callers: two frames of a stack above the wrapper, by function name)
CALLER = ("new Error().stack.split('\\n').slice(2, 4)"
          ".map((s) => s.trim().split(' ')[1]).join(' < ')")
NAME = """const name = (n) => !n ? 'null' : (n.localName || '?') + (n.id ? '#' + n.id
  : (typeof n.className === 'string' && n.className.trim()
    ? '.' + n.className.trim().split(/\\s+/)[0] : ''));"""
HITS = f"""(() => {{ const log = []; globalThis.__axsnapHits = log; {NAME}
  for (const proto of [Document.prototype, ShadowRoot.prototype]) {{
    const ask = proto.elementFromPoint;
    proto.elementFromPoint = function (x, y) {{
      const caller = {CALLER};
      const t = performance.now(); const hit = ask.call(this, x, y);
      log.push([x, y, performance.now() - t, name(hit), caller]); return hit; }};
  }}
  return 1; }})()"""
CALLS = f"""(() => {{ const log = new Map(); globalThis.__axsnapCalls = log;
  const wrap = (owner, key, label) => {{ const f = owner[key];
    owner[key] = function (...a) {{ const k = label + ' ' + {CALLER};
      log.set(k, (log.get(k) || 0) + 1); return f.apply(this, a); }}; }};
  wrap(window, 'getComputedStyle', 'getComputedStyle');
  wrap(Element.prototype, 'getBoundingClientRect', 'element box');
  wrap(Range.prototype, 'getBoundingClientRect', 'text box');
  return 1; }})()"""

PROPS = ("display", "visibility", "whiteSpace", "textTransform", "position", "cssFloat",
         "opacity", "overflowX", "overflowY", "cursor")
TEN = " + ".join(f"s.{p}.length" for p in PROPS)
LOOPS: dict[str, str] = {
    "element boxes": "for (const e of els) n += e.getBoundingClientRect().width;",
    "getComputedStyle alone": "for (const e of els) n += getComputedStyle(e) ? 1 : 0;",
    **{f"getComputedStyle + {p}": f"for (const e of els) n += getComputedStyle(e).{p}.length;"
       for p in PROPS},
    "getComputedStyle + the ten": f"for (const e of els) {{ const s = getComputedStyle(e); "
                                  f"n += {TEN}; }}",
    "text boxes (Range)": "const r = document.createRange(); for (const t of texts) "
                          "{ r.selectNodeContents(t); n += r.getBoundingClientRect().width; }",
    "childNodes": "for (const e of els) { const k = e.childNodes; "
                  "for (let i = 0; i < k.length; i++) n += k[i].nodeType; }",
}
NODES = """(() => { globalThis.__axsnapEls = [...document.getElementsByTagName('*')];
  const w = document.createTreeWalker(document, NodeFilter.SHOW_TEXT); const t = [];
  while (w.nextNode()) t.push(w.currentNode);
  globalThis.__axsnapTexts = t; return t.length; })()"""


def hits(walks: Walks, source: str, name: str, dump: Path | None) -> None:
    walks._evaluate_isolated(HITS)
    for read, options in READS.items():
        walks._evaluate_isolated("globalThis.__axsnapHits.length = 0")
        out, _ = walks.walk(source, dict(WHOLE_PAGE, **options))
        log = json.loads(walks._evaluate_isolated("JSON.stringify(globalThis.__axsnapHits)"))
        judged = judged_records(out)
        by: Counter[str] = Counter(e[4] for e in log)
        points = {(e[0], e[1]) for e in log}
        cheap = sum(1 for e in log if e[2] < 0.5)
        print(f"  hits, {read}: {len(log)} tests at {len(points)} points, "
              f"{sum(e[2] for e in log):.0f} ms wall ({cheap} under 0.5 ms; median "
              f"{statistics.median([e[2] for e in log]) if log else 0:.1f} ms); "
              f"load {os.getloadavg()[0]:.1f}")
        print(f"    records {judged['records']}: judged by a hit test {judged['judged']} "
              f"(on top at the centre {judged['centre']}, at another point {judged['point']}, "
              f"covered {judged['covered']}); not judged, beside the view or its scroll box "
              f"{judged['records'] - judged['judged']}")
        for caller, count in by.most_common():
            print(f"    {count} from {caller}")
        if dump:
            (dump / f"hits_{name}_{read}.json").write_text(json.dumps(log), "utf-8")


def judged_records(out: dict[str, Any]) -> Counter[str]:
    """How the walk's records came out of `topmost`: centre, another point, covered."""
    found: Counter[str] = Counter()
    for data in out.get("elements") or []:
        found["records"] += 1
        top = data.get("top")
        if top is None:
            continue
        found["judged"] += 1
        found["covered" if top == 0 else "point" if data.get("pt") else "centre"] += 1
    return found


def calls(walks: Walks, source: str) -> None:
    walks._evaluate_isolated(CALLS)
    for read, options in READS.items():
        walks._evaluate_isolated("globalThis.__axsnapCalls.clear(), 1")
        walks.walk(source, dict(WHOLE_PAGE, **options))
        got = json.loads(walks._evaluate_isolated("JSON.stringify([...globalThis.__axsnapCalls])"))
        print(f"  calls, {read}: " + "; ".join(f"{n} {k}" for k, n in
                                               sorted(got, key=lambda kv: -kv[1])[:12]))


def floor(walks: Walks, source: str, profile_dir: str, turns: int) -> None:
    texts = walks._evaluate_isolated(NODES)
    cpu: dict[str, list[float]] = {name: [] for name in [*LOOPS, "SnapshotV1 rows walk"]}
    options = dict(WHOLE_PAGE, **READS["SnapshotV1"], json=True)
    for _ in range(turns):
        for name, body in LOOPS.items():
            before = renderer_cpu_ms(profile_dir)
            walks._evaluate_isolated(
                "(() => { const els = globalThis.__axsnapEls, texts = globalThis.__axsnapTexts; "
                f"let n = 0; {body} return n; }})()")
            cpu[name].append(renderer_cpu_ms(profile_dir) - before)
        before = renderer_cpu_ms(profile_dir)
        walks.walk(source, options)
        cpu["SnapshotV1 rows walk"].append(renderer_cpu_ms(profile_dir) - before)
    print(f"  floor ({texts} text nodes), renderer CPU ms, median (least-most) of {turns}; "
          f"load {os.getloadavg()[0]:.1f}")
    for name, got in cpu.items():
        print(f"    {name}: {statistics.median(got):.0f} ({min(got):.0f}-{max(got):.0f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--parts", nargs="+", default=["hits", "calls", "floor"],
                        choices=["hits", "calls", "floor"])
    parser.add_argument("--turns", type=int, default=5, help="turns of the floor loops")
    parser.add_argument("--dump", type=Path, help="a folder for each hit test (JSON)")
    args = parser.parse_args()
    source = walker_source(None)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            profile_dir = str(root / "profile")
            driver = make_driver(profile_dir, script_timeout_s=1800, page_load_timeout_s=600)
            try:
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    elements = int(driver.execute_script(
                        "return document.getElementsByTagName('*').length"))
                    print(f"{name} ({elements} elements):", flush=True)
                    # (a fresh page for each part: the wrappers stay in the world)
                    for part in args.parts:
                        driver.get(url)
                        walks = Walks(driver, isolated=True)
                        walks.walk(source, dict(WHOLE_PAGE))  # the load's style and layout
                        if part == "hits":
                            hits(walks, source, name, args.dump)
                        elif part == "calls":
                            calls(walks, source)
                        else:
                            floor(walks, source, profile_dir, args.turns)
                        sys.stdout.flush()
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
