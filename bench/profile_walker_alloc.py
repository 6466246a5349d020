"""Where the whole-page walk allocates, and the collections' share of its CPU (issue 33, note 126).

The built walker (extension/lib/walker/walker.js, or ``--build``) walks each bench page in an
isolated world of Debian Chromium through Selenium with a whole-page read's options (as
bench/profile_walker_parts.py: tracked, held, listable, as JSON). Each page is walked once
first. Then, per page and read:

- V8's sampling heap profile over ``--walks`` walks (CDP ``HeapProfiler.startSampling`` with
  the objects later collected by minor and major GCs counted too: every allocation, not only
  what survives), bytes by allocating site: the walker's function with its source module
  (the bundle's ``// src/<module>.js`` sections) and line, and by module;
- V8's CPU profile over as many walks: the ``(garbage collector)`` share of the busy samples
  and the self shares by function and line;
- with ``--gc-trace``, instead, V8's own account of its collections over ``--walks`` walks
  (``--js-flags=--trace-gc``, read from Chromium's output through chromedriver's log): the
  scavenges, the mark-compacts and their incremental marking steps, in ms against the walks'
  wall time (no profiler running; V8 prints in batches, so the sum over the walks is given);
- with ``--split``, the JSON text's share: one walk without ``json`` kept in the world, then
  its ``JSON.stringify`` alone, renderer CPU each (/proc), so the walk and the text it is
  written as are told apart.

    nice .venv/bin/python bench/profile_walker_alloc.py \\
        --pages rust-primitive-u8 rust-simd rust-wrapping --walks 2 --split
    nice .venv/bin/python bench/profile_walker_alloc.py --pages rust-wrapping --walks 3 --gc-trace
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, page_urls, renderer_cpu_ms  # noqa: E402
from profile_walker_parts import READS  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.chromium import launch_flags  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM  # noqa: E402

SECTION = re.compile(r"^// (src/[\w.]+\.js)$")


def modules_of(source: str) -> tuple[list[int], list[str]]:
    """The bundle's module sections: the first line (0-based) of each and its module."""
    starts: list[int] = []
    names: list[str] = []
    for number, line in enumerate(source.split("\n")):
        found = SECTION.match(line)
        if found:
            starts.append(number)
            names.append(found.group(1)[4:])
    return starts, names


def module_at(sections: tuple[list[int], list[str]], line: int) -> str:
    starts, names = sections
    at = bisect.bisect_right(starts, line) - 1
    return names[at] if at >= 0 else "(outside)"


Sections = tuple[list[int], list[str]]


def sampled_bytes(driver: Any, walks: Walks, source: str, options: dict[str, Any],
                  runs: int, sections: Sections) -> tuple[Counter[str], Counter[str]]:
    """Bytes allocated by site (function, module:line) and by module over `runs` walks."""
    by_site: Counter[str] = Counter()
    by_module: Counter[str] = Counter()
    driver.execute_cdp_cmd("HeapProfiler.enable", {})
    for _ in range(runs):
        driver.execute_cdp_cmd("HeapProfiler.startSampling", {
            "samplingInterval": 4096, "includeObjectsCollectedByMajorGC": True,
            "includeObjectsCollectedByMinorGC": True})
        one_walk(walks, source, options)
        profile = driver.execute_cdp_cmd("HeapProfiler.stopSampling", {})["profile"]
        stack: list[tuple[dict[str, Any], str, str]] = [(profile["head"], "(root)", "(root)")]
        while stack:
            node, caller, caller_module = stack.pop()
            frame = node["callFrame"]
            name = frame.get("functionName") or "(anonymous)"
            # the evaluated expression's lines count from the bundle's top (walker_source);
            # a built-in (String.prototype.replace, Map.prototype.set...) has no line and is
            # charged to the walker function that called it
            line = int(frame.get("lineNumber", -1))
            if frame.get("url", "") == "" and line >= 0:
                module = module_at(sections, line)
                site = f"{name} {module}:{line + 1}"
                kids = (site, module)
            else:
                module = f"(built-ins) < {caller_module}"
                site = f"{name} < {caller}"
                kids = (caller, caller_module)
            stack.extend((kid, *kids) for kid in node.get("children", []))
            size = node.get("selfSize", 0)
            if size:
                by_site[site] += size
                by_module[module] += size
    driver.execute_cdp_cmd("HeapProfiler.disable", {})
    return by_site, by_module


