"""SnapshotV1 of the whole page from the walk against the one from Chromium's AX tree (issue 33).

For every page (the corpus, the Node.js API pages; ``--whole-page`` adds the whole-page
bench's real and generated pages), in one tab, exact reads ``format="snapshot",
scope="page"`` with ``ax_source="chromium"`` and ``ax_source="walk"`` by turns (who goes
first alternates), ``--runs`` of each. Compared, node by node in pre-order: the node as the
spec prints it without its id (depth, role, name, value, state). On the nodes identical so:
the ids of elements (the walk gives a node Chromium's ``{frame}-{backendNodeId}`` when its
element got one, else the walk's ``{frame}-axw{w}``: design note 64), the boxes (within
1 px), ``isVisible`` and ``isClickable``. Every difference is listed by kind. Timed: the read.

``--resolve N``: on each page, up to N of the identical nodes that have the walk's own id
(``axw``: headings, paragraphs, text runs) where Chromium's has an element id are looked up
by that id on the live page (``resolve``, the lookup ``act`` makes): the node found must be
the one Chromium's id names (the same frame and backendNodeId).

    nice .venv/bin/python bench/bench_snapshot_walk.py                 # corpus + node docs
    nice .venv/bin/python bench/bench_snapshot_walk.py --whole-page    # + bench_whole_page's

Writes bench/results/snapshot_walk.md (``--out``).
"""

from __future__ import annotations

import argparse
import difflib
import json
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
from axsnap_host.models.snapshot import node_records  # noqa: E402

NO_WAIT = {"stabilize": {"enabled": False}}
SOURCES = ("chromium", "walk")
PROPS = ("bbox", "isVisible", "isClickable", "id")
ELEMENT_ID = re.compile(r"^(\d+)-(\d+)$")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def key(record: dict[str, Any]) -> tuple[Any, ...]:
    """A node as the spec prints it, its id and layout aside."""
    return (record["depth"], record["role"], record["name"], record.get("value"),
            json.dumps(record["state"], sort_keys=True))


def read(browser: Browser, source: str) -> dict[str, Any]:
    started = time.perf_counter()
    reply = browser.snapshot_raw(exact=True, format="snapshot", scope="page", ax_source=source,
                                 **NO_WAIT)
    ms = (time.perf_counter() - started) * 1000
    records = node_records(reply["result"]["snapshot"])
    return {"ms": ms, "capture_ms": reply["timings"].get("capture_ms"),
            "records": records, "keys": [key(r) for r in records],
            "errors": [e.get("step") for e in reply["timings"].get("errors") or []]}


def kind(a: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    """What differs between two nodes (ids and layout aside)."""
    if a[0] != b[0]:
        return "depth"
    if a[1] != b[1]:
        return "role"
    if a[2] != b[2]:
        return "name"
    if a[3] != b[3]:
        return "value"
    sa, sb = json.loads(a[4]), json.loads(b[4])
    keys = sorted(k for k in set(sa) | set(sb) if sa.get(k) != sb.get(k))
    return f"state: {', '.join(keys)}"


def _box_same(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is b
    return all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))


