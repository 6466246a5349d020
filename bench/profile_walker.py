"""The in-page walker alone, on big pages: its time, where that time goes, and whether a
change of the walker left its output as it was (issue 33).

The built walker (extension/lib/walker/walker.js) runs in a plain page of Debian Chromium
through Selenium (as tests/fixtures/dom_record.py runs it: no extension, no chrome.dom), on
the whole-page bench's real pages (bench/bench_whole_page.py) and the generated pages.

    nice .venv/bin/python bench/profile_walker.py --pages node-fs generated-20k
    nice .venv/bin/python bench/profile_walker.py --pages node-fs --profile   # V8 CPU profile
    nice .venv/bin/python bench/profile_walker.py --base main --pages node-fs  # before/after
    nice .venv/bin/python bench/profile_walker.py --base main --equal          # tests/pages

``--base REV``: the walker.js of that git revision runs beside the current one, taking turns
(``--runs`` walks each), and their outputs must be equal (timings aside): the check that a
faster walker reports the same. ``--equal``: that check on every page under tests/pages with
each of OPTION_SETS, no timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from generate import write_pages  # noqa: E402

from axsnap_host.client.chromium import launch_flags  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM  # noqa: E402

WALKER = "extension/lib/walker/walker.js"
WHOLE_PAGE = {"viewportOnly": False, "maxNodes": 200000, "maxDepth": 256, "track": True}
# The option sets the equality check walks every test page with.
OPTION_SETS: dict[str, dict[str, Any]] = {
    "window": {},
    "window+300": {"expandPx": 300},
    "whole": {"viewportOnly": False},
    "semantic": {"semantic": True},
    "semantic whole": {"semantic": True, "viewportOnly": False},
}
# What differs between two walks of the same page by the same walker.
TIMING_STATS = ("elapsed_ms", "scan_ms", "journal_ms")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def walker_source(rev: str | None) -> str:
    text = (subprocess.run(["git", "show", f"{rev}:{WALKER}"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout
            if rev else (ROOT / WALKER).read_text("utf-8"))
    return text.replace("export function axsnapWalk", "function axsnapWalk")


def make_driver(profile: str) -> webdriver.Chrome:
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in launch_flags(user_data_dir=profile):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=opts)
    driver.set_script_timeout(1800)
    driver.set_page_load_timeout(600)
    return driver


# The isolated world walks run in (the extension's walker runs in one, where each DOM
# object the walk touches gets its own wrapper): None walks in the page's own world.
WORLD: dict[str, Any] = {"isolated": False, "context": None}


def walk(driver: webdriver.Chrome, source: str,
         options: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """One walk: its output (through JSON, as a reply) and the wall time of the call."""
    t0 = time.perf_counter()
    if WORLD["isolated"]:
        if WORLD["context"] is None:
            frame = driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
            WORLD["context"] = driver.execute_cdp_cmd("Page.createIsolatedWorld", {
                "frameId": frame, "worldName": "axsnap-profile"})["executionContextId"]
        reply = driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": f"JSON.stringify(({source})({json.dumps(options)}))",
            "contextId": WORLD["context"], "returnByValue": True})
        if "exceptionDetails" in reply:
            raise RuntimeError(str(reply["exceptionDetails"])[:500])
        out = json.loads(reply["result"]["value"])
    else:
        script = f"return JSON.stringify(({source})(arguments[0]));"
        out = json.loads(driver.execute_script(script, options))
    return out, (time.perf_counter() - t0) * 1000


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    stats = {k: v for k, v in (out.get("stats") or {}).items() if k not in TIMING_STATS}
    tally = out.get("tally")
    if isinstance(tally, dict):
        out = {**out, "tally": {k: v for k, v in tally.items() if k != "ms"}}
    return {**out, "stats": stats, "world": None}


def first_difference(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                side = "base" if key in a else "new"
                return f"{path}.{key}: only in {side}: {a.get(key, b.get(key))!r:.200}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return ""
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return f"{path}: {len(a)} != {len(b)} items" if len(a) != len(b) else ""
    return "" if a == b else f"{path}: {a!r:.200} != {b!r:.200}"


def cpu_profile(driver: webdriver.Chrome, source: str, options: dict[str, Any],
                top: int) -> list[str]:
    """V8's sampling profile of one walk: self time by function (and line), the top ones."""
    driver.execute_cdp_cmd("Profiler.enable", {})
    driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 200})
    driver.execute_cdp_cmd("Profiler.start", {})
    walk(driver, source, options)
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
            driver = make_driver(str(root / "profile"))
            try:
                for name, url in page_urls(base, args.pages or [], root):
                    driver.get(url)
                    WORLD["context"] = None
                    n = driver.execute_script("return document.getElementsByTagName('*').length")
                    log(f"{name}: {n} elements, load {os.getloadavg()[0]:.1f}")
                    if args.profile:
                        walk(driver, new, options)  # the style and layout update paid first
                        for label, src in (("base", old), ("new", new)):
                            if src is not None:
                                print(f"  {name} {label}:")
                                for line in cpu_profile(driver, src, options, args.top):
                                    print(f"    {line}")
                        continue
                    times: dict[str, list[tuple[float, float]]] = {"new": [], "base": []}
                    outs: dict[str, dict[str, Any]] = {}
                    for _ in range(args.runs):
                        for label, src in (("base", old), ("new", new)):
                            if src is None:
                                continue
                            out, wall = walk(driver, src, options)
                            times[label].append((out["stats"]["elapsed_ms"], wall))
                            outs[label] = out
                    for label, got in times.items():
                        if got:
                            stats = outs[label]["stats"]
                            walk_ms = statistics.median(t for t, _ in got)
                            call_ms = statistics.median(w for _, w in got)
                            print(f"  {name} {label}: walk {walk_ms:.0f} ms, call {call_ms:.0f} ms "
                                  f"({stats['emitted']} records, {stats['visited']} visited; "
                                  f"walks {[round(t) for t, _ in got]})")
                    if old is not None:
                        diff = first_difference(comparable(outs["base"]), comparable(outs["new"]))
                        print(f"  {name}: {'SAME output' if not diff else 'DIFFERENT: ' + diff}")
                        failed += bool(diff)
            finally:
                driver.quit()
    return 1 if failed else 0