def one_walk(walks: Walks, source: str, options: dict[str, Any]) -> None:
    """One walk whose output (its JSON text with opts.json) stays in the page: only its length
    comes back, so nothing but the walker allocates."""
    walks._evaluate_isolated(f"String(({source})({json.dumps(options)})).length")


def gc_share(driver: Any, walks: Walks, source: str, options: dict[str, Any], runs: int,
             sections: Sections, callers: frozenset[str] = frozenset(),
             ) -> tuple[float, float, Counter[str]]:
    """The (garbage collector) share of busy samples over `runs` walks, the busy ms a walk,
    and the busy µs by function (self)."""
    gc = busy = 0.0
    own: Counter[str] = Counter()
    for _ in range(runs):
        driver.execute_cdp_cmd("Profiler.enable", {})
        driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 250})
        driver.execute_cdp_cmd("Profiler.start", {})
        one_walk(walks, source, options)
        profile = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
        driver.execute_cdp_cmd("Profiler.disable", {})
        nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
        parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}

        def where(at: int, nodes: dict[int, Any] = nodes) -> str:
            frame = nodes[at]
            name = frame.get("functionName") or "(anonymous)"
            line = int(frame.get("lineNumber", -1))
            return (f"{name} {module_at(sections, line)}:{line + 1}"
                    if frame.get("url", "") == "" and line >= 0 else name)

        for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
            name = nodes[sample].get("functionName") or "(anonymous)"
            if name == "(idle)":
                continue
            busy += delta
            own[where(sample)] += delta
            # a built-in named in --callers: which walker function called it
            if name in callers and sample in parent:
                own[f"{name} < {where(parent[sample])}"] += delta
            if name == "(garbage collector)":
                gc += delta
    return gc / (busy or 1), busy / 1000 / runs, own


def split(walks: Walks, profile_dir: str, source: str, options: dict[str, Any], runs: int) -> None:
    """Renderer CPU of the walk kept as an object, then of its JSON text alone, `runs` times."""
    plain = {k: v for k, v in options.items() if k != "json"}
    keep = f"(globalThis.__axsnapKept = ({source})({json.dumps(plain)}), 1)"
    walk_ms: list[float] = []
    text_ms: list[float] = []
    for _ in range(runs):
        walks._evaluate_isolated("(globalThis.__axsnapKept = null, 1)")
        before = renderer_cpu_ms(profile_dir)
        walks._evaluate_isolated(keep)
        middle = renderer_cpu_ms(profile_dir)
        size = walks._evaluate_isolated("JSON.stringify(globalThis.__axsnapKept).length")
        walk_ms.append(middle - before)
        text_ms.append(renderer_cpu_ms(profile_dir) - middle)
    walks._evaluate_isolated("(globalThis.__axsnapKept = null, 1)")
    print(f"    split: the walk {sorted(walk_ms)} ms CPU, its JSON text alone {sorted(text_ms)} ms "
          f"({int(size) / 1e6:.1f} M characters)")


# V8's --trace-gc lines: "Scavenge 24.1 (63.1) -> 11.7 (63.1) MB, pooled: 0.0 MB, 29.43 / 0.00 ms"
# and "Mark-Compact ... MB, 226.02 / 1.56 ms (+ 949.7 ms in 33 steps since start of marking"
GC_PAUSE = r"MB, pooled: [\d.]+ MB, ([\d.]+) / [\d.]+ ms"


