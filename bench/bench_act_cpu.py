"""CPU per act, by process (issue 32): where an act's CPU goes, and old against new by turns.

On a loaded 2-core machine an act's wall time follows the CPU it asks for, so this counts CPU,
not milliseconds: each process's user + system time (``/proc/<pid>/stat``) is read before and
after N acts of the act-pace pages (bench_act_pace.py's steps), and the difference is divided
by N. Processes are told apart by their command line: the Chromium browser process, the page's
renderer, the extension's renderer (its service worker), the GPU process, Chromium's utility
processes (network, storage), the axsnap native host (Python), chromedriver and this client.

    # one tree (this checkout): 12 blocks of 5 inbox acts
    nice .venv/bin/python bench/bench_act_cpu.py --blocks 12 --acts 5
    # this checkout and Playwright's click/fill + aria_snapshot (the peers venv), by turns
    AXSNAP_PEERS_VENV=/work/peers/venv nice .venv/bin/python bench/bench_act_cpu.py --peer
    # two trees by turns (each with its own .venv: its host and extension are the ones measured)
    nice .venv/bin/python bench/bench_act_cpu.py --blocks 20 --acts 5 \\
        --tree old=/work/wt/base --tree new=.

Each tree gets one browser, started by that tree's own Python (``<tree>/.venv/bin/python``
running this file, AXSNAP_EXTENSION_DIR its ``extension/``), kept for the whole run; the trees
then act in blocks of a few acts by turns (the first of each pair alternating), so that each
tree's blocks fall in the same minutes at the same load. The table gives each tree's CPU per
act by process over all its blocks, the spread (quartiles) of its blocks' totals, wall time
per act and the load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
TICK = os.sysconf("SC_CLK_TCK")
KINDS = ("page renderer", "browser", "extension", "host", "GPU", "utility", "chromedriver",
         "client", "driver")
PEER = "playwright"  # --peer: Playwright's acts on the same page, measured the same way


Sample = dict[int, tuple[str, int]]  # pid → (kind, CPU ticks)


def cpu_ticks(pid: int) -> int | None:
    """User + system time of ``pid`` in clock ticks (None: it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rfind(")") + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)


