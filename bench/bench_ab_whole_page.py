"""Two builds of the extension, whole-page DOM text read by turns: each read's steps.

Two browsers at once, one per extension folder (the host is this checkout's), open the same
whole-page bench pages (bench_whole_page.py's names, generated-20k/100k) and read them
``viewport_only=False`` with ``exact`` by turns (who goes first alternates), ``--runs``
reads each. It prints, per page and build, the medians of the read's total and of its steps:
the walker's injection and its walk, the ids take, the capture past its walk (``past_walk_ms``:
the walk's output to the worker, the ids take, the listeners, the layout), the DOMSnapshot,
the transfer and the host.

    git worktree add --detach /tmp/before <commit>   # and bootstrap it
    nice .venv/bin/python bench/bench_ab_whole_page.py --before /tmp/before/extension \\
        --after extension --pages node-fs generated-20k --runs 3

``--read JSON``: another whole-page read instead (its options over DOM text's, e.g. SnapshotV1
from the walk: ``--read '{"format": "snapshot", "scope": "page", "ax_source": "walk"}'``).

``--each``: each read's steps too, and the timeline marks of a build that stamps them
(``walker_ids_tl_*``: ``git apply bench/pick_timeline_stamps.patch`` in the ``--after`` build,
design note 266).

``--compare``: also checks that the two builds' replies are the same on each read (the DOM
text, and every listed element but its backendNodeId, which each browser numbers itself, and
that each has one); ``--corpus`` adds every page of bench/corpus (one read each is enough
there). A difference is printed and the exit status is 1.

``--compare-all``: the whole result of each read (a SnapshotV1's or outline's too) must be the
same JSON, but a read's own ids, time stamp, timings, sizes and measures, and with each node id and
frame id renamed by its rank of first appearance (each browser numbers the page's nodes and
names its frames its own way).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_whole_page import ROOTS  # noqa: E402
from profile_walker import page_urls  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

STEPS = ["total_ms", "capture_ms", "walker_inject_ms", "walker_walk_ms", "walker_ids_ms",
         "past_walk_ms", "dom_snapshot_ms", "transfer_ms", "host_ms", "walker_ids_early_parts",
         "walker_ids_rows", "walker_ids_take_ms", "walker_ids_listeners_ms",
         "walker_ids_listener_nodes_ms", "walker_ids_listener_nodes_resolved",
         "walker_ids_listener_nodes_hidden", "walker_carry_inject_ms", "walker_carry_json_ms",
         "walker_carry_trip_ms", "walker_carry_parse_ms", "walker_ids_pick_ms",
         "walker_ids_pick_listeners_ms", "walker_ids_pick_hidden_ms", "walker_ids_records_ms",
         "walker_ids_pick_clicks", "walker_ids_pick_hidden", "walker_ids_rows_ms",
         "walker_ids_custom_ms", "walker_ids_contexts_ms", "walker_ids_listed_taken",
         "walker_ids_listener_nodes", "walker_ids_listener_nodes_early"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="extension folder")
    parser.add_argument("--after", type=Path, required=True, help="extension folder")
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", action="store_true", help="the two builds' replies equal")
    parser.add_argument("--compare-all", action="store_true",
                        help="the whole results equal, every node numbered first")
    parser.add_argument("--corpus", action="store_true", help="also every bench/corpus page")
    parser.add_argument("--each", action="store_true", help="also print each read's steps")
    parser.add_argument("--read", type=json.loads, default={},
                        help="the read's options over DOM text's, as JSON (e.g. "
                        "'{\"format\": \"snapshot\", \"scope\": \"page\", "
                        "\"ax_source\": \"walk\"}')")
    args = parser.parse_args()
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with (serve_directory(root) as base,
              Browser(timeout_s=1800, extension_dir=args.before) as before,
              Browser(timeout_s=1800, extension_dir=args.after) as after):
            browsers = {"before": before, "after": after}
            urls = page_urls(base, args.pages, root)
            if args.corpus:
                urls += [(f"corpus-{p.parent.name}", f"{base}corpus/{p.parent.name}/index.html")
                         for p in sorted((BENCH / "corpus").glob("*/index.html"))]
            for name, url in urls:
                for browser in browsers.values():
                    browser.open(url)
                got: dict[str, dict[str, list[float]]] = {k: {s: [] for s in STEPS}
                                                          for k in browsers}
                keys = list(browsers)
                for i in range(args.runs):
                    replies: dict[str, dict[str, Any]] = {}
                    for key in keys if i % 2 == 0 else keys[::-1]:
                        reply = replies[key] = browsers[key].snapshot_raw(**{
                            "exact": True, "stabilize": {"enabled": False},
                            "format": "domtext", "viewport_only": False, **args.read})
                        timings = reply.get("timings") or {}
                        flat = {**timings, **(timings.get("capture_steps") or {})}
                        if isinstance(flat.get("capture_ms"), int | float) and isinstance(
                                flat.get("walker_walk_ms"), int | float):  # past its walk
                            flat["past_walk_ms"] = flat["capture_ms"] - flat["walker_walk_ms"]
                        for step in STEPS:
                            if isinstance(flat.get(step), int | float):
                                got[key][step].append(float(flat[step]))
                        if args.each:
                            steps = {s: flat[s] for s in STEPS
                                     if isinstance(flat.get(s), int | float)}
                            # a build's own timeline marks (walker_ids_tl_*_ms), when it has them
                            steps.update({s: v for s, v in flat.items()
                                          if s.startswith("walker_ids_tl_")})
                            print(f"{name} read {i} {key}: {json.dumps(steps)}", flush=True)
                    if args.compare_all and (why := whole_difference(replies["before"],
                                                                     replies["after"])):
                        differ += 1
                        print(f"{name} read {i}: DIFFERS: {why}", flush=True)
                    elif args.compare_all:
                        print(f"{name} read {i}: the same", flush=True)
                    if args.compare and (why := difference(replies["before"], replies["after"])):
                        differ += 1
                        print(f"{name} read {i}: DIFFERS: {why}", flush=True)
                medians = {k: {s: round(statistics.median(v)) for s, v in steps.items() if v}
                           for k, steps in got.items()}
                print(f"{name} (load {os.getloadavg()[0]:.1f}): {json.dumps(medians)}", flush=True)
    return 1 if differ else 0


def comparable(reply: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    result = reply["result"]
    elements = [{k: v for k, v in e.items() if k != "backendNodeId"}
                for e in result.get("elements") or []]
    return str(result.get("domtext")), elements


# a read's own: its ids and time stamp, its timings, the reply text's size (it counts the
# text of the snapshot, which holds those) and the request's (which holds its timings); and
# any measure (a key ending in _ms, _kb, _bytes: the host's memory peak, say); an outline's
# hash, a digest of its text as numbered (the text itself is compared renumbered)
_VARYING = frozenset({"trace_id", "snapshot_id", "ts", "timings", "size", "request_bytes",
                      "hash"})


# DOM text's counts of the walker's ids take (nodes and parts asked): how the read was
# taken, which a change to the take moves, not what it says of the page
_TAKE_STATS = ".stats.walker.ids"


def _first_difference(before: Any, after: Any, path: str) -> str:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys()):
            if (key in _VARYING or key.endswith(("_ms", "_kb", "_bytes"))
                    or f"{path}.{key}".endswith(_TAKE_STATS)):
                continue
            if key not in before or key not in after:
                return f"{path}.{key}: only {'after' if key in after else 'before'}"
            if (found := _first_difference(before[key], after[key], f"{path}.{key}")):
                return found
        return ""
    if isinstance(before, list) and isinstance(after, list):
        if len(before) != len(after):
            return f"{path}: {len(before)} items before, {len(after)} after"
        for k, (b, a) in enumerate(zip(before, after, strict=True)):
            if (found := _first_difference(b, a, f"{path}[{k}]")):
                return found
        return ""
    if before == after:
        return ""
    return f"{path}: {str(before)[:80]!r} before, {str(after)[:80]!r} after"


# a node id ({frame}-{backendNodeId}) wherever it is written: a node's, a child's, an outline
# line's; not a walk id ({frame}-axw{w}), which is compared as written
_NODE_ID = re.compile(r"(?<![\w.-])(\d+)-(\d+)(?![\w.-])")
# a CDP frame id or loader id: each browser's own token
_FRAME_ID = re.compile(r"\b[0-9A-F]{32}\b")
# a bare backendNodeId (an element of DOM text or elements, a frame's owner element):
# renamed by its rank as well
_BACKEND_ID = re.compile(r'(?:(?<="backendNodeId": )|(?<="ownerBackendNodeId": ))\d+')


def _renumbered(result: Any) -> Any:
    """``result`` with each node id (a bare backendNodeId too) and CDP frame id replaced
    by its rank of first appearance: two browsers number one page's nodes each its own way
    (the order a page's scripts and each build's reads first name them) and name frames by
    their own tokens, so equal results are equal up to that renaming."""
    rank: dict[str, str] = {}

    def name(found: re.Match[str]) -> str:
        return rank.setdefault(found[0], f"n{len(rank)}")

    text = _NODE_ID.sub(name, json.dumps(result, ensure_ascii=False))
    text = _BACKEND_ID.sub(lambda found: f'"{name(found)}"', text)
    return json.loads(_FRAME_ID.sub(name, text))


def whole_difference(before: dict[str, Any], after: dict[str, Any]) -> str:
    """Where two builds' whole results differ ('' when they do not): every field but a
    read's own (_VARYING), at any depth, node ids renumbered (_renumbered)."""
    return _first_difference(_renumbered(before.get("result")), _renumbered(after.get("result")),
                             "result")


def difference(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What differs between two builds' replies to one read ('' when nothing does)."""
    (text_b, els_b), (text_a, els_a) = comparable(before), comparable(after)
    if text_b != text_a:
        return "the DOM text"
    if len(els_b) != len(els_a):
        return f"{len(els_b)} elements before, {len(els_a)} after"
    for k, (b, a) in enumerate(zip(els_b, els_a, strict=True)):
        if b != a:
            keys = sorted(key for key in b.keys() | a.keys() if b.get(key) != a.get(key))
            return f"element {k}: {keys}"
    ids = [[e.get("backendNodeId") is None for e in r["result"].get("elements") or []]
           for r in (before, after)]
    return "" if ids[0] == ids[1] else "which elements have a backendNodeId"


if __name__ == "__main__":
    sys.exit(main())
