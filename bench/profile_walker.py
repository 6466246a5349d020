"""The in-page walker alone, on big pages: its time, where that time goes, and whether a
change of the walker left its output as it was (issue 33).

The built walker (extension/lib/walker/walker.js) runs in a plain page of Debian Chromium
through Selenium (as tests/fixtures/dom_record.py runs it: no extension, no chrome.dom), on
the whole-page bench's real pages (bench/bench_whole_page.py) and the generated pages.

    nice .venv/bin/python bench/profile_walker.py --pages node-fs generated-20k
    nice .venv/bin/python bench/profile_walker.py --pages node-fs --profile   # V8 CPU profile
    nice .venv/bin/python bench/profile_walker.py --base main --pages node-fs  # before/after
    nice .venv/bin/python bench/profile_walker.py --base main --options '{"axTree": "boxes"}'
    nice .venv/bin/python bench/profile_walker.py --base main --fresh ...  # first walks only

Each walk is timed three ways: ``walk`` (the walker's own clock, ``stats.elapsed_ms``), ``ax``
(its AX rows pass alone, ``axt.ms``, with ``axTree``) and ``cpu`` (the CPU time of the tab's
renderer main thread over the call, from /proc: what the walk cost without the time other
processes held the cores, 10 ms resolution; it also holds the output's JSON.stringify).

``--base REV``: the walker.js of that git revision runs beside the current one, taking turns
(``--runs`` walks each), and their outputs must be equal (timings aside): the check that a
faster walker reports the same (on every page under tests/pages: scripts/compare_walkers.py).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from generate import write_pages  # noqa: E402
from walker_runs import Walks, comparable, first_difference, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

WHOLE_PAGE = {"viewportOnly": False, "maxNodes": 200000, "maxDepth": 256, "track": True}


def renderer_cpu_ms(profile: str) -> float:
    """CPU time (user + system) of the main threads of the renderers of the browser whose
    profile directory is `profile` (Linux /proc), ms."""
    ticks = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"--type=renderer" not in cmdline or profile.encode() not in cmdline:
                continue
            fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        except OSError:
            continue
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def cpu_profile(walks: Walks, source: str, options: dict[str, Any], top: int) -> list[str]:
    """V8's sampling profile of one walk: self time by function (and line), the top ones."""
    driver = walks.driver
    driver.execute_cdp_cmd("Profiler.enable", {})
    driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 200})
    driver.execute_cdp_cmd("Profiler.start", {})
    walks.walk(source, options)
    profile = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
    driver.execute_cdp_cmd("Profiler.disable", {})
    return summarize(profile, top)


def summarize(profile: dict[str, Any], top: int) -> list[str]:
    nodes = {n["id"]: n for n in profile["nodes"]}
    deltas = profile.get("timeDeltas", [])
    self_us: Counter[str] = Counter()
    for sample, delta in zip(profile.get("samples", []), deltas, strict=False):
        frame = nodes[sample]["callFrame"]
        name = frame.get("functionName") or "(anonymous)"
        self_us[f"{name}:{frame.get('lineNumber', -1) + 1}"] += delta
    total = sum(self_us.values()) or 1
    return [f"{us / 1000:9.1f} ms {100 * us / total:5.1f}%  {name}"
            for name, us in self_us.most_common(top)]


def page_urls(base: str, names: list[str], root: Path) -> list[tuple[str, str]]:
    urls = [(p.name, f"{base}{p.root}/{p.path}") for p in REAL_PAGES
            if (not names or p.name in names) and (root / p.root / p.path).is_file()]
    known = {p.name for p in REAL_PAGES}
    # any other saved corpus page by its folder (corpus-ebay-1: bench/corpus/ebay-1/index.html)
    urls += [(n, f"{base}corpus/{n[len('corpus-'):]}/index.html") for n in names
             if n.startswith("corpus-") and n not in known
             and (root / "corpus" / n[len("corpus-"):] / "index.html").is_file()]
    sizes = [int(n.split("-")[1].rstrip("k")) * 1000 for n in names if n.startswith("generated-")]
    for size, path in write_pages(root / "generated", sizes).items():
        urls.append((f"generated-{size // 1000}k", f"{base}generated/{path.name}"))
    return urls


