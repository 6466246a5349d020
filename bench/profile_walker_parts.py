"""Where the whole-page walk's renderer CPU goes, by walker function (issue 33, design note 111).

The built walker (extension/lib/walker/walker.js, or ``--build``) walks each bench page in an
isolated world of Debian Chromium through Selenium, with each whole-page read's options
(SnapshotV1 rows with boxes, outline rows, DOM text; all tracked, held, listable, as JSON).
For each page and read it prints:

- the renderer main thread's CPU over ``--walks`` walks (/proc, as bench/profile_walker.py),
  and per element of the page;
- the layouts and style recalculations a walk forces (CDP ``Performance.getMetrics``:
  LayoutCount, RecalcStyleCount and their durations, over the walk);
- V8's sampling profile over ``--walks`` more walks: self and inclusive shares by function
  (the walker's own names, extension/lib/walker/src; a DOM call by its name). ``(program)``
  holds the DOM getters V8 does not name (a computed style's properties, ``nodeType``,
  ``firstChild``...), ``(garbage collector)`` the collections.

Each page is walked once first (the style and layout update a load leaves is paid there).

``--json-passes``: instead, the output's JSON text alone (design note 111): the kept output
of one SnapshotV1 rows walk stringified by turns plainly and through the replacer that makes
every string well formed (the pass json_text.js leaves out), each in its own evaluate,
renderer CPU. ``--kept-heap``: the heap the output of one SnapshotV1 rows walk holds (the
isolated world's used size after a forced collection, less the same before the walk).

    nice .venv/bin/python bench/profile_walker_parts.py \\
        --pages rust-primitive-u8 node-fs corpus-wikipedia --walks 3
    nice .venv/bin/python bench/profile_walker_parts.py --pages rust-primitive-u8 rust-simd \\
        --json-passes --walks 6
"""

from __future__ import annotations

import argparse
import json
import os
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

HELD = {"listable": True, "hold": True, "track": True, "json": True}
READS: dict[str, dict[str, Any]] = {
    "SnapshotV1": {"axTree": "boxes", **HELD},
    "outline": {"axTree": True, **HELD},
    "domtext": dict(HELD),
}
METRICS = ("LayoutCount", "RecalcStyleCount", "LayoutDuration", "RecalcStyleDuration")
NOT_JS = ("(idle)", "(program)", "(garbage collector)")


def shares(profiles: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str], float]:
    """Self and inclusive µs by function name over the profiles, and their busy µs."""
    own: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for profile in profiles:
        nodes = {n["id"]: n for n in profile["nodes"]}
        parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
        for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
            name = nodes[sample]["callFrame"].get("functionName") or "(anonymous)"
            own[name] += delta
            if name in NOT_JS:
                continue
            seen: set[str] = set()
            at: int | None = sample
            while at is not None:
                frame = nodes[at]["callFrame"].get("functionName") or "(anonymous)"
                if frame not in seen:
                    seen.add(frame)
                    held[frame] += delta
                at = parent.get(at)
    busy = sum(v for k, v in own.items() if k != "(idle)") or 1
    return own, held, busy


def metrics(driver: Any) -> dict[str, float]:
    got = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return {m["name"]: m["value"] for m in got if m["name"] in METRICS}


def profiled(driver: Any, walks: Walks, source: str, options: dict[str, Any]) -> dict[str, Any]:
    driver.execute_cdp_cmd("Profiler.enable", {})
    driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 250})
    driver.execute_cdp_cmd("Profiler.start", {})
    walks.walk(source, options)
    profile = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
    driver.execute_cdp_cmd("Profiler.disable", {})
    return dict(profile)


