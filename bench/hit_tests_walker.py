"""Why the whole-page walk's hit tests cost what they cost (issue 33, design note 90).

The built walker (extension/lib/walker/walker.js) walks a bench page in an isolated world of
Debian Chromium through Selenium (as bench/ablate_walker.py does), with its one
`elementFromPoint` call timed (performance.now around it, each point kept). After each walk
the same points are hit-tested again in a separate call, four ways:

- ``in walk``: the walk's own tests, between its other reads;
- ``replayed``: every point again, in the walk's order, after the walk (a clean lifecycle:
  if the walk's other reads left style or layout dirty before each test, these are cheaper);
- ``same point``: each point a second time right after (Chromium keeps the last answer);
- ``1.5 px away``: a point next to each (no kept answer: the hit test's own cost);

and the renderer main thread's CPU over the walk and over the replay of its points
(/proc, as bench/profile_walker.py reads it). ``cheap`` counts tests under 0.5 ms.

    nice .venv/bin/python bench/hit_tests_walker.py --pages rust-primitive-u8 node-fs
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, renderer_cpu_ms  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

HIT = "hit = doc.elementFromPoint(x, y);"
TIMED_HIT = ("{ const t0 = performance.now(); hit = doc.elementFromPoint(x, y); "
             "globalThis.__axsnapHits.push([x, y, performance.now() - t0]); }")

# The walk's points again, after it, each three ways (ms each).
REPLAY = """JSON.stringify((() => {
  const out = {replayed: [], same: [], near: []};
  for (const [x, y] of globalThis.__axsnapHits) {
    let t = performance.now(); document.elementFromPoint(x, y);
    out.replayed.push(performance.now() - t);
    t = performance.now(); document.elementFromPoint(x, y);
    out.same.push(performance.now() - t);
    t = performance.now(); document.elementFromPoint(x + 1.5, y);
    out.near.push(performance.now() - t);
  }
  return out;
})())"""

REPLAY_ONCE = "for (const [x, y] of globalThis.__axsnapHits) document.elementFromPoint(x, y); ''"

POSITIONED = """String([...document.querySelectorAll('*')].filter(
  (el) => getComputedStyle(el).position !== 'static').length)"""


def summary(times: list[float]) -> str:
    if not times:
        return "none"
    cheap = sum(1 for t in times if t < 0.5)
    return (f"{sum(times):.0f} ms in all, median {statistics.median(times):.2f}, "
            f"max {max(times):.1f}, {cheap} cheap")


def probe(walks: Walks, source: str, options: dict[str, Any], profile: str) -> dict[str, Any]:
    walks._evaluate_isolated("globalThis.__axsnapHits = []; ''")
    before = renderer_cpu_ms(profile)
    walks.walk(source, dict(options))
    walk_cpu = renderer_cpu_ms(profile) - before
    points = json.loads(walks._evaluate_isolated("JSON.stringify(globalThis.__axsnapHits)"))
    before = renderer_cpu_ms(profile)
    walks._evaluate_isolated(REPLAY_ONCE)
    replay_cpu = renderer_cpu_ms(profile) - before
    again = json.loads(walks._evaluate_isolated(REPLAY))
    return {"walk_cpu": walk_cpu, "replay_cpu": replay_cpu,
            "in_walk": [p[2] for p in points], **again}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--options", default='{"axTree": "boxes", "listable": true, "hold": true}',
                        help="walker options (JSON) over the whole-page ones")
    args = parser.parse_args()
    options = dict(WHOLE_PAGE, **json.loads(args.options))
    whole = walker_source(None)
    if HIT not in whole:
        raise SystemExit(f"the built walker no longer has {HIT!r}")
    timed = whole.replace(HIT, TIMED_HIT)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        profile = str(root / "profile")
        with serve_directory(root) as base:
            driver = make_driver(profile, script_timeout_s=1800, page_load_timeout_s=600)
            try:
                for page in REAL_PAGES:
                    if page.name not in args.pages:
                        continue
                    driver.get(f"{base}{page.root}/{page.path}")
                    walks = Walks(driver, isolated=True)
                    walks.walk(whole, dict(options))  # the style and layout update paid first
                    positioned = walks._evaluate_isolated(POSITIONED)
                    print(f"{page.name}: {positioned} positioned elements")
                    for run in range(args.runs):
                        got = probe(walks, timed, options, profile)
                        print(f"  walk {run + 1} (load {os.getloadavg()[0]:.1f}): walk "
                              f"{got['walk_cpu']:.0f} ms CPU, {len(got['in_walk'])} hit tests; "
                              f"their replay {got['replay_cpu']:.0f} ms CPU")
                        for label, key in (("in walk", "in_walk"), ("replayed", "replayed"),
                                           ("same point", "same"), ("1.5 px away", "near")):
                            print(f"    {label}: {summary(got[key])}")
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
