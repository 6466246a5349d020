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

``--cut`` (design note 211) compares on the host's side, where the act's baseline kept at a
whole-page read (fast path ``act_baseline_at_read``) is made: every request the host reads is
tapped (bench/host_tap/), the two reads of each page are replayed through one Host in this
process, and what act/baseline_at_read.py ``act_view`` tells of the act's capture from the
whole-page read (its walk cut to the act's window by the walker's marks, act/window_cut.py)
is held to the act's own window capture: the walk's records (every field but the ids a
whole-page read takes only of its listable records, ``b`` and ``k``; those compared where both
have them), the elements (every field, indices included), the page facts, and the relational
anchors found for every page text and element label. Long real pages of bench/corpus/ too.

    PYTHONPATH=$PWD/host nice .venv/bin/python bench/probe_read_vs_act_records.py --cut

``--cost``: what the marks cost the walk itself: the built walker run by hand (Selenium, no
extension) over the long corpus pages and a generated page of 100,000 elements
(bench/pages/generate.py), whole-page walks with and without ``actMarks`` in turns, the
median of each's ``stats.elapsed_ms``.

    PYTHONPATH=$PWD/host:$PWD/tests nice .venv/bin/python bench/probe_read_vs_act_records.py --cost
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


# long saved pages, articles and lists (bench/corpus/): taller than the act's window
CORPUS = ("wikipedia-2", "guardian", "amazon-1", "ebay-1", "abcnews", "google-14")
IDS_TAKEN = ("b", "k")  # a whole-page read takes them of its listable records only


def record_reads(out: Path, pages: list[tuple[str, str]]) -> list[str]:
    """Each page read whole (DOM text), then as the act's window (its capture's options),
    through the extension, every request the host reads tapped to ``out``; the pages' names."""
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    os.environ["AXSNAP_BENCH_TAP"] = str(out)  # the host inherits both through Chromium
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "bench" / "host_tap"), *filter(None, [os.environ.get("PYTHONPATH")])])
    names = []
    with serve_directory(TEST_PAGES) as tests, serve_directory(BENCH_PAGES) as bench, \
            serve_directory(ROOT / "bench" / "corpus") as corpus, Browser() as browser:
        roots = {"tests": tests, "bench": bench, "corpus": corpus}
        for where, page in pages:
            browser.open(roots[where] + page)
            browser.snapshot_raw(format="domtext", viewport_only=False)
            browser.snapshot_raw(**WINDOW)
            names.append(page)
    return names


def replayed(paths: list[Path]) -> list[dict[str, Any]]:
    """Every snapshot request in the tapped frames, replayed through one Host (chunks joined
    as it joins them): its capture as parsed, its options, the tab's elements after it."""
    from axsnap_host.native import host as native

    seen: list[dict[str, Any]] = []
    snapshot = native.Host._snapshot

    def tapped(self: Any, request: Any, *args: Any) -> dict[str, Any]:
        capture = request.capture.model_copy(deep=True)
        reply = snapshot(self, request, *args)
        elements = self.tabs.get(request.capture.tab.id).elements
        seen.append({"capture": capture, "options": request.options,
                     "elements": list(elements) if isinstance(elements, list) else None})
        return reply

    native.Host._snapshot = tapped  # type: ignore[method-assign]
    try:
        host = native.Host()
        for path in paths:
            for line in path.read_text(encoding="utf-8").splitlines():
                host.handle_text(json.loads(line))
    finally:
        native.Host._snapshot = snapshot  # type: ignore[method-assign]
    return seen


def differ(a: list[dict[str, Any]], b: list[dict[str, Any]], leave: tuple[str, ...] = ()
           ) -> tuple[int, Counter[str]]:
    """(records only one list has, fields by how many records differ in them)."""
    fields: Counter[str] = Counter()
    for x, y in zip(a, b, strict=False):
        for name in set(x) | set(y):
            if name in leave:
                if name in x and name in y and x[name] != y[name]:
                    fields[name] += 1
            elif x.get(name) != y.get(name):
                fields[name] += 1
    return abs(len(a) - len(b)), fields


def cut_compare(whole: dict[str, Any], window: dict[str, Any]) -> dict[str, Any]:
    """act_view of the whole-page read held to the act's own window capture (module doc)."""
    from axsnap_host.act.baseline_at_read import act_view
    from axsnap_host.act.page_facts import page_facts
    from axsnap_host.act.relations import find_anchors

    capture, exact = whole["capture"], window["capture"]
    walker = capture.walker or {}
    records = walker.get("elements") or []
    got: dict[str, Any] = {
        "records_whole": len(records), "records_window": len((exact.walker or {}).get(
            "elements") or []), "marked": sum(1 for r in records if r.get("am")),
        "height": (walker.get("scroll") or {}).get("h"),
        "frames": len(walker.get("frames") or ()) + len(walker.get("subframes") or ())}
    view = act_view(capture, whole["elements"] or [])
    if view is None:
        return {**got, "kept": False}
    kept, facts, elements = view
    cut = (kept.walker or {}).get("elements") or []
    own = (exact.walker or {}).get("elements") or []
    only, fields = differ(cut, own, IDS_TAKEN)
    e_only, e_fields = differ(elements, window["elements"] or [])
    exact_facts = page_facts(exact)
    texts = sorted({t for _, t in exact_facts.texts if t} | {
        str(e.get("label")) for e in window["elements"] or [] if e.get("label")})
    unlike = [t for t in texts if find_anchors(kept, t) != find_anchors(exact, t)]
    return {**got, "kept": True, "records_cut": len(cut), "records_only_one": only,
            "record_fields": dict(fields), "elements": len(elements),
            "elements_window": len(window["elements"] or []), "elements_only_one": e_only,
            "element_fields": dict(e_fields), "facts_equal": facts == exact_facts,
            "anchor_texts": len(texts), "anchors_unlike": unlike[:5],
            "anchors_unlike_n": len(unlike)}


