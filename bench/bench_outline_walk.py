"""The whole-page outline from the walk against the one from Chromium's AX tree (issue 33).

For every page (the corpus, the Node.js API pages; ``--whole-page`` adds the whole-page
bench's real and generated pages), in one tab, exact reads ``format="outline",
scope="page"`` with ``ax_source="chromium"`` and ``ax_source="walk"`` by turns (who goes
first alternates), ``--runs`` of each. Compared: the outline's lines without their ``[id]``
(the walk prints ids only on lines whose element got one: design note 42), each difference
listed by kind, and the ids of the lines both print one for. Timed: the read and its capture.

    nice .venv/bin/python bench/bench_outline_walk.py                 # corpus + node docs
    nice .venv/bin/python bench/bench_outline_walk.py --whole-page    # + bench_whole_page's

Writes bench/results/outline_walk.md (``--out``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_dom_source_walk import pages  # noqa: E402
from bench_whole_page import ROOTS  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

NO_WAIT = {"stabilize": {"enabled": False}}
SOURCES = ("chromium", "walk")
_ID = re.compile(r"^(\s*)\[(\d+-(?:ax)?-?\d+)\] ")
_ROLE = re.compile(r"^\s*([^:]*)")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def split_line(line: str) -> tuple[str, str | None]:
    """(the line without its id, the id or None)."""
    m = _ID.match(line)
    if not m:
        return line, None
    return m.group(1) + line[m.end():], m.group(2)


def read(browser: Browser, source: str) -> dict[str, Any]:
    started = time.perf_counter()
    reply = browser.snapshot_raw(exact=True, format="outline", scope="page", ax_source=source,
                                 **NO_WAIT)
    ms = (time.perf_counter() - started) * 1000
    steps = reply["timings"].get("capture_steps") or {}
    parts = [split_line(x) for x in reply["result"]["combinedTree"].splitlines()]
    return {"ms": ms, "capture_ms": reply["timings"].get("capture_ms"),
            "ax_ms": steps.get("ax_ms"), "ax_walk_ms": steps.get("ax_walk_ms"),
            "lines": [p[0] for p in parts], "ids": [p[1] for p in parts],
            "errors": [e.get("step") for e in reply["timings"].get("errors") or []]}


COVERED = "covered state only (the walk's hit test / Chromium's paint order)"
_COVER = re.compile(r"covered(=[^,]*)?, ")


def uncovered(line: str) -> str:
    """The line without its ``covered`` state."""
    return _COVER.sub("", line)


def kind(a: str, b: str) -> str:
    """What differs between two outline lines (ids left out)."""
    if uncovered(a) == uncovered(b):
        return COVERED
    if len(a) - len(a.lstrip()) != len(b) - len(b.lstrip()):
        return "depth"
    ra, rb = _ROLE.match(a), _ROLE.match(b)
    if ra and rb and ra.group(1) != rb.group(1):
        return "role (or its decoration)"
    return "name or value"


def compare(name: str, a: dict[str, Any], b: dict[str, Any], kinds: Counter[str],
            examples: dict[str, list[str]]) -> tuple[int, int, int, int]:
    """(identical lines, lines of Chromium's, ids equal, ids both print) of two reads."""
    same = ids_same = ids_both = 0
    matcher = difflib.SequenceMatcher(a=a["lines"], b=b["lines"], autojunk=False)

    def note(k: str, text: str) -> None:
        kinds[k] += 1
        if len(examples.setdefault(k, [])) < 4:
            examples[k].append(f"{name}: {text}")

    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            same += i2 - i1
            for x, y in zip(a["ids"][i1:i2], b["ids"][j1:j2], strict=True):
                if x is not None and y is not None:
                    ids_both += 1
                    ids_same += x == y
            continue
        pairs = list(zip(a["lines"][i1:i2], b["lines"][j1:j2], strict=False)) \
            if op == "replace" else []
        for x, y in pairs:
            note(kind(x, y), f"`{x.strip()[:80]}` / `{y.strip()[:80]}`")
        for x in a["lines"][i1 + len(pairs):i2]:
            note("line only in Chromium's", f"`{x.strip()[:90]}`")
        for y in b["lines"][j1 + len(pairs):j2]:
            note("line only in the walk's", f"`{y.strip()[:90]}`")
    return same, len(a["lines"]), ids_same, ids_both


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--whole-page", action="store_true")
    parser.add_argument("--only", nargs="*", help="only these page names")
    parser.add_argument("--out", default="outline_walk")
    args = parser.parse_args()
    load = [os.getloadavg()]
    rows: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
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
                a, b = got["chromium"][-1], got["walk"][-1]
                same, total, ids_same, ids_both = compare(name, a, b, kinds, examples)
                row: dict[str, Any] = {
                    "page": name, "lines": total, "walk_lines": len(b["lines"]), "same": same,
                    "ids_same": ids_same, "ids_both": ids_both,
                    "walk_ids": sum(1 for x in b["ids"] if x is not None),
                    "errors": sorted(set(b["errors"]))}
                for source in SOURCES:
                    for key in ("ms", "capture_ms", "ax_ms", "ax_walk_ms"):
                        values = [r[key] for r in got[source] if r[key] is not None]
                        row[f"{source}_{key}"] = statistics.median(values) if values else None
                rows.append(row)
                log(f"{name:<28} lines {same}/{total} ids {ids_same}/{ids_both}"
                    f" read {row['chromium_ms']:.0f} -> {row['walk_ms']:.0f} ms")
    load.append(os.getloadavg())
    out = BENCH / "results" / f"{args.out}.md"
    out.write_text(render(rows, kinds, examples, load, args), encoding="utf-8")
    log(f"wrote {out}")
    return 0


def _f(value: Any) -> str:
    return "–" if value is None else f"{value:.0f}"


def render(rows: list[dict[str, Any]], kinds: Counter[str], examples: dict[str, list[str]],
           load: list[tuple[float, float, float]], args: argparse.Namespace) -> str:
    ok = [r for r in rows if "error" not in r]
    lines = sum(r["lines"] for r in ok)
    same = sum(r["same"] for r in ok)
    ids_same = sum(r["ids_same"] for r in ok)
    ids_both = sum(r["ids_both"] for r in ok)
    faster = sum(1 for r in ok if r["walk_ms"] < r["chromium_ms"])
    ratios = [r["walk_ms"] / r["chromium_ms"] for r in ok if r["chromium_ms"]]
    flags = (" --whole-page" if args.whole_page else "") + (
        f" --only {' '.join(args.only)}" if args.only else "") + (
        f" --out {args.out}" if args.out != "outline_walk" else "")
    out = [
        "# The whole-page outline from the walk against Chromium's AX tree",
        "",
        f"    nice .venv/bin/python bench/bench_outline_walk.py{flags} --runs {args.runs}",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, load (1/5/15 min) "
        f"{' '.join(f'{x:.1f}' for x in load[0])} → {' '.join(f'{x:.1f}' for x in load[-1])};"
        " exact reads `format=\"outline\", scope=\"page\"`, `ax_source` \"chromium\" and "
        f"\"walk\" by turns in one tab, {args.runs} of each a page (medians). Lines are "
        "compared without their `[id]`: the walk prints ids only where its element got one.",
        "",
        f"**{len(ok)} pages: {same:,} of {lines:,} outline lines identical "
        f"({100 * same / max(lines, 1):.2f} %), {same + kinds[COVERED]:,} "
        f"({100 * (same + kinds[COVERED]) / max(lines, 1):.2f} %) but for the `covered` "
        "state; on the identical lines both print an id for, "
        f"{ids_same:,} of {ids_both:,} ids equal. The walk's read faster on {faster} of "
        f"{len(ok)} pages (median walk/Chromium "
        f"{statistics.median(ratios) if ratios else 0:.2f}).**",
        "",
        "## Every difference, by kind",
        "",
        "| kind | lines | examples (Chromium's / the walk's) |",
        "|---|--:|---|",
        *[f"| {k} | {n} | {'<br>'.join(examples.get(k, []))} |" for k, n in kinds.most_common()],
        *([] if kinds else ["| (none) | 0 | |"]),
        "",
        "## Per page",
        "",
        "| page | lines identical / Chromium's (walk's) | ids equal / both | ids printed (walk) "
        "| read ms Chromium → walk | capture ms | AX tree ms / AX walk ms | walk errors |",
        "|---|--:|--:|--:|--:|--:|--:|---|",
    ]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['page']} | {r['error']} | | | | | | |")
            continue
        out.append(
            f"| {r['page']} | {r['same']}/{r['lines']} ({r['walk_lines']})"
            f" | {r['ids_same']}/{r['ids_both']} | {r['walk_ids']}"
            f" | {_f(r['chromium_ms'])} → {_f(r['walk_ms'])}"
            f" | {_f(r['chromium_capture_ms'])} → {_f(r['walk_capture_ms'])}"
            f" | {_f(r['chromium_ax_ms'])} / {_f(r['walk_ax_walk_ms'])}"
            f" | {', '.join(r['errors'])} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
