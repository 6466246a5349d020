"""How the numbered semantic ids of corpus pages are numbered (issue 31, note 156): over the
page (the walker's number among twins alike in everything it reads: a scroll, a re-read and a
twin scrolling into view leave it) or over the read (the host's among the read's own elements:
a window read may number them otherwise), and how many twins share one number's group at
most (a row's 13 swatches, a video's 5 stars, or 218 script links over the whole page).

One Debian Chromium with the extension and the registered host; each page of
bench/corpus/labels.json named is served from 127.0.0.1 and read whole with format
"semantic". Prints one line per page and the totals; writes nothing.

    .venv/bin/python bench/semantic_numbered.py saurus-57 saurus-79
    .venv/bin/python bench/semantic_numbered.py --list saurus-12   # each numbered id too
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from axsnap_host.client import Browser, PageResult
from axsnap_host.client.file_server import serve_directory

CORPUS = Path(__file__).parent / "corpus"
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def numbered(result: PageResult) -> tuple[Counter[str], int]:
    """(ids numbered from the second on, by what they are numbered over; the largest group)."""
    over: Counter[str] = Counter()
    largest = 0
    for element in result.elements:
        alike = element.get("relations", {}).get("alike")
        if alike and alike["number"] > 1:
            over[alike["over"]] += 1
        if alike:
            largest = max(largest, int(alike["of"]))
    return over, largest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--list", action="store_true",
                        help="print each numbered id (from the second on) and its group too")
    args = parser.parse_args()
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    unknown = [n for n in args.pages if n not in labels]
    if unknown:
        parser.error("not in bench/corpus/labels.json: " + " ".join(unknown))
    total: Counter[str] = Counter()
    with serve_directory(CORPUS) as base, Browser() as browser:
        for name in args.pages:
            result = browser.snapshot(f"{base}{name}/index.html", format="semantic",
                                      viewport_only=False, **FAST)
            assert isinstance(result, PageResult)
            over, largest = numbered(result)
            total += over
            if args.list:
                for element in result.elements:
                    alike = element.get("relations", {}).get("alike")
                    if alike and alike["number"] > 1:
                        print(f"  {alike['over']:4} {alike['number']}/{alike['of']} "
                              f"{element.get('id')}")
            print(f"{name}: over the page {over['page']}, over the read {over['read']}, "
                  f"largest group {largest}")
    print(f"total: over the page {total['page']}, over the read {total['read']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