def main_cut(as_json: bool) -> None:
    import tempfile

    pages = [("tests", p) for p in test_pages()] + [
        ("tests", "act/baseline/inbox.html?far&twin"), ("bench", "act_pace/inbox.html")] + [
        ("corpus", f"{name}/index.html") for name in CORPUS]
    with tempfile.TemporaryDirectory(prefix="axsnap_cut_") as tmp:
        names = record_reads(Path(tmp), pages)
        reads = replayed(sorted(Path(tmp).glob("*.jsonl")))
    if len(reads) != 2 * len(names):
        raise SystemExit(f"{len(reads)} reads replayed for {len(names)} pages")
    totals: Counter[str] = Counter()
    unequal: list[str] = []
    for n, name in enumerate(names):
        got = {"page": name, **cut_compare(reads[2 * n], reads[2 * n + 1])}
        if as_json:
            print(json.dumps(got, ensure_ascii=False), flush=True)
        totals["pages"] += 1
        totals["kept"] += got["kept"]
        totals["cut"] += bool(got["kept"] and got["records_cut"] < got["records_whole"])
        if not got["kept"]:
            totals["frames"] += got["frames"] > 1
            if got["frames"] <= 1:
                unequal.append(f"{name}: nothing kept")
            continue
        for k in ("records_cut", "elements", "anchor_texts"):
            totals[k] += got[k]
        if got["records_only_one"] or got["record_fields"] or got["elements_only_one"] \
                or got["element_fields"] or not got["facts_equal"] or got["anchors_unlike_n"]:
            unequal.append(f"{name}: {got}")
    print(f"pages {totals['pages']} (load {os.getloadavg()[0]:.1f}): kept at the read "
          f"{totals['kept']}, of which cut to the act's window {totals['cut']}; with a frame "
          f"(nothing kept) {totals['frames']}; records "
          f"{totals['records_cut']}, elements {totals['elements']}, anchor texts "
          f"{totals['anchor_texts']}; unequal {len(unequal)}")
    for line in unequal:
        print("  " + line)


def main_cost(only: list[str], turns: int = 5) -> None:
    import statistics
    import subprocess
    import tempfile

    from fixtures.walker_runs import run_walker, walker_browser

    from axsnap_host.client.file_server import serve_directory

    with tempfile.TemporaryDirectory(prefix="axsnap_cost_") as tmp, \
            serve_directory(ROOT / "bench" / "corpus") as corpus, \
            serve_directory(Path(tmp)) as generated, walker_browser() as driver:
        subprocess.run([sys.executable, str(BENCH_PAGES / "generate.py"), tmp, "100000"],
                       check=True, capture_output=True)
        page = "page_100000.html"
        urls = [corpus + f"{name}/index.html" for name in CORPUS] + [generated + page]
        for url in urls if not only else [u for u in urls if any(o in u for o in only)]:
            driver.get(url)
            times: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(turns):
                for marks in (False, True):
                    out = run_walker(driver, {"viewportOnly": False, "maxNodes": 200000,
                                              **({"actMarks": ACT_EXPAND_PX} if marks else {})})
                    times[marks].append(float(out["stats"]["elapsed_ms"]))
            cut = sum(1 for r in out["elements"] if r.get("am") in (1, 2, 3))
            print(f"{url.rsplit('/', 2)[-2]}/{url.rsplit('/', 1)[-1]}: "
                  f"{len(out['elements'])} records ({cut} marked off the act's walk), "
                  f"height {out['scroll']['h']}: walk {statistics.median(times[False]):.0f} ms, "
                  f"with marks {statistics.median(times[True]):.0f} ms "
                  f"(load {os.getloadavg()[0]:.1f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON line a page")
    parser.add_argument("--cut", action="store_true",
                        help="the act's view told from the whole-page read, on the host (note 211)")
    parser.add_argument("--cost", action="store_true", help="the marks' cost to the walk")
    parser.add_argument("--only", nargs="*", default=[], help="--cost: pages whose URL has one")
    args = parser.parse_args()
    if args.cost:
        main_cost(args.only)
        return
    if args.cut:
        main_cut(args.json)
        return
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