def equal_pages(args: argparse.Namespace) -> int:
    """Every page under tests/pages, each option set: the base walker and this one agree."""
    new = walker_source(None)
    old = walker_source(args.base or "main")
    pages = sorted(p.relative_to(ROOT / "tests" / "pages")
                   for p in (ROOT / "tests" / "pages").rglob("*.html"))
    walks = differ = 0
    with tempfile.TemporaryDirectory() as tmp, serve_directory(ROOT / "tests" / "pages") as base:
        driver = None
        try:
            for page in pages:
                if page.parts[0] in ("hangs",):
                    continue  # pages that never finish (tests/pages/hangs): no walk to compare
                if driver is None:
                    driver = make_driver(str(Path(tmp) / f"profile{walks}"))
                    driver.set_script_timeout(60)
                    driver.set_page_load_timeout(30)
                try:
                    driver.get(f"{base}{page}")
                    WORLD["context"] = None
                    for label, opts in OPTION_SETS.items():
                        a, _ = walk(driver, old, opts)
                        b, _ = walk(driver, new, opts)
                        walks += 1
                        diff = first_difference(comparable(a), comparable(b))
                        if diff:
                            differ += 1
                            print(f"DIFFERENT {page} [{label}]: {diff}")
                except (WebDriverException, RuntimeError) as e:
                    log(f"{page}: not walked ({str(e).splitlines()[0][:200]}); a new browser")
                    driver.quit()
                    driver = None
        finally:
            if driver is not None:
                driver.quit()
    print(f"{walks} walks of {len(pages)} pages x {len(OPTION_SETS)} option sets: "
          f"{differ} different")
    return 1 if differ else 0


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
                            if isinstance(v, int | float) and k.endswith("_ms")}
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
    parser.add_argument("--pages", nargs="*", help="bench page names (bench_whole_page.py) "
                        "and generated-20k / generated-100k")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", help="a git revision whose walker runs beside this one")
    parser.add_argument("--profile", action="store_true", help="V8 CPU profile of one walk")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--options", default="{}",
                        help="walker options (JSON) over the whole-page ones")
    parser.add_argument("--isolated", action="store_true",
                        help="walk in an isolated world, as the extension does")
    parser.add_argument("--extension", action="store_true",
                        help="the whole-page DOM text read through the extension and host")
    parser.add_argument("--equal", action="store_true", help="compare on every tests/pages page")
    args = parser.parse_args()
    WORLD["isolated"] = args.isolated
    if args.extension:
        return through_extension(args)
    return equal_pages(args) if args.equal else time_pages(args)


if __name__ == "__main__":
    sys.exit(main())
