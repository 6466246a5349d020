"""Where one whole-page DOM text read's time goes, end to end (issue 33): the capture's
steps (the walker's injection, its walk, the ids take), the host, the transfer, and the
client's own share (the wall time past the extension's ``total_ms``: the reply's JSON from
the service worker over DevTools and its parse), with ``--worker-profile`` V8's profile of
the service worker over the read (self time by function).

    nice .venv/bin/python bench/profile_whole_read.py --pages corpus-wikipedia node-fs \\
        generated-20k generated-100k --runs 2
    nice .venv/bin/python bench/profile_whole_read.py --pages generated-100k --worker-profile
    nice .venv/bin/python bench/profile_whole_read.py --pages rust-simd rust-wrapping node-fs \\
        rust-primitive-u8 --runs 2 --mode snapshot_walk --past-walk

``--overlap``: a table of what the host could do while Chromium takes the ids (the window
past the walk, what moves, the bounds of the gain: bench/overlap_estimate.py, design note 138).

``--past-walk``: after each read's JSON line, a table row of the steps of "walker ms" past the
walk itself (design note 129): the output's JSON text, carriage and parse; the take's wait for
the records' ids; the rows' ids; the custom elements' asks of Chromium's tree; the listeners.
Each is the worker's lap (wall), with its share of what is past the walk.

The renderer's side: bench/profile_walker.py (``--extension --profile``: the tab's V8 profile
over the read; ``--isolated --profile``: the walk alone). The host's: record the read
(bench/bench_host_memory.py, the host_tap) and replay it under ``python -m cProfile``.
Results: bench/results/walk_profile.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import (  # noqa: E402
    ALL_IN_ONE_WALK_OPTIONS,
    MODES,
    NO_WAIT,
    ROOTS,
    SHORT_MODES,
)
from overlap_estimate import OVERLAP_HEAD, overlap_row  # noqa: E402
from profile_walker import page_urls  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.worker_bridge import worker_target_url  # noqa: E402

# --mode: bench_whole_page.py's short mode names, or all3_walk (all three from one walk)
READS = {**{short: MODES[name] for short, name in SHORT_MODES.items()},
         "all3_walk": ALL_IN_ONE_WALK_OPTIONS}
STEPS = ("walker_inject_ms", "walker_walk_ms", "walker_ids_ms", "walker_ids_resolved")


class Target:
    """A second DevTools socket to the service worker (the client keeps its own)."""

    def __init__(self, url: str) -> None:
        import websocket

        self.ws = websocket.create_connection(url, timeout=1800, suppress_origin=True)
        self.n = 0

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.n += 1
        self.ws.send(json.dumps({"id": self.n, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.n:
                return dict(message.get("result") or {})


def summarize(profile: dict[str, Any], top: int) -> list[str]:
    nodes = {n["id"]: n for n in profile["nodes"]}
    self_us: Counter[str] = Counter()
    for sample, delta in zip(profile.get("samples", []), profile.get("timeDeltas", []),
                             strict=False):
        frame = nodes[sample]["callFrame"]
        where = frame.get("url", "").rsplit("/", 1)[-1]
        self_us[f"{frame.get('functionName') or '(anonymous)'} {where}:"
                f"{frame.get('lineNumber', -1) + 1}"] += delta
    return [f"{us / 1000:9.0f} ms  {name}" for name, us in self_us.most_common(top)
            if not name.startswith("(idle)")]


SENT = re.compile(r"sent as (\d+) chunks \((\d+) bytes\) in ([\d.]+) ms, cpu ([\d.]+) ms")


TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, str, float]]:
    """pid -> (parent pid, what it is, CPU ms so far) of every process (/proc)."""
    found: dict[int, tuple[int, str, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            # Chromium's children write their title over argv: NULs or spaces
            args = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        found_type = re.search(r"--type=(\S+)", args)
        kind = found_type[1] if found_type else "browser"
        if kind == "renderer" and "--extension-process" in args:
            kind = "extension"  # the service worker's renderer
        if "axsnap_host" in args:
            kind = "host"
        found[int(entry.name)] = (int(fields[1]), kind, (int(fields[11]) + int(fields[12])) *
                                  TICK_MS)
    return found


def chromium_cpu(user_data_dir: Path | None) -> dict[str, float]:
    """CPU ms so far of the browser read with ``user_data_dir`` and its descendants (its
    renderers, the extension's, the native host), by kind: robust to load where wall is not."""
    table = _processes()
    roots = set()
    for pid, (_, kind, _) in table.items():
        with contextlib.suppress(OSError):
            if kind == "browser" and user_data_dir and f"--user-data-dir={user_data_dir}" in (
                    Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")):
                roots.add(pid)
    tree = set(roots)
    grown = True
    while grown:
        more = {pid for pid, (parent, _, _) in table.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    cpu: Counter[str] = Counter()
    for pid in tree:
        cpu[table[pid][1]] += table[pid][2]
    return dict(cpu)


def host_write(browser: Browser) -> dict[str, Any]:
    """The host's write of the last chunked reply: frames, wall and CPU ms (native/host.py)."""
    path = browser.host_log_path
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines() if path else []
    for line in reversed(lines):
        if (found := SENT.search(line)) is not None:
            return {"host_write_ms": float(found[3]), "host_write_cpu_ms": float(found[4]),
                    "reply_frames": int(found[1])}
    return {}


CHROMIUM_ID = re.compile(r"\d+-\d+")
TREE_ID = re.compile(r"^\s*\[(\d+-\d+)\] ", re.M)


def ids_printed(result: dict[str, Any]) -> int:
    """The distinct Chromium ids ({frame}-{backendNodeId}) a SnapshotV1 or outline reply
    prints (its nodes' ids; the outline's [id]s and XPath map's keys): the most an ids take
    that named only what a format prints would have to take (design note 77)."""
    nodes = ((result.get("snapshot") or {}).get("ax_tree") or {}).get("nodes") or []
    found = {n.get("id") for n in nodes if CHROMIUM_ID.fullmatch(str(n.get("id")))}
    found.update(TREE_ID.findall(str(result.get("combinedTree") or "")))
    found.update(k for k in result.get("combinedXpathMap") or {} if CHROMIUM_ID.fullmatch(k))
    return len(found)


PAST_WALK_HEAD = ("| page | read | load | walker ms | its walk | JSON text, carriage, parse | "
                  "records' ids | rows' ids | custom asks | listeners | past the walk |\n"
                  "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")


def past_walk_row(row: dict[str, Any]) -> str:
    """One read's steps past its walk as a table row (--past-walk): the take's lap less the
    rows' (the wait for the records' ids), the rows' lap less the custom asks', each ms and
    share of "walker ms" less the walk."""
    steps = row["steps"]
    walk = float(row.get("walker_walk_ms") or 0)
    past = float(steps.get("walker_ms") or 0) - walk
    rows = float(steps.get("walker_ids_rows_ms") or 0)
    custom = float(steps.get("walker_ids_custom_ms") or 0)
    parts = [float(row.get("walker_inject_ms") or 0) - walk,
             float(steps.get("walker_ids_take_ms") or 0) - rows, rows - custom, custom,
             float(steps.get("walker_ids_listeners_ms") or 0)]
    cells = [f"{ms:,.0f} ({100 * ms / past:.0f} %)" if past > 0 else f"{ms:,.0f}" for ms in parts]
    return (f"| {row['page']} | {row['read']} | {row['load']} | "
            f"{float(steps.get('walker_ms') or 0):,.0f} | {walk:,.0f} | {' | '.join(cells)} | "
            f"{past:,.0f} |")


def read(browser: Browser, options: dict[str, Any], worker_profile: bool,
         top: int) -> dict[str, Any]:
    target = None
    if worker_profile:
        worker = browser._worker  # the client's worker bridge: its port and extension id
        url = worker_target_url(worker.port, worker.extension_id) if worker else None
        if url:
            target = Target(url)
            target.send("Profiler.enable")
            target.send("Profiler.setSamplingInterval", {"interval": 500})
            target.send("Profiler.start")
    cpu_before = chromium_cpu(browser.user_data_dir)
    started = time.perf_counter()
    reply = browser.snapshot_raw(exact=True, **NO_WAIT, **options)
    wall = (time.perf_counter() - started) * 1000
    cpu_after = chromium_cpu(browser.user_data_dir)
    timings = reply.get("timings") or {}
    steps = timings.get("capture_steps") or {}
    row = {"wall_ms": round(wall), **{k: timings.get(k) for k in (
        "capture_ms", "host_ms", "transfer_ms", "total_ms",
        # of the transfer: the worker's send and the host's read of the request's frame;
        # of host_ms: the request's parse and intake
        "request_wire_ms", "request_send_ms", "request_read_ms",
        # the reply's way back: the host's write of its frames (its log), then the worker's
        # wait for the first frame, the frames' arrival, their join and parse
        "reply_wait_ms", "reply_frames_ms", "reply_parse_ms")},
        **host_write(browser),
        # CPU over the read (ms) of the browser process, the extension's renderer (the
        # service worker), the tab's renderers, the host; the Python client's own
        **{f"cpu_{kind}_ms": round(cpu_after.get(kind, 0) - cpu_before.get(kind, 0))
           for kind in ("browser", "extension", "renderer", "host")},
        "parse_ms": ((reply.get("result") or {}).get("timings") or {}).get("parse_ms"),
        # the host's own steps (the parse, the format's laps: overlap_estimate.py)
        "host_steps": dict((reply.get("result") or {}).get("timings") or {}),
        **{k: steps.get(k) for k in STEPS},
        # every other step the capture timed (the walker's and the worker's laps)
        "steps": {k: v for k, v in steps.items() if k not in STEPS},
        "client_ms": round(wall - float(timings.get("total_ms") or 0)),
        "request_kb": round((reply.get("sizes") or {}).get("capture_bytes", 0) / 1024),
        "reply_kb": round((reply.get("sizes") or {}).get("reply_bytes", 0) / 1024),
        "ids_printed": ids_printed(reply.get("result") or {})}
    if target is not None:
        row["worker_profile"] = summarize(target.send("Profiler.stop")["profile"], top)
        target.ws.close()
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True,
                        help="bench_whole_page.py's page names, generated-20k, generated-100k")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--worker-profile", action="store_true")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--mode", choices=sorted(READS), default="domtext")
    parser.add_argument("--past-walk", action="store_true",
                        help="a table row of the steps past the walk after each read")
    parser.add_argument("--overlap", action="store_true",
                        help="a table row of what the host could do while the ids are taken "
                             "(overlap_estimate.py, design note 138)")
    parser.add_argument("--extension", type=Path, default=None,
                        help="an unpacked extension folder to read with instead of extension/ "
                             "(another version's, for reads by turns)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        more = {"extension_dir": args.extension} if args.extension else {}
        table: list[str] = []
        overlap: list[str] = []
        with serve_directory(root) as base, Browser(timeout_s=1800, **more) as browser:
            for name, url in page_urls(base, args.pages, root):
                browser.open(url)
                for run in range(args.runs):
                    row = read(browser, READS[args.mode], args.worker_profile, args.top)
                    lines = row.pop("worker_profile", [])
                    row = {"page": name, "mode": args.mode, "read": run,
                           "load": round(os.getloadavg()[0], 1), **row}
                    print(json.dumps(row), flush=True)
                    for line in lines:
                        print("   ", line)
                    if args.past_walk:
                        table.append(past_walk_row(row))
                    if args.overlap:
                        overlap.append(overlap_row(row))
    if table:
        print("\n".join([PAST_WALK_HEAD, *table]))
    if overlap:
        print("\n".join([OVERLAP_HEAD, *overlap]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
