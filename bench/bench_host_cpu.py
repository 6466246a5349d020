"""The host's CPU time on a whole-page read, step by step, replayed from a recording.

    # record (bench/bench_host_memory.py): DOM text, SnapshotV1 and outline from the walk,
    # and all three from one walk, each read's frames saved
    nice .venv/bin/python bench/bench_host_memory.py record --modes cpu --size 100000 \\
        --out /tmp/rec100k
    # cut a recording into one file per read (READ.jsonl beside it: dom, snap, outline, all)
    nice .venv/bin/python bench/bench_host_cpu.py split /tmp/rec100k/<pid>.jsonl
    # replay each read RUNS times through a fresh Host (after one untimed read: imports)
    nice .venv/bin/python bench/bench_host_cpu.py steps /tmp/rec100k/dom.jsonl --runs 3

``steps`` prints, per read, the median over the runs of the process's CPU time
(``time.process_time``: what the host spends, whatever the machine's load) in the whole
read (the frame's parse to the reply's frames written to /dev/null) and in each named step
(inclusive: a step inside another counts in both). The steps are the host's functions,
wrapped for the replay only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

READS = ("dom", "snap", "outline", "all")  # bench_host_memory.py CPU_MODES, in their order
# step name → (module, attribute) of each place the function is called through
STEPS: dict[str, list[tuple[str, str]]] = {
    "parse (json)": [("axsnap_host.native.host", "decode_json")],
    "capture shape check": [("axsnap_host.models.capture", "check_walker"),
                            ("axsnap_host.models.capture", "share_record_values"),
                            ("axsnap_host.models.capture", "share_record_strings")],  # (old)
    "walker join": [("axsnap_host.pipeline.dom.walker_merge", "join")],
    "DOM text: build": [("axsnap_host.pipeline.run", "build_dom_result")],
    "DOM text: selectors": [("axsnap_host.pipeline.dom.elements", "_selector")],
    "DOM text: select": [("axsnap_host.pipeline.dom.elements", "select_interactive"),
                         ("axsnap_host.pipeline.dom.elements", "fold_labels"),
                         ("axsnap_host.pipeline.dom.elements", "drop_named_labels")],
    "DOM text: render": [("axsnap_host.pipeline.dom.elements", "render_domtext"),
                         ("axsnap_host.pipeline.dom.elements", "render_elements")],
    "secret fields": [("axsnap_host.pipeline.dom.elements", "secret_fields"),
                      ("axsnap_host.pipeline.outline.build", "secret_fields"),
                      ("axsnap_host.pipeline.ax.build", "secret_fields")],
    "DOM text: finish (hash, delta)": [("axsnap_host.pipeline.delta.reply", "finish_dom")],
    "  hash (canonical JSON)": [("axsnap_host.pipeline.delta.reply", "snapshot_hash")],
    "  token count (size)": [("axsnap_host.pipeline.delta.reply", "size_of")],
    "outline: build": [("axsnap_host.pipeline.outline.build", "build_outline")],
    "walk tree": [("axsnap_host.pipeline.outline.build", "walk_tree"),
                  ("axsnap_host.pipeline.axwalk.rows", "walk_tree")],
    "fill missing values": [("axsnap_host.pipeline.outline.build", "fill_missing_values"),
                            ("axsnap_host.pipeline.ax.build", "fill_missing_values")],
    "redact tree": [("axsnap_host.pipeline.outline.build", "redact_tree"),
                    ("axsnap_host.pipeline.ax.build", "redact_tree")],
    "outline: node urls": [("axsnap_host.pipeline.outline.build", "node_url")],
    "outline: lines": [("axsnap_host.pipeline.outline.build", "build_lines")],
    "outline: finish (hash, delta)": [("axsnap_host.pipeline.delta.reply", "finish_outline")],
    "SnapshotV1: build": [("axsnap_host.pipeline.run", "build_snapshot_v1")],
    "  window index (dom facts)": [("axsnap_host.pipeline.ax.build", "dom_facts"),
                                   ("axsnap_host.pipeline.outline.build", "dom_facts")],
    "  element facts on nodes": [("axsnap_host.pipeline.ax.merge", "apply_element_facts")],
    "  prune": [("axsnap_host.pipeline.ax.build", "prune"),
                ("axsnap_host.pipeline.outline.build", "prune")],
    "  pointer rows, covered, clickable": [
        ("axsnap_host.pipeline.ax.build", "pointer_row_ids"),
        ("axsnap_host.pipeline.ax.build", "pointer_rows_in_tree"),
        ("axsnap_host.pipeline.ax.build", "mark_covered"),
        ("axsnap_host.pipeline.ax.build", "clickable_ids"),
        ("axsnap_host.pipeline.ax.build", "tab_stop_ids"),
        ("axsnap_host.pipeline.outline.build", "pointer_row_ids"),
        ("axsnap_host.pipeline.outline.build", "mark_covered"),
        ("axsnap_host.pipeline.outline.build", "clickable_ids"),
        ("axsnap_host.pipeline.outline.build", "tab_stop_ids")],
    "  SnapshotV1 rows": [("axsnap_host.pipeline.ax.build", "build_snapshot")],
    "  node objects": [("axsnap_host.pipeline.ax.build", "as_node_objects")],
    "  outline shape": [("axsnap_host.pipeline.outline.build", "shape_lines")],
    "SnapshotV1: json + size": [("axsnap_host.pipeline.run", "snapshot_json"),
                                ("axsnap_host.pipeline.run", "size_of")],
    "  SnapshotV1 size (token count)": [("axsnap_host.pipeline.run", "size_of_parts")],
    "  interest (share_interest)": [("axsnap_host.pipeline.ax.build", "share_interest"),
                                    ("axsnap_host.pipeline.outline.build", "share_interest")],
    "cap strings": [("axsnap_host.pipeline.run", "cap_strings"),
                    ("axsnap_host.pipeline.run", "cap_strings_plain")],  # (+ the hash's check)
    "reply: encode + frames": [("axsnap_host.native.host", "reply_frames")],
}


class Clock:
    """CPU milliseconds per step, inclusive; a step re-entered (recursion) counts once."""

    def __init__(self) -> None:
        self.ms: dict[str, float] = defaultdict(float)
        self._open: dict[str, int] = defaultdict(int)

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            outer = self._open[name] == 0
            self._open[name] += 1
            started = time.process_time()
            try:
                result = function(*args, **kwargs)
                if name == "reply: encode + frames":  # a generator: its frames are the work
                    result = list(result)
                return result
            finally:
                self._open[name] -= 1
                if outer:
                    self.ms[name] += (time.process_time() - started) * 1000

        return timed


def _install(clock: Clock) -> None:
    for name, places in STEPS.items():
        for module_name, attribute in places:
            module = importlib.import_module(module_name)
            original = getattr(module, attribute, None)
            if original is None:
                continue  # this version of the host has no such place
            setattr(module, attribute, clock.wrap(name, original))


def _read_once(texts: list[str], cold: bool = False) -> float:
    """One read's CPU ms: its frames (the request whole, or its chunks) handed to a fresh
    Host, its reply written to /dev/null. ``cold``: the process's memos emptied first (the
    token counts' and the page texts' scrub answers), as for a page this host never read."""
    from axsnap_host.native.host import Host, send_reply
    from axsnap_host.native.protocol import FrameIO

    if cold:
        from axsnap_host.pipeline import page_memos, tokens

        page_memos.drop()
        tokens._memo.clear()
    host = Host()
    host.hold_gc = host.replies_written = True  # as serve() runs it
    with open(os.devnull, "rb") as nothing_in, open(os.devnull, "wb") as nothing_out:
        sink = FrameIO(nothing_in, nothing_out)
        started = time.process_time()
        replies = [reply for text in texts for reply in host.handle_text(text)]
        for reply in replies:
            send_reply(sink, reply)
        spent = (time.process_time() - started) * 1000
        if not all(reply.get("ok") for reply in replies):
            raise SystemExit(f"a reply failed: {replies}")
        host.release()
    return spent


def steps(paths: list[Path], runs: int, cold: bool = False) -> int:
    from axsnap_host.pipeline.tokens import warm_up

    warm_up().join()
    clock = Clock()
    _install(clock)
    for path in paths:
        text = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        _read_once(text)  # imports, the tokenizer's first pieces
        totals: list[float] = []
        per_step: dict[str, list[float]] = defaultdict(list)
        for _ in range(runs):
            clock.ms.clear()
            totals.append(_read_once(text, cold))
            for name in STEPS:
                per_step[name].append(clock.ms.get(name, 0.0))
        print(f"{path}: whole read {statistics.median(totals):.0f} ms CPU "
              f"(runs: {', '.join(f'{t:.0f}' for t in totals)})")
        for name in STEPS:
            value = statistics.median(per_step[name])
            if value >= 1:
                print(f"  {name:34s} {value:8.0f}")
        sys.stdout.flush()
    return 0


def split(path: Path) -> int:
    """One file per snapshot read of a --modes cpu recording, named as READS: the request's
    frame, or all its chunks' (a big request comes in chunks, native/chunk_deflate.py)."""
    count = 0
    pending: dict[str, list[str]] = {}  # a chunk set's id → its frames so far
    with open(path, encoding="utf-8") as frames:
        for line in frames:
            frame = json.loads(json.loads(line))
            lines = [line]
            if frame.get("type") == "chunk":
                lines = pending.setdefault(str(frame.get("id")), [])
                lines.append(line)
                if frame.get("seq") != frame.get("total", 0) - 1:
                    continue
                pending.pop(str(frame.get("id")))
                first = json.loads(json.loads(lines[0]))
                if first.get("encoding"):  # deflated: its head is not readable as text
                    raise SystemExit("a deflated request: record without deflate")
                head = str(first.get("data", ""))[:200]
            else:
                head = json.loads(line)[:200]
            if '"type":"snapshot"' not in head.replace(" ", ""):
                continue
            (path.parent / f"{READS[count]}.jsonl").write_text("".join(lines), encoding="utf-8")
            count += 1
    print(f"{count} reads:", *(path.parent / f"{name}.jsonl" for name in READS[:count]))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    cut = sub.add_parser("split")
    cut.add_argument("recording", type=Path)
    run = sub.add_parser("steps")
    run.add_argument("reads", type=Path, nargs="+")
    run.add_argument("--runs", type=int, default=3)
    run.add_argument("--cold", action="store_true",
                     help="each run as a first read: the host's memos emptied before it")
    args = parser.parse_args()
    if args.command == "split":
        return split(args.recording)
    return steps(args.reads, args.runs, args.cold)


if __name__ == "__main__":
    sys.exit(main())
