"""Where the whole-page walk's CPU goes, by ablation, and builds of the walker by turns
(issue 33, design note 90).

The built walker (extension/lib/walker/walker.js) walks a bench page in an isolated world of
Debian Chromium through Selenium (as bench/profile_walker.py does); each walk is timed by the
CPU of the tab's renderer main thread (/proc: what the walk cost without the time other
processes held the cores; it holds the output's JSON.stringify too). Walks take turns (the
order alternates) and the medians are printed, with the least and the most.

    # the walker with one part cut out (not exact: for measuring only), against the whole one
    nice .venv/bin/python bench/ablate_walker.py --pages rust-primitive-u8 node-fs \
        --options '{"axTree": "boxes", "listable": true, "hold": true}' --runs 5
    # any builds of walker.js by turns (e.g. `git show main:extension/lib/walker/walker.js`)
    nice .venv/bin/python bench/ablate_walker.py --pages node-fs --builds old.js new.js
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, renderer_cpu_ms  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

# Each cut: one line of the built walker replaced (the part's work skipped).
CUTS: dict[str, tuple[str, str]] = {
    "no hit tests": ("const t = topmost(el, b, ctx, data);", "const t = void 0;"),
    "no text-run boxes": ("return boxIn(range.getBoundingClientRect(), f);",
                          "return [0, 0, 0, 0];"),
    "no control facts": ("controlFacts(el, tag, attrs, data);", ""),
    "no person facts": ("personFacts(el, tag, attrs, data);", ""),
    "no rows pass": ("if (run.axTree) result.axt = axTreeRows(document);", ""),
}


def variants(builds: list[str]) -> dict[str, str]:
    """name → walker source: the given builds, else this tree's walker and each cut of it."""
    if builds:
        return {Path(b).name: Path(b).read_text("utf-8").replace(
            "export function axsnapWalk", "function axsnapWalk") for b in builds}
    whole = walker_source(None)
    out = {"whole": whole}
    for name, (old, new) in CUTS.items():
        if old not in whole:
            raise SystemExit(f"{name}: the built walker no longer has {old!r}")
        out[name] = whole.replace(old, new)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--options", default="{}",
                        help="walker options (JSON) over the whole-page ones")
    parser.add_argument("--builds", nargs="*", default=[], help="walker.js files to compare")
    args = parser.parse_args()
    options = json.dumps(dict(WHOLE_PAGE, **json.loads(args.options)))
    sources = variants(args.builds)
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
                    first = next(iter(sources.values()))
                    walks.walk(first, json.loads(options))  # the style and layout update paid first
                    cpu: dict[str, list[float]] = {name: [] for name in sources}
                    for run in range(args.runs):
                        order = list(sources.items())
                        for name, source in order if run % 2 == 0 else reversed(order):
                            before = renderer_cpu_ms(profile)
                            walks.walk(source, json.loads(options))
                            cpu[name].append(renderer_cpu_ms(profile) - before)
                    print(f"{page.name} (load {os.getloadavg()[0]:.1f}):")
                    whole = statistics.median(next(iter(cpu.values())))
                    for name, got in cpu.items():
                        median = statistics.median(got)
                        print(f"  {name}: {median:.0f} ms CPU ({min(got):.0f}-{max(got):.0f}), "
                              f"{median - whole:+.0f}")
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
