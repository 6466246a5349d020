"""How many hit tests a whole-page walk asks, and how long they take, for this tree's walker
and another revision's, by turns in one isolated world on the whole-page bench pages (issue
33, design note 63). ``elementFromPoint`` of documents and shadow roots is counted and timed
in the walker's own world; the page cannot see it.

    nice .venv/bin/python bench/hit_tests.py --pages rust-primitive-u8 node-fs generated-20k
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, page_urls  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

COUNTING = """(() => { const log = []; globalThis.__axsnapHitLog = log;
  for (const proto of [Document.prototype, ShadowRoot.prototype]) {
    const ask = proto.elementFromPoint;
    proto.elementFromPoint = function (x, y) {
      const t = performance.now(); const hit = ask.call(this, x, y);
      log.push(performance.now() - t); return hit; };
  }
  return 1; })()"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="*", help="bench page names (bench_whole_page.py) "
                        "and generated-20k / generated-100k")
    parser.add_argument("--base", default="main", help="the revision walked beside this tree")
    args = parser.parse_args()
    walkers = ((args.base, walker_source(args.base)), ("this tree", walker_source(None)))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            driver = make_driver(str(root / "profile"), script_timeout_s=1800,
                                 page_load_timeout_s=600)
            try:
                first, second = walkers[0][0], walkers[1][0]
                print(f"| page | load | {first}: tests | ms | {second}: tests | ms |")
                print("|---|--:|--:|--:|--:|--:|")
                for name, url in page_urls(base, args.pages or [], root):
                    driver.get(url)
                    walks = Walks(driver, isolated=True)
                    walks.walk(walkers[1][1], dict(WHOLE_PAGE))  # a first walk warms the styles
                    walks._evaluate_isolated(COUNTING)
                    cells = []
                    for _, source in walkers:
                        walks._evaluate_isolated("globalThis.__axsnapHitLog.length = 0")
                        walks.walk(source, dict(WHOLE_PAGE))
                        times = json.loads(walks._evaluate_isolated(
                            "JSON.stringify(globalThis.__axsnapHitLog)"))
                        cells += [f"{len(times)}", f"{sum(times):.0f}"]
                    print(f"| {name} | {os.getloadavg()[0]:.1f} | " + " | ".join(cells) + " |",
                          flush=True)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
