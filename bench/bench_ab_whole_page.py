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

``--compare``: also checks that the two builds' replies are the same on each read (the DOM
text, and every listed element but its backendNodeId, which each browser numbers itself, and
that each has one); ``--corpus`` adds every page of bench/corpus (one read each is enough
there). A difference is printed and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import os
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
         "past_walk_ms", "dom_snapshot_ms", "transfer_ms", "host_ms", "walker_ids_early_parts"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="extension folder")
    parser.add_argument("--after", type=Path, required=True, help="extension folder")
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", action="store_true", help="the two builds' replies equal")
    parser.add_argument("--corpus", action="store_true", help="also every bench/corpus page")
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