def time_pages(args: argparse.Namespace) -> int:
    new = walker_source(None)
    old = walker_source(args.base) if args.base else None
    options = dict(WHOLE_PAGE, **json.loads(args.options))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            driver = make_driver(str(root / "profile"), script_timeout_s=1800,
                                 page_load_timeout_s=600)
            walks = Walks(driver, isolated=args.isolated)
            try:
                for name, url in page_urls(base, args.pages or [], root):
                    driver.get(url)
                    walks.new_page()
                    n = driver.execute_script("return document.getElementsByTagName('*').length")
                    log(f"{name}: {n} elements, load {os.getloadavg()[0]:.1f}")
                    if args.profile:
                        walks.walk(new, options)  # the style and layout update paid first
                        for label, src in (("base", old), ("new", new)):
                            if src is not None:
                                print(f"  {name} {label}:")
                                for line in cpu_profile(walks, src, options, args.top):
                                    print(f"    {line}")
                        continue
                    times: dict[str, list[tuple[float, float, float, float]]] = {
                        "new": [], "base": []}
                    outs: dict[str, dict[str, Any]] = {}
                    for _ in range(args.runs):
                        for label, src in (("base", old), ("new", new)):
                            if src is None:
                                continue
                            if args.fresh:  # each walk the first on a new load of the page
                                driver.get(url)
                                walks.new_page()
                            cpu0 = renderer_cpu_ms(str(root / "profile"))
                            out, wall = walks.walk(src, options)
                            cpu = renderer_cpu_ms(str(root / "profile")) - cpu0
                            ax_ms = float((out.get("axt") or {}).get("ms") or 0)
                            times[label].append((out["stats"]["elapsed_ms"], wall, ax_ms, cpu))
                            outs[label] = out
                    for label, got in times.items():
                        if got:
                            stats = outs[label]["stats"]
                            walk_ms, call_ms, ax_ms, cpu_ms = (
                                statistics.median(t[i] for t in got) for i in range(4))
                            print(f"  {name} {label}: walk {walk_ms:.0f} ms, ax {ax_ms:.0f} ms, "
                                  f"cpu {cpu_ms:.0f} ms, call {call_ms:.0f} ms "
                                  f"({stats['emitted']} records, {stats['visited']} visited; "
                                  f"walks {[round(t[0]) for t in got]})")
                    if old is not None:
                        diff = first_difference(comparable(outs["base"]), comparable(outs["new"]))
                        print(f"  {name}: {'SAME output' if not diff else 'DIFFERENT: ' + diff}")
                        failed += bool(diff)
            finally:
                driver.quit()
    return 1 if failed else 0


def through_extension(args: argparse.Namespace) -> int:
    """The whole-page DOM text read through the extension (the real capture path): its
    steps, and with --profile V8's profile of the tab's renderer over the read (every world:
    the walker's isolated world included)."""
    from axsnap_host.client import Browser

    options = {"format": "domtext", "viewport_only": False, "stabilize": {"enabled": False},
               **json.loads(args.options)}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            for name, url in page_urls(base, args.pages or [], root):
                browser.open(url)
                log(f"{name}: load {os.getloadavg()[0]:.1f}")
                for run in range(args.runs):
                    driver = browser.driver
                    if args.profile:
                        driver.execute_cdp_cmd("Profiler.enable", {})
                        driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 200})
                        driver.execute_cdp_cmd("Profiler.start", {})
                    t0 = time.perf_counter()
                    reply = browser.snapshot_raw(exact=True, **options)
                    wall = (time.perf_counter() - t0) * 1000
                    timings = reply.get("timings") or {}
                    steps = timings.get("capture_steps") or {}
                    flat = {k: v for k, v in {**timings, **steps}.items()
                            if isinstance(v, int | float)
                            and (k.endswith("_ms") or k.startswith("walker_ids_listener_nodes"))}
                    print(f"  {name} read {run}: {wall:.0f} ms; " + ", ".join(
                        f"{k} {v:.0f}" for k, v in sorted(flat.items(), key=lambda kv: -kv[1])))
                    if args.profile:
                        profile = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
                        for line in summarize(profile, args.top):
                            print(f"    {line}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="*", help="bench page names (bench_whole_page.py), "
                        "corpus-<folder> (any saved page of bench/corpus/) "
                        "and generated-20k / generated-100k")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", help="a git revision whose walker runs beside this one")
    parser.add_argument("--profile", action="store_true", help="V8 CPU profile of one walk")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--options", default="{}",
                        help="walker options (JSON) over the whole-page ones")
    parser.add_argument("--fresh", action="store_true",
                        help="load the page again before each walk: every walk is a first "
                        "walk (Chromium keeps styles it resolved, ::before/::after ones too)")
    parser.add_argument("--isolated", action="store_true",
                        help="walk in an isolated world, as the extension does")
    parser.add_argument("--extension", action="store_true",
                        help="the whole-page DOM text read through the extension and host")
    args = parser.parse_args()
    if args.extension:
        return through_extension(args)
    return time_pages(args)


if __name__ == "__main__":
    sys.exit(main())
