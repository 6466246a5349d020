"""What opts.axRoles costs the walker, and what a read without it pays (issue 33).

On whole-page walks (``viewportOnly: false``) of the Node.js API pages, alternating in one
browser: the walker before the role modules existed (``--before FILE``: a walker.js from
git, e.g. ``git show 7d42b67^:extension/lib/walker/walker.js > /tmp/walker_before.js``),
today's walker without the option, today's walker with ``axRoles``, and Chromium's
``Accessibility.getFullAXTree`` of the same document (the call as Selenium makes it: the
browser serializes, the driver parses). Medians of the walker's own ``elapsed_ms`` and of
the CDP call's wall time.

    nice .venv/bin/python bench/bench_walker_axroles.py --before /tmp/walker_before.js

Writes bench/results/walker_axroles.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.launch import plain_selenium  # noqa: E402

WALKER = BENCH.parent / "extension" / "lib" / "walker" / "walker.js"
NODE_DOCS = Path("/usr/share/doc/nodejs/api")
PAGES = ["zlib.html", "http.html", "fs.html"]


def source(path: Path) -> str:
    return path.read_text().replace("export function axsnapWalk", "function axsnapWalk")


def walk_ms(driver: Any, walker: str, opts: dict[str, Any]) -> tuple[float, int]:
    got = json.loads(driver.execute_script(
        f"return JSON.stringify(({walker})(arguments[0]));", opts))
    return got["stats"]["elapsed_ms"], len(got["elements"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    before, now = source(args.before), source(WALKER)
    modes = {"before (no role modules)": (before, {}), "today, no axRoles": (now, {}),
             "today, axRoles": (now, {"axRoles": True})}
    lines = ["# What opts.axRoles costs the walker (bench/bench_walker_axroles.py)", "",
             "    nice .venv/bin/python bench/bench_walker_axroles.py --before "
             "/tmp/walker_before.js", "",
             f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, load "
             f"{os.getloadavg()[0]:.1f}; whole-page walks, {args.runs} runs a mode, "
             "alternating; medians (ms). Records: what the walk reports.", "",
             "| page | " + " | ".join(modes) + " | getFullAXTree (CDP wall) |",
             "|---|" + "--:|" * (len(modes) + 1)]
    with serve_directory(NODE_DOCS) as docs, plain_selenium() as driver:
        for page in PAGES:
            driver.get(docs + page)
            walk_ms(driver, now, {"viewportOnly": False})  # style and layout settled
            times: dict[str, list[float]] = {m: [] for m in modes}
            records: dict[str, int] = {}
            ax: list[float] = []
            for _ in range(args.runs):
                for mode, (walker, extra) in modes.items():
                    ms, n = walk_ms(driver, walker, {"viewportOnly": False, **extra})
                    times[mode].append(ms)
                    records[mode] = n
                t0 = time.perf_counter()
                driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
                ax.append((time.perf_counter() - t0) * 1000)
            cells = [f"{statistics.median(times[m]):,.0f} ({records[m]:,} records)" for m in modes]
            lines.append(f"| {page} | " + " | ".join(cells)
                         + f" | {statistics.median(ax):,.0f} |")
            print(lines[-1], file=sys.stderr, flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    (BENCH / "results" / "walker_axroles.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
