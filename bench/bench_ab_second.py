"""Two builds read by turns: the second whole-page read after one change, wall and CPU.

The shared machine's load swings a 20k pair by 2x from minute to minute, so two bench runs
say little about a change of 10%. This starts one browser per build (its extension folder
and its host: each build's ``host/`` goes first on the host's PYTHONPATH), opens the
generated page in both, and alternates them pair by pair: a full whole-page SnapshotV1,
one row's text changed by the page (``window.benchChange``), the whole page again (the AX
cache's read). Besides the wall times it counts the CPU of each build's whole process tree
(chromedriver, Chromium's processes, the native host) from ``/proc`` before and after each
read: on two loaded cores the wall ratio follows the CPU ratio, which moves less.

    git worktree add --detach /tmp/before <commit>
    nice .venv/bin/python bench/bench_ab_second.py --before /tmp/before --after . --runs 5
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import FULL_NEXT, NO_WAIT  # noqa: E402
from generate import write_pages  # noqa: E402

import axsnap_host.install.manifest as manifest  # noqa: E402
from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu_ms(root: int) -> float:
    """User + system CPU of ``root``'s descendants (living ones), in ms."""
    children: dict[int, list[tuple[int, int]]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks = int(fields[11]) + int(fields[12])  # utime + stime
        children.setdefault(int(fields[1]), []).append((int(name), ticks))
    total, stack = 0, [root]
    while stack:
        for pid, ticks in children.get(stack.pop(), ()):
            total += ticks
            stack.append(pid)
    return total * 1000 / TICK


def start(stack: contextlib.ExitStack, root: Path) -> Browser:
    """A browser with ``root``'s extension and a host that imports ``root``'s host package."""
    plain = manifest.wrapper_text

    def wrapper(python: str, log_file: Path | None, windows: bool) -> str:
        return plain(python, log_file, windows).replace(
            "exec ", f"PYTHONPATH={root.resolve() / 'host'} exec ", 1)

    manifest.wrapper_text = wrapper
    try:
        return stack.enter_context(Browser(extension_dir=root / "extension"))
    finally:
        manifest.wrapper_text = plain


def timed_read(browser: Browser) -> tuple[float, float, dict[str, Any]]:
    """(wall ms, CPU ms of the build's process tree, reply) of one whole-page SnapshotV1."""
    root = browser._service.process.pid  # chromedriver: Chromium and the host are below it
    cpu = tree_cpu_ms(root)
    started = time.perf_counter()
    reply = browser.snapshot_raw(format="snapshot", scope="page", **NO_WAIT)
    return (time.perf_counter() - started) * 1000, tree_cpu_ms(root) - cpu, reply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="a checkout (worktree)")
    parser.add_argument("--after", type=Path, required=True, help="a checkout (worktree)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=20000)
    args = parser.parse_args()
    builds = {"before": args.before, "after": args.after}
    res: dict[str, dict[str, list[float]]] = {
        k: {"first": [], "second": [], "first_cpu": [], "second_cpu": []} for k in builds}
    with tempfile.TemporaryDirectory() as tmp:
        page = write_pages(Path(tmp), [args.size])[args.size]
        with serve_directory(Path(tmp)) as base, contextlib.ExitStack() as stack:
            browsers = {k: start(stack, root) for k, root in builds.items()}
            for browser in browsers.values():
                browser.open(base + page.name)
                timed_read(browser)  # the renderer's AX warm-up
            change = 0
            for i in range(args.runs):
                for key in list(builds) if i % 2 == 0 else list(builds)[::-1]:
                    browser = browsers[key]
                    change += 1
                    browser.run_in_target(FULL_NEXT)
                    first, first_cpu, _ = timed_read(browser)
                    browser.run_in_target(f"window.benchChange({change})")
                    second, second_cpu, reply = timed_read(browser)
                    if f"Item {change} (changed)" not in json.dumps(reply["result"]["snapshot"]):
                        raise SystemExit("the second read does not show the page's change")
                    for name, value in (("first", first), ("second", second),
                                        ("first_cpu", first_cpu), ("second_cpu", second_cpu)):
                        res[key][name].append(value)
                    print(f"{key}: first {first:.0f} ms ({first_cpu:.0f} CPU), second "
                          f"{second:.0f} ms ({second_cpu:.0f} CPU), load "
                          f"{os.getloadavg()[0]:.1f}", flush=True)
    print("| build | first ms | second ms | ratio | first CPU ms | second CPU ms | CPU ratio |\n"
          "|---|--:|--:|--:|--:|--:|--:|")
    for key, got in res.items():
        med = {name: statistics.median(values) for name, values in got.items()}
        print(f"| {key} | {med['first']:.0f} | {med['second']:.0f} | "
              f"{med['second'] / med['first']:.3f} | {med['first_cpu']:.0f} | "
              f"{med['second_cpu']:.0f} | {med['second_cpu'] / med['first_cpu']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
