"""What a whole-page walk's output costs as JSON text past the walk (issue 33, design note 158).

The extension gets a walk's output as one JSON text (walk.js ``asJson``, opts.json), carried
from the page's renderer through the browser to the service worker and parsed there
(walker_capture.js ``injectJson``); ``profile_whole_read.py --past-walk`` reports that step as
one lap ("JSON text, carriage, parse"). This splits the two ends of it that are V8's: the
built walker walks each bench page in an isolated world of Debian Chromium through Selenium
with a whole-page DOM read's options (listable, held, tracked), and in the same evaluate the
output is made JSON text (``JSON.stringify``, as ``asJson`` does) and that text parsed again
(``JSON.parse``, as the worker does), each timed with ``performance.now``. Printed per page:
the walk, the stringify, the parse (medians of ``--walks``), the text's length and whether it
is two-byte (a character past U+00FF anywhere: V8 then holds and copies it as UTF-16). What
the lap holds beyond these two is the carriage: the browser's conversions and copies.

    nice .venv/bin/python bench/walker_json_parts.py --pages rust-simd rust-wrapping node-fs
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
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, page_urls  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

DOM_TEXT = {**WHOLE_PAGE, "listable": True, "hold": True, "track": True}


def timed_expression(source: str, options: dict[str, object]) -> str:
    """One walk, its JSON text and that text parsed again, timed in the page's V8."""
    return f"""(() => {{
  const t0 = performance.now();
  const out = ({source})({json.dumps(options)});
  const t1 = performance.now();
  const text = JSON.stringify(out);
  const t2 = performance.now();
  JSON.parse(text);
  const t3 = performance.now();
  return JSON.stringify({{walk: t1 - t0, stringify: t2 - t1, parse: t3 - t2,
    chars: text.length, twoByte: /[^\\u0000-\\u00ff]/.test(text)}});
}})()"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--walks", type=int, default=3)
    args = parser.parse_args()
    expression = timed_expression(walker_source(None), DOM_TEXT)
    print("| page | walk ms | JSON.stringify ms | JSON.parse ms | characters | two-byte | load |")
    print("|---|--:|--:|--:|--:|---|--:|")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base:
            driver = make_driver(str(root / "profile"), script_timeout_s=1800,
                                 page_load_timeout_s=600)
            try:
                for name, url in page_urls(base, args.pages, root):
                    driver.get(url)
                    walks = Walks(driver, isolated=True)
                    walks.walk(walker_source(None), DOM_TEXT)  # the load's style and layout paid
                    rows = [json.loads(walks._evaluate_isolated(expression))
                            for _ in range(args.walks)]
                    med = {k: statistics.median(r[k] for r in rows)
                           for k in ("walk", "stringify", "parse")}
                    print(f"| {name} | {med['walk']:,.0f} | {med['stringify']:,.0f} | "
                          f"{med['parse']:,.0f} | {rows[0]['chars']:,} | "
                          f"{'yes' if rows[0]['twoByte'] else 'no'} | {os.getloadavg()[0]:.1f} |",
                          flush=True)
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
