"""The whole-page DOM read from the walk alone against the DOMSnapshot-joined one (issue 33).

For every page (the corpus, the Node.js API pages, the whole-page bench's real pages, the
generated pages), in one tab, exact reads ``format="domtext", viewport_only=False`` with
``dom_source="snapshot"`` and ``dom_source="walk"`` by turns (who goes first alternates),
``--runs`` of each. Compared: the DOM text lines (identical or not, each difference listed by
kind), the listed elements' ids (``frame-backendNodeId``, what an act takes) and their whole
records (format ``elements``: reasons, names, rects); timed: the
read, its capture, the DOMSnapshot, the walker's id take and listener read.

    nice .venv/bin/python bench/bench_dom_source_walk.py                 # corpus + node docs
    nice .venv/bin/python bench/bench_dom_source_walk.py --whole-page    # + bench_whole_page's

Writes bench/results/dom_source_walk.md (``--out``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import GENERATED, REAL_PAGES, ROOTS, write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

NO_WAIT = {"stabilize": {"enabled": False}}
NODE_PAGES = ["zlib.html", "events.html", "http.html", "crypto.html", "fs.html"]
SOURCES = ("snapshot", "walk")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def pages(base: str, root: Path, whole_page: bool) -> list[tuple[str, str]]:
    out = [(f"corpus-{d.name}", f"{base}corpus/{d.name}/index.html")
           for d in sorted((BENCH / "corpus").iterdir()) if (d / "index.html").is_file()]
    out += [(f"node-{p.removesuffix('.html')}", f"{base}node/{p}") for p in NODE_PAGES
            if (root / "node" / p).is_file()]
    if whole_page:
        known = {name for name, _ in out}
        out += [(p.name, f"{base}{p.root}/{p.path}") for p in REAL_PAGES
                if p.name not in known and (root / p.root / p.path).is_file()]
        for size, path in write_pages(root / "generated", GENERATED).items():
            out.append((f"generated-{size // 1000}k", f"{base}generated/{path.name}"))
    return out


def read(browser: Browser, source: str) -> dict[str, Any]:
    started = time.perf_counter()
    reply = browser.snapshot_raw(exact=True, format="domtext", viewport_only=False,
                                 dom_source=source, **NO_WAIT)
    ms = (time.perf_counter() - started) * 1000
    steps = reply["timings"].get("capture_steps") or {}
    result = reply["result"]
    return {"ms": ms, "capture_ms": reply["timings"].get("capture_ms"),
            "dom_snapshot_ms": steps.get("dom_snapshot_ms"),
            "take_ms": steps.get("walker_ids_take_ms"),
            "listeners_ms": steps.get("walker_ids_listeners_ms"),
            "resolved": steps.get("walker_ids_resolved"),
            "lines": result["domtext"].splitlines(),
            "ids": [f"{e['frame']}-{e['backendNodeId']}" for e in result["elements"]],
            "elements": result["elements"],
            "errors": [e.get("step") for e in reply["timings"].get("errors") or []]}


def kind(a: str, b: str) -> str:
    """What differs between two lines of DOM text."""
    if a.startswith("[Scroll") or b.startswith("[Scroll"):
        return "scroll line"
    if a.split(">", 1)[0] != b.split(">", 1)[0]:
        return "element listed differently (index or tag)"
    return "attributes or text of one element"


def compare(name: str, a: dict[str, Any], b: dict[str, Any], kinds: Counter[str],
            examples: dict[str, str]) -> tuple[int, int]:
    """(identical lines, lines) of the snapshot read's text against the walk's."""
    same = 0
    matcher = difflib.SequenceMatcher(a=a["lines"], b=b["lines"], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            same += i2 - i1
            continue
        if op == "replace":
            for x, y in zip(a["lines"][i1:i2], b["lines"][j1:j2], strict=False):
                k = kind(x, y)
                kinds[k] += 1
                examples.setdefault(k, f"{name}: `{x[:90]}` / `{y[:90]}`")
            extra = abs((i2 - i1) - (j2 - j1))
        else:
            extra = max(i2 - i1, j2 - j1)
        if extra:
            k = "line only in the snapshot read" if op == "delete" or i2 - i1 > j2 - j1 \
                else "line only in the walk's read"
            kinds[k] += extra
            line = (a["lines"][i1:i2] or b["lines"][j1:j2])[-1]
            examples.setdefault(k, f"{name}: `{line[:90]}`")
    return same, len(a["lines"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--whole-page", action="store_true")
    parser.add_argument("--only", nargs="*", help="only these page names")
    parser.add_argument("--out", default="dom_source_walk")
    args = parser.parse_args()
    load = [os.getloadavg()]
    rows: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            for name, url in pages(base, root, args.whole_page):
                if args.only and name not in args.only:
                    continue
                browser.open(url)
                got: dict[str, list[dict[str, Any]]] = {s: [] for s in SOURCES}
                try:
                    for i in range(args.runs):
                        for source in (SOURCES if i % 2 == 0 else SOURCES[::-1]):
                            got[source].append(read(browser, source))
                except Exception as exc:  # listed, the run goes on
                    log(f"{name}: {type(exc).__name__}: {exc}"[:300])
                    rows.append({"page": name, "error": f"{type(exc).__name__}: {exc}"[:200]})
                    continue
                a, b = got["snapshot"][-1], got["walk"][-1]
                same, total = compare(name, a, b, kinds, examples)
                row = {"page": name, "lines": total, "same": same,
                       "ids_same": a["ids"] == b["ids"], "listed": len(a["ids"]),
                       # ids the walk has where the join has none (cross-site frames)
                       "ids_more": sum(1 for x, y in zip(a["ids"], b["ids"], strict=False)
                                       if x != y and x.endswith("-None")),
                       "ids_diff": sum(1 for x, y in zip(a["ids"], b["ids"], strict=False)
                                       if x != y) + abs(len(a["ids"]) - len(b["ids"])),
                       "elements_same": sum(1 for x, y in zip(a["elements"], b["elements"],
                                                               strict=False) if x == y),
                       "resolved": b["resolved"], "errors": sorted(set(b["errors"]))}
                for source in SOURCES:
                    for key in ("ms", "capture_ms", "dom_snapshot_ms", "take_ms",
                                "listeners_ms"):
                        values = [r[key] for r in got[source] if r[key] is not None]
                        row[f"{source}_{key}"] = statistics.median(values) if values else None
                rows.append(row)
                log(f"{name:<28} lines {same}/{total} ids {'same' if row['ids_same'] else 'DIFFER'}"
                    f" read {row['snapshot_ms']:.0f} -> {row['walk_ms']:.0f} ms")
    load.append(os.getloadavg())
    out = BENCH / "results" / f"{args.out}.md"
    out.write_text(render(rows, kinds, examples, load, args), encoding="utf-8")
    log(f"wrote {out}")
    return 0


def ids_cell(r: dict[str, Any]) -> str:
    if r["ids_same"]:
        return "same"
    if r["ids_more"] and r["ids_more"] == r["ids_diff"]:
        return f"same, {r['ids_more']} more (the join has none)"
    return "differ"


def _f(value: Any) -> str:
    return "–" if value is None else f"{value:.0f}"


def render(rows: list[dict[str, Any]], kinds: Counter[str], examples: dict[str, str],
           load: list[tuple[float, float, float]], args: argparse.Namespace) -> str:
    ok = [r for r in rows if "error" not in r]
    lines = sum(r["lines"] for r in ok)
    same = sum(r["same"] for r in ok)
    ids = sum(1 for r in ok if r["ids_same"] or r["ids_more"] == r["ids_diff"])
    listed = sum(r["listed"] for r in ok)
    records = sum(r["elements_same"] for r in ok)
    flags = (" --whole-page" if args.whole_page else "") + (
        f" --only {' '.join(args.only)}" if args.only else "") + (
        f" --out {args.out}" if args.out != "dom_source_walk" else "")
    out = [
        "# Whole-page DOM text from the walk alone against the DOMSnapshot join",
        "",
        f"    nice .venv/bin/python bench/bench_dom_source_walk.py{flags} --runs {args.runs}",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, load (1/5/15 min) "
        f"{' '.join(f'{x:.1f}' for x in load[0])} → {' '.join(f'{x:.1f}' for x in load[-1])};"
        f" exact reads `format=\"domtext\", viewport_only=False`, `dom_source` \"snapshot\" and"
        f" \"walk\" by turns in one tab, {args.runs} of each a page (medians).",
        "",
        f"**{len(ok)} pages: {same:,} of {lines:,} DOM text lines identical "
        f"({100 * same / max(lines, 1):.2f} %); the listed elements' ids identical on "
        f"{ids} of {len(ok)} pages (or more ids: cross-site frames); {records:,} of "
        f"{listed:,} element records (format `elements`: every field, reasons included) "
        "identical.**",
        "",
        "## Every difference, by kind",
        "",
        "| kind | lines | example (snapshot / walk) |",
        "|---|--:|---|",
        *[f"| {k} | {n} | {examples.get(k, '')} |" for k, n in kinds.most_common()],
        *([] if kinds else ["| (none) | 0 | |"]),
        "",
        "## Per page",
        "",
        "| page | lines identical | ids | records identical / listed | ids taken (walk) "
        "| read ms snapshot → walk | capture ms | DOMSnapshot ms | walk: take ms / listeners ms "
        "| walk errors |",
        "|---|--:|---|--:|--:|--:|--:|--:|--:|---|",
    ]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['page']} | {r['error']} | | | | | | | | |")
            continue
        out.append(
            f"| {r['page']} | {r['same']}/{r['lines']} | {ids_cell(r)}"
            f" | {r['elements_same']}/{r['listed']} | {r['resolved']}"
            f" | {_f(r['snapshot_ms'])} → {_f(r['walk_ms'])}"
            f" | {_f(r['snapshot_capture_ms'])} → {_f(r['walk_capture_ms'])}"
            f" | {_f(r['snapshot_dom_snapshot_ms'])} | {_f(r['walk_take_ms'])} / "
            f"{_f(r['walk_listeners_ms'])} | {', '.join(r['errors'])} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