def gc_trace_driver(profile: str, log: Path) -> Any:
    """Debian Chromium with axsnap's launch flags and V8's collections traced into `log`."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in launch_flags(user_data_dir=profile):
        opts.add_argument(flag)
    opts.add_argument("--js-flags=--trace-gc")
    # (a file object: chromedriver's own output, which holds Chromium's, goes there; a path
    # would take chromedriver's log instead)
    service = Service(executable_path=CHROMEDRIVER, log_output=log.open("w"),
                      service_args=["--enable-chrome-logs"])
    driver = webdriver.Chrome(service=service, options=opts)
    driver.set_script_timeout(1800)
    driver.set_page_load_timeout(600)
    return driver


def flush_trace(driver: Any) -> None:
    """Full collections asked through the heap profiler until the renderer's buffered output
    has reached the log (each prints a line with its reason, "low memory notification": left
    out)."""
    driver.execute_cdp_cmd("HeapProfiler.enable", {})
    for _ in range(40):
        driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    driver.execute_cdp_cmd("HeapProfiler.disable", {})
    time.sleep(1)


def gc_traced(driver: Any, walks: Walks, profile_dir: str, source: str, options: dict[str, Any],
              runs: int, log: Path) -> None:
    """V8's collections over `runs` walks (after one untraced), against their wall and CPU."""
    one_walk(walks, source, options)
    flush_trace(driver)
    mark = log.stat().st_size
    cpu0, t0 = renderer_cpu_ms(profile_dir), time.perf_counter()
    for _ in range(runs):
        one_walk(walks, source, options)
    wall = (time.perf_counter() - t0) * 1000
    cpu = renderer_cpu_ms(profile_dir) - cpu0
    flush_trace(driver)
    # (the forced ones are reducing mark-compacts: a line cut by another process's output
    # loses its reason, but keeps "(reduce)")
    lines = [line for line in log.read_text("utf-8", "replace")[mark:].splitlines()
             if "ms: " in line and "low memory notification" not in line
             and "(reduce)" not in line]
    text = "\n".join(lines)
    scavenges = [float(m) for m in re.findall(r"Scavenge .*?" + GC_PAUSE, text)]
    compacts = [float(m) for m in re.findall(r"Mark-Compact .*?" + GC_PAUSE, text)]
    steps = [float(m) for m in re.findall(r"\(\+ ([\d.]+) ms in \d+ steps", text)]
    gc = sum(scavenges) + sum(compacts) + sum(steps)
    print(f"    GC traced over {runs} walks: {len(scavenges)} scavenges {sum(scavenges):.0f} ms, "
          f"{len(compacts)} mark-compacts {sum(compacts):.0f} ms + incremental marking "
          f"{sum(steps):.0f} ms = {gc:.0f} ms of {wall:.0f} ms wall ({100 * gc / wall:.1f} %); "
          f"renderer CPU {cpu:.0f} ms; load {os.getloadavg()[0]:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--reads", nargs="+", default=["SnapshotV1"], choices=list(READS))
    parser.add_argument("--walks", type=int, default=2)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--callers", nargs="*", default=[],
                        help="built-ins (closest, getBoundingClientRect...) whose CPU is also "
                        "listed by the walker function that called them")
    parser.add_argument("--gc-trace", action="store_true",
                        help="instead: V8's --trace-gc account of the walks' collections")
    parser.add_argument("--split", action="store_true", help="the walk and its JSON text apart")
    parser.add_argument("--build", type=Path, help="a walker.js to profile (default: this tree's)")
    args = parser.parse_args()
    source = (args.build.read_text("utf-8").replace("export function axsnapWalk",
                                                     "function axsnapWalk")
              if args.build else walker_source(None))
    sections = modules_of(source)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            profile_dir = str(root / "profile")
            log = root / "chromedriver.log"
            driver = (gc_trace_driver(profile_dir, log) if args.gc_trace else
                      make_driver(profile_dir, script_timeout_s=1800, page_load_timeout_s=600))
            try:
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    walks = Walks(driver, isolated=True)
                    print(f"{name}:")
                    for read in args.reads:
                        options = dict(WHOLE_PAGE, **READS[read])
                        if args.gc_trace:
                            print(f"  {read}:")
                            gc_traced(driver, walks, profile_dir, source, options, args.walks,
                                      log)
                            continue
                        walks.walk(source, options)
                        share, busy, own = gc_share(driver, walks, source, options, args.walks,
                                                    sections, frozenset(args.callers))
                        sites, modules = sampled_bytes(driver, walks, source, options, args.walks,
                                                       sections)
                        total = sum(sites.values()) or 1
                        print(f"  {read}: allocated {total / args.walks / 1e6:.0f} MB a walk; "
                              f"GC {100 * share:.1f} % of {busy:.0f} ms busy a walk "
                              f"(load {os.getloadavg()[0]:.1f})")
                        print("    by module: " + ", ".join(
                            f"{m} {100 * b / total:.1f}%" for m, b in modules.most_common(12)))
                        for site, size in sites.most_common(args.top):
                            print(f"    {size / args.walks / 1e6:7.1f} MB "
                                  f"{100 * size / total:5.1f}%  {site}")
                        print("    CPU self %: " + ", ".join(
                            f"{k} {100 * v / (busy * 1000 * args.walks):.1f}"
                            for k, v in own.most_common(args.top)))
                        if args.split:
                            split(walks, profile_dir, source, options, args.walks)
                        sys.stdout.flush()
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
