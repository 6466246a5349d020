"""How often the whole-page walk reads the same nodes' words and style (issue 33, design note
116): an instrumented build of the walker counts each bounded text walk (text.js walkText)
and each node it pops, by the walker function that asked, and each getComputedStyle by
element; a walker of a git revision (``--base``) beside this tree's.

The built walker walks each bench page in an isolated world of Debian Chromium through
Selenium with a whole-page read's options (``--options``; default the SnapshotV1 rows walk),
after one untimed walk. It prints per page and build: the text walks, the nodes they popped
(all, distinct, and by caller: the innermost three functions of the stack) and the
getComputedStyle calls (all, distinct elements).

    nice .venv/bin/python bench/count_text_walks.py --pages rust-primitive-u8 node-fs \\
        --base main
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "fixtures"))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import WHOLE_PAGE, page_urls  # noqa: E402
from walker_runs import Walks, make_driver, walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

HELD = {"listable": True, "hold": True, "track": True}
NL = "String.fromCharCode(10)"
# the caller of a walkText call: the innermost three frames above it
CALLER = (f"new Error().stack.split({NL}).slice(2, 5)"
          ".map((f) => f.trim().split(' ')[1]).join(' < ')")
COUNT_CALL = (f"const __C = globalThis.__axsnapCount; const __by = {CALLER}; "
              "__C.calls++;")
COUNT_POP = ("__C.pops++; __C.by[__by] = (__C.by[__by] || 0) + 1; "
             "if (typeof n === 'object') __C.nodes.add(n);")
COUNTER = """
globalThis.__axsnapCount = {calls: 0, pops: 0, by: {}, nodes: new Set(), styles: 0,
  styled: new Set()};
if (!globalThis.__axsnapStyleCounted) {
  globalThis.__axsnapStyleCounted = true;
  const read = window.getComputedStyle;
  window.getComputedStyle = function (el, pseudo) {
    const C = globalThis.__axsnapCount;
    if (!pseudo) { C.styles++; C.styled.add(el); }
    return read.call(window, el, pseudo);
  };
}
1
"""
SUMMARY = """JSON.stringify((() => { const C = globalThis.__axsnapCount;
  return {calls: C.calls, pops: C.pops, distinct: C.nodes.size, by: C.by, styles: C.styles,
    styled: C.styled.size}; })())"""


def instrumented(source: str) -> str:
    """The built walker with walkText's calls and pops counted (any build since note 39)."""
    head = source.index("function walkText(")
    body = source.index("{", head) + 1
    source = source[:body] + COUNT_CALL + source[body:]
    pop = source.index("seen++;", head)
    return source[:pop] + COUNT_POP + source[pop:]


def count(walks: Walks, source: str, options: dict[str, Any]) -> dict[str, Any]:
    walks._evaluate_isolated(COUNTER)
    walks.walk(source, options)
    return dict(json.loads(walks._evaluate_isolated(SUMMARY)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--base", help="a git revision whose walker is counted too")
    parser.add_argument("--options", default='{"axTree": "boxes"}',
                        help="walker options (JSON) over the whole-page held ones")
    args = parser.parse_args()
    options = dict(WHOLE_PAGE, **HELD, **json.loads(args.options))
    builds = {"new": instrumented(walker_source(None))}
    if args.base:
        builds = {"base": instrumented(walker_source(args.base)), **builds}
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
                    elements = driver.execute_script(
                        "return document.getElementsByTagName('*').length")
                    walks.walk(next(iter(builds.values())), options)  # the untimed first walk
                    print(f"{name} ({elements} elements):")
                    for label, source in builds.items():
                        got = count(walks, source, options)
                        print(f"  {label}: {got['calls']} text walks, {got['pops']} nodes popped "
                              f"({got['distinct']} distinct); getComputedStyle "
                              f"{got['styles']} ({got['styled']} elements)")
                        for caller, pops in sorted(got["by"].items(), key=lambda kv: -kv[1])[:6]:
                            print(f"    {pops} by {caller}")
                    sys.stdout.flush()
            finally:
                driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
