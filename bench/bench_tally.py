"""The page tally's time (extension/lib/walker/src/tally.js: the whole document's shape the
semantic formats' page type is read from), the walker of a git revision against this tree's,
by turns, on the whole-page bench's real pages (issue 33; design note 321).

Each page is walked as a whole-page semantic read walks it (``semantic``, ``viewportOnly``
false), in an isolated world as the extension runs it, the two walkers taking turns
(``--turns`` each, the order alternating); printed: each walker's ``stats.tally_ms``, sorted,
their medians, and whether the two tallies are equal (their ``ms`` aside): a faster tally must
report the same; below the table, what each tally that changed reports otherwise.

    nice .venv/bin/python bench/bench_tally.py --base main --pages node-fs rust-wrapping rust-simd
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))
sys.path.insert(0, str(BENCH))
from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

SEMANTIC_WHOLE = {"semantic": True, "viewportOnly": False}


def _tally(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in (out.get("tally") or {}).items() if k != "ms"}


def _differences(base: dict[str, Any], tree: dict[str, Any]) -> list[str]:
    """Each key whose value differs: a count as old → new, a list by what each holds alone."""
    lines = []
    for key in sorted(set(base) | set(tree)):
        old, new = base.get(key), tree.get(key)
        if old == new:
            continue
        if isinstance(old, list) and isinstance(new, list):
            gone = [v for v in old if v not in new][:5]
            came = [v for v in new if v not in old][:5]
            lines.append(f"`{key}`: {len(old)} → {len(new)} "
                         f"(only before: {gone}; only now: {came})")
        else:
            lines.append(f"`{key}`: {str(old)[:80]} → {str(new)[:80]}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="main", help="the git revision of the old walker")
    parser.add_argument("--pages", nargs="+", default=[p.name for p in REAL_PAGES])
    parser.add_argument("--turns", type=int, default=4)
    args = parser.parse_args()
    walkers = {"base": walker_source(args.base), "tree": walker_source(None)}
    pages = {p.name: p for p in REAL_PAGES}
    unequal = 0
    differs: list[tuple[str, list[str]]] = []
    print(f"| page | {args.base} tally ms (median) | this tree's (median) | tallies equal |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        driver = make_driver(str(Path(tmp) / "profile"), script_timeout_s=300,
                             page_load_timeout_s=60)
        try:
            for name in args.pages:
                page = pages[name]
                with serve_directory(ROOTS[page.root]) as base:
                    driver.get(f"{base}/{page.path}")
                    walks = Walks(driver, isolated=True)
                    walks.new_page()
                    times: dict[str, list[float]] = {"base": [], "tree": []}
                    tallies: dict[str, dict[str, Any]] = {}
                    for turn in range(args.turns):
                        order = ("base", "tree") if turn % 2 == 0 else ("tree", "base")
                        for label in order:
                            out, _ = walks.walk(walkers[label], SEMANTIC_WHOLE)
                            times[label].append(float(out["stats"]["tally_ms"]))
                            tallies[label] = _tally(out)
                    equal = tallies["base"] == tallies["tree"]
                    unequal += not equal
                    cells = [f"{sorted(times[k])} ({statistics.median(times[k]):.0f})"
                             for k in ("base", "tree")]
                    print(f"| {name} | {cells[0]} | {cells[1]} | {'yes' if equal else 'NO'} |",
                          flush=True)
                    if not equal:
                        differs.append((name, _differences(tallies["base"], tallies["tree"])))
        finally:
            driver.quit()
    for name, lines in differs:  # what a changed tally reports otherwise, below the table
        print(f"\n{name}: the tallies differ in")
        for line in lines:
            print(f"- {line}")
    return 1 if unequal else 0


if __name__ == "__main__":
    raise SystemExit(main())