def kind_of(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        cmd = raw.replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "gone"
    if "axsnap_host" in cmd:
        return "host"
    if "chromedriver" in cmd.split(" ")[0]:
        return "chromedriver"
    if "--type=renderer" in cmd:
        return "extension" if "--extension-process" in cmd else "page renderer"
    if "--type=gpu-process" in cmd:
        return "GPU"
    if "--type=" in cmd:
        return "utility"
    return "browser" if "chrom" in cmd.split(" ")[0] else "other"


def sample(root: int) -> Sample:
    from axsnap_host.client.procs import descendants

    got: Sample = {}
    for pid in [root, *descendants(root)]:
        ticks = cpu_ticks(pid)
        if ticks is not None:
            got[pid] = (kind_of(pid), ticks)
    return got


def per_kind(before: Sample, after: Sample) -> dict[str, float]:
    """CPU ms by kind between two samples (a process born in between counts from zero)."""
    out: dict[str, float] = {}
    for pid, (kind, ticks) in after.items():
        start = before.get(pid, (kind, 0))[1]
        out[kind] = out.get(kind, 0.0) + (ticks - start) * 1000 / TICK
    return out


def serve_peer(page: str, warmup: int) -> None:
    """As serve, but the acts are Playwright's (bench/peers/act_cpu_worker.py over CDP, from the
    peers venv, bench_e2e.playwright_python) in a browser axsnap launched and never read: the
    page's processes counted as for axsnap, Playwright's Python as the client and its Node
    driver as the driver."""
    import tempfile

    sys.path.insert(0, str(BENCH))
    from bench_act_pace import PAGES
    from bench_e2e import playwright_python

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory
    from peers.cdp import http_base
    from peers.launch import debugger_address

    python, why = playwright_python()
    if python is None:
        raise SystemExit(f"no Playwright: {why}")
    path, make = PAGES[page]
    with tempfile.TemporaryDirectory(prefix="axsnap-act-cpu-") as tmp, \
            serve_directory(BENCH / "pages") as base, Browser() as browser:
        url = base + path
        browser.open(url)
        steps_file = Path(tmp) / "steps.json"
        steps_file.write_text(json.dumps(make(10_000)), encoding="utf-8")
        worker = subprocess.Popen(
            [str(python), str(BENCH / "peers" / "act_cpu_worker.py"), "--cdp",
             http_base(debugger_address(browser.driver)), "--url", url, "--steps", str(steps_file),
             "--warmup", str(warmup)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert worker.stdin is not None and worker.stdout is not None
        if not worker.stdout.readline().strip():
            raise SystemExit("the Playwright worker did not start")
        print(json.dumps({"ready": True}), flush=True)
        root = browser._service.process.pid

        def both() -> Sample:
            got = sample(root)
            for pid in [worker.pid, *descendants_of(worker.pid)]:
                ticks = cpu_ticks(pid)
                if ticks is not None:
                    got[pid] = ("client" if pid == worker.pid else "driver", ticks)
            return got

        try:
            for line in sys.stdin:
                n = int(line)
                s0, t0 = both(), time.perf_counter()
                worker.stdin.write(f"{n}\n")
                worker.stdin.flush()
                if not worker.stdout.readline().strip():
                    raise SystemExit("the Playwright worker stopped")
                s1, t1 = both(), time.perf_counter()
                print(json.dumps({"cpu": per_kind(s0, s1), "wall": (t1 - t0) * 1000, "acts": n,
                                  "load": os.getloadavg()[0], "phases": []}), flush=True)
        finally:
            worker.stdin.close()
            worker.wait(60)


def descendants_of(pid: int) -> list[int]:
    from axsnap_host.client.procs import descendants

    return descendants(pid)


def serve(page: str, warmup: int) -> None:
    """One fresh browser; ``warmup`` acts, then for each line read (a number n) n acts, and
    one line written: their CPU by kind and their wall time (JSON)."""
    sys.path.insert(0, str(BENCH))
    from bench_act_pace import PAGES, record_reply_timings

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    path, make = PAGES[page]
    steps = make(10_000)
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        root = browser._service.process.pid  # chromedriver: Chromium and the host are below it
        me = os.getpid()
        done = 0

        outer = record_reply_timings(browser)  # the extension's reply around the act's result
        phases: list[dict[str, Any]] = []

        def acts(n: int) -> None:
            nonlocal done
            for step in steps[done:done + n]:
                t = time.perf_counter()
                result = browser.act(step["name"], step["kind"], step.get("value"))
                if not result.ok:
                    raise SystemExit(f"act {done} failed: {result.error}")
                ended = result.readiness.ended_by if result.readiness else None
                by = result.readiness.settled_by if result.readiness else None
                phases.append({**result.timings, "kind": step["kind"],
                               "client_ms": (time.perf_counter() - t) * 1000,
                               "report_ms": outer.get("report_ms", 0),
                               "ended": f"{ended} ({by})" if by else str(ended)})
                done += 1

        acts(warmup)
        print(json.dumps({"ready": True}), flush=True)
        for line in sys.stdin:
            n = int(line)
            phases.clear()
            s0, c0, t0 = sample(root), cpu_ticks(me), time.perf_counter()
            acts(n)
            s1, c1, t1 = sample(root), cpu_ticks(me), time.perf_counter()
            kinds = per_kind(s0, s1)
            kinds["client"] = ((c1 or 0) - (c0 or 0)) * 1000 / TICK
            print(json.dumps({"cpu": kinds, "wall": (t1 - t0) * 1000, "acts": n,
                              "load": os.getloadavg()[0], "phases": phases}), flush=True)


def table(results: dict[str, list[dict[str, Any]]]) -> str:
    """Per tree: CPU ms per act by kind over all its blocks (sums / acts), the spread of the
    blocks' totals, wall ms per act, the loads."""
    kinds = [k for k in KINDS if any(k in b["cpu"] for bs in results.values() for b in bs)]
    lines = ["| tree | acts | CPU / act (ms) | blocks' spread | " + " | ".join(kinds)
             + " | wall / act (ms) | load |",
             "|---|--:|--:|---|" + "--:|" * len(kinds) + "--:|---|"]
    for tree, bs in results.items():
        acts = sum(b["acts"] for b in bs)
        if not acts:
            continue
        per_block = sorted(sum(b["cpu"].values()) / b["acts"] for b in bs)
        quart = f"{per_block[len(per_block) // 4]:.0f}-{per_block[(3 * len(per_block)) // 4]:.0f}"
        cells = [f"{sum(b['cpu'].get(k, 0.0) for b in bs) / acts:.1f}" for k in kinds]
        loads = [b["load"] for b in bs]
        lines.append(f"| {tree} | {acts} | {sum(sum(b['cpu'].values()) for b in bs) / acts:.1f} | "
                     f"{quart} | " + " | ".join(cells)
                     + f" | {sum(b['wall'] for b in bs) / acts:.0f} | "
                     f"{min(loads):.1f}-{max(loads):.1f} |")
    return "\n".join(lines)


# an act's steps in the order they run (its reply's timings; report: the host's round trip,
# client: the act as this client waited for it)
PHASES = (("start", "start_ms"), ("resolve", "resolve_ms"), ("watch", "watch_ms"),
          ("action", "action_ms"), ("of it: hit test", "hit_ms"), ("input", "input_ms"),
          ("readiness", "ready_ms"), ("capture after", "after_ms"),
          ("of it: capture", "after_capture_ms"), ("in the extension", "total_ms"),
          ("report (host)", "report_ms"), ("client", "client_ms"))


def phase_table(results: dict[str, list[dict[str, Any]]]) -> str:
    """Per tree and kind of act: the medians of each step over all its blocks' acts, and how
    readiness ended."""
    lines = ["| tree | act | " + " | ".join(name for name, _ in PHASES) + " | readiness ended by |",
             "|---|---|" + "--:|" * len(PHASES) + "---|"]
    for tree, bs in results.items():
        acts = [p for b in bs for p in b.get("phases", [])]
        for kind in sorted({p["kind"] for p in acts}):
            mine = [p for p in acts if p["kind"] == kind]
            cells = [f"{statistics.median(float(p.get(key, 0) or 0) for p in mine):.1f}"
                     for _, key in PHASES]
            ended = {e: sum(1 for p in mine if p["ended"] == e)
                     for e in sorted({p["ended"] for p in mine})}
            lines.append(f"| {tree} | {kind} ×{len(mine)} | " + " | ".join(cells) + f" | {ended} |")
    return "\n".join(lines)


def start_tree(tree: str, page: str, warmup: int) -> subprocess.Popen[str]:
    peer = tree == PEER
    root = BENCH.parent if peer else Path(tree).resolve()
    proc = subprocess.Popen(
        [str(root / ".venv" / "bin" / "python"), str(BENCH / "bench_act_cpu.py"),
         "--serve-peer" if peer else "--serve", "--page", page, "--warmup", str(warmup)],
        env={**os.environ, "AXSNAP_EXTENSION_DIR": str(root / "extension")}, cwd=root,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if not first.strip():
        raise SystemExit(f"{tree}: the browser did not start")
    return proc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=("inbox", "billing form"))
    parser.add_argument("--blocks", type=int, default=12, help="blocks per tree, by turns")
    parser.add_argument("--acts", type=int, default=5, help="acts per block")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--tree", action="append", default=[],
                        help="NAME=PATH: a checkout with its own .venv (repeat; by turns)")
    parser.add_argument("--peer", action="store_true",
                        help="Playwright's click/fill + aria_snapshot too, by turns")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-peer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.page, args.warmup)
        return 0
    if args.serve_peer:
        serve_peer(args.page, args.warmup)
        return 0
    trees = dict(t.split("=", 1) for t in args.tree) or {"this": str(BENCH.parent)}
    if args.peer:
        trees[PEER] = PEER
    procs = {name: start_tree(tree, args.page, args.warmup) for name, tree in trees.items()}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    try:
        for block in range(args.blocks):
            order = list(procs.items())
            if block % 2:
                order.reverse()  # neither tree always goes first
            for name, proc in order:
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{args.acts}\n")
                proc.stdin.flush()
                line = proc.stdout.readline()
                if not line.strip():
                    raise SystemExit(f"{name}: no answer (block {block})")
                results[name].append(json.loads(line))
            print(f"block {block}: " + ", ".join(
                f"{n} {sum(r[-1]['cpu'].values()) / r[-1]['acts']:.0f}" for n, r in results.items())
                + f" ms CPU / act, load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    finally:
        for proc in procs.values():
            if proc.stdin:
                proc.stdin.close()
            proc.wait(60)
    print(f"`bench/bench_act_cpu.py {' '.join(argv if argv is not None else sys.argv[1:])}` "
          f"({args.page}: {args.blocks} blocks of {args.acts} acts per tree, by turns, after "
          f"{args.warmup}; CPU ms per act)\n")
    print(table(results))
    print("\nSteps of an act (medians, ms; the acts' own timings):\n")
    print(phase_table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
