"""Whether a walker change altered what it reports: the walker built at a git revision
(default ``main``) and this tree's ``extension/lib/walker/walker.js`` walk every page under
tests/pages in one Chromium, with each of OPTION_SETS, and their outputs are compared (timings
and world tokens left out); the first difference of each walk is printed. A page whose output
differs between two walks of the old walker (a clock, a random id) is counted as unstable
and not compared. Exit status 1 when any walk differs.

    .venv/bin/python scripts/compare_walkers.py [--isolated] [REVISION]
    .venv/bin/python scripts/compare_walkers.py --sets ax --root bench/corpus   # the AX rows

``--isolated`` walks in an isolated world, as the extension does (each DOM object the walk
touches gets its own wrapper there: the world where the walker's cost is measured).
``--sets ax`` walks with AX_OPTION_SETS instead (the whole-page reads from the walk: the rows
SnapshotV1 and the outline read, names and roles); ``--root DIR`` walks the pages under DIR
(the saved corpus, bench/corpus) instead of tests/pages.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path
from typing import Any

from selenium.common.exceptions import WebDriverException

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from walker_runs import Walks, comparable, first_difference, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

PAGES = ROOT / "tests" / "pages"
# Pages that never finish loading on purpose: nothing to compare.
SKIPPED_FOLDERS = ("hangs",)
OPTION_SETS: dict[str, dict[str, Any]] = {
    "window": {},
    "window+300": {"expandPx": 300},
    "whole": {"viewportOnly": False},
    "semantic": {"semantic": True},
    "semantic whole": {"semantic": True, "viewportOnly": False},
    "roles whole": {"axRoles": True, "viewportOnly": False},
}
# The whole-page reads from the walk (design notes 45, 51, 56): SnapshotV1's rows with boxes,
# the outline's rows with the records' roles and names.
AX_OPTION_SETS: dict[str, dict[str, Any]] = {
    "ax boxes whole": {"axTree": "boxes", "viewportOnly": False},
    "ax roles whole": {"axTree": True, "axRoles": True, "viewportOnly": False},
}


def _dismiss(driver: Any) -> None:
    with contextlib.suppress(Exception):  # no alert open
        driver.switch_to.alert.dismiss()


def compare(revision: str, *, isolated: bool, root: Path = PAGES,
            option_sets: dict[str, dict[str, Any]] = OPTION_SETS) -> int:
    old, new = walker_source(revision), walker_source(None)
    pages = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html")
                   if p.relative_to(root).parts[0] not in SKIPPED_FOLDERS)
    compared = differing = unstable = skipped = 0
    with tempfile.TemporaryDirectory() as tmp, serve_directory(root) as base:
        driver = None
        try:
            for n, page in enumerate(pages):
                if driver is None:  # a fresh browser after one that failed a page
                    driver = make_driver(str(Path(tmp) / f"profile{n}"),
                                         script_timeout_s=60, page_load_timeout_s=30)
                    walks = Walks(driver, isolated=isolated)
                try:
                    driver.get(f"{base}/{page}")
                    walks.new_page()
                    for label, options in option_sets.items():
                        before, after, again = (comparable(walks.walk(source, options)[0])
                                                for source in (old, new, old))
                        if before != again:
                            unstable += 1
                            continue
                        compared += 1
                        diff = first_difference(before, after)
                        if diff:
                            differing += 1
                            print(f"DIFFERS {page} [{label}]: {diff}")
                except (WebDriverException, RuntimeError) as exc:
                    skipped += 1
                    print(f"skipped {page}: {str(exc).splitlines()[0][:200]}")
                    _dismiss(driver)
                    driver.quit()
                    driver = None
        finally:
            if driver is not None:
                driver.quit()
    print(f"{len(pages)} pages x {len(option_sets)} option sets: {compared} walks compared, "
          f"{differing} differ, {unstable} unstable, {skipped} pages skipped")
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", nargs="?", default="main")
    parser.add_argument("--isolated", action="store_true",
                        help="walk in an isolated world, as the extension does")
    parser.add_argument("--sets", choices=("dom", "ax"), default="dom",
                        help="dom: OPTION_SETS; ax: AX_OPTION_SETS (the AX rows)")
    parser.add_argument("--root", type=Path, default=PAGES,
                        help="the folder whose *.html pages are walked (default tests/pages)")
    args = parser.parse_args()
    return compare(args.revision, isolated=args.isolated, root=args.root.resolve(),
                   option_sets=AX_OPTION_SETS if args.sets == "ax" else OPTION_SETS)


if __name__ == "__main__":
    raise SystemExit(main())