def read_parts(driver: Any, walks: Walks, profile_dir: str, source: str, read: str,
               elements: int, runs: int, top: int) -> None:
    options = dict(WHOLE_PAGE, **READS[read])
    walks.walk(source, options)
    cpu: list[float] = []
    forced: Counter[str] = Counter()
    for _ in range(runs):
        before, cpu0 = metrics(driver), renderer_cpu_ms(profile_dir)
        walks.walk(source, options)
        cpu.append(renderer_cpu_ms(profile_dir) - cpu0)
        after = metrics(driver)
        for key in METRICS:
            forced[key] += after.get(key, 0) - before.get(key, 0)
    own, held, busy = shares([profiled(driver, walks, source, options) for _ in range(runs)])
    median = sorted(cpu)[len(cpu) // 2]
    print(f"  {read}: renderer CPU {median:.0f} ms ({min(cpu):.0f}-{max(cpu):.0f}), "
          f"{1000 * median / elements:.1f} µs an element; load {os.getloadavg()[0]:.1f}")
    print("    forced a walk: " + ", ".join(f"{k} {forced[k] / runs:g}" for k in METRICS))
    print("    self %: " + ", ".join(f"{k} {100 * v / busy:.1f}"
                                     for k, v in own.most_common(top + 1) if k != "(idle)"))
    print("    inclusive %: " + ", ".join(f"{k} {100 * v / busy:.1f}"
                                          for k, v in held.most_common(top)))
    sys.stdout.flush()


JSON_PASSES = {
    "JSON.stringify": "JSON.stringify(globalThis.__axsnapKept).length",
    "through the replacer": "JSON.stringify(globalThis.__axsnapKept, (k, v) => (typeof v === "
                            "'string' && !v.isWellFormed() ? v.toWellFormed() : v)).length",
}


def json_passes(walks: Walks, profile_dir: str, source: str, runs: int) -> None:
    """The kept output of one SnapshotV1 rows walk stringified both ways, by turns."""
    options = {k: v for k, v in dict(WHOLE_PAGE, **READS["SnapshotV1"]).items() if k != "json"}
    walks.walk(source, options)
    keep = f"globalThis.__axsnapKept = ({source})({json.dumps(options)})"
    size = walks._evaluate_isolated(f"({keep}, JSON.stringify(globalThis.__axsnapKept).length)")
    cpu: dict[str, list[float]] = {name: [] for name in JSON_PASSES}
    for run in range(runs):
        order = list(JSON_PASSES.items())
        for name, expression in order if run % 2 == 0 else reversed(order):
            before = renderer_cpu_ms(profile_dir)
            walks._evaluate_isolated(expression)
            cpu[name].append(renderer_cpu_ms(profile_dir) - before)
    print(f"  output {int(size) / 1e6:.1f} M characters; load {os.getloadavg()[0]:.1f}")
    for name, got in cpu.items():
        print(f"    {name}: {sorted(got)} ms")


def kept_heap(driver: Any, walks: Walks, source: str, runs: int) -> None:
    """MB the kept output of one SnapshotV1 rows walk holds, `runs` times."""
    options = {k: v for k, v in dict(WHOLE_PAGE, **READS["SnapshotV1"]).items() if k != "json"}
    walks.walk(source, options)
    driver.execute_cdp_cmd("HeapProfiler.enable", {})
    kept = []
    for _ in range(runs):
        walks._evaluate_isolated("globalThis.__axsnapKept = null; 1")
        driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
        before = driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"]
        walks._evaluate_isolated(f"(globalThis.__axsnapKept = ({source})({json.dumps(options)}), "
                                 "1)")
        driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
        kept.append((driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"] - before) / 1e6)
    print(f"  kept output {sorted(round(k, 1) for k in kept)} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--reads", nargs="+", default=list(READS), choices=list(READS))
    parser.add_argument("--walks", type=int, default=3, help="walks timed, and walks profiled")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--build", type=Path, help="a walker.js to profile (default: this tree's)")
    parser.add_argument("--json-passes", action="store_true",
                        help="time the output's JSON text alone, plain and through the replacer")
    parser.add_argument("--kept-heap", action="store_true",
                        help="the heap a SnapshotV1 rows walk's kept output holds")
    args = parser.parse_args()
    source = (args.build.read_text("utf-8").replace("export function axsnapWalk",
                                                     "function axsnapWalk")
              if args.build else walker_source(None))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            profile_dir = str(root / "profile")
            driver = make_driver(profile_dir, script_timeout_s=1800, page_load_timeout_s=600)
            driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
            try:
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    walks = Walks(driver, isolated=True)
                    elements = int(driver.execute_script(
                        "return document.getElementsByTagName('*').length"))
                    print(f"{name} ({elements} elements):")
                    if args.kept_heap:
                        kept_heap(driver, walks, source, args.walks)
                        continue
                    if args.json_passes:
                        json_passes(walks, profile_dir, source, args.walks)
                        continue
                    for read in args.reads:
                        read_parts(driver, walks, profile_dir, source, read, elements,
                                   args.walks, args.top)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