def prop_differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The kinds of layout and id differences of two nodes identical otherwise."""
    out = []
    if not _box_same(a.get("bbox"), b.get("bbox")):
        if b.get("bbox") is None:
            out.append(f"bbox: none in the walk's ({a['role']})")
        elif a.get("bbox") is None:
            out.append(f"bbox: none in Chromium's ({a['role']})")
        else:
            out.append(f"bbox: differs ({a['role']})")
    if a.get("isVisible", True) != b.get("isVisible", True):
        out.append(f"isVisible: {a.get('isVisible', True)} / {b.get('isVisible', True)}")
    if bool(a.get("isClickable")) != bool(b.get("isClickable")):
        out.append(f"isClickable: {bool(a.get('isClickable'))} / {bool(b.get('isClickable'))}")
    if "-ax" not in b["id"] and a["id"] != b["id"]:
        out.append("id: an element's id differs")
    return out


def compare(name: str, a: dict[str, Any], b: dict[str, Any], kinds: Counter[str],
            props: Counter[str], examples: dict[str, list[str]],
            dump: list[dict[str, Any]] | None = None) -> dict[str, int]:
    counts = Counter({"nodes": len(a["keys"]), "walk_nodes": len(b["keys"])})
    matcher = difflib.SequenceMatcher(a=a["keys"], b=b["keys"], autojunk=False)

    def note(to: Counter[str], k: str, text: str) -> None:
        to[k] += 1
        if len(examples.setdefault(k, [])) < 3:
            examples[k].append(f"{name}: {text}")

    def show(node: tuple[Any, ...]) -> str:
        state = "" if node[4] == "{}" else f" {node[4]}"
        value = "" if node[3] is None else f" = {node[3]!r}"
        return f"`{node[1]}: {str(node[2])[:60]}{value[:30]}{state[:60]}`"

    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            counts["same"] += i2 - i1
            for x, y in zip(a["records"][i1:i2], b["records"][j1:j2], strict=True):
                if "-ax" not in y["id"]:
                    counts["ids_both"] += 1
                    counts["ids_same"] += x["id"] == y["id"]
                found = prop_differences(x, y)
                counts["all_same"] += not found
                for k in found:
                    note(props, k, f"{show(key(x))} {x.get('bbox')} / {y.get('bbox')}")
            continue
        pairs = list(zip(a["keys"][i1:i2], b["keys"][j1:j2], strict=False)) \
            if op == "replace" else []
        for x, y in pairs:
            note(kinds, kind(x, y), f"{show(x)} / {show(y)}")
        for x in a["keys"][i1 + len(pairs):i2]:
            note(kinds, "node only in Chromium's", show(x))
        for y in b["keys"][j1 + len(pairs):j2]:
            note(kinds, "node only in the walk's", show(y))
        if dump is not None:  # every difference in full, with the nodes before it
            dump.append({"page": name, "before": a["keys"][max(i1 - 3, 0):i1],
                         "chromium": a["keys"][i1:i2], "walk": b["keys"][j1:j2]})
    return dict(counts)


def walk_ids_resolve(browser: Browser, a: dict[str, Any], b: dict[str, Any],
                     most: int) -> dict[str, int]:
    """Up to ``most`` identical nodes with the walk's own id and Chromium's element id,
    spread over the page, looked up by the walk's id: found, and found as Chromium's node."""
    matcher = difflib.SequenceMatcher(a=a["keys"], b=b["keys"], autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            continue
        for x, y in zip(a["records"][i1:i2], b["records"][j1:j2], strict=True):
            if "-axw" in y["id"] and ELEMENT_ID.match(x["id"]):
                pairs.append((x["id"], y["id"]))
    step = max(len(pairs) / most, 1) if most else 1
    picked = [pairs[int(i * step)] for i in range(min(most, len(pairs)))]
    out = Counter({"walk_ids": len(pairs), "resolve_asked": len(picked)})
    for theirs, ours in picked:
        try:
            found = browser.resolve(ours)
        except Exception as exc:  # a stale id, listed by its code
            out[f"resolve_failed: {getattr(exc, 'code', type(exc).__name__)}"] += 1
            continue
        match = ELEMENT_ID.match(theirs)
        assert match is not None
        out["resolve_found"] += 1
        out["resolve_same"] += (found.get("frameOrdinal"), found.get("backendNodeId")) == (
            int(match.group(1)), int(match.group(2)))
    return dict(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--whole-page", action="store_true")
    parser.add_argument("--only", nargs="*", help="only these page names")
    parser.add_argument("--out", default="snapshot_walk")
    parser.add_argument("--dump", help="write every difference in full to this JSON file")
    parser.add_argument("--resolve", type=int, default=0,
                        help="look up this many walk ids a page (see the docstring)")
    args = parser.parse_args()
    load = [os.getloadavg()]
    rows: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    props: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    dump: list[dict[str, Any]] | None = [] if args.dump else None
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
                row: dict[str, Any] = {"page": name, "errors": sorted(set(b["errors"])),
                                       **compare(name, a, b, kinds, props, examples, dump)}
                if args.resolve:  # the walk read last (runs alternate: an odd count)
                    if args.runs % 2 == 0:
                        got["walk"].append(read(browser, "walk"))
                    row.update(walk_ids_resolve(browser, a, got["walk"][-1], args.resolve))
                for source in SOURCES:
                    row[f"{source}_ms"] = statistics.median(r["ms"] for r in got[source])
                rows.append(row)
                log(f"{name:<28} nodes {row.get('same', 0)}/{row['nodes']} "
                    f"ids {row.get('ids_same', 0)}/{row.get('ids_both', 0)} "
                    f"read {row['chromium_ms']:.0f} -> {row['walk_ms']:.0f} ms")
    load.append(os.getloadavg())
    out = BENCH / "results" / f"{args.out}.md"
    out.write_text(render(rows, kinds, props, examples, load, args), encoding="utf-8")
    log(f"wrote {out}")
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump, ensure_ascii=False, indent=1), "utf-8")
    return 0


def resolved(ok: list[dict[str, Any]], args: argparse.Namespace) -> list[str]:
    """The --resolve paragraph: walk ids looked up on the live page."""
    if not args.resolve:
        return []

    def total(k: str) -> int:
        return sum(r.get(k, 0) for r in ok)

    failed: Counter[str] = Counter()
    for r in ok:
        for k, v in r.items():
            if k.startswith("resolve_failed"):
                failed[k.split(": ", 1)[1]] += v
    return [
        f"**Walk ids (design note 64): {total('walk_ids'):,} identical nodes have the walk's "
        "own id where Chromium's has an element id; of "
        f"{total('resolve_asked'):,} looked up on the live page (up to {args.resolve} a page), "
        f"{total('resolve_found'):,} found, {total('resolve_same'):,} as the very node "
        "Chromium's id names" + (f"; failed: {dict(failed)}" if failed else "") + ".**",
        "",
    ]


def render(rows: list[dict[str, Any]], kinds: Counter[str], props: Counter[str],
           examples: dict[str, list[str]], load: list[tuple[float, float, float]],
           args: argparse.Namespace) -> str:
    ok = [r for r in rows if "error" not in r]

    def total(k: str) -> int:
        return sum(r.get(k, 0) for r in ok)

    nodes, same, all_same = total("nodes"), total("same"), total("all_same")
    faster = sum(1 for r in ok if r["walk_ms"] < r["chromium_ms"])
    ratios = [r["walk_ms"] / r["chromium_ms"] for r in ok if r["chromium_ms"]]
    flags = (" --whole-page" if args.whole_page else "") + (
        f" --only {' '.join(args.only)}" if args.only else "") + (
        f" --out {args.out}" if args.out != "snapshot_walk" else "") + (
        f" --resolve {args.resolve}" if args.resolve else "")
    out = [
        "# SnapshotV1 of the whole page from the walk against Chromium's AX tree",
        "",
        f"    nice .venv/bin/python bench/bench_snapshot_walk.py{flags} --runs {args.runs}",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, load (1/5/15 min) "
        f"{' '.join(f'{x:.1f}' for x in load[0])} → {' '.join(f'{x:.1f}' for x in load[-1])};"
        " exact reads `format=\"snapshot\", scope=\"page\"`, `ax_source` \"chromium\" and "
        f"\"walk\" by turns in one tab, {args.runs} of each a page (medians). A node is "
        "compared as the spec prints it without its id: depth, role, name, value, state.",
        "",
        f"**{len(ok)} pages: {same:,} of {nodes:,} SnapshotV1 nodes identical "
        f"({100 * same / max(nodes, 1):.2f} %); of those, {all_same:,} "
        f"({100 * all_same / max(same, 1):.2f} %) also have the same box (±1 px), "
        f"visibility, clickability and element id; element ids equal on "
        f"{total('ids_same'):,} of {total('ids_both'):,}. The walk's read faster on "
        f"{faster} of {len(ok)} pages (median walk/Chromium "
        f"{statistics.median(ratios) if ratios else 0:.2f}).**",
        "",
        *resolved(ok, args),
        "## Nodes that differ, by kind",
        "",
        "| kind | nodes | examples (Chromium's / the walk's) |",
        "|---|--:|---|",
        *[f"| {k} | {n} | {'<br>'.join(examples.get(k, []))} |" for k, n in kinds.most_common()],
        *([] if kinds else ["| (none) | 0 | |"]),
        "",
        "## On the identical nodes: layout and ids that differ, by kind",
        "",
        "| kind | nodes | examples (node, Chromium's box / the walk's) |",
        "|---|--:|---|",
        *[f"| {k} | {n} | {'<br>'.join(examples.get(k, []))} |" for k, n in props.most_common()],
        *([] if props else ["| (none) | 0 | |"]),
        "",
        "## Per page",
        "",
        "| page | nodes identical / Chromium's (walk's) | and layout too | element ids equal "
        "/ both | read ms Chromium → walk | walk errors |",
        "|---|--:|--:|--:|--:|---|",
    ]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['page']} | {r['error']} | | | | |")
            continue
        out.append(
            f"| {r['page']} | {r.get('same', 0)}/{r['nodes']} ({r['walk_nodes']})"
            f" | {r.get('all_same', 0)} | {r.get('ids_same', 0)}/{r.get('ids_both', 0)}"
            f" | {r['chromium_ms']:.0f} → {r['walk_ms']:.0f} | {', '.join(r['errors'])} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
