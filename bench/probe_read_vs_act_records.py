"""Could an act by words resolve on a whole-page read's elements? (issue 32, design note 157)

An act with no baseline standing captures the page first: the elements of a window grown
ACT_EXPAND_PX past the viewport (extension/lib/act/route.js), built with the act's options,
which the host resolves words on (act/service.py). A whole-page DOM read (``viewport_only:
false``) lists its elements through another path (the walk of the whole page, ids from its
listable records). This probe reads each page both ways, one right after the other on the
same page, and counts:

- the elements only one read lists (those of the whole-page read outside the act's window
  apart: that window's records are what an act ranks, so those are cut, not differences);
- per field, the elements both list whose records differ;
- per element the act's window lists, whether the resolver (act/resolver.py rank + decide)
  answers its label alike on both lists (the whole-page list cut to the window): the outcome
  and the element chosen.

A read's elements are what the host's state keeps (``state.elements``) as the reply lists
them; the capture itself (what an act's report counts page texts and relational anchors on:
act/page_facts.py, act/relations.py) is not in a reply and is not compared here.

    PYTHONPATH=$PWD/host nice .venv/bin/python bench/probe_read_vs_act_records.py [--json]
    (pages: every act test page, the inbox with a part 30,000 px down, the act pace inbox)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TEST_PAGES = ROOT / "tests" / "pages"
BENCH_PAGES = ROOT / "bench" / "pages"
ACT_EXPAND_PX = 20_000  # extension/lib/act/route.js
# pages that only make sense inside another (frames' insides, a popup) are read through it
SKIP = ("popped.html", "framed_inner.html", "act/inner.html", "frame_goes.html")
WHOLE = {"format": "elements", "viewport_only": False}
WINDOW = {"format": "elements", "viewport_only": True, "viewport_expand_px": ACT_EXPAND_PX}
VIEWPORT = ("return [window.scrollX, window.scrollY, document.documentElement.clientWidth,"
            " document.documentElement.clientHeight]")


def test_pages() -> list[str]:
    pages = sorted(str(p.relative_to(TEST_PAGES)) for p in (TEST_PAGES / "act").rglob("*.html"))
    return [p for p in pages if not any(p.endswith(s) for s in SKIP)] + [
        "act/baseline/inbox.html?far"]


def key(rec: dict[str, Any]) -> tuple[int, Any]:
    return int(rec.get("frame") or 0), rec.get("index")


def in_window(rec: dict[str, Any], window: tuple[float, float, float, float]) -> bool:
    """Whether a record's box meets the act's window (a frame's records always count)."""
    rect = rec.get("rect") or {}
    if int(rec.get("frame") or 0) != 0 or not rect:
        return True
    left, top, right, bottom = window
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
    return not (x + w < left - 1 or y + h < top - 1 or x > right + 1 or y > bottom + 1)


def answer(label: str, records: list[dict[str, Any]]) -> tuple[str, Any]:
    from axsnap_host.act.resolver import decide, rank

    decision = decide(rank(f'"{label}"', records, None), f'"{label}"')
    best = decision.best.record if decision.best is not None else None
    return decision.outcome, key(best) if best is not None else None


def compare(whole: list[dict[str, Any]], window: list[dict[str, Any]],
            act_window: tuple[float, float, float, float]) -> dict[str, Any]:
    from axsnap_host.act.resolver import display_label

    cut = [r for r in whole if in_window(r, act_window)]
    by_whole, by_window = {key(r): r for r in cut}, {key(r): r for r in window}
    fields: Counter[str] = Counter()
    differing = 0
    examples: list[Any] = []
    for k, rec in by_window.items():
        other = by_whole.get(k)
        if other is None:
            continue
        names = sorted(f for f in set(rec) | set(other) if rec.get(f) != other.get(f))
        if names:
            differing += 1
            fields.update(names)
            if len(examples) < 2:
                examples.append({"element": [rec.get("role"), display_label(rec)],
                                 **{f: [other.get(f), rec.get(f)] for f in names}})
    labels = [display_label(r) for r in window if display_label(r)]
    unlike = [label for label in labels if answer(label, cut) != answer(label, window)]
    return {"whole": len(whole), "cut_off": len(whole) - len(cut), "window": len(window),
            "only_whole": len(set(by_whole) - set(by_window)),
            "only_window": len(set(by_window) - set(by_whole)),
            "differing": differing, "fields": dict(fields), "examples": examples,
            "answers": len(labels), "answers_unlike": unlike}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON line a page")
    args = parser.parse_args()
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    totals: Counter[str] = Counter()
    fields: Counter[str] = Counter()
    unlike: list[str] = []
    with serve_directory(TEST_PAGES) as tests, serve_directory(BENCH_PAGES) as bench, \
            Browser() as browser:
        pages = [tests + p for p in test_pages()] + [bench + "act_pace/inbox.html"]
        for url in pages:
            browser.open(url)
            whole = browser.snapshot_raw(**WHOLE)["result"]["elements"]
            window = browser.snapshot_raw(**WINDOW)["result"]["elements"]
            x, y, w, h = (float(v) for v in browser.run_in_target(VIEWPORT))
            act_window = (x - ACT_EXPAND_PX, y - ACT_EXPAND_PX, x + w + ACT_EXPAND_PX,
                          y + h + ACT_EXPAND_PX)
            got = compare(whole, window, act_window)
            name = url.split("/", 3)[3]
            if args.json:
                print(json.dumps({"page": name, **got}, ensure_ascii=False))
            for k in ("whole", "cut_off", "window", "only_whole", "only_window", "differing",
                      "answers"):
                totals[k] += got[k]
            totals["pages"] += 1
            fields.update(got["fields"])
            unlike += [f"{name}: {label}" for label in got["answers_unlike"]]
    load = os.getloadavg()[0]
    print(f"pages {totals['pages']}, load {load:.1f}")
    print(f"elements: whole-page {totals['whole']} ({totals['cut_off']} outside the act's "
          f"window, cut), act window {totals['window']}; only in the cut whole-page read "
          f"{totals['only_whole']}, only in the act's {totals['only_window']}")
    print(f"records listed by both that differ: {totals['differing']}; by field: "
          f"{dict(fields.most_common())}")
    print(f"resolver answers by each element's label: {totals['answers']}, "
          f"unlike {len(unlike)}" + ("".join(f"\n  {u}" for u in unlike)))


if __name__ == "__main__":
    sys.exit(main())
